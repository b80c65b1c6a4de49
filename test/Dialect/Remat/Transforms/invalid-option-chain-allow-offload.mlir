// The chain solver is recompute-only (the Rotor model has no host memory):
// asked for together with allow-offload, it would silently ignore the
// permission, so the pair is refused, saying which solver offloads.
// RUN: remat-opt %s -verify-diagnostics -remat-rematerialize="solver=chain allow-offload budget=50%"

// expected-error @+1 {{remat-rematerialize: solver=chain does not model offloading, so allow-offload would be ignored; use solver=exact, search, greedy or auto to offload, or drop allow-offload}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}
