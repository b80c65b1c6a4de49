// The reports list every value saved for the backward pass, as JAX's
// print_saved_residuals does: its name (remat.name, else the SSA name), type,
// producing op, location, pass, bytes, where it is kept (device or host) and
// the specific reason: the policy that saves it, a mark, the cost of
// recomputing it, or that it fits the budget. The JSON check also replays
// the invariants: each saved copy spans the forward/backward boundary, its
// lifetime is in the profile, and a "cost" reason means kept at the peak.
// RUN: split-file %s %t
// RUN: remat-opt %t/policy.mlir -remat-autodiff -remat-rematerialize="report=%t/policy.json report-text=-" -o /dev/null 2>&1 | FileCheck %s --check-prefix=POLICY
// RUN: %python %S/Inputs/check_saved_residuals.py %t/policy.json policy
// RUN: remat-opt %t/offload.mlir -remat-autodiff -remat-rematerialize="report=%t/offload.json report-html=%t/offload.html" -o /dev/null
// RUN: %python %S/Inputs/check_saved_residuals.py %t/offload.json offload
// RUN: FileCheck %s --input-file=%t/offload.html --check-prefix=HTML
// RUN: remat-opt %t/marks.mlir -remat-autodiff -remat-rematerialize="report=%t/marks.json" -o /dev/null
// RUN: %python %S/Inputs/check_saved_residuals.py %t/marks.json marks
// RUN: remat-opt %remat_src_root/examples/mlp.mlir -remat-autodiff -remat-rematerialize="budget=75% solver=greedy report=%t/mlp.json report-text=-" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BUDGET
// RUN: %python %S/Inputs/check_saved_residuals.py %t/mlp.json budget

// POLICY:      saved for the backward pass: 1 value(s), 32.0 KiB on the device, 0 B in host memory
// POLICY-NEXT: 32.0 KiB  h : tensor<64x128xf32> = remat.matmul ({{.*}}policy.mlir:3:10, forward): saveable under checkpoint policy <save_only_these_names ["h"]> (the remat.checkpoint at {{.*}}policy.mlir:2:8)
// POLICY-NEXT: rematerialized:

// BUDGET:      saved for the backward pass: 7 value(s), 9.04 MiB on the device, 0 B in host memory
// BUDGET-NEXT: 2.00 MiB  %3 : tensor<1024x512xf32> = remat.add ({{.*}}mlp.mlir:19:9, forward): cheaper to keep: recomputing costs 524288 FLOP for 2.00 MiB
// BUDGET-NEXT: 2.00 MiB  %9 : tensor<1024x512xf32> = remat.add ({{.*}}mlp.mlir:25:9, forward): cheaper to keep: recomputing costs 524288 FLOP for 2.00 MiB
// BUDGET-NEXT: 2.00 MiB  %11 : tensor<1024x512xf32> = remat.gelu ({{.*}}mlp.mlir:27:9, forward): needed by the backward pass and within the budget (not live at the peak)

// The HTML page of the offloading plan: the forward/backward boundary in
// every panel, host memory on its own axis, a marker per offload and reload,
// and the saved host copy's band linked to its row of the table.
// HTML:     <h3>Device memory before the plan</h3>
// HTML:     <line class="boundary"{{.*}}<title>the backward pass starts: step
// HTML:     <h3>Device memory after the plan</h3>
// HTML:     <path class="marker offload"{{.*}}<title>step {{[0-9]+}}: offload remat.matmul &quot;h&quot;
// HTML:     <path class="marker reload"{{.*}}<title>step {{[0-9]+}}: reload remat.matmul &quot;h&quot;
// HTML:     <h3>Host memory after the plan (its own axis)</h3>
// HTML:     <polygon class="host"
// HTML:     <h3>Value lifetimes after the plan</h3>
// HTML-NOT: <a href{{.*}}life forward
// HTML:     <a href="#[[ROW:f0-v[0-9]+]]"><rect class="life host"
// HTML:     saved for the backward pass: offloaded by checkpoint policy
// HTML:     <h3>Saved for the backward pass</h3>
// HTML:     <tr id="[[ROW]]"><td class="num">32.0 KiB</td><td>host</td><td>h</td><td>tensor&lt;64x128xf32&gt;</td>

//--- policy.mlir
func.func @f(%x: tensor<64x128xf32>, %w: tensor<128x128xf32>, %w2: tensor<128x128xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <save_only_these_names ["h"]> -> tensor<64x128xf32> {
    %m = remat.matmul %x, %w : tensor<64x128xf32>, tensor<128x128xf32> -> tensor<64x128xf32>
    %h = remat.name %m as "h" : tensor<64x128xf32>
    %g = remat.gelu %h tanh : tensor<64x128xf32>
    %m2 = remat.matmul %g, %w2 : tensor<64x128xf32>, tensor<128x128xf32> -> tensor<64x128xf32>
    %t = remat.tanh %m2 : tensor<64x128xf32>
    remat.yield %t : tensor<64x128xf32>
  }
  %l = remat.reduce_sum %y dims [0, 1] : tensor<64x128xf32> -> tensor<f32>
  return %l : tensor<f32>
}

//--- offload.mlir
func.func @f(%x: tensor<64x128xf32>, %w: tensor<128x128xf32>, %w2: tensor<128x128xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <save_and_offload_only_these_names save [] offload ["h"]> -> tensor<64x128xf32> {
    %m = remat.matmul %x, %w : tensor<64x128xf32>, tensor<128x128xf32> -> tensor<64x128xf32>
    %h = remat.name %m as "h" : tensor<64x128xf32>
    %g = remat.gelu %h tanh : tensor<64x128xf32>
    %m2 = remat.matmul %g, %w2 : tensor<64x128xf32>, tensor<128x128xf32> -> tensor<64x128xf32>
    %t = remat.tanh %m2 : tensor<64x128xf32>
    remat.yield %t : tensor<64x128xf32>
  }
  %l = remat.reduce_sum %y dims [0, 1] : tensor<64x128xf32> -> tensor<f32>
  return %l : tensor<f32>
}

//--- marks.mlir
func.func @f(%x: tensor<64x128xf32>, %w: tensor<128x128xf32>) -> tensor<f32> {
  %m = remat.matmul %x, %w {remat.mark = #remat.mark<must_save>} : tensor<64x128xf32>, tensor<128x128xf32> -> tensor<64x128xf32>
  %g = remat.gelu %m tanh : tensor<64x128xf32>
  %t = remat.tanh %g : tensor<64x128xf32>
  %l = remat.reduce_sum %t dims [0, 1] : tensor<64x128xf32> -> tensor<f32>
  return %l : tensor<f32>
}
