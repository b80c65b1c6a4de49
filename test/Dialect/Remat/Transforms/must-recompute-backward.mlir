// must_recompute names a forward value, to be recomputed for the backward
// pass: it keeps the value only until the whole backward pass starts (the
// first op with remat.vjp_of). On an op of the backward pass itself it means
// nothing, and it is an error on that op, before any solver runs, with a
// note on where the backward pass starts.
// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-rematerialize="solver=greedy"
// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-rematerialize="budget=100% solver=policy"

func.func @must_recompute_in_backward(%x: tensor<16xf32>, %g: tensor<16xf32>) -> tensor<16xf32> {
  %e = remat.exp %x {remat.fwd_id = 0} : tensor<16xf32>
  // expected-note @+1 {{the backward pass starts here}}
  %ge = remat.mul %g, %e {remat.vjp_of = 0} : tensor<16xf32>
  // expected-error @+1 {{'remat.tanh' op is marked must_recompute but runs in the backward pass; must_recompute applies to values of the forward pass: drop the mark}}
  %t = remat.tanh %ge {remat.mark = #remat.mark<must_recompute>} : tensor<16xf32>
  %s = remat.add %t, %ge : tensor<16xf32>
  %u = remat.add %s, %t : tensor<16xf32>
  return %u : tensor<16xf32>
}

// -----

// The same mark on a forward op, before the backward pass, is honoured.
func.func @must_recompute_in_forward(%x: tensor<16xf32>, %g: tensor<16xf32>) -> tensor<16xf32> {
  %e = remat.exp %x {remat.fwd_id = 0, remat.mark = #remat.mark<must_recompute>} : tensor<16xf32>
  %ge = remat.mul %g, %e {remat.vjp_of = 0} : tensor<16xf32>
  return %ge : tensor<16xf32>
}
