// Budgets below the smallest reachable peak, planned with solver=auto (budget=15%)
// on four training steps (an MLP, a conv net, an f16 checkpointed layer with
// layer_norm, softmax and dropout): the error is on the op at the smallest
// peak the solver reaches and names it; the notes say what fills that peak,
// the budget to use and why the solver cannot go lower.
// auto picks exact or search by the problem and the time left: both are
// accepted. time-limit=20 (instead of auto's 2 s) keeps a loaded or
// sanitized build from stopping before the smallest peak is found.
// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-autodiff -remat-rematerialize="solver=auto budget=15% time-limit=20"

// a two-layer MLP at 10% of its unplanned peak
// expected-note @+2 {{at that point arguments take 48.1 KiB, values kept for later 16.1 KiB and this op's operands, results and scratch 56.0 KiB; use budget=123008 or more, or best-effort to plan to that peak}}
// expected-note-re @+1 {{{{infeasible: no recompute-only plan has a peak within 19680 bytes; the smallest reachable peak is 123008 bytes|the greedy cannot lower the peak below 123008 bytes}}}}
func.func @mlp(%x: tensor<64x64xf32>, %w1: tensor<64x64xf32>, %w2: tensor<64x64xf32>) -> tensor<f32> {
  %h = remat.matmul %x, %w1 : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %a = remat.tanh %h : tensor<64x64xf32>
  // expected-error-re @+1 {{remat-rematerialize: a budget of 19.2 KiB (19680 B) is infeasible for @mlp_grad: the smallest peak the {{exact|search}} solver reaches is 120 KiB (123008 B), here, in the backward pass of this op}}
  %o = remat.matmul %a, %w2 : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %t = remat.sigmoid %o : tensor<64x64xf32>
  %l = remat.reduce_mean %t dims [0, 1] : tensor<64x64xf32> -> tensor<f32>
  return %l : tensor<f32>
}
// -----
// a small conv net with pooling and a cross-entropy loss
// expected-note @+2 {{at that point arguments take 27.0 KiB, values kept for later 6.00 KiB and this op's operands, results and scratch 56.5 KiB; use budget=91648 or more, or best-effort to plan to that peak}}
// expected-note-re @+1 {{{{infeasible: no recompute-only plan has a peak within 16828 bytes; the smallest reachable peak is 91648 bytes|the greedy cannot lower the peak below 91648 bytes}}}}
func.func @conv(%x: tensor<2x3x16x16xf32>, %w: tensor<8x3x3x3xf32>, %fc: tensor<512x10xf32>, %y: tensor<2xi32>) -> tensor<f32> {
  // expected-error-re @+1 {{remat-rematerialize: a budget of 16.4 KiB (16828 B) is infeasible for @conv_grad: the smallest peak the {{exact|search}} solver reaches is 89.5 KiB (91648 B), here, in the backward pass of this op}}
  %c = remat.conv2d %x, %w padding [1, 1, 1, 1] : tensor<2x3x16x16xf32>, tensor<8x3x3x3xf32> -> tensor<2x8x16x16xf32>
  %r = remat.relu %c : tensor<2x8x16x16xf32>
  %p = remat.max_pool2d %r kernel [2, 2] strides [2, 2] : tensor<2x8x16x16xf32> -> tensor<2x8x8x8xf32>
  %f = remat.reshape %p : tensor<2x8x8x8xf32> -> tensor<2x512xf32>
  %o = remat.matmul %f, %fc : tensor<2x512xf32>, tensor<512x10xf32> -> tensor<2x10xf32>
  %l = remat.cross_entropy %o, %y : tensor<2x10xf32>, tensor<2xi32> -> tensor<f32>
  return %l : tensor<f32>
}
// -----
// an f16 layer in a dots_saveable checkpoint, with layer_norm
// expected-note @+2 {{at that point arguments take 40.3 KiB, values kept for later 256 B and this op's operands, results and scratch 104 KiB; use budget=148032 or more, or best-effort to plan to that peak}}
// expected-note-re @+1 {{{{infeasible: no recompute-only plan has a peak within 23443 bytes; the smallest reachable peak is 148032 bytes|the greedy cannot lower the peak below 148032 bytes}}}}
func.func @ln(%x: tensor<32x128xf16>, %w: tensor<128x128xf16>, %g: tensor<128xf16>) -> tensor<f32> {
  %y = remat.checkpoint policy <dots_saveable> -> tensor<32x128xf16> {
    // expected-error-re @+1 {{remat-rematerialize: a budget of 22.9 KiB (23443 B) is infeasible for @ln_grad: the smallest peak the {{exact|search}} solver reaches is 145 KiB (148032 B), here, in the backward pass of this op}}
    %m = remat.matmul %x, %w : tensor<32x128xf16>, tensor<128x128xf16> -> tensor<32x128xf16>
    %n = remat.layer_norm %m weight %g : tensor<128xf16> axes [1] eps 1.0e-05 : tensor<32x128xf16>
    %e = remat.gelu %n erf : tensor<32x128xf16>
    remat.yield %e : tensor<32x128xf16>
  }
  %c = remat.convert %y : tensor<32x128xf16> -> tensor<32x128xf32>
  %l = remat.reduce_sum %c dims [0, 1] : tensor<32x128xf32> -> tensor<f32>
  return %l : tensor<f32>
}
// -----
// softmax and dropout under an MSE loss
// expected-note @+2 {{at that point arguments take 24.1 KiB, values kept for later 8.06 KiB and this op's operands, results and scratch 22.0 KiB; use budget=55424 or more, or best-effort to plan to that peak}}
// expected-note-re @+1 {{{{infeasible: no recompute-only plan has a peak within 8313 bytes; the smallest reachable peak is 55424 bytes|the greedy cannot lower the peak below 55424 bytes}}}}
func.func @attn(%x: tensor<16x64xf32>, %w: tensor<64x64xf32>, %t: tensor<16x64xf32>, %seed: i64) -> tensor<f32> {
  // expected-error-re @+1 {{remat-rematerialize: a budget of 8.12 KiB (8313 B) is infeasible for @attn_grad: the smallest peak the {{exact|search}} solver reaches is 54.1 KiB (55424 B), here, in the backward pass of this op}}
  %m = remat.matmul %x, %w : tensor<16x64xf32>, tensor<64x64xf32> -> tensor<16x64xf32>
  %s = remat.softmax %m axis 1 : tensor<16x64xf32>
  %d = remat.dropout %s, %seed rate 0.1 : tensor<16x64xf32>
  %e = remat.exp %d : tensor<16x64xf32>
  %l = remat.mse %e, %t : tensor<16x64xf32> -> tensor<f32>
  return %l : tensor<f32>
}
