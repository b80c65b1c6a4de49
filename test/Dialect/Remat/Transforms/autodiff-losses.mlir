// The backward ops of the loss ops' gradient rules (autodiff.mlir has the
// others). Here the loss op's result is the function's loss itself, so its
// cotangent is the seed constant (or, after another op, that op's VJP).
// Numerics are checked by running the code: test/Integration/CPU/autodiff.
// RUN: remat-opt %s -remat-autodiff | FileCheck %s
// RUN: remat-opt %s -remat-autodiff="functions=mse wrt=0" | FileCheck %s --check-prefix=WRT0
// RUN: remat-opt %s -remat-autodiff="functions=mse wrt=1" | FileCheck %s --check-prefix=WRT1

// The fused cross_entropy_grad reads the seed, the logits and the labels; the
// integer labels get no gradient (not in the default wrt, no result for them).
// CHECK-LABEL: func.func @cross_entropy_grad(
// CHECK-SAME: -> (tensor<f32>, tensor<4x10xf32>) attributes {remat.primal = @cross_entropy, remat.wrt = array<i64: 0>}
// CHECK: %[[L:.*]] = remat.cross_entropy %arg0, %arg1 {remat.fwd_id = 0 : i64}
// CHECK: %[[SEED:.*]] = remat.constant dense<1.000000e+00> : tensor<f32>
// CHECK: %[[DL:.*]] = remat.cross_entropy_grad %[[SEED]], %arg0, %arg1 {remat.vjp_of = 0 : i64} : tensor<f32>, tensor<4x10xf32>, tensor<4xi32>
// CHECK: return %[[L]], %[[DL]] : tensor<f32>, tensor<4x10xf32>
func.func @cross_entropy(%l: tensor<4x10xf32>, %y: tensor<4xi32>) -> tensor<f32> {
  %0 = remat.cross_entropy %l, %y : tensor<4x10xf32>, tensor<4xi32> -> tensor<f32>
  return %0 : tensor<f32>
}

// A cross_entropy that is not the last op: its cotangent is the one the exp
// rule produced, not the seed. Rank-3 logits: labels drop the class dim.
// CHECK-LABEL: func.func @cross_entropy_exp_grad(
// CHECK: %[[CE:.*]] = remat.cross_entropy %arg0, %arg1 {remat.fwd_id = 0 : i64}
// CHECK: %[[E:.*]] = remat.exp %[[CE]] {remat.fwd_id = 1 : i64}
// CHECK: %[[G:.*]] = remat.mul %{{.*}}, %[[E]] {remat.vjp_of = 1 : i64} : tensor<f32>
// CHECK: %[[DL:.*]] = remat.cross_entropy_grad %[[G]], %arg0, %arg1 {remat.vjp_of = 0 : i64} : tensor<f32>, tensor<2x3x5xf32>, tensor<2x3xi32>
// CHECK: return %[[E]], %[[DL]] :
func.func @cross_entropy_exp(%l: tensor<2x3x5xf32>, %y: tensor<2x3xi32>) -> tensor<f32> {
  %0 = remat.cross_entropy %l, %y : tensor<2x3x5xf32>, tensor<2x3xi32> -> tensor<f32>
  %1 = remat.exp %0 : tensor<f32>
  return %1 : tensor<f32>
}

// d mean((p - t)^2) = 2 (p - t) g / n with n = 32 (factor 1/16), and its
// negation for the target: no fused op, a composition of remat ops.
// CHECK-LABEL: func.func @mse_grad(
// CHECK-SAME: -> (tensor<f32>, tensor<4x8xf32>, tensor<4x8xf32>) attributes {remat.primal = @mse, remat.wrt = array<i64: 0, 1>}
// CHECK: %[[L:.*]] = remat.mse %arg0, %arg1 {remat.fwd_id = 0 : i64}
// CHECK: %[[SEED:.*]] = remat.constant dense<1.000000e+00> : tensor<f32>
// CHECK: %[[D:.*]] = remat.sub %arg0, %arg1 {remat.vjp_of = 0 : i64} : tensor<4x8xf32>
// CHECK: %[[GB:.*]] = remat.broadcast %[[SEED]] dims [] {remat.vjp_of = 0 : i64} : tensor<f32> -> tensor<4x8xf32>
// CHECK: %[[M:.*]] = remat.mul %[[D]], %[[GB]] {remat.vjp_of = 0 : i64}
// CHECK: %[[DP:.*]] = remat.scale %[[M]], 6.250000e-02 {remat.vjp_of = 0 : i64}
// CHECK: %[[DT:.*]] = remat.neg %[[DP]] {remat.vjp_of = 0 : i64}
// CHECK: return %[[L]], %[[DP]], %[[DT]] :

// Only the prediction: the target's negation is not kept.
// WRT0-LABEL: func.func @mse_grad(
// WRT0-SAME: -> (tensor<f32>, tensor<4x8xf32>)
// WRT0: %[[DP:.*]] = remat.scale %{{.*}}, 6.250000e-02 {remat.vjp_of = 0 : i64}
// WRT0-NOT: remat.neg
// WRT0: return %{{.*}}, %[[DP]] :

// Only the target: its gradient is the negated prediction gradient.
// WRT1-LABEL: func.func @mse_grad(
// WRT1-SAME: remat.wrt = array<i64: 1>
// WRT1: %[[DP:.*]] = remat.scale %{{.*}}, 6.250000e-02 {remat.vjp_of = 0 : i64}
// WRT1: %[[DT:.*]] = remat.neg %[[DP]] {remat.vjp_of = 0 : i64}
// WRT1: return %{{.*}}, %[[DT]] :
func.func @mse(%p: tensor<4x8xf32>, %t: tensor<4x8xf32>) -> tensor<f32> {
  %0 = remat.mse %p, %t : tensor<4x8xf32> -> tensor<f32>
  return %0 : tensor<f32>
}
