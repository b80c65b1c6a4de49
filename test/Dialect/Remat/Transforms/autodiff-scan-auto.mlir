// remat-autodiff{budget=...} chooses the mode of an `auto` scan: of none,
// full, nested (default block) and offload, the one whose joint graph is
// cheapest while its unconstrained peak fits the budget. Here (16 layers):
// none peaks at 52.6 KiB and costs least; full 44.6 KiB; nested 4 45.1 KiB
// (one layer's stack costs more than its carries save at this size);
// offload 37.1 KiB and costs most. Without a budget, auto is none.
// RUN: split-file %s %t
// RUN: remat-opt %t/scan.mlir -remat-autodiff | FileCheck %s --check-prefix=NOBUDGET
// RUN: remat-opt %t/scan.mlir -remat-autodiff="budget=1GB" -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=LARGE
// RUN: remat-opt %t/full.mlir -remat-autodiff="budget=48KiB" -verify-diagnostics | FileCheck %s --check-prefix=FULL
// RUN: remat-opt %t/offload.mlir -remat-autodiff="budget=40KiB" -verify-diagnostics | FileCheck %s --check-prefix=OFFLOAD
// RUN: remat-opt %t/infeasible.mlir -remat-autodiff="budget=30KiB" -verify-diagnostics | FileCheck %s --check-prefix=OFFLOAD
// RUN: not remat-opt %t/scan.mlir -remat-autodiff="budget=lots" 2>&1 | FileCheck %s --check-prefix=BAD

// NOBUDGET-LABEL: func.func @f_grad
// NOBUDGET: remat.scan mode <none>
// NOBUDGET: remat.scan mode <none> reverse
// LARGE: remark: remat-autodiff: auto chose #remat.scan_mode<none> under a budget of 954 MiB (peak 52.6 KiB):
// LARGE-NEXT: #remat.scan_mode<none>: peak 52.6 KiB
// LARGE-NEXT: #remat.scan_mode<full>: peak 44.6 KiB
// LARGE-NEXT: #remat.scan_mode<nested 4>: peak 45.1 KiB
// LARGE-NEXT: #remat.scan_mode<offload>: peak 37.1 KiB
// LARGE-LABEL: func.func @f_grad
// LARGE: remat.scan mode <none>
// FULL-LABEL: func.func @f_grad
// FULL: remat.scan mode <full>
// FULL: remat.scan mode <full> reverse
// OFFLOAD-LABEL: func.func @f_grad
// OFFLOAD: remat.scan mode <offload>
// OFFLOAD: remat.scan mode <offload> reverse
// BAD: error: remat-autodiff: invalid budget:

//--- scan.mlir
func.func @f(%x: tensor<8x16xf32>, %ws: tensor<16x16x16xf32>) -> tensor<f32> {
  %h = remat.scan mode <auto> (%c = %x : tensor<8x16xf32>) over (%w = %ws : tensor<16x16x16xf32>) -> (tensor<8x16xf32>) {
    %m = remat.matmul %c, %w : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
    %t = remat.tanh %m : tensor<8x16xf32>
    remat.yield %t : tensor<8x16xf32>
  }
  %l = remat.reduce_sum %h dims [0, 1] : tensor<8x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

//--- full.mlir
func.func @f(%x: tensor<8x16xf32>, %ws: tensor<16x16x16xf32>) -> tensor<f32> {
  // expected-remark @+1 {{remat-autodiff: auto chose #remat.scan_mode<full> under a budget of 48.0 KiB (peak 44.6 KiB)}}
  %h = remat.scan mode <auto> (%c = %x : tensor<8x16xf32>) over (%w = %ws : tensor<16x16x16xf32>) -> (tensor<8x16xf32>) {
    %m = remat.matmul %c, %w : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
    %t = remat.tanh %m : tensor<8x16xf32>
    remat.yield %t : tensor<8x16xf32>
  }
  %l = remat.reduce_sum %h dims [0, 1] : tensor<8x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

//--- offload.mlir
func.func @f(%x: tensor<8x16xf32>, %ws: tensor<16x16x16xf32>) -> tensor<f32> {
  // expected-remark @+1 {{remat-autodiff: auto chose #remat.scan_mode<offload> under a budget of 40.0 KiB (peak 37.1 KiB)}}
  %h = remat.scan mode <auto> (%c = %x : tensor<8x16xf32>) over (%w = %ws : tensor<16x16x16xf32>) -> (tensor<8x16xf32>) {
    %m = remat.matmul %c, %w : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
    %t = remat.tanh %m : tensor<8x16xf32>
    remat.yield %t : tensor<8x16xf32>
  }
  %l = remat.reduce_sum %h dims [0, 1] : tensor<8x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

//--- infeasible.mlir
// Below every mode's peak: the smallest is used, with a warning naming it.
func.func @f(%x: tensor<8x16xf32>, %ws: tensor<16x16x16xf32>) -> tensor<f32> {
  // expected-warning @+1 {{remat-autodiff: no remat mode of this scan fits a budget of 30.0 KiB (30720 B): the smallest peak, 37.1 KiB (38016 B), is with #remat.scan_mode<offload>; it is used, and remat-rematerialize must recompute the rest (or use budget=38016 or more)}}
  %h = remat.scan mode <auto> (%c = %x : tensor<8x16xf32>) over (%w = %ws : tensor<16x16x16xf32>) -> (tensor<8x16xf32>) {
    %m = remat.matmul %c, %w : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
    %t = remat.tanh %m : tensor<8x16xf32>
    remat.yield %t : tensor<8x16xf32>
  }
  %l = remat.reduce_sum %h dims [0, 1] : tensor<8x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}
