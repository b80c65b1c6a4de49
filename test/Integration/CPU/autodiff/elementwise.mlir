// Gradients of Elementwise ops against central finite differences of the
// compiled forward function (remat-run --check-gradients: 16 sampled
// coordinates per argument, step 1e-2 unless stated; pass when
// |fd - g| <= 1e-3 + 2e-2 max(|fd|, |g|), f32 throughout).
// RUN: remat-opt %s -remat-autodiff="functions=neg" | remat-run --entry=neg_grad --check-gradients | FileCheck %s --check-prefix=NEG
// RUN: remat-opt %s -remat-autodiff="functions=tanh" | remat-run --entry=tanh_grad --check-gradients | FileCheck %s --check-prefix=TANH
// RUN: remat-opt %s -remat-autodiff="functions=sigmoid" | remat-run --entry=sigmoid_grad --check-gradients | FileCheck %s --check-prefix=SIGMOID
// RUN: remat-opt %s -remat-autodiff="functions=exp_log" | remat-run --entry=exp_log_grad --check-gradients | FileCheck %s --check-prefix=EXP_LOG
// RUN: remat-opt %s -remat-autodiff="functions=exp_sqrt" | remat-run --entry=exp_sqrt_grad --check-gradients | FileCheck %s --check-prefix=EXP_SQRT
// RUN: remat-opt %s -remat-autodiff="functions=exp_rsqrt" | remat-run --entry=exp_rsqrt_grad --check-gradients | FileCheck %s --check-prefix=EXP_RSQRT
// RUN: remat-opt %s -remat-autodiff="functions=relu" | remat-run --entry=relu_grad --check-gradients --fd-epsilon=1e-3 | FileCheck %s --check-prefix=RELU
// RUN: remat-opt %s -remat-autodiff="functions=gelu_tanh" | remat-run --entry=gelu_tanh_grad --check-gradients | FileCheck %s --check-prefix=GELU_TANH
// RUN: remat-opt %s -remat-autodiff="functions=gelu_erf" | remat-run --entry=gelu_erf_grad --check-gradients | FileCheck %s --check-prefix=GELU_ERF
// RUN: remat-opt %s -remat-autodiff="functions=add" | remat-run --entry=add_grad --check-gradients | FileCheck %s --check-prefix=ADD
// RUN: remat-opt %s -remat-autodiff="functions=sub" | remat-run --entry=sub_grad --check-gradients | FileCheck %s --check-prefix=SUB
// RUN: remat-opt %s -remat-autodiff="functions=mul" | remat-run --entry=mul_grad --check-gradients | FileCheck %s --check-prefix=MUL
// RUN: remat-opt %s -remat-autodiff="functions=div" | remat-run --entry=div_grad --check-gradients | FileCheck %s --check-prefix=DIV
// RUN: remat-opt %s -remat-autodiff="functions=maximum" | remat-run --entry=maximum_grad --check-gradients --fd-epsilon=1e-3 | FileCheck %s --check-prefix=MAXIMUM
// RUN: remat-opt %s -remat-autodiff="functions=scale" | remat-run --entry=scale_grad --check-gradients | FileCheck %s --check-prefix=SCALE
// RUN: remat-opt %s -remat-autodiff="functions=reuse" | remat-run --entry=reuse_grad --check-gradients | FileCheck %s --check-prefix=REUSE
// RUN: remat-opt %s -remat-autodiff="functions=dropout" | remat-run --entry=dropout_grad --check-gradients | FileCheck %s --check-prefix=DROPOUT

// NEG-NOT: FAIL
// NEG: PASS @neg_grad
// NEG-NOT: FAIL
func.func @neg(%x: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %y = remat.neg %x : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// TANH-NOT: FAIL
// TANH: PASS @tanh_grad
// TANH-NOT: FAIL
func.func @tanh(%x: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %y = remat.tanh %x : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// SIGMOID-NOT: FAIL
// SIGMOID: PASS @sigmoid_grad
// SIGMOID-NOT: FAIL
func.func @sigmoid(%x: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %y = remat.sigmoid %x : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// EXP_LOG-NOT: FAIL
// EXP_LOG: PASS @exp_log_grad
// EXP_LOG-NOT: FAIL
func.func @exp_log(%x: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %e = remat.exp %x : tensor<6x5xf32>
  %y = remat.log %e : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// EXP_SQRT-NOT: FAIL
// EXP_SQRT: PASS @exp_sqrt_grad
// EXP_SQRT-NOT: FAIL
func.func @exp_sqrt(%x: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %e = remat.exp %x : tensor<6x5xf32>
  %y = remat.sqrt %e : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// EXP_RSQRT-NOT: FAIL
// EXP_RSQRT: PASS @exp_rsqrt_grad
// EXP_RSQRT-NOT: FAIL
func.func @exp_rsqrt(%x: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %e = remat.exp %x : tensor<6x5xf32>
  %y = remat.rsqrt %e : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// piecewise linear: a small step keeps samples off the kink
// RELU-NOT: FAIL
// RELU: PASS @relu_grad
// RELU-NOT: FAIL
func.func @relu(%x: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %y = remat.relu %x : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// GELU_TANH-NOT: FAIL
// GELU_TANH: PASS @gelu_tanh_grad
// GELU_TANH-NOT: FAIL
func.func @gelu_tanh(%x: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %y = remat.gelu %x tanh : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// GELU_ERF-NOT: FAIL
// GELU_ERF: PASS @gelu_erf_grad
// GELU_ERF-NOT: FAIL
func.func @gelu_erf(%x: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %y = remat.gelu %x erf : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// ADD-NOT: FAIL
// ADD: PASS @add_grad
// ADD-NOT: FAIL
func.func @add(%a: tensor<6x5xf32>, %b: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %y = remat.add %a, %b : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// SUB-NOT: FAIL
// SUB: PASS @sub_grad
// SUB-NOT: FAIL
func.func @sub(%a: tensor<6x5xf32>, %b: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %y = remat.sub %a, %b : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// MUL-NOT: FAIL
// MUL: PASS @mul_grad
// MUL-NOT: FAIL
func.func @mul(%a: tensor<6x5xf32>, %b: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %y = remat.mul %a, %b : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// DIV-NOT: FAIL
// DIV: PASS @div_grad
// DIV-NOT: FAIL
func.func @div(%a: tensor<6x5xf32>, %b: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %d = remat.exp %b : tensor<6x5xf32>
  %y = remat.div %a, %d : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// piecewise linear: a small step keeps samples off the kink
// MAXIMUM-NOT: FAIL
// MAXIMUM: PASS @maximum_grad
// MAXIMUM-NOT: FAIL
func.func @maximum(%a: tensor<6x5xf32>, %b: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %y = remat.maximum %a, %b : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// SCALE-NOT: FAIL
// SCALE: PASS @scale_grad
// SCALE-NOT: FAIL
func.func @scale(%x: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %y = remat.scale %x, -2.5 : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// a value read three times: its gradients are summed
// REUSE-NOT: FAIL
// REUSE: PASS @reuse_grad
// REUSE-NOT: FAIL
func.func @reuse(%x: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %a = remat.mul %x, %x : tensor<6x5xf32>
  %b = remat.tanh %x : tensor<6x5xf32>
  %y = remat.add %a, %b : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// DROPOUT-NOT: FAIL
// DROPOUT: PASS @dropout_grad
// DROPOUT-NOT: FAIL
func.func @dropout(%x: tensor<6x5xf32>, %seed: i64, %r: tensor<6x5xf32>) -> tensor<f32> {
  %y = remat.dropout %x, %seed rate 0.3 counter 7 : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}
