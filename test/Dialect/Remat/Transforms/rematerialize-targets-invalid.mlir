// remat-rematerialize says so when it has nothing it can plan: a function
// named in functions= that is a declaration or not a func.func is an error
// on it; a module with no func.func body (already lowered to LLVM, or only
// declarations) is a warning on the module.
// RUN: split-file %s %t
// RUN: remat-opt %t/named.mlir -split-input-file -verify-diagnostics -remat-rematerialize="functions=g"
// RUN: remat-opt %t/implicit.mlir -split-input-file -verify-diagnostics -remat-rematerialize="budget=1MiB"

//--- named.mlir
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
// expected-error @+1 {{remat-rematerialize: @g is a declaration, with no body to plan (functions option)}}
func.func private @g(%x: tensor<4xf32>) -> tensor<4xf32>

// -----

// expected-error @+1 {{remat-rematerialize: @g is a 'llvm.func', not a func.func: remat-rematerialize works on tensor-level func.func bodies (run it before lowering)}}
llvm.func @g(%x: f32) -> f32 {
  llvm.return %x : f32
}

//--- implicit.mlir
// expected-warning @+1 {{remat-rematerialize: found nothing to plan: the module has no func.func with a body (run it on tensor-level IR, before lowering)}}
module {
  llvm.func @f(%x: f32) -> f32 {
    llvm.return %x : f32
  }
  func.func private @decl(%x: tensor<4xf32>) -> tensor<4xf32>
}
