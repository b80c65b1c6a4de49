// Gradients of Elementwise ops against central finite differences of the
// compiled forward function (remat-run --check-gradients, f32 throughout:
// per argument, 4 random directions and 8 sampled coordinates, step 1e-2
// unless stated; pass when the directional and elementwise relative errors
// are <= 1e-2, docs/pipelines.md says how they are measured).
// RUN: remat-opt %s -remat-autodiff="functions=neg" | remat-run --entry=neg_grad --check-gradients | FileCheck %s --check-prefix=NEG
// RUN: remat-opt %s -remat-autodiff="functions=tanh" | remat-run --entry=tanh_grad --check-gradients | FileCheck %s --check-prefix=TANH
// RUN: remat-opt %s -remat-autodiff="functions=sin_cos" | remat-run --entry=sin_cos_grad --check-gradients | FileCheck %s --check-prefix=SIN_COS
// RUN: remat-opt %s -remat-autodiff="functions=erf" | remat-run --entry=erf_grad --check-gradients | FileCheck %s --check-prefix=ERF
// RUN: remat-opt %s -remat-autodiff="functions=causal_softmax" | remat-run --entry=causal_softmax_grad --check-gradients | FileCheck %s --check-prefix=WHERE
// RUN: remat-opt %s -remat-autodiff="functions=causal_masked_fill" | remat-run --entry=causal_masked_fill_grad --check-gradients | FileCheck %s --check-prefix=MASKED_FILL
// RUN: remat-opt %s -remat-autodiff="functions=causal_softmax" -remat-rematerialize="budget=1088" | remat-run - --entry=causal_softmax_grad --check-memory=0 --print=0 | FileCheck %s --check-prefix=WHERE-MEM
// RUN: remat-opt %s -remat-autodiff="functions=sigmoid" | remat-run --entry=sigmoid_grad --check-gradients | FileCheck %s --check-prefix=SIGMOID
// RUN: remat-opt %s -remat-autodiff="functions=exp_log" | remat-run --entry=exp_log_grad --check-gradients | FileCheck %s --check-prefix=EXP_LOG
// RUN: remat-opt %s -remat-autodiff="functions=exp_sqrt" | remat-run --entry=exp_sqrt_grad --check-gradients | FileCheck %s --check-prefix=EXP_SQRT
// RUN: remat-opt %s -remat-autodiff="functions=exp_rsqrt" | remat-run --entry=exp_rsqrt_grad --check-gradients | FileCheck %s --check-prefix=EXP_RSQRT
// RUN: remat-opt %s -remat-autodiff="functions=relu" | remat-run --entry=relu_grad --check-gradients --fd-epsilon=1e-3 | FileCheck %s --check-prefix=RELU
// RUN: remat-opt %s -remat-autodiff="functions=clamp" | remat-run --entry=clamp_grad --check-gradients --fd-epsilon=1e-3 | FileCheck %s --check-prefix=CLAMP
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
// NEG: gradient check @neg_grad wrt {{[0-9]+}}: PASSED
// NEG-NOT: FAIL
func.func @neg(%x: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %y = remat.neg %x : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// TANH-NOT: FAIL
// TANH: gradient check @tanh_grad wrt {{[0-9]+}}: PASSED
// TANH-NOT: FAIL
// SIN_COS-NOT: FAIL
// SIN_COS: gradient check @sin_cos_grad wrt {{[0-9]+}}: PASSED
// SIN_COS-NOT: FAIL
// sin(3x) * r + cos(3x) * r: arguments up to 3 in magnitude.
func.func @sin_cos(%x: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %x3 = remat.scale %x, 3.0 : tensor<6x5xf32>
  %s = remat.sin %x3 : tensor<6x5xf32>
  %c = remat.cos %x3 : tensor<6x5xf32>
  %sc = remat.add %s, %c : tensor<6x5xf32>
  %ly = remat.mul %sc, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// ERF: gradient check @erf_grad wrt {{[0-9]+}}: PASSED
// ERF-NOT: FAIL
// erf(2x) * r: arguments up to 2 in magnitude, where erf bends.
func.func @erf(%x: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %x2 = remat.scale %x, 2.0 : tensor<6x5xf32>
  %e = remat.erf %x2 : tensor<6x5xf32>
  %ly = remat.mul %e, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// MASKED_FILL-COUNT-2: gradient check @causal_masked_fill_grad wrt {{[0-9]+}}: PASSED
// MASKED_FILL-NOT: FAIL
// The same with masked_fill, as PyTorch writes it (-inf where the mask,
// the upper triangle, is true).
func.func @causal_masked_fill(%s: tensor<2x4x4xf32>, %r: tensor<2x4x4xf32>) -> tensor<f32> {
  %upper = remat.constant dense<[[false, true, true, true], [false, false, true, true], [false, false, false, true], [false, false, false, false]]> : tensor<4x4xi1>
  %m = remat.broadcast %upper dims [1, 2] : tensor<4x4xi1> -> tensor<2x4x4xi1>
  %w = remat.masked_fill %s, %m, 0xFFF0000000000000 : tensor<2x4x4xf32>, tensor<2x4x4xi1>
  %p = remat.softmax %w axis 2 : tensor<2x4x4xf32>
  %pr = remat.mul %p, %r : tensor<2x4x4xf32>
  %l = remat.reduce_sum %pr dims [0, 1, 2] : tensor<2x4x4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// WHERE-COUNT-2: gradient check @causal_softmax_grad wrt {{[0-9]+}}: PASSED
// WHERE-NOT: FAIL
// WHERE-MEM: PASS memory
// Attention scores under a causal mask, as GPT-2 masks them: -inf above the
// diagonal (remat.where), softmax over keys. The -inf side is a constant:
// no gradient reaches it, and none is NaN.
func.func @causal_softmax(%s: tensor<2x4x4xf32>, %r: tensor<2x4x4xf32>) -> tensor<f32> {
  %mask = remat.constant dense<[[true, false, false, false], [true, true, false, false], [true, true, true, false], [true, true, true, true]]> : tensor<4x4xi1>
  %m = remat.broadcast %mask dims [1, 2] : tensor<4x4xi1> -> tensor<2x4x4xi1>
  %ninf = remat.constant dense<0xFF800000> : tensor<f32>
  %nb = remat.broadcast %ninf dims [] : tensor<f32> -> tensor<2x4x4xf32>
  %w = remat.where %m, %s, %nb : tensor<2x4x4xi1>, tensor<2x4x4xf32>
  %p = remat.softmax %w axis 2 : tensor<2x4x4xf32>
  %pr = remat.mul %p, %r : tensor<2x4x4xf32>
  %l = remat.reduce_sum %pr dims [0, 1, 2] : tensor<2x4x4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

func.func @tanh(%x: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %y = remat.tanh %x : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// SIGMOID-NOT: FAIL
// SIGMOID: gradient check @sigmoid_grad wrt {{[0-9]+}}: PASSED
// SIGMOID-NOT: FAIL
func.func @sigmoid(%x: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %y = remat.sigmoid %x : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// EXP_LOG-NOT: FAIL
// EXP_LOG: gradient check @exp_log_grad wrt {{[0-9]+}}: PASSED
// EXP_LOG-NOT: FAIL
func.func @exp_log(%x: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %e = remat.exp %x : tensor<6x5xf32>
  %y = remat.log %e : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// EXP_SQRT-NOT: FAIL
// EXP_SQRT: gradient check @exp_sqrt_grad wrt {{[0-9]+}}: PASSED
// EXP_SQRT-NOT: FAIL
func.func @exp_sqrt(%x: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %e = remat.exp %x : tensor<6x5xf32>
  %y = remat.sqrt %e : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// EXP_RSQRT-NOT: FAIL
// EXP_RSQRT: gradient check @exp_rsqrt_grad wrt {{[0-9]+}}: PASSED
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
// RELU: gradient check @relu_grad wrt {{[0-9]+}}: PASSED
// RELU-NOT: FAIL
func.func @relu(%x: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %y = remat.relu %x : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// Inputs on both sides of both bounds (remat-run's inputs span about
// [-1, 1]; the bounds cut both tails).
// CLAMP-NOT: FAIL
// CLAMP: gradient check @clamp_grad wrt {{[0-9]+}}: PASSED
// CLAMP-NOT: FAIL
func.func @clamp(%x: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %y = remat.clamp %x min -0.4 max 0.3 : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// GELU_TANH-NOT: FAIL
// GELU_TANH: gradient check @gelu_tanh_grad wrt {{[0-9]+}}: PASSED
// GELU_TANH-NOT: FAIL
func.func @gelu_tanh(%x: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %y = remat.gelu %x tanh : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// GELU_ERF-NOT: FAIL
// GELU_ERF: gradient check @gelu_erf_grad wrt {{[0-9]+}}: PASSED
// GELU_ERF-NOT: FAIL
func.func @gelu_erf(%x: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %y = remat.gelu %x erf : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// ADD-NOT: FAIL
// ADD: gradient check @add_grad wrt {{[0-9]+}}: PASSED
// ADD-NOT: FAIL
func.func @add(%a: tensor<6x5xf32>, %b: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %y = remat.add %a, %b : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// SUB-NOT: FAIL
// SUB: gradient check @sub_grad wrt {{[0-9]+}}: PASSED
// SUB-NOT: FAIL
func.func @sub(%a: tensor<6x5xf32>, %b: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %y = remat.sub %a, %b : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// MUL-NOT: FAIL
// MUL: gradient check @mul_grad wrt {{[0-9]+}}: PASSED
// MUL-NOT: FAIL
func.func @mul(%a: tensor<6x5xf32>, %b: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %y = remat.mul %a, %b : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// DIV-NOT: FAIL
// DIV: gradient check @div_grad wrt {{[0-9]+}}: PASSED
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
// MAXIMUM: gradient check @maximum_grad wrt {{[0-9]+}}: PASSED
// MAXIMUM-NOT: FAIL
func.func @maximum(%a: tensor<6x5xf32>, %b: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %y = remat.maximum %a, %b : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// SCALE-NOT: FAIL
// SCALE: gradient check @scale_grad wrt {{[0-9]+}}: PASSED
// SCALE-NOT: FAIL
func.func @scale(%x: tensor<6x5xf32>, %r: tensor<6x5xf32>) -> tensor<f32> {
  %y = remat.scale %x, -2.5 : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// a value read three times: its gradients are summed
// REUSE-NOT: FAIL
// REUSE: gradient check @reuse_grad wrt {{[0-9]+}}: PASSED
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
// DROPOUT: gradient check @dropout_grad wrt {{[0-9]+}}: PASSED
// DROPOUT-NOT: FAIL
func.func @dropout(%x: tensor<6x5xf32>, %seed: i64, %r: tensor<6x5xf32>) -> tensor<f32> {
  %y = remat.dropout %x, %seed rate 0.3 counter 7 : tensor<6x5xf32>
  %ly = remat.mul %y, %r : tensor<6x5xf32>
  %l = remat.reduce_sum %ly dims [0, 1] : tensor<6x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}
