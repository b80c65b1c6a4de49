// Gradients of layer_norm and batch_norm (training) against central finite differences of the
// compiled forward function (remat-run --check-gradients, f32 throughout:
// per argument, 4 random directions and 8 sampled coordinates, step 1e-2
// unless stated; pass when the directional and elementwise relative errors
// are <= 1e-2, docs/pipelines.md says how they are measured).
// RUN: remat-opt %s -remat-autodiff="functions=layer_norm" | remat-run --entry=layer_norm_grad --check-gradients | FileCheck %s --check-prefix=LAYER_NORM
// RUN: remat-opt %s -remat-autodiff="functions=layer_norm_affine" | remat-run --entry=layer_norm_affine_grad --check-gradients | FileCheck %s --check-prefix=LAYER_NORM_AFFINE
// RUN: remat-opt %s -remat-autodiff="functions=batch_norm" | remat-run --entry=batch_norm_grad --check-gradients | FileCheck %s --check-prefix=BATCH_NORM

// LAYER_NORM-NOT: FAIL
// LAYER_NORM: gradient check @layer_norm_grad wrt {{[0-9]+}}: PASSED
// LAYER_NORM-NOT: FAIL
func.func @layer_norm(%x: tensor<3x8xf32>, %r: tensor<3x8xf32>) -> tensor<f32> {
  %y = remat.layer_norm %x axes [1] eps 1.0e-05 : tensor<3x8xf32>
  %ly = remat.mul %y, %r : tensor<3x8xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<3x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// LAYER_NORM_AFFINE-NOT: FAIL
// LAYER_NORM_AFFINE: gradient check @layer_norm_affine_grad wrt {{[0-9]+}}: PASSED
// LAYER_NORM_AFFINE-NOT: FAIL
func.func @layer_norm_affine(%x: tensor<2x3x8xf32>, %g: tensor<3x8xf32>, %b: tensor<3x8xf32>, %r: tensor<2x3x8xf32>) -> tensor<f32> {
  %y = remat.layer_norm %x weight %g : tensor<3x8xf32> bias %b : tensor<3x8xf32> axes [1, 2] eps 1.0e-05 : tensor<2x3x8xf32>
  %ly = remat.mul %y, %r : tensor<2x3x8xf32>
  %l = remat.reduce_sum %ly dims [0, 1, 2] : tensor<2x3x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// BATCH_NORM-NOT: FAIL
// BATCH_NORM: gradient check @batch_norm_grad wrt {{[0-9]+}}: PASSED
// BATCH_NORM-NOT: FAIL
func.func @batch_norm(%x: tensor<4x3x2x2xf32>, %g: tensor<3xf32>, %b: tensor<3xf32>, %r: tensor<4x3x2x2xf32>) -> tensor<f32> {
  %y, %m, %v = remat.batch_norm %x, %g, %b eps 1.0e-05 : tensor<4x3x2x2xf32>, tensor<3xf32>, tensor<3xf32>
  %ly = remat.mul %y, %r : tensor<4x3x2x2xf32>
  %l = remat.reduce_sum %ly dims [0, 1, 2, 3] : tensor<4x3x2x2xf32> -> tensor<f32>
  return %l : tensor<f32>
}
