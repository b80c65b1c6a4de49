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
