// Measured against planned peak memory (budget=100%, one op per function):
// max and average pooling, forward and backward, with and without padding,
// f32 and f16.
// Tolerance 0: every buffer the CPU lowering allocates is 64-byte rounded,
// as the planner counts it, and each op's scratchBytes names the temporaries
// its lowering holds at its worst moment, so the measured peak must equal the
// planned one to the byte. (The 64-byte copies One-Shot Bufferize used to
// make of every reduction tile are gone: remat-tile-and-vectorize folds the
// loop carries that caused them.)
// DEFINE: %{plan} = -remat-rematerialize=budget=100%
// DEFINE: %{measure} = remat-run - --check-memory=0 --print=0
// RUN: split-file %s %t
// RUN: remat-opt %t/max_pool2d.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/max_pool2d_pad.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/max_pool2d_f16_pad.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/avg_pool2d.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/avg_pool2d_pad.mlir %{plan} | %{measure} | FileCheck %s --check-prefixes=CHECK,AVGPAD
// RUN: remat-opt %t/avg_pool2d_f16.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/avg_pool2d_f16_pad.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/max_pool2d_grad.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/max_pool2d_grad_pad.mlir %{plan} | %{measure} | FileCheck %s --check-prefixes=CHECK,MAXGRAD
// RUN: remat-opt %t/max_pool2d_grad_f16.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/avg_pool2d_grad.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/avg_pool2d_grad_pad.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/avg_pool2d_grad_f16.mlir %{plan} | %{measure} | FileCheck %s

// avg_pool2d 3x3 / 2, padding 1: the argument (16384 B), the padded copy
// (20736 B) and the result (4096 B), summed then divided in place: 41216 B.
// AVGPAD: measured peak 41216 B

// max_pool2d_grad 3x3 / 2, padding 1: the arguments (4096 + 16384 B) and the
// result (16384 B), into which every input element gathers the gradients of
// the windows it wins (each window's maximum found anew): nothing else,
// 36864 B.
// MAXGRAD: measured peak 36864 B

// CHECK: PASS memory

//--- max_pool2d.mlir
func.func @max_pool2d(%x: tensor<2x8x16x16xf32>) -> tensor<2x8x8x8xf32> {
  %y = remat.max_pool2d %x kernel [2, 2] : tensor<2x8x16x16xf32> -> tensor<2x8x8x8xf32>
  return %y : tensor<2x8x8x8xf32>
}

//--- max_pool2d_pad.mlir
func.func @max_pool2d_pad(%x: tensor<2x8x16x16xf32>) -> tensor<2x8x8x8xf32> {
  %y = remat.max_pool2d %x kernel [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<2x8x16x16xf32> -> tensor<2x8x8x8xf32>
  return %y : tensor<2x8x8x8xf32>
}

//--- max_pool2d_f16_pad.mlir
func.func @max_pool2d_f16_pad(%x: tensor<2x8x16x16xf16>) -> tensor<2x8x8x8xf16> {
  %y = remat.max_pool2d %x kernel [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<2x8x16x16xf16> -> tensor<2x8x8x8xf16>
  return %y : tensor<2x8x8x8xf16>
}

//--- avg_pool2d.mlir
func.func @avg_pool2d(%x: tensor<2x8x16x16xf32>) -> tensor<2x8x8x8xf32> {
  %y = remat.avg_pool2d %x kernel [2, 2] : tensor<2x8x16x16xf32> -> tensor<2x8x8x8xf32>
  return %y : tensor<2x8x8x8xf32>
}

//--- avg_pool2d_pad.mlir
func.func @avg_pool2d_pad(%x: tensor<2x8x16x16xf32>) -> tensor<2x8x8x8xf32> {
  %y = remat.avg_pool2d %x kernel [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<2x8x16x16xf32> -> tensor<2x8x8x8xf32>
  return %y : tensor<2x8x8x8xf32>
}

//--- avg_pool2d_f16.mlir
func.func @avg_pool2d_f16(%x: tensor<2x8x16x16xf16>) -> tensor<2x8x8x8xf16> {
  %y = remat.avg_pool2d %x kernel [2, 2] : tensor<2x8x16x16xf16> -> tensor<2x8x8x8xf16>
  return %y : tensor<2x8x8x8xf16>
}

//--- avg_pool2d_f16_pad.mlir
func.func @avg_pool2d_f16_pad(%x: tensor<2x8x16x16xf16>) -> tensor<2x8x8x8xf16> {
  %y = remat.avg_pool2d %x kernel [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<2x8x16x16xf16> -> tensor<2x8x8x8xf16>
  return %y : tensor<2x8x8x8xf16>
}

//--- max_pool2d_grad.mlir
func.func @max_pool2d_grad(%g: tensor<2x8x8x8xf32>, %x: tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32> {
  %y = remat.max_pool2d_grad %g, %x kernel [2, 2] : tensor<2x8x8x8xf32>, tensor<2x8x16x16xf32>
  return %y : tensor<2x8x16x16xf32>
}

//--- max_pool2d_grad_pad.mlir
func.func @max_pool2d_grad_pad(%g: tensor<2x8x8x8xf32>, %x: tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32> {
  %y = remat.max_pool2d_grad %g, %x kernel [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<2x8x8x8xf32>, tensor<2x8x16x16xf32>
  return %y : tensor<2x8x16x16xf32>
}

//--- max_pool2d_grad_f16.mlir
func.func @max_pool2d_grad_f16(%g: tensor<2x8x8x8xf16>, %x: tensor<2x8x16x16xf16>) -> tensor<2x8x16x16xf16> {
  %y = remat.max_pool2d_grad %g, %x kernel [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<2x8x8x8xf16>, tensor<2x8x16x16xf16>
  return %y : tensor<2x8x16x16xf16>
}

//--- avg_pool2d_grad.mlir
func.func @avg_pool2d_grad(%g: tensor<2x8x8x8xf32>) -> tensor<2x8x16x16xf32> {
  %y = remat.avg_pool2d_grad %g kernel [2, 2] : tensor<2x8x8x8xf32> -> tensor<2x8x16x16xf32>
  return %y : tensor<2x8x16x16xf32>
}

//--- avg_pool2d_grad_pad.mlir
func.func @avg_pool2d_grad_pad(%g: tensor<2x8x8x8xf32>) -> tensor<2x8x16x16xf32> {
  %y = remat.avg_pool2d_grad %g kernel [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<2x8x8x8xf32> -> tensor<2x8x16x16xf32>
  return %y : tensor<2x8x16x16xf32>
}

//--- avg_pool2d_grad_f16.mlir
func.func @avg_pool2d_grad_f16(%g: tensor<2x8x8x8xf16>) -> tensor<2x8x16x16xf16> {
  %y = remat.avg_pool2d_grad %g kernel [2, 2] : tensor<2x8x8x8xf16> -> tensor<2x8x16x16xf16>
  return %y : tensor<2x8x16x16xf16>
}
