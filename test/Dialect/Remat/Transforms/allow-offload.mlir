// allow-offload lets the greedy move any value to host memory, not only
// those an offloading policy names. In @dots two 4 KiB matmul results are
// read at once (their sum's maximum), then kept across a 24 KiB peak for
// their sum, and a 21 KiB budget needs one dropped:
// recomputing x.w costs 65536 FLOPs + 12 KiB of traffic, moving its 4 KiB
// out and back 4 FLOP-equivalents per byte each way, so with allow-offload
// it is offloaded after it is computed and reloaded before its read;
// without, it is recomputed. In @exp_and_dot the cheap exp (1024 FLOPs +
// 8 KiB) is still recomputed with allow-offload: offloading is a cost-aware
// choice, not a preference. (Without the early read, computing the value
// at its late read would be a move, which costs nothing and beats both.)
// A byte moved costs flop-rate / offload-bandwidth FLOPs (40e9 / 10e9 = 4
// by default): over a link of 4e9 B/s it costs 10, 81920 for x.w's round
// trip, dearer than its recomputation (77824), which then wins.
// RUN: remat-opt %s -remat-rematerialize="budget=21KiB solver=greedy allow-offload analysis-only" | FileCheck %s
// RUN: remat-opt %s -remat-rematerialize="budget=21KiB solver=greedy allow-offload" | FileCheck %s --check-prefix=REWRITE
// RUN: remat-opt %s -remat-rematerialize="budget=21KiB solver=greedy allow-offload analysis-only report-text=-" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: remat-opt %s -remat-rematerialize="budget=21KiB solver=greedy analysis-only" | FileCheck %s --check-prefix=NOOFFLOAD
// RUN: remat-opt %s -remat-rematerialize="budget=21KiB solver=greedy allow-offload offload-bandwidth=4e9 analysis-only" | FileCheck %s --check-prefix=SLOWLINK
// RUN: remat-opt %s -remat-rematerialize="budget=21KiB solver=search allow-offload time-limit=1 analysis-only" | FileCheck %s
// RUN: remat-opt %s -remat-rematerialize="budget=21KiB solver=greedy" | FileCheck %s --check-prefix=NOOFFLOAD-REWRITE

// CHECK-LABEL: func.func @dots
// CHECK-SAME: remat.peak_after = 20608 : i64, remat.peak_before = 24704 : i64
// CHECK: remat.matmul %{{.*}}, %{{.*}} {remat.decision = "offload", remat.offload_after = array<i64: 4>, remat.reload_at = array<i64: 8>
// CHECK: remat.matmul {{.*}}remat.decision = "keep", remat.kept_at_peak
// CHECK-LABEL: func.func @exp_and_dot
// CHECK-NOT: "offload"
// CHECK: remat.exp {{.*}}remat.decision = "recompute", remat.recompute_at = array<i64: 8>
// CHECK: remat.matmul {{.*}}remat.decision = "keep", remat.kept_at_peak
// CHECK-NOT: "offload"

// SLOWLINK-LABEL: func.func @dots
// SLOWLINK-NOT: "offload"
// SLOWLINK: remat.matmul {{.*}}remat.decision = "recompute"
// SLOWLINK-NOT: "offload"

// REWRITE-LABEL: func.func @dots
// REWRITE-SAME: (%[[X:.*]]: tensor<32x32xf32>, %[[W:.*]]: tensor<32x32xf32>)
// REWRITE: %[[A:.*]] = remat.matmul %[[X]], %[[W]] :
// REWRITE-NEXT: %[[B:.*]] = remat.matmul %[[W]], %[[X]] :
// REWRITE-NEXT: remat.add %[[A]], %[[B]]
// REWRITE-NEXT: %[[HOST:.*]] = remat.offload %[[A]] : tensor<32x32xf32> -> tensor<32x32xf32, #remat.host>
// REWRITE-NOT: remat.recomputed
// REWRITE: %[[R:.*]] = remat.reload %[[HOST]] {remat.copy = {{[0-9]+}} : i64} : tensor<32x32xf32, #remat.host> -> tensor<32x32xf32>
// REWRITE-NEXT: remat.add %[[R]], %[[B]]
// REWRITE-LABEL: func.func @exp_and_dot
// REWRITE-NOT: remat.offload
// REWRITE: remat.exp {{.*}}remat.recomputed}
// REWRITE-NOT: remat.offload

// REPORT-LABEL: report for @dots
// REPORT: recomputed: 0 value(s), +0 FLOPs
// REPORT: offloaded: 1 value(s), host peak 4.00 KiB
// REPORT: reload remat.matmul ({{.*}}allow-offload.mlir:[[#@LINE+18]]:{{[0-9]+}}, 4096 B) before step 8
// REPORT-LABEL: report for @exp_and_dot
// REPORT: recomputed: 1 value(s), +1024 FLOPs
// REPORT: offloaded: 0 value(s), host peak 0 B

// NOOFFLOAD-NOT: "offload"
// NOOFFLOAD-LABEL: func.func @dots
// NOOFFLOAD: remat.matmul %{{.*}}, %{{.*}} {remat.decision = "recompute", remat.recompute_at = array<i64: 8>
// NOOFFLOAD-NOT: "offload"

// NOOFFLOAD-REWRITE-NOT: remat.offload
// NOOFFLOAD-REWRITE-LABEL: func.func @dots
// NOOFFLOAD-REWRITE: remat.matmul {{.*}}remat.recomputed}
// NOOFFLOAD-REWRITE-NEXT: remat.add
// NOOFFLOAD-REWRITE-NOT: remat.offload
// NOOFFLOAD-REWRITE-NOT: remat.reload

func.func @dots(%x: tensor<32x32xf32>, %w: tensor<32x32xf32>) -> (tensor<32x32xf32>, tensor<1x1xf32>, tensor<1x1xf32>) {
  %a = remat.matmul %x, %w : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  %b = remat.matmul %w, %x : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  %ab = remat.add %a, %b : tensor<32x32xf32>
  %s = remat.reduce_max %ab dims [0, 1] keep_dims : tensor<32x32xf32> -> tensor<1x1xf32>
  %c = remat.concat %x, %x dim 0 : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<64x32xf32>
  %m = remat.reduce_max %c dims [0, 1] keep_dims : tensor<64x32xf32> -> tensor<1x1xf32>
  %r = remat.add %a, %b : tensor<32x32xf32>
  return %r, %m, %s : tensor<32x32xf32>, tensor<1x1xf32>, tensor<1x1xf32>
}

func.func @exp_and_dot(%x: tensor<32x32xf32>, %w: tensor<32x32xf32>) -> (tensor<32x32xf32>, tensor<1x1xf32>, tensor<1x1xf32>) {
  %a = remat.exp %x : tensor<32x32xf32>
  %b = remat.matmul %x, %w : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  %ab = remat.add %a, %b : tensor<32x32xf32>
  %s = remat.reduce_max %ab dims [0, 1] keep_dims : tensor<32x32xf32> -> tensor<1x1xf32>
  %c = remat.concat %x, %x dim 0 : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<64x32xf32>
  %m = remat.reduce_max %c dims [0, 1] keep_dims : tensor<64x32xf32> -> tensor<1x1xf32>
  %r = remat.add %a, %b : tensor<32x32xf32>
  return %r, %m, %s : tensor<32x32xf32>, tensor<1x1xf32>, tensor<1x1xf32>
}
