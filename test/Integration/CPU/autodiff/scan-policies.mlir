// Checkpoint policies inside a scan body under mode none (what each stacks:
// test/Dialect/Remat/Transforms/autodiff-scan-policies.mlir): every policy
// gives bitwise the loss and gradient of mode full (which re-runs the whole
// layer), passes finite differences, and the planned step measures its
// plan to the byte; the offloading policies use host memory. What is saved
// shows in the plan: nothing_saveable and everything_saveable plan
// different peaks.
// RUN: sed 's/MODE/full/; s/POLICY/nothing_saveable/' %s | remat-opt -remat-autodiff=wrt=1 | remat-run - --entry=f_grad --print=0 --save-outputs=%t.full | FileCheck %s --check-prefix=REF
// RUN: for p in nothing_saveable everything_saveable dots_saveable 'save_only_these_names ["act"]' 'save_any_names_but_these ["act"]' 'save_and_offload_only_these_names save ["pre"] offload ["act"]' offload_dot_with_no_batch_dims; do \
// RUN:   sed "s/MODE/none/; s/POLICY/$p/" %s | remat-opt -remat-autodiff=wrt=1 > %t.mlir; \
// RUN:   echo "policy $p"; \
// RUN:   remat-run %t.mlir --entry=f_grad --print=0 --expect-outputs=%t.full; \
// RUN:   remat-run %t.mlir --entry=f_grad --print=0 --check-gradients --fd-epsilon=3e-3; \
// RUN:   remat-opt %t.mlir -remat-rematerialize="budget=100% functions=f_grad" | remat-run - --entry=f_grad --print=0 --check-memory=0; \
// RUN: done | FileCheck %s
// REF: @f_grad
// CHECK-LABEL: policy nothing_saveable
// CHECK-COUNT-2: PASS output {{[01]}} is bitwise identical
// CHECK: gradient check @f_grad wrt 1: PASSED
// CHECK: host peak 0 B (planned 0 B); planned peak [[NOTHING:[0-9]+]] B
// CHECK: PASS memory
// CHECK-LABEL: policy everything_saveable
// CHECK-COUNT-2: PASS output {{[01]}} is bitwise identical
// CHECK: gradient check @f_grad wrt 1: PASSED
// CHECK-NOT: planned peak [[NOTHING]] B
// CHECK: PASS memory
// CHECK-LABEL: policy dots_saveable
// CHECK-COUNT-2: PASS output {{[01]}} is bitwise identical
// CHECK: gradient check @f_grad wrt 1: PASSED
// CHECK: PASS memory
// CHECK-LABEL: policy save_only_these_names ["act"]
// CHECK-COUNT-2: PASS output {{[01]}} is bitwise identical
// CHECK: gradient check @f_grad wrt 1: PASSED
// CHECK: PASS memory
// CHECK-LABEL: policy save_any_names_but_these ["act"]
// CHECK-COUNT-2: PASS output {{[01]}} is bitwise identical
// CHECK: gradient check @f_grad wrt 1: PASSED
// CHECK: PASS memory
// CHECK-LABEL: policy save_and_offload_only_these_names
// CHECK-COUNT-2: PASS output {{[01]}} is bitwise identical
// CHECK: gradient check @f_grad wrt 1: PASSED
// CHECK: host peak {{[1-9][0-9]*}} B
// CHECK: PASS memory
// CHECK-LABEL: policy offload_dot_with_no_batch_dims
// CHECK-COUNT-2: PASS output {{[01]}} is bitwise identical
// CHECK: gradient check @f_grad wrt 1: PASSED
// CHECK: host peak {{[1-9][0-9]*}} B
// CHECK: PASS memory
// CHECK-NOT: FAIL
func.func @f(%x: tensor<8x16xf32>, %ws: tensor<4x16x16xf32>) -> tensor<f32> {
  %h = remat.scan mode <MODE> (%c = %x : tensor<8x16xf32>) over (%w = %ws : tensor<4x16x16xf32>) -> (tensor<8x16xf32>) {
    %y = remat.checkpoint policy <POLICY> -> tensor<8x16xf32> {
      %m = remat.matmul %c, %w : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
      %mn = remat.name %m as "pre" : tensor<8x16xf32>
      %q = remat.scale %mn, 0.25 : tensor<8x16xf32>
      %t = remat.tanh %q : tensor<8x16xf32>
      %tn = remat.name %t as "act" : tensor<8x16xf32>
      %u = remat.mul %tn, %tn : tensor<8x16xf32>
      remat.yield %u : tensor<8x16xf32>
    }
    %e = remat.sigmoid %y : tensor<8x16xf32>
    remat.yield %e : tensor<8x16xf32>
  }
  %l = remat.reduce_sum %h dims [0, 1] : tensor<8x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}
