// The 1,000-layer MLP scan of scan-nested-1000.mlir in mode <revolve>: the
// default is 44 slots, the fewest with which Revolve re-advances no layer
// more than once (C(46, 2) = 1035 >= 1000). The forward stores 44 carries
// (704 KiB), the backward runs the rest of Revolve's schedule from them.
// Planned at 33 MiB, below what nested (33.5 MiB) and full (47.5 MiB)
// peak at, the plan meets it without recomputing anything outside the scan;
// the compiled step's measured peak is under the budget and within 5% of
// the plan, and its loss and gradients are bitwise those of mode <none>.
// RUN: remat-opt %s -remat-autodiff -o %t.grad.mlir
// RUN: FileCheck %s --check-prefix=SLOTS < %t.grad.mlir
// RUN: remat-opt %t.grad.mlir -remat-rematerialize="budget=33MiB functions=deep_scan_grad report-text=%t.txt" -o %t.step.mlir
// RUN: FileCheck %s --check-prefix=PLAN < %t.txt
// RUN: sed 's/mode <revolve>/mode <none>/' %s | remat-opt -remat-autodiff | remat-run - --entry=deep_scan_grad --print=0 --save-outputs=%t.none
// RUN: remat-run %t.step.mlir --entry=deep_scan_grad --print=0 --check-memory=0.05 --expect-outputs=%t.none | FileCheck %s

// SLOTS: remat.scan mode <revolve> snapshots {{.*}} -> (tensor<64x64xf32>, tensor<44x64x64xf32>)
// SLOTS: remat.revolve_scan slots 44 snapshots({{.*}} : tensor<44x64x64xf32>)

// PLAN: budget: 33.0 MiB (34603008 B) from '33MiB', met
// PLAN: recomputed: 0 value(s)
// PLAN: offloaded: 0 value(s)

// CHECK: memory: measured peak [[PEAK:[0-9]+]] B
// CHECK: PASS memory: measured [[PEAK]] B <= budget 34603008 B
// CHECK-COUNT-4: PASS output {{[0-3]}} is bitwise identical
// CHECK-NOT: FAIL

func.func @deep_scan(%x: tensor<64x64xf32>, %ws: tensor<1000x64x64xf32>, %bs: tensor<1000x64xf32>) -> tensor<f32> {
  %h = remat.scan mode <revolve> (%c = %x : tensor<64x64xf32>) over (%w = %ws : tensor<1000x64x64xf32>, %b = %bs : tensor<1000x64xf32>) -> (tensor<64x64xf32>) {
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
