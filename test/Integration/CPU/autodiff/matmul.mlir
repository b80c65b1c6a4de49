// Gradients of matmul in every transpose combination, and batched against central finite differences of the
// compiled forward function (remat-run --check-gradients, f32 throughout:
// per argument, 4 random directions and 8 sampled coordinates, step 1e-2
// unless stated; pass when the directional and elementwise relative errors
// are <= 1e-2, docs/pipelines.md says how they are measured).
// RUN: remat-opt %s -remat-autodiff="functions=matmul" | remat-run --entry=matmul_grad --check-gradients | FileCheck %s --check-prefix=MATMUL
// RUN: remat-opt %s -remat-autodiff="functions=matmul_tb" | remat-run --entry=matmul_tb_grad --check-gradients | FileCheck %s --check-prefix=MATMUL_TB
// RUN: remat-opt %s -remat-autodiff="functions=matmul_ta" | remat-run --entry=matmul_ta_grad --check-gradients | FileCheck %s --check-prefix=MATMUL_TA
// RUN: remat-opt %s -remat-autodiff="functions=matmul_ta_tb" | remat-run --entry=matmul_ta_tb_grad --check-gradients | FileCheck %s --check-prefix=MATMUL_TA_TB
// RUN: remat-opt %s -remat-autodiff="functions=matmul_batched" | remat-run --entry=matmul_batched_grad --check-gradients | FileCheck %s --check-prefix=MATMUL_BATCHED

// MATMUL-NOT: FAIL
// MATMUL: gradient check @matmul_grad wrt {{[0-9]+}}: PASSED
// MATMUL-NOT: FAIL
func.func @matmul(%a: tensor<3x5xf32>, %b: tensor<5x4xf32>, %r: tensor<3x4xf32>) -> tensor<f32> {
  %y = remat.matmul %a, %b : tensor<3x5xf32>, tensor<5x4xf32> -> tensor<3x4xf32>
  %ly = remat.mul %y, %r : tensor<3x4xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<3x4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// MATMUL_TB-NOT: FAIL
// MATMUL_TB: gradient check @matmul_tb_grad wrt {{[0-9]+}}: PASSED
// MATMUL_TB-NOT: FAIL
func.func @matmul_tb(%a: tensor<3x5xf32>, %b: tensor<4x5xf32>, %r: tensor<3x4xf32>) -> tensor<f32> {
  %y = remat.matmul %a, %b transpose_b : tensor<3x5xf32>, tensor<4x5xf32> -> tensor<3x4xf32>
  %ly = remat.mul %y, %r : tensor<3x4xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<3x4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// MATMUL_TA-NOT: FAIL
// MATMUL_TA: gradient check @matmul_ta_grad wrt {{[0-9]+}}: PASSED
// MATMUL_TA-NOT: FAIL
func.func @matmul_ta(%a: tensor<5x3xf32>, %b: tensor<5x4xf32>, %r: tensor<3x4xf32>) -> tensor<f32> {
  %y = remat.matmul %a, %b transpose_a : tensor<5x3xf32>, tensor<5x4xf32> -> tensor<3x4xf32>
  %ly = remat.mul %y, %r : tensor<3x4xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<3x4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// MATMUL_TA_TB-NOT: FAIL
// MATMUL_TA_TB: gradient check @matmul_ta_tb_grad wrt {{[0-9]+}}: PASSED
// MATMUL_TA_TB-NOT: FAIL
func.func @matmul_ta_tb(%a: tensor<5x3xf32>, %b: tensor<4x5xf32>, %r: tensor<3x4xf32>) -> tensor<f32> {
  %y = remat.matmul %a, %b transpose_a transpose_b : tensor<5x3xf32>, tensor<4x5xf32> -> tensor<3x4xf32>
  %ly = remat.mul %y, %r : tensor<3x4xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<3x4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// MATMUL_BATCHED-NOT: FAIL
// MATMUL_BATCHED: gradient check @matmul_batched_grad wrt {{[0-9]+}}: PASSED
// MATMUL_BATCHED-NOT: FAIL
func.func @matmul_batched(%a: tensor<2x3x3x5xf32>, %b: tensor<2x3x5x4xf32>, %r: tensor<2x3x3x4xf32>) -> tensor<f32> {
  %y = remat.matmul %a, %b : tensor<2x3x3x5xf32>, tensor<2x3x5x4xf32> -> tensor<2x3x3x4xf32>
  %ly = remat.mul %y, %r : tensor<2x3x3x4xf32>
  %l = remat.reduce_sum %ly dims [0, 1, 2, 3] : tensor<2x3x3x4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
