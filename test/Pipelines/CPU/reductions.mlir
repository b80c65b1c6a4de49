// remat-tile-and-vectorize lets float sums of a vector reassociate
// (vector.reduction fastmath<reassoc>): a tree of log2(lanes) adds instead
// of a chain of one add per lane; the tree is fixed by the vector length,
// so every evaluation of an op rounds the same way.
// RUN: remat-opt %s --pass-pipeline='builtin.module(convert-remat-to-linalg, func.func(remat-tile-and-vectorize))' | FileCheck %s

// CHECK-LABEL: func.func @row_sum
// CHECK: vector.reduction <add>, %{{.*}} fastmath<reassoc> : vector<64xf32> into f32
// CHECK-NOT: vector.reduction <add>, %{{[^ ]*}}, %{{[^ ]*}} : vector
// CHECK: return
func.func @row_sum(%x: tensor<8x256xf32>) -> tensor<8xf32> {
  %s = remat.reduce_sum %x dims [1] : tensor<8x256xf32> -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// Maxima are exact in any order: left as they are.
// CHECK-LABEL: func.func @row_max
// CHECK: vector.reduction <maximumf>
// CHECK-NOT: fastmath<reassoc>
// CHECK: return
func.func @row_max(%x: tensor<8x256xf32>) -> tensor<8xf32> {
  %s = remat.reduce_max %x dims [1] : tensor<8x256xf32> -> tensor<8xf32>
  return %s : tensor<8xf32>
}
