// PyTorch's classic x.cos().cos().cos(), forward and backward: at the
// tightest budget the returned c is computed at the end rather than kept
// alive across the whole backward pass, from a and b recomputed from x as a
// chain; a stays for its backward read. Nothing reads the original c then:
// computing it at the end is a move, not a recomputation, and adds no
// FLOPs. math.cos/math.sin are foreign ops: they get the fallback cost.
// RUN: remat-opt %s -remat-rematerialize="budget=20KiB solver=greedy analysis-only report-text=%t.txt" | FileCheck %s
// RUN: FileCheck %s --input-file=%t.txt --check-prefix=REPORT
// RUN: remat-opt %s -remat-rematerialize="budget=20KiB solver=greedy" | FileCheck %s --check-prefix=REWRITE

// CHECK-LABEL: func.func @cos_chain
// CHECK-SAME: remat.peak_after = 20480 : i64, remat.peak_before = 24576 : i64
// CHECK: math.cos %{{.*}} {remat.decision = "recompute", remat.kept_at_peak, remat.recompute_at = array<i64: [[END:[0-9]+]]>
// CHECK: math.cos %{{.*}} {remat.decision = "recompute", remat.recompute_at = array<i64: [[END]]>
// CHECK: math.cos %{{.*}} {remat.decision = "recompute", remat.recompute_at = array<i64: [[END]]>

// REPORT: peak: 24.0 KiB (24576 B) before -> 20.0 KiB (20480 B) after (-16.7%)
// REPORT: at the peak: arguments 8.00 KiB, kept for later 4.00 KiB, temporaries 8.00 KiB
// REPORT: recomputed: 2 value(s), +2048 FLOPs (+16.7% of 12288)
// REPORT-NEXT: moved: 1 value(s) computed later instead of earlier, 1024 FLOPs not added
// REPORT: kept across the peak: 1 value(s), 4.00 KiB
// REPORT-NEXT: bytes
// REPORT-NEXT: 4096 solver{{.*}}math.cos (
// REPORT: recompute math.cos ({{.*}}cos-chain.mlir:[[#A:]]:8, 4096 B) before step 14
// REPORT-NEXT: recompute math.cos ({{.*}}cos-chain.mlir:[[#A+1]]:8, 4096 B) before step 14
// REPORT-NEXT: move math.cos ({{.*}}cos-chain.mlir:[[#A+2]]:8, 4096 B) before step 14

// REWRITE-LABEL: func.func @cos_chain
// REWRITE-SAME: (%[[X:.*]]: tensor<1024xf32>, %[[G:.*]]: tensor<1024xf32>)
// REWRITE: %[[A:.*]] = math.cos %[[X]] : tensor<1024xf32>
// REWRITE-NEXT: %[[B:.*]] = math.cos %[[A]] : tensor<1024xf32>
// REWRITE-NEXT: math.sin %[[B]]
// REWRITE: math.sin %[[A]]
// REWRITE: %[[A3:.*]] = math.cos %[[X]] {remat.copy = {{[0-9]+}} : i64, remat.recomputed}
// REWRITE-NEXT: %[[B3:.*]] = math.cos %[[A3]] {remat.copy = {{[0-9]+}} : i64, remat.recomputed}
// REWRITE-NEXT: %[[C3:.*]] = math.cos %[[B3]] {remat.copy = {{[0-9]+}} : i64, remat.recomputed}
// REWRITE-NEXT: return %[[C3]],
func.func @cos_chain(%x: tensor<1024xf32>, %g: tensor<1024xf32>) -> (tensor<1024xf32>, tensor<1024xf32>) {
  %a = math.cos %x : tensor<1024xf32>
  %b = math.cos %a : tensor<1024xf32>
  %c = math.cos %b : tensor<1024xf32>
  // d(cos b)/db = -sin b
  %sb = math.sin %b : tensor<1024xf32>
  %nb = remat.neg %sb : tensor<1024xf32>
  %gb = remat.mul %g, %nb : tensor<1024xf32>
  %sa = math.sin %a : tensor<1024xf32>
  %na = remat.neg %sa : tensor<1024xf32>
  %ga = remat.mul %gb, %na : tensor<1024xf32>
  %sx = math.sin %x : tensor<1024xf32>
  %nx = remat.neg %sx : tensor<1024xf32>
  %gx = remat.mul %ga, %nx : tensor<1024xf32>
  return %c, %gx : tensor<1024xf32>, tensor<1024xf32>
}
