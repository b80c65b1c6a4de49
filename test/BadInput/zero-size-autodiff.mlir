// Zero-size arguments (f16, bf16; first or last) asked to be differentiated:
// remat-autodiff refuses to make their gradients.
// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-autodiff=functions=f

// a zero-size f16 argument first
// expected-error @+1 {{remat-autodiff: argument #0 of @f has type 'tensor<3x0xf16>': its gradient would be an empty or over-large tensor, which remat ops do not take (exclude it with wrt=)}}
func.func @f(%e: tensor<3x0xf16>, %x: tensor<4xf32>) -> tensor<f32> {
  %l = remat.reduce_sum %x dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// a zero-size bf16 argument last
// expected-error @+1 {{remat-autodiff: argument #2 of @f has type 'tensor<0x0xbf16>': its gradient would be an empty or over-large tensor, which remat ops do not take (exclude it with wrt=)}}
func.func @f(%x: tensor<4xf32>, %y: tensor<4xf32>, %e: tensor<0x0xbf16>) -> tensor<f32> {
  %l = remat.mse %x, %y : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
