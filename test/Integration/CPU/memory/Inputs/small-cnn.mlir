// A CNN small enough that one-vector tensors (batch-norm statistics, the
// 2x10 logits) matter: conv-bn-relu, a residual pair, max pooling, a strided
// conv, a linear classifier and cross-entropy. Used by small-cnn*.test.
func.func @tiny(%x: tensor<2x3x8x8xf32>, %labels: tensor<2xi32>,
                   %k1: tensor<4x3x3x3xf32>, %g1: tensor<4xf32>, %e1: tensor<4xf32>,
                   %k2: tensor<4x4x3x3xf32>, %g2: tensor<4xf32>, %e2: tensor<4xf32>,
                   %k3: tensor<8x4x3x3xf32>, %g3: tensor<8xf32>, %e3: tensor<8xf32>,
                   %wfc: tensor<32x10xf32>) -> tensor<f32> {
  %c1 = remat.conv2d %x, %k1 padding [1, 1, 1, 1] : tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<2x4x8x8xf32>
  %n1, %m1, %v1 = remat.batch_norm %c1, %g1, %e1 eps 1.0e-05 : tensor<2x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>
  %r1 = remat.relu %n1 : tensor<2x4x8x8xf32>
  %c2 = remat.conv2d %r1, %k2 padding [1, 1, 1, 1] : tensor<2x4x8x8xf32>, tensor<4x4x3x3xf32> -> tensor<2x4x8x8xf32>
  %n2, %m2, %v2 = remat.batch_norm %c2, %g2, %e2 eps 1.0e-05 : tensor<2x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>
  %s2 = remat.add %n2, %r1 : tensor<2x4x8x8xf32>
  %r2 = remat.relu %s2 : tensor<2x4x8x8xf32>
  %p2 = remat.max_pool2d %r2 kernel [2, 2] : tensor<2x4x8x8xf32> -> tensor<2x4x4x4xf32>
  %c3 = remat.conv2d %p2, %k3 strides [2, 2] padding [1, 1, 1, 1] : tensor<2x4x4x4xf32>, tensor<8x4x3x3xf32> -> tensor<2x8x2x2xf32>
  %n3, %m3, %v3 = remat.batch_norm %c3, %g3, %e3 eps 1.0e-05 : tensor<2x8x2x2xf32>, tensor<8xf32>, tensor<8xf32>
  %r3 = remat.relu %n3 : tensor<2x8x2x2xf32>
  %f = remat.reshape %r3 : tensor<2x8x2x2xf32> -> tensor<2x32xf32>
  %lg = remat.matmul %f, %wfc : tensor<2x32xf32>, tensor<32x10xf32> -> tensor<2x10xf32>
  %loss = remat.cross_entropy %lg, %labels : tensor<2x10xf32>, tensor<2xi32> -> tensor<f32>
  return %loss : tensor<f32>
}
