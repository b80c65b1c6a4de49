// remat-free-after-last-use's alignment must be a positive power of two.
// RUN: remat-opt %s -verify-diagnostics -remat-free-after-last-use=alignment=48

// expected-error @+1 {{remat-free-after-last-use: alignment=48 is not a positive power of two}}
module {
  func.func @f() {
    return
  }
}
