// Numerics of max_pool2d_grad against numpy (reference.py): every window's
// gradient goes to its first maximum in row-major order, ties included (the
// inputs are rounded to multiples of 0.25, so windows hold equal values);
// padding never wins; overlapping windows sum into the elements they share.
// Non-overlapping 2x2 windows, overlapping 3x3 / 2 with padding, a
// non-square asymmetric window, and f16.
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
