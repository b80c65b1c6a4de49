// What remat-run refuses in the .npy files given to --inputs: each file's
// dtype and shape must be the argument's exactly (no conversion of values,
// no broadcasting, no squeezing of size-1 dimensions), and its header a
// well-formed dict literal. The message names the file. npy-headers.mlir
// has what is accepted (either quote style, Fortran order, big-endian);
// errors.mlir has the other refusals (this file needs numpy to write the
// inputs: Inputs/make-npy.py).
// REQUIRES: numpy
// RUN: %python %S/Inputs/make-npy.py %t.

// The same files with the right dtype and shape are accepted.
// RUN: remat-run %s --entry=add --inputs=%t.ok.npy,%t.ok.npy | FileCheck %s --check-prefix=OK
// RUN: remat-run %s --entry=ids --inputs=%t.ids.npy | FileCheck %s --check-prefix=OK-IDS
// OK: output 0: tensor<4xf32> sum 8 abs-sum 8 first [2, 2, 2, 2]
// OK-IDS: output 0: tensor<2x3xi32> sum 15 abs-sum 15 first [0, 1, 2, 3, 4, 5]

// Wrong dtype, matched exactly: float64 and int32 for an f32 argument (the
// bad file first or second: the message names it), int64, float32 and bool
// for an i32 argument, a structured dtype. A float32 payload whose header
// mentions '<i4' in another entry is not taken for int32.
// RUN: not remat-run %s --entry=add --inputs=%t.ok.npy,%t.f64.npy 2>&1 | FileCheck %s --check-prefix=F64
// RUN: not remat-run %s --entry=add --inputs=%t.i32.npy,%t.ok.npy 2>&1 | FileCheck %s --check-prefix=I32
// RUN: not remat-run %s --entry=ids --inputs=%t.ids-i64.npy 2>&1 | FileCheck %s --check-prefix=I64
// RUN: not remat-run %s --entry=ids --inputs=%t.f4-for-i32.npy 2>&1 | FileCheck %s --check-prefix=F4-FOR-I32
// RUN: not remat-run %s --entry=flags --inputs=%t.bool.npy 2>&1 | FileCheck %s --check-prefix=BOOL
// RUN: not remat-run %s --entry=ids --inputs=%t.structured.npy 2>&1 | FileCheck %s --check-prefix=STRUCTURED
// RUN: not remat-run %s --entry=ids --inputs=%t.f4-as-i4.npy 2>&1 | FileCheck %s --check-prefix=F4-AS-I4
// F64: remat-run: '{{.*}}.f64.npy' has dtype '<f8' (float64), expected '<f4' (float32) for f32{{$}}
// I32: remat-run: '{{.*}}.i32.npy' has dtype '<i4' (int32), expected '<f4' (float32) for f32{{$}}
// I64: remat-run: '{{.*}}.ids-i64.npy' has dtype '<i8' (int64), expected '<i4' (int32) for i32{{$}}
// F4-FOR-I32: remat-run: '{{.*}}.f4-for-i32.npy' has dtype '<f4' (float32), expected '<i4' (int32) for i32{{$}}
// BOOL: remat-run: '{{.*}}.bool.npy' has dtype '|b1' (bool), expected '<i4' (int32) for i32{{$}}
// STRUCTURED: remat-run: '{{.*}}.structured.npy' has dtype [('a', '<i4')] (a structured dtype), expected '<i4' (int32) for i32{{$}}
// F4-AS-I4: remat-run: '{{.*}}.f4-as-i4.npy' has a malformed header (unexpected key 'note'): {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), 'note': "'descr': '<i4'"}{{$}}

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

// Headers that are not the dict literal numpy reads: an unquoted key, a
// missing key, a key twice, a word that is not True or False, a negative
// dimension, (4) (an integer, not a tuple), text after the closing brace;
// a format version numpy does not have; a payload shorter than the shape.
// RUN: not remat-run %s --entry=ids --inputs=%t.unquoted.npy 2>&1 | FileCheck %s --check-prefix=UNQUOTED
// RUN: not remat-run %s --entry=ids --inputs=%t.no-shape.npy 2>&1 | FileCheck %s --check-prefix=NO-SHAPE
// RUN: not remat-run %s --entry=ids --inputs=%t.twice.npy 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not remat-run %s --entry=ids --inputs=%t.order-word.npy 2>&1 | FileCheck %s --check-prefix=ORDER-WORD
// RUN: not remat-run %s --entry=ids --inputs=%t.negative.npy 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not remat-run %s --entry=add --inputs=%t.one-no-comma.npy,%t.ok.npy 2>&1 | FileCheck %s --check-prefix=NO-COMMA
// RUN: not remat-run %s --entry=ids --inputs=%t.trailing.npy 2>&1 | FileCheck %s --check-prefix=TRAILING
// RUN: not remat-run %s --entry=ids --inputs=%t.v9.npy 2>&1 | FileCheck %s --check-prefix=V9
// RUN: not remat-run %s --entry=ids --inputs=%t.ids-short.npy 2>&1 | FileCheck %s --check-prefix=SHORT
// UNQUOTED: remat-run: '{{.*}}.unquoted.npy' has a malformed header (expected a quoted string at offset 1, found 'descr: '<i4''): {descr: '<i4', 'fortran_order': False, 'shape': (2, 3)}{{$}}
// NO-SHAPE: remat-run: '{{.*}}.no-shape.npy' has a malformed header (no 'shape' key): {'descr': '<i4', 'fortran_order': False}{{$}}
// TWICE: remat-run: '{{.*}}.twice.npy' has a malformed header ('descr' appears twice):
// ORDER-WORD: remat-run: '{{.*}}.order-word.npy' has a malformed header (expected True or False for 'fortran_order' at offset 34, found 'Truely, 'sha'):
// NEGATIVE: remat-run: '{{.*}}.negative.npy' has a malformed header (expected a dimension from 0 to 2^63-1 at offset 51, found '-2, 3)}'):
// NO-COMMA: remat-run: '{{.*}}.one-no-comma.npy' has a malformed header (expected ',' in a one-dimensional shape such as (3,) at offset 53, found '}'):
// TRAILING: remat-run: '{{.*}}.trailing.npy' has a malformed header (expected the end of the header after '}' at offset 58, found 'x'):
// V9: remat-run: '{{.*}}.v9.npy' is .npy format version 9.0: expected 1.0, 2.0 or 3.0{{$}}
// SHORT: remat-run: '{{.*}}.ids-short.npy' holds fewer bytes than its shape says{{$}}

func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %c = remat.add %a, %b : tensor<4xf32>
  return %c : tensor<4xf32>
}

func.func @ids(%i: tensor<2x3xi32>) -> tensor<2x3xi32> {
  return %i : tensor<2x3xi32>
}

func.func @flags(%x: tensor<4xi32>) -> tensor<4xi32> {
  return %x : tensor<4xi32>
}
