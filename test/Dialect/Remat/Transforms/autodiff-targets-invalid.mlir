// remat-autodiff says so when it has nothing it can differentiate: a
// function named in functions= that is a declaration or not a func.func is
// an error on it; finding no target by itself (a module already lowered to
// LLVM or to memrefs) is a warning on the module; an explicit loss= out of
// range of every candidate is an error on each of them. The warning has a
// note on each function passed over because its loss is not a scalar.
// RUN: split-file %s %t
// RUN: remat-opt %t/named.mlir -split-input-file -verify-diagnostics -remat-autodiff="functions=g"
// RUN: remat-opt %t/implicit.mlir -split-input-file -verify-diagnostics -remat-autodiff
// RUN: remat-opt %t/loss.mlir -split-input-file -verify-diagnostics -remat-autodiff="loss=1"
// RUN: remat-opt %t/f64.mlir -split-input-file -verify-diagnostics -remat-autodiff="functions=f wrt=0"

//--- named.mlir
// expected-error @+1 {{remat-autodiff: @g is a declaration, with no body to differentiate (functions option)}}
func.func private @g(%x: tensor<4xf32>) -> tensor<f32>

// -----

// expected-error @+1 {{remat-autodiff: @g is a 'llvm.func', not a func.func: remat-autodiff works on tensor-level func.func bodies (run it before lowering)}}
llvm.func @g(%x: f32) -> f32 {
  llvm.return %x : f32
}

//--- implicit.mlir
// expected-warning @+1 {{remat-autodiff: found nothing to differentiate: no public func.func with a body has a 0-d float tensor as result #0 (the loss); name the functions with functions= and the loss with loss=, on tensor-level IR (before lowering)}}
module {
  llvm.func @f(%x: f32) -> f32 {
    llvm.return %x : f32
  }
}

// -----

// Bufferized: the loss is a memref.
// expected-warning @+1 {{remat-autodiff: found nothing to differentiate}}
module {
  func.func @f(%x: memref<4xf32>, %l: memref<f32>) {
    return
  }
  func.func private @decl(%x: tensor<4xf32>) -> tensor<f32>
}

// -----

// A loss left unreduced, the usual slip: the warning points at the function
// and says how to make it a loss.
// expected-warning @+1 {{remat-autodiff: found nothing to differentiate}}
module {
  // expected-note @+1 {{@per_example's result #0 is 'tensor<8xf32>', not a 0-d float tensor: reduce it to the scalar loss (e.g. remat.reduce_mean over every dimension), or name the loss result with loss=}}
  func.func @per_example(%x: tensor<8x4xf32>) -> tensor<8xf32> {
    %l = remat.reduce_sum %x dims [1] : tensor<8x4xf32> -> tensor<8xf32>
    return %l : tensor<8xf32>
  }
}

//--- loss.mlir
// expected-error @+1 {{remat-autodiff: loss=1 is out of range: @f has 1 result(s)}}
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  %l = remat.reduce_sum %x dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// One function has a result #1: the other, which has none, is left alone.
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  %l = remat.reduce_sum %x dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
func.func @two(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<f32>) {
  %l = remat.reduce_sum %x dims [0] : tensor<4xf32> -> tensor<f32>
  return %x, %l : tensor<4xf32>, tensor<f32>
}

//--- f64.mlir
// remat ops compute in f32, f16 and bf16: an f64 argument has no gradient
// rules, and asking for its gradient is an error.
// expected-error @+1 {{remat-autodiff: argument #0 of @f has type 'tensor<4xf64>'; remat-autodiff differentiates tensors of f32, f16 and bf16, the element types remat ops compute in (exclude it with wrt=, or convert it first)}}
func.func @f(%x: tensor<4xf64>, %y: tensor<4xf32>) -> tensor<f32> {
  %l = remat.reduce_sum %y dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// expected-error @+1 {{remat-autodiff: the loss (result #0 of @f) has type 'tensor<f64>'; remat-autodiff differentiates f32, f16 and bf16 values, the element types remat ops compute in (compute the loss in one of them)}}
func.func @f(%x: tensor<4xf32>) -> tensor<f64> {
  %l = arith.constant dense<1.0> : tensor<f64>
  return %l : tensor<f64>
}
