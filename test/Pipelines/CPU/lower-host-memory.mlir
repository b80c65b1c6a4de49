// remat-lower-host-memory allocates each #remat.host buffer through the
// runtime's remat_runtime_host_alloc(alignment, bytes) and drops the memory
// space from every type; with track-allocations=false the allocation stays a
// memref.alloc.
// RUN: remat-opt %s -split-input-file -remat-lower-host-memory -verify-diagnostics | FileCheck %s
// RUN: remat-opt %s -split-input-file -remat-lower-host-memory="track-allocations=false" -verify-diagnostics | FileCheck %s --check-prefix=PLAIN

// CHECK:         llvm.func @remat_runtime_host_alloc(i64, i64) -> !llvm.ptr
// CHECK-LABEL: func.func @offload
// CHECK:         %[[DEV:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
// CHECK:         %[[ALIGN:.*]] = llvm.mlir.constant(64 : i64) : i64
// CHECK:         %[[BYTES:.*]] = llvm.mlir.constant(128 : i64) : i64
// CHECK:         %[[PTR:.*]] = llvm.call @remat_runtime_host_alloc(%[[ALIGN]], %[[BYTES]])
// CHECK:         %[[HOST:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.struct<{{.*}}> to memref<4x8xf32>
// CHECK:         memref.copy %[[DEV]], %[[HOST]] : memref<4x8xf32> to memref<4x8xf32>
// CHECK:         scf.for {{.*}} iter_args(%{{.*}} = %[[HOST]]) -> (memref<4x8xf32>)
// CHECK:         memref.dealloc %[[HOST]] : memref<4x8xf32>
// CHECK-NOT:     #remat.host
// PLAIN-LABEL: func.func @offload
// PLAIN-NOT:     llvm.call
// PLAIN:         memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
// PLAIN:         memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
// PLAIN-NOT:     #remat.host
func.func @offload(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %dev = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
  %host = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32, #remat.host>
  memref.copy %dev, %host : memref<4x8xf32> to memref<4x8xf32, #remat.host>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%h = %host) -> (memref<4x8xf32, #remat.host>) {
    scf.yield %h : memref<4x8xf32, #remat.host>
  }
  memref.copy %r, %dev : memref<4x8xf32, #remat.host> to memref<4x8xf32>
  memref.dealloc %dev : memref<4x8xf32>
  memref.dealloc %host : memref<4x8xf32, #remat.host>
  return
}

// -----

func.func @dynamic(%n: index) {
  // expected-error @+1 {{'memref.alloc' op in host memory (#remat.host) needs a static shape and the identity layout}}
  %host = memref.alloc(%n) : memref<?xf32, #remat.host>
  memref.dealloc %host : memref<?xf32, #remat.host>
  return
}
