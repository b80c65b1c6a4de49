// A random op is never recomputed: dropout is the cheapest value to drop
// across the peak, so a cost-aware solver would pick it if it could; it has
// side effects (its mask comes from a seed), so the expensive matmul is
// recomputed instead and the dropout output is kept.
// RUN: remat-opt %s -remat-rematerialize="budget=21KiB solver=greedy analysis-only" | FileCheck %s
// RUN: remat-opt %s -remat-rematerialize="budget=21KiB solver=greedy report-text=-" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
//
// Unless the user says otherwise: marked must_recompute, the dropout is
// recomputed (its mask is a function of the seed and counter, so the copy
// is the same) and the matmul is kept.
// RUN: sed -e 's/rate 0.5 :/rate 0.5 {remat.mark = #remat.mark<must_recompute>} :/' %s | remat-opt -remat-rematerialize="budget=21KiB solver=greedy analysis-only" | FileCheck %s --check-prefix=MARKED

// CHECK-LABEL: func.func @random
// CHECK: remat.dropout {{.*}}remat.decision = "keep"{{.*}}remat.kept_at_peak
// CHECK: remat.matmul {{.*}}remat.decision = "recompute"

// REPORT: kept across the peak: 1 value(s), 4.00 KiB
// REPORT: 4096 must (side effects){{.*}}remat.dropout
// REPORT: move remat.matmul

// MARKED-LABEL: func.func @random
// MARKED: remat.dropout {{.*}}remat.decision = "recompute"
// MARKED: remat.matmul {{.*}}remat.decision = "keep"
func.func @random(%x: tensor<32x32xf32>, %w: tensor<32x32xf32>, %seed: i64) -> tensor<32x32xf32> {
  %d = remat.dropout %x, %seed rate 0.5 : tensor<32x32xf32>
  %e = remat.matmul %x, %w : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  %t1 = remat.exp %x : tensor<32x32xf32>
  %t2 = remat.exp %t1 : tensor<32x32xf32>
  %t3 = remat.exp %t2 : tensor<32x32xf32>
  %r = remat.add %d, %e : tensor<32x32xf32>
  %s = remat.add %r, %t3 : tensor<32x32xf32>
  return %s : tensor<32x32xf32>
}
