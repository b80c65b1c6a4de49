// Planning twice is valid, and a no-op at the same budget: the second run
// reads the first one's output (recomputed copies with remat.recomputed,
// which keep their original's remat.fwd_id and remat.mark) as a plain
// joint graph that already fits. A recomputed copy of a dropout marked
// must_recompute sits in the backward pass; the mark has been honoured (it
// is the copy the mark asked for), so it is no error there.
// RUN: remat-opt %s -remat-autodiff -remat-rematerialize="functions=mlp_grad solver=greedy budget=45000" -o %t.once.mlir
// RUN: remat-opt %t.once.mlir -remat-rematerialize="functions=mlp_grad solver=greedy budget=45000" -o %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// RUN: remat-opt %s -remat-autodiff -remat-rematerialize="functions=mlp_grad solver=greedy budget=45000" -remat-rematerialize="functions=mlp_grad solver=greedy budget=45000" | FileCheck %s
// A tighter budget the second time refines the plan: it reaches the peak a
// single run at that budget reaches.
// RUN: remat-opt %t.once.mlir -remat-rematerialize="functions=mlp_grad solver=greedy budget=41100" | FileCheck %s --check-prefix=REFINE
// The dropout alone, planned by its mark (no budget), twice.
// RUN: remat-opt %s -remat-autodiff -remat-rematerialize="functions=drop_grad solver=policy" -remat-rematerialize="functions=drop_grad solver=policy" | FileCheck %s --check-prefix=DROP
// RUN: remat-opt %s -remat-autodiff -remat-rematerialize="functions=drop_grad solver=greedy" -remat-rematerialize="functions=drop_grad solver=greedy" | FileCheck %s --check-prefix=DROP

// CHECK-LABEL: func.func @mlp_grad
// CHECK-SAME: remat.planned_peak = 41088
// CHECK: %[[D:.*]] = remat.dropout {{.*}}remat.mark = #remat.mark<must_recompute>} :
// CHECK-COUNT-1: remat.dropout {{.*}}remat.mark = #remat.mark<must_recompute>, remat.recomputed}
// CHECK-NOT: remat.mark
// CHECK: return

// REFINE-LABEL: func.func @mlp_grad
// REFINE-SAME: remat.budget = 41100 : i64
// REFINE-SAME: remat.planned_peak = 41088

// DROP-LABEL: func.func @drop_grad
// DROP: %[[D:.*]] = remat.dropout %{{.*}}, %{{.*}} rate 5.000000e-01 {remat.fwd_id = 0 : i64, remat.mark = #remat.mark<must_recompute>}
// DROP-NEXT: remat.matmul %[[D]],
// DROP: %[[C:.*]] = remat.dropout %{{.*}}, %{{.*}} rate 5.000000e-01 {remat.copy = {{[0-9]+}} : i64, remat.fwd_id = 0 : i64, remat.mark = #remat.mark<must_recompute>, remat.recomputed}
// DROP-NEXT: remat.matmul %[[C]], %{{.*}} transpose_a {remat.vjp_of = 1 : i64}
// DROP-NOT: remat.recomputed
// DROP: return

func.func @mlp(%x: tensor<32x32xf32>, %w1: tensor<32x32xf32>, %w2: tensor<32x32xf32>, %w3: tensor<32x32xf32>, %seed: i64) -> tensor<f32> {
  %h1 = remat.matmul %x, %w1 : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  %a1 = remat.tanh %h1 : tensor<32x32xf32>
  %d1 = remat.dropout %a1, %seed rate 0.25 {remat.mark = #remat.mark<must_recompute>} : tensor<32x32xf32>
  %h2 = remat.matmul %d1, %w2 : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  %a2 = remat.gelu %h2 tanh : tensor<32x32xf32>
  %h3 = remat.matmul %a2, %w3 : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  %a3 = remat.sigmoid %h3 : tensor<32x32xf32>
  %l = remat.reduce_mean %a3 dims [0, 1] : tensor<32x32xf32> -> tensor<f32>
  return %l : tensor<f32>
}

func.func @drop(%x: tensor<32x32xf32>, %w: tensor<32x32xf32>, %seed: i64) -> tensor<f32> {
  %d = remat.dropout %x, %seed rate 0.5 {remat.mark = #remat.mark<must_recompute>} : tensor<32x32xf32>
  %e = remat.matmul %d, %w : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  %t = remat.tanh %e : tensor<32x32xf32>
  %l = remat.reduce_sum %t dims [0, 1] : tensor<32x32xf32> -> tensor<f32>
  return %l : tensor<f32>
}
