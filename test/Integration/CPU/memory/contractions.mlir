// Measured against planned peak memory (budget=100%, one op per function):
// matmul (transposed, A packed, batched, f16), conv2d (padding, strides,
// dilations, groups, f16) and the convolution gradients.
// Tolerance 0: every buffer the CPU lowering allocates is 64-byte rounded,
// as the planner counts it, and each op's scratchBytes names the temporaries
// its lowering holds at its worst moment, so the measured peak must equal the
// planned one to the byte. (The 64-byte copies One-Shot Bufferize used to
// make of every reduction tile are gone: remat-tile-and-vectorize folds the
// loop carries that caused them.)
// DEFINE: %{plan} = -remat-rematerialize=budget=100%
// DEFINE: %{measure} = remat-run - --check-memory=0 --print=0
// RUN: split-file %s %t
// RUN: remat-opt %t/matmul.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/matmul_tt.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/matmul_batch2.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/matmul_ta_packed.mlir %{plan} | %{measure} | FileCheck %s --check-prefixes=CHECK,PACKED
// RUN: remat-opt %t/matmul_f16.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/matmul_batch_f16.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/conv2d.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/conv2d_pad_stride.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/conv2d_groups_dil.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/conv2d_f16_pad.mlir %{plan} | %{measure} | FileCheck %s --check-prefixes=CHECK,F16PAD
// RUN: remat-opt %t/conv2d_deep.mlir %{plan} | %{measure} | FileCheck %s --check-prefixes=CHECK,DEEP
// RUN: remat-opt %t/conv2d_grad_input.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/conv2d_grad_input_deep.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/conv2d_grad_input_pad_stride.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/conv2d_grad_input_groups_dil.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/conv2d_grad_input_f16.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/conv2d_grad_filter.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/conv2d_grad_filter_pad_stride.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/conv2d_grad_filter_groups_dil.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/conv2d_grad_filter_f16.mlir %{plan} | %{measure} | FileCheck %s

// conv2d f16 with padding: arguments 8192 + 2304 B; first the padded input
// [2, 8, 18, 18] f16 (10368 B) and the f32 accumulator (32768 B), then, the
// padded copy freed, the accumulator and the f16 result (16384 B):
// 10496 + max(10368 + 32768, 32768 + 16384) = 59648 B.
// F16PAD: measured peak 59648 B

// matmul transpose_a with M = 520 and N = 260, whose A the kernel packs
// (KernelScratch.h): arguments 624000 + 312000 B, the result 540800 B, the
// panel of B (256 x 32 floats, 32768 B) and the packed block of A (256 rows
// x 256 steps, 262144 B): 1771712 B.
// PACKED: measured peak 1771712 B

// conv2d with K = 32 x 3 x 3 = 288, packed (rows of 20 pixels): panels of
// 252 rows (whole 3x3 windows, KernelScratch.h convPanelRows), not 256:
// arguments 51200 + 9216 B, the padded input [1, 32, 22, 22] (61952 B), the
// result (12800 B) and the panel (252 x 32 floats, 32256 B): 167424 B.
// DEEP: measured peak 167424 B

// CHECK: PASS memory

//--- matmul.mlir
func.func @matmul(%a: tensor<32x48xf32>, %b: tensor<48x64xf32>) -> tensor<32x64xf32> {
  %y = remat.matmul %a, %b : tensor<32x48xf32>, tensor<48x64xf32> -> tensor<32x64xf32>
  return %y : tensor<32x64xf32>
}

//--- matmul_tt.mlir
func.func @matmul_tt(%a: tensor<48x32xf32>, %b: tensor<64x48xf32>) -> tensor<32x64xf32> {
  %y = remat.matmul %a, %b transpose_a transpose_b : tensor<48x32xf32>, tensor<64x48xf32> -> tensor<32x64xf32>
  return %y : tensor<32x64xf32>
}

//--- matmul_batch2.mlir
func.func @matmul_batch2(%a: tensor<2x3x16x24xf32>, %b: tensor<2x3x24x32xf32>) -> tensor<2x3x16x32xf32> {
  %y = remat.matmul %a, %b : tensor<2x3x16x24xf32>, tensor<2x3x24x32xf32> -> tensor<2x3x16x32xf32>
  return %y : tensor<2x3x16x32xf32>
}

//--- matmul_ta_packed.mlir
func.func @matmul_ta_packed(%a: tensor<300x520xf32>, %b: tensor<300x260xf32>) -> tensor<520x260xf32> {
  %y = remat.matmul %a, %b transpose_a : tensor<300x520xf32>, tensor<300x260xf32> -> tensor<520x260xf32>
  return %y : tensor<520x260xf32>
}

//--- matmul_f16.mlir
func.func @matmul_f16(%a: tensor<32x48xf16>, %b: tensor<48x64xf16>) -> tensor<32x64xf16> {
  %y = remat.matmul %a, %b : tensor<32x48xf16>, tensor<48x64xf16> -> tensor<32x64xf16>
  return %y : tensor<32x64xf16>
}

//--- matmul_batch_f16.mlir
func.func @matmul_batch_f16(%a: tensor<4x16x24xf16>, %b: tensor<4x24x32xf16>) -> tensor<4x16x32xf16> {
  %y = remat.matmul %a, %b : tensor<4x16x24xf16>, tensor<4x24x32xf16> -> tensor<4x16x32xf16>
  return %y : tensor<4x16x32xf16>
}

//--- conv2d.mlir
func.func @conv2d(%x: tensor<2x8x16x16xf32>, %w: tensor<16x8x3x3xf32>) -> tensor<2x16x14x14xf32> {
  %y = remat.conv2d %x, %w : tensor<2x8x16x16xf32>, tensor<16x8x3x3xf32> -> tensor<2x16x14x14xf32>
  return %y : tensor<2x16x14x14xf32>
}

//--- conv2d_deep.mlir
func.func @conv2d_deep(%x: tensor<1x32x20x20xf32>, %w: tensor<8x32x3x3xf32>) -> tensor<1x8x20x20xf32> {
  %y = remat.conv2d %x, %w padding [1, 1, 1, 1] : tensor<1x32x20x20xf32>, tensor<8x32x3x3xf32> -> tensor<1x8x20x20xf32>
  return %y : tensor<1x8x20x20xf32>
}

//--- conv2d_pad_stride.mlir
func.func @conv2d_pad_stride(%x: tensor<2x8x16x16xf32>, %w: tensor<16x8x3x3xf32>) -> tensor<2x16x8x8xf32> {
  %y = remat.conv2d %x, %w strides [2, 2] padding [1, 1, 1, 1] : tensor<2x8x16x16xf32>, tensor<16x8x3x3xf32> -> tensor<2x16x8x8xf32>
  return %y : tensor<2x16x8x8xf32>
}

//--- conv2d_groups_dil.mlir
func.func @conv2d_groups_dil(%x: tensor<2x8x16x16xf32>, %w: tensor<16x4x3x3xf32>) -> tensor<2x16x12x12xf32> {
  %y = remat.conv2d %x, %w dilations [2, 2] groups 2 : tensor<2x8x16x16xf32>, tensor<16x4x3x3xf32> -> tensor<2x16x12x12xf32>
  return %y : tensor<2x16x12x12xf32>
}

//--- conv2d_f16_pad.mlir
func.func @conv2d_f16_pad(%x: tensor<2x8x16x16xf16>, %w: tensor<16x8x3x3xf16>) -> tensor<2x16x16x16xf16> {
  %y = remat.conv2d %x, %w padding [1, 1, 1, 1] : tensor<2x8x16x16xf16>, tensor<16x8x3x3xf16> -> tensor<2x16x16x16xf16>
  return %y : tensor<2x16x16x16xf16>
}

//--- conv2d_grad_input.mlir
func.func @conv2d_grad_input(%g: tensor<2x16x14x14xf32>, %w: tensor<16x8x3x3xf32>) -> tensor<2x8x16x16xf32> {
  %y = remat.conv2d_grad_input %g, %w : tensor<2x16x14x14xf32>, tensor<16x8x3x3xf32> -> tensor<2x8x16x16xf32>
  return %y : tensor<2x8x16x16xf32>
}

//--- conv2d_grad_input_deep.mlir
func.func @conv2d_grad_input_deep(%g: tensor<1x32x20x20xf32>, %w: tensor<32x8x3x3xf32>) -> tensor<1x8x20x20xf32> {
  %y = remat.conv2d_grad_input %g, %w padding [1, 1, 1, 1] : tensor<1x32x20x20xf32>, tensor<32x8x3x3xf32> -> tensor<1x8x20x20xf32>
  return %y : tensor<1x8x20x20xf32>
}

//--- conv2d_grad_input_pad_stride.mlir
func.func @conv2d_grad_input_pad_stride(%g: tensor<2x16x8x8xf32>, %w: tensor<16x8x3x3xf32>) -> tensor<2x8x16x16xf32> {
  %y = remat.conv2d_grad_input %g, %w strides [2, 2] padding [1, 1, 1, 1] : tensor<2x16x8x8xf32>, tensor<16x8x3x3xf32> -> tensor<2x8x16x16xf32>
  return %y : tensor<2x8x16x16xf32>
}

//--- conv2d_grad_input_groups_dil.mlir
func.func @conv2d_grad_input_groups_dil(%g: tensor<2x16x12x12xf32>, %w: tensor<16x4x3x3xf32>) -> tensor<2x8x16x16xf32> {
  %y = remat.conv2d_grad_input %g, %w dilations [2, 2] groups 2 : tensor<2x16x12x12xf32>, tensor<16x4x3x3xf32> -> tensor<2x8x16x16xf32>
  return %y : tensor<2x8x16x16xf32>
}

//--- conv2d_grad_input_f16.mlir
func.func @conv2d_grad_input_f16(%g: tensor<2x16x16x16xf16>, %w: tensor<16x8x3x3xf16>) -> tensor<2x8x16x16xf16> {
  %y = remat.conv2d_grad_input %g, %w padding [1, 1, 1, 1] : tensor<2x16x16x16xf16>, tensor<16x8x3x3xf16> -> tensor<2x8x16x16xf16>
  return %y : tensor<2x8x16x16xf16>
}

//--- conv2d_grad_filter.mlir
func.func @conv2d_grad_filter(%x: tensor<2x8x16x16xf32>, %g: tensor<2x16x14x14xf32>) -> tensor<16x8x3x3xf32> {
  %y = remat.conv2d_grad_filter %x, %g : tensor<2x8x16x16xf32>, tensor<2x16x14x14xf32> -> tensor<16x8x3x3xf32>
  return %y : tensor<16x8x3x3xf32>
}

//--- conv2d_grad_filter_pad_stride.mlir
func.func @conv2d_grad_filter_pad_stride(%x: tensor<2x8x16x16xf32>, %g: tensor<2x16x8x8xf32>) -> tensor<16x8x3x3xf32> {
  %y = remat.conv2d_grad_filter %x, %g strides [2, 2] padding [1, 1, 1, 1] : tensor<2x8x16x16xf32>, tensor<2x16x8x8xf32> -> tensor<16x8x3x3xf32>
  return %y : tensor<16x8x3x3xf32>
}

//--- conv2d_grad_filter_groups_dil.mlir
func.func @conv2d_grad_filter_groups_dil(%x: tensor<2x8x16x16xf32>, %g: tensor<2x16x12x12xf32>) -> tensor<16x4x3x3xf32> {
  %y = remat.conv2d_grad_filter %x, %g dilations [2, 2] groups 2 : tensor<2x8x16x16xf32>, tensor<2x16x12x12xf32> -> tensor<16x4x3x3xf32>
  return %y : tensor<16x4x3x3xf32>
}

//--- conv2d_grad_filter_f16.mlir
func.func @conv2d_grad_filter_f16(%x: tensor<2x8x16x16xf16>, %g: tensor<2x16x16x16xf16>) -> tensor<16x8x3x3xf16> {
  %y = remat.conv2d_grad_filter %x, %g padding [1, 1, 1, 1] : tensor<2x8x16x16xf16>, tensor<2x16x16x16xf16> -> tensor<16x8x3x3xf16>
  return %y : tensor<16x8x3x3xf16>
}
