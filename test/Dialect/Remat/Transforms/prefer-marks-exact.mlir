// The exact solver weighs prefer_save and prefer_recompute as the greedy
// does (it minimizes the preference-weighted cost): on prefer-marks.mlir it
// makes the same choices, proven optimal, and reports the unweighted FLOPs.
// REQUIRES: cbc
// RUN: remat-opt %S/prefer-marks.mlir -remat-rematerialize="budget=21KiB solver=exact time-limit=20 analysis-only" | FileCheck %s
// RUN: remat-opt %S/prefer-marks.mlir -remat-rematerialize="budget=21KiB solver=exact time-limit=20 analysis-only report-text=-" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

// CHECK-LABEL: func.func @unmarked
// CHECK-SAME: remat.peak_after = 20544 : i64
// CHECK: remat.exp {{.*}}remat.decision = "recompute", remat.recompute_at = array<i64: 6>
// CHECK: remat.matmul {{.*}}remat.decision = "keep"
// CHECK-LABEL: func.func @prefer_save
// CHECK-SAME: remat.peak_after = 20544 : i64
// CHECK: remat.exp {{.*}}remat.decision = "keep"{{.*}}remat.mark = #remat.mark<prefer_save>
// CHECK: remat.matmul {{.*}}remat.decision = "recompute", remat.recompute_at = array<i64: 6>
// CHECK-LABEL: func.func @prefer_recompute
// CHECK-SAME: remat.peak_after = 20544 : i64
// CHECK: remat.exp {{.*}}remat.decision = "keep"
// CHECK: remat.matmul {{.*}}remat.decision = "recompute", remat.mark = #remat.mark<prefer_recompute>, remat.recompute_at = array<i64: 6>

// REPORT-LABEL: report for @unmarked
// REPORT: solver: exact (optimal), gap 0.00%
// REPORT: recomputed: 0 value(s), +0 FLOPs
// REPORT: moved: 1 value(s) computed later instead of earlier, 1024 FLOPs not added
// REPORT: move remat.exp
// REPORT-LABEL: report for @prefer_save
// REPORT: solver: exact (optimal), gap 0.00%
// REPORT: recomputed: 0 value(s), +0 FLOPs
// REPORT: moved: 1 value(s) computed later instead of earlier, 65536 FLOPs not added
// REPORT: move remat.matmul
// REPORT-LABEL: report for @prefer_recompute
// REPORT: solver: exact (optimal), gap 0.00%
// REPORT: recomputed: 0 value(s), +0 FLOPs
// REPORT: moved: 1 value(s) computed later instead of earlier, 65536 FLOPs not added
// REPORT: move remat.matmul
