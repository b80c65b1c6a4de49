// Checkpoint regions and names survive autodiff: the region keeps its
// forward ops and yields the values its backward reads (its residuals), and
// its policy then decides, in remat-rematerialize, which of them are kept.
// RUN: remat-opt %s -remat-autodiff | FileCheck %s
// RUN: remat-opt %s -remat-autodiff -remat-rematerialize="functions=f_grad analysis-only" | FileCheck %s --check-prefix=POLICY

// CHECK-LABEL: func.func @f_grad
// CHECK: %[[R:.*]]:3 = remat.checkpoint policy <save_only_these_names ["h"]> -> tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32> {
// CHECK:   %[[H:.*]] = remat.matmul {{.*}}{remat.fwd_id = 0 : i64}
// CHECK:   %[[N:.*]] = remat.name %[[H]] as "h"
// CHECK:   %[[T:.*]] = remat.relu %[[N]] {remat.fwd_id = 2 : i64}
// CHECK:   %[[U:.*]] = remat.tanh %[[T]] {remat.fwd_id = 3 : i64}
// CHECK:   remat.yield %[[U]], %[[T]], %[[U]] :
// CHECK: }
// The backward reads the residuals through the region's results.
// CHECK: remat.mul %[[R]]#2, %[[R]]#2 {remat.vjp_of = 3 : i64}
// CHECK: remat.relu_grad %{{.*}}, %[[R]]#1 {remat.vjp_of = 2 : i64}

// Under save_only_these_names ["h"], the named matmul is kept for the
// backward, and relu's and tanh's outputs are recomputed from it.
// POLICY-LABEL: func.func @f_grad
// POLICY: remat.matmul {{.*}}remat.decision = "keep"
// POLICY: remat.relu {{.*}}remat.decision = "recompute"
// POLICY: remat.tanh {{.*}}remat.decision = "recompute"
func.func @f(%x: tensor<8x8xf32>, %w: tensor<8x8xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <save_only_these_names ["h"]> -> tensor<8x8xf32> {
    %h = remat.matmul %x, %w : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
    %n = remat.name %h as "h" : tensor<8x8xf32>
    %t = remat.relu %n : tensor<8x8xf32>
    %u = remat.tanh %t : tensor<8x8xf32>
    remat.yield %u : tensor<8x8xf32>
  }
  %e = remat.exp %y : tensor<8x8xf32>
  %l = remat.reduce_sum %e dims [0, 1] : tensor<8x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}
