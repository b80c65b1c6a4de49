// An option value remat-autodiff cannot use.
// RUN: remat-opt %s -verify-diagnostics -remat-autodiff="functions=nope"

// expected-error @+1 {{remat-autodiff: no function named 'nope' to differentiate (functions option) (defined: @f)}}
module {
  func.func @f(%x: tensor<4xf32>, %ids: tensor<4xi32>) -> tensor<f32> {
    %l = remat.reduce_sum %x dims [0] : tensor<4xf32> -> tensor<f32>
    return %l : tensor<f32>
  }
}
