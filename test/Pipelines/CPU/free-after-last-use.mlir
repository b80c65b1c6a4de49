// remat-free-after-last-use moves each memref.dealloc up to just after the
// last op of its block that touches the buffer or one of its aliases, and
// erases the remat.hold ops once the frees are placed.
// RUN: remat-opt %s -remat-free-after-last-use -split-input-file | FileCheck %s

// CHECK-LABEL: func @early_free
// CHECK:         %[[A:.*]] = memref.alloc
// CHECK-NEXT:    memref.copy %{{.*}}, %[[A]]
// CHECK-NEXT:    memref.copy %[[A]]
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    memref.alloc
// CHECK-NOT:     memref.dealloc %[[A]] :
// CHECK:         return
func.func @early_free(%in: memref<1024xf32>, %out: memref<1024xf32>) {
  %a = memref.alloc() : memref<1024xf32>
  memref.copy %in, %a : memref<1024xf32> to memref<1024xf32>
  memref.copy %a, %out : memref<1024xf32> to memref<1024xf32>
  %b = memref.alloc() : memref<1024xf32>
  memref.copy %in, %b : memref<1024xf32> to memref<1024xf32>
  memref.copy %b, %in : memref<1024xf32> to memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  memref.dealloc %a : memref<1024xf32>
  return
}

// -----

// A use through a view keeps the buffer alive until the view's last use.
// CHECK-LABEL: func @through_view
// CHECK:         %[[A:.*]] = memref.alloc
// CHECK:         %[[V:.*]] = memref.subview %[[A]]
// CHECK:         memref.copy %[[V]]
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    memref.alloc
func.func @through_view(%in: memref<1024xf32>, %out: memref<512xf32>) {
  %a = memref.alloc() : memref<1024xf32>
  memref.copy %in, %a : memref<1024xf32> to memref<1024xf32>
  %v = memref.subview %a[0] [512] [1] : memref<1024xf32> to memref<512xf32, strided<[1]>>
  memref.copy %v, %out : memref<512xf32, strided<[1]>> to memref<512xf32>
  %b = memref.alloc() : memref<1024xf32>
  memref.copy %in, %b : memref<1024xf32> to memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  memref.dealloc %a : memref<1024xf32>
  return
}

// -----

// A remat.hold of a buffer (what a hold of a tensor bufferizes to) is a
// use; the pass erases it.
// CHECK-LABEL: func @held
// CHECK:         %[[A:.*]] = memref.alloc
// CHECK-NEXT:    memref.copy
// CHECK-NEXT:    %[[B:.*]] = memref.alloc
// CHECK-NEXT:    memref.dealloc %[[B]]
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NOT:     remat.hold
func.func @held(%in: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  memref.copy %in, %a : memref<4xf32> to memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  remat.hold %a : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

// -----

// Every buffer comes in the planner's 64-byte granules: an allocation
// without an alignment (the copy a bufferization.clone becomes, such as
// that of a returned argument) gets 64; one with its own keeps it.
// CHECK-LABEL: func @granules
// CHECK:         memref.alloc() {alignment = 64 : i64} : memref<3x5xf32>
// CHECK:         memref.alloc() {alignment = 128 : i64} : memref<7xf32>
func.func @granules(%x: memref<3x5xf32>) -> (memref<3x5xf32>, memref<7xf32>) {
  %a = memref.alloc() : memref<3x5xf32>
  memref.copy %x, %a : memref<3x5xf32> to memref<3x5xf32>
  %b = memref.alloc() {alignment = 128 : i64} : memref<7xf32>
  return %a, %b : memref<3x5xf32>, memref<7xf32>
}
