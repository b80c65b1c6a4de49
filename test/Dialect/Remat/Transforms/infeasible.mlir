// An infeasible budget is an error on the op where the smallest reachable
// peak occurs, naming that peak, with notes on what fills it and the fix.
// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-rematerialize="budget=8KiB solver=greedy"

// expected-note @+2 {{at that point arguments take 4.00 KiB, values kept for later 0 B and this op's operands, results and scratch 8.00 KiB; use budget=12288 or more}}
// expected-note @+1 {{the greedy cannot lower the peak below 12288 bytes (budget 8192): at the computation of node 2 (remat.exp) at step 2, no value kept across it can be evicted without raising the peak elsewhere}}
func.func @too_small(%x: tensor<1024xf32>) -> tensor<1024xf32> {
  %a = remat.exp %x : tensor<1024xf32>
  // expected-error @+1 {{remat-rematerialize: a budget of 8.00 KiB (8192 B) is infeasible for @too_small: the smallest peak the greedy solver reaches is 12.0 KiB (12288 B), here}}
  %b = remat.exp %a : tensor<1024xf32>
  return %b : tensor<1024xf32>
}
