// convert-remat-to-linalg lowers the IR as planned and folds nothing: a
// fold such as transpose(transpose(x)) -> x makes the consumer read x, which
// then lives longer than the plan counted (difftest seed 2026: five graphs
// whose compiled step exceeded its plan and its budget by one buffer).
// RUN: remat-opt %s -convert-remat-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @twice
// CHECK: linalg.transpose
// CHECK: linalg.transpose
// CHECK: linalg.generic
func.func @twice(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %t = remat.transpose %x perm [1, 0] : tensor<2x8xf32> -> tensor<8x2xf32>
  %u = remat.transpose %t perm [1, 0] : tensor<8x2xf32> -> tensor<2x8xf32>
  %n = remat.neg %u : tensor<2x8xf32>
  return %n : tensor<2x8xf32>
}

// CHECK-LABEL: func.func @negations
// CHECK-COUNT-2: linalg.generic
// CHECK: return
func.func @negations(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = remat.neg %x : tensor<4xf32>
  %b = remat.neg %a : tensor<4xf32>
  return %b : tensor<4xf32>
}
