// Budget units and shares, solver names, the functions filter and the JSON
// and HTML reports.
// RUN: remat-opt %S/xla-broadcast.mlir -remat-rematerialize="budget=14336 analysis-only" | FileCheck %s --check-prefix=BYTES
// RUN: remat-opt %S/xla-broadcast.mlir -remat-rematerialize="budget=0.014336MB analysis-only" | FileCheck %s --check-prefix=BYTES
// RUN: remat-opt %S/xla-broadcast.mlir -remat-rematerialize="budget=14KiB analysis-only" | FileCheck %s --check-prefix=BYTES
// RUN: remat-opt %S/xla-broadcast.mlir -remat-rematerialize="budget=1GB analysis-only" | FileCheck %s --check-prefix=LARGE
// RUN: remat-opt %S/xla-broadcast.mlir -remat-rematerialize="budget=80% solver=GREEDY analysis-only" | FileCheck %s --check-prefix=SHARE
// RUN: remat-opt %S/xla-broadcast.mlir -remat-rematerialize="solver=policy analysis-only" | FileCheck %s --check-prefix=POLICY
// RUN: remat-opt %s -remat-rematerialize="budget=100% functions=second analysis-only" | FileCheck %s --check-prefix=FILTER
// RUN: remat-opt %S/xla-broadcast.mlir -remat-rematerialize="budget=14KiB solver=greedy report=%t.json report-html=%t.html" -o /dev/null
// RUN: FileCheck %s --input-file=%t.json --check-prefix=JSON
// RUN: FileCheck %s --input-file=%t.html --check-prefix=HTML

// BYTES: remat.peak_after = 12352 : i64
// LARGE: remat.peak_after = 16448 : i64
// 80% of 16448 is 13158 bytes: the broadcast is recomputed.
// SHARE: remat.peak_after = 12352 : i64
// The policy solver applies policies only (there are none here).
// POLICY: remat.peak_after = 16448 : i64

// FILTER: func.func @first
// FILTER-NOT: remat.decision
// FILTER: func.func @second{{.*}}remat.peak_after
// FILTER: remat.decision

// JSON: "functions": [
// JSON: "function": "single_computation",
// JSON: "solver": "greedy",
// JSON: "budget": 14336,
// JSON: "feasible": true,
// JSON: "peak_before": 16448,
// JSON: "peak_after": 12352,
// JSON: "solver_peak": 12352,
// JSON: "recomputed": [
// JSON: "op": "remat.broadcast",
// JSON: "before_step": 5
// JSON: "profile_before": {
// JSON: "peak": 16448,
// JSON: "profile_after": {
// JSON: "peak": 12352,

// HTML: <!DOCTYPE html>
// HTML-NOT: <script
// HTML-NOT: http
// HTML: <h2>@single_computation</h2>
// HTML: <h3>Device memory before the plan</h3>
// HTML: <polygon class="arguments"
// HTML: <polygon class="kept"
// HTML: <polygon class="temporaries"
// HTML: budget 14.0 KiB</text>
// HTML: <rect class="hover"{{.*}}<title>before the plan, step
// HTML: <h3>Device memory after the plan</h3>
// HTML: peak 12.1 KiB</text>
// HTML: <path class="marker recompute"{{.*}}<title>step {{[0-9]+}}: recompute remat.broadcast
// HTML: <rect class="hover"{{.*}}<title>after the plan, step
// HTML: <h3>Value lifetimes after the plan</h3>
// HTML: <rect class="life recomputed"{{.*}}<title>{{.*}} = remat.broadcast
// HTML: recompute</td><td>remat.broadcast

func.func @first(%x: tensor<256xf32>) -> tensor<256xf32> {
  %e = remat.exp %x : tensor<256xf32>
  return %e : tensor<256xf32>
}

func.func @second(%x: tensor<256xf32>) -> tensor<256xf32> {
  %e = remat.exp %x : tensor<256xf32>
  %f = remat.exp %e : tensor<256xf32>
  %g = remat.add %e, %f : tensor<256xf32>
  return %g : tensor<256xf32>
}
