// What remat-run refuses in the byte counts remat-rematerialize writes
// (remat.planned_peak, remat.planned_constant_bytes, remat.budget: integers
// from 0 to 2^63-1, whose sum with the measured peak must fit in 64 bits),
// and output files it cannot write (here /dev/full): a clear error, not a
// crash. errors-limits.mlir has tensor sizes, gradient pairs and options.
// REQUIRES: dev-full

// RUN: not remat-run %s --entry=negative_peak 2>&1 | FileCheck %s --check-prefix=PEAK
// RUN: not remat-run %s --entry=negative_budget 2>&1 | FileCheck %s --check-prefix=BUDGET
// RUN: not remat-run %s --entry=unsigned_constants 2>&1 | FileCheck %s --check-prefix=UNSIGNED
// RUN: not remat-run %s --entry=huge_constants --check-memory=0.05 2>&1 | FileCheck %s --check-prefix=SUM
// PEAK: error: remat-run cannot use 'remat.planned_peak' = -5 : i64: expected a byte count from 0 to 2^63-1
// PEAK: remat-run: unsupported signature of @negative_peak
// BUDGET: error: remat-run cannot use 'remat.budget' = -1 : i64: expected a byte count from 0 to 2^63-1
// BUDGET: remat-run: unsupported signature of @negative_budget
// UNSIGNED: error: remat-run cannot use 'remat.planned_constant_bytes' = 18446744073709551615 : ui64: expected a byte count from 0 to 2^63-1
// UNSIGNED: remat-run: unsupported signature of @unsigned_constants
// SUM: remat-run: the measured peak ({{[0-9]+}} B) plus 'remat.planned_constant_bytes' of @huge_constants (9223372036854775807 B) does not fit in 64 bits
// SUM-NOT: measured peak -

// RUN: not remat-run %S/Inputs/exp.mlir --lowered-output=/dev/full 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: not remat-run %S/Inputs/exp.mlir --emit-header=/dev/full 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: not remat-run %S/Inputs/exp.mlir --emit-object=/dev/full 2>&1 | FileCheck %s --check-prefix=FULL
// FULL-NOT: LLVM ERROR
// FULL: remat-run: cannot write '/dev/full': No space left on device
// FULL-NOT: LLVM ERROR

func.func @negative_peak(%x: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {remat.planned_peak = -5 : i64} {
  %e = remat.exp %x : tensor<4x8xf32>
  return %e : tensor<4x8xf32>
}

func.func @negative_budget(%x: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {remat.budget = -1 : i64, remat.planned_peak = 256 : i64} {
  %e = remat.exp %x : tensor<4x8xf32>
  return %e : tensor<4x8xf32>
}

func.func @unsigned_constants(%x: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {remat.planned_constant_bytes = 18446744073709551615 : ui64} {
  %e = remat.exp %x : tensor<4x8xf32>
  return %e : tensor<4x8xf32>
}

func.func @huge_constants(%x: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {remat.budget = 9223372036854775807 : i64, remat.planned_constant_bytes = 9223372036854775807 : i64, remat.planned_peak = 9223372036854775807 : i64} {
  %e = remat.exp %x : tensor<4x8xf32>
  return %e : tensor<4x8xf32>
}
