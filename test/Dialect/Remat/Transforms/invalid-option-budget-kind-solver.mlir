// A budget-kind= the pass cannot use is an error saying what it expects.
// RUN: remat-opt %s -verify-diagnostics -remat-rematerialize="budget-kind=saved budget=50% solver=policy"

// expected-error @+1 {{remat-rematerialize: budget-kind=saved searches the peak budget with the greedy solver, one solve per probe; use solver=greedy or auto, not solver=policy}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}
