// Forward numerics of the elementwise unary ops against numpy (reference.py),
// on shapes with tiling remainders (7x13, 33x65) and vector-sized ones
// (8x64), in f32, f16 and bf16. log, sqrt and rsqrt read positive inputs
// written by reference.py make-input (remat-run draws from [-1, 1)).
// REQUIRES: numpy
// RUN: remat-run %s --entry=neg_7x13 --seed=1 --save-inputs=%t.neg_7x13.in --save-outputs=%t.neg_7x13.out > /dev/null
// RUN: %python %S/../../reference.py neg --in %t.neg_7x13.in --out %t.neg_7x13.out
// RUN: remat-run %s --entry=relu_33x65 --seed=2 --save-inputs=%t.relu_33x65.in --save-outputs=%t.relu_33x65.out > /dev/null
// RUN: %python %S/../../reference.py relu --in %t.relu_33x65.in --out %t.relu_33x65.out
// RUN: remat-run %s --entry=relu_bf16 --seed=3 --save-inputs=%t.relu_bf16.in --save-outputs=%t.relu_bf16.out > /dev/null
// RUN: %python %S/../../reference.py relu --in %t.relu_bf16.in --out %t.relu_bf16.out
// RUN: remat-run %s --entry=clamp_33x65 --seed=40 --save-inputs=%t.clamp_33x65.in --save-outputs=%t.clamp_33x65.out > /dev/null
// RUN: %python %S/../../reference.py clamp --min -0.25 --max 0.5 --in %t.clamp_33x65.in --out %t.clamp_33x65.out
// RUN: remat-run %s --entry=clamp_max_f16 --seed=41 --save-inputs=%t.clamp_max_f16.in --save-outputs=%t.clamp_max_f16.out > /dev/null
// RUN: %python %S/../../reference.py clamp --max 0.1 --in %t.clamp_max_f16.in --out %t.clamp_max_f16.out
// RUN: remat-run %s --entry=clamp_bf16 --seed=42 --save-inputs=%t.clamp_bf16.in --save-outputs=%t.clamp_bf16.out > /dev/null
// RUN: %python %S/../../reference.py clamp --min -0.3 --max 0.1 --in %t.clamp_bf16.in --out %t.clamp_bf16.out
// RUN: remat-run %s --entry=exp_33x65 --seed=4 --save-inputs=%t.exp_33x65.in --save-outputs=%t.exp_33x65.out > /dev/null
// RUN: %python %S/../../reference.py exp --in %t.exp_33x65.in --out %t.exp_33x65.out
// RUN: remat-run %s --entry=exp_f16 --seed=5 --save-inputs=%t.exp_f16.in --save-outputs=%t.exp_f16.out > /dev/null
// RUN: %python %S/../../reference.py exp --in %t.exp_f16.in --out %t.exp_f16.out
// RUN: remat-run %s --entry=tanh_8x64 --seed=6 --save-inputs=%t.tanh_8x64.in --save-outputs=%t.tanh_8x64.out > /dev/null
// RUN: %python %S/../../reference.py tanh --in %t.tanh_8x64.in --out %t.tanh_8x64.out
// RUN: remat-run %s --entry=sigmoid_7x13 --seed=7 --save-inputs=%t.sigmoid_7x13.in --save-outputs=%t.sigmoid_7x13.out > /dev/null
// RUN: %python %S/../../reference.py sigmoid --in %t.sigmoid_7x13.in --out %t.sigmoid_7x13.out
// RUN: remat-run %s --entry=sigmoid_bf16 --seed=8 --save-inputs=%t.sigmoid_bf16.in --save-outputs=%t.sigmoid_bf16.out > /dev/null
// RUN: %python %S/../../reference.py sigmoid --in %t.sigmoid_bf16.in --out %t.sigmoid_bf16.out
// RUN: remat-run %s --entry=gelu_tanh_33x65 --seed=9 --save-inputs=%t.gelu_tanh_33x65.in --save-outputs=%t.gelu_tanh_33x65.out > /dev/null
// RUN: %python %S/../../reference.py gelu --approximation tanh --in %t.gelu_tanh_33x65.in --out %t.gelu_tanh_33x65.out
// RUN: remat-run %s --entry=gelu_erf_33x65 --seed=10 --save-inputs=%t.gelu_erf_33x65.in --save-outputs=%t.gelu_erf_33x65.out > /dev/null
// RUN: %python %S/../../reference.py gelu --approximation erf --in %t.gelu_erf_33x65.in --out %t.gelu_erf_33x65.out
// RUN: remat-run %s --entry=gelu_erf_f16 --seed=11 --save-inputs=%t.gelu_erf_f16.in --save-outputs=%t.gelu_erf_f16.out > /dev/null
// RUN: %python %S/../../reference.py gelu --approximation erf --in %t.gelu_erf_f16.in --out %t.gelu_erf_f16.out
// RUN: remat-run %s --entry=gelu_tanh_bf16 --seed=12 --save-inputs=%t.gelu_tanh_bf16.in --save-outputs=%t.gelu_tanh_bf16.out > /dev/null
// RUN: %python %S/../../reference.py gelu --approximation tanh --in %t.gelu_tanh_bf16.in --out %t.gelu_tanh_bf16.out
// RUN: remat-run %s --entry=sin_7x13 --seed=14 --save-inputs=%t.sin_7x13.in --save-outputs=%t.sin_7x13.out > /dev/null
// RUN: %python %S/../../reference.py sin --in %t.sin_7x13.in --out %t.sin_7x13.out
// RUN: remat-run %s --entry=cos_33x65 --seed=15 --save-inputs=%t.cos_33x65.in --save-outputs=%t.cos_33x65.out > /dev/null
// RUN: %python %S/../../reference.py cos --in %t.cos_33x65.in --out %t.cos_33x65.out
// RUN: remat-run %s --entry=sin_bf16 --seed=16 --save-inputs=%t.sin_bf16.in --save-outputs=%t.sin_bf16.out > /dev/null
// RUN: %python %S/../../reference.py sin --in %t.sin_bf16.in --out %t.sin_bf16.out
// remat.convert: narrowing rounds to nearest even (f16 overflows to inf
// past 65504, so the wide input crosses it); widening is exact.
// RUN: %python %S/../../reference.py make-input %t.wide_33x65.npy --shape 33x65 --low -70000 --high 70000 --seed 4
// RUN: remat-run %s --entry=convert_f32_bf16 --inputs=%t.wide_33x65.npy --save-inputs=%t.cvt_bf16.in --save-outputs=%t.cvt_bf16.out > /dev/null
// RUN: %python %S/../../reference.py convert --to bf16 --in %t.cvt_bf16.in --out %t.cvt_bf16.out
// RUN: remat-run %s --entry=convert_f32_f16 --inputs=%t.wide_33x65.npy --save-inputs=%t.cvt_f16.in --save-outputs=%t.cvt_f16.out > /dev/null
// RUN: %python %S/../../reference.py convert --to f16 --in %t.cvt_f16.in --out %t.cvt_f16.out
// RUN: remat-run %s --no-vectorize --entry=convert_f32_f16 --inputs=%t.wide_33x65.npy --save-inputs=%t.novec_cvt.in --save-outputs=%t.novec_cvt.out > /dev/null
// RUN: %python %S/../../reference.py convert --to f16 --in %t.novec_cvt.in --out %t.novec_cvt.out
// RUN: remat-run %s --entry=convert_bf16_f32 --seed=18 --save-inputs=%t.cvt_up.in --save-outputs=%t.cvt_up.out > /dev/null
// RUN: %python %S/../../reference.py convert --to f32 --in %t.cvt_up.in --out %t.cvt_up.out
// RUN: remat-run %s --entry=convert_f16_bf16 --seed=19 --save-inputs=%t.cvt_hb.in --save-outputs=%t.cvt_hb.out > /dev/null
// RUN: %python %S/../../reference.py convert --to bf16 --in %t.cvt_hb.in --out %t.cvt_hb.out
// RUN: %python %S/../../reference.py make-input %t.erf_in.npy --shape 33x65 --low -4 --high 4 --seed 5
// RUN: remat-run %s --entry=erf_33x65 --inputs=%t.erf_in.npy --save-inputs=%t.erf_33x65.in --save-outputs=%t.erf_33x65.out > /dev/null
// RUN: %python %S/../../reference.py erf --in %t.erf_33x65.in --out %t.erf_33x65.out
// RUN: remat-run %s --no-vectorize --entry=erf_33x65 --inputs=%t.erf_in.npy --save-inputs=%t.novec_erf.in --save-outputs=%t.novec_erf.out > /dev/null
// RUN: %python %S/../../reference.py erf --in %t.novec_erf.in --out %t.novec_erf.out
// RUN: remat-run %s --entry=erf_bf16 --seed=20 --save-inputs=%t.erf_bf16.in --save-outputs=%t.erf_bf16.out > /dev/null
// RUN: %python %S/../../reference.py erf --in %t.erf_bf16.in --out %t.erf_bf16.out
// The plain-loop lowering (no tiling or vectorization).
// RUN: remat-run %s --no-vectorize --entry=cos_33x65 --seed=17 --save-inputs=%t.novec_cos.in --save-outputs=%t.novec_cos.out > /dev/null
// RUN: %python %S/../../reference.py cos --in %t.novec_cos.in --out %t.novec_cos.out
// RUN: remat-run %s --no-vectorize --entry=gelu_erf_33x65 --seed=13 --save-inputs=%t.novec_gelu.in --save-outputs=%t.novec_gelu.out > /dev/null
// RUN: %python %S/../../reference.py gelu --approximation erf --in %t.novec_gelu.in --out %t.novec_gelu.out
//
// RUN: %python %S/../../reference.py make-input %t.pos_7x13.npy --shape 7x13 --low 0.01 --high 4 --seed 1
// RUN: %python %S/../../reference.py make-input %t.pos_8x64.npy --shape 8x64 --low 0.01 --high 4 --seed 2
// RUN: %python %S/../../reference.py make-input %t.pos_f16.npy --shape 5x24 --dtype f16 --low 0.01 --high 4 --seed 3
// RUN: remat-run %s --entry=log_7x13 --inputs=%t.pos_7x13.npy --save-inputs=%t.log_7x13.in --save-outputs=%t.log_7x13.out > /dev/null
// RUN: %python %S/../../reference.py log --in %t.log_7x13.in --out %t.log_7x13.out
// RUN: remat-run %s --entry=sqrt_8x64 --inputs=%t.pos_8x64.npy --save-inputs=%t.sqrt_8x64.in --save-outputs=%t.sqrt_8x64.out > /dev/null
// RUN: %python %S/../../reference.py sqrt --in %t.sqrt_8x64.in --out %t.sqrt_8x64.out
// RUN: remat-run %s --entry=rsqrt_7x13 --inputs=%t.pos_7x13.npy --save-inputs=%t.rsqrt_7x13.in --save-outputs=%t.rsqrt_7x13.out > /dev/null
// RUN: %python %S/../../reference.py rsqrt --in %t.rsqrt_7x13.in --out %t.rsqrt_7x13.out
// RUN: remat-run %s --entry=log_f16 --inputs=%t.pos_f16.npy --save-inputs=%t.log_f16.in --save-outputs=%t.log_f16.out > /dev/null
// RUN: %python %S/../../reference.py log --in %t.log_f16.in --out %t.log_f16.out
// RUN: remat-run %s --entry=rsqrt_f16 --inputs=%t.pos_f16.npy --save-inputs=%t.rsqrt_f16.in --save-outputs=%t.rsqrt_f16.out > /dev/null
// RUN: %python %S/../../reference.py rsqrt --in %t.rsqrt_f16.in --out %t.rsqrt_f16.out

func.func @neg_7x13(%x: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %y = remat.neg %x : tensor<7x13xf32>
  return %y : tensor<7x13xf32>
}

func.func @relu_33x65(%x: tensor<33x65xf32>) -> tensor<33x65xf32> {
  %y = remat.relu %x : tensor<33x65xf32>
  return %y : tensor<33x65xf32>
}

func.func @relu_bf16(%x: tensor<6x40xbf16>) -> tensor<6x40xbf16> {
  %y = remat.relu %x : tensor<6x40xbf16>
  return %y : tensor<6x40xbf16>
}

func.func @clamp_33x65(%x: tensor<33x65xf32>) -> tensor<33x65xf32> {
  %y = remat.clamp %x min -2.500000e-01 max 5.000000e-01 : tensor<33x65xf32>
  return %y : tensor<33x65xf32>
}

// Bounds that 16-bit types cannot represent (0.1, -0.3): clamped values are
// the bounds rounded to the type.
func.func @clamp_max_f16(%x: tensor<7x13xf16>) -> tensor<7x13xf16> {
  %y = remat.clamp %x max 1.000000e-01 : tensor<7x13xf16>
  return %y : tensor<7x13xf16>
}

func.func @clamp_bf16(%x: tensor<6x40xbf16>) -> tensor<6x40xbf16> {
  %y = remat.clamp %x min -3.000000e-01 max 1.000000e-01 : tensor<6x40xbf16>
  return %y : tensor<6x40xbf16>
}

func.func @exp_33x65(%x: tensor<33x65xf32>) -> tensor<33x65xf32> {
  %y = remat.exp %x : tensor<33x65xf32>
  return %y : tensor<33x65xf32>
}

func.func @exp_f16(%x: tensor<3x5x16xf16>) -> tensor<3x5x16xf16> {
  %y = remat.exp %x : tensor<3x5x16xf16>
  return %y : tensor<3x5x16xf16>
}

func.func @tanh_8x64(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %y = remat.tanh %x : tensor<8x64xf32>
  return %y : tensor<8x64xf32>
}

func.func @sin_7x13(%x: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %y = remat.sin %x : tensor<7x13xf32>
  return %y : tensor<7x13xf32>
}

func.func @cos_33x65(%x: tensor<33x65xf32>) -> tensor<33x65xf32> {
  %y = remat.cos %x : tensor<33x65xf32>
  return %y : tensor<33x65xf32>
}

func.func @sin_bf16(%x: tensor<9x33xbf16>) -> tensor<9x33xbf16> {
  %y = remat.sin %x : tensor<9x33xbf16>
  return %y : tensor<9x33xbf16>
}

func.func @sigmoid_7x13(%x: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %y = remat.sigmoid %x : tensor<7x13xf32>
  return %y : tensor<7x13xf32>
}

func.func @sigmoid_bf16(%x: tensor<9x33xbf16>) -> tensor<9x33xbf16> {
  %y = remat.sigmoid %x : tensor<9x33xbf16>
  return %y : tensor<9x33xbf16>
}

func.func @gelu_tanh_33x65(%x: tensor<33x65xf32>) -> tensor<33x65xf32> {
  %y = remat.gelu %x tanh : tensor<33x65xf32>
  return %y : tensor<33x65xf32>
}

func.func @gelu_erf_33x65(%x: tensor<33x65xf32>) -> tensor<33x65xf32> {
  %y = remat.gelu %x erf : tensor<33x65xf32>
  return %y : tensor<33x65xf32>
}

func.func @gelu_erf_f16(%x: tensor<4x32xf16>) -> tensor<4x32xf16> {
  %y = remat.gelu %x erf : tensor<4x32xf16>
  return %y : tensor<4x32xf16>
}

func.func @gelu_tanh_bf16(%x: tensor<7x13xbf16>) -> tensor<7x13xbf16> {
  %y = remat.gelu %x tanh : tensor<7x13xbf16>
  return %y : tensor<7x13xbf16>
}

func.func @log_7x13(%x: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %y = remat.log %x : tensor<7x13xf32>
  return %y : tensor<7x13xf32>
}

func.func @sqrt_8x64(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %y = remat.sqrt %x : tensor<8x64xf32>
  return %y : tensor<8x64xf32>
}

func.func @rsqrt_7x13(%x: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %y = remat.rsqrt %x : tensor<7x13xf32>
  return %y : tensor<7x13xf32>
}

func.func @log_f16(%x: tensor<5x24xf16>) -> tensor<5x24xf16> {
  %y = remat.log %x : tensor<5x24xf16>
  return %y : tensor<5x24xf16>
}

func.func @rsqrt_f16(%x: tensor<5x24xf16>) -> tensor<5x24xf16> {
  %y = remat.rsqrt %x : tensor<5x24xf16>
  return %y : tensor<5x24xf16>
}

func.func @convert_f32_bf16(%x: tensor<33x65xf32>) -> tensor<33x65xbf16> {
  %y = remat.convert %x : tensor<33x65xf32> -> tensor<33x65xbf16>
  return %y : tensor<33x65xbf16>
}

func.func @convert_f32_f16(%x: tensor<33x65xf32>) -> tensor<33x65xf16> {
  %y = remat.convert %x : tensor<33x65xf32> -> tensor<33x65xf16>
  return %y : tensor<33x65xf16>
}

func.func @convert_bf16_f32(%x: tensor<8x64xbf16>) -> tensor<8x64xf32> {
  %y = remat.convert %x : tensor<8x64xbf16> -> tensor<8x64xf32>
  return %y : tensor<8x64xf32>
}

func.func @convert_f16_bf16(%x: tensor<7x13xf16>) -> tensor<7x13xbf16> {
  %y = remat.convert %x : tensor<7x13xf16> -> tensor<7x13xbf16>
  return %y : tensor<7x13xbf16>
}

func.func @erf_33x65(%x: tensor<33x65xf32>) -> tensor<33x65xf32> {
  %y = remat.erf %x : tensor<33x65xf32>
  return %y : tensor<33x65xf32>
}

func.func @erf_bf16(%x: tensor<9x33xbf16>) -> tensor<9x33xbf16> {
  %y = remat.erf %x : tensor<9x33xbf16>
  return %y : tensor<9x33xbf16>
}
