// Whole models against central finite differences: an MLP classifier and a
// small transformer block (single-head attention + MLP + layer_norm, residual
// connections, MSE loss). Sizes are small so that the f32 loss stays O(1) and
// finite differences resolve it; a 2e-2 step (1e-2 cannot resolve the small
// gradients of the attention projections in f32): pass when the directional
// and elementwise relative errors are <= 1e-2, over 8 random directions and
// 16 sampled coordinates per argument.
// RUN: remat-opt %s -remat-autodiff="functions=mlp" | remat-run --entry=mlp_grad --check-gradients --fd-epsilon=2e-2 --fd-samples=8 --fd-coordinates=16 | FileCheck %s --check-prefix=MLP
// RUN: remat-opt %s -remat-autodiff="functions=block" | remat-run --entry=block_grad --check-gradients --fd-epsilon=2e-2 --fd-samples=8 --fd-coordinates=16 | FileCheck %s --check-prefix=BLOCK

// MLP-COUNT-7: gradient check @mlp_grad wrt {{[0-9]+}}: PASSED
// MLP-NOT: FAIL
func.func @mlp(%x: tensor<8x16xf32>, %labels: tensor<8xi32>,
               %w1: tensor<16x32xf32>, %b1: tensor<32xf32>,
               %g: tensor<32xf32>, %beta: tensor<32xf32>,
               %w2: tensor<32x5xf32>, %b2: tensor<5xf32>) -> tensor<f32> {
  %h = remat.matmul %x, %w1 : tensor<8x16xf32>, tensor<16x32xf32> -> tensor<8x32xf32>
  %bb1 = remat.broadcast %b1 dims [1] : tensor<32xf32> -> tensor<8x32xf32>
  %h1 = remat.add %h, %bb1 : tensor<8x32xf32>
  %n = remat.layer_norm %h1 weight %g : tensor<32xf32> bias %beta : tensor<32xf32> axes [1] eps 1.0e-05 : tensor<8x32xf32>
  %a = remat.gelu %n tanh : tensor<8x32xf32>
  %o = remat.matmul %a, %w2 : tensor<8x32xf32>, tensor<32x5xf32> -> tensor<8x5xf32>
  %bb2 = remat.broadcast %b2 dims [1] : tensor<5xf32> -> tensor<8x5xf32>
  %logits = remat.add %o, %bb2 : tensor<8x5xf32>
  %loss = remat.cross_entropy %logits, %labels : tensor<8x5xf32>, tensor<8xi32> -> tensor<f32>
  return %loss : tensor<f32>
}

// BLOCK-COUNT-12: gradient check @block_grad wrt {{[0-9]+}}: PASSED
// BLOCK-NOT: FAIL
func.func @block(%x: tensor<8x16xf32>, %target: tensor<8x16xf32>,
                 %wq: tensor<16x16xf32>, %wk: tensor<16x16xf32>,
                 %wv: tensor<16x16xf32>, %wo: tensor<16x16xf32>,
                 %g: tensor<16xf32>, %beta: tensor<16xf32>,
                 %w1: tensor<16x32xf32>, %b1: tensor<32xf32>,
                 %w2: tensor<32x16xf32>, %b2: tensor<16xf32>) -> tensor<f32> {
  // Attention.
  // Weights are drawn from [-1, 1): scale the projections by 1/sqrt(16), as
  // an initialization would, so that the softmax does not saturate.
  %q0 = remat.matmul %x, %wq : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %q = remat.scale %q0, 0.25 : tensor<8x16xf32>
  %k0 = remat.matmul %x, %wk : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %k = remat.scale %k0, 0.25 : tensor<8x16xf32>
  %v0 = remat.matmul %x, %wv : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %v = remat.scale %v0, 0.25 : tensor<8x16xf32>
  %s = remat.matmul %q, %k transpose_b : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x8xf32>
  %ss = remat.scale %s, 0.25 : tensor<8x8xf32>
  %p = remat.softmax %ss axis 1 : tensor<8x8xf32>
  %att = remat.matmul %p, %v : tensor<8x8xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %o0 = remat.matmul %att, %wo : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %o = remat.scale %o0, 0.25 : tensor<8x16xf32>
  %h = remat.add %x, %o : tensor<8x16xf32>
  // MLP on the normalized residual stream.
  %n = remat.layer_norm %h weight %g : tensor<16xf32> bias %beta : tensor<16xf32> axes [1] eps 1.0e-05 : tensor<8x16xf32>
  %m0 = remat.matmul %n, %w1 : tensor<8x16xf32>, tensor<16x32xf32> -> tensor<8x32xf32>
  %m = remat.scale %m0, 0.25 : tensor<8x32xf32>
  %bb1 = remat.broadcast %b1 dims [1] : tensor<32xf32> -> tensor<8x32xf32>
  %m1 = remat.add %m, %bb1 : tensor<8x32xf32>
  %a = remat.gelu %m1 tanh : tensor<8x32xf32>
  %m20 = remat.matmul %a, %w2 : tensor<8x32xf32>, tensor<32x16xf32> -> tensor<8x16xf32>
  %m2 = remat.scale %m20, 0.18 : tensor<8x16xf32>
  %bb2 = remat.broadcast %b2 dims [1] : tensor<16xf32> -> tensor<8x16xf32>
  %m3 = remat.add %m2, %bb2 : tensor<8x16xf32>
  %y = remat.add %h, %m3 : tensor<8x16xf32>
  %loss = remat.mse %y, %target : tensor<8x16xf32> -> tensor<f32>
  return %loss : tensor<f32>
}
