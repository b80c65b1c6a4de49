// Budgets below the smallest reachable peak, planned with solver=chain (budget=1.5KB)
// on four training steps (an MLP, a conv net, an f16 checkpointed layer with
// layer_norm, softmax and dropout): the error is on the op at the smallest
// peak the solver reaches and names it; the notes say what fills that peak,
// the budget to use and why the solver cannot go lower.
// The checkpointed layer is not a chain of layers: the chain solver says so.
// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-autodiff -remat-rematerialize="solver=chain budget=1.5KB"

// a two-layer MLP at 10% of its unplanned peak
// expected-note @+2 {{at that point arguments take 48.1 KiB, values kept for later 32.1 KiB and this op's operands, results and scratch 48.0 KiB; use budget=131200 or more, or best-effort to plan to that peak}}
// expected-note @+1 {{the chain model (5 layers) needs at least 65536 bytes besides the 49216 bytes of arguments and constants; its least-memory schedule, replayed on the function, peaks at 131200 bytes (the chain model approximates the function's memory); use solver=greedy or solver=exact for a finer plan}}
func.func @mlp(%x: tensor<64x64xf32>, %w1: tensor<64x64xf32>, %w2: tensor<64x64xf32>) -> tensor<f32> {
  %h = remat.matmul %x, %w1 : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %a = remat.tanh %h : tensor<64x64xf32>
  %o = remat.matmul %a, %w2 : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  // expected-error @+1 {{remat-rematerialize: a budget of 1.46 KiB (1500 B) is infeasible for @mlp_grad: the smallest peak the chain solver reaches is 128 KiB (131200 B), here, in the backward pass of this op}}
  %t = remat.sigmoid %o : tensor<64x64xf32>
  %l = remat.reduce_mean %t dims [0, 1] : tensor<64x64xf32> -> tensor<f32>
  return %l : tensor<f32>
}
// -----
// a small conv net with pooling and a cross-entropy loss
// expected-note @+2 {{at that point arguments take 27.0 KiB, values kept for later 26.1 KiB and this op's operands, results and scratch 56.5 KiB; use budget=112192 or more, or best-effort to plan to that peak}}
// expected-note @+1 {{the chain model (5 layers) needs at least 69632 bytes besides the 27648 bytes of arguments and constants; its least-memory schedule, replayed on the function, peaks at 112192 bytes (the chain model approximates the function's memory); use solver=greedy or solver=exact for a finer plan}}
func.func @conv(%x: tensor<2x3x16x16xf32>, %w: tensor<8x3x3x3xf32>, %fc: tensor<512x10xf32>, %y: tensor<2xi32>) -> tensor<f32> {
  // expected-error @+1 {{remat-rematerialize: a budget of 1.46 KiB (1500 B) is infeasible for @conv_grad: the smallest peak the chain solver reaches is 110 KiB (112192 B), here, in the backward pass of this op}}
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
func.func @ln(%x: tensor<32x128xf16>, %w: tensor<128x128xf16>, %g: tensor<128xf16>) -> tensor<f32> {
  %y = remat.checkpoint policy <dots_saveable> -> tensor<32x128xf16> {
    %m = remat.matmul %x, %w : tensor<32x128xf16>, tensor<128x128xf16> -> tensor<32x128xf16>
    // expected-error @+1 {{remat-rematerialize: the chain solver found no plan for @ln_grad: the function is not a chain of layers: node 4 (remat.layer_norm) may not be kept for the backward pass (a checkpoint policy or a must_recompute mark), which the chain model does not express; use solver=greedy or solver=exact}}
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
// expected-note @+1 {{the chain model (5 layers) needs at least 28672 bytes besides the 24640 bytes of arguments and constants; its least-memory schedule, replayed on the function, peaks at 55424 bytes (the chain model approximates the function's memory); use solver=greedy or solver=exact for a finer plan}}
func.func @attn(%x: tensor<16x64xf32>, %w: tensor<64x64xf32>, %t: tensor<16x64xf32>, %seed: i64) -> tensor<f32> {
  // expected-error @+1 {{remat-rematerialize: a budget of 1.46 KiB (1500 B) is infeasible for @attn_grad: the smallest peak the chain solver reaches is 54.1 KiB (55424 B), here, in the backward pass of this op}}
  %m = remat.matmul %x, %w : tensor<16x64xf32>, tensor<64x64xf32> -> tensor<16x64xf32>
  %s = remat.softmax %m axis 1 : tensor<16x64xf32>
  %d = remat.dropout %s, %seed rate 0.1 : tensor<16x64xf32>
  %e = remat.exp %d : tensor<16x64xf32>
  %l = remat.mse %e, %t : tensor<16x64xf32> -> tensor<f32>
  return %l : tensor<f32>
}
