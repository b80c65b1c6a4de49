// target= names a registered memory model; an unknown name is refused,
// listing the targets there are.
// RUN: remat-opt %s -verify-diagnostics -remat-rematerialize="target=tpu budget=50%"

// expected-error @+1 {{remat-rematerialize: unknown target 'tpu'; registered targets: cpu, gpu}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}
