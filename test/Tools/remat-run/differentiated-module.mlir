// A differentiated module holds the model and its training step. Without
// --entry, remat-run runs the step (the only function remat-autodiff made),
// and ahead of time it compiles and declares both without asking for one.
// RUN: remat-opt %s -remat-autodiff -o %t.grad.mlir
// RUN: remat-run %t.grad.mlir --print=2 | FileCheck %s --check-prefix=STEP
// RUN: remat-run %t.grad.mlir --emit-object=%t.o --emit-header=%t.h
// RUN: llvm-nm %t.o | FileCheck %s --check-prefix=OBJECT
// RUN: FileCheck %s --input-file=%t.h --check-prefix=HEADER
// Two public functions and no gradient: the names are listed.
// RUN: not remat-run %s --print=2 2>&1 | FileCheck %s --check-prefix=AMBIGUOUS

// The step's outputs: the loss and the gradients of %x and %w.
// STEP: output 0: tensor<f32>
// STEP: output 1: tensor<2x8xf32>
// STEP: output 2: tensor<8x4xf32>
// STEP-NOT: output 3
// OBJECT-DAG: T _mlir_ciface_f
// OBJECT-DAG: T _mlir_ciface_f_grad
// HEADER: void _mlir_ciface_f(
// HEADER: void _mlir_ciface_f_grad(
// AMBIGUOUS: remat-run: the module has 2 public functions (@f, @g): name one with --entry
func.func @f(%x: tensor<2x8xf32>, %w: tensor<8x4xf32>) -> tensor<f32> {
  %h = remat.matmul %x, %w : tensor<2x8xf32>, tensor<8x4xf32> -> tensor<2x4xf32>
  %t = remat.tanh %h : tensor<2x4xf32>
  %l = remat.reduce_sum %t dims [0, 1] : tensor<2x4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

func.func @g(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  return %x : tensor<2x8xf32>
}
