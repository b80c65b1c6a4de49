// batch_norm's mean and variance are side results: values of their own that
// live to the return, while the normalized result is freed after exp and
// recomputed (batch_norm cloned) for the late reduce_sum. The plan keeps the
// original statistics (the report says why), the outputs are bitwise those
// of the unplanned function, and the measured peak matches the plan.
// RUN: remat-opt %s -remat-rematerialize="budget=100% solver=greedy" | remat-run - --check-memory=0 --print=0 --save-outputs=%t.out | FileCheck %s --check-prefix=KEEP
// RUN: remat-opt %s -remat-rematerialize="budget=55808 solver=greedy report-text=%t.txt" -o %t.mlir
// RUN: FileCheck %s --check-prefix=PLAN < %t.txt
// RUN: remat-run %t.mlir --check-memory=0.005 --print=0 --expect-outputs=%t.out | FileCheck %s --check-prefix=REMAT

// Unplanned: the arguments (18432 + 2 x 64 B), the statistics (2 x 64 B) and
// three [4, 8, 12, 12] f32 tensors (18432 B each: the normalized result,
// exp, tanh) at tanh: 73984 B.
// KEEP: measured peak 73984 B
// KEEP: PASS memory

// With the normalized result recomputed before reduce_sum: the arguments,
// sigmoid's result, the kept statistics and the recomputed batch_norm (its
// result, its two f32 channel sums and its own statistics, 2 x 64 B each):
// 18560 + 18432 + 128 + 18432 + 256 = 55808 B.
// PLAN: peak: {{.*}} -> {{.*}} (55808 B) after
// PLAN: 64  must (side result){{ +}}forward  remat.batch_norm result 1
// PLAN: 64  must (side result){{ +}}forward  remat.batch_norm result 2
// PLAN: recompute remat.batch_norm {{.*}} before step

// The recomputed statistics are read by nothing, and their computation is
// dropped: the measured peak is 128 B below the plan.
// REMAT: measured peak 55680 B
// REMAT: PASS memory
// REMAT-COUNT-4: PASS output {{[0-3]}} is bitwise identical

func.func @side(%x: tensor<4x8x12x12xf32>, %g: tensor<8xf32>, %b: tensor<8xf32>)
    -> (tensor<4x8x12x12xf32>, tensor<f32>, tensor<8xf32>, tensor<8xf32>) {
  %y, %m, %v = remat.batch_norm %x, %g, %b eps 1.0e-05 : tensor<4x8x12x12xf32>, tensor<8xf32>, tensor<8xf32>
  %e = remat.exp %y : tensor<4x8x12x12xf32>
  %t = remat.tanh %e : tensor<4x8x12x12xf32>
  %s = remat.sigmoid %t : tensor<4x8x12x12xf32>
  %r = remat.reduce_sum %y dims [0, 1, 2, 3] : tensor<4x8x12x12xf32> -> tensor<f32>
  return %s, %r, %m, %v : tensor<4x8x12x12xf32>, tensor<f32>, tensor<8xf32>, tensor<8xf32>
}
