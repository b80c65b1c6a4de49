// Forward numerics of cross_entropy (mean over rows of logsumexp - the
// label's logit, logits [B..., C]) and mse against numpy (reference.py):
// rank 2 and 3 logits, i32 and i64 labels (remat-run draws them in [0, C)),
// labels outside [0, C) written by reference.py make-input (they contribute
// logsumexp), f16 and bf16.
// REQUIRES: numpy
// RUN: remat-run %s --entry=ce_8x10 --seed=1 --save-inputs=%t.ce_8x10.in --save-outputs=%t.ce_8x10.out > /dev/null
// RUN: %python %S/../../reference.py cross_entropy --in %t.ce_8x10.in --out %t.ce_8x10.out
// RUN: remat-run %s --entry=ce_rank3_i64 --seed=2 --save-inputs=%t.ce_rank3_i64.in --save-outputs=%t.ce_rank3_i64.out > /dev/null
// RUN: %python %S/../../reference.py cross_entropy --in %t.ce_rank3_i64.in --out %t.ce_rank3_i64.out
// RUN: remat-run %s --entry=ce_33x65 --seed=3 --save-inputs=%t.ce_33x65.in --save-outputs=%t.ce_33x65.out > /dev/null
// RUN: %python %S/../../reference.py cross_entropy --in %t.ce_33x65.in --out %t.ce_33x65.out
// RUN: remat-run %s --entry=ce_f16 --seed=4 --save-inputs=%t.ce_f16.in --save-outputs=%t.ce_f16.out > /dev/null
// RUN: %python %S/../../reference.py cross_entropy --in %t.ce_f16.in --out %t.ce_f16.out
// RUN: remat-run %s --entry=ce_bf16 --seed=5 --save-inputs=%t.ce_bf16.in --save-outputs=%t.ce_bf16.out > /dev/null
// RUN: %python %S/../../reference.py cross_entropy --in %t.ce_bf16.in --out %t.ce_bf16.out
// RUN: %python %S/../../reference.py make-input %t.logits.npy --shape 9x4 --low -3 --high 3 --seed 6
// RUN: %python %S/../../reference.py make-input %t.labels.npy --shape 9 --dtype i32 --low -3 --high 8 --seed 7
// RUN: remat-run %s --entry=ce_out_of_range --inputs=%t.logits.npy,%t.labels.npy --save-inputs=%t.ce_oob.in --save-outputs=%t.ce_oob.out > /dev/null
// RUN: %python %S/../../reference.py cross_entropy --in %t.ce_oob.in --out %t.ce_oob.out
// RUN: %python -c "import numpy as n, sys; l = n.load('%t.labels.npy'); sys.exit(0 if (l < 0).any() and (l >= 4).any() else 1)"
//
// RUN: remat-run %s --entry=mse_7x13 --seed=8 --save-inputs=%t.mse_7x13.in --save-outputs=%t.mse_7x13.out > /dev/null
// RUN: %python %S/../../reference.py mse --in %t.mse_7x13.in --out %t.mse_7x13.out
// RUN: remat-run %s --entry=mse_33x65 --seed=9 --save-inputs=%t.mse_33x65.in --save-outputs=%t.mse_33x65.out > /dev/null
// RUN: %python %S/../../reference.py mse --in %t.mse_33x65.in --out %t.mse_33x65.out
// RUN: remat-run %s --entry=mse_f16 --seed=10 --save-inputs=%t.mse_f16.in --save-outputs=%t.mse_f16.out > /dev/null
// RUN: %python %S/../../reference.py mse --in %t.mse_f16.in --out %t.mse_f16.out
// RUN: remat-run %s --entry=mse_bf16 --seed=11 --save-inputs=%t.mse_bf16.in --save-outputs=%t.mse_bf16.out > /dev/null
// RUN: %python %S/../../reference.py mse --in %t.mse_bf16.in --out %t.mse_bf16.out

func.func @ce_8x10(%logits: tensor<8x10xf32>, %labels: tensor<8xi32>) -> tensor<f32> {
  %l = remat.cross_entropy %logits, %labels : tensor<8x10xf32>, tensor<8xi32> -> tensor<f32>
  return %l : tensor<f32>
}

func.func @ce_rank3_i64(%logits: tensor<3x5x7xf32>, %labels: tensor<3x5xi64>) -> tensor<f32> {
  %l = remat.cross_entropy %logits, %labels : tensor<3x5x7xf32>, tensor<3x5xi64> -> tensor<f32>
  return %l : tensor<f32>
}

func.func @ce_33x65(%logits: tensor<33x65xf32>, %labels: tensor<33xi32>) -> tensor<f32> {
  %l = remat.cross_entropy %logits, %labels : tensor<33x65xf32>, tensor<33xi32> -> tensor<f32>
  return %l : tensor<f32>
}

func.func @ce_f16(%logits: tensor<6x12xf16>, %labels: tensor<6xi32>) -> tensor<f16> {
  %l = remat.cross_entropy %logits, %labels : tensor<6x12xf16>, tensor<6xi32> -> tensor<f16>
  return %l : tensor<f16>
}

func.func @ce_bf16(%logits: tensor<2x4x16xbf16>, %labels: tensor<2x4xi64>) -> tensor<bf16> {
  %l = remat.cross_entropy %logits, %labels : tensor<2x4x16xbf16>, tensor<2x4xi64> -> tensor<bf16>
  return %l : tensor<bf16>
}

func.func @ce_out_of_range(%logits: tensor<9x4xf32>, %labels: tensor<9xi32>) -> tensor<f32> {
  %l = remat.cross_entropy %logits, %labels : tensor<9x4xf32>, tensor<9xi32> -> tensor<f32>
  return %l : tensor<f32>
}

func.func @mse_7x13(%p: tensor<7x13xf32>, %t: tensor<7x13xf32>) -> tensor<f32> {
  %l = remat.mse %p, %t : tensor<7x13xf32> -> tensor<f32>
  return %l : tensor<f32>
}

func.func @mse_33x65(%p: tensor<33x65xf32>, %t: tensor<33x65xf32>) -> tensor<f32> {
  %l = remat.mse %p, %t : tensor<33x65xf32> -> tensor<f32>
  return %l : tensor<f32>
}

func.func @mse_f16(%p: tensor<4x32xf16>, %t: tensor<4x32xf16>) -> tensor<f16> {
  %l = remat.mse %p, %t : tensor<4x32xf16> -> tensor<f16>
  return %l : tensor<f16>
}

func.func @mse_bf16(%p: tensor<3x5x7xbf16>, %t: tensor<3x5x7xbf16>) -> tensor<bf16> {
  %l = remat.mse %p, %t : tensor<3x5x7xbf16> -> tensor<bf16>
  return %l : tensor<bf16>
}
