// Forward numerics of remat.broadcast against numpy (reference.py): operand
// dimension i maps to result dimension dims[i], size-1 dimensions expand.
// REQUIRES: numpy
// RUN: remat-run %s --entry=row --seed=1 --save-inputs=%t.row.in --save-outputs=%t.row.out > /dev/null
// RUN: %python %S/../../reference.py broadcast --dims 1 --shape 7x13 --in %t.row.in --out %t.row.out
// RUN: remat-run %s --entry=column --seed=2 --save-inputs=%t.column.in --save-outputs=%t.column.out > /dev/null
// RUN: %python %S/../../reference.py broadcast --dims 0 --shape 7x13 --in %t.column.in --out %t.column.out
// RUN: remat-run %s --entry=expand_unit --seed=3 --save-inputs=%t.expand_unit.in --save-outputs=%t.expand_unit.out > /dev/null
// RUN: %python %S/../../reference.py broadcast --dims 0,1 --shape 33x65 --in %t.expand_unit.in --out %t.expand_unit.out
// RUN: remat-run %s --entry=rank4 --seed=4 --save-inputs=%t.rank4.in --save-outputs=%t.rank4.out > /dev/null
// RUN: %python %S/../../reference.py broadcast --dims 1,2,3 --shape 2x3x7x5 --in %t.rank4.in --out %t.rank4.out
// RUN: remat-run %s --entry=scalar --seed=5 --save-inputs=%t.scalar.in --save-outputs=%t.scalar.out > /dev/null
// RUN: %python %S/../../reference.py broadcast --dims= --shape 4x6 --in %t.scalar.in --out %t.scalar.out
// RUN: remat-run %s --entry=ints --seed=6 --save-inputs=%t.ints.in --save-outputs=%t.ints.out > /dev/null
// RUN: %python %S/../../reference.py broadcast --dims 0 --shape 5x3 --in %t.ints.in --out %t.ints.out
// RUN: remat-run %s --entry=bf16 --seed=7 --save-inputs=%t.bf16.in --save-outputs=%t.bf16.out > /dev/null
// RUN: %python %S/../../reference.py broadcast --dims 1 --shape 8x64 --in %t.bf16.in --out %t.bf16.out

func.func @row(%x: tensor<13xf32>) -> tensor<7x13xf32> {
  %y = remat.broadcast %x dims [1] : tensor<13xf32> -> tensor<7x13xf32>
  return %y : tensor<7x13xf32>
}

func.func @column(%x: tensor<7xf32>) -> tensor<7x13xf32> {
  %y = remat.broadcast %x dims [0] : tensor<7xf32> -> tensor<7x13xf32>
  return %y : tensor<7x13xf32>
}

func.func @expand_unit(%x: tensor<1x65xf32>) -> tensor<33x65xf32> {
  %y = remat.broadcast %x dims [0, 1] : tensor<1x65xf32> -> tensor<33x65xf32>
  return %y : tensor<33x65xf32>
}

func.func @rank4(%x: tensor<3x1x5xf32>) -> tensor<2x3x7x5xf32> {
  %y = remat.broadcast %x dims [1, 2, 3] : tensor<3x1x5xf32> -> tensor<2x3x7x5xf32>
  return %y : tensor<2x3x7x5xf32>
}

func.func @scalar(%x: tensor<f32>) -> tensor<4x6xf32> {
  %y = remat.broadcast %x dims [] : tensor<f32> -> tensor<4x6xf32>
  return %y : tensor<4x6xf32>
}

func.func @ints(%x: tensor<5xi32>) -> tensor<5x3xi32> {
  %y = remat.broadcast %x dims [0] : tensor<5xi32> -> tensor<5x3xi32>
  return %y : tensor<5x3xi32>
}

func.func @bf16(%x: tensor<64xbf16>) -> tensor<8x64xbf16> {
  %y = remat.broadcast %x dims [1] : tensor<64xbf16> -> tensor<8x64xbf16>
  return %y : tensor<8x64xbf16>
}
