// A bad option value is an error on the module saying what was expected.
// RUN: remat-opt %s -verify-diagnostics -remat-rematerialize="budget=1MiB report=/nonexistent/dir/r.json"

// expected-error @+1 {{remat-rematerialize: cannot write report '/nonexistent/dir/r.json'}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}
