// Measured against planned peak memory (budget=100%): cross_entropy (rows of
// a 2-D and a 3-D logits tensor, f16), mse and their gradients.
// Tolerance 0: every buffer the CPU lowering allocates is 64-byte rounded,
// as the planner counts it, and each op's scratchBytes names the temporaries
// its lowering holds at its worst moment, so the measured peak must equal the
// planned one to the byte. (The 64-byte copies One-Shot Bufferize used to
// make of every reduction tile are gone: remat-tile-and-vectorize folds the
// loop carries that caused them.)
// DEFINE: %{plan} = -remat-rematerialize=budget=100%
// DEFINE: %{measure} = remat-run - --check-memory=0 --print=0
// RUN: split-file %s %t
// RUN: remat-opt %t/cross_entropy.mlir %{plan} | %{measure} | FileCheck %s --check-prefixes=CHECK,XENT
// RUN: remat-opt %t/cross_entropy_seq.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/cross_entropy_f16.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/mse.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/mse_f16.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/cross_entropy_grad.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/cross_entropy_grad_seq.mlir %{plan} | %{measure} | FileCheck %s

// cross_entropy [32, 10]: arguments 1280 + 128 B, the row maxima and sums
// (128 B each) and the 0-d total, which becomes the result in place (64 B):
// 1728 B.
// XENT: measured peak 1728 B

// CHECK: PASS memory

//--- cross_entropy.mlir
func.func @cross_entropy(%x: tensor<32x10xf32>, %l: tensor<32xi32>) -> tensor<f32> {
  %y = remat.cross_entropy %x, %l : tensor<32x10xf32>, tensor<32xi32> -> tensor<f32>
  return %y : tensor<f32>
}

//--- cross_entropy_seq.mlir
func.func @cross_entropy_seq(%x: tensor<4x24x10xf32>, %l: tensor<4x24xi64>) -> tensor<f32> {
  %y = remat.cross_entropy %x, %l : tensor<4x24x10xf32>, tensor<4x24xi64> -> tensor<f32>
  return %y : tensor<f32>
}

//--- cross_entropy_f16.mlir
func.func @cross_entropy_f16(%x: tensor<32x10xf16>, %l: tensor<32xi32>) -> tensor<f16> {
  %y = remat.cross_entropy %x, %l : tensor<32x10xf16>, tensor<32xi32> -> tensor<f16>
  return %y : tensor<f16>
}

//--- mse.mlir
func.func @mse(%p: tensor<32x96xf32>, %t: tensor<32x96xf32>) -> tensor<f32> {
  %y = remat.mse %p, %t : tensor<32x96xf32> -> tensor<f32>
  return %y : tensor<f32>
}

//--- mse_f16.mlir
func.func @mse_f16(%p: tensor<32x96xf16>, %t: tensor<32x96xf16>) -> tensor<f16> {
  %y = remat.mse %p, %t : tensor<32x96xf16> -> tensor<f16>
  return %y : tensor<f16>
}

//--- cross_entropy_grad.mlir
func.func @cross_entropy_grad(%l: tensor<f32>, %x: tensor<32x10xf32>, %lab: tensor<32xi32>) -> tensor<32x10xf32> {
  %y = remat.cross_entropy_grad %l, %x, %lab : tensor<f32>, tensor<32x10xf32>, tensor<32xi32>
  return %y : tensor<32x10xf32>
}

//--- cross_entropy_grad_seq.mlir
func.func @cross_entropy_grad_seq(%l: tensor<f32>, %x: tensor<4x24x10xf32>, %lab: tensor<4x24xi64>) -> tensor<4x24x10xf32> {
  %y = remat.cross_entropy_grad %l, %x, %lab : tensor<f32>, tensor<4x24x10xf32>, tensor<4x24xi64>
  return %y : tensor<4x24x10xf32>
}
