// A checkpoint policy in a scan body names a value remat.name tags: no
// warning, although the backward's copy of the region (in the reverse scan)
// no longer tags it, its value being stacked by the forward (mode none). A
// typo is warned about once, on the region as the forward runs it.
// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-autodiff=wrt=1 -remat-rematerialize="budget=100% functions=f_grad" -o /dev/null

func.func @f(%x: tensor<8x16xf32>, %ws: tensor<4x16x16xf32>) -> tensor<f32> {
  %h = remat.scan mode <none> (%c = %x : tensor<8x16xf32>) over (%w = %ws : tensor<4x16x16xf32>) -> (tensor<8x16xf32>) {
    %y = remat.checkpoint policy <save_and_offload_only_these_names save ["pre"] offload ["act"]> -> tensor<8x16xf32> {
      %m = remat.matmul %c, %w : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
      %mn = remat.name %m as "pre" : tensor<8x16xf32>
      %t = remat.tanh %mn : tensor<8x16xf32>
      %tn = remat.name %t as "act" : tensor<8x16xf32>
      remat.yield %tn : tensor<8x16xf32>
    }
    remat.yield %y : tensor<8x16xf32>
  }
  %l = remat.reduce_sum %h dims [0, 1] : tensor<8x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

func.func @f(%x: tensor<8x16xf32>, %ws: tensor<4x16x16xf32>) -> tensor<f32> {
  %h = remat.scan mode <none> (%c = %x : tensor<8x16xf32>) over (%w = %ws : tensor<4x16x16xf32>) -> (tensor<8x16xf32>) {
    // expected-warning @+1 {{checkpoint policy save_only_these_names names 'atc', which no remat.name in this region tags; the region's names are 'act'}}
    %y = remat.checkpoint policy <save_only_these_names ["atc"]> -> tensor<8x16xf32> {
      %m = remat.matmul %c, %w : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
      %t = remat.tanh %m : tensor<8x16xf32>
      %tn = remat.name %t as "act" : tensor<8x16xf32>
      remat.yield %tn : tensor<8x16xf32>
    }
    remat.yield %y : tensor<8x16xf32>
  }
  %l = remat.reduce_sum %h dims [0, 1] : tensor<8x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}
