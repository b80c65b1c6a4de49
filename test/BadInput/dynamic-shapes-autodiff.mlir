// Dynamic (and one unranked) shapes on the path that remat-autodiff
// differentiates: the foreign op that carries them has no gradient rule, and a
// loss that is not a 0-d tensor is refused.
// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-autodiff=functions=f

// static argument, dynamic in the middle
func.func @f(%x: tensor<4x8xf32>) -> tensor<f32> {
  %d = tensor.cast %x : tensor<4x8xf32> to tensor<?x8xf32>
  %e = math.exp %d : tensor<?x8xf32>
  // expected-error @+1 {{remat-autodiff: no gradient rule for 'tensor.cast', which lies on a path from a differentiated argument to the loss (differentiate fewer arguments with wrt=, or express it with remat ops)}}
  %s = tensor.cast %e : tensor<?x8xf32> to tensor<4x8xf32>
  %l = remat.reduce_sum %s dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// dynamic loss
// expected-error @+1 {{remat-autodiff: the loss (result #0 of @f) must be a 0-d float tensor such as tensor<f32>, but has type 'tensor<?xf32>'; reduce it to one element first (e.g. remat.reduce_mean over all dims)}}
func.func @f(%x: tensor<4x8xf32>) -> tensor<?xf32> {
  %d = tensor.cast %x : tensor<4x8xf32> to tensor<?x8xf32>
  %c = tensor.collapse_shape %d [[0, 1]] : tensor<?x8xf32> into tensor<?xf32>
  return %c : tensor<?xf32>
}

// -----

// unranked loss
// expected-error @+1 {{remat-autodiff: the loss (result #0 of @f) must be a 0-d float tensor such as tensor<f32>, but has type 'tensor<*xf32>'; reduce it to one element first (e.g. remat.reduce_mean over all dims)}}
func.func @f(%x: tensor<4x8xf32>) -> tensor<*xf32> {
  %l = remat.reduce_sum %x dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  %c = tensor.cast %l : tensor<f32> to tensor<*xf32>
  return %c : tensor<*xf32>
}

// -----

// arith on dynamic tensors on the path to the loss
func.func @f(%x: tensor<4x8xf32>) -> tensor<f32> {
  %d = tensor.cast %x : tensor<4x8xf32> to tensor<?x8xf32>
  %e = arith.mulf %d, %d : tensor<?x8xf32>
  // expected-error @+1 {{remat-autodiff: no gradient rule for 'tensor.cast', which lies on a path from a differentiated argument to the loss (differentiate fewer arguments with wrt=, or express it with remat ops)}}
  %s = tensor.cast %e : tensor<?x8xf32> to tensor<4x8xf32>
  %l = remat.reduce_sum %s dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// a dynamic value inside a scan body
func.func @f(%h0: tensor<4xf32>, %ws: tensor<3x4xf32>) -> tensor<f32> {
  %h = remat.scan mode <full> (%c = %h0 : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>) {
    %d = tensor.cast %c : tensor<4xf32> to tensor<?xf32>
    // expected-error @+1 {{remat-autodiff: no gradient rule for 'tensor.cast', which lies on a path from a differentiated argument to the loss (differentiate fewer arguments with wrt=, or express it with remat ops)}}
    %s = tensor.cast %d : tensor<?xf32> to tensor<4xf32>
    %a = remat.mul %s, %w : tensor<4xf32>
    remat.yield %a : tensor<4xf32>
  }
  %l = remat.reduce_sum %h dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
