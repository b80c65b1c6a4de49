// Without functions=, remat-rematerialize plans the gradients remat-autodiff
// made (remat.primal): the forward function computes only the loss, holds
// nothing for a backward pass, and must not fail a share-of-peak budget.
// A module without such a function has every defined function planned.
// The README's pipeline, without functions=:
// RUN: remat-opt %remat_src_root/examples/mlp.mlir -remat-autodiff -remat-rematerialize="budget=75% report-text=-" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MLP
// RUN: remat-opt %s -remat-autodiff -remat-rematerialize="budget=100% report-text=-" -o /dev/null 2>&1 | FileCheck %s --check-prefix=GRAD
// RUN: remat-opt %s -remat-rematerialize="budget=100% report-text=-" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALL

// MLP-NOT: error
// MLP-NOT: report for @mlp{{$}}
// MLP: remat-rematerialize report for @mlp_grad
// MLP: budget: {{.*}} from '75%', met
// MLP-NOT: report for @mlp{{$}}
// GRAD-NOT: report for @f{{$}}
// GRAD: remat-rematerialize report for @f_grad
// GRAD-NOT: report for @f{{$}}
// ALL-DAG: remat-rematerialize report for @f{{$}}
// ALL-DAG: remat-rematerialize report for @g{{$}}
func.func @f(%x: tensor<16x64xf32>, %w1: tensor<64x64xf32>, %w2: tensor<64x64xf32>) -> tensor<f32> {
  %h = remat.matmul %x, %w1 : tensor<16x64xf32>, tensor<64x64xf32> -> tensor<16x64xf32>
  %a = remat.tanh %h : tensor<16x64xf32>
  %o = remat.matmul %a, %w2 : tensor<16x64xf32>, tensor<64x64xf32> -> tensor<16x64xf32>
  %t = remat.tanh %o : tensor<16x64xf32>
  %l = remat.reduce_sum %t dims [0, 1] : tensor<16x64xf32> -> tensor<f32>
  return %l : tensor<f32>
}

func.func @g(%x: tensor<16x64xf32>) -> tensor<16x64xf32> {
  %t = remat.tanh %x : tensor<16x64xf32>
  return %t : tensor<16x64xf32>
}
