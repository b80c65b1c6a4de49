// Gradients of embedding, reshape, transpose, slice, concat, name and checkpoint against central finite differences of the
// compiled forward function (remat-run --check-gradients, f32 throughout:
// per argument, 4 random directions and 8 sampled coordinates, step 1e-2
// unless stated; pass when the directional and elementwise relative errors
// are <= 1e-2, docs/pipelines.md says how they are measured).
// RUN: remat-opt %s -remat-autodiff="functions=embedding" | remat-run --entry=embedding_grad --check-gradients | FileCheck %s --check-prefix=EMBEDDING
// RUN: remat-opt %s -remat-autodiff="functions=reshape" | remat-run --entry=reshape_grad --check-gradients | FileCheck %s --check-prefix=RESHAPE
// RUN: remat-opt %s -remat-autodiff="functions=transpose" | remat-run --entry=transpose_grad --check-gradients | FileCheck %s --check-prefix=TRANSPOSE
// RUN: remat-opt %s -remat-autodiff="functions=slice" | remat-run --entry=slice_grad --check-gradients | FileCheck %s --check-prefix=SLICE
// RUN: remat-opt %s -remat-autodiff="functions=concat" | remat-run --entry=concat_grad --check-gradients | FileCheck %s --check-prefix=CONCAT
// RUN: remat-opt %s -remat-autodiff="functions=name_and_checkpoint" | remat-run --entry=name_and_checkpoint_grad --check-gradients | FileCheck %s --check-prefix=NAME_AND_CHECKPOINT

// ids repeat: the table gradient accumulates
// EMBEDDING-NOT: FAIL
// EMBEDDING: gradient check @embedding_grad wrt {{[0-9]+}}: PASSED
// EMBEDDING-NOT: FAIL
func.func @embedding(%t: tensor<7x4xf32>, %ids: tensor<2x5xi32>, %r: tensor<2x5x4xf32>) -> tensor<f32> {
  %y = remat.embedding %t, %ids : tensor<7x4xf32>, tensor<2x5xi32> -> tensor<2x5x4xf32>
  %ly = remat.mul %y, %r : tensor<2x5x4xf32>
  %l = remat.reduce_sum %ly dims [0, 1, 2] : tensor<2x5x4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// RESHAPE-NOT: FAIL
// RESHAPE: gradient check @reshape_grad wrt {{[0-9]+}}: PASSED
// RESHAPE-NOT: FAIL
func.func @reshape(%x: tensor<6x4xf32>, %r: tensor<2x3x4xf32>) -> tensor<f32> {
  %y = remat.reshape %x : tensor<6x4xf32> -> tensor<2x3x4xf32>
  %ly = remat.mul %y, %r : tensor<2x3x4xf32>
  %l = remat.reduce_sum %ly dims [0, 1, 2] : tensor<2x3x4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// TRANSPOSE-NOT: FAIL
// TRANSPOSE: gradient check @transpose_grad wrt {{[0-9]+}}: PASSED
// TRANSPOSE-NOT: FAIL
func.func @transpose(%x: tensor<2x3x4xf32>, %r: tensor<4x2x3xf32>) -> tensor<f32> {
  %y = remat.transpose %x perm [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  %ly = remat.mul %y, %r : tensor<4x2x3xf32>
  %l = remat.reduce_sum %ly dims [0, 1, 2] : tensor<4x2x3xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// SLICE-NOT: FAIL
// SLICE: gradient check @slice_grad wrt {{[0-9]+}}: PASSED
// SLICE-NOT: FAIL
func.func @slice(%x: tensor<7x9xf32>, %r: tensor<3x3xf32>) -> tensor<f32> {
  %y = remat.slice %x start [1, 2] limit [7, 9] strides [2, 3] : tensor<7x9xf32> -> tensor<3x3xf32>
  %ly = remat.mul %y, %r : tensor<3x3xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<3x3xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CONCAT-NOT: FAIL
// CONCAT: gradient check @concat_grad wrt {{[0-9]+}}: PASSED
// CONCAT-NOT: FAIL
func.func @concat(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>, %r: tensor<2x10xf32>) -> tensor<f32> {
  %y = remat.concat %a, %b, %a dim 1 : tensor<2x3xf32>, tensor<2x4xf32>, tensor<2x3xf32> -> tensor<2x10xf32>
  %ly = remat.mul %y, %r : tensor<2x10xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<2x10xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// through a checkpoint region and a name
// NAME_AND_CHECKPOINT-NOT: FAIL
// NAME_AND_CHECKPOINT: gradient check @name_and_checkpoint_grad wrt {{[0-9]+}}: PASSED
// NAME_AND_CHECKPOINT-NOT: FAIL
func.func @name_and_checkpoint(%x: tensor<6x5xf32>, %w: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <nothing_saveable> -> tensor<6x5xf32> {
    %h = remat.mul %x, %w : tensor<6x5xf32>
    %n = remat.name %h as "h" : tensor<6x5xf32>
    %t = remat.tanh %n : tensor<6x5xf32>
    remat.yield %t : tensor<6x5xf32>
  }
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}
