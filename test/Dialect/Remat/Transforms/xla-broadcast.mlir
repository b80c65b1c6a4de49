// XLA's hlo_rematerialization_test "SingleComputation", re-encoded: the
// broadcast is recomputed before its second use, so it and %concat_1 are never
// live together. The peak drops from ~16 KiB (during %concat_1) to ~12 KiB
// under a 14 KiB limit (buffers are counted in 64-byte granules, as the CPU
// pipeline allocates them). (XLA's slices are copies; a 1-element reduction
// stands in for them since remat.slice is a view.)
// RUN: remat-opt %s -remat-rematerialize="budget=14KiB solver=greedy" | FileCheck %s
// RUN: remat-opt %s -remat-rematerialize="budget=14KiB solver=greedy analysis-only" | FileCheck %s --check-prefix=ANALYSIS
// RUN: remat-opt %s -remat-rematerialize="budget=14KiB solver=greedy report-text=-" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

// CHECK-LABEL: func.func @single_computation
// CHECK-SAME: (%[[PARAM:.*]]: tensor<1xf32>)
// CHECK: %[[BCAST:.*]] = remat.broadcast %[[PARAM]]
// CHECK: %[[NEG:.*]] = remat.neg %[[BCAST]]
// CHECK: %[[CONCAT1:.*]] = remat.concat %[[NEG]], %[[NEG]]
// CHECK: %[[SLICE1:.*]] = remat.reduce_max %[[CONCAT1]]
// CHECK: %[[BCAST2:.*]] = remat.broadcast %[[PARAM]] dims [0] {remat.copy = {{[0-9]+}} : i64, remat.recomputed}
// CHECK: remat.concat %[[BCAST2]], %[[SLICE1]]

// ANALYSIS: func.func @single_computation{{.*}}remat.peak_after = 12352 : i64, remat.peak_before = 16448 : i64
// ANALYSIS: remat.broadcast {{.*}}remat.decision = "recompute", remat.recompute_at = array<i64: 5>
// ANALYSIS: remat.neg {{.*}}remat.decision = "keep"

// REPORT: remat-rematerialize report for @single_computation
// REPORT: budget: 14.0 KiB (14336 B) from '14KiB', met
// REPORT: peak: 16.1 KiB (16448 B) before -> 12.1 KiB (12352 B) after (-24.9%)
// REPORT: recompute remat.broadcast ({{.*}}xla-broadcast.mlir:{{[0-9]+}}:{{[0-9]+}}, 4096 B) before step 5
func.func @single_computation(%param: tensor<1xf32>) -> tensor<1xf32> {
  %bcast = remat.broadcast %param dims [0] : tensor<1xf32> -> tensor<1024xf32>
  %negate = remat.neg %bcast : tensor<1024xf32>
  %concat_1 = remat.concat %negate, %negate dim 0 : tensor<1024xf32>, tensor<1024xf32> -> tensor<2048xf32>
  %slice_1 = remat.reduce_max %concat_1 dims [0] keep_dims : tensor<2048xf32> -> tensor<1xf32>
  %concat_2 = remat.concat %bcast, %slice_1 dim 0 : tensor<1024xf32>, tensor<1xf32> -> tensor<1025xf32>
  %slice_2 = remat.reduce_max %concat_2 dims [0] keep_dims : tensor<1025xf32> -> tensor<1xf32>
  return %slice_2 : tensor<1xf32>
}
