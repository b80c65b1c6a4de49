// Forward numerics of remat.embedding against numpy (reference.py): i32 and
// i64 ids of rank 1 and 2 (remat-run draws them in [0, rows)), an f16
// table, and ids outside [0, rows) -- negative and too large -- written by
// reference.py make-input, which must read zeros.
// REQUIRES: numpy
// RUN: remat-run %s --entry=ids_i32 --seed=1 --save-inputs=%t.ids_i32.in --save-outputs=%t.ids_i32.out > /dev/null
// RUN: %python %S/../../reference.py embedding --in %t.ids_i32.in --out %t.ids_i32.out
// RUN: remat-run %s --entry=ids_i64 --seed=2 --save-inputs=%t.ids_i64.in --save-outputs=%t.ids_i64.out > /dev/null
// RUN: %python %S/../../reference.py embedding --in %t.ids_i64.in --out %t.ids_i64.out
// RUN: remat-run %s --entry=table_f16 --seed=3 --save-inputs=%t.table_f16.in --save-outputs=%t.table_f16.out > /dev/null
// RUN: %python %S/../../reference.py embedding --in %t.table_f16.in --out %t.table_f16.out
//
// RUN: %python %S/../../reference.py make-input %t.table.npy --shape 10x7 --low -1 --high 1 --seed 4
// RUN: %python %S/../../reference.py make-input %t.ids32.npy --shape 4x6 --dtype i32 --low -4 --high 15 --seed 5
// RUN: %python %S/../../reference.py make-input %t.ids64.npy --shape 17 --dtype i64 --low -20 --high 30 --seed 6
// RUN: remat-run %s --entry=out_of_range_i32 --inputs=%t.table.npy,%t.ids32.npy --save-inputs=%t.oob32.in --save-outputs=%t.oob32.out > /dev/null
// RUN: %python %S/../../reference.py embedding --in %t.oob32.in --out %t.oob32.out
// RUN: remat-run %s --entry=out_of_range_i64 --inputs=%t.table.npy,%t.ids64.npy --save-inputs=%t.oob64.in --save-outputs=%t.oob64.out > /dev/null
// RUN: %python %S/../../reference.py embedding --in %t.oob64.in --out %t.oob64.out
// The ids really are out of range (the test would prove nothing otherwise).
// RUN: %python -c "import numpy as n, sys; i = n.load('%t.ids32.npy'); sys.exit(0 if (i < 0).any() and (i >= 10).any() else 1)"

func.func @ids_i32(%table: tensor<100x16xf32>, %ids: tensor<2x8xi32>) -> tensor<2x8x16xf32> {
  %e = remat.embedding %table, %ids : tensor<100x16xf32>, tensor<2x8xi32> -> tensor<2x8x16xf32>
  return %e : tensor<2x8x16xf32>
}

func.func @ids_i64(%table: tensor<33x65xf32>, %ids: tensor<7xi64>) -> tensor<7x65xf32> {
  %e = remat.embedding %table, %ids : tensor<33x65xf32>, tensor<7xi64> -> tensor<7x65xf32>
  return %e : tensor<7x65xf32>
}

func.func @table_f16(%table: tensor<10x24xf16>, %ids: tensor<3x5xi32>) -> tensor<3x5x24xf16> {
  %e = remat.embedding %table, %ids : tensor<10x24xf16>, tensor<3x5xi32> -> tensor<3x5x24xf16>
  return %e : tensor<3x5x24xf16>
}

func.func @out_of_range_i32(%table: tensor<10x7xf32>, %ids: tensor<4x6xi32>) -> tensor<4x6x7xf32> {
  %e = remat.embedding %table, %ids : tensor<10x7xf32>, tensor<4x6xi32> -> tensor<4x6x7xf32>
  return %e : tensor<4x6x7xf32>
}

func.func @out_of_range_i64(%table: tensor<10x7xf32>, %ids: tensor<17xi64>) -> tensor<17x7xf32> {
  %e = remat.embedding %table, %ids : tensor<10x7xf32>, tensor<17xi64> -> tensor<17x7xf32>
  return %e : tensor<17x7xf32>
}
