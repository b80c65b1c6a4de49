// Ahead-of-time outputs: an object file, a shared library and a C++ header
// declaring the C-interface entry points with StridedMemRefType.
// RUN: remat-run %s --emit-object=%t.o --emit-header=%t.h --emit-shared-library=%t.so
// RUN: llvm-nm %t.o | FileCheck %s --check-prefix=OBJECT
// RUN: llvm-nm -D %t.so | FileCheck %s --check-prefix=SHARED
// RUN: FileCheck %s --input-file=%t.h --check-prefix=HEADER

// OBJECT: T _mlir_ciface_step
// OBJECT: U _mlir_memref_to_llvm_aligned_alloc
// SHARED: T _mlir_ciface_step
// SHARED: U _mlir_memref_to_llvm_aligned_alloc

// HEADER: #include "mlir/ExecutionEngine/CRunnerUtils.h"
// HEADER: // @step(4x8xf32, 8xi32, i64) -> (f32, 4x8xf32)
// HEADER: struct step_results {
// HEADER-NEXT:   StridedMemRefType<float, 0> result0;
// HEADER-NEXT:   StridedMemRefType<float, 2> result1;
// HEADER-NEXT: };
// HEADER: void _mlir_ciface_step(step_results *results, StridedMemRefType<float, 2> *arg0, StridedMemRefType<int32_t, 1> *arg1, int64_t arg2);
func.func @step(%x: tensor<4x8xf32>, %ids: tensor<8xi32>, %seed: i64) -> (tensor<f32>, tensor<4x8xf32>) {
  %d = remat.dropout %x, %seed rate 0.5 : tensor<4x8xf32>
  %l = remat.reduce_sum %d dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l, %d : tensor<f32>, tensor<4x8xf32>
}
