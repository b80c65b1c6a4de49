// remat-autodiff sizes the scans it plans (mode <auto>) for target=, which
// must be a registered memory model.
// RUN: remat-opt %s -verify-diagnostics -remat-autodiff="target=gpu0"

// expected-error @+1 {{remat-autodiff: unknown target 'gpu0'; registered targets: cpu, gpu}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
    %s = remat.reduce_sum %x dims [0] : tensor<4xf32> -> tensor<f32>
    return %s : tensor<f32>
  }
}
