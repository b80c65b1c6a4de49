// A loss of an integer or boolean element type: remat-autodiff needs a 0-d
// float tensor.
// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-autodiff=functions=f

// an i32 loss
// expected-error @+1 {{remat-autodiff: the loss (result #0 of @f) must be a scalar, a 0-d float tensor, but has type 'tensor<i32>'; reduce it first (e.g. remat.reduce_mean over all dims)}}
func.func @f(%x: tensor<4xf32>) -> tensor<i32> {
  %c = arith.constant dense<1> : tensor<i32>
  return %c : tensor<i32>
}

// -----

// an i1 loss
// expected-error @+1 {{remat-autodiff: the loss (result #0 of @f) must be a scalar, a 0-d float tensor, but has type 'tensor<i1>'; reduce it first (e.g. remat.reduce_mean over all dims)}}
func.func @f(%x: tensor<4xf32>) -> tensor<i1> {
  %c = arith.constant dense<true> : tensor<i1>
  return %c : tensor<i1>
}
