// A scan of one layer computes what its canonical form (the body run once)
// computes, bit for bit.
// RUN: remat-run %s --save-outputs=%t.out --print=0 | FileCheck %s --check-prefix=RUN1
// RUN: remat-opt %s -canonicalize | FileCheck %s --check-prefix=FOLDED
// RUN: remat-opt %s -canonicalize | remat-run - --expect-outputs=%t.out --print=0 | FileCheck %s

// RUN1: @scan_one
// FOLDED-NOT: remat.scan
// CHECK: PASS output 0 is bitwise identical
// CHECK: PASS output 1 is bitwise identical
// CHECK-NOT: FAIL
func.func @scan_one(%h0: tensor<4x8xf32>, %ws: tensor<1x8x8xf32>, %bs: tensor<1x8xf32>) -> (tensor<4x8xf32>, tensor<1x4x8xf32>) {
  %h, %ys = remat.scan mode <nested 1> (%c = %h0 : tensor<4x8xf32>) over (%w = %ws : tensor<1x8x8xf32>, %b = %bs : tensor<1x8xf32>) -> (tensor<4x8xf32>, tensor<1x4x8xf32>) {
    %m = remat.matmul %c, %w : tensor<4x8xf32>, tensor<8x8xf32> -> tensor<4x8xf32>
    %bb = remat.broadcast %b dims [1] : tensor<8xf32> -> tensor<4x8xf32>
    %a = remat.add %m, %bb : tensor<4x8xf32>
    %t = remat.tanh %a : tensor<4x8xf32>
    remat.yield %t, %a : tensor<4x8xf32>, tensor<4x8xf32>
  }
  return %h, %ys : tensor<4x8xf32>, tensor<1x4x8xf32>
}
