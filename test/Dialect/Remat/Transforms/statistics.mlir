// Pass statistics. LLVM compiles statistics out of release builds such as
// Debian's (llvm::Statistic is a no-op there), so this runs only against an
// LLVM with statistics; the same figures are in the text and JSON reports
// (options.mlir, xla-broadcast.mlir) and in remat.planned_peak.
// REQUIRES: llvm-stats
// RUN: remat-opt %S/xla-broadcast.mlir -remat-rematerialize="budget=14KiB" -mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s

// CHECK: Rematerialize
// CHECK-DAG: 12352 peak-bytes-after
// CHECK-DAG: 16448 peak-bytes-before
// CHECK-DAG: 1 values-recomputed
