// Two pre-norm transformer blocks (4 heads of 64, MLP 4x wide, GELU) over
// 4 sequences of 256 tokens (1024 rows of 256), then a 512-way classification
// head with cross-entropy. Attention is batched matmuls over [batch, heads].
// Scales of 1/sqrt(fan-in) keep activations O(1) with the [-1, 1) weights
// remat-run fills in.
func.func @transformer(%x: tensor<1024x256xf32>, %labels: tensor<1024xi32>, %b0_g1: tensor<256xf32>, %b0_e1: tensor<256xf32>, %b0_wq: tensor<256x256xf32>, %b0_wk: tensor<256x256xf32>, %b0_wv: tensor<256x256xf32>, %b0_wo: tensor<256x256xf32>, %b0_g2: tensor<256xf32>, %b0_e2: tensor<256xf32>, %b0_w1: tensor<256x1024xf32>, %b0_bb1: tensor<1024xf32>, %b0_w2: tensor<1024x256xf32>, %b0_bb2: tensor<256xf32>, %b1_g1: tensor<256xf32>, %b1_e1: tensor<256xf32>, %b1_wq: tensor<256x256xf32>, %b1_wk: tensor<256x256xf32>, %b1_wv: tensor<256x256xf32>, %b1_wo: tensor<256x256xf32>, %b1_g2: tensor<256xf32>, %b1_e2: tensor<256xf32>, %b1_w1: tensor<256x1024xf32>, %b1_bb1: tensor<1024xf32>, %b1_w2: tensor<1024x256xf32>, %b1_bb2: tensor<256xf32>, %wout: tensor<256x512xf32>) -> tensor<f32> {
  %b0_n1 = remat.layer_norm %x weight %b0_g1 : tensor<256xf32> bias %b0_e1 : tensor<256xf32> axes [1] eps 1.0e-05 : tensor<1024x256xf32>
  %b0_q0 = remat.matmul %b0_n1, %b0_wq : tensor<1024x256xf32>, tensor<256x256xf32> -> tensor<1024x256xf32>
  %b0_q1 = remat.scale %b0_q0, 0.0625 : tensor<1024x256xf32>
  %b0_q2 = remat.reshape %b0_q1 : tensor<1024x256xf32> -> tensor<4x256x4x64xf32>
  %b0_q = remat.transpose %b0_q2 perm [0, 2, 1, 3] : tensor<4x256x4x64xf32> -> tensor<4x4x256x64xf32>
  %b0_k0 = remat.matmul %b0_n1, %b0_wk : tensor<1024x256xf32>, tensor<256x256xf32> -> tensor<1024x256xf32>
  %b0_k1 = remat.scale %b0_k0, 0.0625 : tensor<1024x256xf32>
  %b0_k2 = remat.reshape %b0_k1 : tensor<1024x256xf32> -> tensor<4x256x4x64xf32>
  %b0_k = remat.transpose %b0_k2 perm [0, 2, 1, 3] : tensor<4x256x4x64xf32> -> tensor<4x4x256x64xf32>
  %b0_v0 = remat.matmul %b0_n1, %b0_wv : tensor<1024x256xf32>, tensor<256x256xf32> -> tensor<1024x256xf32>
  %b0_v1 = remat.scale %b0_v0, 0.0625 : tensor<1024x256xf32>
  %b0_v2 = remat.reshape %b0_v1 : tensor<1024x256xf32> -> tensor<4x256x4x64xf32>
  %b0_v = remat.transpose %b0_v2 perm [0, 2, 1, 3] : tensor<4x256x4x64xf32> -> tensor<4x4x256x64xf32>
  %b0_s0 = remat.matmul %b0_q, %b0_k transpose_b : tensor<4x4x256x64xf32>, tensor<4x4x256x64xf32> -> tensor<4x4x256x256xf32>
  %b0_s = remat.scale %b0_s0, 0.125 : tensor<4x4x256x256xf32>
  %b0_p = remat.softmax %b0_s axis 3 : tensor<4x4x256x256xf32>
  %b0_a0 = remat.matmul %b0_p, %b0_v : tensor<4x4x256x256xf32>, tensor<4x4x256x64xf32> -> tensor<4x4x256x64xf32>
  %b0_a1 = remat.transpose %b0_a0 perm [0, 2, 1, 3] : tensor<4x4x256x64xf32> -> tensor<4x256x4x64xf32>
  %b0_a = remat.reshape %b0_a1 : tensor<4x256x4x64xf32> -> tensor<1024x256xf32>
  %b0_o0 = remat.matmul %b0_a, %b0_wo : tensor<1024x256xf32>, tensor<256x256xf32> -> tensor<1024x256xf32>
  %b0_o = remat.scale %b0_o0, 0.0625 : tensor<1024x256xf32>
  %b0_h = remat.add %x, %b0_o : tensor<1024x256xf32>
  %b0_n2 = remat.layer_norm %b0_h weight %b0_g2 : tensor<256xf32> bias %b0_e2 : tensor<256xf32> axes [1] eps 1.0e-05 : tensor<1024x256xf32>
  %b0_m0 = remat.matmul %b0_n2, %b0_w1 : tensor<1024x256xf32>, tensor<256x1024xf32> -> tensor<1024x1024xf32>
  %b0_m1 = remat.scale %b0_m0, 0.0625 : tensor<1024x1024xf32>
  %b0_c1 = remat.broadcast %b0_bb1 dims [1] : tensor<1024xf32> -> tensor<1024x1024xf32>
  %b0_m2 = remat.add %b0_m1, %b0_c1 : tensor<1024x1024xf32>
  %b0_m3 = remat.gelu %b0_m2 tanh : tensor<1024x1024xf32>
  %b0_m4 = remat.matmul %b0_m3, %b0_w2 : tensor<1024x1024xf32>, tensor<1024x256xf32> -> tensor<1024x256xf32>
  %b0_m5 = remat.scale %b0_m4, 0.03125 : tensor<1024x256xf32>
  %b0_c2 = remat.broadcast %b0_bb2 dims [1] : tensor<256xf32> -> tensor<1024x256xf32>
  %b0_m6 = remat.add %b0_m5, %b0_c2 : tensor<1024x256xf32>
  %b0_y = remat.add %b0_h, %b0_m6 : tensor<1024x256xf32>
  %b1_n1 = remat.layer_norm %b0_y weight %b1_g1 : tensor<256xf32> bias %b1_e1 : tensor<256xf32> axes [1] eps 1.0e-05 : tensor<1024x256xf32>
  %b1_q0 = remat.matmul %b1_n1, %b1_wq : tensor<1024x256xf32>, tensor<256x256xf32> -> tensor<1024x256xf32>
  %b1_q1 = remat.scale %b1_q0, 0.0625 : tensor<1024x256xf32>
  %b1_q2 = remat.reshape %b1_q1 : tensor<1024x256xf32> -> tensor<4x256x4x64xf32>
  %b1_q = remat.transpose %b1_q2 perm [0, 2, 1, 3] : tensor<4x256x4x64xf32> -> tensor<4x4x256x64xf32>
  %b1_k0 = remat.matmul %b1_n1, %b1_wk : tensor<1024x256xf32>, tensor<256x256xf32> -> tensor<1024x256xf32>
  %b1_k1 = remat.scale %b1_k0, 0.0625 : tensor<1024x256xf32>
  %b1_k2 = remat.reshape %b1_k1 : tensor<1024x256xf32> -> tensor<4x256x4x64xf32>
  %b1_k = remat.transpose %b1_k2 perm [0, 2, 1, 3] : tensor<4x256x4x64xf32> -> tensor<4x4x256x64xf32>
  %b1_v0 = remat.matmul %b1_n1, %b1_wv : tensor<1024x256xf32>, tensor<256x256xf32> -> tensor<1024x256xf32>
  %b1_v1 = remat.scale %b1_v0, 0.0625 : tensor<1024x256xf32>
  %b1_v2 = remat.reshape %b1_v1 : tensor<1024x256xf32> -> tensor<4x256x4x64xf32>
  %b1_v = remat.transpose %b1_v2 perm [0, 2, 1, 3] : tensor<4x256x4x64xf32> -> tensor<4x4x256x64xf32>
  %b1_s0 = remat.matmul %b1_q, %b1_k transpose_b : tensor<4x4x256x64xf32>, tensor<4x4x256x64xf32> -> tensor<4x4x256x256xf32>
  %b1_s = remat.scale %b1_s0, 0.125 : tensor<4x4x256x256xf32>
  %b1_p = remat.softmax %b1_s axis 3 : tensor<4x4x256x256xf32>
  %b1_a0 = remat.matmul %b1_p, %b1_v : tensor<4x4x256x256xf32>, tensor<4x4x256x64xf32> -> tensor<4x4x256x64xf32>
  %b1_a1 = remat.transpose %b1_a0 perm [0, 2, 1, 3] : tensor<4x4x256x64xf32> -> tensor<4x256x4x64xf32>
  %b1_a = remat.reshape %b1_a1 : tensor<4x256x4x64xf32> -> tensor<1024x256xf32>
  %b1_o0 = remat.matmul %b1_a, %b1_wo : tensor<1024x256xf32>, tensor<256x256xf32> -> tensor<1024x256xf32>
  %b1_o = remat.scale %b1_o0, 0.0625 : tensor<1024x256xf32>
  %b1_h = remat.add %b0_y, %b1_o : tensor<1024x256xf32>
  %b1_n2 = remat.layer_norm %b1_h weight %b1_g2 : tensor<256xf32> bias %b1_e2 : tensor<256xf32> axes [1] eps 1.0e-05 : tensor<1024x256xf32>
  %b1_m0 = remat.matmul %b1_n2, %b1_w1 : tensor<1024x256xf32>, tensor<256x1024xf32> -> tensor<1024x1024xf32>
  %b1_m1 = remat.scale %b1_m0, 0.0625 : tensor<1024x1024xf32>
  %b1_c1 = remat.broadcast %b1_bb1 dims [1] : tensor<1024xf32> -> tensor<1024x1024xf32>
  %b1_m2 = remat.add %b1_m1, %b1_c1 : tensor<1024x1024xf32>
  %b1_m3 = remat.gelu %b1_m2 tanh : tensor<1024x1024xf32>
  %b1_m4 = remat.matmul %b1_m3, %b1_w2 : tensor<1024x1024xf32>, tensor<1024x256xf32> -> tensor<1024x256xf32>
  %b1_m5 = remat.scale %b1_m4, 0.03125 : tensor<1024x256xf32>
  %b1_c2 = remat.broadcast %b1_bb2 dims [1] : tensor<256xf32> -> tensor<1024x256xf32>
  %b1_m6 = remat.add %b1_m5, %b1_c2 : tensor<1024x256xf32>
  %b1_y = remat.add %b1_h, %b1_m6 : tensor<1024x256xf32>
  %nf = remat.layer_norm %b1_y axes [1] eps 1.0e-05 : tensor<1024x256xf32>
  %lg0 = remat.matmul %nf, %wout : tensor<1024x256xf32>, tensor<256x512xf32> -> tensor<1024x512xf32>
  %lg = remat.scale %lg0, 0.0625 : tensor<1024x512xf32>
  %loss = remat.cross_entropy %lg, %labels : tensor<1024x512xf32>, tensor<1024xi32> -> tensor<f32>
  return %loss : tensor<f32>
}
