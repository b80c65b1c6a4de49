// A transfer price needs a positive rate: the option is an error on the
// module saying what was expected.
// RUN: remat-opt %s -verify-diagnostics -remat-rematerialize="budget=50% allow-offload flop-rate=-1"

// expected-error @+1 {{remat-rematerialize: flop-rate must be a positive number of FLOPs per second (e.g. 40e9), got -1}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}
