// The rates are numbers (empty takes the target's): text that is not one is
// an error on the module naming the option.
// RUN: remat-opt %s -verify-diagnostics -remat-rematerialize="budget=50% allow-offload flop-rate=fast"

// expected-error @+1 {{remat-rematerialize: flop-rate must be a positive number of FLOPs per second (e.g. 40e9), got fast}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}
