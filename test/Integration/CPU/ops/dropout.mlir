// Forward numerics of remat.dropout against numpy (reference.py), which
// recomputes the mask from the op's contract: element i (row-major) is kept
// iff the top 24 bits of SplitMix64(seed * 0x9E3779B97F4A7C15 + counter + i)
// / 2^24 >= rate, and scaled by 1 / (1 - rate). The seed is remat-run's
// --seed (it passes it to i64 arguments); zero and large (wrapping) seeds,
// nonzero counters, several rates, ranks, f16 and bf16.
// REQUIRES: numpy
// RUN: remat-run %s --entry=rate_0_1 --seed=3 --save-inputs=%t.rate_0_1.in --save-outputs=%t.rate_0_1.out > /dev/null
// RUN: %python %S/../../reference.py dropout --rate 0.1 --seed 3 --in %t.rate_0_1.in --out %t.rate_0_1.out
// RUN: remat-run %s --entry=rate_0_5_counter --seed=42 --save-inputs=%t.rate_0_5_counter.in --save-outputs=%t.rate_0_5_counter.out > /dev/null
// RUN: %python %S/../../reference.py dropout --rate 0.5 --counter 1000 --seed 42 --in %t.rate_0_5_counter.in --out %t.rate_0_5_counter.out
// RUN: remat-run %s --entry=rank3 --seed=0 --save-inputs=%t.rank3.in --save-outputs=%t.rank3.out > /dev/null
// RUN: %python %S/../../reference.py dropout --rate 0.25 --counter 7 --seed 0 --in %t.rank3.in --out %t.rank3.out
// RUN: remat-run %s --entry=rank3 --seed=12345678901234567 --save-inputs=%t.big_seed.in --save-outputs=%t.big_seed.out > /dev/null
// RUN: %python %S/../../reference.py dropout --rate 0.25 --counter 7 --seed 12345678901234567 --in %t.big_seed.in --out %t.big_seed.out
// RUN: remat-run %s --entry=f16 --seed=5 --save-inputs=%t.f16.in --save-outputs=%t.f16.out > /dev/null
// RUN: %python %S/../../reference.py dropout --rate 0.3 --seed 5 --in %t.f16.in --out %t.f16.out
// RUN: remat-run %s --entry=bf16 --seed=6 --save-inputs=%t.bf16.in --save-outputs=%t.bf16.out > /dev/null
// RUN: %python %S/../../reference.py dropout --rate 0.9 --counter 3 --seed 6 --in %t.bf16.in --out %t.bf16.out
// The boundary: with seed 7 and this counter, element 0's top 24 bits are
// 15099494, and 15099494 / 2^24 = 0.89999997... < 0.9 = rate, so it is
// dropped (comparing with rate rounded to f32, 15099494 / 2^24 exactly, would
// keep it).
// RUN: remat-run %s --entry=boundary --seed=7 --save-inputs=%t.boundary.in --save-outputs=%t.boundary.out > /dev/null
// RUN: %python %S/../../reference.py dropout --rate 0.9 --counter 9041623974335852213 --seed 7 --in %t.boundary.in --out %t.boundary.out
// Equality: with seed 7 and this counter, element 0's top 24 bits are 2^23,
// exactly rate 0.5 * 2^24: kept (>=).
// RUN: remat-run %s --entry=boundary_equal --seed=7 --save-inputs=%t.boundary_equal.in --save-outputs=%t.boundary_equal.out > /dev/null
// RUN: %python %S/../../reference.py dropout --rate 0.5 --counter 8836369880419560647 --seed 7 --in %t.boundary_equal.in --out %t.boundary_equal.out
// A different seed gives a different mask: the reference must notice.
// RUN: not %python %S/../../reference.py dropout --rate 0.5 --counter 1000 --seed 43 --in %t.rate_0_5_counter.in --out %t.rate_0_5_counter.out

func.func @rate_0_1(%x: tensor<7x13xf32>, %seed: i64) -> tensor<7x13xf32> {
  %y = remat.dropout %x, %seed rate 0.1 : tensor<7x13xf32>
  return %y : tensor<7x13xf32>
}

func.func @rate_0_5_counter(%x: tensor<33x65xf32>, %seed: i64) -> tensor<33x65xf32> {
  %y = remat.dropout %x, %seed rate 0.5 counter 1000 : tensor<33x65xf32>
  return %y : tensor<33x65xf32>
}

func.func @rank3(%x: tensor<2x3x64xf32>, %seed: i64) -> tensor<2x3x64xf32> {
  %y = remat.dropout %x, %seed rate 0.25 counter 7 : tensor<2x3x64xf32>
  return %y : tensor<2x3x64xf32>
}

func.func @f16(%x: tensor<5x24xf16>, %seed: i64) -> tensor<5x24xf16> {
  %y = remat.dropout %x, %seed rate 0.3 : tensor<5x24xf16>
  return %y : tensor<5x24xf16>
}

func.func @bf16(%x: tensor<9x17xbf16>, %seed: i64) -> tensor<9x17xbf16> {
  %y = remat.dropout %x, %seed rate 0.9 counter 3 : tensor<9x17xbf16>
  return %y : tensor<9x17xbf16>
}

func.func @boundary(%x: tensor<4x5xf32>, %seed: i64) -> tensor<4x5xf32> {
  %y = remat.dropout %x, %seed rate 0.9 counter 9041623974335852213 : tensor<4x5xf32>
  return %y : tensor<4x5xf32>
}

func.func @boundary_equal(%x: tensor<3x7xf32>, %seed: i64) -> tensor<3x7xf32> {
  %y = remat.dropout %x, %seed rate 0.5 counter 8836369880419560647 : tensor<3x7xf32>
  return %y : tensor<3x7xf32>
}
