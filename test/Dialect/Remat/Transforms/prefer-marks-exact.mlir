// The exact solver weighs prefer_save and prefer_recompute as the greedy
// does (it minimizes the preference-weighted cost): on prefer-marks.mlir it
// makes the same choices, proven optimal, and reports the unweighted FLOPs.
// REQUIRES: cbc
// RUN: remat-opt %S/prefer-marks.mlir -remat-rematerialize="budget=21KiB solver=exact time-limit=20 analysis-only" | FileCheck %s
// RUN: remat-opt %S/prefer-marks.mlir -remat-rematerialize="budget=21KiB solver=exact time-limit=20 analysis-only report-text=-" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

// CHECK-LABEL: func.func @unmarked
// CHECK-SAME: remat.peak_after = 20608 : i64
// CHECK: remat.exp {{.*}}remat.decision = "recompute", remat.recompute_at = array<i64: 8>
// CHECK: remat.matmul {{.*}}remat.decision = "keep"
// CHECK-LABEL: func.func @prefer_save
// CHECK-SAME: remat.peak_after = 20608 : i64
// CHECK: remat.exp {{.*}}remat.decision = "keep"{{.*}}remat.mark = #remat.mark<prefer_save>
// CHECK: remat.matmul {{.*}}remat.decision = "recompute", remat.recompute_at = array<i64: 8>
// CHECK-LABEL: func.func @prefer_recompute
// CHECK-SAME: remat.peak_after = 20608 : i64
// CHECK: remat.exp {{.*}}remat.decision = "keep"
// CHECK: remat.matmul {{.*}}remat.decision = "recompute", remat.mark = #remat.mark<prefer_recompute>, remat.recompute_at = array<i64: 8>

// REPORT-LABEL: report for @unmarked
// REPORT: solver: exact (optimal), gap 0.00%
// REPORT: recomputed: 1 value(s), +1024 FLOPs
// REPORT: recompute remat.exp
// REPORT-LABEL: report for @prefer_save
// REPORT: solver: exact (optimal), gap 0.00%
// REPORT: recomputed: 1 value(s), +65536 FLOPs
// REPORT: recompute remat.matmul
// REPORT-LABEL: report for @prefer_recompute
// REPORT: solver: exact (optimal), gap 0.00%
// REPORT: recomputed: 1 value(s), +65536 FLOPs
// REPORT: recompute remat.matmul
