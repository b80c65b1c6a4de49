// Foreign ops (arith and math on tensors, not remat's) mixed with remat ops:
// the planner counts each foreign op's results at their size and no scratch,
// and their lowering (a linalg.generic into a new tensor per result) allocates
// exactly that, so the measured peak equals the plan to the byte, with an i1
// mask (a byte per element), f16 and i32 tensors and a dense constant (a
// global, resident on both sides). Under a budget below the unplanned peak
// the foreign math.exp is recomputed, and the outputs are bitwise those of
// the unplanned function.
// RUN: remat-opt %s -remat-rematerialize="budget=100% solver=greedy" | remat-run - --check-memory=0 --print=0 --save-outputs=%t.out | FileCheck %s --check-prefix=KEEP
// RUN: remat-opt %s -remat-rematerialize="budget=86016 solver=greedy report-text=%t.txt" -o %t.mlir
// RUN: FileCheck %s --check-prefix=PLAN < %t.txt
// RUN: remat-run %t.mlir --check-memory=0 --print=0 --expect-outputs=%t.out | FileCheck %s --check-prefix=REMAT
// The plain-loop lowering allocates the same buffers.
// RUN: remat-run %t.mlir --no-vectorize --check-memory=0 --print=0 | FileCheck %s --check-prefix=REMAT

// Unplanned, at the select: the arguments and the constant (4 x 12288 B),
// exp's result kept for the late add, the extended sigmoid, the i1 mask
// (3072 B) and the select's result: 49152 + 3 x 12288 + 3072 = 89088 B.
// KEEP: measured peak 89088 B
// KEEP: planned peak 89088 B
// KEEP: PASS memory

// With exp recomputed before the add, the peak moves there: the arguments
// and the constant, the select's result, the recomputed exp and the sum:
// 49152 + 3 x 12288 = 86016 B.
// PLAN: peak: {{.*}} -> {{.*}} (86016 B) after
// PLAN: recompute math.exp {{.*}} before step

// REMAT: measured peak 86016 B
// REMAT: planned peak 86016 B
// REMAT: PASS memory

func.func @mixed(%x: tensor<32x96xf32>, %y: tensor<32x96xf32>, %n: tensor<32x96xi32>)
    -> (tensor<32x96xf32>, tensor<32x96xi32>) {
  %k = arith.constant dense<0.5> : tensor<32x96xf32>
  %e = math.exp %x : tensor<32x96xf32>
  %a = remat.tanh %e : tensor<32x96xf32>
  %b = arith.mulf %a, %k : tensor<32x96xf32>
  %h = arith.truncf %b : tensor<32x96xf32> to tensor<32x96xf16>
  %g = remat.sigmoid %h : tensor<32x96xf16>
  %f = arith.extf %g : tensor<32x96xf16> to tensor<32x96xf32>
  %c = arith.cmpf ogt, %f, %y : tensor<32x96xf32>
  %d = arith.select %c, %f, %y : tensor<32x96xi1>, tensor<32x96xf32>
  %s = remat.add %d, %e : tensor<32x96xf32>
  %i = arith.fptosi %s : tensor<32x96xf32> to tensor<32x96xi32>
  %m = arith.muli %i, %n : tensor<32x96xi32>
  %j = arith.addi %m, %n : tensor<32x96xi32>
  return %s, %j : tensor<32x96xf32>, tensor<32x96xi32>
}
