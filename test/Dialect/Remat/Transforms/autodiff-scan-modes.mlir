// What remat-autodiff builds for each remat mode of a scan (docs/autodiff.md,
// "Scans"). The layer: a = c * w, e = exp(a), t = tanh(e); its VJP reads w,
// c (for a's gradients), e (exp's) and t (tanh's).
// RUN: split-file %s %t
// RUN: remat-opt %t/none.mlir -remat-autodiff | FileCheck %s --check-prefix=NONE
// RUN: remat-opt %t/offload.mlir -remat-autodiff | FileCheck %s --check-prefix=OFFLOAD
// RUN: remat-opt %t/nested.mlir -remat-autodiff | FileCheck %s --check-prefix=NESTED
// RUN: remat-opt %t/nested-rest.mlir -remat-autodiff | FileCheck %s --check-prefix=REST
// RUN: remat-opt %t/revolve.mlir -remat-autodiff | FileCheck %s --check-prefix=REVOLVE
// RUN: remat-opt %t/revolve-one-layer.mlir -remat-autodiff | FileCheck %s --check-prefix=ONE

// none: the forward stacks, besides the final carry, the carry each layer
// starts from (c) and the values of the layer the VJP reads (e, t); the
// backward reads their slices and recomputes nothing.
// NONE-LABEL: func.func @f_grad
// NONE: %[[FWD:.*]]:4 = remat.scan mode <none> (%[[C:.*]] = %{{.*}}) over ({{.*}}) -> (tensor<4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>)
// NONE: %[[E:.*]] = remat.exp
// NONE: %[[T:.*]] = remat.tanh %[[E]]
// NONE: remat.yield %[[T]], %[[C]], %[[E]], %[[T]]
// NONE: remat.scan mode <none> reverse ({{.*}}) over (%{{.*}} = %[[FWD]]#1 : tensor<4x4xf32>, %{{.*}} = %{{.*}} : tensor<4x4xf32>, %{{.*}} = %[[FWD]]#2 : tensor<4x4xf32>, %{{.*}} = %[[FWD]]#3 : tensor<4x4xf32>)
// NONE-NOT: remat.exp
// NONE-NOT: remat.tanh
// NONE: return

//--- none.mlir
func.func @f(%h0: tensor<4xf32>, %ws: tensor<4x4xf32>) -> tensor<f32> {
  %h = remat.scan mode <none> (%c = %h0 : tensor<4xf32>) over (%w = %ws : tensor<4x4xf32>) -> (tensor<4xf32>) {
    %a = remat.mul %c, %w : tensor<4xf32>
    %e = remat.exp %a : tensor<4xf32>
    %t = remat.tanh %e : tensor<4xf32>
    remat.yield %t : tensor<4xf32>
  }
  %l = remat.reduce_sum %h dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// offload: the forward stacks each incoming carry in host memory; the
// backward reloads it, re-runs the layer and runs its VJP. Nothing else is
// moved (one offload in all: the forward's).
// OFFLOAD-LABEL: func.func @f_grad
// OFFLOAD: %[[FWD:.*]]:2 = remat.scan mode <offload> (%[[C:.*]] = %{{.*}}) over ({{.*}}) -> (tensor<4xf32>, tensor<4x4xf32, #remat.host>)
// OFFLOAD: %[[H:.*]] = remat.offload %[[C]] : tensor<4xf32> -> tensor<4xf32, #remat.host>
// OFFLOAD: remat.yield %{{.*}}, %[[H]] : tensor<4xf32>, tensor<4xf32, #remat.host>
// OFFLOAD: remat.scan mode <offload> reverse (%{{.*}}) over (%[[S:.*]] = %[[FWD]]#1 : tensor<4x4xf32, #remat.host>, %{{.*}})
// OFFLOAD-NEXT: %[[R:.*]] = remat.reload %[[S]] : tensor<4xf32, #remat.host> -> tensor<4xf32>
// OFFLOAD-NEXT: remat.mul %[[R]]
// OFFLOAD-NOT: remat.offload
// OFFLOAD: return

//--- offload.mlir
func.func @f(%h0: tensor<4xf32>, %ws: tensor<4x4xf32>) -> tensor<f32> {
  %h = remat.scan mode <offload> (%c = %h0 : tensor<4xf32>) over (%w = %ws : tensor<4x4xf32>) -> (tensor<4xf32>) {
    %a = remat.mul %c, %w : tensor<4xf32>
    %e = remat.exp %a : tensor<4xf32>
    %t = remat.tanh %e : tensor<4xf32>
    remat.yield %t : tensor<4xf32>
  }
  %l = remat.reduce_sum %h dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// nested 2 over 4 layers: a full scan over 2 blocks (a view of the weights
// as 2x2x4) stacking each block's first carry, whose body scans the block's
// 2 layers; the backward re-runs each block from its carry, stacking the
// block's carries, then each layer from its carry.
// NESTED-LABEL: func.func @f_grad
// NESTED: %[[BLOCKS:.*]] = remat.reshape %{{.*}} : tensor<4x4xf32> -> tensor<2x2x4xf32>
// NESTED: %[[OUT:.*]]:2 = remat.scan mode <full> (%[[BC:.*]] = %{{.*}} : tensor<4xf32>) over (%{{.*}} = %[[BLOCKS]] : tensor<2x2x4xf32>) -> (tensor<4xf32>, tensor<2x4xf32>)
// NESTED: remat.scan mode <full> ({{.*}}) over (%{{.*}} : tensor<2x4xf32>) -> (tensor<4xf32>)
// NESTED: remat.yield %{{.*}}, %[[BC]] : tensor<4xf32>, tensor<4xf32>
// NESTED: %[[BWD:.*]]:2 = remat.scan mode <full> reverse ({{.*}}) over (%{{.*}} = %[[OUT]]#1 : tensor<2x4xf32>, %{{.*}} = %[[BLOCKS]] : tensor<2x2x4xf32>) -> (tensor<4xf32>, tensor<2x2x4xf32>)
// NESTED: remat.scan mode <full> ({{.*}}) -> (tensor<4xf32>, tensor<2x4xf32>)
// NESTED: remat.scan mode <full> reverse ({{.*}}) -> (tensor<4xf32>, tensor<2x4xf32>)
// NESTED: remat.reshape %[[BWD]]#1 {{.*}} : tensor<2x2x4xf32> -> tensor<4x4xf32>

//--- nested.mlir
func.func @f(%h0: tensor<4xf32>, %ws: tensor<4x4xf32>) -> tensor<f32> {
  %h = remat.scan mode <nested 2> (%c = %h0 : tensor<4xf32>) over (%w = %ws : tensor<4x4xf32>) -> (tensor<4xf32>) {
    %a = remat.mul %c, %w : tensor<4xf32>
    %e = remat.exp %a : tensor<4xf32>
    %t = remat.tanh %e : tensor<4xf32>
    remat.yield %t : tensor<4xf32>
  }
  %l = remat.reduce_sum %h dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// nested 2 over 5 layers, reversed: the blocks are layers [1, 5), run
// first; the rest, layer 0, is a full scan of its own run after them; the
// per-layer outputs are put back in layer order (the rest's first).
// REST-LABEL: func.func @f_grad
// REST: %[[MAIN:.*]] = remat.slice %{{.*}} start [1, 0] limit [5, 4]
// REST: %[[BLOCKS:.*]] = remat.reshape %[[MAIN]] {{.*}}: tensor<4x4xf32> -> tensor<2x2x4xf32>
// REST: %[[TAIL:.*]] = remat.slice %{{.*}} start [0, 0] limit [1, 4]
// REST: %[[OUT:[0-9]+]]:3 = remat.scan mode <full> reverse ({{.*}}) over (%{{.*}} = %[[BLOCKS]] : tensor<2x2x4xf32>)
// REST: %[[LAST:[0-9]+]]:3 = remat.scan mode <full> reverse (%{{.*}} = %[[OUT]]#0 : tensor<4xf32>) over (%{{.*}} = %[[TAIL]] : tensor<1x4xf32>)
// REST: %[[YS:.*]] = remat.reshape %[[OUT]]#1 {{.*}}: tensor<2x2x4xf32> -> tensor<4x4xf32>
// REST: remat.concat %[[LAST]]#1, %[[YS]] dim 0 {{.*}}: tensor<1x4xf32>, tensor<4x4xf32> -> tensor<5x4xf32>

//--- nested-rest.mlir
func.func @f(%h0: tensor<4xf32>, %ws: tensor<5x4xf32>) -> tensor<f32> {
  %h, %ys = remat.scan mode <nested 2> reverse (%c = %h0 : tensor<4xf32>) over (%w = %ws : tensor<5x4xf32>) -> (tensor<4xf32>, tensor<5x4xf32>) {
    %a = remat.mul %c, %w : tensor<4xf32>
    %e = remat.exp %a : tensor<4xf32>
    remat.yield %e, %a : tensor<4xf32>, tensor<4xf32>
  }
  %s = remat.reduce_sum %ys dims [0, 1] : tensor<5x4xf32> -> tensor<f32>
  %t = remat.reduce_sum %h dims [0] : tensor<4xf32> -> tensor<f32>
  %l = remat.add %s, %t : tensor<f32>
  return %l : tensor<f32>
}

// revolve 2 over 6 layers: the forward stores the carries Revolve
// checkpoints before its first turn (entering layers 0 and 3) and nothing
// else; the backward runs the rest of the schedule: its forward region is
// the layer's carry alone (the per-layer output, exp(c) here, is not
// computed when advancing), its backward region re-runs the layer and its
// VJP as a reverse scan's body would.
// REVOLVE-LABEL: func.func @f_grad
// REVOLVE: %[[FWD:.*]]:3 = remat.scan mode <revolve 2> snapshots (%{{.*}}) over ({{.*}}) -> (tensor<4xf32>, tensor<6x4xf32>, tensor<2x4xf32>)
// REVOLVE: remat.revolve_scan slots 2 snapshots(%[[FWD]]#2 : tensor<2x4xf32>) (%{{.*}} : tensor<4xf32>) over(%{{.*}} : tensor<6x4xf32>) seeds(%{{.*}} : tensor<6x4xf32>) -> (tensor<4xf32>, tensor<6x4xf32>) forward {
// REVOLVE-NEXT: ^bb0(%[[C:.*]]: tensor<4xf32>, %[[W:.*]]: tensor<4xf32>):
// REVOLVE-NEXT: %[[A:.*]] = remat.mul %[[C]], %[[W]]
// REVOLVE-NEXT: %[[T:.*]] = remat.tanh %[[A]]
// REVOLVE-NEXT: remat.yield %[[T]] : tensor<4xf32>
// REVOLVE-NEXT: } backward {
// REVOLVE-NEXT: ^bb0(%{{.*}}: tensor<4xf32>, %[[BC:.*]]: tensor<4xf32>, %[[BW:.*]]: tensor<4xf32>, %{{.*}}: tensor<4xf32>):
// REVOLVE-NEXT: remat.mul %[[BC]], %[[BW]]
// REVOLVE: } {remat.vjp_of = 0 : i64}
// REVOLVE-NOT: remat.scan
// REVOLVE: return

//--- revolve.mlir
func.func @f(%h0: tensor<4xf32>, %ws: tensor<6x4xf32>) -> tensor<f32> {
  %h, %ys = remat.scan mode <revolve 2> (%c = %h0 : tensor<4xf32>) over (%w = %ws : tensor<6x4xf32>) -> (tensor<4xf32>, tensor<6x4xf32>) {
    %a = remat.mul %c, %w : tensor<4xf32>
    %t = remat.tanh %a : tensor<4xf32>
    %e = remat.exp %c : tensor<4xf32>
    remat.yield %t, %e : tensor<4xf32>, tensor<4xf32>
  }
  %l1 = remat.reduce_sum %h dims [0] : tensor<4xf32> -> tensor<f32>
  %l2 = remat.reduce_sum %ys dims [0, 1] : tensor<6x4xf32> -> tensor<f32>
  %l = remat.add %l1, %l2 : tensor<f32>
  return %l : tensor<f32>
}

// A revolve scan of one layer has nothing to checkpoint: it is
// differentiated as full.
// ONE-LABEL: func.func @f_grad
// ONE: remat.scan mode <full>
// ONE: remat.scan mode <full> reverse
// ONE-NOT: remat.revolve_scan

//--- revolve-one-layer.mlir
func.func @f(%h0: tensor<4xf32>, %ws: tensor<1x4xf32>) -> tensor<f32> {
  %h = remat.scan mode <revolve> (%c = %h0 : tensor<4xf32>) over (%w = %ws : tensor<1x4xf32>) -> (tensor<4xf32>) {
    %a = remat.mul %c, %w : tensor<4xf32>
    remat.yield %a : tensor<4xf32>
  }
  %l = remat.reduce_sum %h dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
