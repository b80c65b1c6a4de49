// Forward numerics of max_pool2d / avg_pool2d against numpy (reference.py):
// default strides, strided with symmetric and asymmetric padding
// [top, left, bottom, right], non-square windows; max ignores padding, avg
// divides by KH * KW with padding counted; f16 and bf16.
// REQUIRES: numpy
// RUN: remat-run %s --entry=max_2x2 --seed=1 --save-inputs=%t.max_2x2.in --save-outputs=%t.max_2x2.out > /dev/null
// RUN: %python %S/../../reference.py max_pool2d --kernel 2,2 --in %t.max_2x2.in --out %t.max_2x2.out
// RUN: remat-run %s --entry=max_padded --seed=2 --save-inputs=%t.max_padded.in --save-outputs=%t.max_padded.out > /dev/null
// RUN: %python %S/../../reference.py max_pool2d --kernel 3,3 --strides 2,2 --padding 1,1,1,1 --in %t.max_padded.in --out %t.max_padded.out
// RUN: remat-run %s --entry=max_asymmetric --seed=3 --save-inputs=%t.max_asymmetric.in --save-outputs=%t.max_asymmetric.out > /dev/null
// RUN: %python %S/../../reference.py max_pool2d --kernel 2,3 --strides 1,2 --padding 0,1,1,0 --in %t.max_asymmetric.in --out %t.max_asymmetric.out
// RUN: remat-run %s --entry=max_f16 --seed=4 --save-inputs=%t.max_f16.in --save-outputs=%t.max_f16.out > /dev/null
// RUN: %python %S/../../reference.py max_pool2d --kernel 3,3 --strides 2,2 --padding 1,1,1,1 --in %t.max_f16.in --out %t.max_f16.out
// RUN: remat-run %s --entry=avg_2x2 --seed=5 --save-inputs=%t.avg_2x2.in --save-outputs=%t.avg_2x2.out > /dev/null
// RUN: %python %S/../../reference.py avg_pool2d --kernel 2,2 --in %t.avg_2x2.in --out %t.avg_2x2.out
// RUN: remat-run %s --entry=avg_padded --seed=6 --save-inputs=%t.avg_padded.in --save-outputs=%t.avg_padded.out > /dev/null
// RUN: %python %S/../../reference.py avg_pool2d --kernel 3,3 --strides 2,2 --padding 1,1,1,1 --in %t.avg_padded.in --out %t.avg_padded.out
// RUN: remat-run %s --entry=avg_asymmetric --seed=7 --save-inputs=%t.avg_asymmetric.in --save-outputs=%t.avg_asymmetric.out > /dev/null
// RUN: %python %S/../../reference.py avg_pool2d --kernel 3,2 --strides 2,1 --padding 2,0,1,1 --in %t.avg_asymmetric.in --out %t.avg_asymmetric.out
// RUN: remat-run %s --entry=avg_bf16 --seed=8 --save-inputs=%t.avg_bf16.in --save-outputs=%t.avg_bf16.out > /dev/null
// RUN: %python %S/../../reference.py avg_pool2d --kernel 2,2 --strides 2,2 --padding 0,0,1,1 --in %t.avg_bf16.in --out %t.avg_bf16.out

func.func @max_2x2(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x4x4xf32> {
  %y = remat.max_pool2d %x kernel [2, 2] : tensor<1x3x8x8xf32> -> tensor<1x3x4x4xf32>
  return %y : tensor<1x3x4x4xf32>
}

func.func @max_padded(%x: tensor<2x3x9x11xf32>) -> tensor<2x3x5x6xf32> {
  %y = remat.max_pool2d %x kernel [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<2x3x9x11xf32> -> tensor<2x3x5x6xf32>
  return %y : tensor<2x3x5x6xf32>
}

func.func @max_asymmetric(%x: tensor<1x2x7x13xf32>) -> tensor<1x2x7x6xf32> {
  %y = remat.max_pool2d %x kernel [2, 3] strides [1, 2] padding [0, 1, 1, 0] : tensor<1x2x7x13xf32> -> tensor<1x2x7x6xf32>
  return %y : tensor<1x2x7x6xf32>
}

func.func @max_f16(%x: tensor<1x4x8x8xf16>) -> tensor<1x4x4x4xf16> {
  %y = remat.max_pool2d %x kernel [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<1x4x8x8xf16> -> tensor<1x4x4x4xf16>
  return %y : tensor<1x4x4x4xf16>
}

func.func @avg_2x2(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x4x4xf32> {
  %y = remat.avg_pool2d %x kernel [2, 2] : tensor<1x3x8x8xf32> -> tensor<1x3x4x4xf32>
  return %y : tensor<1x3x4x4xf32>
}

func.func @avg_padded(%x: tensor<2x3x9x11xf32>) -> tensor<2x3x5x6xf32> {
  %y = remat.avg_pool2d %x kernel [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<2x3x9x11xf32> -> tensor<2x3x5x6xf32>
  return %y : tensor<2x3x5x6xf32>
}

func.func @avg_asymmetric(%x: tensor<1x4x10x7xf32>) -> tensor<1x4x6x7xf32> {
  %y = remat.avg_pool2d %x kernel [3, 2] strides [2, 1] padding [2, 0, 1, 1] : tensor<1x4x10x7xf32> -> tensor<1x4x6x7xf32>
  return %y : tensor<1x4x6x7xf32>
}

func.func @avg_bf16(%x: tensor<2x2x7x7xbf16>) -> tensor<2x2x4x4xbf16> {
  %y = remat.avg_pool2d %x kernel [2, 2] strides [2, 2] padding [0, 0, 1, 1] : tensor<2x2x7x7xbf16> -> tensor<2x2x4x4xbf16>
  return %y : tensor<2x2x4x4xbf16>
}
