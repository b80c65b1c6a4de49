func.func @model(%x: tensor<8x16xf32>, %w: tensor<16x16xf32>, %ws: tensor<2x16x16xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <dots_saveable> -> tensor<8x16xf32> {
    %m = remat.matmul %x, %w : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
    %n = remat.name %m as "h" : tensor<8x16xf32>
    %g = remat.gelu %n tanh : tensor<8x16xf32>
    remat.yield %g : tensor<8x16xf32>
  }
  %h = remat.scan mode <nested 1> (%c = %y : tensor<8x16xf32>) over (%v = %ws : tensor<2x16x16xf32>) -> (tensor<8x16xf32>) {
    %a = remat.matmul %c, %v : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
    %t = remat.tanh %a : tensor<8x16xf32>
    remat.yield %t : tensor<8x16xf32>
  }
  %s = remat.softmax %h axis 1 : tensor<8x16xf32>
  %l = remat.reduce_mean %s dims [0, 1] : tensor<8x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}
