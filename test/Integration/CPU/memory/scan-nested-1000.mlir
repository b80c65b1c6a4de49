// A deep MLP as one remat.scan over 1,000 layers of width 64 (issue 9, item
// 7; bench/scan_bench.py runs it at 100 to 10,000 layers in every mode), in
// mode <nested>: the default block is 40 (25 + 40 carries kept at once).
// Autodiff rewrites it as a full scan over 25 blocks of 40 layers that
// stacks the 25 block carries, and a reverse one that re-runs each block
// from its carry (stacking its 40 carries) before reversing it. Planned
// at 36 MiB, a budget only nested and offload reach (none needs 63.1 MiB,
// full 47.5 MiB: the arguments and their gradients alone are 31.8 MiB),
// the plan meets it without recomputing anything outside the scan, and
// the compiled step's measured peak is under the budget and within 5% of
// the plan. Its loss and gradients are bitwise those of mode <none>.
// RUN: remat-opt %s -remat-autodiff -o %t.grad.mlir
// RUN: FileCheck %s --check-prefix=BLOCKS < %t.grad.mlir
// RUN: remat-opt %t.grad.mlir -remat-rematerialize="budget=36MiB functions=deep_scan_grad report-text=%t.txt" -o %t.step.mlir
// RUN: FileCheck %s --check-prefix=PLAN < %t.txt
// RUN: sed 's/mode <nested>/mode <none>/' %s | remat-opt -remat-autodiff | remat-run - --entry=deep_scan_grad --print=0 --save-outputs=%t.none
// RUN: remat-run %t.step.mlir --entry=deep_scan_grad --print=0 --check-memory=0.05 --expect-outputs=%t.none | FileCheck %s

// BLOCKS: remat.scan mode <full> {{.*}} over ({{.*}} : tensor<25x40x64x64xf32>, {{.*}} : tensor<25x40x64xf32>) -> (tensor<64x64xf32>, tensor<25x64x64xf32>)
// BLOCKS: remat.scan mode <full> reverse {{.*}} over ({{.*}} : tensor<25x64x64xf32>, {{.*}} : tensor<25x40x64x64xf32>, {{.*}} : tensor<25x40x64xf32>)

// PLAN: budget: 36.0 MiB (37748736 B) from '36MiB', met
// PLAN: recomputed: 0 value(s)
// PLAN: offloaded: 0 value(s)

// CHECK: memory: measured peak [[PEAK:[0-9]+]] B
// CHECK: PASS memory: measured [[PEAK]] B <= budget 37748736 B
// CHECK-COUNT-4: PASS output {{[0-3]}} is bitwise identical
// CHECK-NOT: FAIL

func.func @deep_scan(%x: tensor<64x64xf32>, %ws: tensor<1000x64x64xf32>, %bs: tensor<1000x64xf32>) -> tensor<f32> {
  %h = remat.scan mode <nested> (%c = %x : tensor<64x64xf32>) over (%w = %ws : tensor<1000x64x64xf32>, %b = %bs : tensor<1000x64xf32>) -> (tensor<64x64xf32>) {
    %m = remat.matmul %c, %w : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
    %s = remat.scale %m, 0.25 : tensor<64x64xf32>
    %bb = remat.broadcast %b dims [1] : tensor<64xf32> -> tensor<64x64xf32>
    %a = remat.add %s, %bb : tensor<64x64xf32>
    %t = remat.tanh %a : tensor<64x64xf32>
    remat.yield %t : tensor<64x64xf32>
  }
  %sq = remat.mul %h, %h : tensor<64x64xf32>
  %l = remat.reduce_sum %sq dims [0, 1] : tensor<64x64xf32> -> tensor<f32>
  return %l : tensor<f32>
}
