// An embedding gradient whose rows are one full tile (32 features): the
// input of indirect-loops.mlir's pipeline check.
func.func @embedding_rows(%i: tensor<2x5xi32>, %g: tensor<2x5x32xf32>) -> tensor<7x32xf32> {
  %0 = remat.embedding_grad %g, %i : tensor<2x5x32xf32>, tensor<2x5xi32> -> tensor<7x32xf32>
  return %0 : tensor<7x32xf32>
}
