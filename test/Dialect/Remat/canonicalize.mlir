// RUN: remat-opt %s -canonicalize -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @transpose_transpose_identity
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>)
// CHECK-NEXT: return %[[X]]
func.func @transpose_transpose_identity(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = remat.transpose %x perm [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  %1 = remat.transpose %0 perm [1, 0] : tensor<8x4xf32> -> tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @transpose_transpose_compose
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK-NEXT: %[[T:.*]] = remat.transpose %[[X]] perm [1, 2, 0] : tensor<2x3x4xf32> -> tensor<3x4x2xf32>
// CHECK-NEXT: return %[[T]]
func.func @transpose_transpose_compose(%x: tensor<2x3x4xf32>) -> tensor<3x4x2xf32> {
  %0 = remat.transpose %x perm [1, 0, 2] : tensor<2x3x4xf32> -> tensor<3x2x4xf32>
  %1 = remat.transpose %0 perm [0, 2, 1] : tensor<3x2x4xf32> -> tensor<3x4x2xf32>
  return %1 : tensor<3x4x2xf32>
}

// -----

// CHECK-LABEL: func.func @transpose_identity
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>)
// CHECK-NEXT: return %[[X]]
func.func @transpose_identity(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = remat.transpose %x perm [0, 1] : tensor<4x8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_reshape
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>)
// CHECK-NEXT: %[[R:.*]] = remat.reshape %[[X]] : tensor<4x8xf32> -> tensor<2x16xf32>
// CHECK-NEXT: return %[[R]]
func.func @reshape_reshape(%x: tensor<4x8xf32>) -> tensor<2x16xf32> {
  %0 = remat.reshape %x : tensor<4x8xf32> -> tensor<32xf32>
  %1 = remat.reshape %0 : tensor<32xf32> -> tensor<2x16xf32>
  return %1 : tensor<2x16xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_roundtrip
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>)
// CHECK-NEXT: return %[[X]]
func.func @reshape_roundtrip(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = remat.reshape %x : tensor<4x8xf32> -> tensor<32xf32>
  %1 = remat.reshape %0 : tensor<32xf32> -> tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @mul_one
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: return %[[X]], %[[X]]
func.func @mul_one(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %one = remat.constant dense<1.0> : tensor<4xf32>
  %0 = remat.mul %x, %one : tensor<4xf32>
  %1 = remat.mul %one, %x : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Multiplying by a constant that is not one is kept.
// CHECK-LABEL: func.func @mul_two
// CHECK: remat.mul
func.func @mul_two(%x: tensor<4xf32>) -> tensor<4xf32> {
  %two = remat.constant dense<2.0> : tensor<4xf32>
  %0 = remat.mul %x, %two : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @scale_one
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: return %[[X]]
func.func @scale_one(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = remat.scale %x, 1.0 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @scale_scale
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: %[[S:.*]] = remat.scale %[[X]], 1.500000e+00 : tensor<4xf32>
// CHECK-NEXT: return %[[S]]
func.func @scale_scale(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = remat.scale %x, 0.5 : tensor<4xf32>
  %1 = remat.scale %0, 3.0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast_same_shape
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>)
// CHECK-NEXT: return %[[X]]
func.func @broadcast_same_shape(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = remat.broadcast %x dims [0, 1] : tensor<4x8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// A size-1 expansion is a real broadcast.
// CHECK-LABEL: func.func @broadcast_expand
// CHECK: remat.broadcast
func.func @broadcast_expand(%x: tensor<1x8xf32>) -> tensor<4x8xf32> {
  %0 = remat.broadcast %x dims [0, 1] : tensor<1x8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @neg_neg
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: return %[[X]]
func.func @neg_neg(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = remat.neg %x : tensor<4xf32>
  %1 = remat.neg %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// A conversion to the same type, and a round trip through f32, are the
// value; a round trip through a narrower type rounds and stays.
// CHECK-LABEL: func.func @convert_round_trips
// CHECK-SAME: (%[[X:.*]]: tensor<4xbf16>, %[[Y:.*]]: tensor<4xf32>)
// CHECK-NEXT: %[[D:.*]] = remat.convert %[[Y]] : tensor<4xf32> -> tensor<4xbf16>
// CHECK-NEXT: %[[U:.*]] = remat.convert %[[D]] : tensor<4xbf16> -> tensor<4xf32>
// CHECK-NEXT: return %[[X]], %[[U]]
func.func @convert_round_trips(%x: tensor<4xbf16>, %y: tensor<4xf32>) -> (tensor<4xbf16>, tensor<4xf32>) {
  %0 = remat.convert %x : tensor<4xbf16> -> tensor<4xbf16>
  %1 = remat.convert %0 : tensor<4xbf16> -> tensor<4xf32>
  %2 = remat.convert %1 : tensor<4xf32> -> tensor<4xbf16>
  %3 = remat.convert %y : tensor<4xf32> -> tensor<4xbf16>
  %4 = remat.convert %3 : tensor<4xbf16> -> tensor<4xf32>
  return %2, %4 : tensor<4xbf16>, tensor<4xf32>
}

// -----

// x + (-0.0) is x; x + 0.0 is not (it maps -0.0 to +0.0).
// CHECK-LABEL: func.func @add_zero
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK: %[[Z:.*]] = remat.constant dense<0.000000e+00>
// CHECK: %[[A:.*]] = remat.add %[[X]], %[[Z]]
// CHECK: return %[[X]], %[[A]]
func.func @add_zero(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %nz = remat.constant dense<-0.0> : tensor<4xf32>
  %z = remat.constant dense<0.0> : tensor<4xf32>
  %0 = remat.add %x, %nz : tensor<4xf32>
  %1 = remat.add %x, %z : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Names survive canonicalization; pure unused ops do not, dropout's read
// effect does not keep an unused one alive either.
// CHECK-LABEL: func.func @name_kept
// CHECK: remat.name %{{.*}} as "h"
// CHECK-NOT: remat.exp
// CHECK-NOT: remat.dropout
func.func @name_kept(%x: tensor<4xf32>, %seed: i64) -> tensor<4xf32> {
  %0 = remat.name %x as "h" : tensor<4xf32>
  %1 = remat.exp %x : tensor<4xf32>
  %2 = remat.dropout %x, %seed rate 0.5 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A scan of one layer is its body run once: slices and stacked outputs are
// reshapes (views), carries pass straight through.
// CHECK-LABEL: func.func @scan_single_layer
// CHECK-SAME: (%[[H:.*]]: tensor<4x8xf32>, %[[WS:.*]]: tensor<1x8x8xf32>)
// CHECK-NOT: remat.scan
// CHECK: %[[W:.*]] = remat.reshape %[[WS]] : tensor<1x8x8xf32> -> tensor<8x8xf32>
// CHECK: %[[M:.*]] = remat.matmul %[[H]], %[[W]]
// CHECK: %[[T:.*]] = remat.tanh %[[M]]
// CHECK: %[[YS:.*]] = remat.reshape %[[M]] : tensor<4x8xf32> -> tensor<1x4x8xf32>
// CHECK: return %[[T]], %[[YS]]
func.func @scan_single_layer(%h0: tensor<4x8xf32>, %ws: tensor<1x8x8xf32>) -> (tensor<4x8xf32>, tensor<1x4x8xf32>) {
  %h, %ys = remat.scan mode <full> (%c = %h0 : tensor<4x8xf32>) over (%w = %ws : tensor<1x8x8xf32>) -> (tensor<4x8xf32>, tensor<1x4x8xf32>) {
    %m = remat.matmul %c, %w : tensor<4x8xf32>, tensor<8x8xf32> -> tensor<4x8xf32>
    %t = remat.tanh %m : tensor<4x8xf32>
    remat.yield %t, %m : tensor<4x8xf32>, tensor<4x8xf32>
  }
  return %h, %ys : tensor<4x8xf32>, tensor<1x4x8xf32>
}

// -----

// Two layers stay a scan.
// CHECK-LABEL: func.func @scan_two_layers
// CHECK: remat.scan
func.func @scan_two_layers(%h0: tensor<4x8xf32>, %ws: tensor<2x8x8xf32>) -> tensor<4x8xf32> {
  %h = remat.scan mode <none> (%c = %h0 : tensor<4x8xf32>) over (%w = %ws : tensor<2x8x8xf32>) -> (tensor<4x8xf32>) {
    %m = remat.matmul %c, %w : tensor<4x8xf32>, tensor<8x8xf32> -> tensor<4x8xf32>
    remat.yield %m : tensor<4x8xf32>
  }
  return %h : tensor<4x8xf32>
}
