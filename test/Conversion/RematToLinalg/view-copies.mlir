// Views stay views (collapse/expand_shape, extract_slice), except where
// bufferization would have to copy them behind the plan's back: a returned
// slice, a returned view of an argument and a reshape of a slice are copied
// (a linalg.generic into a new tensor) where they are. The planner counts
// those copies as new values (remat-rematerialize).
// RUN: remat-opt %s -split-input-file -convert-remat-to-linalg | FileCheck %s

// A reshape of a computed value, returned, and a slice read by another op
// are views.
// CHECK-LABEL: func.func @views
func.func @views(%x: tensor<4x8xf32>) -> (tensor<32xf32>, tensor<4x4xf32>) {
  // CHECK: %[[E:.*]] = linalg.generic
  // CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[E]]
  // CHECK: %[[S:.*]] = tensor.extract_slice %[[E]][0, 2] [4, 4] [1, 1]
  // CHECK: %[[T:.*]] = linalg.generic {{.*}}ins(%[[S]] : tensor<4x4xf32>)
  // CHECK: return %[[FLAT]], %[[T]]
  %e = remat.exp %x : tensor<4x8xf32>
  %r = remat.reshape %e : tensor<4x8xf32> -> tensor<32xf32>
  %s = remat.slice %e start [0, 2] limit [4, 6] : tensor<4x8xf32> -> tensor<4x4xf32>
  %t = remat.tanh %s : tensor<4x4xf32>
  return %r, %t : tensor<32xf32>, tensor<4x4xf32>
}

// -----

// A returned slice is copied.
// CHECK-LABEL: func.func @returned_slice
func.func @returned_slice(%x: tensor<4x8xf32>) -> tensor<2x3xf32> {
  // CHECK: %[[S:.*]] = tensor.extract_slice %{{.*}}[1, 0] [2, 3] [2, 3]
  // CHECK: %[[C:.*]] = linalg.generic {{.*}}ins(%[[S]] : tensor<2x3xf32>) outs(%{{.*}} : tensor<2x3xf32>)
  // CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
  // CHECK-NEXT: linalg.yield %[[IN]] : f32
  // CHECK: return %[[C]]
  %e = remat.exp %x : tensor<4x8xf32>
  %s = remat.slice %e start [1, 0] limit [4, 8] strides [2, 3] : tensor<4x8xf32> -> tensor<2x3xf32>
  return %s : tensor<2x3xf32>
}

// -----

// A returned view of an argument is copied, whatever view it is.
// CHECK-LABEL: func.func @returned_argument_views
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>,
func.func @returned_argument_views(%x: tensor<4x8xf32>, %i: tensor<2x4xi32>)
    -> (tensor<32xf32>, tensor<4x8xf32>, tensor<8xi32>) {
  // CHECK: %[[C:.*]] = linalg.generic {{.*}}ins(%[[X]] : tensor<4x8xf32>)
  // CHECK: %[[R:.*]] = tensor.collapse_shape %[[C]]
  // CHECK: %[[N:.*]] = linalg.generic {{.*}}ins(%[[X]] : tensor<4x8xf32>)
  // CHECK: linalg.generic {{.*}}ins(%{{.*}} : tensor<2x4xi32>) outs(%{{.*}} : tensor<2x4xi32>)
  // CHECK: %[[I:.*]] = tensor.collapse_shape
  // CHECK: return %[[R]], %[[N]], %[[I]]
  %r = remat.reshape %x : tensor<4x8xf32> -> tensor<32xf32>
  %n = remat.name %x as "x" : tensor<4x8xf32>
  %j = remat.reshape %i : tensor<2x4xi32> -> tensor<8xi32>
  return %r, %n, %j : tensor<32xf32>, tensor<4x8xf32>, tensor<8xi32>
}

// -----

// A reshape of a (non-contiguous) slice copies the slice first; the reshape
// of the copy is a view.
// CHECK-LABEL: func.func @reshape_of_slice
func.func @reshape_of_slice(%x: tensor<4x8xf32>) -> tensor<8xf32> {
  // CHECK: %[[S:.*]] = tensor.extract_slice
  // CHECK: %[[C:.*]] = linalg.generic {{.*}}ins(%[[S]] : tensor<4x2xf32>)
  // CHECK: %[[R:.*]] = tensor.collapse_shape %[[C]]
  // CHECK: linalg.generic {{.*}}ins(%[[R]] : tensor<8xf32>)
  %e = remat.exp %x : tensor<4x8xf32>
  %s = remat.slice %e start [0, 0] limit [4, 8] strides [1, 4] : tensor<4x8xf32> -> tensor<4x2xf32>
  %r = remat.reshape %s : tensor<4x2xf32> -> tensor<8xf32>
  %t = remat.tanh %r : tensor<8xf32>
  return %t : tensor<8xf32>
}
