// One small function, for tests of remat-run's output files.
func.func @exp(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = remat.exp %x : tensor<4x8xf32>
  return %e : tensor<4x8xf32>
}
