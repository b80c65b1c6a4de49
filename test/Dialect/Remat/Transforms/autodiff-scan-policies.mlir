// A checkpoint policy inside a scan body under mode none, as JAX's
// scan(checkpoint(f, policy)): of the region's values the layer's backward
// needs, the forward scan stacks those the policy saves (in host memory
// those it offloads), and the backward's copy of the region re-runs only
// the rest, from those slices and the region's inputs.
//
// The layer: m = c @ w ("pre"), q = 0.25 m, t = tanh q ("act"), u = t * t,
// all in the region; then sigmoid(u) outside it. The backward reads: the
// carry c and w (matmul's VJP), t (tanh's VJP, and mul's through its name),
// sigmoid's output (its VJP); q and m only to recompute t.
// RUN: sed 's/POLICY/nothing_saveable/' %s | remat-opt -remat-autodiff=wrt=1 | FileCheck %s --check-prefix=NOTHING
// RUN: sed 's/POLICY/dots_saveable/' %s | remat-opt -remat-autodiff=wrt=1 | FileCheck %s --check-prefix=DOTS
// RUN: sed 's/POLICY/save_only_these_names ["act"]/' %s | remat-opt -remat-autodiff=wrt=1 | FileCheck %s --check-prefix=ACT
// RUN: sed 's/POLICY/save_and_offload_only_these_names save ["pre"] offload ["act"]/' %s | remat-opt -remat-autodiff=wrt=1 | FileCheck %s --check-prefix=OFFLOAD

// nothing_saveable: only the region's input (the carry) and what is outside
// the region (sigmoid's output) are stacked; the backward re-runs the whole
// region, matmul included.
// NOTHING-LABEL: func.func @f_grad
// NOTHING: remat.scan mode <none> ({{.*}}) -> (tensor<8x16xf32>, tensor<4x8x16xf32>, tensor<4x8x16xf32>) {
// NOTHING: remat.yield %{{.*}}, %arg2, %{{.*}} : tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>
// NOTHING: remat.scan mode <none> reverse
// NOTHING-NEXT: remat.checkpoint policy <nothing_saveable>
// NOTHING-NEXT: remat.matmul %arg3, %arg4 : tensor<8x16xf32>, tensor<16x16xf32>
// NOTHING-NEXT: remat.name
// NOTHING-NEXT: remat.scale
// NOTHING-NEXT: remat.tanh

// dots_saveable: the matmul's output is stacked too; the backward re-runs
// the scale and the tanh from its slice, not the matmul.
// DOTS-LABEL: func.func @f_grad
// DOTS: remat.scan mode <none> ({{.*}}) -> (tensor<8x16xf32>, tensor<4x8x16xf32>, tensor<4x8x16xf32>, tensor<4x8x16xf32>) {
// DOTS: %[[M:.*]] = remat.matmul %arg2, %arg3
// DOTS: remat.yield %{{.*}}, %[[M]] : tensor<8x16xf32>, tensor<8x16xf32>
// DOTS: remat.scan mode <none> reverse ({{.*}}) over (%{{.*}}, %{{.*}}, %[[MS:.*]] = %{{.*}} : tensor<4x8x16xf32>, %{{.*}} = %{{.*}} : tensor<4x8x16xf32>)
// DOTS-NEXT: remat.checkpoint policy <dots_saveable>
// DOTS-NEXT: remat.name %[[MS]] as "pre"
// DOTS-NEXT: remat.scale
// DOTS-NEXT: remat.tanh
// DOTS-NOT: remat.matmul %{{.*}} : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
// DOTS: remat.matmul %{{.*}} transpose_b
// DOTS: remat.matmul %{{.*}} transpose_a

// save_only_these_names ["act"]: t is stacked; nothing before it in the
// region is re-run (the backward needs q and m only to recompute t).
// ACT-LABEL: func.func @f_grad
// ACT: remat.scan mode <none> ({{.*}}) -> (tensor<8x16xf32>, tensor<4x8x16xf32>, tensor<4x8x16xf32>, tensor<4x8x16xf32>) {
// ACT: %[[T:.*]] = remat.tanh
// ACT: remat.yield %{{.*}}, %[[T]] : tensor<8x16xf32>, tensor<8x16xf32>
// ACT: remat.scan mode <none> reverse ({{.*}}) over (%{{.*}}, %{{.*}}, %[[TS:.*]] = %{{.*}} : tensor<4x8x16xf32>, %{{.*}} = %{{.*}} : tensor<4x8x16xf32>)
// ACT-NEXT: remat.checkpoint policy <save_only_these_names ["act"]>
// ACT-NEXT: remat.name %[[TS]] as "act"
// ACT-NEXT: remat.mul
// ACT-NEXT: remat.yield

// Offloading "act": t is stacked in host memory (offloaded in the forward
// body, reloaded in the backward's); "pre" is saveable but the backward
// does not need it, so it is not stacked.
// OFFLOAD-LABEL: func.func @f_grad
// OFFLOAD: remat.scan mode <none> ({{.*}}) -> (tensor<8x16xf32>, tensor<4x8x16xf32>, tensor<4x8x16xf32, #remat.host>, tensor<4x8x16xf32>) {
// OFFLOAD: %[[OFF:.*]] = remat.offload %{{.*}} : tensor<8x16xf32> -> tensor<8x16xf32, #remat.host>
// OFFLOAD: remat.yield %{{.*}}, %arg2, %[[OFF]], %{{.*}} :
// OFFLOAD: remat.scan mode <none> reverse
// OFFLOAD-NEXT: %[[BACK:.*]] = remat.reload %{{.*}} : tensor<8x16xf32, #remat.host> -> tensor<8x16xf32>
// OFFLOAD-NEXT: remat.checkpoint
// OFFLOAD-NEXT: remat.name %[[BACK]] as "act"
// OFFLOAD-NEXT: remat.mul
// OFFLOAD-NEXT: remat.yield
func.func @f(%x: tensor<8x16xf32>, %ws: tensor<4x16x16xf32>) -> tensor<f32> {
  %h = remat.scan mode <none> (%c = %x : tensor<8x16xf32>) over (%w = %ws : tensor<4x16x16xf32>) -> (tensor<8x16xf32>) {
    %y = remat.checkpoint policy <POLICY> -> tensor<8x16xf32> {
      %m = remat.matmul %c, %w : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
      %mn = remat.name %m as "pre" : tensor<8x16xf32>
      %q = remat.scale %mn, 0.25 : tensor<8x16xf32>
      %t = remat.tanh %q : tensor<8x16xf32>
      %tn = remat.name %t as "act" : tensor<8x16xf32>
      %u = remat.mul %tn, %tn : tensor<8x16xf32>
      remat.yield %u : tensor<8x16xf32>
    }
    %e = remat.sigmoid %y : tensor<8x16xf32>
    remat.yield %e : tensor<8x16xf32>
  }
  %l = remat.reduce_sum %h dims [0, 1] : tensor<8x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}
