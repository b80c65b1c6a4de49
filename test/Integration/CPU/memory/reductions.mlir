// Measured against planned peak memory (budget=100%, one op per function):
// reductions over rows, columns (keep_dims) and everything, in f32 (the
// accumulator is the result; reduce_mean divides in place) and f16 (an f32
// accumulator, then converted); softmax and the backward ops.
// Tolerance 0: every buffer the CPU lowering allocates is 64-byte rounded,
// as the planner counts it, and each op's scratchBytes names the temporaries
// its lowering holds at its worst moment, so the measured peak must equal the
// planned one to the byte. (The 64-byte copies One-Shot Bufferize used to
// make of every reduction tile are gone: remat-tile-and-vectorize folds the
// loop carries that caused them.)
// DEFINE: %{plan} = -remat-rematerialize=budget=100%
// DEFINE: %{measure} = remat-run - --check-memory=0 --print=0
// RUN: split-file %s %t
// RUN: remat-opt %t/reduce_sum_rows.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/reduce_sum_cols_keep.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/reduce_sum_all.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/reduce_sum_f16.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/reduce_mean_rows.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/reduce_mean_cols_keep.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/reduce_mean_all.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/reduce_mean_f16.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/reduce_max_rows.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/reduce_max_cols_keep.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/reduce_max_all.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/reduce_max_f16.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/softmax_last.mlir %{plan} | %{measure} | FileCheck %s --check-prefixes=CHECK,ROWS
// RUN: remat-opt %t/softmax_first.mlir %{plan} | %{measure} | FileCheck %s --check-prefixes=CHECK,COLUMNS
// RUN: remat-opt %t/softmax_f16.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/softmax_grad.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/softmax_grad_axis0.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/reduce_max_grad.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/reduce_max_grad_keep.mlir %{plan} | %{measure} | FileCheck %s

// softmax of [32, 96] along 1: the argument and the result (12288 B each),
// and one f32 row statistic at a time, 32 x 4 = 128 B (the maxima are freed
// once the exponentials are written, before the sums are taken).
// ROWS: measured peak 24704 B

// Along 0: the statistics are 96 columns, 384 B.
// COLUMNS: measured peak 24960 B

// CHECK: PASS memory

//--- reduce_sum_rows.mlir
func.func @reduce_sum_rows(%x: tensor<32x96xf32>) -> tensor<32xf32> {
  %y = remat.reduce_sum %x dims [1] : tensor<32x96xf32> -> tensor<32xf32>
  return %y : tensor<32xf32>
}

//--- reduce_sum_cols_keep.mlir
func.func @reduce_sum_cols_keep(%x: tensor<32x96xf32>) -> tensor<1x96xf32> {
  %y = remat.reduce_sum %x dims [0] keep_dims : tensor<32x96xf32> -> tensor<1x96xf32>
  return %y : tensor<1x96xf32>
}

//--- reduce_sum_all.mlir
func.func @reduce_sum_all(%x: tensor<32x96xf32>) -> tensor<f32> {
  %y = remat.reduce_sum %x dims [0, 1] : tensor<32x96xf32> -> tensor<f32>
  return %y : tensor<f32>
}

//--- reduce_sum_f16.mlir
func.func @reduce_sum_f16(%x: tensor<32x96xf16>) -> tensor<32xf16> {
  %y = remat.reduce_sum %x dims [1] : tensor<32x96xf16> -> tensor<32xf16>
  return %y : tensor<32xf16>
}

//--- reduce_mean_rows.mlir
func.func @reduce_mean_rows(%x: tensor<32x96xf32>) -> tensor<32xf32> {
  %y = remat.reduce_mean %x dims [1] : tensor<32x96xf32> -> tensor<32xf32>
  return %y : tensor<32xf32>
}

//--- reduce_mean_cols_keep.mlir
func.func @reduce_mean_cols_keep(%x: tensor<32x96xf32>) -> tensor<1x96xf32> {
  %y = remat.reduce_mean %x dims [0] keep_dims : tensor<32x96xf32> -> tensor<1x96xf32>
  return %y : tensor<1x96xf32>
}

//--- reduce_mean_all.mlir
func.func @reduce_mean_all(%x: tensor<32x96xf32>) -> tensor<f32> {
  %y = remat.reduce_mean %x dims [0, 1] : tensor<32x96xf32> -> tensor<f32>
  return %y : tensor<f32>
}

//--- reduce_mean_f16.mlir
func.func @reduce_mean_f16(%x: tensor<32x96xf16>) -> tensor<32xf16> {
  %y = remat.reduce_mean %x dims [1] : tensor<32x96xf16> -> tensor<32xf16>
  return %y : tensor<32xf16>
}

//--- reduce_max_rows.mlir
func.func @reduce_max_rows(%x: tensor<32x96xf32>) -> tensor<32xf32> {
  %y = remat.reduce_max %x dims [1] : tensor<32x96xf32> -> tensor<32xf32>
  return %y : tensor<32xf32>
}

//--- reduce_max_cols_keep.mlir
func.func @reduce_max_cols_keep(%x: tensor<32x96xf32>) -> tensor<1x96xf32> {
  %y = remat.reduce_max %x dims [0] keep_dims : tensor<32x96xf32> -> tensor<1x96xf32>
  return %y : tensor<1x96xf32>
}

//--- reduce_max_all.mlir
func.func @reduce_max_all(%x: tensor<32x96xf32>) -> tensor<f32> {
  %y = remat.reduce_max %x dims [0, 1] : tensor<32x96xf32> -> tensor<f32>
  return %y : tensor<f32>
}

//--- reduce_max_f16.mlir
func.func @reduce_max_f16(%x: tensor<32x96xf16>) -> tensor<32xf16> {
  %y = remat.reduce_max %x dims [1] : tensor<32x96xf16> -> tensor<32xf16>
  return %y : tensor<32xf16>
}

//--- softmax_last.mlir
func.func @softmax_last(%x: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %y = remat.softmax %x axis 1 : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- softmax_first.mlir
func.func @softmax_first(%x: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %y = remat.softmax %x axis 0 : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- softmax_f16.mlir
func.func @softmax_f16(%x: tensor<4x8x96xf16>) -> tensor<4x8x96xf16> {
  %y = remat.softmax %x axis 2 : tensor<4x8x96xf16>
  return %y : tensor<4x8x96xf16>
}

//--- softmax_grad.mlir
func.func @softmax_grad(%g: tensor<32x96xf32>, %y0: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %y = remat.softmax_grad %g, %y0 axis 1 : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- softmax_grad_axis0.mlir
func.func @softmax_grad_axis0(%g: tensor<32x96xf32>, %y0: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %y = remat.softmax_grad %g, %y0 axis 0 : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- reduce_max_grad.mlir
func.func @reduce_max_grad(%g: tensor<32xf32>, %x: tensor<32x96xf32>, %m: tensor<32xf32>) -> tensor<32x96xf32> {
  %y = remat.reduce_max_grad %g, %x, %m dims [1] : tensor<32xf32>, tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- reduce_max_grad_keep.mlir
func.func @reduce_max_grad_keep(%g: tensor<1x96xf32>, %x: tensor<32x96xf32>, %m: tensor<1x96xf32>) -> tensor<32x96xf32> {
  %y = remat.reduce_max_grad %g, %x, %m dims [0] keep_dims : tensor<1x96xf32>, tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}
