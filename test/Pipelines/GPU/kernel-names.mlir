// RUN: remat-opt %s -remat-gpu-kernel-names | FileCheck %s

// Kernels outlined from functions whose names PTX cannot spell (a dot, a
// hyphen, a leading digit) are renamed, with a suffix where the plain name
// is taken, and their launches follow; the gpu.module and host function
// keep their names (only PTX identifiers are constrained).

// CHECK-LABEL: gpu.module @my.fn_kernel
// CHECK: gpu.func @my_fn_kernel_1(
// CHECK: gpu.func @my_fn_kernel(
// CHECK: gpu.func @ok_kernel(
// CHECK: gpu.func @__lives(
// CHECK-LABEL: func.func @my.fn(
// CHECK: gpu.launch_func @my.fn_kernel::@my_fn_kernel_1
// CHECK: gpu.launch_func @my.fn_kernel::@my_fn_kernel
// CHECK: gpu.launch_func @my.fn_kernel::@__lives
// CHECK: gpu.launch_func @my.fn_kernel::@ok_kernel
module attributes {gpu.container_module} {
  gpu.module @"my.fn_kernel" {
    gpu.func @"my.fn_kernel"(%arg0: memref<4xf32>) kernel {
      gpu.return
    }
    gpu.func @"my_fn_kernel"(%arg0: memref<4xf32>) kernel {
      gpu.return
    }
    gpu.func @ok_kernel(%arg0: memref<4xf32>) kernel {
      gpu.return
    }
    gpu.func @"9-lives"(%arg0: memref<4xf32>) kernel {
      gpu.return
    }
  }
  func.func @"my.fn"(%m: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @"my.fn_kernel"::@"my.fn_kernel" blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>)
    gpu.launch_func @"my.fn_kernel"::@"my_fn_kernel" blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>)
    gpu.launch_func @"my.fn_kernel"::@"9-lives" blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>)
    gpu.launch_func @"my.fn_kernel"::@ok_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>)
    return
  }
}
