// A function name that is not in the module is answered with the nearest
// one and the list of those defined, at the module's location (the module
// itself is not printed: the error is about the command line).
// RUN: remat-opt %s -verify-diagnostics -remat-rematerialize="functions=mlp_grd"
// RUN: not remat-opt %s -remat-autodiff="functions=ml" 2>&1 | FileCheck %s --check-prefix=AUTODIFF
// RUN: not remat-opt %s -remat-rematerialize="functions=nothing_like_it" 2>&1 | FileCheck %s --check-prefix=FAR

// AUTODIFF: error: remat-autodiff: no function named 'ml' to differentiate (functions option): did you mean 'mlp'? (defined: @mlp, @mlp_grad)
// AUTODIFF-NOT: see current operation
// AUTODIFF-NOT: func.func
// FAR: error: remat-rematerialize: no function named 'nothing_like_it' to plan (functions option) (defined: @mlp, @mlp_grad)

// expected-error @+1 {{remat-rematerialize: no function named 'mlp_grd' to plan (functions option): did you mean 'mlp_grad'? (defined: @mlp, @mlp_grad)}}
module {
  func.func @mlp(%x: tensor<4xf32>) -> tensor<f32> {
    %l = remat.reduce_sum %x dims [0] : tensor<4xf32> -> tensor<f32>
    return %l : tensor<f32>
  }
  func.func @mlp_grad(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
  func.func private @helper(%x: tensor<4xf32>) -> tensor<4xf32>
}
