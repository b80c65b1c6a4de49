// Without COIN-OR CBC at configure time, solver=exact is an error that says
// how to get it.
// UNSUPPORTED: cbc
// RUN: remat-opt %s -verify-diagnostics -remat-rematerialize="solver=exact"

// expected-error @+1 {{remat-rematerialize: solver=exact is not available: remat was built without COIN-OR CBC (install coinor-libcbc-dev and reconfigure), or use solver=greedy}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}
