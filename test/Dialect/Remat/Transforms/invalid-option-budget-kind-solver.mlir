// A budget-kind= the pass cannot use is an error saying what it expects.
// RUN: remat-opt %s -verify-diagnostics -remat-rematerialize="budget-kind=saved budget=50% solver=policy"

// expected-error @+1 {{remat-rematerialize: budget-kind=saved bounds the bytes alive where the backward pass starts, which solver=policy cannot do; use solver=greedy, exact, search or auto}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}
