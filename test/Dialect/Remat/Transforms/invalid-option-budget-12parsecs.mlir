// A bad option value is an error on the module saying what was expected.
// RUN: remat-opt %s -verify-diagnostics -remat-rematerialize="budget=12parsecs"

// expected-error @+1 {{remat-rematerialize: invalid budget: unknown size unit 'parsecs': expected a size such as 64MiB, 1.5GB or 123456 (bytes), or a share of the unconstrained peak such as 50%, got '12parsecs'}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}
