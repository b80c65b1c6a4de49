// solver=auto, given explicitly or by default, picks the solver as
// docs/solvers.md says; the text report names the one that ran. Without a
// budget: policy. With one: exact for problems of at most 60 nodes
// (SolverOptions::autoExactMaxNodes) and the search above that, whether
// or not values may or must be offloaded (the exact solver models
// offloading). A node is an argument or an op result: @nodes60 (1
// argument, 59 exps, steps 0..59) is the largest the exact solver gets,
// @nodes61 one more. With allow-offload too. The exact solver proves its
// plan for @offload_policy optimal: the transfers the policy forces (1 KiB
// offloaded and reloaded, 4 per byte). solver-auto-no-cbc.mlir covers a
// build without CBC.
// REQUIRES: cbc
// RUN: remat-opt %s -remat-rematerialize="solver=auto analysis-only report-text=%t.none.txt" | FileCheck %s
// RUN: FileCheck %s --input-file=%t.none.txt --check-prefix=NOBUDGET
// RUN: remat-opt %s -remat-rematerialize="budget=100% solver=auto analysis-only report-text=%t.auto.txt" -o /dev/null
// RUN: FileCheck %s --input-file=%t.auto.txt --check-prefix=BUDGET
// RUN: remat-opt %s -remat-rematerialize="budget=100% analysis-only report-text=%t.default.txt" -o /dev/null
// RUN: FileCheck %s --input-file=%t.default.txt --check-prefix=BUDGET
// RUN: remat-opt %s -remat-rematerialize="budget=100% allow-offload analysis-only report-text=%t.offload.txt" -o /dev/null
// RUN: FileCheck %s --input-file=%t.offload.txt --check-prefix=ALLOW

// CHECK-LABEL: func.func @nodes60
// CHECK: remat.exp {{.*}}remat.step = 59 : i64
// CHECK-NEXT: return
// CHECK-LABEL: func.func @nodes61
// CHECK: remat.exp {{.*}}remat.step = 60 : i64
// CHECK-NEXT: return

// NOBUDGET-LABEL: report for @nodes60
// NOBUDGET-NEXT: solver: policy
// NOBUDGET-NEXT: budget: none (policies only)
// NOBUDGET-LABEL: report for @nodes61
// NOBUDGET-NEXT: solver: policy
// NOBUDGET-LABEL: report for @offload_policy
// NOBUDGET-NEXT: solver: policy
// NOBUDGET: offloaded: 1 value(s)

// BUDGET-LABEL: report for @nodes60
// BUDGET-NEXT: solver: exact (optimal), gap 0.00%
// BUDGET-LABEL: report for @nodes61
// BUDGET-NEXT: solver: search (optimal), gap 0.00%
// BUDGET-LABEL: report for @offload_policy
// BUDGET-NEXT: solver: exact (optimal), gap 0.00%, proven lower bound on the added cost 8192
// BUDGET: offloaded: 1 value(s)

func.func @nodes60(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e1 = remat.exp %x : tensor<4xf32>
  %e2 = remat.exp %e1 : tensor<4xf32>
  %e3 = remat.exp %e2 : tensor<4xf32>
  %e4 = remat.exp %e3 : tensor<4xf32>
  %e5 = remat.exp %e4 : tensor<4xf32>
  %e6 = remat.exp %e5 : tensor<4xf32>
  %e7 = remat.exp %e6 : tensor<4xf32>
  %e8 = remat.exp %e7 : tensor<4xf32>
  %e9 = remat.exp %e8 : tensor<4xf32>
  %e10 = remat.exp %e9 : tensor<4xf32>
  %e11 = remat.exp %e10 : tensor<4xf32>
  %e12 = remat.exp %e11 : tensor<4xf32>
  %e13 = remat.exp %e12 : tensor<4xf32>
  %e14 = remat.exp %e13 : tensor<4xf32>
  %e15 = remat.exp %e14 : tensor<4xf32>
  %e16 = remat.exp %e15 : tensor<4xf32>
  %e17 = remat.exp %e16 : tensor<4xf32>
  %e18 = remat.exp %e17 : tensor<4xf32>
  %e19 = remat.exp %e18 : tensor<4xf32>
  %e20 = remat.exp %e19 : tensor<4xf32>
  %e21 = remat.exp %e20 : tensor<4xf32>
  %e22 = remat.exp %e21 : tensor<4xf32>
  %e23 = remat.exp %e22 : tensor<4xf32>
  %e24 = remat.exp %e23 : tensor<4xf32>
  %e25 = remat.exp %e24 : tensor<4xf32>
  %e26 = remat.exp %e25 : tensor<4xf32>
  %e27 = remat.exp %e26 : tensor<4xf32>
  %e28 = remat.exp %e27 : tensor<4xf32>
  %e29 = remat.exp %e28 : tensor<4xf32>
  %e30 = remat.exp %e29 : tensor<4xf32>
  %e31 = remat.exp %e30 : tensor<4xf32>
  %e32 = remat.exp %e31 : tensor<4xf32>
  %e33 = remat.exp %e32 : tensor<4xf32>
  %e34 = remat.exp %e33 : tensor<4xf32>
  %e35 = remat.exp %e34 : tensor<4xf32>
  %e36 = remat.exp %e35 : tensor<4xf32>
  %e37 = remat.exp %e36 : tensor<4xf32>
  %e38 = remat.exp %e37 : tensor<4xf32>
  %e39 = remat.exp %e38 : tensor<4xf32>
  %e40 = remat.exp %e39 : tensor<4xf32>
  %e41 = remat.exp %e40 : tensor<4xf32>
  %e42 = remat.exp %e41 : tensor<4xf32>
  %e43 = remat.exp %e42 : tensor<4xf32>
  %e44 = remat.exp %e43 : tensor<4xf32>
  %e45 = remat.exp %e44 : tensor<4xf32>
  %e46 = remat.exp %e45 : tensor<4xf32>
  %e47 = remat.exp %e46 : tensor<4xf32>
  %e48 = remat.exp %e47 : tensor<4xf32>
  %e49 = remat.exp %e48 : tensor<4xf32>
  %e50 = remat.exp %e49 : tensor<4xf32>
  %e51 = remat.exp %e50 : tensor<4xf32>
  %e52 = remat.exp %e51 : tensor<4xf32>
  %e53 = remat.exp %e52 : tensor<4xf32>
  %e54 = remat.exp %e53 : tensor<4xf32>
  %e55 = remat.exp %e54 : tensor<4xf32>
  %e56 = remat.exp %e55 : tensor<4xf32>
  %e57 = remat.exp %e56 : tensor<4xf32>
  %e58 = remat.exp %e57 : tensor<4xf32>
  %e59 = remat.exp %e58 : tensor<4xf32>
  return %e59 : tensor<4xf32>
}

func.func @nodes61(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e1 = remat.exp %x : tensor<4xf32>
  %e2 = remat.exp %e1 : tensor<4xf32>
  %e3 = remat.exp %e2 : tensor<4xf32>
  %e4 = remat.exp %e3 : tensor<4xf32>
  %e5 = remat.exp %e4 : tensor<4xf32>
  %e6 = remat.exp %e5 : tensor<4xf32>
  %e7 = remat.exp %e6 : tensor<4xf32>
  %e8 = remat.exp %e7 : tensor<4xf32>
  %e9 = remat.exp %e8 : tensor<4xf32>
  %e10 = remat.exp %e9 : tensor<4xf32>
  %e11 = remat.exp %e10 : tensor<4xf32>
  %e12 = remat.exp %e11 : tensor<4xf32>
  %e13 = remat.exp %e12 : tensor<4xf32>
  %e14 = remat.exp %e13 : tensor<4xf32>
  %e15 = remat.exp %e14 : tensor<4xf32>
  %e16 = remat.exp %e15 : tensor<4xf32>
  %e17 = remat.exp %e16 : tensor<4xf32>
  %e18 = remat.exp %e17 : tensor<4xf32>
  %e19 = remat.exp %e18 : tensor<4xf32>
  %e20 = remat.exp %e19 : tensor<4xf32>
  %e21 = remat.exp %e20 : tensor<4xf32>
  %e22 = remat.exp %e21 : tensor<4xf32>
  %e23 = remat.exp %e22 : tensor<4xf32>
  %e24 = remat.exp %e23 : tensor<4xf32>
  %e25 = remat.exp %e24 : tensor<4xf32>
  %e26 = remat.exp %e25 : tensor<4xf32>
  %e27 = remat.exp %e26 : tensor<4xf32>
  %e28 = remat.exp %e27 : tensor<4xf32>
  %e29 = remat.exp %e28 : tensor<4xf32>
  %e30 = remat.exp %e29 : tensor<4xf32>
  %e31 = remat.exp %e30 : tensor<4xf32>
  %e32 = remat.exp %e31 : tensor<4xf32>
  %e33 = remat.exp %e32 : tensor<4xf32>
  %e34 = remat.exp %e33 : tensor<4xf32>
  %e35 = remat.exp %e34 : tensor<4xf32>
  %e36 = remat.exp %e35 : tensor<4xf32>
  %e37 = remat.exp %e36 : tensor<4xf32>
  %e38 = remat.exp %e37 : tensor<4xf32>
  %e39 = remat.exp %e38 : tensor<4xf32>
  %e40 = remat.exp %e39 : tensor<4xf32>
  %e41 = remat.exp %e40 : tensor<4xf32>
  %e42 = remat.exp %e41 : tensor<4xf32>
  %e43 = remat.exp %e42 : tensor<4xf32>
  %e44 = remat.exp %e43 : tensor<4xf32>
  %e45 = remat.exp %e44 : tensor<4xf32>
  %e46 = remat.exp %e45 : tensor<4xf32>
  %e47 = remat.exp %e46 : tensor<4xf32>
  %e48 = remat.exp %e47 : tensor<4xf32>
  %e49 = remat.exp %e48 : tensor<4xf32>
  %e50 = remat.exp %e49 : tensor<4xf32>
  %e51 = remat.exp %e50 : tensor<4xf32>
  %e52 = remat.exp %e51 : tensor<4xf32>
  %e53 = remat.exp %e52 : tensor<4xf32>
  %e54 = remat.exp %e53 : tensor<4xf32>
  %e55 = remat.exp %e54 : tensor<4xf32>
  %e56 = remat.exp %e55 : tensor<4xf32>
  %e57 = remat.exp %e56 : tensor<4xf32>
  %e58 = remat.exp %e57 : tensor<4xf32>
  %e59 = remat.exp %e58 : tensor<4xf32>
  %e60 = remat.exp %e59 : tensor<4xf32>
  return %e60 : tensor<4xf32>
}

// x.w is a dot without batch dims, which the policy offloads: its read in
// the backward pass needs a reload.
func.func @offload_policy(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %g: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %y = remat.checkpoint policy <offload_dot_with_no_batch_dims> -> tensor<16x16xf32> {
    %h = remat.matmul %x, %w {remat.fwd_id = 0} : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    remat.yield %h : tensor<16x16xf32>
  }
  %t = remat.tanh %y {remat.fwd_id = 1} : tensor<16x16xf32>
  %gt = remat.mul %g, %t {remat.vjp_of = 1} : tensor<16x16xf32>
  %gh = remat.mul %gt, %y {remat.vjp_of = 0} : tensor<16x16xf32>
  return %gh : tensor<16x16xf32>
}

// ALLOW-LABEL: report for @nodes60
// ALLOW-NEXT: solver: exact (optimal), gap 0.00%
