// The exact solver is recompute-only: on a function whose checkpoint policy
// requires offloading (offload_dot_with_no_batch_dims,
// save_and_offload_only_these_names) it finds no plan, with or without a
// budget, and the error on the function says why and points to the greedy.
// The same functions plan with solver=greedy, or auto (solver-auto.mlir).
// REQUIRES: cbc
// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-rematerialize="solver=exact"
// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-rematerialize="budget=1MiB solver=exact"
// RUN: remat-opt %s -remat-rematerialize="budget=1MiB solver=greedy analysis-only" | FileCheck %s --check-prefix=GREEDY

// GREEDY-LABEL: func.func @offload_dots
// GREEDY: remat.matmul {{.*}}remat.decision = "offload"
// GREEDY-LABEL: func.func @save_and_offload
// GREEDY: remat.exp {{.*}}remat.decision = "offload"

// expected-error @+1 {{remat-rematerialize: the exact solver found no plan for @offload_dots: the exact solver does not model offloading (a policy requires it); use the greedy solver}}
func.func @offload_dots(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %g: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %y = remat.checkpoint policy <offload_dot_with_no_batch_dims> -> tensor<16x16xf32> {
    %h = remat.matmul %x, %w {remat.fwd_id = 0} : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    remat.yield %h : tensor<16x16xf32>
  }
  %t = remat.tanh %y {remat.fwd_id = 1} : tensor<16x16xf32>
  %gt = remat.mul %g, %t {remat.vjp_of = 1} : tensor<16x16xf32>
  %gh = remat.mul %gt, %y {remat.vjp_of = 0} : tensor<16x16xf32>
  return %gh : tensor<16x16xf32>
}

// -----

// expected-error @+1 {{remat-rematerialize: the exact solver found no plan for @save_and_offload: the exact solver does not model offloading (a policy requires it); use the greedy solver}}
func.func @save_and_offload(%x: tensor<16x16xf32>, %g: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %y = remat.checkpoint policy <save_and_offload_only_these_names save [] offload ["u"]> -> tensor<16x16xf32> {
    %u = remat.exp %x {remat.fwd_id = 0} : tensor<16x16xf32>
    %un = remat.name %u as "u" : tensor<16x16xf32>
    remat.yield %un : tensor<16x16xf32>
  }
  %t = remat.tanh %y {remat.fwd_id = 1} : tensor<16x16xf32>
  %gt = remat.mul %g, %t {remat.vjp_of = 1} : tensor<16x16xf32>
  %gu = remat.mul %gt, %y {remat.vjp_of = 0} : tensor<16x16xf32>
  return %gu : tensor<16x16xf32>
}
