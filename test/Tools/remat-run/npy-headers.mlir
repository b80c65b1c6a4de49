// .npy files are read as numpy reads them: the header is a Python dict
// literal (single or double quotes, any whitespace, keys in any order,
// trailing commas, Python 2 integers such as 2L), in format 1.0 or 2.0;
// Fortran-order data is transposed into row-major order, big-endian data
// byte-swapped. Every file holds [[0, 1, 2], [3, 4, 5]] (or arange(4), or
// arange(24) in 2x3x4): the output is that array in row-major order. The
// inputs are written by Inputs/make-npy.py.
// REQUIRES: numpy
// RUN: %python %S/Inputs/make-npy.py %t.

// As np.save writes them: C and Fortran order, big-endian, format 2.0.
// RUN: remat-run %s --entry=ids --inputs=%t.ids.npy | FileCheck %s --check-prefix=IDS
// RUN: remat-run %s --entry=ids --inputs=%t.ids-f.npy | FileCheck %s --check-prefix=IDS
// RUN: remat-run %s --entry=ids --inputs=%t.ids-be.npy | FileCheck %s --check-prefix=IDS
// RUN: remat-run %s --entry=add --inputs=%t.be.npy,%t.v2.npy | FileCheck %s --check-prefix=BE
// RUN: remat-run %s --entry=cube --print=24 --inputs=%t.cube-f.npy | FileCheck %s --check-prefix=CUBE

// Written by hand: no spaces (Fortran and C order), double quotes, odd
// whitespace with trailing commas, Python 2 integers, format 2.0.
// RUN: remat-run %s --entry=ids --inputs=%t.nospace-f.npy | FileCheck %s --check-prefix=IDS
// RUN: remat-run %s --entry=ids --inputs=%t.nospace-c.npy | FileCheck %s --check-prefix=IDS
// RUN: remat-run %s --entry=ids --inputs=%t.dquote.npy | FileCheck %s --check-prefix=IDS
// RUN: remat-run %s --entry=ids --inputs=%t.spaces.npy | FileCheck %s --check-prefix=IDS
// RUN: remat-run %s --entry=ids --inputs=%t.py2.npy | FileCheck %s --check-prefix=IDS
// RUN: remat-run %s --entry=ids --inputs=%t.v2-raw.npy | FileCheck %s --check-prefix=IDS

// What remat-run writes it reads back (its own header style).
// RUN: remat-run %s --entry=ids --inputs=%t.ids-f.npy --save-outputs=%t.out | FileCheck %s --check-prefix=IDS
// RUN: remat-run %s --entry=ids --inputs=%t.out0.npy | FileCheck %s --check-prefix=IDS
// RUN: %python -c "import numpy as np; a = np.load('%t.out0.npy'); assert a.tolist() == [[0, 1, 2], [3, 4, 5]], a"

// IDS: output 0: tensor<2x3xi32> sum 15 abs-sum 15 first [0, 1, 2, 3, 4, 5]{{$}}
// BE: output 0: tensor<4xf32> sum 10 abs-sum 10 first [1, 2, 3, 4]{{$}}
// CUBE: output 0: tensor<2x3x4xf32> sum 276 abs-sum 276 first [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]{{$}}

func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %c = remat.add %a, %b : tensor<4xf32>
  return %c : tensor<4xf32>
}

func.func @ids(%i: tensor<2x3xi32>) -> tensor<2x3xi32> {
  return %i : tensor<2x3xi32>
}

func.func @cube(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  return %x : tensor<2x3x4xf32>
}
