// A name a checkpoint policy lists that no remat.name in its region tags
// (nested checkpoints and remat.scan bodies included) selects nothing: a
// warning on the checkpoint, from the planner only (remat-autodiff copies
// @f into @f_grad, and planning @f, which has no backward pass, says
// nothing: the warning is given once, for @f_grad; see
// policies-unmatched-names-once.mlir). Planning goes on.
// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-autodiff -remat-rematerialize -o /dev/null

// A typo: the closest tag of the region is suggested.
func.func @typo(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>) -> tensor<f32> {
  // expected-warning @+1 {{remat-rematerialize: checkpoint policy save_only_these_names names 'l2_pr', which no remat.name in this region tags; did you mean 'l2_pre'?}}
  %y = remat.checkpoint policy <save_only_these_names ["l2_pr"]> -> tensor<16x16xf32> {
    %m = remat.matmul %x, %w : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %mn = remat.name %m as "l2_pre" : tensor<16x16xf32>
    %g = remat.gelu %mn tanh : tensor<16x16xf32>
    %gn = remat.name %g as "act" : tensor<16x16xf32>
    remat.yield %gn : tensor<16x16xf32>
  }
  %l = remat.reduce_sum %y dims [0, 1] : tensor<16x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// Nothing close: the region's names are listed.
func.func @no_near_match(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>) -> tensor<f32> {
  // expected-warning @+1 {{checkpoint policy save_any_names_but_these names 'attention_out', which no remat.name in this region tags; the region's names are 'act', 'l2_pre'}}
  %y = remat.checkpoint policy <save_any_names_but_these ["attention_out"]> -> tensor<16x16xf32> {
    %m = remat.matmul %x, %w : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %mn = remat.name %m as "l2_pre" : tensor<16x16xf32>
    %g = remat.gelu %mn tanh : tensor<16x16xf32>
    %gn = remat.name %g as "act" : tensor<16x16xf32>
    remat.yield %gn : tensor<16x16xf32>
  }
  %l = remat.reduce_sum %y dims [0, 1] : tensor<16x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// A region that tags nothing.
func.func @no_names(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>) -> tensor<f32> {
  // expected-warning @+1 {{checkpoint policy save_anything_except_these_names names 'act', which no remat.name in this region tags; the region tags no value (remat.name %v as "...")}}
  %y = remat.checkpoint policy <save_anything_except_these_names ["act"]> -> tensor<16x16xf32> {
    %m = remat.matmul %x, %w : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %g = remat.gelu %m tanh : tensor<16x16xf32>
    remat.yield %g : tensor<16x16xf32>
  }
  %l = remat.reduce_sum %y dims [0, 1] : tensor<16x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// Both lists of save_and_offload_only_these_names and every alternative of
// `a | b` are checked; a name listed twice is warned about once.
func.func @lists(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>) -> tensor<f32> {
  // expected-warning @+2 {{checkpoint policy save_and_offload_only_these_names names 'ac', which no remat.name in this region tags; did you mean 'act'?}}
  // expected-warning @+1 {{checkpoint policy save_only_these_names names 'zzz', which no remat.name in this region tags; the region's names are 'act', 'l2_pre'}}
  %y = remat.checkpoint policy <save_and_offload_only_these_names save ["l2_pre"] offload ["ac"] | save_only_these_names ["ac", "zzz", "act"]> -> tensor<16x16xf32> {
    %m = remat.matmul %x, %w : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %mn = remat.name %m as "l2_pre" : tensor<16x16xf32>
    %g = remat.gelu %mn tanh : tensor<16x16xf32>
    %gn = remat.name %g as "act" : tensor<16x16xf32>
    remat.yield %gn : tensor<16x16xf32>
  }
  %l = remat.reduce_sum %y dims [0, 1] : tensor<16x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// Correct names: no warning.
func.func @correct(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <save_and_offload_only_these_names save ["act"] offload ["l2_pre"]> -> tensor<16x16xf32> {
    %m = remat.matmul %x, %w : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %mn = remat.name %m as "l2_pre" : tensor<16x16xf32>
    %g = remat.gelu %mn tanh : tensor<16x16xf32>
    %gn = remat.name %g as "act" : tensor<16x16xf32>
    remat.yield %gn : tensor<16x16xf32>
  }
  %l = remat.reduce_sum %y dims [0, 1] : tensor<16x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// A name tagged only inside a nested checkpoint is a name of the outer
// region too: no warning. The inner region's own policy names a tag of the
// outer region only, which is not in its region: a warning on the inner
// checkpoint.
func.func @nested(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <save_only_these_names ["inner"]> -> tensor<16x16xf32> {
    %a = remat.exp %x : tensor<16x16xf32>
    %an = remat.name %a as "outer" : tensor<16x16xf32>
    // expected-warning @+1 {{checkpoint policy save_only_these_names names 'outer', which no remat.name in this region tags; the region's names are 'inner'}}
    %i = remat.checkpoint policy <save_only_these_names ["outer"]> -> tensor<16x16xf32> {
      %m = remat.matmul %an, %w : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
      %mn = remat.name %m as "inner" : tensor<16x16xf32>
      %g = remat.gelu %mn tanh : tensor<16x16xf32>
      remat.yield %g : tensor<16x16xf32>
    }
    %t = remat.tanh %i : tensor<16x16xf32>
    remat.yield %t : tensor<16x16xf32>
  }
  %l = remat.reduce_sum %y dims [0, 1] : tensor<16x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// A name tagged only inside a remat.scan body in the region: no warning.
func.func @scan_body(%h0: tensor<4xf32>, %ws: tensor<3x4xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <save_only_these_names ["layer"]> -> tensor<4xf32> {
    %h, %ys = remat.scan mode <full> (%c = %h0 : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>, tensor<3x4xf32>) {
      %a = remat.mul %c, %w : tensor<4xf32>
      %an = remat.name %a as "layer" : tensor<4xf32>
      %e = remat.exp %an : tensor<4xf32>
      remat.yield %e, %an : tensor<4xf32>, tensor<4xf32>
    }
    remat.yield %h : tensor<4xf32>
  }
  %l = remat.reduce_sum %y dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
