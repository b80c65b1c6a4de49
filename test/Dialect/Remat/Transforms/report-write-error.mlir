// A report that cannot be written in full (a full disk: /dev/full) is an
// error on the module naming the file and the cause, for each format, not
// an LLVM fatal error.
// REQUIRES: dev-full
// RUN: remat-opt %s -verify-diagnostics -remat-rematerialize="budget=100% report=/dev/full"
// RUN: remat-opt %s -verify-diagnostics -remat-rematerialize="budget=100% report-text=/dev/full"
// RUN: remat-opt %s -verify-diagnostics -remat-rematerialize="budget=100% report-html=/dev/full"
// An option's error, without the module after it:
// RUN: not remat-opt %s -remat-rematerialize="budget=100% report=/dev/full" 2>&1 | FileCheck %s
// CHECK: error: remat-rematerialize: cannot write report '/dev/full'
// CHECK-NOT: see current operation

// expected-error @+1 {{remat-rematerialize: cannot write report '/dev/full': No space left on device}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    %e = remat.exp %x : tensor<4xf32>
    return %e : tensor<4xf32>
  }
}
