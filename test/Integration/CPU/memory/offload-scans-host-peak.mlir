// Two scans in offload mode: the first's host stack (6 x 4x16 f32, 1,536 B)
// is read only by its reverse scan, which runs after the second's, so both
// stacks (2,560 B) are in host memory at once. The memory model gave each
// stack the lifetime of its scan's carry, which ends at the next op, and
// planned a host peak of 1,536 B; remat-run measured 2,560 B (difftest seed
// 2030, graph 896). Each stack now lives until its last reader.
// RUN: remat-opt %s -remat-autodiff -o %t.grad.mlir
// RUN: remat-opt %t.grad.mlir -remat-rematerialize="budget=100% report=%t.json" -o %t.plan.mlir
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// RUN: remat-run %t.plan.mlir --print=0 --check-memory=0.05 | FileCheck %s

// REPORT: "host_peak": 2560
// CHECK: host peak 2560 B (planned 2560 B)
// CHECK: PASS memory
func.func @g(%a0: tensor<4x16xf32>, %a1: tensor<6x16x16xf32>,
             %a2: tensor<4x16x16xf32>, %a3: tensor<4x16xf32>) -> tensor<f32> {
  %v1 = remat.scan mode <offload> (%c1 = %a0 : tensor<4x16xf32>) over (%w1 = %a1 : tensor<6x16x16xf32>) -> (tensor<4x16xf32>) {
    %v2 = remat.matmul %c1, %w1 : tensor<4x16xf32>, tensor<16x16xf32> -> tensor<4x16xf32>
    %v3 = remat.tanh %v2 : tensor<4x16xf32>
    remat.yield %v3 : tensor<4x16xf32>
  }
  %v5 = remat.scale %v1, 0.5 : tensor<4x16xf32>
  %v8 = remat.scan mode <offload> (%c8 = %v5 : tensor<4x16xf32>) over (%w8 = %a2 : tensor<4x16x16xf32>) -> (tensor<4x16xf32>) {
    %v9 = remat.matmul %c8, %w8 : tensor<4x16xf32>, tensor<16x16xf32> -> tensor<4x16xf32>
    %v11 = remat.tanh %v9 : tensor<4x16xf32>
    remat.yield %v11 : tensor<4x16xf32>
  }
  %v12 = remat.mse %v8, %a3 : tensor<4x16xf32> -> tensor<f32>
  return %v12 : tensor<f32>
}
