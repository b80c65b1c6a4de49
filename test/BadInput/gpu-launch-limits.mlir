// Shapes whose kernels a GPU cannot launch (remat-gpu-launch-limits): the
// grid tiles an op's first two parallel dimensions by 16 and spans its
// third, and a GPU launches at most 2^31 - 1 x 65,535 x 65,535 blocks. Each
// is an error at the op, not a launch failure on the device.
// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-lower-gpu

// A third dimension past 65,535.
func.func @deep(%a: tensor<16x16x70000xf32>, %b: tensor<16x16x70000xf32>) -> tensor<16x16x70000xf32> {
  // expected-error @+1 {{remat-lower-gpu: this op's kernel needs a grid of 1 x 1 x 70000 blocks, more than a GPU launches (at most 2147483647 x 65535 x 65535); the grid tiles the op's first two parallel dimensions by 16 and spans its third, so the second may have at most 1048560 elements and the third 65535: reshape the tensors so that the largest dimension comes first}}
  %c = remat.add %a, %b : tensor<16x16x70000xf32>
  return %c : tensor<16x16x70000xf32>
}

// -----

// A second dimension past 65,535 tiles of 16.
func.func @wide(%a: tensor<4x2000000xf32>) -> tensor<4x2000000xf32> {
  // expected-error @+1 {{needs a grid of 1 x 125000 x 1 blocks}}
  %c = remat.exp %a : tensor<4x2000000xf32>
  return %c : tensor<4x2000000xf32>
}

// -----

// The largest dimension first is accepted.
func.func @tall(%a: tensor<2000000x4xf32>) -> tensor<2000000x4xf32> {
  %c = remat.exp %a : tensor<2000000x4xf32>
  return %c : tensor<2000000x4xf32>
}
