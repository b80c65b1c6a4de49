// A budget-kind= the pass cannot use is an error saying what it expects.
// RUN: remat-opt %s -verify-diagnostics -remat-rematerialize="budget-kind=bytes budget=50%"

// expected-error @+1 {{remat-rematerialize: unknown budget-kind 'bytes'; expected peak or saved}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}
