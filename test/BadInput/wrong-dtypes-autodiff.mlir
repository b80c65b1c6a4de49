// A loss of an integer or boolean element type, a plain f32 scalar or
// vector, or one element that is not 0-d:
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

// -----

// a one-element loss that is not 0-d (a common ONNX loss shape)
// expected-error @+1 {{remat-autodiff: the loss (result #0 of @f) must be a 0-d float tensor such as tensor<f32>, but has type 'tensor<1xf32>'; it has one element: make it 0-d (remat.reshape to 'tensor<f32>', or a reduction over all dims)}}
func.func @f(%x: tensor<1xf32>) -> tensor<1xf32> {
  return %x : tensor<1xf32>
}

// -----

// a vector loss: remat computes on tensors
// expected-error @+1 {{remat-autodiff: the loss (result #0 of @f) must be a 0-d float tensor such as tensor<f32>, but has type 'vector<4xf32>'; remat ops compute on tensors: return the loss as a 'tensor<f32>' (the result of a remat reduction over all dims)}}
func.func @f(%x: vector<4xf32>) -> vector<4xf32> {
  return %x : vector<4xf32>
}
