// The exact solver models offloading: on functions whose checkpoint policy
// requires it (offload_dot_with_no_batch_dims,
// save_and_offload_only_these_names), with or without a budget, it offloads
// what the policy names and reloads it for the backward pass (JAX's plan:
// the policy's value leaves the device after its forward use), and proves
// that optimal. With allow-offload and cheap transfers it chooses an
// offload over a recomputation by itself.
// REQUIRES: cbc
// RUN: remat-opt %s -split-input-file -remat-rematerialize="solver=exact analysis-only" | FileCheck %s
// RUN: remat-opt %s -split-input-file -remat-rematerialize="budget=1MiB solver=exact analysis-only" | FileCheck %s
// RUN: remat-opt %s -split-input-file -remat-rematerialize="budget=1MiB solver=exact report-text=-" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// The greedy offloads them too (after their last forward read):
// RUN: remat-opt %s -split-input-file -remat-rematerialize="budget=1MiB solver=greedy analysis-only" | FileCheck %s --check-prefix=GREEDY

// CHECK-LABEL: func.func @offload_dots
// CHECK: remat.matmul {{.*}}remat.decision = "offload"{{.*}}remat.offload_after = array<i64: 3>, remat.reload_at = array<i64: 6>
// CHECK-LABEL: func.func @save_and_offload
// CHECK: remat.exp {{.*}}remat.decision = "offload"{{.*}}remat.offload_after = array<i64: 2>, remat.reload_at = array<i64: 5>

// GREEDY-LABEL: func.func @offload_dots
// GREEDY: remat.matmul {{.*}}remat.decision = "offload"
// GREEDY-LABEL: func.func @save_and_offload
// GREEDY: remat.exp {{.*}}remat.decision = "offload"

// REPORT-LABEL: report for @offload_dots
// REPORT: solver: exact (optimal), gap 0.00%
// REPORT: offloaded: 1 value(s), host peak 1.00 KiB
// REPORT: offloaded by checkpoint policy <offload_dot_with_no_batch_dims>
// REPORT-LABEL: report for @save_and_offload
// REPORT: solver: exact (optimal), gap 0.00%
// REPORT: offloaded by checkpoint policy <save_and_offload_only_these_names

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

// -----

// No policy: the exact solver weighs keeping, recomputing and offloading.
// The matmul %m (16 KiB; 2 * 64^3 = 524288 FLOPs to recompute) is read by
// the tanh and again at the end; keeping every value peaks at the exp
// (arguments 160 KiB, %m, %u and %v: 304 KiB). Under 300000 B %m must leave
// the device across the exp: moving it costs 2 * 16 KiB * (flop-rate /
// offload-bandwidth) = 32 KiB * 4 = 131072 at the defaults, below the
// matmul's FLOPs.
// RUN: remat-opt %s -split-input-file -remat-rematerialize="budget=300000 solver=exact allow-offload report-text=-" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHOICE
// CHOICE-LABEL: report for @choose
// CHOICE: solver: exact (optimal)
// CHOICE: recomputed: 0 value(s)
// CHOICE: offloaded: 1 value(s)
// CHOICE: reload remat.matmul ({{.*}}, 16384 B) before step
// With transfers dearer than the recomputation (64 FLOP a byte), it
// recomputes instead.
// RUN: remat-opt %s -split-input-file -remat-rematerialize="budget=300000 solver=exact allow-offload offload-bandwidth=625e6 report-text=-" -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEAR
// DEAR-LABEL: report for @choose
// DEAR: solver: exact (optimal)
// DEAR: recomputed: 1 value(s)
// DEAR: offloaded: 0 value(s)
func.func @choose(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>, %w2: tensor<64x256xf32>, %w3: tensor<256x64xf32>) -> tensor<64x64xf32> {
  %m = remat.matmul %x, %w : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %t = remat.tanh %m : tensor<64x64xf32>
  %u = remat.matmul %t, %w2 : tensor<64x64xf32>, tensor<64x256xf32> -> tensor<64x256xf32>
  %v = remat.exp %u : tensor<64x256xf32>
  %r = remat.matmul %v, %w3 : tensor<64x256xf32>, tensor<256x64xf32> -> tensor<64x64xf32>
  %d = remat.add %r, %m : tensor<64x64xf32>
  return %d : tensor<64x64xf32>
}
