// remat-tile-and-vectorize rewrites tensor.pad and tensor.insert_slice of a
// value not computed in place into linalg copies in destination form
// (lib/Pipelines/SliceCopies.cpp), vectorized like any copy: no pad is left
// for bufferization to turn into an element-wise linalg.map plus a strided
// memref.copy (MLIR's runtime memrefCopy, one element at a time).
// RUN: remat-opt %s --pass-pipeline='builtin.module(convert-remat-to-linalg, func.func(remat-tile-and-vectorize))' | FileCheck %s
// RUN: remat-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(remat-drop-self-copies))' | FileCheck %s --check-prefix=SELF

// CHECK-LABEL: func.func @padded_pool
// CHECK-NOT: tensor.pad
// CHECK: vector.transfer_write %{{.*}} : vector<1x1x1x10xf32>, tensor<1x2x10x10xf32>
// CHECK: %[[SLICE:.*]] = tensor.extract_slice %{{.*}}[0, 0, 1, 1] [1, 2, 8, 8] [1, 1, 1, 1]
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[SLICE]])
// CHECK: vector.transfer_write %{{.*}} : vector<1x1x1x8xf32>, tensor<1x2x8x8xf32>
// CHECK-NOT: tensor.pad
// CHECK: return
func.func @padded_pool(%x: tensor<1x2x8x8xf32>) -> tensor<1x2x8x8xf32> {
  %y = remat.max_pool2d %x kernel [3, 3] strides [1, 1] padding [1, 1, 1, 1] : tensor<1x2x8x8xf32> -> tensor<1x2x8x8xf32>
  return %y : tensor<1x2x8x8xf32>
}

// -----

// After bufferization, a copy of a slice onto itself, through loops that
// pass the buffer through, is erased; a copy between different slices stays.
// SELF-LABEL: func.func @self
// SELF-NOT: memref.copy
// SELF: return
func.func @self(%m: memref<4x8xf32>, %v: vector<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %s = memref.subview %m[1, 0] [2, 8] [1, 1] : memref<4x8xf32> to memref<2x8xf32, strided<[8, 1], offset: 8>>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %s) -> (memref<2x8xf32, strided<[8, 1], offset: 8>>) {
    vector.transfer_write %v, %a[%i, %c0] {in_bounds = [true]} : vector<8xf32>, memref<2x8xf32, strided<[8, 1], offset: 8>>
    scf.yield %a : memref<2x8xf32, strided<[8, 1], offset: 8>>
  }
  %t = memref.subview %m[1, 0] [2, 8] [1, 1] : memref<4x8xf32> to memref<2x8xf32, strided<[8, 1], offset: 8>>
  memref.copy %r, %t : memref<2x8xf32, strided<[8, 1], offset: 8>> to memref<2x8xf32, strided<[8, 1], offset: 8>>
  return
}

// -----

// SELF-LABEL: func.func @other
// SELF: memref.copy
func.func @other(%m: memref<4x8xf32>) {
  %s = memref.subview %m[0, 0] [2, 8] [1, 1] : memref<4x8xf32> to memref<2x8xf32, strided<[8, 1]>>
  %t = memref.subview %m[2, 0] [2, 8] [1, 1] : memref<4x8xf32> to memref<2x8xf32, strided<[8, 1], offset: 16>>
  memref.copy %s, %t : memref<2x8xf32, strided<[8, 1]>> to memref<2x8xf32, strided<[8, 1], offset: 16>>
  return
}
