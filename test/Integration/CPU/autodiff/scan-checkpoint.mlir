// A checkpoint region inside a scan body, under every remat mode of the
// scan: the gradients are bitwise those of mode full, pass finite
// differences, and the planned step measures within 5% of its plan. Under
// none, the region is re-run in the backward (its insides are not stacked)
// and what the VJP reads of the rest of the layer is stacked.
// RUN: sed "s/MODE/full/" %s | remat-opt -remat-autodiff="wrt=1" | remat-run - --entry=f_grad --print=0 --save-outputs=%t.full | FileCheck %s --check-prefix=REF
// RUN: for m in none offload nested "nested 3"; do \
// RUN:   sed "s/MODE/$m/" %s | remat-opt -remat-autodiff="wrt=1" > %t.mlir; \
// RUN:   echo "mode $m"; \
// RUN:   remat-run %t.mlir --entry=f_grad --print=0 --expect-outputs=%t.full; \
// RUN:   remat-run %t.mlir --entry=f_grad --print=0 --check-gradients; \
// RUN:   remat-opt %t.mlir -remat-rematerialize="budget=100% functions=f_grad" | remat-run - --entry=f_grad --print=0 --check-memory=0.05; \
// RUN: done | FileCheck %s
// REF: @f_grad
// CHECK-LABEL: mode none
// CHECK-COUNT-2: PASS output {{[01]}} is bitwise identical
// CHECK: gradient check @f_grad wrt 1: PASSED
// CHECK: PASS memory
// CHECK-LABEL: mode offload
// CHECK-COUNT-2: PASS output {{[01]}} is bitwise identical
// CHECK: gradient check @f_grad wrt 1: PASSED
// CHECK: PASS memory
// CHECK-LABEL: mode nested
// CHECK-COUNT-2: PASS output {{[01]}} is bitwise identical
// CHECK: gradient check @f_grad wrt 1: PASSED
// CHECK: PASS memory
// CHECK-LABEL: mode nested 3
// CHECK-COUNT-2: PASS output {{[01]}} is bitwise identical
// CHECK: gradient check @f_grad wrt 1: PASSED
// CHECK: PASS memory
// CHECK-NOT: FAIL
func.func @f(%x: tensor<8x16xf32>, %ws: tensor<4x16x16xf32>) -> tensor<f32> {
  %h = remat.scan mode <MODE> (%c = %x : tensor<8x16xf32>) over (%w = %ws : tensor<4x16x16xf32>) -> (tensor<8x16xf32>) {
    %y = remat.checkpoint policy <dots_saveable> -> tensor<8x16xf32> {
      %m = remat.matmul %c, %w : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
      %q = remat.scale %m, 0.25 : tensor<8x16xf32>
      %t = remat.tanh %q : tensor<8x16xf32>
      remat.yield %t : tensor<8x16xf32>
    }
    %e = remat.sigmoid %y : tensor<8x16xf32>
    remat.yield %e : tensor<8x16xf32>
  }
  %l = remat.reduce_sum %h dims [0, 1] : tensor<8x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}
