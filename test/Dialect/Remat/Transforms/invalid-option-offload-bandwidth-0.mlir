// A transfer price needs a positive rate: the option is an error on the
// module saying what was expected.
// RUN: remat-opt %s -verify-diagnostics -remat-rematerialize="budget=50% allow-offload offload-bandwidth=0"

// expected-error @+1 {{remat-rematerialize: offload-bandwidth must be a positive number of bytes per second (e.g. 25e9), got 0}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}
