// The soft PyTorch marks prefer_save and prefer_recompute steer which value
// the solver drops. Each function reads two 4 KiB values, %a = exp(x) and
// %b = x.w, at once (their sum's maximum) and keeps them across a 24 KiB
// peak (the 8 KiB concat and its reduction) for their sum; a 21 KiB budget
// needs one of them dropped, and either one recomputed from the arguments
// reaches 20 KiB. Unmarked, the exp is the cheap one (1024 FLOPs + 8 KiB
// traffic against 65536 FLOPs + 12 KiB for the matmul, a ratio of about 8):
// it is recomputed and the matmul kept. prefer_save on the exp (its cost
// counts 100x) flips the choice to the matmul, and so does prefer_recompute
// on the matmul (1/100). The report gives the unweighted FLOPs added. (The
// early read makes these recomputations: computing a value read only late
// at its read instead is a move, which costs nothing.) The exact solver's
// RUN lines are in prefer-marks-exact.mlir.
// RUN: remat-opt %s -remat-rematerialize="budget=21KiB solver=greedy analysis-only" | FileCheck %s
// RUN: remat-opt %s -remat-rematerialize="budget=21KiB solver=greedy analysis-only report-text=-" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

// CHECK-LABEL: func.func @unmarked
// CHECK-SAME: remat.peak_after = 20608 : i64, remat.peak_before = 24704 : i64
// CHECK: remat.exp {{.*}}remat.decision = "recompute", remat.recompute_at = array<i64: 8>
// CHECK: remat.matmul {{.*}}remat.decision = "keep", remat.kept_at_peak
// CHECK-LABEL: func.func @prefer_save
// CHECK-SAME: remat.peak_after = 20608 : i64
// CHECK: remat.exp {{.*}}remat.decision = "keep", remat.kept_at_peak, remat.mark = #remat.mark<prefer_save>
// CHECK: remat.matmul {{.*}}remat.decision = "recompute", remat.recompute_at = array<i64: 8>
// CHECK-LABEL: func.func @prefer_recompute
// CHECK-SAME: remat.peak_after = 20608 : i64
// CHECK: remat.exp {{.*}}remat.decision = "keep", remat.kept_at_peak
// CHECK: remat.matmul {{.*}}remat.decision = "recompute", remat.mark = #remat.mark<prefer_recompute>, remat.recompute_at = array<i64: 8>

// REPORT-LABEL: report for @unmarked
// REPORT: recomputed: 1 value(s), +1024 FLOPs
// REPORT: 4096  solver {{.*}}remat.matmul
// REPORT: recompute remat.exp ({{.*}}) before step 8
// REPORT-LABEL: report for @prefer_save
// REPORT: recomputed: 1 value(s), +65536 FLOPs
// REPORT: 4096  solver {{.*}}remat.exp
// REPORT: recompute remat.matmul ({{.*}}) before step 8
// REPORT-LABEL: report for @prefer_recompute
// REPORT: recomputed: 1 value(s), +65536 FLOPs
// REPORT: 4096  solver {{.*}}remat.exp
// REPORT: recompute remat.matmul ({{.*}}) before step 8

func.func @unmarked(%x: tensor<32x32xf32>, %w: tensor<32x32xf32>) -> (tensor<32x32xf32>, tensor<1x1xf32>, tensor<1x1xf32>) {
  %a = remat.exp %x : tensor<32x32xf32>
  %b = remat.matmul %x, %w : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  %ab = remat.add %a, %b : tensor<32x32xf32>
  %s = remat.reduce_max %ab dims [0, 1] keep_dims : tensor<32x32xf32> -> tensor<1x1xf32>
  %c = remat.concat %x, %x dim 0 : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<64x32xf32>
  %m = remat.reduce_max %c dims [0, 1] keep_dims : tensor<64x32xf32> -> tensor<1x1xf32>
  %r = remat.add %a, %b : tensor<32x32xf32>
  return %r, %m, %s : tensor<32x32xf32>, tensor<1x1xf32>, tensor<1x1xf32>
}

func.func @prefer_save(%x: tensor<32x32xf32>, %w: tensor<32x32xf32>) -> (tensor<32x32xf32>, tensor<1x1xf32>, tensor<1x1xf32>) {
  %a = remat.exp %x {remat.mark = #remat.mark<prefer_save>} : tensor<32x32xf32>
  %b = remat.matmul %x, %w : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  %ab = remat.add %a, %b : tensor<32x32xf32>
  %s = remat.reduce_max %ab dims [0, 1] keep_dims : tensor<32x32xf32> -> tensor<1x1xf32>
  %c = remat.concat %x, %x dim 0 : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<64x32xf32>
  %m = remat.reduce_max %c dims [0, 1] keep_dims : tensor<64x32xf32> -> tensor<1x1xf32>
  %r = remat.add %a, %b : tensor<32x32xf32>
  return %r, %m, %s : tensor<32x32xf32>, tensor<1x1xf32>, tensor<1x1xf32>
}

func.func @prefer_recompute(%x: tensor<32x32xf32>, %w: tensor<32x32xf32>) -> (tensor<32x32xf32>, tensor<1x1xf32>, tensor<1x1xf32>) {
  %a = remat.exp %x : tensor<32x32xf32>
  %b = remat.matmul %x, %w {remat.mark = #remat.mark<prefer_recompute>} : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  %ab = remat.add %a, %b : tensor<32x32xf32>
  %s = remat.reduce_max %ab dims [0, 1] keep_dims : tensor<32x32xf32> -> tensor<1x1xf32>
  %c = remat.concat %x, %x dim 0 : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<64x32xf32>
  %m = remat.reduce_max %c dims [0, 1] keep_dims : tensor<64x32xf32> -> tensor<1x1xf32>
  %r = remat.add %a, %b : tensor<32x32xf32>
  return %r, %m, %s : tensor<32x32xf32>, tensor<1x1xf32>, tensor<1x1xf32>
}

// Read only late, either value can be computed at its read instead: a move,
// which costs nothing. prefer_save still counts against moving its value
// (the part of its weight above 1), so the other one moves.
// CHECK-LABEL: func.func @prefer_save_late
// CHECK: remat.exp {{.*}}remat.decision = "keep", remat.kept_at_peak, remat.mark = #remat.mark<prefer_save>
// CHECK: remat.matmul {{.*}}remat.decision = "recompute", remat.recompute_at = array<i64: 6>
// REPORT-LABEL: report for @prefer_save_late
// REPORT: recomputed: 0 value(s), +0 FLOPs
// REPORT: moved: 1 value(s) computed later instead of earlier, 65536 FLOPs not added
func.func @prefer_save_late(%x: tensor<32x32xf32>, %w: tensor<32x32xf32>) -> (tensor<32x32xf32>, tensor<1x1xf32>) {
  %a = remat.exp %x {remat.mark = #remat.mark<prefer_save>} : tensor<32x32xf32>
  %b = remat.matmul %x, %w : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  %c = remat.concat %x, %x dim 0 : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<64x32xf32>
  %m = remat.reduce_max %c dims [0, 1] keep_dims : tensor<64x32xf32> -> tensor<1x1xf32>
  %r = remat.add %a, %b : tensor<32x32xf32>
  return %r, %m : tensor<32x32xf32>, tensor<1x1xf32>
}
