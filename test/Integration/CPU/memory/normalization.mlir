// Measured against planned peak memory (budget=100%): layer_norm and
// batch_norm, forward and backward, f32 and f16; and batch_norm's side
// results (mean, variance), which outlive its normalized result.
// Tolerance 0: every buffer the CPU lowering allocates is 64-byte rounded,
// as the planner counts it, and each op's scratchBytes names the temporaries
// its lowering holds at its worst moment, so the measured peak must equal the
// planned one to the byte. (The 64-byte copies One-Shot Bufferize used to
// make of every reduction tile are gone: remat-tile-and-vectorize folds the
// loop carries that caused them.)
// DEFINE: %{plan} = -remat-rematerialize=budget=100%
// DEFINE: %{measure} = remat-run - --check-memory=0 --print=0
// RUN: split-file %s %t
// RUN: remat-opt %t/layer_norm.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/layer_norm_affine.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/layer_norm_2axes_f16.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/batch_norm.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/batch_norm_f16.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/layer_norm_grad.mlir %{plan} | %{measure} | FileCheck %s --check-prefixes=CHECK,LNGRAD
// RUN: remat-opt %t/layer_norm_grad_noweight.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/layer_norm_grad_f16.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/batch_norm_grad.mlir %{plan} | %{measure} | FileCheck %s --check-prefixes=CHECK,BNGRAD
// RUN: remat-opt %t/batch_norm_grad_f16.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/bn_side_results.mlir %{plan} | %{measure} | FileCheck %s --check-prefixes=CHECK,SIDE

// layer_norm_grad [32, 96]: arguments 2 x 12288 + 384 B, results 12288 +
// 2 x 384 B. The row mean, rstd and two gradient sums (4 x 128 B) are freed
// before the parameter gradients are allocated, so the results bound the
// peak: 24960 + 13056 = 38016 B.
// LNGRAD: measured peak 38016 B

// batch_norm_grad [4, 8, 12, 12]: arguments 2 x 18432 + 3 x 64 B, results
// 18432 + 2 x 64 B (the bias gradient is the first channel sum itself), and
// three f32 coefficients per channel (3 x 64 B) while dx is computed:
// 55808 B.
// BNGRAD: measured peak 55808 B

// batch_norm's normalized result (18432 B) is freed after exp reads it,
// while its mean and variance live to the return. Planned as one value of
// 18432 + 2 x 64 B, it would stay live to the end (74112 B); as separate
// values the peak is the arguments (18560 B), two 18432 B tensors and the
// statistics: 55552 B.
// SIDE: measured peak 55552 B

// CHECK: PASS memory

//--- layer_norm.mlir
func.func @layer_norm(%x: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %y = remat.layer_norm %x axes [1] eps 1.0e-05 : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- layer_norm_affine.mlir
func.func @layer_norm_affine(%x: tensor<32x96xf32>, %g: tensor<96xf32>, %b: tensor<96xf32>) -> tensor<32x96xf32> {
  %y = remat.layer_norm %x weight %g : tensor<96xf32> bias %b : tensor<96xf32> axes [1] eps 1.0e-05 : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- layer_norm_2axes_f16.mlir
func.func @layer_norm_2axes_f16(%x: tensor<4x8x96xf16>) -> tensor<4x8x96xf16> {
  %y = remat.layer_norm %x axes [1, 2] eps 1.0e-05 : tensor<4x8x96xf16>
  return %y : tensor<4x8x96xf16>
}

//--- batch_norm.mlir
func.func @batch_norm(%x: tensor<4x8x12x12xf32>, %g: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<4x8x12x12xf32>, tensor<8xf32>, tensor<8xf32>) {
  %y, %m, %v = remat.batch_norm %x, %g, %b eps 1.0e-05 : tensor<4x8x12x12xf32>, tensor<8xf32>, tensor<8xf32>
  return %y, %m, %v : tensor<4x8x12x12xf32>, tensor<8xf32>, tensor<8xf32>
}

//--- batch_norm_f16.mlir
func.func @batch_norm_f16(%x: tensor<4x8x12x12xf16>, %g: tensor<8xf16>, %b: tensor<8xf16>) -> (tensor<4x8x12x12xf16>, tensor<8xf16>, tensor<8xf16>) {
  %y, %m, %v = remat.batch_norm %x, %g, %b eps 1.0e-05 : tensor<4x8x12x12xf16>, tensor<8xf16>, tensor<8xf16>
  return %y, %m, %v : tensor<4x8x12x12xf16>, tensor<8xf16>, tensor<8xf16>
}

//--- layer_norm_grad.mlir
func.func @layer_norm_grad(%g: tensor<32x96xf32>, %x: tensor<32x96xf32>, %w: tensor<96xf32>) -> (tensor<32x96xf32>, tensor<96xf32>, tensor<96xf32>) {
  %y:3 = remat.layer_norm_grad %g, %x weight %w : tensor<96xf32> axes [1] eps 1.0e-05 : tensor<32x96xf32>
  return %y#0, %y#1, %y#2 : tensor<32x96xf32>, tensor<96xf32>, tensor<96xf32>
}

//--- layer_norm_grad_noweight.mlir
func.func @layer_norm_grad_noweight(%g: tensor<32x96xf32>, %x: tensor<32x96xf32>) -> (tensor<32x96xf32>, tensor<96xf32>, tensor<96xf32>) {
  %y:3 = remat.layer_norm_grad %g, %x axes [1] eps 1.0e-05 : tensor<32x96xf32>
  return %y#0, %y#1, %y#2 : tensor<32x96xf32>, tensor<96xf32>, tensor<96xf32>
}

//--- layer_norm_grad_f16.mlir
func.func @layer_norm_grad_f16(%g: tensor<4x8x96xf16>, %x: tensor<4x8x96xf16>, %w: tensor<8x96xf16>) -> (tensor<4x8x96xf16>, tensor<8x96xf16>, tensor<8x96xf16>) {
  %y:3 = remat.layer_norm_grad %g, %x weight %w : tensor<8x96xf16> axes [1, 2] eps 1.0e-05 : tensor<4x8x96xf16>
  return %y#0, %y#1, %y#2 : tensor<4x8x96xf16>, tensor<8x96xf16>, tensor<8x96xf16>
}

//--- batch_norm_grad.mlir
func.func @batch_norm_grad(%g: tensor<4x8x12x12xf32>, %x: tensor<4x8x12x12xf32>, %w: tensor<8xf32>, %m: tensor<8xf32>, %v: tensor<8xf32>) -> (tensor<4x8x12x12xf32>, tensor<8xf32>, tensor<8xf32>) {
  %y:3 = remat.batch_norm_grad %g, %x, %w, %m, %v eps 1.0e-05 : tensor<4x8x12x12xf32>, tensor<8xf32>
  return %y#0, %y#1, %y#2 : tensor<4x8x12x12xf32>, tensor<8xf32>, tensor<8xf32>
}

//--- batch_norm_grad_f16.mlir
func.func @batch_norm_grad_f16(%g: tensor<4x8x12x12xf16>, %x: tensor<4x8x12x12xf16>, %w: tensor<8xf16>, %m: tensor<8xf16>, %v: tensor<8xf16>) -> (tensor<4x8x12x12xf16>, tensor<8xf16>, tensor<8xf16>) {
  %y:3 = remat.batch_norm_grad %g, %x, %w, %m, %v eps 1.0e-05 : tensor<4x8x12x12xf16>, tensor<8xf16>
  return %y#0, %y#1, %y#2 : tensor<4x8x12x12xf16>, tensor<8xf16>, tensor<8xf16>
}

//--- bn_side_results.mlir
func.func @bn_side_results(%x: tensor<4x8x12x12xf32>, %g: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<4x8x12x12xf32>, tensor<8xf32>, tensor<8xf32>) {
  %y, %m, %v = remat.batch_norm %x, %g, %b eps 1.0e-05 : tensor<4x8x12x12xf32>, tensor<8xf32>, tensor<8xf32>
  %e = remat.exp %y : tensor<4x8x12x12xf32>
  %t = remat.tanh %e : tensor<4x8x12x12xf32>
  %s = remat.sigmoid %t : tensor<4x8x12x12xf32>
  return %s, %m, %v : tensor<4x8x12x12xf32>, tensor<8xf32>, tensor<8xf32>
}
