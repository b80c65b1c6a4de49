// Pass statistics. LLVM compiles statistics out of release builds such as
// Debian's (llvm::Statistic is a no-op there), so this runs only against an
// LLVM with statistics; the same figures are in the text and JSON reports
// (options.mlir, xla-broadcast.mlir) and in remat.planned_peak. FileCheck
// folds MLIR's padding of values and names to single spaces. Counters add
// up over the functions of the module; peaks take the largest. The
// broadcast of xla-broadcast.mlir counts no FLOPs; allow-offload.mlir
// offloads one matmul (@dots) and recomputes one 1024-FLOP exp
// (@exp_and_dot).
// REQUIRES: llvm-stats
// RUN: remat-opt %S/xla-broadcast.mlir -remat-rematerialize="budget=14KiB" -mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s
// RUN: remat-opt %S/allow-offload.mlir -remat-rematerialize="budget=21KiB solver=greedy allow-offload" -mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFFLOAD

// CHECK: Rematerialize
// CHECK-DAG: 12352 peak-bytes-after
// CHECK-DAG: 16448 peak-bytes-before
// CHECK-DAG: 1 values-recomputed
// CHECK-DAG: (S) 0 values-offloaded - Values moved to host memory and back
// CHECK-DAG: (S) 0 flops-added - FLOPs added by recomputation

// OFFLOAD: Rematerialize
// OFFLOAD-DAG: 20544 peak-bytes-after
// OFFLOAD-DAG: 24640 peak-bytes-before
// OFFLOAD-DAG: (S) 1 values-recomputed - Recomputations inserted
// OFFLOAD-DAG: (S) 1 values-offloaded - Values moved to host memory and back
// OFFLOAD-DAG: (S) 1024 flops-added - FLOPs added by recomputation
