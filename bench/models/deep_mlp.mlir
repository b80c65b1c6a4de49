// A deep MLP for measuring what rematerialization costs: 16 layers of the
// examples/mlp.mlir kind (matmul, scale, bias, layer_norm, tanh GELU) at
// width 256 over a batch of 2048, then a 10-way classification head with
// cross-entropy. Its activations (2 MiB each, several per layer)
// dominate the weights (256 KiB per layer), so the unconstrained peak
// grows with depth much faster than the recompute floor (the weights, their
// gradients and one layer's working set): budgets of 50% and 30% of the
// peak are feasible. bench/cpu_bench.py plans its training step at several
// budgets and times each plan. The scale 0.0625 ~ 1/sqrt(256) keeps
// pre-activations O(1) with the [-1, 1) weights remat-run fills in.
func.func @deep_mlp(%x: tensor<2048x256xf32>, %labels: tensor<2048xi32>, %w1: tensor<256x256xf32>, %b1: tensor<256xf32>, %w2: tensor<256x256xf32>, %b2: tensor<256xf32>, %w3: tensor<256x256xf32>, %b3: tensor<256xf32>, %w4: tensor<256x256xf32>, %b4: tensor<256xf32>, %w5: tensor<256x256xf32>, %b5: tensor<256xf32>, %w6: tensor<256x256xf32>, %b6: tensor<256xf32>, %w7: tensor<256x256xf32>, %b7: tensor<256xf32>, %w8: tensor<256x256xf32>, %b8: tensor<256xf32>, %w9: tensor<256x256xf32>, %b9: tensor<256xf32>, %w10: tensor<256x256xf32>, %b10: tensor<256xf32>, %w11: tensor<256x256xf32>, %b11: tensor<256xf32>, %w12: tensor<256x256xf32>, %b12: tensor<256xf32>, %w13: tensor<256x256xf32>, %b13: tensor<256xf32>, %w14: tensor<256x256xf32>, %b14: tensor<256xf32>, %w15: tensor<256x256xf32>, %b15: tensor<256xf32>, %w16: tensor<256x256xf32>, %b16: tensor<256xf32>, %wout: tensor<256x10xf32>, %bout: tensor<10xf32>) -> tensor<f32> {
  %m1 = remat.matmul %x, %w1 : tensor<2048x256xf32>, tensor<256x256xf32> -> tensor<2048x256xf32>
  %s1 = remat.scale %m1, 0.0625 : tensor<2048x256xf32>
  %c1 = remat.broadcast %b1 dims [1] : tensor<256xf32> -> tensor<2048x256xf32>
  %a1 = remat.add %s1, %c1 : tensor<2048x256xf32>
  %n1 = remat.layer_norm %a1 axes [1] eps 1.0e-05 : tensor<2048x256xf32>
  %h1 = remat.gelu %n1 tanh : tensor<2048x256xf32>
  %m2 = remat.matmul %h1, %w2 : tensor<2048x256xf32>, tensor<256x256xf32> -> tensor<2048x256xf32>
  %s2 = remat.scale %m2, 0.0625 : tensor<2048x256xf32>
  %c2 = remat.broadcast %b2 dims [1] : tensor<256xf32> -> tensor<2048x256xf32>
  %a2 = remat.add %s2, %c2 : tensor<2048x256xf32>
  %n2 = remat.layer_norm %a2 axes [1] eps 1.0e-05 : tensor<2048x256xf32>
  %h2 = remat.gelu %n2 tanh : tensor<2048x256xf32>
  %m3 = remat.matmul %h2, %w3 : tensor<2048x256xf32>, tensor<256x256xf32> -> tensor<2048x256xf32>
  %s3 = remat.scale %m3, 0.0625 : tensor<2048x256xf32>
  %c3 = remat.broadcast %b3 dims [1] : tensor<256xf32> -> tensor<2048x256xf32>
  %a3 = remat.add %s3, %c3 : tensor<2048x256xf32>
  %n3 = remat.layer_norm %a3 axes [1] eps 1.0e-05 : tensor<2048x256xf32>
  %h3 = remat.gelu %n3 tanh : tensor<2048x256xf32>
  %m4 = remat.matmul %h3, %w4 : tensor<2048x256xf32>, tensor<256x256xf32> -> tensor<2048x256xf32>
  %s4 = remat.scale %m4, 0.0625 : tensor<2048x256xf32>
  %c4 = remat.broadcast %b4 dims [1] : tensor<256xf32> -> tensor<2048x256xf32>
  %a4 = remat.add %s4, %c4 : tensor<2048x256xf32>
  %n4 = remat.layer_norm %a4 axes [1] eps 1.0e-05 : tensor<2048x256xf32>
  %h4 = remat.gelu %n4 tanh : tensor<2048x256xf32>
  %m5 = remat.matmul %h4, %w5 : tensor<2048x256xf32>, tensor<256x256xf32> -> tensor<2048x256xf32>
  %s5 = remat.scale %m5, 0.0625 : tensor<2048x256xf32>
  %c5 = remat.broadcast %b5 dims [1] : tensor<256xf32> -> tensor<2048x256xf32>
  %a5 = remat.add %s5, %c5 : tensor<2048x256xf32>
  %n5 = remat.layer_norm %a5 axes [1] eps 1.0e-05 : tensor<2048x256xf32>
  %h5 = remat.gelu %n5 tanh : tensor<2048x256xf32>
  %m6 = remat.matmul %h5, %w6 : tensor<2048x256xf32>, tensor<256x256xf32> -> tensor<2048x256xf32>
  %s6 = remat.scale %m6, 0.0625 : tensor<2048x256xf32>
  %c6 = remat.broadcast %b6 dims [1] : tensor<256xf32> -> tensor<2048x256xf32>
  %a6 = remat.add %s6, %c6 : tensor<2048x256xf32>
  %n6 = remat.layer_norm %a6 axes [1] eps 1.0e-05 : tensor<2048x256xf32>
  %h6 = remat.gelu %n6 tanh : tensor<2048x256xf32>
  %m7 = remat.matmul %h6, %w7 : tensor<2048x256xf32>, tensor<256x256xf32> -> tensor<2048x256xf32>
  %s7 = remat.scale %m7, 0.0625 : tensor<2048x256xf32>
  %c7 = remat.broadcast %b7 dims [1] : tensor<256xf32> -> tensor<2048x256xf32>
  %a7 = remat.add %s7, %c7 : tensor<2048x256xf32>
  %n7 = remat.layer_norm %a7 axes [1] eps 1.0e-05 : tensor<2048x256xf32>
  %h7 = remat.gelu %n7 tanh : tensor<2048x256xf32>
  %m8 = remat.matmul %h7, %w8 : tensor<2048x256xf32>, tensor<256x256xf32> -> tensor<2048x256xf32>
  %s8 = remat.scale %m8, 0.0625 : tensor<2048x256xf32>
  %c8 = remat.broadcast %b8 dims [1] : tensor<256xf32> -> tensor<2048x256xf32>
  %a8 = remat.add %s8, %c8 : tensor<2048x256xf32>
  %n8 = remat.layer_norm %a8 axes [1] eps 1.0e-05 : tensor<2048x256xf32>
  %h8 = remat.gelu %n8 tanh : tensor<2048x256xf32>
  %m9 = remat.matmul %h8, %w9 : tensor<2048x256xf32>, tensor<256x256xf32> -> tensor<2048x256xf32>
  %s9 = remat.scale %m9, 0.0625 : tensor<2048x256xf32>
  %c9 = remat.broadcast %b9 dims [1] : tensor<256xf32> -> tensor<2048x256xf32>
  %a9 = remat.add %s9, %c9 : tensor<2048x256xf32>
  %n9 = remat.layer_norm %a9 axes [1] eps 1.0e-05 : tensor<2048x256xf32>
  %h9 = remat.gelu %n9 tanh : tensor<2048x256xf32>
  %m10 = remat.matmul %h9, %w10 : tensor<2048x256xf32>, tensor<256x256xf32> -> tensor<2048x256xf32>
  %s10 = remat.scale %m10, 0.0625 : tensor<2048x256xf32>
  %c10 = remat.broadcast %b10 dims [1] : tensor<256xf32> -> tensor<2048x256xf32>
  %a10 = remat.add %s10, %c10 : tensor<2048x256xf32>
  %n10 = remat.layer_norm %a10 axes [1] eps 1.0e-05 : tensor<2048x256xf32>
  %h10 = remat.gelu %n10 tanh : tensor<2048x256xf32>
  %m11 = remat.matmul %h10, %w11 : tensor<2048x256xf32>, tensor<256x256xf32> -> tensor<2048x256xf32>
  %s11 = remat.scale %m11, 0.0625 : tensor<2048x256xf32>
  %c11 = remat.broadcast %b11 dims [1] : tensor<256xf32> -> tensor<2048x256xf32>
  %a11 = remat.add %s11, %c11 : tensor<2048x256xf32>
  %n11 = remat.layer_norm %a11 axes [1] eps 1.0e-05 : tensor<2048x256xf32>
  %h11 = remat.gelu %n11 tanh : tensor<2048x256xf32>
  %m12 = remat.matmul %h11, %w12 : tensor<2048x256xf32>, tensor<256x256xf32> -> tensor<2048x256xf32>
  %s12 = remat.scale %m12, 0.0625 : tensor<2048x256xf32>
  %c12 = remat.broadcast %b12 dims [1] : tensor<256xf32> -> tensor<2048x256xf32>
  %a12 = remat.add %s12, %c12 : tensor<2048x256xf32>
  %n12 = remat.layer_norm %a12 axes [1] eps 1.0e-05 : tensor<2048x256xf32>
  %h12 = remat.gelu %n12 tanh : tensor<2048x256xf32>
  %m13 = remat.matmul %h12, %w13 : tensor<2048x256xf32>, tensor<256x256xf32> -> tensor<2048x256xf32>
  %s13 = remat.scale %m13, 0.0625 : tensor<2048x256xf32>
  %c13 = remat.broadcast %b13 dims [1] : tensor<256xf32> -> tensor<2048x256xf32>
  %a13 = remat.add %s13, %c13 : tensor<2048x256xf32>
  %n13 = remat.layer_norm %a13 axes [1] eps 1.0e-05 : tensor<2048x256xf32>
  %h13 = remat.gelu %n13 tanh : tensor<2048x256xf32>
  %m14 = remat.matmul %h13, %w14 : tensor<2048x256xf32>, tensor<256x256xf32> -> tensor<2048x256xf32>
  %s14 = remat.scale %m14, 0.0625 : tensor<2048x256xf32>
  %c14 = remat.broadcast %b14 dims [1] : tensor<256xf32> -> tensor<2048x256xf32>
  %a14 = remat.add %s14, %c14 : tensor<2048x256xf32>
  %n14 = remat.layer_norm %a14 axes [1] eps 1.0e-05 : tensor<2048x256xf32>
  %h14 = remat.gelu %n14 tanh : tensor<2048x256xf32>
  %m15 = remat.matmul %h14, %w15 : tensor<2048x256xf32>, tensor<256x256xf32> -> tensor<2048x256xf32>
  %s15 = remat.scale %m15, 0.0625 : tensor<2048x256xf32>
  %c15 = remat.broadcast %b15 dims [1] : tensor<256xf32> -> tensor<2048x256xf32>
  %a15 = remat.add %s15, %c15 : tensor<2048x256xf32>
  %n15 = remat.layer_norm %a15 axes [1] eps 1.0e-05 : tensor<2048x256xf32>
  %h15 = remat.gelu %n15 tanh : tensor<2048x256xf32>
  %m16 = remat.matmul %h15, %w16 : tensor<2048x256xf32>, tensor<256x256xf32> -> tensor<2048x256xf32>
  %s16 = remat.scale %m16, 0.0625 : tensor<2048x256xf32>
  %c16 = remat.broadcast %b16 dims [1] : tensor<256xf32> -> tensor<2048x256xf32>
  %a16 = remat.add %s16, %c16 : tensor<2048x256xf32>
  %n16 = remat.layer_norm %a16 axes [1] eps 1.0e-05 : tensor<2048x256xf32>
  %h16 = remat.gelu %n16 tanh : tensor<2048x256xf32>
  %mo = remat.matmul %h16, %wout : tensor<2048x256xf32>, tensor<256x10xf32> -> tensor<2048x10xf32>
  %so = remat.scale %mo, 0.0625 : tensor<2048x10xf32>
  %co = remat.broadcast %bout dims [1] : tensor<10xf32> -> tensor<2048x10xf32>
  %logits = remat.add %so, %co : tensor<2048x10xf32>
  %loss = remat.cross_entropy %logits, %labels : tensor<2048x10xf32>, tensor<2048xi32> -> tensor<f32>
  return %loss : tensor<f32>
}
