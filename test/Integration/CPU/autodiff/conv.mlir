// Gradients of conv2d (strides, padding, dilation, groups) and pooling against central finite differences of the
// compiled forward function (remat-run --check-gradients, f32 throughout:
// per argument, 4 random directions and 8 sampled coordinates, step 1e-2
// unless stated; pass when the directional and elementwise relative errors
// are <= 1e-2, docs/pipelines.md says how they are measured).
// RUN: remat-opt %s -remat-autodiff="functions=conv2d" | remat-run --entry=conv2d_grad --check-gradients | FileCheck %s --check-prefix=CONV2D
// RUN: remat-opt %s -remat-autodiff="functions=conv2d_strided_padded" | remat-run --entry=conv2d_strided_padded_grad --check-gradients | FileCheck %s --check-prefix=CONV2D_STRIDED_PADDED
// RUN: remat-opt %s -remat-autodiff="functions=conv2d_dilated_grouped" | remat-run --entry=conv2d_dilated_grouped_grad --check-gradients | FileCheck %s --check-prefix=CONV2D_DILATED_GROUPED
// RUN: remat-opt %s -remat-autodiff="functions=conv_transpose" | remat-run --entry=conv_transpose_grad --check-gradients | FileCheck %s --check-prefix=CONV_TRANSPOSE
// RUN: remat-opt %s -remat-autodiff="functions=conv_transpose_dilated_grouped" | remat-run --entry=conv_transpose_dilated_grouped_grad --check-gradients | FileCheck %s --check-prefix=CONV_TRANSPOSE_DILATED_GROUPED
// RUN: remat-opt %s -remat-autodiff="functions=max_pool2d" | remat-run --entry=max_pool2d_grad --check-gradients --fd-epsilon=1e-3 | FileCheck %s --check-prefix=MAX_POOL2D
// RUN: remat-opt %s -remat-autodiff="functions=avg_pool2d" | remat-run --entry=avg_pool2d_grad --check-gradients | FileCheck %s --check-prefix=AVG_POOL2D
// RUN: remat-opt %s -remat-autodiff="functions=conv2d_wide" | remat-run --entry=conv2d_wide_grad --check-gradients --fd-samples=32 | FileCheck %s --check-prefix=CONV2D_WIDE
// RUN: remat-opt %s -remat-autodiff="functions=conv2d_rows19" | remat-run --entry=conv2d_rows19_grad --check-gradients --fd-samples=32 | FileCheck %s --check-prefix=CONV2D_ROWS19
// RUN: remat-opt %s -remat-autodiff="functions=conv2d_rows7" | remat-run --entry=conv2d_rows7_grad --check-gradients --fd-samples=32 | FileCheck %s --check-prefix=CONV2D_ROWS7
// RUN: remat-opt %s -remat-autodiff="functions=conv2d_stride2" | remat-run --entry=conv2d_stride2_grad --check-gradients --fd-samples=32 | FileCheck %s --check-prefix=CONV2D_STRIDE2
// RUN: remat-opt %s -remat-autodiff="functions=conv2d_deep" | remat-run --entry=conv2d_deep_grad --check-gradients --fd-samples=32 | FileCheck %s --check-prefix=CONV2D_DEEP

// CONV2D-NOT: FAIL
// CONV2D: gradient check @conv2d_grad wrt {{[0-9]+}}: PASSED
// CONV2D-NOT: FAIL
func.func @conv2d(%x: tensor<2x3x7x6xf32>, %w: tensor<4x3x3x3xf32>, %r: tensor<2x4x5x4xf32>) -> tensor<f32> {
  %y = remat.conv2d %x, %w : tensor<2x3x7x6xf32>, tensor<4x3x3x3xf32> -> tensor<2x4x5x4xf32>
  %ly = remat.mul %y, %r : tensor<2x4x5x4xf32>
  %l = remat.reduce_sum %ly dims [0, 1, 2, 3] : tensor<2x4x5x4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CONV2D_STRIDED_PADDED-NOT: FAIL
// CONV2D_STRIDED_PADDED: gradient check @conv2d_strided_padded_grad wrt {{[0-9]+}}: PASSED
// CONV2D_STRIDED_PADDED-NOT: FAIL
func.func @conv2d_strided_padded(%x: tensor<1x2x7x6xf32>, %w: tensor<3x2x3x2xf32>, %r: tensor<1x3x4x3xf32>) -> tensor<f32> {
  %y = remat.conv2d %x, %w strides [2, 2] padding [1, 0, 2, 1] : tensor<1x2x7x6xf32>, tensor<3x2x3x2xf32> -> tensor<1x3x4x3xf32>
  %ly = remat.mul %y, %r : tensor<1x3x4x3xf32>
  %l = remat.reduce_sum %ly dims [0, 1, 2, 3] : tensor<1x3x4x3xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CONV2D_DILATED_GROUPED-NOT: FAIL
// CONV2D_DILATED_GROUPED: gradient check @conv2d_dilated_grouped_grad wrt {{[0-9]+}}: PASSED
// CONV2D_DILATED_GROUPED-NOT: FAIL
func.func @conv2d_dilated_grouped(%x: tensor<1x4x8x8xf32>, %w: tensor<6x2x3x3xf32>, %r: tensor<1x6x6x6xf32>) -> tensor<f32> {
  %y = remat.conv2d %x, %w padding [1, 1, 1, 1] dilations [2, 2] groups 2 : tensor<1x4x8x8xf32>, tensor<6x2x3x3xf32> -> tensor<1x6x6x6xf32>
  %ly = remat.mul %y, %r : tensor<1x6x6x6xf32>
  %l = remat.reduce_sum %ly dims [0, 1, 2, 3] : tensor<1x6x6x6xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// conv2d_grad_input as a forward op: the transposed convolution
// (ConvTranspose2d), strided and padded, with the last input row and column
// that output_padding adds (7 = (4 - 1) * 2 - 1 - 2 + 3 + 1 rows).
// CONV_TRANSPOSE-COUNT-3: gradient check @conv_transpose_grad wrt {{[0-9]+}}: PASSED
// CONV_TRANSPOSE-NOT: FAIL
func.func @conv_transpose(%x: tensor<1x3x4x3xf32>, %w: tensor<3x2x3x2xf32>, %r: tensor<1x2x7x6xf32>) -> tensor<f32> {
  %y = remat.conv2d_grad_input %x, %w strides [2, 2] padding [1, 0, 2, 1] : tensor<1x3x4x3xf32>, tensor<3x2x3x2xf32> -> tensor<1x2x7x6xf32>
  %ly = remat.mul %y, %r : tensor<1x2x7x6xf32>
  %l = remat.reduce_sum %ly dims [0, 1, 2, 3] : tensor<1x2x7x6xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CONV_TRANSPOSE_DILATED_GROUPED-COUNT-3: gradient check @conv_transpose_dilated_grouped_grad wrt {{[0-9]+}}: PASSED
// CONV_TRANSPOSE_DILATED_GROUPED-NOT: FAIL
func.func @conv_transpose_dilated_grouped(%x: tensor<1x6x6x6xf32>, %w: tensor<6x2x3x3xf32>, %r: tensor<1x4x8x8xf32>) -> tensor<f32> {
  %y = remat.conv2d_grad_input %x, %w padding [1, 1, 1, 1] dilations [2, 2] groups 2 : tensor<1x6x6x6xf32>, tensor<6x2x3x3xf32> -> tensor<1x4x8x8xf32>
  %ly = remat.mul %y, %r : tensor<1x4x8x8xf32>
  %l = remat.reduce_sum %ly dims [0, 1, 2, 3] : tensor<1x4x8x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// piecewise linear
// MAX_POOL2D-NOT: FAIL
// MAX_POOL2D: gradient check @max_pool2d_grad wrt {{[0-9]+}}: PASSED
// MAX_POOL2D-NOT: FAIL
func.func @max_pool2d(%x: tensor<1x2x6x7xf32>, %r: tensor<1x2x3x4xf32>) -> tensor<f32> {
  %y = remat.max_pool2d %x kernel [3, 2] strides [2, 2] padding [1, 0, 1, 1] : tensor<1x2x6x7xf32> -> tensor<1x2x3x4xf32>
  %ly = remat.mul %y, %r : tensor<1x2x3x4xf32>
  %l = remat.reduce_sum %ly dims [0, 1, 2, 3] : tensor<1x2x3x4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// AVG_POOL2D-NOT: FAIL
// AVG_POOL2D: gradient check @avg_pool2d_grad wrt {{[0-9]+}}: PASSED
// AVG_POOL2D-NOT: FAIL
func.func @avg_pool2d(%x: tensor<1x2x6x7xf32>, %r: tensor<1x2x6x4xf32>) -> tensor<f32> {
  %y = remat.avg_pool2d %x kernel [3, 3] strides [1, 2] padding [1, 1, 1, 1] : tensor<1x2x6x7xf32> -> tensor<1x2x6x4xf32>
  %ly = remat.mul %y, %r : tensor<1x2x6x4xf32>
  %l = remat.reduce_sum %ly dims [0, 1, 2, 3] : tensor<1x2x6x4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// The packed kernel's vector path: output rows of 32 pixels (forward and
// the input gradient's correlation), 256 pixels per image summed over two
// images (filter gradient), a partial tile of 4 filters.
// CONV2D_WIDE-NOT: FAIL
// CONV2D_WIDE: gradient check @conv2d_wide_grad wrt {{[0-9]+}}: PASSED
// CONV2D_WIDE-NOT: FAIL
func.func @conv2d_wide(%x: tensor<2x3x8x32xf32>, %w: tensor<12x3x3x3xf32>, %r: tensor<2x12x8x32xf32>) -> tensor<f32> {
  %y = remat.conv2d %x, %w padding [1, 1, 1, 1] : tensor<2x3x8x32xf32>, tensor<12x3x3x3xf32> -> tensor<2x12x8x32xf32>
  %ly = remat.mul %y, %r : tensor<2x12x8x32xf32>
  %l = remat.reduce_sum %ly dims [0, 1, 2, 3] : tensor<2x12x8x32xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// Output rows of 19 pixels: the forward convolution and the input
// gradient's correlation read 16 pixels at a time across the end of a row
// as two blended vector loads, and so does the filter gradient's packing
// along its 190 pixels per image (11 x 16 + 14).
// CONV2D_ROWS19-NOT: FAIL
// CONV2D_ROWS19: gradient check @conv2d_rows19_grad wrt {{[0-9]+}}: PASSED
// CONV2D_ROWS19-NOT: FAIL
func.func @conv2d_rows19(%x: tensor<2x3x10x19xf32>, %w: tensor<4x3x3x3xf32>, %r: tensor<2x4x10x19xf32>) -> tensor<f32> {
  %y = remat.conv2d %x, %w padding [1, 1, 1, 1] : tensor<2x3x10x19xf32>, tensor<4x3x3x3xf32> -> tensor<2x4x10x19xf32>
  %ly = remat.mul %y, %r : tensor<2x4x10x19xf32>
  %l = remat.reduce_sum %ly dims [0, 1, 2, 3] : tensor<2x4x10x19xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// Output rows of 7 pixels: the input and the filter gradient read 16 pixels
// of up to four output rows as one vector load per row (readPixels).
// CONV2D_ROWS7-NOT: FAIL
// CONV2D_ROWS7: gradient check @conv2d_rows7_grad wrt {{[0-9]+}}: PASSED
// CONV2D_ROWS7-NOT: FAIL
func.func @conv2d_rows7(%x: tensor<2x3x7x7xf32>, %w: tensor<4x3x3x3xf32>, %r: tensor<2x4x7x7xf32>) -> tensor<f32> {
  %y = remat.conv2d %x, %w padding [1, 1, 1, 1] : tensor<2x3x7x7xf32>, tensor<4x3x3x3xf32> -> tensor<2x4x7x7xf32>
  %ly = remat.mul %y, %r : tensor<2x4x7x7xf32>
  %l = remat.reduce_sum %ly dims [0, 1, 2, 3] : tensor<2x4x7x7xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// Column stride 2 with output rows of 8 pixels: the forward convolution and
// the filter gradient read 16 pixels as two loads and a shuffle per row.
// CONV2D_STRIDE2-NOT: FAIL
// CONV2D_STRIDE2: gradient check @conv2d_stride2_grad wrt {{[0-9]+}}: PASSED
// CONV2D_STRIDE2-NOT: FAIL
func.func @conv2d_stride2(%x: tensor<2x3x16x16xf32>, %w: tensor<4x3x3x3xf32>, %r: tensor<2x4x8x8xf32>) -> tensor<f32> {
  %y = remat.conv2d %x, %w strides [2, 2] padding [1, 1, 1, 1] : tensor<2x3x16x16xf32>, tensor<4x3x3x3xf32> -> tensor<2x4x8x8xf32>
  %ly = remat.mul %y, %r : tensor<2x4x8x8xf32>
  %l = remat.reduce_sum %ly dims [0, 1, 2, 3] : tensor<2x4x8x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// 32 channels in and out of 3x3 filters: the forward convolution and the
// input gradient's correlation reduce over 288 steps, packed in panels of
// 252 and 36 rows (whole windows, rows of 10 pixels).
// CONV2D_DEEP-NOT: FAIL
// CONV2D_DEEP: gradient check @conv2d_deep_grad wrt {{[0-9]+}}: PASSED
// CONV2D_DEEP-NOT: FAIL
func.func @conv2d_deep(%x: tensor<1x32x10x10xf32>, %w: tensor<32x32x3x3xf32>, %r: tensor<1x32x10x10xf32>) -> tensor<f32> {
  %y = remat.conv2d %x, %w padding [1, 1, 1, 1] : tensor<1x32x10x10xf32>, tensor<32x32x3x3xf32> -> tensor<1x32x10x10xf32>
  %ly = remat.mul %y, %r : tensor<1x32x10x10xf32>
  %l = remat.reduce_sum %ly dims [0, 1, 2, 3] : tensor<1x32x10x10xf32> -> tensor<f32>
  return %l : tensor<f32>
}
