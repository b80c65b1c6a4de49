// remat-tile-and-vectorize runs max_pool2d_grad over windows that tile the
// input (stride = kernel, no padding, f32) in the kernel of
// lib/Pipelines/CPU/PoolKernel.cpp: per window row, 16 windows' elements
// are one vector load split by shuffles, and the output row is the window
// positions interleaved back by a shuffle and stored as one vector; no
// gathers. A block of fewer than 16 windows reads and writes masked
// (in_bounds false). Padded or overlapping windows keep the vectorized
// linalg lowering.
// REQUIRES: host-x86-64
// RUN: remat-opt %s --pass-pipeline='builtin.module(remat-cpu-target{cpu=skylake-avx512}, convert-remat-to-linalg, func.func(remat-tile-and-vectorize))' | FileCheck %s

// CHECK-LABEL: func.func @tiled
// CHECK-NOT: vector.gather
// CHECK: %[[ROW:.*]] = vector.transfer_read %{{.*}} {in_bounds = [true]} : tensor<2x3x8x40xf32>, vector<32xf32>
// CHECK: vector.shuffle %[[ROW]], %[[ROW]] [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30]
// CHECK: vector.shuffle %[[ROW]], %[[ROW]] [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31]
// CHECK: vector.transfer_read %{{.*}} {in_bounds = [true]} : tensor<2x3x4x20xf32>, vector<16xf32>
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 16, 1, 17, 2, 18
// CHECK: vector.transfer_write %{{.*}} {in_bounds = [true]} : vector<32xf32>, tensor<2x3x8x40xf32>
// The last 4 windows of each row: masked.
// CHECK: vector.transfer_read %{{.*}}, %{{.*}} : tensor<2x3x8x40xf32>, vector<32xf32>
// CHECK: vector.transfer_write %{{.*}}, %{{.*}} : vector<32xf32>, tensor<2x3x8x40xf32>
// CHECK-NOT: vector.gather
// CHECK: return
func.func @tiled(%g: tensor<2x3x4x20xf32>, %x: tensor<2x3x8x40xf32>) -> tensor<2x3x8x40xf32> {
  %y = remat.max_pool2d_grad %g, %x kernel [2, 2] : tensor<2x3x4x20xf32>, tensor<2x3x8x40xf32>
  return %y : tensor<2x3x8x40xf32>
}

// CHECK-LABEL: func.func @padded
// CHECK-NOT: vector<32xf32>
// CHECK: return
func.func @padded(%g: tensor<1x4x5x6xf32>, %x: tensor<1x4x9x11xf32>) -> tensor<1x4x9x11xf32> {
  %y = remat.max_pool2d_grad %g, %x kernel [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<1x4x5x6xf32>, tensor<1x4x9x11xf32>
  return %y : tensor<1x4x9x11xf32>
}
