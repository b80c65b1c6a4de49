// remat-tile-and-vectorize rewrites exp, log, tanh and erf as polynomial
// approximations in arith (vectorizable), leaving no math op that would
// become one libm call per lane; the scalar remainder loops get the same
// rewrite, so an op computes the same bits in vector and scalar code.
// RUN: remat-opt %s --pass-pipeline='builtin.module(convert-remat-to-linalg, func.func(remat-tile-and-vectorize))' | FileCheck %s

// CHECK-LABEL: func.func @transcendental
// CHECK-NOT: math.exp
// CHECK-NOT: math.log
// CHECK-NOT: math.tanh
// CHECK-NOT: math.erf
// CHECK: return
func.func @transcendental(%x: tensor<8x64xf32>, %y: tensor<7x13xf32>) -> (tensor<8x64xf32>, tensor<8x64xf32>, tensor<8x64xf32>, tensor<7x13xf32>) {
  %e = remat.exp %x : tensor<8x64xf32>
  %l = remat.log %e : tensor<8x64xf32>
  %t = remat.gelu %x tanh : tensor<8x64xf32>
  %g = remat.gelu %y erf : tensor<7x13xf32>
  return %e, %l, %t, %g : tensor<8x64xf32>, tensor<8x64xf32>, tensor<8x64xf32>, tensor<7x13xf32>
}
