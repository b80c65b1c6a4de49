// min-remat-bytes reads sizes as budget= does: a bare number below 1 KiB
// needs a unit.
// RUN: remat-opt %s -verify-diagnostics -remat-rematerialize="budget=90% min-remat-bytes=64"

// expected-error @+1 {{remat-rematerialize: invalid min-remat-bytes: min-remat-bytes '64' has no unit and would mean 64 bytes: write 64MiB (or KiB, GiB) for a size, or 64B if you mean bytes}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}
