// Forward numerics of softmax, layer_norm and batch_norm (training mode)
// against numpy (reference.py): several axes, with and without the affine
// parameters, batch_norm on rank 2, 3 and 4 inputs returning the output,
// the batch mean and the biased batch variance; f16 and bf16.
// REQUIRES: numpy
// RUN: remat-run %s --entry=softmax_rows --seed=1 --save-inputs=%t.softmax_rows.in --save-outputs=%t.softmax_rows.out > /dev/null
// RUN: %python %S/../../reference.py softmax --axis 1 --in %t.softmax_rows.in --out %t.softmax_rows.out
// RUN: remat-run %s --entry=softmax_columns --seed=2 --save-inputs=%t.softmax_columns.in --save-outputs=%t.softmax_columns.out > /dev/null
// RUN: %python %S/../../reference.py softmax --axis 0 --in %t.softmax_columns.in --out %t.softmax_columns.out
// RUN: remat-run %s --entry=softmax_rank3 --seed=3 --save-inputs=%t.softmax_rank3.in --save-outputs=%t.softmax_rank3.out > /dev/null
// RUN: %python %S/../../reference.py softmax --axis 2 --in %t.softmax_rank3.in --out %t.softmax_rank3.out
// RUN: remat-run %s --entry=softmax_f16 --seed=4 --save-inputs=%t.softmax_f16.in --save-outputs=%t.softmax_f16.out > /dev/null
// RUN: %python %S/../../reference.py softmax --axis 1 --in %t.softmax_f16.in --out %t.softmax_f16.out
// RUN: remat-run %s --entry=softmax_bf16 --seed=5 --save-inputs=%t.softmax_bf16.in --save-outputs=%t.softmax_bf16.out > /dev/null
// RUN: %python %S/../../reference.py softmax --axis 0 --in %t.softmax_bf16.in --out %t.softmax_bf16.out
//
// RUN: remat-run %s --entry=ln_affine --seed=6 --save-inputs=%t.ln_affine.in --save-outputs=%t.ln_affine.out > /dev/null
// RUN: %python %S/../../reference.py layer_norm --axes 1 --eps 1e-5 --weight --bias --in %t.ln_affine.in --out %t.ln_affine.out
// RUN: remat-run %s --entry=ln_plain_two_axes --seed=7 --save-inputs=%t.ln_plain_two_axes.in --save-outputs=%t.ln_plain_two_axes.out > /dev/null
// RUN: %python %S/../../reference.py layer_norm --axes 1,2 --eps 1e-6 --in %t.ln_plain_two_axes.in --out %t.ln_plain_two_axes.out
// RUN: remat-run %s --entry=ln_weight_only --seed=8 --save-inputs=%t.ln_weight_only.in --save-outputs=%t.ln_weight_only.out > /dev/null
// RUN: %python %S/../../reference.py layer_norm --axes 2 --eps 1e-5 --weight --in %t.ln_weight_only.in --out %t.ln_weight_only.out
// RUN: remat-run %s --entry=ln_bias_only_first_axis --seed=9 --save-inputs=%t.ln_bias_only_first_axis.in --save-outputs=%t.ln_bias_only_first_axis.out > /dev/null
// RUN: %python %S/../../reference.py layer_norm --axes 0 --eps 0.1 --bias --in %t.ln_bias_only_first_axis.in --out %t.ln_bias_only_first_axis.out
// RUN: remat-run %s --entry=ln_outer_axes --seed=10 --save-inputs=%t.ln_outer_axes.in --save-outputs=%t.ln_outer_axes.out > /dev/null
// RUN: %python %S/../../reference.py layer_norm --axes 0,2 --eps 1e-5 --weight --bias --in %t.ln_outer_axes.in --out %t.ln_outer_axes.out
// RUN: remat-run %s --entry=ln_f16 --seed=11 --save-inputs=%t.ln_f16.in --save-outputs=%t.ln_f16.out > /dev/null
// RUN: %python %S/../../reference.py layer_norm --axes 1 --eps 1e-5 --weight --bias --in %t.ln_f16.in --out %t.ln_f16.out
// RUN: remat-run %s --entry=ln_bf16 --seed=12 --save-inputs=%t.ln_bf16.in --save-outputs=%t.ln_bf16.out > /dev/null
// RUN: %python %S/../../reference.py layer_norm --axes 1 --eps 1e-5 --in %t.ln_bf16.in --out %t.ln_bf16.out
//
// RUN: remat-run %s --entry=bn_rank4 --seed=13 --save-inputs=%t.bn_rank4.in --save-outputs=%t.bn_rank4.out > /dev/null
// RUN: %python %S/../../reference.py batch_norm --eps 1e-5 --in %t.bn_rank4.in --out %t.bn_rank4.out
// RUN: remat-run %s --entry=bn_rank2 --seed=14 --save-inputs=%t.bn_rank2.in --save-outputs=%t.bn_rank2.out > /dev/null
// RUN: %python %S/../../reference.py batch_norm --eps 1e-3 --in %t.bn_rank2.in --out %t.bn_rank2.out
// RUN: remat-run %s --entry=bn_rank3 --seed=15 --save-inputs=%t.bn_rank3.in --save-outputs=%t.bn_rank3.out > /dev/null
// RUN: %python %S/../../reference.py batch_norm --eps 1e-5 --in %t.bn_rank3.in --out %t.bn_rank3.out
// RUN: remat-run %s --entry=bn_f16 --seed=16 --save-inputs=%t.bn_f16.in --save-outputs=%t.bn_f16.out > /dev/null
// RUN: %python %S/../../reference.py batch_norm --eps 1e-5 --in %t.bn_f16.in --out %t.bn_f16.out
// The plain-loop lowering (no tiling or vectorization).
// RUN: remat-run %s --no-vectorize --entry=softmax_columns --seed=17 --save-inputs=%t.novec_softmax.in --save-outputs=%t.novec_softmax.out > /dev/null
// RUN: %python %S/../../reference.py softmax --axis 0 --in %t.novec_softmax.in --out %t.novec_softmax.out
// RUN: remat-run %s --no-vectorize --entry=ln_affine --seed=18 --save-inputs=%t.novec_ln.in --save-outputs=%t.novec_ln.out > /dev/null
// RUN: %python %S/../../reference.py layer_norm --axes 1 --eps 1e-5 --weight --bias --in %t.novec_ln.in --out %t.novec_ln.out

func.func @softmax_rows(%x: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %y = remat.softmax %x axis 1 : tensor<7x13xf32>
  return %y : tensor<7x13xf32>
}

func.func @softmax_columns(%x: tensor<33x65xf32>) -> tensor<33x65xf32> {
  %y = remat.softmax %x axis 0 : tensor<33x65xf32>
  return %y : tensor<33x65xf32>
}

func.func @softmax_rank3(%x: tensor<3x5x64xf32>) -> tensor<3x5x64xf32> {
  %y = remat.softmax %x axis 2 : tensor<3x5x64xf32>
  return %y : tensor<3x5x64xf32>
}

func.func @softmax_f16(%x: tensor<4x33xf16>) -> tensor<4x33xf16> {
  %y = remat.softmax %x axis 1 : tensor<4x33xf16>
  return %y : tensor<4x33xf16>
}

func.func @softmax_bf16(%x: tensor<9x8xbf16>) -> tensor<9x8xbf16> {
  %y = remat.softmax %x axis 0 : tensor<9x8xbf16>
  return %y : tensor<9x8xbf16>
}

func.func @ln_affine(%x: tensor<7x13xf32>, %g: tensor<13xf32>, %b: tensor<13xf32>) -> tensor<7x13xf32> {
  %y = remat.layer_norm %x weight %g : tensor<13xf32> bias %b : tensor<13xf32> axes [1] eps 1.0e-05 : tensor<7x13xf32>
  return %y : tensor<7x13xf32>
}

func.func @ln_plain_two_axes(%x: tensor<3x5x64xf32>) -> tensor<3x5x64xf32> {
  %y = remat.layer_norm %x axes [1, 2] eps 1.0e-06 : tensor<3x5x64xf32>
  return %y : tensor<3x5x64xf32>
}

func.func @ln_weight_only(%x: tensor<2x7x33xf32>, %g: tensor<33xf32>) -> tensor<2x7x33xf32> {
  %y = remat.layer_norm %x weight %g : tensor<33xf32> axes [2] eps 1.0e-05 : tensor<2x7x33xf32>
  return %y : tensor<2x7x33xf32>
}

func.func @ln_bias_only_first_axis(%x: tensor<9x4xf32>, %b: tensor<9xf32>) -> tensor<9x4xf32> {
  %y = remat.layer_norm %x bias %b : tensor<9xf32> axes [0] eps 0.1 : tensor<9x4xf32>
  return %y : tensor<9x4xf32>
}

func.func @ln_outer_axes(%x: tensor<3x4x5xf32>, %g: tensor<3x5xf32>, %b: tensor<3x5xf32>) -> tensor<3x4x5xf32> {
  %y = remat.layer_norm %x weight %g : tensor<3x5xf32> bias %b : tensor<3x5xf32> axes [0, 2] eps 1.0e-05 : tensor<3x4x5xf32>
  return %y : tensor<3x4x5xf32>
}

func.func @ln_f16(%x: tensor<6x40xf16>, %g: tensor<40xf16>, %b: tensor<40xf16>) -> tensor<6x40xf16> {
  %y = remat.layer_norm %x weight %g : tensor<40xf16> bias %b : tensor<40xf16> axes [1] eps 1.0e-05 : tensor<6x40xf16>
  return %y : tensor<6x40xf16>
}

func.func @ln_bf16(%x: tensor<5x64xbf16>) -> tensor<5x64xbf16> {
  %y = remat.layer_norm %x axes [1] eps 1.0e-05 : tensor<5x64xbf16>
  return %y : tensor<5x64xbf16>
}

func.func @bn_rank4(%x: tensor<2x4x7x9xf32>, %g: tensor<4xf32>, %b: tensor<4xf32>)
    -> (tensor<2x4x7x9xf32>, tensor<4xf32>, tensor<4xf32>) {
  %y, %m, %v = remat.batch_norm %x, %g, %b eps 1.0e-05 : tensor<2x4x7x9xf32>, tensor<4xf32>, tensor<4xf32>
  return %y, %m, %v : tensor<2x4x7x9xf32>, tensor<4xf32>, tensor<4xf32>
}

func.func @bn_rank2(%x: tensor<33x5xf32>, %g: tensor<5xf32>, %b: tensor<5xf32>)
    -> (tensor<33x5xf32>, tensor<5xf32>, tensor<5xf32>) {
  %y, %m, %v = remat.batch_norm %x, %g, %b eps 1.0e-03 : tensor<33x5xf32>, tensor<5xf32>, tensor<5xf32>
  return %y, %m, %v : tensor<33x5xf32>, tensor<5xf32>, tensor<5xf32>
}

func.func @bn_rank3(%x: tensor<3x6x16xf32>, %g: tensor<6xf32>, %b: tensor<6xf32>)
    -> (tensor<3x6x16xf32>, tensor<6xf32>, tensor<6xf32>) {
  %y, %m, %v = remat.batch_norm %x, %g, %b eps 1.0e-05 : tensor<3x6x16xf32>, tensor<6xf32>, tensor<6xf32>
  return %y, %m, %v : tensor<3x6x16xf32>, tensor<6xf32>, tensor<6xf32>
}

func.func @bn_f16(%x: tensor<2x3x5x5xf16>, %g: tensor<3xf16>, %b: tensor<3xf16>)
    -> (tensor<2x3x5x5xf16>, tensor<3xf16>, tensor<3xf16>) {
  %y, %m, %v = remat.batch_norm %x, %g, %b eps 1.0e-05 : tensor<2x3x5x5xf16>, tensor<3xf16>, tensor<3xf16>
  return %y, %m, %v : tensor<2x3x5x5xf16>, tensor<3xf16>, tensor<3xf16>
}
