// A function whose name PTX cannot spell (remat-run renames a user @tanh
// to this): ptxas.test lowers it and assembles its kernel.
func.func @"remat.user.tanh"(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = remat.tanh %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
