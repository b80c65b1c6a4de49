// remat-tile-and-vectorize runs f32 convolutions with one group, and the
// filter gradient's contraction, in the packed kernel over an implicit
// im2col matrix (lib/Pipelines/ConvKernel.cpp): no linalg convolution or
// contraction generic is left. At stride 1 with output rows of 16k pixels
// the kernel reads each row of B (16 pixels of one (c, kh, kw)) from the
// input in place, allocating no panel; otherwise it packs a [depth, 32]
// panel, depth = K up to 256, else the most whole filter windows in 256
// rows (252 for 3x3). Rows of the filter (resp. the output gradient) are
// broadcast scalars. Grouped convolutions keep the linalg lowering.
// REQUIRES: host-x86-64
// RUN: remat-opt %s --pass-pipeline='builtin.module(remat-cpu-target{cpu=skylake-avx512}, convert-remat-to-linalg, func.func(remat-tile-and-vectorize))' | FileCheck %s

// CHECK-LABEL: func.func @forward
// CHECK-NOT: linalg.conv
// CHECK-NOT: tensor<1x27x32xf32>
// CHECK: vector.transfer_read %{{.*}} : tensor<2x3x8x34xf32>, vector<16xf32>
// CHECK: tensor.extract %{{.*}} : tensor<8x27xf32>
// CHECK-NOT: linalg.conv
// CHECK-NOT: tensor<1x27x32xf32>
// CHECK: return
func.func @forward(%x: tensor<2x3x6x32xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<2x8x6x32xf32> {
  %y = remat.conv2d %x, %w padding [1, 1, 1, 1] : tensor<2x3x6x32xf32>, tensor<8x3x3x3xf32> -> tensor<2x8x6x32xf32>
  return %y : tensor<2x8x6x32xf32>
}

// CHECK-LABEL: func.func @input_gradient
// CHECK-NOT: linalg.conv
// CHECK-NOT: tensor<1x72x32xf32>
// CHECK: vector.transfer_read %{{.*}} : tensor<2x8x8x34xf32>, vector<16xf32>
// CHECK-NOT: linalg.conv
// CHECK: return
func.func @input_gradient(%g: tensor<2x8x6x32xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<2x3x6x32xf32> {
  %y = remat.conv2d_grad_input %g, %w padding [1, 1, 1, 1] : tensor<2x8x6x32xf32>, tensor<8x3x3x3xf32> -> tensor<2x3x6x32xf32>
  return %y : tensor<2x3x6x32xf32>
}

// Stride 2: the panel is packed from the input's flattened rows, two
// vector loads and a shuffle of their even elements per output row.
// CHECK-LABEL: func.func @strided
// CHECK-NOT: linalg.conv
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0], [1], [2, 3]] : tensor<2x3x8x34xf32> into tensor<2x3x272xf32>
// CHECK: tensor.empty() : tensor<1x27x32xf32>
// CHECK-NOT: tensor.extract %{{.*}} : tensor<2x3x8x34xf32>
// CHECK: vector.transfer_read %{{.*}} : tensor<2x3x272xf32>, vector<16xf32>
// CHECK: vector.transfer_read %{{.*}} : tensor<2x3x272xf32>, vector<16xf32>
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30]
// CHECK-NOT: tensor.extract %{{.*}} : tensor<2x3x8x34xf32>
// CHECK-NOT: linalg.conv
// CHECK: return
func.func @strided(%x: tensor<2x3x6x32xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<2x8x3x16xf32> {
  %y = remat.conv2d %x, %w strides [2, 2] padding [1, 1, 1, 1] : tensor<2x3x6x32xf32>, tensor<8x3x3x3xf32> -> tensor<2x8x3x16xf32>
  return %y : tensor<2x8x3x16xf32>
}

// Stride 1 with output rows of 20 pixels: each 16 pixels of the panel are
// two vector loads of the input's flattened rows ([2, 3, 22 * 22]), blended
// where the output row ends; no scalar loads.
// CHECK-LABEL: func.func @rows20
// CHECK-NOT: linalg.conv
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0], [1], [2, 3]] : tensor<2x3x22x22xf32> into tensor<2x3x484xf32>
// CHECK: tensor.empty() : tensor<1x27x32xf32>
// CHECK-NOT: tensor.extract %{{.*}} : tensor<2x3x22x22xf32>
// CHECK: vector.create_mask
// CHECK: vector.transfer_read %{{.*}} : tensor<2x3x484xf32>, vector<16xf32>
// CHECK: vector.transfer_read %{{.*}} : tensor<2x3x484xf32>, vector<16xf32>
// CHECK: arith.select
// CHECK-NOT: tensor.extract %{{.*}} : tensor<2x3x22x22xf32>
// CHECK: return
func.func @rows20(%x: tensor<2x3x20x20xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<2x8x20x20xf32> {
  %y = remat.conv2d %x, %w padding [1, 1, 1, 1] : tensor<2x3x20x20xf32>, tensor<8x3x3x3xf32> -> tensor<2x8x20x20xf32>
  return %y : tensor<2x8x20x20xf32>
}

// Output rows of 14 pixels (ResNet's 14x14 stage): 16 pixels lie in up to
// three output rows, read as three vector loads of the flattened padded
// input ([2, 3, 16 * 16]) blended at the rows' ends; no scalar loads. The
// panel is packed a channel (3 x 3 rows) per iteration, the blend masks
// made once per panel. Its loads are unmasked while the panel's last
// pixels are in output rows up to 10: from row 11 the three rows' loads
// reach input row 15, and the last 16 lanes from there run past the
// flattened rows' end (16 * 16), so those panels mask them.
// CHECK-LABEL: func.func @rows14
// CHECK-NOT: linalg.conv
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0], [1], [2, 3]] : tensor<2x3x16x16xf32> into tensor<2x3x256xf32>
// CHECK-NOT: tensor.extract %{{.*}} : tensor<2x3x16x16xf32>
// CHECK: vector.create_mask
// CHECK: vector.create_mask
// CHECK: %[[SAFE:.*]] = arith.cmpi ule, %{{.*}}, %c10 : index
// CHECK: scf.if %[[SAFE]]
// CHECK-NEXT: scf.for %{{.*}} = %c0 to %c3 step %c1
// CHECK-NOT: scf.for
// CHECK: vector.transfer_read %{{.*}} {in_bounds = [true]} : tensor<2x3x256xf32>, vector<16xf32>
// CHECK: vector.transfer_read %{{.*}} {in_bounds = [true]} : tensor<2x3x256xf32>, vector<16xf32>
// CHECK: arith.select
// CHECK: vector.transfer_read %{{.*}} {in_bounds = [true]} : tensor<2x3x256xf32>, vector<16xf32>
// CHECK: arith.select
// CHECK: } else {
// CHECK-NEXT: scf.for %{{.*}} = %c0 to %c3 step %c1
// CHECK-NOT: in_bounds = [true]} : tensor<2x3x256xf32>
// CHECK: vector.transfer_read %{{.*}}, %{{.*}} : tensor<2x3x256xf32>, vector<16xf32>
// CHECK-NOT: tensor.extract %{{.*}} : tensor<2x3x16x16xf32>
// CHECK: return
func.func @rows14(%x: tensor<2x3x14x14xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<2x8x14x14xf32> {
  %y = remat.conv2d %x, %w padding [1, 1, 1, 1] : tensor<2x3x14x14xf32>, tensor<8x3x3x3xf32> -> tensor<2x8x14x14xf32>
  return %y : tensor<2x8x14x14xf32>
}

// 32 channels: K = 288 runs in panels of 252 rows (28 channels of 3 x 3
// positions) and 36 (4 channels), not 256 and 32.
// CHECK-LABEL: func.func @deep
// CHECK: tensor.empty() : tensor<1x252x32xf32>
// CHECK: scf.for %{{.*}} = %c0 to %c28 step %c1
// CHECK: scf.for %{{.*}} = %c0 to %c252 step %c1
// CHECK: scf.for %[[CI:.*]] = %c0 to %c4 step %c1
// CHECK-NEXT: arith.addi %[[CI]], %c28 : index
// CHECK: return
func.func @deep(%x: tensor<1x32x20x20xf32>, %w: tensor<8x32x3x3xf32>) -> tensor<1x8x20x20xf32> {
  %y = remat.conv2d %x, %w padding [1, 1, 1, 1] : tensor<1x32x20x20xf32>, tensor<8x32x3x3xf32> -> tensor<1x8x20x20xf32>
  return %y : tensor<1x8x20x20xf32>
}

// A 7x7 window (ResNet's stem at stride 2): a loop over the window's 7
// rows inside the loop over channels, each row's 7 positions unrolled.
// CHECK-LABEL: func.func @stem
// CHECK: tensor.empty() : tensor<1x147x32xf32>
// CHECK: scf.if
// CHECK-NEXT: scf.for %{{.*}} = %c0 to %c3 step %c1
// CHECK-NEXT: arith.muli %{{.*}}, %c49 : index
// CHECK-NEXT: scf.for %{{.*}} = %c0 to %c7 step %c1
// CHECK: return
func.func @stem(%x: tensor<1x3x30x30xf32>, %w: tensor<8x3x7x7xf32>) -> tensor<1x8x15x15xf32> {
  %y = remat.conv2d %x, %w strides [2, 2] padding [3, 3, 3, 3] : tensor<1x3x30x30xf32>, tensor<8x3x7x7xf32> -> tensor<1x8x15x15xf32>
  return %y : tensor<1x8x15x15xf32>
}

// Output rows of 4 pixels would touch five rows: scalar loads (as at
// column strides above 2).
// CHECK-LABEL: func.func @rows4
// CHECK-NOT: tensor.collapse_shape %{{.*}} {{\[}}[0], [1], [2, 3]] : tensor<1x3x6x6xf32>
// CHECK: tensor.extract %{{.*}} : tensor<1x3x6x6xf32>
// CHECK: return
func.func @rows4(%x: tensor<1x3x4x4xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<1x8x4x4xf32> {
  %y = remat.conv2d %x, %w padding [1, 1, 1, 1] : tensor<1x3x4x4xf32>, tensor<8x3x3x3xf32> -> tensor<1x8x4x4xf32>
  return %y : tensor<1x8x4x4xf32>
}

// CHECK-LABEL: func.func @filter_gradient
// CHECK-NOT: linalg.generic
// CHECK: tensor.empty() : tensor<1x192x32xf32>
// CHECK: vector.shuffle
// CHECK: tensor.extract %{{.*}} : tensor<2x8x192xf32>
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @filter_gradient(%x: tensor<2x3x6x32xf32>, %g: tensor<2x8x6x32xf32>) -> tensor<8x3x3x3xf32> {
  %y = remat.conv2d_grad_filter %x, %g padding [1, 1, 1, 1] : tensor<2x3x6x32xf32>, tensor<2x8x6x32xf32> -> tensor<8x3x3x3xf32>
  return %y : tensor<8x3x3x3xf32>
}

// CHECK-LABEL: func.func @grouped
// CHECK: linalg.conv_2d_ngchw_gfchw
// CHECK-NOT: tensor<1x{{[0-9]+}}x32xf32>
// CHECK: return
func.func @grouped(%x: tensor<1x4x8x8xf32>, %w: tensor<6x2x3x3xf32>) -> tensor<1x6x6x6xf32> {
  %y = remat.conv2d %x, %w groups 2 : tensor<1x4x8x8xf32>, tensor<6x2x3x3xf32> -> tensor<1x6x6x6xf32>
  return %y : tensor<1x6x6x6xf32>
}
