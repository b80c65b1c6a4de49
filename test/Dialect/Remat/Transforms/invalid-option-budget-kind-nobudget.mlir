// A budget-kind= the pass cannot use is an error saying what it expects.
// RUN: remat-opt %s -verify-diagnostics -remat-rematerialize="budget-kind=saved"

// expected-error @+1 {{remat-rematerialize: budget-kind=saved needs a budget (e.g. budget=50% of what the unplanned step saves)}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}
