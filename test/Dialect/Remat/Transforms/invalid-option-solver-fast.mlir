// A bad option value is an error on the module saying what was expected.
// RUN: remat-opt %s -verify-diagnostics -remat-rematerialize="solver=fast"

// expected-error @+1 {{remat-rematerialize: unknown solver 'fast'; expected greedy, exact, search, chain, policy or auto}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}
