// Every checkpoint policy on a 3-layer MLP training step whose middle layer
// is a remat.checkpoint region (the policy below is replaced by each policy
// in turn): planned with no budget (the policy solver, JAX's plan), the
// step's gradients are bitwise identical to those of the step as autodiff
// made it (unplanned: the reference), and its measured peak is within 5% of
// the plan. The values only the region reads (the matmul's output "pre",
// read by the scale alone) are decided by the policy too (issue 9): under
// nothing_saveable or save_only_these_names ["act"] it is recomputed, under
// the offloading policies it is offloaded. Two policies recompute nothing:
// everything_saveable, and save_anything_except_these_names ["pre"], which
// saves the unnamed scale that gelu's gradient reads (so "pre" is not needed
// by the backward at all).
// DEFINE: %{policy} = nothing_saveable
// DEFINE: %{step} = sed -e 's/nothing_saveable/%{policy}/' %s | remat-opt -remat-autodiff
// DEFINE: %{run} = remat-run --entry=mlp_grad --check-memory=0.05 --print=0
// RUN: remat-opt %s -remat-autodiff -o %t.ref.mlir
// RUN: remat-run --entry=mlp_grad --print=0 %t.ref.mlir --save-outputs=%t.out | FileCheck %s --check-prefix=REF

// REDEFINE: %{policy} = nothing_saveable
// RUN: %{step} -remat-rematerialize="functions=mlp_grad report-text=%t.nothing.txt" -o %t.nothing.mlir
// RUN: %{run} %t.nothing.mlir --expect-outputs=%t.out | FileCheck %s --check-prefixes=MEM,SAME
// RUN: FileCheck %s --check-prefix=REMAT < %t.nothing.txt

// REDEFINE: %{policy} = everything_saveable
// RUN: %{step} -remat-rematerialize="functions=mlp_grad report-text=%t.everything.txt" -o %t.everything.mlir
// RUN: %{run} %t.everything.mlir --expect-outputs=%t.out | FileCheck %s --check-prefixes=MEM,SAME
// RUN: FileCheck %s --check-prefix=KEEP < %t.everything.txt

// REDEFINE: %{policy} = dots_saveable
// RUN: %{step} -remat-rematerialize="functions=mlp_grad report-text=%t.dots.txt" -o %t.dots.mlir
// RUN: %{run} %t.dots.mlir --expect-outputs=%t.out | FileCheck %s --check-prefixes=MEM,SAME
// RUN: FileCheck %s --check-prefix=REMAT < %t.dots.txt

// REDEFINE: %{policy} = dots_with_no_batch_dims_saveable
// RUN: %{step} -remat-rematerialize="functions=mlp_grad report-text=%t.dots_nb.txt" -o %t.dots_nb.mlir
// RUN: %{run} %t.dots_nb.mlir --expect-outputs=%t.out | FileCheck %s --check-prefixes=MEM,SAME
// RUN: FileCheck %s --check-prefix=REMAT < %t.dots_nb.txt

// REDEFINE: %{policy} = save_only_these_names ["act"]
// RUN: %{step} -remat-rematerialize="functions=mlp_grad report-text=%t.only.txt" -o %t.only.mlir
// RUN: %{run} %t.only.mlir --expect-outputs=%t.out | FileCheck %s --check-prefixes=MEM,SAME
// RUN: FileCheck %s --check-prefix=REMAT < %t.only.txt

// REDEFINE: %{policy} = save_any_names_but_these ["act"]
// RUN: %{step} -remat-rematerialize="functions=mlp_grad report-text=%t.anybut.txt" -o %t.anybut.mlir
// RUN: %{run} %t.anybut.mlir --expect-outputs=%t.out | FileCheck %s --check-prefixes=MEM,SAME
// RUN: FileCheck %s --check-prefix=REMAT < %t.anybut.txt

// REDEFINE: %{policy} = save_anything_except_these_names ["pre"]
// RUN: %{step} -remat-rematerialize="functions=mlp_grad report-text=%t.except.txt" -o %t.except.mlir
// RUN: %{run} %t.except.mlir --expect-outputs=%t.out | FileCheck %s --check-prefixes=MEM,SAME
// RUN: FileCheck %s --check-prefix=KEEP < %t.except.txt

// REDEFINE: %{policy} = save_and_offload_only_these_names save ["act"] offload ["pre"]
// RUN: %{step} -remat-rematerialize="functions=mlp_grad report-text=%t.offload.txt" -o %t.offload.mlir
// RUN: %{run} %t.offload.mlir --expect-outputs=%t.out | FileCheck %s --check-prefixes=MEM,SAME
// RUN: FileCheck %s --check-prefix=OFFLOAD < %t.offload.txt

// REDEFINE: %{policy} = offload_dot_with_no_batch_dims
// RUN: %{step} -remat-rematerialize="functions=mlp_grad report-text=%t.offdots.txt" -o %t.offdots.mlir
// RUN: %{run} %t.offdots.mlir --expect-outputs=%t.out | FileCheck %s --check-prefixes=MEM,SAME
// RUN: FileCheck %s --check-prefix=OFFLOAD < %t.offdots.txt

// REDEFINE: %{policy} = dots_with_no_batch_dims_saveable | save_only_these_names ["act"]
// RUN: %{step} -remat-rematerialize="functions=mlp_grad report-text=%t.combined.txt" -o %t.combined.mlir
// RUN: %{run} %t.combined.mlir --expect-outputs=%t.out | FileCheck %s --check-prefixes=MEM,SAME
// RUN: FileCheck %s --check-prefix=REMAT < %t.combined.txt


// REF: memory: measured peak
// MEM: PASS memory: measured {{[0-9]+}} B
// SAME-COUNT-5: PASS output {{[0-9]}} is bitwise identical
// SAME-NOT: FAIL output

// KEEP: recomputed: 0 value(s)
// KEEP: offloaded: 0 value(s)
// REMAT: recomputed: {{[1-9][0-9]*}} value(s)
// OFFLOAD: offloaded: {{[1-9][0-9]*}} value(s)

func.func @mlp(%x: tensor<32x64xf32>, %w1: tensor<64x64xf32>, %w2: tensor<64x64xf32>, %w3: tensor<64x64xf32>) -> tensor<f32> {
  %p1 = remat.matmul %x, %w1 : tensor<32x64xf32>, tensor<64x64xf32> -> tensor<32x64xf32>
  %a1 = remat.gelu %p1 tanh : tensor<32x64xf32>
  %a2 = remat.checkpoint policy <nothing_saveable> -> tensor<32x64xf32> {
    %p = remat.matmul %a1, %w2 : tensor<32x64xf32>, tensor<64x64xf32> -> tensor<32x64xf32>
    %pn = remat.name %p as "pre" : tensor<32x64xf32>
    %s = remat.scale %pn, 0.5 : tensor<32x64xf32>
    %g = remat.gelu %s tanh : tensor<32x64xf32>
    %gn = remat.name %g as "act" : tensor<32x64xf32>
    %e = remat.tanh %gn : tensor<32x64xf32>
    remat.yield %e : tensor<32x64xf32>
  }
  %p3 = remat.matmul %a2, %w3 : tensor<32x64xf32>, tensor<64x64xf32> -> tensor<32x64xf32>
  %t = remat.tanh %p3 : tensor<32x64xf32>
  %l = remat.reduce_sum %t dims [0, 1] : tensor<32x64xf32> -> tensor<f32>
  return %l : tensor<f32>
}
