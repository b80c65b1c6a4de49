// A bare number below 1 KiB is refused: `budget=75` is far more often 75%
// or 75MiB missing its unit than 75 bytes. The error spells out each.
// RUN: remat-opt %s -verify-diagnostics -remat-rematerialize="budget=75"
// (75B, and bare numbers from 1024 up, are bytes: unittests/Core/ByteSizeTest.)

// expected-error @+1 {{remat-rematerialize: invalid budget: budget '75' has no unit and would mean 75 bytes: write 75% for a share of the unconstrained peak, 75MiB (or KiB, GiB) for a size, or 75B if you mean bytes}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}
