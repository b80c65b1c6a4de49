// min-remat-bytes is a size, not a share of the peak.
// RUN: remat-opt %s -verify-diagnostics -remat-rematerialize="budget=90% min-remat-bytes=10%"

// expected-error @+1 {{remat-rematerialize: invalid min-remat-bytes: min-remat-bytes is a size, not a share of the peak: expected a size such as 64KiB, 1.5MB or 4096 (bytes), got '10%'}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}
