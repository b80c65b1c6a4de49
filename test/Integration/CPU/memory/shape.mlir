// Measured against planned peak memory (budget=100%): gathers and shape
// ops. reshape, slice and name are views, except where a view cannot stay
// one: a returned slice (its layout is not the identity a result needs), a
// returned view of an argument (the caller owns every result) and a reshape
// of a slice (which may not be contiguous) are copied where they are, and
// planned as new values (ViewCopies.h). Not covered: returning an argument
// itself (bufferization copies it at the return, which the plan does not
// see).
// Tolerance 0: every buffer the CPU lowering allocates is 64-byte rounded,
// as the planner counts it, and each op's scratchBytes names the temporaries
// its lowering holds at its worst moment, so the measured peak must equal the
// planned one to the byte. (The 64-byte copies One-Shot Bufferize used to
// make of every reduction tile are gone: remat-tile-and-vectorize folds the
// loop carries that caused them.)
// DEFINE: %{plan} = -remat-rematerialize=budget=100%
// DEFINE: %{measure} = remat-run - --check-memory=0 --print=0
// RUN: split-file %s %t
// RUN: remat-opt %t/embedding.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/embedding_f16.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/embedding_grad.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/embedding_grad_f16.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/transpose.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/concat.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/slice_grad.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/reshape_exp.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/name.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/reshape.mlir %{plan} | %{measure} | FileCheck %s --check-prefixes=CHECK,RESHAPE
// RUN: remat-opt %t/name_arg.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/slice_exp.mlir %{plan} | %{measure} | FileCheck %s --check-prefixes=CHECK,SLICE
// RUN: remat-opt %t/ret_slice_arg.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/ret_rows_slice.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/reshape_of_slice.mlir %{plan} | %{measure} | FileCheck %s --check-prefixes=CHECK,RESHAPESLICE

// A returned reshape of the argument is a copy: 2 x 12288 B.
// RESHAPE: measured peak 24576 B

// The argument and exp's result (12288 B each) and the returned strided
// slice, copied while exp's result is live: 2 x 12288 + 16 x 32 x 4 = 26624 B.
// SLICE: measured peak 26624 B

// exp's result is live while its slice is copied for the reshape (4096 B),
// then freed before tanh: 12288 + 12288 + 4096 = 28672 B.
// RESHAPESLICE: measured peak 28672 B

// CHECK: PASS memory

//--- embedding.mlir
func.func @embedding(%t: tensor<100x48xf32>, %ids: tensor<4x16xi32>) -> tensor<4x16x48xf32> {
  %y = remat.embedding %t, %ids : tensor<100x48xf32>, tensor<4x16xi32> -> tensor<4x16x48xf32>
  return %y : tensor<4x16x48xf32>
}

//--- embedding_f16.mlir
func.func @embedding_f16(%t: tensor<100x48xf16>, %ids: tensor<20xi64>) -> tensor<20x48xf16> {
  %y = remat.embedding %t, %ids : tensor<100x48xf16>, tensor<20xi64> -> tensor<20x48xf16>
  return %y : tensor<20x48xf16>
}

//--- embedding_grad.mlir
func.func @embedding_grad(%g: tensor<4x16x48xf32>, %ids: tensor<4x16xi32>) -> tensor<100x48xf32> {
  %y = remat.embedding_grad %g, %ids : tensor<4x16x48xf32>, tensor<4x16xi32> -> tensor<100x48xf32>
  return %y : tensor<100x48xf32>
}

//--- embedding_grad_f16.mlir
func.func @embedding_grad_f16(%g: tensor<20x48xf16>, %ids: tensor<20xi64>) -> tensor<100x48xf16> {
  %y = remat.embedding_grad %g, %ids : tensor<20x48xf16>, tensor<20xi64> -> tensor<100x48xf16>
  return %y : tensor<100x48xf16>
}

//--- transpose.mlir
func.func @transpose(%x: tensor<32x96xf32>) -> tensor<96x32xf32> {
  %y = remat.transpose %x perm [1, 0] : tensor<32x96xf32> -> tensor<96x32xf32>
  return %y : tensor<96x32xf32>
}

//--- concat.mlir
func.func @concat(%a: tensor<32x96xf32>, %b: tensor<32x5xf32>) -> tensor<32x101xf32> {
  %y = remat.concat %a, %b dim 1 : tensor<32x96xf32>, tensor<32x5xf32> -> tensor<32x101xf32>
  return %y : tensor<32x101xf32>
}

//--- slice_grad.mlir
func.func @slice_grad(%g: tensor<16x32xf32>) -> tensor<32x96xf32> {
  %y = remat.slice_grad %g start [0, 8] limit [32, 72] strides [2, 2] : tensor<16x32xf32> -> tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- reshape_exp.mlir
func.func @reshape_exp(%x: tensor<32x96xf32>) -> tensor<3072xf32> {
  %e = remat.exp %x : tensor<32x96xf32>
  %y = remat.reshape %e : tensor<32x96xf32> -> tensor<3072xf32>
  return %y : tensor<3072xf32>
}

//--- name.mlir
func.func @name(%x: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %e = remat.exp %x : tensor<32x96xf32>
  %y = remat.name %e as "e" : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- reshape.mlir
func.func @reshape(%x: tensor<32x96xf32>) -> tensor<3072xf32> {
  %y = remat.reshape %x : tensor<32x96xf32> -> tensor<3072xf32>
  return %y : tensor<3072xf32>
}

//--- name_arg.mlir
func.func @name_arg(%x: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %y = remat.name %x as "x" : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- slice_exp.mlir
func.func @slice_exp(%x: tensor<32x96xf32>) -> tensor<16x32xf32> {
  %e = remat.exp %x : tensor<32x96xf32>
  %y = remat.slice %e start [0, 8] limit [32, 72] strides [2, 2] : tensor<32x96xf32> -> tensor<16x32xf32>
  return %y : tensor<16x32xf32>
}

//--- ret_slice_arg.mlir
func.func @ret_slice_arg(%x: tensor<32x96xf32>) -> tensor<32x48xf32> {
  %y = remat.slice %x start [0, 0] limit [32, 48] : tensor<32x96xf32> -> tensor<32x48xf32>
  return %y : tensor<32x48xf32>
}

//--- ret_rows_slice.mlir
func.func @ret_rows_slice(%x: tensor<32x96xf32>) -> tensor<8x96xf32> {
  %e = remat.exp %x : tensor<32x96xf32>
  %y = remat.slice %e start [8, 0] limit [16, 96] : tensor<32x96xf32> -> tensor<8x96xf32>
  return %y : tensor<8x96xf32>
}

//--- reshape_of_slice.mlir
func.func @reshape_of_slice(%x: tensor<32x96xf32>) -> tensor<32x32xf32> {
  %e = remat.exp %x : tensor<32x96xf32>
  %s = remat.slice %e start [0, 8] limit [32, 72] strides [1, 2] : tensor<32x96xf32> -> tensor<32x32xf32>
  %r = remat.reshape %s : tensor<32x32xf32> -> tensor<1024xf32>
  %t = remat.tanh %r : tensor<1024xf32>
  %y = remat.reshape %t : tensor<1024xf32> -> tensor<32x32xf32>
  return %y : tensor<32x32xf32>
}
