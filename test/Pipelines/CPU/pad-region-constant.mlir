// A tensor.pad whose padding constant is defined inside its own region
// (as a user or another frontend writes it): remat-tile-and-vectorize
// rewrites the pad as a fill and a copy, and the fill needs the constant
// outside the region it erases (it used to read the erased constant and
// crash). The padded ends are zero, the middle the argument.
// RUN: remat-run %s --entry=f | FileCheck %s
// CHECK: output 0: tensor<6xf32> {{.*}} first [0, {{[-0-9.e]+}}, {{[-0-9.e]+}}, {{[-0-9.e]+}}, {{[-0-9.e]+}}, 0]
// RUN: remat-opt %s -remat-lower-cpu | FileCheck %s --check-prefix=LOWERED
// LOWERED: llvm.func @f(

func.func @f(%x: tensor<4xf32>) -> tensor<6xf32> {
  %p = tensor.pad %x low[1] high[1] {
  ^bb0(%i: index):
    %z = arith.constant 0.0 : f32
    tensor.yield %z : f32
  } : tensor<4xf32> to tensor<6xf32>
  return %p : tensor<6xf32>
}
