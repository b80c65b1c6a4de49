// solver=chain on what is not a chain of layers: an error on the function,
// or on the op that breaks the chain, saying why and which solvers plan it;
// and a budget below what the chain model can reach, naming the least
// budget that works.
// RUN: split-file %s %t
// RUN: remat-opt %t/forward.mlir -verify-diagnostics -remat-rematerialize="budget=20% solver=chain"
// RUN: remat-opt %t/policy.mlir -verify-diagnostics -remat-autodiff -remat-rematerialize="budget=20% solver=chain functions=f_grad"
// RUN: remat-opt %t/budget.mlir -verify-diagnostics -remat-autodiff -remat-rematerialize="budget=20% solver=chain functions=g_grad"

//--- forward.mlir

// No backward pass (the function was not differentiated): there is no chain
// to checkpoint.
// expected-error @+1 {{remat-rematerialize: the chain solver found no plan for @fwd: the function is not a chain of layers: the function has no backward pass (no op is tagged remat.vjp_of): the chain solver plans training steps as remat-autodiff derives them (choose them with functions=, e.g. functions=f_grad); use solver=greedy or solver=exact}}
func.func @fwd(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %m = remat.matmul %x, %w : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %t = remat.tanh %m : tensor<64x64xf32>
  return %t : tensor<64x64xf32>
}

//--- policy.mlir

// A checkpoint policy forbids keeping the region's values: the chain model
// (a layer stores all its internals or only its input) cannot honour that.
// The error is on the first value the policy constrains, in @f_grad.
func.func @f(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>, %w2: tensor<64x64xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <nothing_saveable> -> tensor<64x64xf32> {
    // expected-error @+1 {{remat-rematerialize: the chain solver found no plan for @f_grad: the function is not a chain of layers: node 3 (remat.matmul) may not be kept for the backward pass (a checkpoint policy or a must_recompute mark), which the chain model does not express; use solver=greedy or solver=exact}}
    %m = remat.matmul %x, %w : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
    %t = remat.tanh %m : tensor<64x64xf32>
    remat.yield %t : tensor<64x64xf32>
  }
  %z = remat.matmul %y, %w2 : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %t2 = remat.tanh %z : tensor<64x64xf32>
  %l = remat.reduce_sum %t2 dims [0, 1] : tensor<64x64xf32> -> tensor<f32>
  return %l : tensor<f32>
}

//--- budget.mlir

// A chain of 5 layers whose least-memory schedule, replayed, peaks at
// 123008 B: 20% of the unconstrained peak is below it. The error is on the
// op at that peak (the weight gradient of %z), and names the budget to use.
// expected-note @+2 {{use budget=123008 or more}}
// expected-note @+1 {{the chain model (5 layers) needs at least 65536 bytes besides the 49216 bytes of arguments and constants; its least-memory schedule, replayed on the function, peaks at 123008 bytes}}
func.func @g(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>, %w2: tensor<64x64xf32>) -> tensor<f32> {
  %m = remat.matmul %x, %w : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %t = remat.tanh %m : tensor<64x64xf32>
  // expected-error @+1 {{remat-rematerialize: a budget of 24.0 KiB (24601 B) is infeasible for @g_grad: the smallest peak the chain solver reaches is 120 KiB (123008 B), here, in the backward pass of this op}}
  %z = remat.matmul %t, %w2 : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %t2 = remat.tanh %z : tensor<64x64xf32>
  %l = remat.reduce_sum %t2 dims [0, 1] : tensor<64x64xf32> -> tensor<f32>
  return %l : tensor<f32>
}
