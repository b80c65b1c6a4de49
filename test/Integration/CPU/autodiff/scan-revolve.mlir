// Revolve scans (binomial checkpointing) through the whole pipeline: a
// reverse scan of 12 layers with two carries and a per-layer output whose
// cotangent the backward reads, in mode revolve with 1, 3, 6 and 11 slots
// and the default (4). Each computes the loss and the gradients bitwise as
// mode full does (the same layers run on the same carries, only more
// often), passes finite differences, and its planned step's measured peak
// equals the plan. The FLOPs the planner counts for the backward follow
// Revolve's closed form (below).
// RUN: split-file %s %t
// RUN: remat-opt %t/two.mlir -remat-autodiff | remat-run - --entry=two_grad --print=0 --save-outputs=%t/full
// RUN: for m in "revolve 1" "revolve 3" "revolve 6" "revolve 11" revolve; do \
// RUN:   sed "s/mode <full>/mode <$m>/" %t/two.mlir | remat-opt -remat-autodiff > %t/mode.mlir; \
// RUN:   echo "mode $m"; \
// RUN:   remat-run %t/mode.mlir --entry=two_grad --print=0 --expect-outputs=%t/full; \
// RUN:   remat-run %t/mode.mlir --entry=two_grad --print=0 --check-gradients --fd-epsilon=1e-3; \
// RUN:   remat-opt %t/mode.mlir -remat-rematerialize="budget=100% functions=two_grad" | remat-run - --entry=two_grad --print=0 --check-memory=0.05; \
// RUN: done | FileCheck %s
// CHECK-LABEL: mode revolve 1
// CHECK-COUNT-5: PASS output {{[0-4]}} is bitwise identical
// CHECK-COUNT-4: gradient check @two_grad wrt {{[0-3]}}: PASSED
// CHECK: PASS memory
// CHECK-LABEL: mode revolve 3
// CHECK-COUNT-5: PASS output {{[0-4]}} is bitwise identical
// CHECK-COUNT-4: gradient check @two_grad wrt {{[0-3]}}: PASSED
// CHECK: PASS memory
// CHECK-LABEL: mode revolve 6
// CHECK-COUNT-5: PASS output {{[0-4]}} is bitwise identical
// CHECK-COUNT-4: gradient check @two_grad wrt {{[0-3]}}: PASSED
// CHECK: PASS memory
// CHECK-LABEL: mode revolve 11
// CHECK-COUNT-5: PASS output {{[0-4]}} is bitwise identical
// CHECK-COUNT-4: gradient check @two_grad wrt {{[0-3]}}: PASSED
// CHECK: PASS memory
// CHECK-LABEL: mode revolve
// CHECK-COUNT-5: PASS output {{[0-4]}} is bitwise identical
// CHECK-COUNT-4: gradient check @two_grad wrt {{[0-3]}}: PASSED
// CHECK: PASS memory
// CHECK-NOT: FAIL

// What the backward costs beyond mode full's: its advances, each a run of
// the forward region (a layer's carries: matmul 2048, bias add 64, tanh 64,
// accumulate 64 = 2240 FLOPs; the per-layer output is not computed). With
// one slot they are 11 + 10 + ... + 1 = 66 = t(12, 1): 147840 FLOPs; with 3,
// t(12, 3) = 21 less the 8 layers the forward scan advanced to its last
// snapshot, 13: 29120; with 11, one (from the last slot to layer 11).
// RUN: for m in full "revolve 1" "revolve 3" "revolve 11"; do \
// RUN:   sed "s/mode <full>/mode <$m>/" %t/two.mlir | remat-opt -remat-autodiff -remat-rematerialize="budget=100% functions=two_grad report=%t/report.json" -o /dev/null; \
// RUN:   %python -c "import json,sys; print(sys.argv[2], json.load(open(sys.argv[1]))['functions'][0]['flops_total'])" %t/report.json "$m"; \
// RUN: done | %python -c "import sys; rows=[l.rsplit(' ', 1) for l in sys.stdin.read().splitlines()]; base=int(rows[0][1]); print('\n'.join('{}: +{}'.format(m, int(f) - base) for m, f in rows))" | FileCheck %s --check-prefix=FLOPS
// FLOPS: full: +0
// FLOPS-NEXT: revolve 1: +147840
// FLOPS-NEXT: revolve 3: +29120
// FLOPS-NEXT: revolve 11: +2240

// Revolve scans nest: an outer scan of 6 blocks whose body is a scan of 3
// layers, in revolve and full at both levels: bitwise equal to full/full,
// measured peak equal to the plan. The inner scan's Revolve runs inside the
// outer one's backward region (its turns) and, as a plain scan, in its
// forward region (its advances).
// RUN: sed "s/OUTER/full/; s/INNER/full/" %t/nest.mlir | remat-opt -remat-autodiff | remat-run - --entry=nest_grad --print=0 --save-outputs=%t/nest
// RUN: for modes in "revolve 2/revolve 1" "revolve 2/full" "full/revolve" "revolve/revolve"; do \
// RUN:   outer=${modes%%/*}; inner=${modes#*/}; echo "modes $modes"; \
// RUN:   sed "s/OUTER/$outer/; s/INNER/$inner/" %t/nest.mlir | remat-opt -remat-autodiff > %t/n.mlir; \
// RUN:   remat-run %t/n.mlir --entry=nest_grad --print=0 --expect-outputs=%t/nest; \
// RUN:   remat-opt %t/n.mlir -remat-rematerialize="budget=100% functions=nest_grad" | remat-run - --entry=nest_grad --print=0 --check-memory=0.05; \
// RUN: done | FileCheck %s --check-prefix=NEST
// NEST-LABEL: modes revolve 2/revolve 1
// NEST-COUNT-3: PASS output {{[0-2]}} is bitwise identical
// NEST: PASS memory
// NEST-LABEL: modes revolve 2/full
// NEST-COUNT-3: PASS output {{[0-2]}} is bitwise identical
// NEST: PASS memory
// NEST-LABEL: modes full/revolve
// NEST-COUNT-3: PASS output {{[0-2]}} is bitwise identical
// NEST: PASS memory
// NEST-LABEL: modes revolve/revolve
// NEST-COUNT-3: PASS output {{[0-2]}} is bitwise identical
// NEST: PASS memory
// NEST-NOT: FAIL

//--- nest.mlir
func.func @nest(%x: tensor<4x8xf32>, %ws: tensor<6x3x8x8xf32>) -> tensor<f32> {
  %h = remat.scan mode <OUTER> (%c = %x : tensor<4x8xf32>) over (%w3 = %ws : tensor<6x3x8x8xf32>) -> (tensor<4x8xf32>) {
    %i = remat.scan mode <INNER> (%d = %c : tensor<4x8xf32>) over (%w = %w3 : tensor<3x8x8xf32>) -> (tensor<4x8xf32>) {
      %m = remat.matmul %d, %w : tensor<4x8xf32>, tensor<8x8xf32> -> tensor<4x8xf32>
      %t = remat.tanh %m : tensor<4x8xf32>
      remat.yield %t : tensor<4x8xf32>
    }
    %r = remat.add %i, %c : tensor<4x8xf32>
    remat.yield %r : tensor<4x8xf32>
  }
  %sq = remat.mul %h, %h : tensor<4x8xf32>
  %l = remat.reduce_sum %sq dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

//--- two.mlir
func.func @two(%x: tensor<4x16xf32>, %s0: tensor<4x16xf32>, %ws: tensor<12x16x16xf32>, %bs: tensor<12x16xf32>) -> tensor<f32> {
  %h, %s, %ys = remat.scan mode <full> reverse (%c = %x : tensor<4x16xf32>, %acc = %s0 : tensor<4x16xf32>) over (%w = %ws : tensor<12x16x16xf32>, %b = %bs : tensor<12x16xf32>) -> (tensor<4x16xf32>, tensor<4x16xf32>, tensor<12x4x16xf32>) {
    %m = remat.matmul %c, %w : tensor<4x16xf32>, tensor<16x16xf32> -> tensor<4x16xf32>
    %bb = remat.broadcast %b dims [1] : tensor<16xf32> -> tensor<4x16xf32>
    %a = remat.add %m, %bb : tensor<4x16xf32>
    %t = remat.tanh %a : tensor<4x16xf32>
    %n = remat.add %acc, %t : tensor<4x16xf32>
    %y = remat.mul %t, %c : tensor<4x16xf32>
    remat.yield %t, %n, %y : tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>
  }
  %q = remat.mul %s, %h : tensor<4x16xf32>
  %l1 = remat.reduce_sum %q dims [0, 1] : tensor<4x16xf32> -> tensor<f32>
  %l2 = remat.reduce_sum %ys dims [0, 1, 2] : tensor<12x4x16xf32> -> tensor<f32>
  %l = remat.add %l1, %l2 : tensor<f32>
  return %l : tensor<f32>
}
