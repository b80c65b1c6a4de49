// A policy name that tags nothing is warned about once, by the planner:
// not by remat-autodiff, which copies @f (checkpoint and policy) into
// @f_grad, and not for @f, which has no backward pass for the policy to
// decide anything in; planning @f_grad warns, and the plan is made.
// RUN: remat-opt %s -remat-autodiff -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE --allow-empty
// RUN: remat-opt %s -remat-rematerialize -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE --allow-empty
// RUN: remat-opt %s -remat-autodiff -remat-rematerialize="analysis-only" 2>&1 | FileCheck %s

// NONE-NOT: warning

// CHECK-COUNT-1: policies-unmatched-names-once.mlir:[[@LINE+5]]:{{[0-9]+}}: warning: remat-rematerialize: checkpoint policy save_only_these_names names 'l2_pr', which no remat.name in this region tags; did you mean 'l2_pre'?
// CHECK-NOT:     warning:
// CHECK-LABEL:   func.func @f_grad
// CHECK-SAME:    remat.planned_peak
func.func @f(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <save_only_these_names ["l2_pr"]> -> tensor<16x16xf32> {
    %m = remat.matmul %x, %w : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %mn = remat.name %m as "l2_pre" : tensor<16x16xf32>
    %g = remat.gelu %mn tanh : tensor<16x16xf32>
    remat.yield %g : tensor<16x16xf32>
  }
  %l = remat.reduce_sum %y dims [0, 1] : tensor<16x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}
