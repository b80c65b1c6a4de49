// A bad option value is an error on the module saying what was expected.
// RUN: remat-opt %s -verify-diagnostics -remat-rematerialize="budget=150%"

// expected-error @+1 {{remat-rematerialize: invalid budget: a budget share must be in (0%, 100%], got '150%'}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}
