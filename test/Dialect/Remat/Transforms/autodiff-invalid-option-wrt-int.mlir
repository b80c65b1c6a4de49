// An option value remat-autodiff cannot use.
// RUN: remat-opt %s -verify-diagnostics -remat-autodiff="functions=f wrt=1"

// expected-error @+1 {{remat-autodiff: argument #1 of @f has type 'tensor<4xi32>', which is not a float tensor and has no gradient}}
func.func @f(%x: tensor<4xf32>, %ids: tensor<4xi32>) -> tensor<f32> {
  %l = remat.reduce_sum %x dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
