// FLOP counts saturate at 2^63 - 1 instead of wrapping: a matmul of 2^63
// FLOPs (2 * 2^20 * 2^20 * 2^22) is reported as at least 2^63, not as 0.
// RUN: remat-opt %s -remat-rematerialize="budget=100% report-text=- report=%t.json" -o /dev/null 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=JSON < %t.json

// CHECK: recomputed: 0 value(s), +0 FLOPs (+0.0% of at least 2^63)
// JSON: "flops_total": 9223372036854775807
func.func @huge(%a: tensor<1048576x4194304xf32>, %b: tensor<4194304x1048576xf32>) -> tensor<1048576x1048576xf32> {
  %m = remat.matmul %a, %b : tensor<1048576x4194304xf32>, tensor<4194304x1048576xf32> -> tensor<1048576x1048576xf32>
  %t = remat.tanh %m : tensor<1048576x1048576xf32>
  return %t : tensor<1048576x1048576xf32>
}
