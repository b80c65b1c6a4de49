// A bad option value is an error on the module saying what was expected.
// RUN: remat-opt %s -verify-diagnostics -remat-rematerialize="functions=nope"

// expected-error @+1 {{remat-rematerialize: no function named 'nope' to plan (functions option) (defined: @f)}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}
