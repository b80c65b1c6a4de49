// The exact solver on the two re-encoded cases: the same decisions as the
// greedy (which is optimal there), proven optimal.
// REQUIRES: cbc
// RUN: remat-opt %S/xla-broadcast.mlir -remat-rematerialize="budget=14KiB solver=exact time-limit=20 analysis-only report-text=%t.txt report=%t.json" | FileCheck %s --check-prefix=XLA
// RUN: FileCheck %s --input-file=%t.txt --check-prefix=REPORT
// RUN: FileCheck %s --input-file=%t.json --check-prefix=JSON
// RUN: remat-opt %S/random-op.mlir -remat-rematerialize="budget=21KiB solver=exact analysis-only" | FileCheck %s --check-prefix=RANDOM
// RUN: remat-opt %S/cos-chain.mlir -remat-rematerialize="budget=20KiB solver=exact analysis-only" | FileCheck %s --check-prefix=COS

// XLA: remat.peak_after = 12352
// XLA: remat.broadcast {{.*}}remat.decision = "recompute"
// REPORT: solver: exact (optimal), gap 0.00%
// Its second MILP proved the plan's peak the smallest of the cheapest plans:
// JSON: "optimal": true,
// JSON: "gap": 0,
// JSON: "peak_minimized": true,
// RANDOM: remat.dropout {{.*}}remat.decision = "keep"
// RANDOM: remat.matmul {{.*}}remat.decision = "recompute"
// COS: remat.peak_after = 20480
// COS-COUNT-3: math.cos {{.*}}remat.decision = "recompute"
