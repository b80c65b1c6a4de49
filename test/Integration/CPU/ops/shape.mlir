// Forward numerics of reshape, transpose, slice (with strides) and concat
// against numpy (reference.py): bit-exact, on float and integer tensors.
// REQUIRES: numpy
// RUN: remat-run %s --entry=reshape_flatten --seed=1 --save-inputs=%t.reshape_flatten.in --save-outputs=%t.reshape_flatten.out > /dev/null
// RUN: %python %S/../../reference.py reshape --shape 91 --in %t.reshape_flatten.in --out %t.reshape_flatten.out
// RUN: remat-run %s --entry=reshape_regroup --seed=2 --save-inputs=%t.reshape_regroup.in --save-outputs=%t.reshape_regroup.out > /dev/null
// RUN: %python %S/../../reference.py reshape --shape 4x15 --in %t.reshape_regroup.in --out %t.reshape_regroup.out
// RUN: remat-run %s --entry=reshape_rank3 --seed=3 --save-inputs=%t.reshape_rank3.in --save-outputs=%t.reshape_rank3.out > /dev/null
// RUN: %python %S/../../reference.py reshape --shape 3x4x2 --in %t.reshape_rank3.in --out %t.reshape_rank3.out
// RUN: remat-run %s --entry=reshape_to_scalar --seed=4 --save-inputs=%t.reshape_to_scalar.in --save-outputs=%t.reshape_to_scalar.out > /dev/null
// RUN: %python %S/../../reference.py reshape --shape= --in %t.reshape_to_scalar.in --out %t.reshape_to_scalar.out
// RUN: remat-run %s --entry=reshape_i32 --seed=5 --save-inputs=%t.reshape_i32.in --save-outputs=%t.reshape_i32.out > /dev/null
// RUN: %python %S/../../reference.py reshape --shape 2x2x2 --in %t.reshape_i32.in --out %t.reshape_i32.out
//
// RUN: remat-run %s --entry=transpose_2d --seed=6 --save-inputs=%t.transpose_2d.in --save-outputs=%t.transpose_2d.out > /dev/null
// RUN: %python %S/../../reference.py transpose --perm 1,0 --in %t.transpose_2d.in --out %t.transpose_2d.out
// RUN: remat-run %s --entry=transpose_rank3 --seed=7 --save-inputs=%t.transpose_rank3.in --save-outputs=%t.transpose_rank3.out > /dev/null
// RUN: %python %S/../../reference.py transpose --perm 2,0,1 --in %t.transpose_rank3.in --out %t.transpose_rank3.out
// RUN: remat-run %s --entry=transpose_rank4 --seed=8 --save-inputs=%t.transpose_rank4.in --save-outputs=%t.transpose_rank4.out > /dev/null
// RUN: %python %S/../../reference.py transpose --perm 0,2,3,1 --in %t.transpose_rank4.in --out %t.transpose_rank4.out
// RUN: remat-run %s --entry=transpose_f16 --seed=9 --save-inputs=%t.transpose_f16.in --save-outputs=%t.transpose_f16.out > /dev/null
// RUN: %python %S/../../reference.py transpose --perm 1,0 --in %t.transpose_f16.in --out %t.transpose_f16.out
// RUN: remat-run %s --entry=transpose_i64 --seed=10 --save-inputs=%t.transpose_i64.in --save-outputs=%t.transpose_i64.out > /dev/null
// RUN: %python %S/../../reference.py transpose --perm 1,2,0 --in %t.transpose_i64.in --out %t.transpose_i64.out
//
// RUN: remat-run %s --entry=slice_window --seed=11 --save-inputs=%t.slice_window.in --save-outputs=%t.slice_window.out > /dev/null
// RUN: %python %S/../../reference.py slice --start 2,3 --limit 7,9 --in %t.slice_window.in --out %t.slice_window.out
// RUN: remat-run %s --entry=slice_strided --seed=12 --save-inputs=%t.slice_strided.in --save-outputs=%t.slice_strided.out > /dev/null
// RUN: %python %S/../../reference.py slice --start 1,0 --limit 33,65 --strides 2,3 --in %t.slice_strided.in --out %t.slice_strided.out
// RUN: remat-run %s --entry=slice_rank3 --seed=13 --save-inputs=%t.slice_rank3.in --save-outputs=%t.slice_rank3.out > /dev/null
// RUN: %python %S/../../reference.py slice --start 0,1,2 --limit 3,5,64 --strides 1,2,5 --in %t.slice_rank3.in --out %t.slice_rank3.out
// RUN: remat-run %s --entry=slice_bf16 --seed=14 --save-inputs=%t.slice_bf16.in --save-outputs=%t.slice_bf16.out > /dev/null
// RUN: %python %S/../../reference.py slice --start 3 --limit 17 --strides 4 --in %t.slice_bf16.in --out %t.slice_bf16.out
// RUN: remat-run %s --entry=slice_i32 --seed=15 --save-inputs=%t.slice_i32.in --save-outputs=%t.slice_i32.out > /dev/null
// RUN: %python %S/../../reference.py slice --start 1,1 --limit 4,7 --strides 2,2 --in %t.slice_i32.in --out %t.slice_i32.out
//
// RUN: remat-run %s --entry=concat_two --seed=16 --save-inputs=%t.concat_two.in --save-outputs=%t.concat_two.out > /dev/null
// RUN: %python %S/../../reference.py concat --dim 1 --num-inputs 2 --in %t.concat_two.in --out %t.concat_two.out
// RUN: remat-run %s --entry=concat_three --seed=17 --save-inputs=%t.concat_three.in --save-outputs=%t.concat_three.out > /dev/null
// RUN: %python %S/../../reference.py concat --dim 0 --num-inputs 3 --in %t.concat_three.in --out %t.concat_three.out
// RUN: remat-run %s --entry=concat_rank3 --seed=18 --save-inputs=%t.concat_rank3.in --save-outputs=%t.concat_rank3.out > /dev/null
// RUN: %python %S/../../reference.py concat --dim 2 --num-inputs 2 --in %t.concat_rank3.in --out %t.concat_rank3.out
// RUN: remat-run %s --entry=concat_f16 --seed=19 --save-inputs=%t.concat_f16.in --save-outputs=%t.concat_f16.out > /dev/null
// RUN: %python %S/../../reference.py concat --dim 0 --num-inputs 2 --in %t.concat_f16.in --out %t.concat_f16.out
// RUN: remat-run %s --entry=concat_i64 --seed=20 --save-inputs=%t.concat_i64.in --save-outputs=%t.concat_i64.out > /dev/null
// RUN: %python %S/../../reference.py concat --dim 1 --num-inputs 2 --in %t.concat_i64.in --out %t.concat_i64.out

func.func @reshape_flatten(%x: tensor<7x13xf32>) -> tensor<91xf32> {
  %y = remat.reshape %x : tensor<7x13xf32> -> tensor<91xf32>
  return %y : tensor<91xf32>
}

func.func @reshape_regroup(%x: tensor<6x10xf32>) -> tensor<4x15xf32> {
  %y = remat.reshape %x : tensor<6x10xf32> -> tensor<4x15xf32>
  return %y : tensor<4x15xf32>
}

func.func @reshape_rank3(%x: tensor<2x3x4xf32>) -> tensor<3x4x2xf32> {
  %y = remat.reshape %x : tensor<2x3x4xf32> -> tensor<3x4x2xf32>
  return %y : tensor<3x4x2xf32>
}

func.func @reshape_to_scalar(%x: tensor<1x1xf32>) -> tensor<f32> {
  %y = remat.reshape %x : tensor<1x1xf32> -> tensor<f32>
  return %y : tensor<f32>
}

func.func @reshape_i32(%x: tensor<4x2xi32>) -> tensor<2x2x2xi32> {
  %y = remat.reshape %x : tensor<4x2xi32> -> tensor<2x2x2xi32>
  return %y : tensor<2x2x2xi32>
}

func.func @transpose_2d(%x: tensor<33x65xf32>) -> tensor<65x33xf32> {
  %y = remat.transpose %x perm [1, 0] : tensor<33x65xf32> -> tensor<65x33xf32>
  return %y : tensor<65x33xf32>
}

func.func @transpose_rank3(%x: tensor<3x5x8xf32>) -> tensor<8x3x5xf32> {
  %y = remat.transpose %x perm [2, 0, 1] : tensor<3x5x8xf32> -> tensor<8x3x5xf32>
  return %y : tensor<8x3x5xf32>
}

func.func @transpose_rank4(%x: tensor<2x3x4x5xf32>) -> tensor<2x4x5x3xf32> {
  %y = remat.transpose %x perm [0, 2, 3, 1] : tensor<2x3x4x5xf32> -> tensor<2x4x5x3xf32>
  return %y : tensor<2x4x5x3xf32>
}

func.func @transpose_f16(%x: tensor<7x13xf16>) -> tensor<13x7xf16> {
  %y = remat.transpose %x perm [1, 0] : tensor<7x13xf16> -> tensor<13x7xf16>
  return %y : tensor<13x7xf16>
}

func.func @transpose_i64(%x: tensor<2x3x4xi64>) -> tensor<3x4x2xi64> {
  %y = remat.transpose %x perm [1, 2, 0] : tensor<2x3x4xi64> -> tensor<3x4x2xi64>
  return %y : tensor<3x4x2xi64>
}

func.func @slice_window(%x: tensor<7x13xf32>) -> tensor<5x6xf32> {
  %y = remat.slice %x start [2, 3] limit [7, 9] : tensor<7x13xf32> -> tensor<5x6xf32>
  return %y : tensor<5x6xf32>
}

func.func @slice_strided(%x: tensor<33x65xf32>) -> tensor<16x22xf32> {
  %y = remat.slice %x start [1, 0] limit [33, 65] strides [2, 3] : tensor<33x65xf32> -> tensor<16x22xf32>
  return %y : tensor<16x22xf32>
}

func.func @slice_rank3(%x: tensor<3x5x64xf32>) -> tensor<3x2x13xf32> {
  %y = remat.slice %x start [0, 1, 2] limit [3, 5, 64] strides [1, 2, 5] : tensor<3x5x64xf32> -> tensor<3x2x13xf32>
  return %y : tensor<3x2x13xf32>
}

func.func @slice_bf16(%x: tensor<20xbf16>) -> tensor<4xbf16> {
  %y = remat.slice %x start [3] limit [17] strides [4] : tensor<20xbf16> -> tensor<4xbf16>
  return %y : tensor<4xbf16>
}

func.func @slice_i32(%x: tensor<5x8xi32>) -> tensor<2x3xi32> {
  %y = remat.slice %x start [1, 1] limit [4, 7] strides [2, 2] : tensor<5x8xi32> -> tensor<2x3xi32>
  return %y : tensor<2x3xi32>
}

func.func @concat_two(%a: tensor<7x5xf32>, %b: tensor<7x8xf32>) -> tensor<7x13xf32> {
  %y = remat.concat %a, %b dim 1 : tensor<7x5xf32>, tensor<7x8xf32> -> tensor<7x13xf32>
  return %y : tensor<7x13xf32>
}

func.func @concat_three(%a: tensor<2x4xf32>, %b: tensor<3x4xf32>, %c: tensor<1x4xf32>) -> tensor<6x4xf32> {
  %y = remat.concat %a, %b, %c dim 0 : tensor<2x4xf32>, tensor<3x4xf32>, tensor<1x4xf32> -> tensor<6x4xf32>
  return %y : tensor<6x4xf32>
}

func.func @concat_rank3(%a: tensor<2x3x32xf32>, %b: tensor<2x3x33xf32>) -> tensor<2x3x65xf32> {
  %y = remat.concat %a, %b dim 2 : tensor<2x3x32xf32>, tensor<2x3x33xf32> -> tensor<2x3x65xf32>
  return %y : tensor<2x3x65xf32>
}

func.func @concat_f16(%a: tensor<3x9xf16>, %b: tensor<4x9xf16>) -> tensor<7x9xf16> {
  %y = remat.concat %a, %b dim 0 : tensor<3x9xf16>, tensor<4x9xf16> -> tensor<7x9xf16>
  return %y : tensor<7x9xf16>
}

func.func @concat_i64(%a: tensor<2x3xi64>, %b: tensor<2x2xi64>) -> tensor<2x5xi64> {
  %y = remat.concat %a, %b dim 1 : tensor<2x3xi64>, tensor<2x2xi64> -> tensor<2x5xi64>
  return %y : tensor<2x5xi64>
}
