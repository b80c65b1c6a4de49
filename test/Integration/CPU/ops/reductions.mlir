// Forward numerics of reduce_sum / reduce_mean / reduce_max against numpy
// (reference.py): several dimension sets, with and without keep_dims, down
// to 0-d, in f32, f16 and bf16.
// REQUIRES: numpy
// RUN: remat-run %s --entry=sum_middle --seed=1 --save-inputs=%t.sum_middle.in --save-outputs=%t.sum_middle.out > /dev/null
// RUN: %python %S/../../reference.py reduce_sum --dims 1 --in %t.sum_middle.in --out %t.sum_middle.out
// RUN: remat-run %s --entry=sum_all --seed=2 --save-inputs=%t.sum_all.in --save-outputs=%t.sum_all.out > /dev/null
// RUN: %python %S/../../reference.py reduce_sum --dims 0,1 --in %t.sum_all.in --out %t.sum_all.out
// RUN: remat-run %s --entry=sum_outer_keep --seed=3 --save-inputs=%t.sum_outer_keep.in --save-outputs=%t.sum_outer_keep.out > /dev/null
// RUN: %python %S/../../reference.py reduce_sum --dims 0,2 --keep-dims --in %t.sum_outer_keep.in --out %t.sum_outer_keep.out
// RUN: remat-run %s --entry=sum_f16 --seed=4 --save-inputs=%t.sum_f16.in --save-outputs=%t.sum_f16.out > /dev/null
// RUN: %python %S/../../reference.py reduce_sum --dims 1 --in %t.sum_f16.in --out %t.sum_f16.out
// RUN: remat-run %s --entry=mean_rows_keep --seed=5 --save-inputs=%t.mean_rows_keep.in --save-outputs=%t.mean_rows_keep.out > /dev/null
// RUN: %python %S/../../reference.py reduce_mean --dims 1 --keep-dims --in %t.mean_rows_keep.in --out %t.mean_rows_keep.out
// RUN: remat-run %s --entry=mean_rank4 --seed=6 --save-inputs=%t.mean_rank4.in --save-outputs=%t.mean_rank4.out > /dev/null
// RUN: %python %S/../../reference.py reduce_mean --dims 1,3 --in %t.mean_rank4.in --out %t.mean_rank4.out
// RUN: remat-run %s --entry=mean_bf16 --seed=7 --save-inputs=%t.mean_bf16.in --save-outputs=%t.mean_bf16.out > /dev/null
// RUN: %python %S/../../reference.py reduce_mean --dims 0 --in %t.mean_bf16.in --out %t.mean_bf16.out
// RUN: remat-run %s --entry=max_last --seed=8 --save-inputs=%t.max_last.in --save-outputs=%t.max_last.out > /dev/null
// RUN: %python %S/../../reference.py reduce_max --dims 2 --in %t.max_last.in --out %t.max_last.out
// RUN: remat-run %s --entry=max_first_keep --seed=9 --save-inputs=%t.max_first_keep.in --save-outputs=%t.max_first_keep.out > /dev/null
// RUN: %python %S/../../reference.py reduce_max --dims 0 --keep-dims --in %t.max_first_keep.in --out %t.max_first_keep.out
// RUN: remat-run %s --entry=max_all --seed=10 --save-inputs=%t.max_all.in --save-outputs=%t.max_all.out > /dev/null
// RUN: %python %S/../../reference.py reduce_max --dims 0,1 --in %t.max_all.in --out %t.max_all.out
// RUN: remat-run %s --entry=max_f16 --seed=11 --save-inputs=%t.max_f16.in --save-outputs=%t.max_f16.out > /dev/null
// RUN: %python %S/../../reference.py reduce_max --dims 1,2 --keep-dims --in %t.max_f16.in --out %t.max_f16.out
// The plain-loop lowering (no tiling or vectorization).
// RUN: remat-run %s --no-vectorize --entry=sum_outer_keep --seed=12 --save-inputs=%t.novec_sum.in --save-outputs=%t.novec_sum.out > /dev/null
// RUN: %python %S/../../reference.py reduce_sum --dims 0,2 --keep-dims --in %t.novec_sum.in --out %t.novec_sum.out
// RUN: remat-run %s --no-vectorize --entry=max_first_keep --seed=13 --save-inputs=%t.novec_max.in --save-outputs=%t.novec_max.out > /dev/null
// RUN: %python %S/../../reference.py reduce_max --dims 0 --keep-dims --in %t.novec_max.in --out %t.novec_max.out

func.func @sum_middle(%x: tensor<7x13x5xf32>) -> tensor<7x5xf32> {
  %y = remat.reduce_sum %x dims [1] : tensor<7x13x5xf32> -> tensor<7x5xf32>
  return %y : tensor<7x5xf32>
}

func.func @sum_all(%x: tensor<33x65xf32>) -> tensor<f32> {
  %y = remat.reduce_sum %x dims [0, 1] : tensor<33x65xf32> -> tensor<f32>
  return %y : tensor<f32>
}

func.func @sum_outer_keep(%x: tensor<7x13x5xf32>) -> tensor<1x13x1xf32> {
  %y = remat.reduce_sum %x dims [0, 2] keep_dims : tensor<7x13x5xf32> -> tensor<1x13x1xf32>
  return %y : tensor<1x13x1xf32>
}

func.func @sum_f16(%x: tensor<7x130xf16>) -> tensor<7xf16> {
  %y = remat.reduce_sum %x dims [1] : tensor<7x130xf16> -> tensor<7xf16>
  return %y : tensor<7xf16>
}

func.func @mean_rows_keep(%x: tensor<33x65xf32>) -> tensor<33x1xf32> {
  %y = remat.reduce_mean %x dims [1] keep_dims : tensor<33x65xf32> -> tensor<33x1xf32>
  return %y : tensor<33x1xf32>
}

func.func @mean_rank4(%x: tensor<4x6x8x16xf32>) -> tensor<4x8xf32> {
  %y = remat.reduce_mean %x dims [1, 3] : tensor<4x6x8x16xf32> -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

func.func @mean_bf16(%x: tensor<9x40xbf16>) -> tensor<40xbf16> {
  %y = remat.reduce_mean %x dims [0] : tensor<9x40xbf16> -> tensor<40xbf16>
  return %y : tensor<40xbf16>
}

func.func @max_last(%x: tensor<7x13x5xf32>) -> tensor<7x13xf32> {
  %y = remat.reduce_max %x dims [2] : tensor<7x13x5xf32> -> tensor<7x13xf32>
  return %y : tensor<7x13xf32>
}

func.func @max_first_keep(%x: tensor<33x65xf32>) -> tensor<1x65xf32> {
  %y = remat.reduce_max %x dims [0] keep_dims : tensor<33x65xf32> -> tensor<1x65xf32>
  return %y : tensor<1x65xf32>
}

func.func @max_all(%x: tensor<8x64xf32>) -> tensor<f32> {
  %y = remat.reduce_max %x dims [0, 1] : tensor<8x64xf32> -> tensor<f32>
  return %y : tensor<f32>
}

func.func @max_f16(%x: tensor<3x7x9xf16>) -> tensor<3x1x1xf16> {
  %y = remat.reduce_max %x dims [1, 2] keep_dims : tensor<3x7x9xf16> -> tensor<3x1x1xf16>
  return %y : tensor<3x1x1xf16>
}
