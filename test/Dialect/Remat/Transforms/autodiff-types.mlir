// Which arguments get a gradient by default: tensors of the float types
// remat ops compute in (f32, f16, bf16). Integer and i1 arguments are not
// differentiable, and f64 has no remat ops, hence no gradient rules: like
// arguments left out of jax.grad's argnums, they get no gradient result
// (asking for one with wrt= is an error: autodiff-targets-invalid.mlir).
// An argument no path connects to the loss gets zeros of its own type.
// RUN: remat-opt %s -remat-autodiff | FileCheck %s

// CHECK-LABEL: func.func @mixed_grad
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %{{.*}}: tensor<4xf64>, %{{.*}}: tensor<4xi32>, %{{.*}}: tensor<4xi1>, %{{.*}}: tensor<4xf16>)
// CHECK-SAME: -> (tensor<f32>, tensor<4xf32>, tensor<4xf16>)
// CHECK-SAME: remat.wrt = array<i64: 0, 4>
// CHECK: %[[L:.*]] = remat.reduce_sum %[[X]]
// CHECK: %[[GX:.*]] = remat.broadcast
// CHECK: %[[GH:.*]] = remat.constant dense<0.000000e+00> : tensor<4xf16>
// CHECK: return %[[L]], %[[GX]], %[[GH]] : tensor<f32>, tensor<4xf32>, tensor<4xf16>
func.func @mixed(%x: tensor<4xf32>, %d: tensor<4xf64>, %i: tensor<4xi32>, %m: tensor<4xi1>, %h: tensor<4xf16>) -> tensor<f32> {
  %l = remat.reduce_sum %x dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
