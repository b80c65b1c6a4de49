// remat-gpu-host-code keeps host code off device memory: what touches memory
// contents outside a kernel (a 0-d reduction's loop with its loaded initial
// value) runs in a one-thread kernel, allocations become gpu.alloc, and
// constants are taken inside the kernels that read them. A scalar the host
// itself reads from device memory is refused.
// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-gpu-host-code | FileCheck %s

memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

// CHECK-LABEL: func.func @sum
// CHECK:         %[[ACC:.*]] = gpu.alloc () : memref<f32>
// CHECK:         gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[ONE:.*]], %{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]]) threads(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]])
// CHECK-NEXT:      %[[T:.*]] = memref.get_global @table
// CHECK-NEXT:      %[[INIT:.*]] = memref.load %[[ACC]][]
// CHECK-NEXT:      %[[R:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[INIT]])
// CHECK:             memref.load %[[T]]
// CHECK:           memref.store %[[R]], %[[ACC]][]
// CHECK-NEXT:      gpu.terminator
// CHECK:         gpu.dealloc %[[ACC]] : memref<f32>
func.func @sum() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t = memref.get_global @table : memref<4xf32>
  %acc = memref.alloc() : memref<f32>
  %init = memref.load %acc[] : memref<f32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %init) -> (f32) {
    %v = memref.load %t[%i] : memref<4xf32>
    %s = arith.addf %a, %v : f32
    scf.yield %s : f32
  }
  memref.store %r, %acc[] : memref<f32>
  memref.dealloc %acc : memref<f32>
  return
}

// -----

func.func @scalar_to_host(%m: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'memref.load' op reads device memory into a value the host code uses, which remat-lower-gpu cannot lower}}
  %v = memref.load %m[%c0] : memref<4xf32>
  return %v : f32
}

// -----

// The host may read constants (a Revolve scan's action table): they live in
// host memory. A view the host uses too stays on the host, before the kernel
// that reads through it.
memref.global "private" constant @actions : memref<2xindex> = dense<[3, 1]>

// CHECK-LABEL: func.func @host_reads
// CHECK:         %[[TABLE:.*]] = memref.get_global @actions
// CHECK:         %[[K:.*]] = memref.load %[[TABLE]]
// CHECK:         %[[V:.*]] = memref.subview %{{.*}}[%[[K]]] [1] [1]
// CHECK:         gpu.launch
// CHECK-NEXT:      memref.store
// CHECK-NEXT:      memref.store %{{.*}}, %[[V]][%{{.*}}]
// CHECK-NEXT:      gpu.terminator
// CHECK:         gpu.launch
// CHECK:           memref.load %[[V]]
func.func @host_reads(%m: memref<8xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = memref.get_global @actions : memref<2xindex>
  %k = memref.load %t[%c0] : memref<2xindex>
  memref.store %x, %m[%c0] : memref<8xf32>
  %v = memref.subview %m[%k] [1] [1] : memref<8xf32> to memref<1xf32, strided<[1], offset: ?>>
  memref.store %x, %v[%c0] : memref<1xf32, strided<[1], offset: ?>>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %y = memref.load %v[%c0] : memref<1xf32, strided<[1], offset: ?>>
    memref.store %y, %m[%c1] : memref<8xf32>
    gpu.terminator
  }
  return
}
