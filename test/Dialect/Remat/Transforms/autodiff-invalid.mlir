// What remat-autodiff refuses, each with a diagnostic on the function or op.
// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-autodiff="functions=f"

// expected-error @+1 {{remat-autodiff: the loss (result #0 of @f) must be a 0-d float tensor such as tensor<f32>, but has type 'tensor<4xf32>'; reduce it to one element first (e.g. remat.reduce_mean over all dims)}}
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = remat.exp %x : tensor<4xf32>
  return %e : tensor<4xf32>
}

// -----

func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{remat-autodiff: no gradient rule for 'math.cos', which lies on a path from a differentiated argument to the loss (differentiate fewer arguments with wrt=, or express it with remat ops)}}
  %c = math.cos %x : tensor<4xf32>
  %l = remat.reduce_sum %c dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// A foreign op off the differentiated path is fine: no error.
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  %y = remat.constant dense<0.5> : tensor<4xf32>
  %c = math.cos %y : tensor<4xf32>
  %l = remat.reduce_sum %c dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

func.func @f(%x: tensor<2x3xf32>, %g: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<f32> {
  // expected-error @+1 {{remat-autodiff: differentiating through the batch statistics of remat.batch_norm (its mean and variance results) is not supported; only its output may reach the loss}}
  %y, %m, %v = remat.batch_norm %x, %g, %b eps 1.0e-05 : tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>
  %l = remat.reduce_sum %m dims [0] : tensor<3xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// expected-error @+1 {{remat-autodiff: cannot create @f_grad: a symbol with that name exists}}
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  %l = remat.reduce_sum %x dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
func.func @f_grad() {
  return
}

// -----

// A scan body reading a differentiated value from above: its gradient would
// have to be summed over the layers.
func.func @f(%h0: tensor<4xf32>, %ws: tensor<3x4xf32>, %v: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{remat-autodiff: the scan body reads a value from outside that the loss depends on; pass it in as a carry or a stacked operand so that its gradient can be accumulated over the layers}}
  %h = remat.scan mode <full> (%c = %h0 : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>) {
    %a = remat.mul %c, %w : tensor<4xf32>
    %b = remat.mul %a, %v : tensor<4xf32>
    remat.yield %b : tensor<4xf32>
  }
  %l = remat.reduce_sum %h dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// Control flow between blocks is not differentiated (loops are remat.scan).
// expected-error @+1 {{remat-autodiff: @f has 2 blocks; remat-autodiff differentiates a function body of one block (straight-line code; use remat.scan for loops)}}
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  cf.br ^bb1
^bb1:
  %m = remat.mse %x, %x : tensor<4xf32> -> tensor<f32>
  return %m : tensor<f32>
}

// -----

// expected-error @+1 {{remat-autodiff: argument #1 of @f has type 'tensor<0xf32>': its gradient would be an empty or over-large tensor, which remat ops do not take (exclude it with wrt=)}}
func.func @f(%x: tensor<4xf32>, %unused: tensor<0xf32>) -> tensor<f32> {
  %m = remat.mse %x, %x : tensor<4xf32> -> tensor<f32>
  return %m : tensor<f32>
}
