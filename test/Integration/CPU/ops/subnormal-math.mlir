// log, exp, tanh and erf (through gelu) on subnormal f32 numbers, in the
// vectorized pipeline (polynomial approximations) and the plain loops (libm):
// both agree with the exact values to the printed digits. The polynomials
// alone read a subnormal log argument as 2^-126 (log(1e-40) was -87.33655,
// not -92.10341) and flushed subnormal exp results to 0.
// RUN: remat-run %s --entry=log_subnormal | FileCheck %s --check-prefix=LOG
// RUN: remat-run %s --entry=log_subnormal --no-vectorize | FileCheck %s --check-prefix=LOG
// RUN: remat-run %s --entry=exp_subnormal | FileCheck %s --check-prefix=EXP
// RUN: remat-run %s --entry=exp_subnormal --no-vectorize | FileCheck %s --check-prefix=EXP
// RUN: remat-run %s --entry=tanh_subnormal | FileCheck %s --check-prefix=TANH
// RUN: remat-run %s --entry=tanh_subnormal --no-vectorize | FileCheck %s --check-prefix=TANH
// RUN: remat-run %s --entry=gelu_subnormal | FileCheck %s --check-prefix=GELU
// RUN: remat-run %s --entry=gelu_subnormal --no-vectorize | FileCheck %s --check-prefix=GELU

// Exact (float64) values: log(1e-40) = -92.103404, log(2^-149) = -103.27893
// (1e-45 rounds to 2^-149), log(1e-38) = -87.498234, log(2^-126) =
// -87.336545, log(5e-39) = -88.191381, log(2.5) = 0.91629073,
// log(3e38) = 88.596846.
// LOG: output 0: tensor<8xf32> {{.*}} first [-92.1034{{[0-9]}}, -103.278{{[0-9]}}, -87.4982{{[0-9]}}, -87.3365{{[0-9]}}, -88.1913{{[0-9]}}, 0, 0.916290{{[0-9]}}, 88.5968{{[0-9]}}]
func.func @log_subnormal() -> tensor<8xf32> {
  %c = arith.constant dense<[1.0e-40, 1.0e-45, 1.0e-38, 1.17549435e-38, 5.0e-39, 1.0, 2.5, 3.0e+38]> : tensor<8xf32>
  %y = remat.log %c : tensor<8xf32>
  return %y : tensor<8xf32>
}

// exp(-88) = 6.0546019e-39, exp(-90) = 8.1940126e-40, exp(-95) =
// 5.5210823e-42, exp(-100) = 3.7200760e-44 (2^-149 apart from the nearest
// f32, 3.7835059e-44), exp(-103) = 1.8521168e-45 (-> 2^-149), exp(-104) =
// 6.8e-46 (below half of 2^-149: 0), exp(-87) = 1.6458114e-38 (normal),
// exp(-110) = 0.
// EXP: output 0: tensor<8xf32> {{.*}} first [6.0546{{[0-9]+}}e-39, 8.194{{[0-9]+}}e-40, 5.52{{[0-9]+}}e-42, 3.783506e-44, 1.401298e-45, 0, 1.645811e-38, 0]
func.func @exp_subnormal() -> tensor<8xf32> {
  %c = arith.constant dense<[-88.0, -90.0, -95.0, -100.0, -103.0, -104.0, -87.0, -110.0]> : tensor<8xf32>
  %y = remat.exp %c : tensor<8xf32>
  return %y : tensor<8xf32>
}

// tanh(x) = x for tiny x.
// TANH: output 0: tensor<8xf32> {{.*}} first [9.999946e-41, -9.999946e-41, 1.401298e-45, 9.999999e-39, 1e-20, 0, -0, 1e-30]
func.func @tanh_subnormal() -> tensor<8xf32> {
  %c = arith.constant dense<[1.0e-40, -1.0e-40, 1.0e-45, 1.0e-38, 1.0e-20, 0.0, -0.0, 1.0e-30]> : tensor<8xf32>
  %y = remat.tanh %c : tensor<8xf32>
  return %y : tensor<8xf32>
}

// gelu(x) = x * Phi(x) = x / 2 for tiny x (erf(x / sqrt 2) ~ 0); 2^-150
// rounds to 0.
// GELU: output 0: tensor<8xf32> {{.*}} first [4.999973e-41, -4.999973e-41, 0, 5e-39, 5e-21, 0, -0, 5e-31]
func.func @gelu_subnormal() -> tensor<8xf32> {
  %c = arith.constant dense<[1.0e-40, -1.0e-40, 1.0e-45, 1.0e-38, 1.0e-20, 0.0, -0.0, 1.0e-30]> : tensor<8xf32>
  %y = remat.gelu %c erf : tensor<8xf32>
  return %y : tensor<8xf32>
}
