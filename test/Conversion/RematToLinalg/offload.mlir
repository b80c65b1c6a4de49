// remat.offload copies a device tensor into a fresh buffer in the
// #remat.host memory space, remat.reload copies it back into a fresh device
// buffer: the memory space, not an alignment, says which memory a buffer is
// in, and each target's pipeline allocates it (remat-lower-host-memory on
// the CPU). The source is read through a fully dynamic strided view, so that
// a slice (a layer of a host stack) is copied once, not first into a buffer
// of the identity layout.
// RUN: remat-opt %s -convert-remat-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @round_trip
// CHECK-SAME:    (%[[X:.*]]: tensor<4x8xf32>)
// CHECK:         %[[SRC:.*]] = bufferization.to_buffer %[[X]] read_only : tensor<4x8xf32> to memref<4x8xf32, strided<[?, ?], offset: ?>>
// CHECK:         %[[HOST:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32, #remat.host>
// CHECK:         memref.copy %[[SRC]], %[[HOST]] : memref<4x8xf32, strided<[?, ?], offset: ?>> to memref<4x8xf32, #remat.host>
// CHECK:         %[[H:.*]] = bufferization.to_tensor %[[HOST]] restrict writable : memref<4x8xf32, #remat.host> to tensor<4x8xf32>
// CHECK:         %[[HB:.*]] = bufferization.to_buffer %[[H]] read_only : tensor<4x8xf32> to memref<4x8xf32, strided<[?, ?], offset: ?>, #remat.host>
// CHECK:         %[[DEV:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
// CHECK:         memref.copy %[[HB]], %[[DEV]] : memref<4x8xf32, strided<[?, ?], offset: ?>, #remat.host> to memref<4x8xf32>
// CHECK:         %[[R:.*]] = bufferization.to_tensor %[[DEV]] restrict writable
// CHECK:         return %[[R]]
func.func @round_trip(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %h = remat.offload %x : tensor<4x8xf32> -> tensor<4x8xf32, #remat.host>
  %y = remat.reload %h : tensor<4x8xf32, #remat.host> -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
