// Gradients through nested checkpoint regions: values read by the backward
// from one, two and three regions deep (tanh's output from the outer region,
// exp's from inside a sibling region, a region's own result, a value read
// in a nested region from two levels up) are yielded out level by level;
// the gradients match central finite differences of the compiled forward
// function, before planning, after planning under the regions' policies,
// and after planning twice. The same for nests written by
// test/Dialect/Remat/Transforms/Inputs/nested-checkpoints.py: 2,000 regions
// deep (one residual, the innermost exp's, yielded by every region), and 50
// deep with a tanh in every other region (each region yields the residuals
// of those inside it).
// RUN: remat-opt %s -remat-autodiff | remat-run - --entry=f_grad --check-gradients --print=0 | FileCheck %s
// RUN: remat-opt %s -remat-autodiff -remat-rematerialize="functions=f_grad" | remat-run - --entry=f_grad --check-gradients --print=0 | FileCheck %s
// RUN: remat-opt %s -remat-autodiff -remat-rematerialize="functions=f_grad" -remat-rematerialize="functions=f_grad" | remat-run - --entry=f_grad --check-gradients --print=0 | FileCheck %s
// RUN: %python %remat_src_root/test/Dialect/Remat/Transforms/Inputs/nested-checkpoints.py 2000 --innermost exp | remat-opt -remat-autodiff | remat-run - --entry=deep_grad --check-gradients --print=0 | FileCheck %s --check-prefix=DEEP
// RUN: %python %remat_src_root/test/Dialect/Remat/Transforms/Inputs/nested-checkpoints.py 50 --ops tanh,neg | remat-opt -remat-autodiff | remat-run - --entry=deep_grad --check-gradients --print=0 | FileCheck %s --check-prefix=DEEP

// CHECK: gradient check @f_grad wrt 0: PASSED
// CHECK: gradient check @f_grad wrt 1: PASSED
// DEEP: gradient check @deep_grad wrt 0: PASSED

func.func @f(%x: tensor<4x4xf32>, %w: tensor<4x4xf32>) -> tensor<f32> {
  %r = remat.checkpoint policy <nothing_saveable> -> tensor<4x4xf32> {
    %a = remat.tanh %x : tensor<4x4xf32>
    %b = remat.checkpoint policy <dots_saveable> -> tensor<4x4xf32> {
      %c = remat.exp %a : tensor<4x4xf32>
      %m = remat.matmul %c, %w : tensor<4x4xf32>, tensor<4x4xf32> -> tensor<4x4xf32>
      remat.yield %m : tensor<4x4xf32>
    }
    %d = remat.sigmoid %b : tensor<4x4xf32>
    %e = remat.checkpoint policy <everything_saveable> -> tensor<4x4xf32> {
      %f = remat.mul %d, %a : tensor<4x4xf32>
      %g = remat.checkpoint policy <nothing_saveable> -> tensor<4x4xf32> {
        %h = remat.mul %f, %b : tensor<4x4xf32>
        remat.yield %h : tensor<4x4xf32>
      }
      remat.yield %g : tensor<4x4xf32>
    }
    remat.yield %e : tensor<4x4xf32>
  }
  %l = remat.reduce_sum %r dims [0, 1] : tensor<4x4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
