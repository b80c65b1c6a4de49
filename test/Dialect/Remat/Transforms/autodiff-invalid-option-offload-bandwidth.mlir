// remat-autodiff prices an offload scan's transfers as remat-rematerialize
// does, and refuses a rate that is not positive, naming the option.
// RUN: remat-opt %s -verify-diagnostics -remat-autodiff="allow-offload offload-bandwidth=-5"

// expected-error @+1 {{remat-autodiff: offload-bandwidth must be a positive number of bytes per second (e.g. 25e9), got -5}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
    %s = remat.reduce_sum %x dims [0] : tensor<4xf32> -> tensor<f32>
    return %s : tensor<f32>
  }
}
