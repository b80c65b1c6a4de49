// Foreign elementwise ops on tensors (the ElementwiseMappable arith and math
// ops) become a linalg.generic over identity maps whose body is the same op
// on the elements, in the op's own types (no f32 detour), attributes kept,
// writing a new tensor per result (never an operand: the planner counts a
// foreign op's results and no scratch, and arguments are not overwritten).
// Scalar operands are used as they are. Everything else is left alone.
// RUN: remat-opt %s -split-input-file -allow-unregistered-dialect -convert-remat-to-linalg | FileCheck %s

// CHECK: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @exp
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK: %[[Y:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<4x8xf32>) outs(%[[E]] : tensor<4x8xf32>)
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[R:.*]] = math.exp %[[A]] : f32
// CHECK-NEXT: linalg.yield %[[R]] : f32
// CHECK: return %[[Y]]
func.func @exp(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %y = math.exp %x : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// 16-bit: the op itself, in f16; its fastmath flags are kept.
// CHECK-LABEL: func.func @addf_f16
// CHECK: %[[E:.*]] = tensor.empty() : tensor<8xf16>
// CHECK: linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<8xf16>, tensor<8xf16>) outs(%[[E]] : tensor<8xf16>)
// CHECK-NEXT: ^bb0(%[[A:.*]]: f16, %[[B:.*]]: f16, %{{.*}}: f16):
// CHECK-NOT: arith.extf
// CHECK-NEXT: arith.addf %[[A]], %[[B]] fastmath<contract> : f16
func.func @addf_f16(%a: tensor<8xf16>, %b: tensor<8xf16>) -> tensor<8xf16> {
  %y = arith.addf %a, %b fastmath<contract> : tensor<8xf16>
  return %y : tensor<8xf16>
}

// -----

// A comparison makes an i1 tensor, which a select reads.
// CHECK-LABEL: func.func @cmpf_select
// CHECK: %[[E1:.*]] = tensor.empty() : tensor<8xi1>
// CHECK: %[[C:.*]] = linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<8xf32>, tensor<8xf32>) outs(%[[E1]] : tensor<8xi1>)
// CHECK: arith.cmpf olt, %{{.*}}, %{{.*}} : f32
// CHECK: linalg.yield %{{.*}} : i1
// CHECK: %[[E2:.*]] = tensor.empty() : tensor<8xf32>
// CHECK: linalg.generic {{.*}} ins(%[[C]], %arg0, %arg1 : tensor<8xi1>, tensor<8xf32>, tensor<8xf32>) outs(%[[E2]] : tensor<8xf32>)
// CHECK-NEXT: ^bb0(%[[P:.*]]: i1, %[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: arith.select %[[P]], %[[A]], %[[B]] : f32
func.func @cmpf_select(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %c = arith.cmpf olt, %a, %b : tensor<8xf32>
  %y = arith.select %c, %a, %b : tensor<8xi1>, tensor<8xf32>
  return %y : tensor<8xf32>
}

// -----

// A scalar condition selecting between tensors: used in every element; the
// result is a new tensor, not one of the operands' buffers.
// CHECK-LABEL: func.func @select_scalar
// CHECK-SAME: (%[[P:.*]]: i1, %[[A:.*]]: tensor<8xf32>, %[[B:.*]]: tensor<8xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[A]], %[[B]] : tensor<8xf32>, tensor<8xf32>) outs(%{{.*}} : tensor<8xf32>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: arith.select %[[P]], %[[X]], %[[Y]] : f32
func.func @select_scalar(%p: i1, %a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %y = arith.select %p, %a, %b : tensor<8xf32>
  return %y : tensor<8xf32>
}

// -----

// Integers and casts.
// CHECK-LABEL: func.func @integers
// CHECK: arith.addi %{{.*}}, %{{.*}} : i32
// CHECK: arith.muli %{{.*}}, %{{.*}} : i32
// CHECK: arith.sitofp %{{.*}} : i32 to f32
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK-NOT: arith.{{.*}} : tensor
func.func @integers(%a: tensor<2x3xi32>, %b: tensor<2x3xi32>) -> tensor<2x3xf32> {
  %s = arith.addi %a, %b : tensor<2x3xi32>
  %m = arith.muli %s, %b : tensor<2x3xi32>
  %f = arith.sitofp %m : tensor<2x3xi32> to tensor<2x3xf32>
  %h = arith.truncf %f : tensor<2x3xf32> to tensor<2x3xf16>
  %e = arith.extf %h : tensor<2x3xf16> to tensor<2x3xf32>
  return %e : tensor<2x3xf32>
}

// -----

// Mixed with remat ops: each becomes its own linalg.generic.
// CHECK-LABEL: func.func @mixed
// CHECK: math.tanh %{{.*}} : f32
// CHECK: arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK: math.exp %{{.*}} : f32
// CHECK-NOT: remat.
func.func @mixed(%x: tensor<4xf32>) -> tensor<4xf32> {
  %t = math.tanh %x : tensor<4xf32>
  %r = remat.relu %t : tensor<4xf32>
  %m = arith.mulf %r, %x : tensor<4xf32>
  %e = remat.exp %m : tensor<4xf32>
  return %e : tensor<4xf32>
}

// -----

// Left alone: constants (bufferization makes dense ones globals), scalar and
// vector arithmetic, dynamic shapes, and ops of other dialects (which
// remat-lower-cpu then reports).
// CHECK-LABEL: func.func @left_alone
// CHECK: %[[K:.*]] = arith.constant dense<5.000000e-01> : tensor<8xf32>
// CHECK: arith.addf %{{.*}}, %{{.*}} : f32
// CHECK: arith.addf %{{.*}}, %{{.*}} : vector<8xf32>
// CHECK: arith.addf %{{.*}}, %{{.*}} : tensor<?xf32>
// CHECK: "foo.bar"(%[[K]]) : (tensor<8xf32>) -> tensor<8xf32>
func.func @left_alone(%s: f32, %v: vector<8xf32>, %d: tensor<?xf32>)
    -> (tensor<8xf32>, f32, vector<8xf32>, tensor<?xf32>, tensor<8xf32>) {
  %k = arith.constant dense<0.5> : tensor<8xf32>
  %a = arith.addf %s, %s : f32
  %b = arith.addf %v, %v : vector<8xf32>
  %c = arith.addf %d, %d : tensor<?xf32>
  %u = "foo.bar"(%k) : (tensor<8xf32>) -> tensor<8xf32>
  return %k, %a, %b, %c, %u : tensor<8xf32>, f32, vector<8xf32>, tensor<?xf32>, tensor<8xf32>
}
