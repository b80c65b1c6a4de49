func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  %e = remat.exp %x : tensor<4xf32>
  %l = remat.reduce_sum %e dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
