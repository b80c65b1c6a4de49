// Arguments whose byte count overflows 64 bits: remat-autodiff refuses to
// make their gradients (at any position, any float type).
// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-autodiff=functions=f

// the second argument's byte count overflows 64 bits (f16)
// expected-error @+1 {{remat-autodiff: argument #1 of @f has type 'tensor<9223372036854775807x4xf16>': its gradient would be an empty or over-large tensor, which remat ops do not take (exclude it with wrt=)}}
func.func @f(%y: tensor<4xf32>, %x: tensor<9223372036854775807x4xf16>) -> tensor<f32> {
  %l = remat.reduce_sum %y dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
// -----
// a bf16 argument of 2^66 elements, third position
// expected-error @+1 {{remat-autodiff: argument #2 of @f has type 'tensor<4194304x4194304x4194304xbf16>': its gradient would be an empty or over-large tensor, which remat ops do not take (exclude it with wrt=)}}
func.func @f(%y: tensor<4xf32>, %z: tensor<4xf32>, %x: tensor<4194304x4194304x4194304xbf16>) -> tensor<f32> {
  %l = remat.reduce_sum %y dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
// -----
// the first argument overflows
// expected-error @+1 {{remat-autodiff: argument #0 of @f has type 'tensor<4611686018427387904x8xf32>': its gradient would be an empty or over-large tensor, which remat ops do not take (exclude it with wrt=)}}
func.func @f(%x: tensor<4611686018427387904x8xf32>, %y: tensor<4xf32>) -> tensor<f32> {
  %l = remat.reduce_sum %y dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
