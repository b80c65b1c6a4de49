// Gradients of cross_entropy and mse against central finite differences of the
// compiled forward function (remat-run --check-gradients, f32 throughout:
// per argument, 4 random directions and 8 sampled coordinates, step 1e-2
// unless stated; pass when the directional and elementwise relative errors
// are <= 1e-2, docs/pipelines.md says how they are measured).
// RUN: remat-opt %s -remat-autodiff="functions=cross_entropy" | remat-run --entry=cross_entropy_grad --check-gradients | FileCheck %s --check-prefix=CROSS_ENTROPY
// RUN: remat-opt %s -remat-autodiff="functions=cross_entropy_3d" | remat-run --entry=cross_entropy_3d_grad --check-gradients | FileCheck %s --check-prefix=CROSS_ENTROPY_3D
// RUN: remat-opt %s -remat-autodiff="functions=mse" | remat-run --entry=mse_grad --check-gradients | FileCheck %s --check-prefix=MSE

// CROSS_ENTROPY-NOT: FAIL
// CROSS_ENTROPY: gradient check @cross_entropy_grad wrt {{[0-9]+}}: PASSED
// CROSS_ENTROPY-NOT: FAIL
func.func @cross_entropy(%logits: tensor<6x5xf32>, %labels: tensor<6xi32>) -> tensor<f32> {
  %l = remat.cross_entropy %logits, %labels : tensor<6x5xf32>, tensor<6xi32> -> tensor<f32>
  return %l : tensor<f32>
}

// CROSS_ENTROPY_3D-NOT: FAIL
// CROSS_ENTROPY_3D: gradient check @cross_entropy_3d_grad wrt {{[0-9]+}}: PASSED
// CROSS_ENTROPY_3D-NOT: FAIL
func.func @cross_entropy_3d(%logits: tensor<2x3x5xf32>, %labels: tensor<2x3xi64>) -> tensor<f32> {
  %l = remat.cross_entropy %logits, %labels : tensor<2x3x5xf32>, tensor<2x3xi64> -> tensor<f32>
  return %l : tensor<f32>
}

// MSE-NOT: FAIL
// MSE: gradient check @mse_grad wrt {{[0-9]+}}: PASSED
// MSE-NOT: FAIL
func.func @mse(%p: tensor<4x5xf32>, %t: tensor<4x5xf32>) -> tensor<f32> {
  %l = remat.mse %p, %t : tensor<4x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}
