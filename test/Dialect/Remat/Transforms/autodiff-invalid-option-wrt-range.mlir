// An option value remat-autodiff cannot use.
// RUN: remat-opt %s -verify-diagnostics -remat-autodiff="functions=f wrt=5"

// expected-error @+1 {{remat-autodiff: wrt=5 is out of range: @f has 2 argument(s)}}
func.func @f(%x: tensor<4xf32>, %ids: tensor<4xi32>) -> tensor<f32> {
  %l = remat.reduce_sum %x dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
