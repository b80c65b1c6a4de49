// A three-layer MLP classifier: the forward pass and its loss. The main job
// (scripts/demo.sh) differentiates it, plans its training step under a budget
// and runs it. With a batch of 1024, activations (2 MiB each) dominate the
// weights (1.5 MiB), as in training with large batches.
//
//   h_i    = gelu(layer_norm(scale_i * h_{i-1} W_i + b_i)), i = 1..3
//   logits = h_3 W_4 + b_4;  loss = cross_entropy(logits, labels)
//
// The scales (1/sqrt(fan-in)) keep pre-activations O(1) with the [-1, 1)
// weights remat-run fills in.
func.func @mlp(%x: tensor<1024x256xf32>, %labels: tensor<1024xi32>,
               %w1: tensor<256x512xf32>, %b1: tensor<512xf32>,
               %w2: tensor<512x512xf32>, %b2: tensor<512xf32>,
               %w3: tensor<512x256xf32>, %b3: tensor<256xf32>,
               %w4: tensor<256x10xf32>, %b4: tensor<10xf32>) -> tensor<f32> {
  %m1 = remat.matmul %x, %w1 : tensor<1024x256xf32>, tensor<256x512xf32> -> tensor<1024x512xf32>
  %s1 = remat.scale %m1, 0.0625 : tensor<1024x512xf32>
  %c1 = remat.broadcast %b1 dims [1] : tensor<512xf32> -> tensor<1024x512xf32>
  %a1 = remat.add %s1, %c1 : tensor<1024x512xf32>
  %n1 = remat.layer_norm %a1 axes [1] eps 1.0e-05 : tensor<1024x512xf32>
  %h1 = remat.gelu %n1 tanh : tensor<1024x512xf32>
  %m2 = remat.matmul %h1, %w2 : tensor<1024x512xf32>, tensor<512x512xf32> -> tensor<1024x512xf32>
  %s2 = remat.scale %m2, 0.044 : tensor<1024x512xf32>
  %c2 = remat.broadcast %b2 dims [1] : tensor<512xf32> -> tensor<1024x512xf32>
  %a2 = remat.add %s2, %c2 : tensor<1024x512xf32>
  %n2 = remat.layer_norm %a2 axes [1] eps 1.0e-05 : tensor<1024x512xf32>
  %h2 = remat.gelu %n2 tanh : tensor<1024x512xf32>
  %m3 = remat.matmul %h2, %w3 : tensor<1024x512xf32>, tensor<512x256xf32> -> tensor<1024x256xf32>
  %s3 = remat.scale %m3, 0.044 : tensor<1024x256xf32>
  %c3 = remat.broadcast %b3 dims [1] : tensor<256xf32> -> tensor<1024x256xf32>
  %a3 = remat.add %s3, %c3 : tensor<1024x256xf32>
  %n3 = remat.layer_norm %a3 axes [1] eps 1.0e-05 : tensor<1024x256xf32>
  %h3 = remat.gelu %n3 tanh : tensor<1024x256xf32>
  %m4 = remat.matmul %h3, %w4 : tensor<1024x256xf32>, tensor<256x10xf32> -> tensor<1024x10xf32>
  %s4 = remat.scale %m4, 0.0625 : tensor<1024x10xf32>
  %c4 = remat.broadcast %b4 dims [1] : tensor<10xf32> -> tensor<1024x10xf32>
  %logits = remat.add %s4, %c4 : tensor<1024x10xf32>
  %loss = remat.cross_entropy %logits, %labels : tensor<1024x10xf32>, tensor<1024xi32> -> tensor<f32>
  return %loss : tensor<f32>
}
