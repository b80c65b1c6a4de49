// Forward numerics of remat.conv2d against numpy (reference.py): plain,
// strided with asymmetric padding [top, left, bottom, right], dilated,
// grouped (F/groups != groups and F/groups == groups, which a swapped
// filter layout would get silently wrong), depthwise, everything at once,
// f16 and bf16 (f32 accumulation).
// REQUIRES: numpy
// RUN: remat-run %s --entry=plain --seed=1 --save-inputs=%t.plain.in --save-outputs=%t.plain.out > /dev/null
// RUN: %python %S/../../reference.py conv2d --in %t.plain.in --out %t.plain.out
// RUN: remat-run %s --entry=strided_padded --seed=2 --save-inputs=%t.strided_padded.in --save-outputs=%t.strided_padded.out > /dev/null
// RUN: %python %S/../../reference.py conv2d --strides 2,1 --padding 1,0,2,1 --in %t.strided_padded.in --out %t.strided_padded.out
// RUN: remat-run %s --entry=dilated --seed=3 --save-inputs=%t.dilated.in --save-outputs=%t.dilated.out > /dev/null
// RUN: %python %S/../../reference.py conv2d --dilations 2,2 --in %t.dilated.in --out %t.dilated.out
// RUN: remat-run %s --entry=grouped --seed=4 --save-inputs=%t.grouped.in --save-outputs=%t.grouped.out > /dev/null
// RUN: %python %S/../../reference.py conv2d --groups 2 --padding 1,1,1,1 --in %t.grouped.in --out %t.grouped.out
// RUN: remat-run %s --entry=grouped_square --seed=5 --save-inputs=%t.grouped_square.in --save-outputs=%t.grouped_square.out > /dev/null
// RUN: %python %S/../../reference.py conv2d --groups 2 --in %t.grouped_square.in --out %t.grouped_square.out
// RUN: remat-run %s --entry=depthwise --seed=6 --save-inputs=%t.depthwise.in --save-outputs=%t.depthwise.out > /dev/null
// RUN: %python %S/../../reference.py conv2d --groups 4 --strides 2,2 --padding 1,1,1,1 --in %t.depthwise.in --out %t.depthwise.out
// RUN: remat-run %s --entry=everything --seed=7 --save-inputs=%t.everything.in --save-outputs=%t.everything.out > /dev/null
// RUN: %python %S/../../reference.py conv2d --groups 3 --strides 2,3 --padding 2,1,0,1 --dilations 1,2 --in %t.everything.in --out %t.everything.out
// RUN: remat-run %s --entry=f16 --seed=8 --save-inputs=%t.f16.in --save-outputs=%t.f16.out > /dev/null
// RUN: %python %S/../../reference.py conv2d --padding 1,1,1,1 --in %t.f16.in --out %t.f16.out
// RUN: remat-run %s --entry=bf16 --seed=9 --save-inputs=%t.bf16.in --save-outputs=%t.bf16.out > /dev/null
// RUN: %python %S/../../reference.py conv2d --groups 2 --strides 2,2 --in %t.bf16.in --out %t.bf16.out
// The packed kernel's vector path (output rows of 32 and 16 pixels, stride
// 1), with a reduction of 288 (two blocks) and a partial row tile.
// RUN: remat-run %s --entry=wide --seed=14 --save-inputs=%t.wide.in --save-outputs=%t.wide.out > /dev/null
// RUN: %python %S/../../reference.py conv2d --padding 1,1,1,1 --in %t.wide.in --out %t.wide.out
// RUN: remat-run %s --entry=deep --seed=15 --save-inputs=%t.deep.in --save-outputs=%t.deep.out > /dev/null
// RUN: %python %S/../../reference.py conv2d --padding 1,1,1,1 --in %t.deep.in --out %t.deep.out
// Unit column stride with output rows of 16 to 31 pixels that are not a
// multiple of 16: each 16 pixels lie in at most two output rows, read as
// two vector loads blended at the row's end (readPixels); a partial last
// vector (380 = 23 x 16 + 12 pixels); a row stride of 2 with dilations.
// RUN: remat-run %s --entry=rows20 --seed=16 --save-inputs=%t.rows20.in --save-outputs=%t.rows20.out > /dev/null
// RUN: %python %S/../../reference.py conv2d --padding 1,1,1,1 --in %t.rows20.in --out %t.rows20.out
// RUN: remat-run %s --entry=rows19_strided_dilated --seed=17 --save-inputs=%t.rows19.in --save-outputs=%t.rows19.out > /dev/null
// RUN: %python %S/../../reference.py conv2d --strides 2,1 --dilations 2,2 --padding 1,1,1,1 --in %t.rows19.in --out %t.rows19.out
// Output rows of 5 to 15 pixels at unit column stride: each 16 pixels lie
// in up to three (rows of 8 to 15) or four (5 to 7) output rows, one
// vector load each, blended at the rows' ends: ResNet's 14x14 stage with a
// partial last vector (2 x 196 = 24 x 16 + 8), its 7x7 stage, and rows of
// 5 with a row stride of 3.
// RUN: remat-run %s --entry=rows14 --seed=18 --save-inputs=%t.rows14.in --save-outputs=%t.rows14.out > /dev/null
// RUN: %python %S/../../reference.py conv2d --padding 1,1,1,1 --in %t.rows14.in --out %t.rows14.out
// RUN: remat-run %s --entry=rows7 --seed=19 --save-inputs=%t.rows7.in --save-outputs=%t.rows7.out > /dev/null
// RUN: %python %S/../../reference.py conv2d --padding 1,1,1,1 --in %t.rows7.in --out %t.rows7.out
// RUN: remat-run %s --entry=rows5_strided --seed=20 --save-inputs=%t.rows5.in --save-outputs=%t.rows5.out > /dev/null
// RUN: %python %S/../../reference.py conv2d --strides 3,1 --padding 0,1,2,1 --in %t.rows5.in --out %t.rows5.out
// Column stride 2 (ResNet's downsampling): per output row two vector
// loads and a shuffle of their even elements, at 8 output pixels a row
// (three rows per 16 pixels) and 28 (two), the latter with a 1x1 filter.
// RUN: remat-run %s --entry=stride2_rows8 --seed=21 --save-inputs=%t.s2r8.in --save-outputs=%t.s2r8.out > /dev/null
// RUN: %python %S/../../reference.py conv2d --strides 2,2 --padding 1,1,1,1 --in %t.s2r8.in --out %t.s2r8.out
// RUN: remat-run %s --entry=stride2_rows28 --seed=22 --save-inputs=%t.s2r28.in --save-outputs=%t.s2r28.out > /dev/null
// RUN: %python %S/../../reference.py conv2d --strides 2,2 --in %t.s2r28.in --out %t.s2r28.out
// Reductions longer than a panel on the packed path: panels of whole
// filter windows (convPanelRows), 252 + 36 rows for 32 channels of 3x3
// (rows of 20 pixels), 250 + 50 for 12 channels of 5x5 (rows of 18); a 7x7
// filter at stride 2 (ResNet's stem); a 9x9 filter (panels of 243 rows);
// windows above 3x3 are packed by a loop over their rows; a 1x13 filter
// (wider than 11 positions: packed step by step through readPixels).
// RUN: remat-run %s --entry=deep_rows20 --seed=23 --save-inputs=%t.dr20.in --save-outputs=%t.dr20.out > /dev/null
// RUN: %python %S/../../reference.py conv2d --padding 1,1,1,1 --in %t.dr20.in --out %t.dr20.out
// RUN: remat-run %s --entry=window5_deep --seed=24 --save-inputs=%t.w5.in --save-outputs=%t.w5.out > /dev/null
// RUN: %python %S/../../reference.py conv2d --padding 2,2,2,2 --in %t.w5.in --out %t.w5.out
// RUN: remat-run %s --entry=stem7_stride2 --seed=25 --save-inputs=%t.stem.in --save-outputs=%t.stem.out > /dev/null
// RUN: %python %S/../../reference.py conv2d --strides 2,2 --padding 3,3,3,3 --in %t.stem.in --out %t.stem.out
// RUN: remat-run %s --entry=window9_deep --seed=26 --save-inputs=%t.w9.in --save-outputs=%t.w9.out > /dev/null
// RUN: %python %S/../../reference.py conv2d --padding 4,4,4,4 --in %t.w9.in --out %t.w9.out
// RUN: remat-run %s --entry=wide13 --seed=27 --save-inputs=%t.w13.in --save-outputs=%t.w13.out > /dev/null
// RUN: %python %S/../../reference.py conv2d --padding 0,6,0,6 --in %t.w13.in --out %t.w13.out

func.func @plain(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  %y = remat.conv2d %x, %w : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

func.func @strided_padded(%x: tensor<2x3x11x9xf32>, %w: tensor<5x3x3x3xf32>) -> tensor<2x5x6x8xf32> {
  %y = remat.conv2d %x, %w strides [2, 1] padding [1, 0, 2, 1] : tensor<2x3x11x9xf32>, tensor<5x3x3x3xf32> -> tensor<2x5x6x8xf32>
  return %y : tensor<2x5x6x8xf32>
}

func.func @dilated(%x: tensor<1x4x13x13xf32>, %w: tensor<6x4x3x3xf32>) -> tensor<1x6x9x9xf32> {
  %y = remat.conv2d %x, %w dilations [2, 2] : tensor<1x4x13x13xf32>, tensor<6x4x3x3xf32> -> tensor<1x6x9x9xf32>
  return %y : tensor<1x6x9x9xf32>
}

func.func @grouped(%x: tensor<2x4x7x7xf32>, %w: tensor<6x2x3x3xf32>) -> tensor<2x6x7x7xf32> {
  %y = remat.conv2d %x, %w padding [1, 1, 1, 1] groups 2 : tensor<2x4x7x7xf32>, tensor<6x2x3x3xf32> -> tensor<2x6x7x7xf32>
  return %y : tensor<2x6x7x7xf32>
}

func.func @grouped_square(%x: tensor<1x4x7x7xf32>, %w: tensor<4x2x3x3xf32>) -> tensor<1x4x5x5xf32> {
  %y = remat.conv2d %x, %w groups 2 : tensor<1x4x7x7xf32>, tensor<4x2x3x3xf32> -> tensor<1x4x5x5xf32>
  return %y : tensor<1x4x5x5xf32>
}

func.func @depthwise(%x: tensor<1x4x9x9xf32>, %w: tensor<8x1x3x3xf32>) -> tensor<1x8x5x5xf32> {
  %y = remat.conv2d %x, %w strides [2, 2] padding [1, 1, 1, 1] groups 4 : tensor<1x4x9x9xf32>, tensor<8x1x3x3xf32> -> tensor<1x8x5x5xf32>
  return %y : tensor<1x8x5x5xf32>
}

func.func @everything(%x: tensor<1x6x10x12xf32>, %w: tensor<9x2x3x2xf32>) -> tensor<1x9x5x4xf32> {
  %y = remat.conv2d %x, %w strides [2, 3] padding [2, 1, 0, 1] dilations [1, 2] groups 3 : tensor<1x6x10x12xf32>, tensor<9x2x3x2xf32> -> tensor<1x9x5x4xf32>
  return %y : tensor<1x9x5x4xf32>
}

func.func @f16(%x: tensor<1x3x8x8xf16>, %w: tensor<4x3x3x3xf16>) -> tensor<1x4x8x8xf16> {
  %y = remat.conv2d %x, %w padding [1, 1, 1, 1] : tensor<1x3x8x8xf16>, tensor<4x3x3x3xf16> -> tensor<1x4x8x8xf16>
  return %y : tensor<1x4x8x8xf16>
}

func.func @bf16(%x: tensor<2x4x9x9xbf16>, %w: tensor<6x2x3x3xbf16>) -> tensor<2x6x4x4xbf16> {
  %y = remat.conv2d %x, %w strides [2, 2] groups 2 : tensor<2x4x9x9xbf16>, tensor<6x2x3x3xbf16> -> tensor<2x6x4x4xbf16>
  return %y : tensor<2x6x4x4xbf16>
}

func.func @wide(%x: tensor<2x3x6x32xf32>, %w: tensor<5x3x3x3xf32>) -> tensor<2x5x6x32xf32> {
  %y = remat.conv2d %x, %w padding [1, 1, 1, 1] : tensor<2x3x6x32xf32>, tensor<5x3x3x3xf32> -> tensor<2x5x6x32xf32>
  return %y : tensor<2x5x6x32xf32>
}

func.func @deep(%x: tensor<1x32x6x16xf32>, %w: tensor<12x32x3x3xf32>) -> tensor<1x12x6x16xf32> {
  %y = remat.conv2d %x, %w padding [1, 1, 1, 1] : tensor<1x32x6x16xf32>, tensor<12x32x3x3xf32> -> tensor<1x12x6x16xf32>
  return %y : tensor<1x12x6x16xf32>
}

func.func @rows20(%x: tensor<2x3x19x20xf32>, %w: tensor<5x3x3x3xf32>) -> tensor<2x5x19x20xf32> {
  %y = remat.conv2d %x, %w padding [1, 1, 1, 1] : tensor<2x3x19x20xf32>, tensor<5x3x3x3xf32> -> tensor<2x5x19x20xf32>
  return %y : tensor<2x5x19x20xf32>
}

func.func @rows19_strided_dilated(%x: tensor<1x4x23x21xf32>, %w: tensor<6x4x3x3xf32>) -> tensor<1x6x11x19xf32> {
  %y = remat.conv2d %x, %w strides [2, 1] padding [1, 1, 1, 1] dilations [2, 2] : tensor<1x4x23x21xf32>, tensor<6x4x3x3xf32> -> tensor<1x6x11x19xf32>
  return %y : tensor<1x6x11x19xf32>
}

func.func @rows14(%x: tensor<2x6x14x14xf32>, %w: tensor<7x6x3x3xf32>) -> tensor<2x7x14x14xf32> {
  %y = remat.conv2d %x, %w padding [1, 1, 1, 1] : tensor<2x6x14x14xf32>, tensor<7x6x3x3xf32> -> tensor<2x7x14x14xf32>
  return %y : tensor<2x7x14x14xf32>
}

func.func @rows7(%x: tensor<3x5x7x7xf32>, %w: tensor<9x5x3x3xf32>) -> tensor<3x9x7x7xf32> {
  %y = remat.conv2d %x, %w padding [1, 1, 1, 1] : tensor<3x5x7x7xf32>, tensor<9x5x3x3xf32> -> tensor<3x9x7x7xf32>
  return %y : tensor<3x9x7x7xf32>
}

func.func @rows5_strided(%x: tensor<1x3x13x5xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x5x5xf32> {
  %y = remat.conv2d %x, %w strides [3, 1] padding [0, 1, 2, 1] : tensor<1x3x13x5xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x5x5xf32>
  return %y : tensor<1x4x5x5xf32>
}

func.func @stride2_rows8(%x: tensor<2x4x16x16xf32>, %w: tensor<6x4x3x3xf32>) -> tensor<2x6x8x8xf32> {
  %y = remat.conv2d %x, %w strides [2, 2] padding [1, 1, 1, 1] : tensor<2x4x16x16xf32>, tensor<6x4x3x3xf32> -> tensor<2x6x8x8xf32>
  return %y : tensor<2x6x8x8xf32>
}

func.func @stride2_rows28(%x: tensor<1x8x56x56xf32>, %w: tensor<5x8x1x1xf32>) -> tensor<1x5x28x28xf32> {
  %y = remat.conv2d %x, %w strides [2, 2] : tensor<1x8x56x56xf32>, tensor<5x8x1x1xf32> -> tensor<1x5x28x28xf32>
  return %y : tensor<1x5x28x28xf32>
}

func.func @deep_rows20(%x: tensor<2x32x20x20xf32>, %w: tensor<9x32x3x3xf32>) -> tensor<2x9x20x20xf32> {
  %y = remat.conv2d %x, %w padding [1, 1, 1, 1] : tensor<2x32x20x20xf32>, tensor<9x32x3x3xf32> -> tensor<2x9x20x20xf32>
  return %y : tensor<2x9x20x20xf32>
}

func.func @window5_deep(%x: tensor<1x12x18x18xf32>, %w: tensor<5x12x5x5xf32>) -> tensor<1x5x18x18xf32> {
  %y = remat.conv2d %x, %w padding [2, 2, 2, 2] : tensor<1x12x18x18xf32>, tensor<5x12x5x5xf32> -> tensor<1x5x18x18xf32>
  return %y : tensor<1x5x18x18xf32>
}

func.func @stem7_stride2(%x: tensor<2x3x30x30xf32>, %w: tensor<8x3x7x7xf32>) -> tensor<2x8x15x15xf32> {
  %y = remat.conv2d %x, %w strides [2, 2] padding [3, 3, 3, 3] : tensor<2x3x30x30xf32>, tensor<8x3x7x7xf32> -> tensor<2x8x15x15xf32>
  return %y : tensor<2x8x15x15xf32>
}

func.func @window9_deep(%x: tensor<1x4x12x12xf32>, %w: tensor<3x4x9x9xf32>) -> tensor<1x3x12x12xf32> {
  %y = remat.conv2d %x, %w padding [4, 4, 4, 4] : tensor<1x4x12x12xf32>, tensor<3x4x9x9xf32> -> tensor<1x3x12x12xf32>
  return %y : tensor<1x3x12x12xf32>
}

func.func @wide13(%x: tensor<1x2x6x30xf32>, %w: tensor<3x2x1x13xf32>) -> tensor<1x3x6x30xf32> {
  %y = remat.conv2d %x, %w padding [0, 6, 0, 6] : tensor<1x2x6x30xf32>, tensor<3x2x1x13xf32> -> tensor<1x3x6x30xf32>
  return %y : tensor<1x3x6x30xf32>
}
