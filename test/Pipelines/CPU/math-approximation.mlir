// remat-tile-and-vectorize rewrites exp, log, tanh and erf as polynomial
// approximations in arith (vectorizable), leaving no math op that would
// become one libm call per lane; the scalar remainder loops get the same
// rewrite, so an op computes the same bits in vector and scalar code.
// Subnormal log arguments and exp results take a scaled path (the values:
// test/Integration/CPU/ops/subnormal-math.mlir).
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

// Subnormal arguments of log are scaled by 2^23 (0x4B000000) into the
// normal range first, and 23 ln 2 is taken off the result: the polynomial
// reads anything below the smallest normal number as that number.
// CHECK-LABEL: func.func @log_subnormal
// CHECK-DAG: %[[SHIFT:.*]] = arith.constant dense<15.9423847> : vector<64xf32>
// CHECK-DAG: %[[SCALE:.*]] = arith.constant dense<0x4B000000> : vector<64xf32>
// CHECK-DAG: %[[MIN:.*]] = arith.constant dense<1.17549435E-38> : vector<64xf32>
// CHECK: %[[X:.*]] = vector.transfer_read
// CHECK-NEXT: %[[SMALL:.*]] = arith.cmpf olt, %[[X]], %[[MIN]]
// CHECK-NEXT: %[[SCALED:.*]] = arith.mulf %[[X]], %[[SCALE]]
// CHECK-NEXT: arith.select %[[SMALL]], %[[SCALED]], %[[X]]
// CHECK: %[[SHIFTED:.*]] = arith.subf %[[LOG:[0-9]+]], %[[SHIFT]]
// CHECK-NEXT: arith.select %[[SMALL]], %[[SHIFTED]], %[[LOG]]
// CHECK-NOT: math.log
// CHECK: return
func.func @log_subnormal(%x: tensor<64xf32>) -> tensor<64xf32> {
  %l = remat.log %x : tensor<64xf32>
  return %l : tensor<64xf32>
}

// exp below ln(2^-126), whose result is subnormal (which the polynomial
// flushes to 0), is computed as exp(x / 2)^2.
// CHECK-LABEL: func.func @exp_subnormal
// CHECK-DAG: %[[HALF:.*]] = arith.constant dense<5.000000e-01> : vector<64xf32>
// CHECK-DAG: %[[LIMIT:.*]] = arith.constant dense<-87.3365402> : vector<64xf32>
// CHECK: %[[X:.*]] = vector.transfer_read
// CHECK-NEXT: %[[SMALL:.*]] = arith.cmpf olt, %[[X]], %[[LIMIT]]
// CHECK-NEXT: %[[HALVED:.*]] = arith.mulf %[[X]], %[[HALF]]
// CHECK-NEXT: arith.select %[[SMALL]], %[[HALVED]], %[[X]]
// The polynomial squares too: the square is the one the select takes.
// CHECK: arith.select %[[SMALL]], %{{[0-9]+}}, %{{[0-9]+}}
// CHECK-NOT: math.exp
// CHECK: return
func.func @exp_subnormal(%x: tensor<64xf32>) -> tensor<64xf32> {
  %e = remat.exp %x : tensor<64xf32>
  return %e : tensor<64xf32>
}
