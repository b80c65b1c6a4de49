// Gradients of Broadcast, reductions and softmax against central finite differences of the
// compiled forward function (remat-run --check-gradients, f32 throughout:
// per argument, 4 random directions and 8 sampled coordinates, step 1e-2
// unless stated; pass when the directional and elementwise relative errors
// are <= 1e-2, docs/pipelines.md says how they are measured).
// RUN: remat-opt %s -remat-autodiff="functions=broadcast_expand" | remat-run --entry=broadcast_expand_grad --check-gradients | FileCheck %s --check-prefix=BROADCAST_EXPAND
// RUN: remat-opt %s -remat-autodiff="functions=reduce_sum" | remat-run --entry=reduce_sum_grad --check-gradients | FileCheck %s --check-prefix=REDUCE_SUM
// RUN: remat-opt %s -remat-autodiff="functions=reduce_mean_keep" | remat-run --entry=reduce_mean_keep_grad --check-gradients | FileCheck %s --check-prefix=REDUCE_MEAN_KEEP
// RUN: remat-opt %s -remat-autodiff="functions=reduce_max" | remat-run --entry=reduce_max_grad --check-gradients --fd-epsilon=1e-3 | FileCheck %s --check-prefix=REDUCE_MAX
// RUN: remat-opt %s -remat-autodiff="functions=softmax" | remat-run --entry=softmax_grad --check-gradients | FileCheck %s --check-prefix=SOFTMAX
// RUN: remat-opt %s -remat-autodiff="functions=softmax_axis0" | remat-run --entry=softmax_axis0_grad --check-gradients | FileCheck %s --check-prefix=SOFTMAX_AXIS0

// BROADCAST_EXPAND-NOT: FAIL
// BROADCAST_EXPAND: gradient check @broadcast_expand_grad wrt {{[0-9]+}}: PASSED
// BROADCAST_EXPAND-NOT: FAIL
func.func @broadcast_expand(%x: tensor<1x5xf32>, %r: tensor<3x4x5xf32>) -> tensor<f32> {
  %y = remat.broadcast %x dims [1, 2] : tensor<1x5xf32> -> tensor<3x4x5xf32>
  %ly = remat.mul %y, %r : tensor<3x4x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1, 2] : tensor<3x4x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// REDUCE_SUM-NOT: FAIL
// REDUCE_SUM: gradient check @reduce_sum_grad wrt {{[0-9]+}}: PASSED
// REDUCE_SUM-NOT: FAIL
func.func @reduce_sum(%x: tensor<3x4x5xf32>, %r: tensor<4xf32>) -> tensor<f32> {
  %y = remat.reduce_sum %x dims [0, 2] : tensor<3x4x5xf32> -> tensor<4xf32>
  %ly = remat.mul %y, %r : tensor<4xf32>
  %l = remat.reduce_sum %ly dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// REDUCE_MEAN_KEEP-NOT: FAIL
// REDUCE_MEAN_KEEP: gradient check @reduce_mean_keep_grad wrt {{[0-9]+}}: PASSED
// REDUCE_MEAN_KEEP-NOT: FAIL
func.func @reduce_mean_keep(%x: tensor<3x4x5xf32>, %r: tensor<3x1x5xf32>) -> tensor<f32> {
  %y = remat.reduce_mean %x dims [1] keep_dims : tensor<3x4x5xf32> -> tensor<3x1x5xf32>
  %ly = remat.mul %y, %r : tensor<3x1x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1, 2] : tensor<3x1x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// piecewise linear
// REDUCE_MAX-NOT: FAIL
// REDUCE_MAX: gradient check @reduce_max_grad wrt {{[0-9]+}}: PASSED
// REDUCE_MAX-NOT: FAIL
func.func @reduce_max(%x: tensor<3x4x5xf32>, %r: tensor<3x4xf32>) -> tensor<f32> {
  %y = remat.reduce_max %x dims [2] : tensor<3x4x5xf32> -> tensor<3x4xf32>
  %ly = remat.mul %y, %r : tensor<3x4xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<3x4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// SOFTMAX-NOT: FAIL
// SOFTMAX: gradient check @softmax_grad wrt {{[0-9]+}}: PASSED
// SOFTMAX-NOT: FAIL
func.func @softmax(%x: tensor<4x7xf32>, %r: tensor<4x7xf32>) -> tensor<f32> {
  %y = remat.softmax %x axis 1 : tensor<4x7xf32>
  %ly = remat.mul %y, %r : tensor<4x7xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<4x7xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// SOFTMAX_AXIS0-NOT: FAIL
// SOFTMAX_AXIS0: gradient check @softmax_axis0_grad wrt {{[0-9]+}}: PASSED
// SOFTMAX_AXIS0-NOT: FAIL
func.func @softmax_axis0(%x: tensor<4x7xf32>, %r: tensor<4x7xf32>) -> tensor<f32> {
  %y = remat.softmax %x axis 0 : tensor<4x7xf32>
  %ly = remat.mul %y, %r : tensor<4x7xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<4x7xf32> -> tensor<f32>
  return %l : tensor<f32>
}
