// What remat-run refuses in the .npy files given to --inputs: each file's
// dtype and shape must be the argument's exactly (no conversion, no
// broadcasting, no squeezing of size-1 dimensions), C order. The message
// names the file. errors.mlir has the other refusals (this file needs numpy
// to write the inputs).
// REQUIRES: numpy
// RUN: %python -c "import numpy as np; np.save('%t.ok.npy', np.ones(4, np.float32)); np.save('%t.f64.npy', np.ones(4)); np.save('%t.i32.npy', np.ones(4, np.int32)); np.save('%t.be.npy', np.ones(4, '>f4')); np.save('%t.5.npy', np.ones(5, np.float32)); np.save('%t.4x1.npy', np.ones((4, 1), np.float32)); np.save('%t.0d.npy', np.float32(1))"
// RUN: %python -c "import numpy as np; a = np.arange(6, dtype=np.int32).reshape(2, 3); np.save('%t.ids.npy', a); np.save('%t.ids-i64.npy', a.astype(np.int64)); np.save('%t.ids-3x2.npy', a.reshape(3, 2)); np.save('%t.ids-f.npy', np.asfortranarray(a)); open('%t.ids-short.npy', 'wb').write(open('%t.ids.npy', 'rb').read()[:-4])"

// The same files with the right dtype and shape are accepted.
// RUN: remat-run %s --entry=add --inputs=%t.ok.npy,%t.ok.npy | FileCheck %s --check-prefix=OK
// RUN: remat-run %s --entry=ids --inputs=%t.ids.npy | FileCheck %s --check-prefix=OK-IDS
// OK: output 0: tensor<4xf32> sum 8 abs-sum 8 first [2, 2, 2, 2]
// OK-IDS: output 0: tensor<2x3xi32> sum 15 abs-sum 15 first [0, 1, 2, 3, 4, 5]

// Wrong dtype: float64, int32 and big-endian float32 for an f32 argument
// (the bad file first or second: the message names it), int64 for an i32
// argument.
// RUN: not remat-run %s --entry=add --inputs=%t.ok.npy,%t.f64.npy 2>&1 | FileCheck %s --check-prefix=F64
// RUN: not remat-run %s --entry=add --inputs=%t.i32.npy,%t.ok.npy 2>&1 | FileCheck %s --check-prefix=I32
// RUN: not remat-run %s --entry=add --inputs=%t.be.npy,%t.ok.npy 2>&1 | FileCheck %s --check-prefix=BE
// RUN: not remat-run %s --entry=ids --inputs=%t.ids-i64.npy 2>&1 | FileCheck %s --check-prefix=I64
// F64: remat-run: '{{.*}}.f64.npy' has dtype other than <f4 (f32): header {'descr': '<f8', 'fortran_order': False, 'shape': (4,), }
// I32: remat-run: '{{.*}}.i32.npy' has dtype other than <f4 (f32): header {'descr': '<i4',
// BE: remat-run: '{{.*}}.be.npy' has dtype other than <f4 (f32): header {'descr': '>f4',
// I64: remat-run: '{{.*}}.ids-i64.npy' has dtype other than <i4 (i32): header {'descr': '<i8',

// Wrong shape: more elements, an extra size-1 dimension, a scalar, the same
// elements in another shape. Shapes are written as numpy writes them.
// RUN: not remat-run %s --entry=add --inputs=%t.ok.npy,%t.5.npy 2>&1 | FileCheck %s --check-prefix=SHAPE5
// RUN: not remat-run %s --entry=add --inputs=%t.4x1.npy,%t.ok.npy 2>&1 | FileCheck %s --check-prefix=SHAPE4X1
// RUN: not remat-run %s --entry=add --inputs=%t.0d.npy,%t.ok.npy 2>&1 | FileCheck %s --check-prefix=SHAPE0D
// RUN: not remat-run %s --entry=ids --inputs=%t.ids-3x2.npy 2>&1 | FileCheck %s --check-prefix=SHAPE3X2
// SHAPE5: remat-run: '{{.*}}.5.npy' has shape (5,), expected (4,){{$}}
// SHAPE4X1: remat-run: '{{.*}}.4x1.npy' has shape (4, 1), expected (4,){{$}}
// SHAPE0D: remat-run: '{{.*}}.0d.npy' has shape (), expected (4,){{$}}
// SHAPE3X2: remat-run: '{{.*}}.ids-3x2.npy' has shape (3, 2), expected (2, 3){{$}}

// Fortran order, and a payload shorter than the header's shape.
// RUN: not remat-run %s --entry=ids --inputs=%t.ids-f.npy 2>&1 | FileCheck %s --check-prefix=FORTRAN
// RUN: not remat-run %s --entry=ids --inputs=%t.ids-short.npy 2>&1 | FileCheck %s --check-prefix=SHORT
// FORTRAN: remat-run: '{{.*}}.ids-f.npy' is in Fortran order; save it C-ordered
// SHORT: remat-run: '{{.*}}.ids-short.npy' holds fewer bytes than its shape says

func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %c = remat.add %a, %b : tensor<4xf32>
  return %c : tensor<4xf32>
}

func.func @ids(%i: tensor<2x3xi32>) -> tensor<2x3xi32> {
  return %i : tensor<2x3xi32>
}
