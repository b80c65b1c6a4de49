// remat-gpu-host-memory: #remat.host buffers become pinned host memory from
// libRematGpuRuntime, copies to and from them gpu.memcpy (DMA, not a
// kernel; a slot of a scan's host stack through a pointer to its first
// element), frees remat_gpu_host_free, and no type keeps the memory space.
// RUN: remat-opt %s -split-input-file -remat-gpu-host-memory | FileCheck %s

// CHECK-LABEL: func.func @offload_reload(
// CHECK-SAME:      %[[X:.*]]: memref<32x96xf32>
// CHECK:         %[[BYTES:.*]] = llvm.mlir.constant(12288 : i64) : i64
// CHECK:         %[[P:.*]] = llvm.call @remat_gpu_host_alloc(%[[BYTES]]) : (i64) -> !llvm.ptr
// CHECK:         %[[H:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.struct<{{.*}}> to memref<32x96xf32>
// CHECK:         gpu.memcpy %[[H]], %[[X]] : memref<32x96xf32>, memref<32x96xf32>
// CHECK:         %[[D:.*]] = memref.alloc() {alignment = 64 : i64} : memref<32x96xf32>
// CHECK:         gpu.memcpy %[[D]], %[[H]] : memref<32x96xf32>, memref<32x96xf32>
// CHECK:         %[[I:.*]] = memref.extract_aligned_pointer_as_index %[[H]]
// CHECK:         %[[A:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK:         %[[Q:.*]] = llvm.inttoptr %[[A]] : i64 to !llvm.ptr
// CHECK:         llvm.call @remat_gpu_host_free(%[[Q]]) : (!llvm.ptr) -> ()
// CHECK-NOT:     remat.host
// CHECK:         return %[[D]]
func.func @offload_reload(%x: memref<32x96xf32>) -> memref<32x96xf32> {
  %h = memref.alloc() {alignment = 64 : i64} : memref<32x96xf32, #remat.host>
  memref.copy %x, %h : memref<32x96xf32> to memref<32x96xf32, #remat.host>
  %d = memref.alloc() {alignment = 64 : i64} : memref<32x96xf32>
  memref.copy %h, %d : memref<32x96xf32, #remat.host> to memref<32x96xf32>
  memref.dealloc %h : memref<32x96xf32, #remat.host>
  return %d : memref<32x96xf32>
}

// -----

// CHECK-LABEL: func.func @stack_slot(
// CHECK:         %[[S:.*]] = memref.subview %{{.*}}[%{{.*}}, 0] [1, 4] [1, 1] : memref<6x4xf16> to memref<4xf16, strided<[1], offset: ?>>
// CHECK:         %[[BASE:.*]] = llvm.inttoptr
// CHECK:         %{{.*}}, %[[OFFSET:.*]], %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[S]]
// CHECK:         %[[OFF:.*]] = arith.index_cast %[[OFFSET]] : index to i64
// CHECK:         %[[ELT:.*]] = llvm.getelementptr %[[BASE]][%[[OFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, f16
// CHECK:         %[[V:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.struct<{{.*}}> to memref<4xf16>
// CHECK:         gpu.memcpy %[[V]], %{{.*}} : memref<4xf16>, memref<4xf16>
func.func @stack_slot(%v: memref<4xf16>, %i: index) -> memref<6x4xf16, #remat.host> {
  %stack = memref.alloc() : memref<6x4xf16, #remat.host>
  %slot = memref.subview %stack[%i, 0] [1, 4] [1, 1] : memref<6x4xf16, #remat.host> to memref<4xf16, strided<[1], offset: ?>, #remat.host>
  memref.copy %v, %slot : memref<4xf16> to memref<4xf16, strided<[1], offset: ?>, #remat.host>
  return %stack : memref<6x4xf16, #remat.host>
}
