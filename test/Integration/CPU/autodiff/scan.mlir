// remat-autodiff through remat.scan: the backward is a reverse scan that
// re-runs each layer from its stacked carry and stacks the parameter
// gradients. Gradients are checked against finite differences, and the loss
// and gradients are bitwise those of the same stack written out layer by
// layer. The planned step's measured peak is within 5% of the plan.
// RUN: split-file %s %t
// RUN: remat-opt %t/unrolled.mlir -remat-autodiff | remat-run - --entry=stack_grad --print=0 --save-outputs=%t/unrolled | FileCheck %s --check-prefix=RUN1
// RUN: remat-opt %t/scan.mlir -remat-autodiff | remat-run - --entry=stack_grad --print=0 --check-gradients | FileCheck %s --check-prefix=GRAD
// RUN: remat-opt %t/scan.mlir -remat-autodiff | remat-run - --entry=stack_grad --print=0 --expect-outputs=%t/unrolled | FileCheck %s
// RUN: remat-opt %t/scan.mlir -remat-autodiff -remat-rematerialize="budget=100% functions=stack_grad" | remat-run - --entry=stack_grad --print=0 --check-memory=0.05 | FileCheck %s --check-prefix=MEM

// RUN1: @stack_grad
// GRAD-COUNT-3: gradient check @stack_grad wrt {{[0-2]}}: PASSED
// CHECK: PASS output 0 is bitwise identical
// CHECK: PASS output 1 is bitwise identical
// CHECK: PASS output 2 is bitwise identical
// CHECK: PASS output 3 is bitwise identical
// CHECK-NOT: FAIL
// MEM: PASS memory

// Every remat mode computes the same loss and gradients, bitwise: none (the
// forward stacks what each layer's VJP reads), offload (the carries are
// stacked in host memory and reloaded), nested with blocks dividing the 4
// layers (2, and the default, 2) and not (3: a block of 3 then a scan over
// the last layer), and nested 1 and 4. Each is checked against finite
// differences and its planned step's measured peak against the plan. So
// are revolve with 1, 2 (the default) and 3 slots.
// RUN: for m in none offload nested "nested 3" "nested 1" "nested 4" "revolve 1" revolve "revolve 3"; do \
// RUN:   sed "s/mode <full>/mode <$m>/" %t/scan.mlir | remat-opt -remat-autodiff > %t/mode.mlir; \
// RUN:   echo "mode $m"; \
// RUN:   remat-run %t/mode.mlir --entry=stack_grad --print=0 --expect-outputs=%t/unrolled; \
// RUN:   remat-run %t/mode.mlir --entry=stack_grad --print=0 --check-gradients; \
// RUN:   remat-opt %t/mode.mlir -remat-rematerialize="budget=100% functions=stack_grad" | remat-run - --entry=stack_grad --print=0 --check-memory=0.05; \
// RUN: done | FileCheck %s --check-prefix=MODES
// MODES-LABEL: mode none
// MODES-COUNT-4: PASS output {{[0-3]}} is bitwise identical
// MODES-COUNT-3: gradient check @stack_grad wrt {{[0-2]}}: PASSED
// MODES: PASS memory
// MODES-LABEL: mode offload
// MODES-COUNT-4: PASS output {{[0-3]}} is bitwise identical
// MODES-COUNT-3: gradient check @stack_grad wrt {{[0-2]}}: PASSED
// MODES: host peak {{[1-9][0-9]*}} B
// MODES: PASS memory
// MODES-LABEL: mode nested
// MODES-COUNT-4: PASS output {{[0-3]}} is bitwise identical
// MODES-COUNT-3: gradient check @stack_grad wrt {{[0-2]}}: PASSED
// MODES: PASS memory
// MODES-LABEL: mode nested 3
// MODES-COUNT-4: PASS output {{[0-3]}} is bitwise identical
// MODES-COUNT-3: gradient check @stack_grad wrt {{[0-2]}}: PASSED
// MODES: PASS memory
// MODES-LABEL: mode nested 1
// MODES-COUNT-4: PASS output {{[0-3]}} is bitwise identical
// MODES-COUNT-3: gradient check @stack_grad wrt {{[0-2]}}: PASSED
// MODES: PASS memory
// MODES-LABEL: mode nested 4
// MODES-COUNT-4: PASS output {{[0-3]}} is bitwise identical
// MODES-COUNT-3: gradient check @stack_grad wrt {{[0-2]}}: PASSED
// MODES: PASS memory
// MODES-LABEL: mode revolve 1
// MODES-COUNT-4: PASS output {{[0-3]}} is bitwise identical
// MODES-COUNT-3: gradient check @stack_grad wrt {{[0-2]}}: PASSED
// MODES: PASS memory
// MODES-LABEL: mode revolve
// MODES-COUNT-4: PASS output {{[0-3]}} is bitwise identical
// MODES-COUNT-3: gradient check @stack_grad wrt {{[0-2]}}: PASSED
// MODES: PASS memory
// MODES-LABEL: mode revolve 3
// MODES-COUNT-4: PASS output {{[0-3]}} is bitwise identical
// MODES-COUNT-3: gradient check @stack_grad wrt {{[0-2]}}: PASSED
// MODES: PASS memory
// MODES-NOT: FAIL

//--- scan.mlir
func.func @stack(%x: tensor<8x16xf32>, %ws: tensor<4x16x16xf32>, %bs: tensor<4x16xf32>) -> tensor<f32> {
  %h = remat.scan mode <full> (%c = %x : tensor<8x16xf32>) over (%w = %ws : tensor<4x16x16xf32>, %b = %bs : tensor<4x16xf32>) -> (tensor<8x16xf32>) {
    %m = remat.matmul %c, %w : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
    %s = remat.scale %m, 0.25 : tensor<8x16xf32>
    %bb = remat.broadcast %b dims [1] : tensor<16xf32> -> tensor<8x16xf32>
    %a = remat.add %s, %bb : tensor<8x16xf32>
    %t = remat.tanh %a : tensor<8x16xf32>
    remat.yield %t : tensor<8x16xf32>
  }
  %sq = remat.mul %h, %h : tensor<8x16xf32>
  %l = remat.reduce_sum %sq dims [0, 1] : tensor<8x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

//--- unrolled.mlir
func.func @stack(%x: tensor<8x16xf32>, %ws: tensor<4x16x16xf32>, %bs: tensor<4x16xf32>) -> tensor<f32> {
  %ws0 = remat.slice %ws start [0, 0, 0] limit [1, 16, 16] : tensor<4x16x16xf32> -> tensor<1x16x16xf32>
  %w0 = remat.reshape %ws0 : tensor<1x16x16xf32> -> tensor<16x16xf32>
  %bs0 = remat.slice %bs start [0, 0] limit [1, 16] : tensor<4x16xf32> -> tensor<1x16xf32>
  %b0 = remat.reshape %bs0 : tensor<1x16xf32> -> tensor<16xf32>
  %m0 = remat.matmul %x, %w0 : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %s0 = remat.scale %m0, 0.25 : tensor<8x16xf32>
  %bb0 = remat.broadcast %b0 dims [1] : tensor<16xf32> -> tensor<8x16xf32>
  %a0 = remat.add %s0, %bb0 : tensor<8x16xf32>
  %t0 = remat.tanh %a0 : tensor<8x16xf32>
  %ws1 = remat.slice %ws start [1, 0, 0] limit [2, 16, 16] : tensor<4x16x16xf32> -> tensor<1x16x16xf32>
  %w1 = remat.reshape %ws1 : tensor<1x16x16xf32> -> tensor<16x16xf32>
  %bs1 = remat.slice %bs start [1, 0] limit [2, 16] : tensor<4x16xf32> -> tensor<1x16xf32>
  %b1 = remat.reshape %bs1 : tensor<1x16xf32> -> tensor<16xf32>
  %m1 = remat.matmul %t0, %w1 : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %s1 = remat.scale %m1, 0.25 : tensor<8x16xf32>
  %bb1 = remat.broadcast %b1 dims [1] : tensor<16xf32> -> tensor<8x16xf32>
  %a1 = remat.add %s1, %bb1 : tensor<8x16xf32>
  %t1 = remat.tanh %a1 : tensor<8x16xf32>
  %ws2 = remat.slice %ws start [2, 0, 0] limit [3, 16, 16] : tensor<4x16x16xf32> -> tensor<1x16x16xf32>
  %w2 = remat.reshape %ws2 : tensor<1x16x16xf32> -> tensor<16x16xf32>
  %bs2 = remat.slice %bs start [2, 0] limit [3, 16] : tensor<4x16xf32> -> tensor<1x16xf32>
  %b2 = remat.reshape %bs2 : tensor<1x16xf32> -> tensor<16xf32>
  %m2 = remat.matmul %t1, %w2 : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %s2 = remat.scale %m2, 0.25 : tensor<8x16xf32>
  %bb2 = remat.broadcast %b2 dims [1] : tensor<16xf32> -> tensor<8x16xf32>
  %a2 = remat.add %s2, %bb2 : tensor<8x16xf32>
  %t2 = remat.tanh %a2 : tensor<8x16xf32>
  %ws3 = remat.slice %ws start [3, 0, 0] limit [4, 16, 16] : tensor<4x16x16xf32> -> tensor<1x16x16xf32>
  %w3 = remat.reshape %ws3 : tensor<1x16x16xf32> -> tensor<16x16xf32>
  %bs3 = remat.slice %bs start [3, 0] limit [4, 16] : tensor<4x16xf32> -> tensor<1x16xf32>
  %b3 = remat.reshape %bs3 : tensor<1x16xf32> -> tensor<16xf32>
  %m3 = remat.matmul %t2, %w3 : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %s3 = remat.scale %m3, 0.25 : tensor<8x16xf32>
  %bb3 = remat.broadcast %b3 dims [1] : tensor<16xf32> -> tensor<8x16xf32>
  %a3 = remat.add %s3, %bb3 : tensor<8x16xf32>
  %t3 = remat.tanh %a3 : tensor<8x16xf32>
  %sq = remat.mul %t3, %t3 : tensor<8x16xf32>
  %l = remat.reduce_sum %sq dims [0, 1] : tensor<8x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}
