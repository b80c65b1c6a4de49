// A two-layer MLP classifier: the forward pass and its loss. The main job
// (scripts/demo.sh) takes it through remat's pipeline.
//
//   logits = W2 . gelu(layer_norm(x W1 + b1)) + b2
//   loss   = cross_entropy(logits, labels)
func.func @mlp(%x: tensor<64x256xf32>, %labels: tensor<64xi32>,
               %w1: tensor<256x1024xf32>, %b1: tensor<1024xf32>,
               %g: tensor<1024xf32>, %beta: tensor<1024xf32>,
               %w2: tensor<1024x10xf32>, %b2: tensor<10xf32>) -> tensor<f32> {
  %h = remat.matmul %x, %w1 : tensor<64x256xf32>, tensor<256x1024xf32> -> tensor<64x1024xf32>
  %bb1 = remat.broadcast %b1 dims [1] : tensor<1024xf32> -> tensor<64x1024xf32>
  %h1 = remat.add %h, %bb1 : tensor<64x1024xf32>
  %n = remat.layer_norm %h1 weight %g : tensor<1024xf32> bias %beta : tensor<1024xf32> axes [1] eps 1.0e-05 : tensor<64x1024xf32>
  %a = remat.gelu %n tanh : tensor<64x1024xf32>
  %o = remat.matmul %a, %w2 : tensor<64x1024xf32>, tensor<1024x10xf32> -> tensor<64x10xf32>
  %bb2 = remat.broadcast %b2 dims [1] : tensor<10xf32> -> tensor<64x10xf32>
  %logits = remat.add %o, %bb2 : tensor<64x10xf32>
  %loss = remat.cross_entropy %logits, %labels : tensor<64x10xf32>, tensor<64xi32> -> tensor<f32>
  return %loss : tensor<f32>
}
