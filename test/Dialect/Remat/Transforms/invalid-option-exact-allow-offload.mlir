// The exact solver is recompute-only: asked for together with allow-offload,
// it would silently ignore the permission, so the pair is refused, saying
// which solver offloads. (Without CBC, solver=exact is refused first:
// no-exact.mlir.)
// REQUIRES: cbc
// RUN: remat-opt %s -verify-diagnostics -remat-rematerialize="solver=exact allow-offload budget=50%"

// expected-error @+1 {{remat-rematerialize: solver=exact does not model offloading, so allow-offload would be ignored; use solver=search, greedy or auto to offload, or drop allow-offload}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}
