// Forward numerics of the elementwise binary ops and remat.scale against
// numpy (reference.py), on shapes with tiling remainders and vector-sized
// ones, in f32, f16 and bf16.
// REQUIRES: numpy
// RUN: remat-run %s --entry=add_7x13 --seed=1 --save-inputs=%t.add_7x13.in --save-outputs=%t.add_7x13.out > /dev/null
// RUN: %python %S/../../reference.py add --in %t.add_7x13.in --out %t.add_7x13.out
// RUN: remat-run %s --entry=add_bf16 --seed=2 --save-inputs=%t.add_bf16.in --save-outputs=%t.add_bf16.out > /dev/null
// RUN: %python %S/../../reference.py add --in %t.add_bf16.in --out %t.add_bf16.out
// RUN: remat-run %s --entry=sub_33x65 --seed=3 --save-inputs=%t.sub_33x65.in --save-outputs=%t.sub_33x65.out > /dev/null
// RUN: %python %S/../../reference.py sub --in %t.sub_33x65.in --out %t.sub_33x65.out
// RUN: remat-run %s --entry=mul_8x64 --seed=4 --save-inputs=%t.mul_8x64.in --save-outputs=%t.mul_8x64.out > /dev/null
// RUN: %python %S/../../reference.py mul --in %t.mul_8x64.in --out %t.mul_8x64.out
// RUN: remat-run %s --entry=mul_f16 --seed=5 --save-inputs=%t.mul_f16.in --save-outputs=%t.mul_f16.out > /dev/null
// RUN: %python %S/../../reference.py mul --in %t.mul_f16.in --out %t.mul_f16.out
// RUN: remat-run %s --entry=div_7x13 --seed=6 --save-inputs=%t.div_7x13.in --save-outputs=%t.div_7x13.out > /dev/null
// RUN: %python %S/../../reference.py div --in %t.div_7x13.in --out %t.div_7x13.out
// RUN: remat-run %s --entry=div_f16 --seed=7 --save-inputs=%t.div_f16.in --save-outputs=%t.div_f16.out > /dev/null
// RUN: %python %S/../../reference.py div --in %t.div_f16.in --out %t.div_f16.out
// RUN: remat-run %s --entry=maximum_33x65 --seed=8 --save-inputs=%t.maximum_33x65.in --save-outputs=%t.maximum_33x65.out > /dev/null
// RUN: %python %S/../../reference.py maximum --in %t.maximum_33x65.in --out %t.maximum_33x65.out
// RUN: remat-run %s --entry=maximum_bf16 --seed=9 --save-inputs=%t.maximum_bf16.in --save-outputs=%t.maximum_bf16.out > /dev/null
// RUN: %python %S/../../reference.py maximum --in %t.maximum_bf16.in --out %t.maximum_bf16.out
// RUN: remat-run %s --entry=scale_exact_8x64 --seed=10 --save-inputs=%t.scale_exact_8x64.in --save-outputs=%t.scale_exact_8x64.out > /dev/null
// RUN: %python %S/../../reference.py scale --factor 0.125 --in %t.scale_exact_8x64.in --out %t.scale_exact_8x64.out
// RUN: remat-run %s --entry=scale_inexact_7x13 --seed=11 --save-inputs=%t.scale_inexact_7x13.in --save-outputs=%t.scale_inexact_7x13.out > /dev/null
// RUN: %python %S/../../reference.py scale --factor -0.3 --in %t.scale_inexact_7x13.in --out %t.scale_inexact_7x13.out
// RUN: remat-run %s --entry=scale_f16 --seed=12 --save-inputs=%t.scale_f16.in --save-outputs=%t.scale_f16.out > /dev/null
// RUN: %python %S/../../reference.py scale --factor 3.7 --in %t.scale_f16.in --out %t.scale_f16.out
// remat.where with constant masks (i1), one broadcast from a row: exact.
// RUN: remat-run %s --entry=where_33x65 --seed=21 --save-inputs=%t.where_33x65.in --save-outputs=%t.where_33x65.out > /dev/null
// RUN: %python %S/../../reference.py where --shape 1x65 --values 1,0,1,1,0,0,1,1,0,1,1,0,0,1,1,0,1,1,0,0,1,1,0,1,1,0,0,1,1,0,1,1,0,0,1,1,0,1,1,0,0,1,1,0,1,1,0,0,1,1,0,1,1,0,0,1,1,0,1,1,0,0,1,1,0 --in %t.where_33x65.in --out %t.where_33x65.out
// remat.masked_fill with the same mask: exact.
// RUN: remat-run %s --entry=masked_fill_33x65 --seed=23 --save-inputs=%t.masked_fill_33x65.in --save-outputs=%t.masked_fill_33x65.out > /dev/null
// RUN: %python %S/../../reference.py masked_fill --value -2.5 --shape 1x65 --values 1,0,1,1,0,0,1,1,0,1,1,0,0,1,1,0,1,1,0,0,1,1,0,1,1,0,0,1,1,0,1,1,0,0,1,1,0,1,1,0,0,1,1,0,1,1,0,0,1,1,0,1,1,0,0,1,1,0,1,1,0,0,1,1,0 --in %t.masked_fill_33x65.in --out %t.masked_fill_33x65.out
// RUN: remat-run %s --no-vectorize --entry=where_33x65 --seed=22 --save-inputs=%t.novec_where.in --save-outputs=%t.novec_where.out > /dev/null
// RUN: %python %S/../../reference.py where --shape 1x65 --values 1,0,1,1,0,0,1,1,0,1,1,0,0,1,1,0,1,1,0,0,1,1,0,1,1,0,0,1,1,0,1,1,0,0,1,1,0,1,1,0,0,1,1,0,1,1,0,0,1,1,0,1,1,0,0,1,1,0,1,1,0,0,1,1,0 --in %t.novec_where.in --out %t.novec_where.out
// RUN: remat-run %s --entry=where_bf16 --seed=23 --save-inputs=%t.where_bf16.in --save-outputs=%t.where_bf16.out > /dev/null
// RUN: %python %S/../../reference.py where --shape 3x5 --values 1,0,0,1,1,0,0,1,1,0,0,1,1,0,0 --in %t.where_bf16.in --out %t.where_bf16.out

func.func @add_7x13(%a: tensor<7x13xf32>, %b: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %y = remat.add %a, %b : tensor<7x13xf32>
  return %y : tensor<7x13xf32>
}

func.func @add_bf16(%a: tensor<5x2x64xbf16>, %b: tensor<5x2x64xbf16>) -> tensor<5x2x64xbf16> {
  %y = remat.add %a, %b : tensor<5x2x64xbf16>
  return %y : tensor<5x2x64xbf16>
}

func.func @sub_33x65(%a: tensor<33x65xf32>, %b: tensor<33x65xf32>) -> tensor<33x65xf32> {
  %y = remat.sub %a, %b : tensor<33x65xf32>
  return %y : tensor<33x65xf32>
}

func.func @mul_8x64(%a: tensor<8x64xf32>, %b: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %y = remat.mul %a, %b : tensor<8x64xf32>
  return %y : tensor<8x64xf32>
}

func.func @mul_f16(%a: tensor<7x13xf16>, %b: tensor<7x13xf16>) -> tensor<7x13xf16> {
  %y = remat.mul %a, %b : tensor<7x13xf16>
  return %y : tensor<7x13xf16>
}

func.func @div_7x13(%a: tensor<7x13xf32>, %b: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %y = remat.div %a, %b : tensor<7x13xf32>
  return %y : tensor<7x13xf32>
}

func.func @div_f16(%a: tensor<3x33xf16>, %b: tensor<3x33xf16>) -> tensor<3x33xf16> {
  %y = remat.div %a, %b : tensor<3x33xf16>
  return %y : tensor<3x33xf16>
}

func.func @maximum_33x65(%a: tensor<33x65xf32>, %b: tensor<33x65xf32>) -> tensor<33x65xf32> {
  %y = remat.maximum %a, %b : tensor<33x65xf32>
  return %y : tensor<33x65xf32>
}

func.func @maximum_bf16(%a: tensor<4x16xbf16>, %b: tensor<4x16xbf16>) -> tensor<4x16xbf16> {
  %y = remat.maximum %a, %b : tensor<4x16xbf16>
  return %y : tensor<4x16xbf16>
}

func.func @scale_exact_8x64(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %y = remat.scale %x, 0.125 : tensor<8x64xf32>
  return %y : tensor<8x64xf32>
}

func.func @scale_inexact_7x13(%x: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %y = remat.scale %x, -0.3 : tensor<7x13xf32>
  return %y : tensor<7x13xf32>
}

func.func @scale_f16(%x: tensor<9x17xf16>) -> tensor<9x17xf16> {
  %y = remat.scale %x, 3.7 : tensor<9x17xf16>
  return %y : tensor<9x17xf16>
}

func.func @where_33x65(%a: tensor<33x65xf32>, %b: tensor<33x65xf32>) -> tensor<33x65xf32> {
  %m = remat.constant dense<[[true, false, true, true, false, false, true, true, false, true, true, false, false, true, true, false, true, true, false, false, true, true, false, true, true, false, false, true, true, false, true, true, false, false, true, true, false, true, true, false, false, true, true, false, true, true, false, false, true, true, false, true, true, false, false, true, true, false, true, true, false, false, true, true, false]]> : tensor<1x65xi1>
  %mb = remat.broadcast %m dims [0, 1] : tensor<1x65xi1> -> tensor<33x65xi1>
  %y = remat.where %mb, %a, %b : tensor<33x65xi1>, tensor<33x65xf32>
  return %y : tensor<33x65xf32>
}

func.func @masked_fill_33x65(%a: tensor<33x65xf32>) -> tensor<33x65xf32> {
  %m = remat.constant dense<[[true, false, true, true, false, false, true, true, false, true, true, false, false, true, true, false, true, true, false, false, true, true, false, true, true, false, false, true, true, false, true, true, false, false, true, true, false, true, true, false, false, true, true, false, true, true, false, false, true, true, false, true, true, false, false, true, true, false, true, true, false, false, true, true, false]]> : tensor<1x65xi1>
  %mb = remat.broadcast %m dims [0, 1] : tensor<1x65xi1> -> tensor<33x65xi1>
  %y = remat.masked_fill %a, %mb, -2.500000e+00 : tensor<33x65xf32>, tensor<33x65xi1>
  return %y : tensor<33x65xf32>
}

func.func @where_bf16(%a: tensor<3x5xbf16>, %b: tensor<3x5xbf16>) -> tensor<3x5xbf16> {
  %m = remat.constant dense<[[true, false, false, true, true], [false, false, true, true, false], [false, true, true, false, false]]> : tensor<3x5xi1>
  %y = remat.where %m, %a, %b : tensor<3x5xi1>, tensor<3x5xbf16>
  return %y : tensor<3x5xbf16>
}
