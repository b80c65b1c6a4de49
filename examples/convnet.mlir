// A small residual CNN on 32x32 RGB images: conv-bn-relu, a residual
// conv-bn-relu pair, max pooling, a wider strided conv, average pooling and
// a linear classifier with cross-entropy. Scales of 1/sqrt(fan-in) keep
// activations O(1) with the [-1, 1) weights remat-run fills in.
func.func @convnet(%x: tensor<16x3x32x32xf32>, %labels: tensor<16xi32>,
                   %k1: tensor<16x3x3x3xf32>, %g1: tensor<16xf32>, %e1: tensor<16xf32>,
                   %k2: tensor<16x16x3x3xf32>, %g2: tensor<16xf32>, %e2: tensor<16xf32>,
                   %k3: tensor<32x16x3x3xf32>, %g3: tensor<32xf32>, %e3: tensor<32xf32>,
                   %wfc: tensor<512x10xf32>) -> tensor<f32> {
  %c1 = remat.conv2d %x, %k1 padding [1, 1, 1, 1] : tensor<16x3x32x32xf32>, tensor<16x3x3x3xf32> -> tensor<16x16x32x32xf32>
  %n1, %m1, %v1 = remat.batch_norm %c1, %g1, %e1 eps 1.0e-05 : tensor<16x16x32x32xf32>, tensor<16xf32>, tensor<16xf32>
  %r1 = remat.relu %n1 : tensor<16x16x32x32xf32>
  %c2 = remat.conv2d %r1, %k2 padding [1, 1, 1, 1] : tensor<16x16x32x32xf32>, tensor<16x16x3x3xf32> -> tensor<16x16x32x32xf32>
  %n2, %m2, %v2 = remat.batch_norm %c2, %g2, %e2 eps 1.0e-05 : tensor<16x16x32x32xf32>, tensor<16xf32>, tensor<16xf32>
  %s2 = remat.add %n2, %r1 : tensor<16x16x32x32xf32>
  %r2 = remat.relu %s2 : tensor<16x16x32x32xf32>
  %p2 = remat.max_pool2d %r2 kernel [2, 2] : tensor<16x16x32x32xf32> -> tensor<16x16x16x16xf32>
  %c3 = remat.conv2d %p2, %k3 strides [2, 2] padding [1, 1, 1, 1] : tensor<16x16x16x16xf32>, tensor<32x16x3x3xf32> -> tensor<16x32x8x8xf32>
  %n3, %m3, %v3 = remat.batch_norm %c3, %g3, %e3 eps 1.0e-05 : tensor<16x32x8x8xf32>, tensor<32xf32>, tensor<32xf32>
  %r3 = remat.relu %n3 : tensor<16x32x8x8xf32>
  %p3 = remat.avg_pool2d %r3 kernel [2, 2] : tensor<16x32x8x8xf32> -> tensor<16x32x4x4xf32>
  %f = remat.reshape %p3 : tensor<16x32x4x4xf32> -> tensor<16x512xf32>
  %lg0 = remat.matmul %f, %wfc : tensor<16x512xf32>, tensor<512x10xf32> -> tensor<16x10xf32>
  %lg = remat.scale %lg0, 0.044 : tensor<16x10xf32>
  %loss = remat.cross_entropy %lg, %labels : tensor<16x10xf32>, tensor<16xi32> -> tensor<f32>
  return %loss : tensor<f32>
}
