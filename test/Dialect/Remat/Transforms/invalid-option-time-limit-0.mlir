// A bad option value is an error on the module saying what was expected.
// RUN: remat-opt %s -verify-diagnostics -remat-rematerialize="time-limit=0"

// expected-error @+1 {{remat-rematerialize: time-limit must be a positive number of seconds, got 0}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}
