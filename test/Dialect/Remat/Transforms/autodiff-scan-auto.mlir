// remat-autodiff{budget=...} chooses the mode of an `auto` scan: of none,
// full, nested (default block), offload (with allow-offload, as
// remat-rematerialize) and revolve (with the most slots whose peak fits,
// found by bisection), the one whose joint graph is cheapest while its
// unconstrained peak fits the budget. Here (16 layers): none peaks at 52.6
// KiB and costs least; full 44.6 KiB; nested 4 45.1 KiB (one layer's stack
// costs more than its carries save at this size); offload 37.1 KiB and
// costs most of the fixed modes; revolve fills the range between 37.6 KiB
// (one slot) and full, one carry (512 B) a slot, its cost falling as the
// slots grow. Without a budget, auto is none.
// RUN: split-file %s %t
// RUN: remat-opt %t/scan.mlir -remat-autodiff | FileCheck %s --check-prefix=NOBUDGET
// RUN: remat-opt %t/scan.mlir -remat-autodiff="budget=1GB allow-offload" -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=LARGE
// RUN: remat-opt %t/full.mlir -remat-autodiff="budget=48KiB" -verify-diagnostics | FileCheck %s --check-prefix=FULL
// RUN: remat-opt %t/revolve.mlir -remat-autodiff="budget=40KiB" -verify-diagnostics | FileCheck %s --check-prefix=REVOLVE
// RUN: remat-opt %t/revolve.mlir -remat-autodiff="budget=40KiB allow-offload" -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=TRIED
// RUN: remat-opt %t/offload.mlir -remat-autodiff="budget=38KiB allow-offload" -verify-diagnostics | FileCheck %s --check-prefix=OFFLOAD
// RUN: remat-opt %t/one-slot.mlir -remat-autodiff="budget=38KiB" -verify-diagnostics | FileCheck %s --check-prefix=ONESLOT
// RUN: remat-opt %t/infeasible.mlir -remat-autodiff="budget=30KiB allow-offload" -verify-diagnostics | FileCheck %s --check-prefix=OFFLOAD
// RUN: remat-opt %t/infeasible-no-offload.mlir -remat-autodiff="budget=30KiB" -verify-diagnostics | FileCheck %s --check-prefix=ONESLOT
// RUN: not remat-opt %t/scan.mlir -remat-autodiff="budget=lots" 2>&1 | FileCheck %s --check-prefix=BAD

// NOBUDGET-LABEL: func.func @f_grad
// NOBUDGET: remat.scan mode <none>
// NOBUDGET: remat.scan mode <none> reverse
// LARGE: remark: remat-autodiff: auto chose #remat.scan_mode<none> under a budget of 954 MiB (peak 52.6 KiB):
// LARGE-NEXT: #remat.scan_mode<none>: peak 52.6 KiB
// LARGE-NEXT: #remat.scan_mode<full>: peak 44.6 KiB
// LARGE-NEXT: #remat.scan_mode<nested 4>: peak 45.1 KiB
// LARGE-NEXT: #remat.scan_mode<offload>: peak 37.1 KiB
// LARGE-NEXT: #remat.scan_mode<revolve 1>: peak 37.6 KiB
// LARGE-NEXT: #remat.scan_mode<revolve 15>: peak 44.6 KiB
// LARGE-LABEL: func.func @f_grad
// LARGE: remat.scan mode <none>
// FULL-LABEL: func.func @f_grad
// FULL: remat.scan mode <full>
// FULL: remat.scan mode <full> reverse
// REVOLVE-LABEL: func.func @f_grad
// REVOLVE: remat.scan mode <revolve 5> snapshots
// REVOLVE: remat.revolve_scan slots 5
// TRIED: remark: remat-autodiff: auto chose #remat.scan_mode<revolve 5> under a budget of 40.0 KiB (peak 39.6 KiB):
// TRIED-NEXT: #remat.scan_mode<none>: peak 52.6 KiB, cost 2.899e+05
// TRIED-NEXT: #remat.scan_mode<full>: peak 44.6 KiB, cost 3.411e+05
// TRIED-NEXT: #remat.scan_mode<nested 4>: peak 45.1 KiB, cost 3.964e+05
// TRIED-NEXT: #remat.scan_mode<offload>: peak 37.1 KiB, cost 4.067e+05
// TRIED-NEXT: #remat.scan_mode<revolve 1>: peak 37.6 KiB, cost 8.49e+05
// TRIED-NEXT: #remat.scan_mode<revolve 4>: peak 39.1 KiB, cost 4.147e+05
// TRIED-NEXT: #remat.scan_mode<revolve 5>: peak 39.6 KiB, cost 4.051e+05
// TRIED-NEXT: #remat.scan_mode<revolve 6>: peak 40.1 KiB, cost 4.019e+05
// TRIED-NEXT: #remat.scan_mode<revolve 8>: peak 41.1 KiB, cost 3.935e+05
// TRIED-NEXT: #remat.scan_mode<revolve 15>: peak 44.6 KiB, cost 3.607e+05
// ONESLOT-LABEL: func.func @f_grad
// ONESLOT: remat.scan mode <revolve 1> snapshots
// ONESLOT: remat.revolve_scan slots 1
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

//--- revolve.mlir
// Between offload's peak and full's: revolve, with the most slots that fit.
func.func @f(%x: tensor<8x16xf32>, %ws: tensor<16x16x16xf32>) -> tensor<f32> {
  // expected-remark @+1 {{remat-autodiff: auto chose #remat.scan_mode<revolve 5> under a budget of 40.0 KiB (peak 39.6 KiB)}}
  %h = remat.scan mode <auto> (%c = %x : tensor<8x16xf32>) over (%w = %ws : tensor<16x16x16xf32>) -> (tensor<8x16xf32>) {
    %m = remat.matmul %c, %w : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
    %t = remat.tanh %m : tensor<8x16xf32>
    remat.yield %t : tensor<8x16xf32>
  }
  %l = remat.reduce_sum %h dims [0, 1] : tensor<8x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

//--- offload.mlir
// Below revolve 1's peak (one slot): only offload fits.
func.func @f(%x: tensor<8x16xf32>, %ws: tensor<16x16x16xf32>) -> tensor<f32> {
  // expected-remark @+1 {{remat-autodiff: auto chose #remat.scan_mode<offload> under a budget of 38.0 KiB (peak 37.1 KiB)}}
  %h = remat.scan mode <auto> (%c = %x : tensor<8x16xf32>) over (%w = %ws : tensor<16x16x16xf32>) -> (tensor<8x16xf32>) {
    %m = remat.matmul %c, %w : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
    %t = remat.tanh %m : tensor<8x16xf32>
    remat.yield %t : tensor<8x16xf32>
  }
  %l = remat.reduce_sum %h dims [0, 1] : tensor<8x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

//--- one-slot.mlir
// The same budget without allow-offload: revolve with one slot.
func.func @f(%x: tensor<8x16xf32>, %ws: tensor<16x16x16xf32>) -> tensor<f32> {
  // expected-remark @+1 {{remat-autodiff: auto chose #remat.scan_mode<revolve 1> under a budget of 38.0 KiB (peak 37.6 KiB)}}
  %h = remat.scan mode <auto> (%c = %x : tensor<8x16xf32>) over (%w = %ws : tensor<16x16x16xf32>) -> (tensor<8x16xf32>) {
    %m = remat.matmul %c, %w : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
    %t = remat.tanh %m : tensor<8x16xf32>
    remat.yield %t : tensor<8x16xf32>
  }
  %l = remat.reduce_sum %h dims [0, 1] : tensor<8x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

//--- infeasible-no-offload.mlir
// Below every mode's peak, offloading not allowed: revolve with one slot
// has the smallest.
func.func @f(%x: tensor<8x16xf32>, %ws: tensor<16x16x16xf32>) -> tensor<f32> {
  // expected-warning @+1 {{remat-autodiff: no remat mode of this scan fits a budget of 30.0 KiB (30720 B): the smallest peak, 37.6 KiB (38528 B), is with #remat.scan_mode<revolve 1>; it is used, and remat-rematerialize must recompute the rest (or use budget=38528 or more)}}
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
