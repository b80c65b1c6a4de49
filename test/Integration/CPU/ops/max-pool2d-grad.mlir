// Numerics of max_pool2d_grad against numpy (reference.py): every window's
// gradient goes to its first maximum in row-major order, ties included (the
// inputs are rounded to multiples of 0.25, so windows hold equal values);
// padding never wins; overlapping windows sum into the elements they share.
// Non-overlapping 2x2 windows, overlapping 3x3 / 2 with padding, a
// non-square asymmetric window, and f16; then the CPU kernel of tiling
// windows (below).
// REQUIRES: numpy
// RUN: %python %S/../../reference.py make-input %t.g2.npy --shape 2x3x4x4 --low -1 --high 1 --seed 1
// RUN: %python %S/../../reference.py make-input %t.x2.npy --shape 2x3x8x8 --low -1 --high 1 --step 0.25 --seed 2
// RUN: remat-run %s --entry=grad_2x2 --inputs=%t.g2.npy,%t.x2.npy --save-inputs=%t.grad_2x2.in --save-outputs=%t.grad_2x2.out > /dev/null
// RUN: %python %S/../../reference.py max_pool2d_grad --kernel 2,2 --in %t.grad_2x2.in --out %t.grad_2x2.out
// RUN: %python %S/../../reference.py make-input %t.g3.npy --shape 1x4x5x6 --low -1 --high 1 --seed 3
// RUN: %python %S/../../reference.py make-input %t.x3.npy --shape 1x4x9x11 --low -1 --high 1 --step 0.25 --seed 4
// RUN: remat-run %s --entry=grad_padded --inputs=%t.g3.npy,%t.x3.npy --save-inputs=%t.grad_padded.in --save-outputs=%t.grad_padded.out > /dev/null
// RUN: %python %S/../../reference.py max_pool2d_grad --kernel 3,3 --strides 2,2 --padding 1,1,1,1 --in %t.grad_padded.in --out %t.grad_padded.out
// RUN: remat-run %s --entry=grad_asymmetric --seed=5 --save-inputs=%t.grad_asymmetric.in --save-outputs=%t.grad_asymmetric.out > /dev/null
// RUN: %python %S/../../reference.py max_pool2d_grad --kernel 2,3 --strides 1,2 --padding 0,1,1,0 --in %t.grad_asymmetric.in --out %t.grad_asymmetric.out
// RUN: %python %S/../../reference.py make-input %t.x16.npy --shape 1x4x8x8 --dtype f16 --low -1 --high 1 --step 0.25 --seed 6
// RUN: %python %S/../../reference.py make-input %t.g16.npy --shape 1x4x4x4 --dtype f16 --low -1 --high 1 --seed 7
// RUN: remat-run %s --entry=grad_f16 --inputs=%t.g16.npy,%t.x16.npy --save-inputs=%t.grad_f16.in --save-outputs=%t.grad_f16.out > /dev/null
// RUN: %python %S/../../reference.py max_pool2d_grad --kernel 3,3 --strides 2,2 --padding 1,1,1,1 --in %t.grad_f16.in --out %t.grad_f16.out
// Windows that tile the input (stride = kernel, no padding, f32) run in
// the CPU kernel of 16 windows per vector (PoolKernel.cpp): whole blocks of
// 16 windows (2x2, 16 a row), a block and a masked rest (20 a row), only a
// masked rest with 3x3 windows (7 a row), 2x3 and 4x4 windows (widths 3
// and 4), and NaNs among ties (a NaN wins its window; the first of two
// NaNs wins).
// RUN: %python %S/../../reference.py make-input %t.x16.npy --shape 1x3x10x32 --low -1 --high 1 --step 0.25 --seed 8
// RUN: %python %S/../../reference.py make-input %t.g_tiled_16.npy --shape 1x3x5x16 --low -1 --high 1 --seed 9
// RUN: remat-run %s --entry=tiled_16 --inputs=%t.g_tiled_16.npy,%t.x16.npy --save-inputs=%t.tiled_16.in --save-outputs=%t.tiled_16.out > /dev/null
// RUN: %python %S/../../reference.py max_pool2d_grad --kernel 2,2 --in %t.tiled_16.in --out %t.tiled_16.out
// RUN: %python %S/../../reference.py make-input %t.x20.npy --shape 2x2x6x40 --low -1 --high 1 --step 0.25 --seed 10
// RUN: %python %S/../../reference.py make-input %t.g_tiled_20.npy --shape 2x2x3x20 --low -1 --high 1 --seed 11
// RUN: remat-run %s --entry=tiled_20 --inputs=%t.g_tiled_20.npy,%t.x20.npy --save-inputs=%t.tiled_20.in --save-outputs=%t.tiled_20.out > /dev/null
// RUN: %python %S/../../reference.py max_pool2d_grad --kernel 2,2 --in %t.tiled_20.in --out %t.tiled_20.out
// RUN: %python %S/../../reference.py make-input %t.x33.npy --shape 1x2x9x21 --low -1 --high 1 --step 0.25 --seed 12
// RUN: %python %S/../../reference.py make-input %t.g_tiled_3x3.npy --shape 1x2x3x7 --low -1 --high 1 --seed 13
// RUN: remat-run %s --entry=tiled_3x3 --inputs=%t.g_tiled_3x3.npy,%t.x33.npy --save-inputs=%t.tiled_3x3.in --save-outputs=%t.tiled_3x3.out > /dev/null
// RUN: %python %S/../../reference.py max_pool2d_grad --kernel 3,3 --in %t.tiled_3x3.in --out %t.tiled_3x3.out
// RUN: %python %S/../../reference.py make-input %t.x23.npy --shape 1x1x8x54 --low -1 --high 1 --step 0.25 --seed 14
// RUN: %python %S/../../reference.py make-input %t.g_tiled_2x3.npy --shape 1x1x4x18 --low -1 --high 1 --seed 15
// RUN: remat-run %s --entry=tiled_2x3 --inputs=%t.g_tiled_2x3.npy,%t.x23.npy --save-inputs=%t.tiled_2x3.in --save-outputs=%t.tiled_2x3.out > /dev/null
// RUN: %python %S/../../reference.py max_pool2d_grad --kernel 2,3 --in %t.tiled_2x3.in --out %t.tiled_2x3.out
// RUN: %python %S/../../reference.py make-input %t.x44.npy --shape 1x1x8x68 --low -1 --high 1 --step 0.25 --seed 16
// RUN: %python %S/../../reference.py make-input %t.g_tiled_4x4.npy --shape 1x1x2x17 --low -1 --high 1 --seed 17
// RUN: remat-run %s --entry=tiled_4x4 --inputs=%t.g_tiled_4x4.npy,%t.x44.npy --save-inputs=%t.tiled_4x4.in --save-outputs=%t.tiled_4x4.out > /dev/null
// RUN: %python %S/../../reference.py max_pool2d_grad --kernel 4,4 --in %t.tiled_4x4.in --out %t.tiled_4x4.out
// RUN: %python -c "import numpy as np; r = np.random.default_rng(18); x = (np.round(r.uniform(-1, 1, (1, 2, 6, 36)) * 2) / 2).astype(np.float32); x[r.uniform(size=x.shape) < 0.2] = np.nan; np.save('%t.xnan.npy', x)"
// RUN: %python %S/../../reference.py make-input %t.g_tiled_nan.npy --shape 1x2x3x18 --low -1 --high 1 --seed 19
// RUN: remat-run %s --entry=tiled_nan --inputs=%t.g_tiled_nan.npy,%t.xnan.npy --save-inputs=%t.tiled_nan.in --save-outputs=%t.tiled_nan.out > /dev/null
// RUN: %python %S/../../reference.py max_pool2d_grad --kernel 2,2 --in %t.tiled_nan.in --out %t.tiled_nan.out
// RUN: remat-run %s --entry=tiled_nan --inputs=%t.g_tiled_nan.npy,%t.xnan.npy --no-vectorize --print=0 --expect-outputs=%t.tiled_nan.out | FileCheck %s --check-prefix=SAME
// RUN: remat-run %s --entry=tiled_20 --inputs=%t.g_tiled_20.npy,%t.x20.npy --no-vectorize --print=0 --expect-outputs=%t.tiled_20.out | FileCheck %s --check-prefix=SAME
// The kernel's results are bitwise those of plain loops over the linalg
// lowering (--no-vectorize).
// SAME: PASS output 0 is bitwise identical to

func.func @grad_2x2(%g: tensor<2x3x4x4xf32>, %x: tensor<2x3x8x8xf32>) -> tensor<2x3x8x8xf32> {
  %y = remat.max_pool2d_grad %g, %x kernel [2, 2] : tensor<2x3x4x4xf32>, tensor<2x3x8x8xf32>
  return %y : tensor<2x3x8x8xf32>
}

func.func @grad_padded(%g: tensor<1x4x5x6xf32>, %x: tensor<1x4x9x11xf32>) -> tensor<1x4x9x11xf32> {
  %y = remat.max_pool2d_grad %g, %x kernel [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<1x4x5x6xf32>, tensor<1x4x9x11xf32>
  return %y : tensor<1x4x9x11xf32>
}

func.func @grad_asymmetric(%g: tensor<1x2x7x6xf32>, %x: tensor<1x2x7x13xf32>) -> tensor<1x2x7x13xf32> {
  %y = remat.max_pool2d_grad %g, %x kernel [2, 3] strides [1, 2] padding [0, 1, 1, 0] : tensor<1x2x7x6xf32>, tensor<1x2x7x13xf32>
  return %y : tensor<1x2x7x13xf32>
}

func.func @grad_f16(%g: tensor<1x4x4x4xf16>, %x: tensor<1x4x8x8xf16>) -> tensor<1x4x8x8xf16> {
  %y = remat.max_pool2d_grad %g, %x kernel [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<1x4x4x4xf16>, tensor<1x4x8x8xf16>
  return %y : tensor<1x4x8x8xf16>
}

func.func @tiled_16(%g: tensor<1x3x5x16xf32>, %x: tensor<1x3x10x32xf32>) -> tensor<1x3x10x32xf32> {
  %y = remat.max_pool2d_grad %g, %x kernel [2, 2] : tensor<1x3x5x16xf32>, tensor<1x3x10x32xf32>
  return %y : tensor<1x3x10x32xf32>
}

func.func @tiled_20(%g: tensor<2x2x3x20xf32>, %x: tensor<2x2x6x40xf32>) -> tensor<2x2x6x40xf32> {
  %y = remat.max_pool2d_grad %g, %x kernel [2, 2] : tensor<2x2x3x20xf32>, tensor<2x2x6x40xf32>
  return %y : tensor<2x2x6x40xf32>
}

func.func @tiled_3x3(%g: tensor<1x2x3x7xf32>, %x: tensor<1x2x9x21xf32>) -> tensor<1x2x9x21xf32> {
  %y = remat.max_pool2d_grad %g, %x kernel [3, 3] : tensor<1x2x3x7xf32>, tensor<1x2x9x21xf32>
  return %y : tensor<1x2x9x21xf32>
}

func.func @tiled_2x3(%g: tensor<1x1x4x18xf32>, %x: tensor<1x1x8x54xf32>) -> tensor<1x1x8x54xf32> {
  %y = remat.max_pool2d_grad %g, %x kernel [2, 3] : tensor<1x1x4x18xf32>, tensor<1x1x8x54xf32>
  return %y : tensor<1x1x8x54xf32>
}

func.func @tiled_4x4(%g: tensor<1x1x2x17xf32>, %x: tensor<1x1x8x68xf32>) -> tensor<1x1x8x68xf32> {
  %y = remat.max_pool2d_grad %g, %x kernel [4, 4] : tensor<1x1x2x17xf32>, tensor<1x1x8x68xf32>
  return %y : tensor<1x1x8x68xf32>
}

func.func @tiled_nan(%g: tensor<1x2x3x18xf32>, %x: tensor<1x2x6x36xf32>) -> tensor<1x2x6x36xf32> {
  %y = remat.max_pool2d_grad %g, %x kernel [2, 2] : tensor<1x2x3x18xf32>, tensor<1x2x6x36xf32>
  return %y : tensor<1x2x6x36xf32>
}
