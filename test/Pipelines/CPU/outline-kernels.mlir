// remat-outline-kernels moves each top-level loop nest into a private
// function that LLVM compiles on its own and does not inline back
// (OutlineKernels.cpp): constants are cloned in, other values are passed,
// nests that print the same share one function, a buffer argument is
// llvm.noalias where every call passes a buffer that no other argument is
// a view of (not one of the step's arguments), and whatever allocates,
// frees, calls or reads host memory stays in the step (the nests inside it
// may go).
// RUN: remat-opt %s --split-input-file -remat-outline-kernels | FileCheck %s
// The whole pipeline, with and without it: one function per kernel, or none.
// RUN: remat-opt %S/../../../examples/mlp.mlir -remat-lower-cpu | FileCheck %s --check-prefix=LOWERED
// RUN: remat-opt %S/../../../examples/mlp.mlir -remat-lower-cpu="outline-kernels=false" | FileCheck %s --check-prefix=MONOLITHIC

// CHECK-LABEL: func.func @step(
// CHECK-SAME: %[[A:.*]]: memref<64xf32>, %[[B:.*]]: memref<64xf32>, %[[N:.*]]: index
// The first and the third nest print the same: one function for both,
// whose arguments are not noalias (each call passes one of @step's).
// CHECK: %[[T:.*]] = memref.alloc() : memref<64xf32>
// CHECK-NEXT: call @step_kernel(%[[A]], %[[T]]) : (memref<64xf32>, memref<64xf32>) -> ()
// CHECK-NEXT: %[[S:.*]] = call @step_kernel_0(%[[T]], %[[N]]) : (memref<64xf32>, index) -> f32
// CHECK-NEXT: call @step_kernel(%[[T]], %[[B]]) : (memref<64xf32>, memref<64xf32>) -> ()
// CHECK-NEXT: memref.dealloc %[[T]]
// CHECK-NEXT: return %[[S]]
// CHECK: func.func private @step_kernel(%[[X:.*]]: memref<64xf32>, %[[Y:.*]]: memref<64xf32>)
// CHECK-SAME: attributes {llvm.linkage = #llvm.linkage<internal>, passthrough = ["noinline"]}
// CHECK-DAG: arith.constant 0 : index
// CHECK-DAG: arith.constant 64 : index
// CHECK-DAG: arith.constant 16 : index
// CHECK-DAG: arith.constant dense<2.000000e+00> : vector<16xf32>
// CHECK: scf.for
// CHECK: vector.load %[[X]]
// CHECK: vector.store %{{.*}}, %[[Y]]
// CHECK: return
// A nest with a result returns it; the bound it reads is an argument.
// CHECK: func.func private @step_kernel_0(%{{.*}}: memref<64xf32> {llvm.noalias}, %[[BOUND:.*]]: index) -> f32
// CHECK: %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %[[BOUND]]
// CHECK: return %[[R]] : f32
// CHECK-NOT: func.func private @step_kernel
func.func @step(%a: memref<64xf32>, %b: memref<64xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %two = arith.constant dense<2.0> : vector<16xf32>
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %c64 step %c16 {
    %v = vector.load %a[%i] : memref<64xf32>, vector<16xf32>
    %w = arith.mulf %v, %two : vector<16xf32>
    vector.store %w, %t[%i] : memref<64xf32>, vector<16xf32>
  }
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %x = memref.load %t[%i] : memref<64xf32>
    %s = arith.addf %acc, %x : f32
    scf.yield %s : f32
  }
  scf.for %i = %c0 to %c64 step %c16 {
    %v = vector.load %t[%i] : memref<64xf32>, vector<16xf32>
    %w = arith.mulf %v, %two : vector<16xf32>
    vector.store %w, %b[%i] : memref<64xf32>, vector<16xf32>
  }
  memref.dealloc %t : memref<64xf32>
  return %sum : f32
}

// -----

// A loop that allocates and frees (a scan's, say) stays, and the nest inside
// it goes; so does a nest in a loop that calls a function. A nest that
// reads host memory stays whole.
// CHECK-LABEL: func.func @scan(
// CHECK: scf.for
// CHECK-NEXT: memref.alloc
// CHECK-NEXT: call @scan_kernel(
// CHECK-NEXT: memref.dealloc
// CHECK: scf.for
// CHECK-NEXT: call @other
// CHECK-NEXT: call @scan_kernel_0(
// CHECK: scf.for
// CHECK-NEXT: memref.load %{{.*}} : memref<4xf32, #remat.host>
// CHECK-NOT: call @scan_kernel
// CHECK: return
// CHECK: func.func private @scan_kernel(%{{.*}}: memref<4xf32>, %{{.*}}: memref<4xf32> {llvm.noalias})
// CHECK: func.func private @scan_kernel_0(
// CHECK-NOT: func.func private @scan_kernel
func.func private @other()
func.func @scan(%a: memref<4xf32>, %h: memref<4xf32, #remat.host>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %l = %c0 to %c4 step %c1 {
    %t = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %x = memref.load %a[%i] : memref<4xf32>
      memref.store %x, %t[%i] : memref<4xf32>
    }
    memref.dealloc %t : memref<4xf32>
  }
  scf.for %l = %c0 to %c4 step %c1 {
    func.call @other() : () -> ()
    scf.for %i = %c0 to %c4 step %c1 {
      %x = memref.load %a[%i] : memref<4xf32>
      %y = arith.addf %x, %x : f32
      memref.store %y, %a[%i] : memref<4xf32>
    }
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %h[%i] : memref<4xf32, #remat.host>
    memref.store %x, %a[%i] : memref<4xf32>
  }
  return
}

// -----

// A nest that reads what an earlier one returned takes the earlier call's
// result (the one the nest computed is gone).
// CHECK-LABEL: func.func @chained(
// CHECK: %[[R:.*]] = call @chained_kernel(%{{.*}}) : (memref<4xf32>) -> f32
// CHECK-NEXT: %[[R2:.*]] = call @chained_kernel_0(%{{.*}}, %[[R]]) : (memref<4xf32>, f32) -> f32
// CHECK-NEXT: return %[[R2]]
func.func @chained(%a: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> f32 {
    %x = memref.load %a[%i] : memref<4xf32>
    %s = arith.addf %acc, %x : f32
    scf.yield %s : f32
  }
  %r2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %r) -> f32 {
    %x = memref.load %a[%i] : memref<4xf32>
    %s = arith.mulf %acc, %x : f32
    scf.yield %s : f32
  }
  return %r2 : f32
}

// -----

// Two views of one buffer are not noalias; a buffer of its own is.
// CHECK-LABEL: func.func @views(
// CHECK: func.func private @views_kernel(%{{.*}}: memref<4xf32, strided<[1]>>, %{{.*}}: memref<4xf32, strided<[1], offset: 4>>, %{{.*}}: memref<4xf32> {llvm.noalias})
func.func @views() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t = memref.alloc() : memref<8xf32>
  %u = memref.alloc() : memref<4xf32>
  %lo = memref.subview %t[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  %hi = memref.subview %t[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %lo[%i] : memref<4xf32, strided<[1]>>
    memref.store %x, %hi[%i] : memref<4xf32, strided<[1], offset: 4>>
    memref.store %x, %u[%i] : memref<4xf32>
  }
  memref.dealloc %u : memref<4xf32>
  memref.dealloc %t : memref<8xf32>
  return
}

// -----

// A loop-carried buffer may be any allocation: with one among the
// arguments, no argument is noalias.
// CHECK-LABEL: func.func @carried(
// CHECK: func.func private @carried_kernel(%{{[a-z0-9]+}}: memref<4xf32>, %{{[a-z0-9]+}}: memref<4xf32>) attributes
func.func private @other()
func.func @carried() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t = memref.alloc() : memref<4xf32>
  %u = memref.alloc() : memref<4xf32>
  %r = scf.for %l = %c0 to %c4 step %c1 iter_args(%b = %t) -> memref<4xf32> {
    func.call @other() : () -> ()
    scf.for %i = %c0 to %c4 step %c1 {
      %x = memref.load %b[%i] : memref<4xf32>
      memref.store %x, %u[%i] : memref<4xf32>
    }
    scf.yield %b : memref<4xf32>
  }
  memref.dealloc %u : memref<4xf32>
  memref.dealloc %t : memref<4xf32>
  return
}

// LOWERED: llvm.func @mlp(
// LOWERED: llvm.call @mlp_kernel
// LOWERED: llvm.func internal @mlp_kernel
// LOWERED-SAME: passthrough = ["noinline"]

// MONOLITHIC-NOT: _kernel
