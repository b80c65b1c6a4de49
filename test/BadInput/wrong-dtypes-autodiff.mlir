// A loss of an integer or boolean element type, or a plain f32 scalar:
// remat-autodiff needs a 0-d float tensor.
// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-autodiff=functions=f

// an i32 loss
// expected-error @+1 {{remat-autodiff: the loss (result #0 of @f) must be a 0-d float tensor such as tensor<f32>, but has type 'tensor<i32>'; a loss must be a float to have a gradient}}
func.func @f(%x: tensor<4xf32>) -> tensor<i32> {
  %c = arith.constant dense<1> : tensor<i32>
  return %c : tensor<i32>
}

// -----

// an i1 loss
// expected-error @+1 {{remat-autodiff: the loss (result #0 of @f) must be a 0-d float tensor such as tensor<f32>, but has type 'tensor<i1>'; a loss must be a float to have a gradient}}
func.func @f(%x: tensor<4xf32>) -> tensor<i1> {
  %c = arith.constant dense<true> : tensor<i1>
  return %c : tensor<i1>
}

// -----

// a plain f32 scalar, not a tensor
// expected-error @+1 {{remat-autodiff: the loss (result #0 of @f) must be a 0-d float tensor such as tensor<f32>, but has type 'f32'; remat ops compute on tensors: return the loss as a 'tensor<f32>' (the result of a remat reduction over all dims)}}
func.func @f(%x: tensor<4xf32>) -> f32 {
  %c = arith.constant 1.0 : f32
  return %c : f32
}
