// Infeasible budgets under the options that change the memory model or the
// objective, all with solver=greedy: a saved-for-backward budget
// (budget-kind=saved, scans whose stacked residuals cannot be dropped), with
// allow-offload (the smallest peak is lower but still above the budget), for
// target=gpu (256-byte granules) and with min-remat-bytes (small values may
// not be recomputed, so the smallest peak is higher). Each error names the
// smallest reachable peak (or saved bytes) and the budget to use.
// RUN: split-file %s %t
// RUN: remat-opt %t/saved.mlir -split-input-file -verify-diagnostics -remat-autodiff -remat-rematerialize="budget=20% budget-kind=saved solver=greedy"
// RUN: remat-opt %t/offload.mlir -split-input-file -verify-diagnostics -remat-autodiff -remat-rematerialize="budget=10% allow-offload solver=greedy"
// RUN: remat-opt %t/gpu.mlir -split-input-file -verify-diagnostics -remat-autodiff -remat-rematerialize="budget=10% target=gpu solver=greedy"
// RUN: remat-opt %t/minremat.mlir -split-input-file -verify-diagnostics -remat-autodiff -remat-rematerialize="budget=10% min-remat-bytes=64KiB solver=greedy"

//--- saved.mlir
// a scan of 8 layers in mode none
// expected-error @+1 {{remat-rematerialize: a saved-for-backward budget of 12.8 KiB (13107 B) is infeasible for @stack_grad: the fewest bytes the greedy solver saves is 64.0 KiB (65536 B); use budget=65536 or more, or best-effort}}
func.func @stack(%h0: tensor<16x64xf32>, %ws: tensor<8x64x64xf32>) -> tensor<f32> {
  %h = remat.scan mode <none> (%c = %h0 : tensor<16x64xf32>) over (%w = %ws : tensor<8x64x64xf32>) -> (tensor<16x64xf32>) {
    %m = remat.matmul %c, %w : tensor<16x64xf32>, tensor<64x64xf32> -> tensor<16x64xf32>
    %t = remat.tanh %m : tensor<16x64xf32>
    remat.yield %t : tensor<16x64xf32>
  }
  %l = remat.reduce_mean %h dims [0, 1] : tensor<16x64xf32> -> tensor<f32>
  return %l : tensor<f32>
}
// -----
// a scan of 4 bf16 layers in mode none, with a sigmoid
// expected-error @+1 {{remat-rematerialize: a saved-for-backward budget of 819 B (819 B) is infeasible for @stack_grad: the fewest bytes the greedy solver saves is 4.00 KiB (4096 B); use budget=4096 or more, or best-effort}}
func.func @stack(%h0: tensor<8x32xbf16>, %ws: tensor<4x32x32xbf16>) -> tensor<f32> {
  %h = remat.scan mode <none> (%c = %h0 : tensor<8x32xbf16>) over (%w = %ws : tensor<4x32x32xbf16>) -> (tensor<8x32xbf16>) {
    %m = remat.matmul %c, %w : tensor<8x32xbf16>, tensor<32x32xbf16> -> tensor<8x32xbf16>
    %t = remat.sigmoid %m : tensor<8x32xbf16>
    remat.yield %t : tensor<8x32xbf16>
  }
  %f = remat.convert %h : tensor<8x32xbf16> -> tensor<8x32xf32>
  %l = remat.reduce_mean %f dims [0, 1] : tensor<8x32xf32> -> tensor<f32>
  return %l : tensor<f32>
}

//--- offload.mlir
// a two-layer MLP at 10% of its unplanned peak
// expected-note @+2 {{at that point arguments take 48.1 KiB, values kept for later 0 B and this op's operands, results and scratch 56.0 KiB; use budget=106560 or more, or best-effort to plan to that peak}}
// expected-note @+1 {{the greedy cannot lower the peak below 106560 bytes (budget 13120): at the computation of node 15 (remat.matmul) at step 15, no value kept across it can be evicted without raising the peak elsewhere}}
func.func @mlp(%x: tensor<64x64xf32>, %w1: tensor<64x64xf32>, %w2: tensor<64x64xf32>) -> tensor<f32> {
  %h = remat.matmul %x, %w1 : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %a = remat.tanh %h : tensor<64x64xf32>
  // expected-error @+1 {{remat-rematerialize: a budget of 12.8 KiB (13120 B) is infeasible for @mlp_grad: the smallest peak the greedy solver reaches is 104 KiB (106560 B), here, in the backward pass of this op}}
  %o = remat.matmul %a, %w2 : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %t = remat.sigmoid %o : tensor<64x64xf32>
  %l = remat.reduce_mean %t dims [0, 1] : tensor<64x64xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// a small conv net with pooling and a cross-entropy loss
// expected-note @+2 {{at that point arguments take 27.0 KiB, values kept for later 0 B and this op's operands, results and scratch 56.5 KiB; use budget=85504 or more, or best-effort to plan to that peak}}
// expected-note @+1 {{the greedy cannot lower the peak below 85504 bytes (budget 11219): at the computation of node 16 (remat.conv2d_grad_filter) at step 16, no value kept across it can be evicted without raising the peak elsewhere}}
func.func @conv(%x: tensor<2x3x16x16xf32>, %w: tensor<8x3x3x3xf32>, %fc: tensor<512x10xf32>, %y: tensor<2xi32>) -> tensor<f32> {
  // expected-error @+1 {{remat-rematerialize: a budget of 11.0 KiB (11219 B) is infeasible for @conv_grad: the smallest peak the greedy solver reaches is 83.5 KiB (85504 B), here, in the backward pass of this op}}
  %c = remat.conv2d %x, %w padding [1, 1, 1, 1] : tensor<2x3x16x16xf32>, tensor<8x3x3x3xf32> -> tensor<2x8x16x16xf32>
  %r = remat.relu %c : tensor<2x8x16x16xf32>
  %p = remat.max_pool2d %r kernel [2, 2] strides [2, 2] : tensor<2x8x16x16xf32> -> tensor<2x8x8x8xf32>
  %f = remat.reshape %p : tensor<2x8x8x8xf32> -> tensor<2x512xf32>
  %o = remat.matmul %f, %fc : tensor<2x512xf32>, tensor<512x10xf32> -> tensor<2x10xf32>
  %l = remat.cross_entropy %o, %y : tensor<2x10xf32>, tensor<2xi32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// a scan of 8 layers in mode none
// expected-note @+2 {{at that point arguments take 132 KiB, values kept for later 0 B and this op's operands, results and scratch 226 KiB; use budget=366656 or more, or best-effort to plan to that peak}}
// expected-note @+1 {{the greedy cannot lower the peak below 366656 bytes (budget 36672): at the computation of node 9 (remat.scan) at step 9, no value kept across it can be evicted without raising the peak elsewhere}}
func.func @stack(%h0: tensor<16x64xf32>, %ws: tensor<8x64x64xf32>) -> tensor<f32> {
  // expected-error @+1 {{remat-rematerialize: a budget of 35.8 KiB (36672 B) is infeasible for @stack_grad: the smallest peak the greedy solver reaches is 358 KiB (366656 B), here, in the backward pass of this op}}
  %h = remat.scan mode <none> (%c = %h0 : tensor<16x64xf32>) over (%w = %ws : tensor<8x64x64xf32>) -> (tensor<16x64xf32>) {
    %m = remat.matmul %c, %w : tensor<16x64xf32>, tensor<64x64xf32> -> tensor<16x64xf32>
    %t = remat.tanh %m : tensor<16x64xf32>
    remat.yield %t : tensor<16x64xf32>
  }
  %l = remat.reduce_mean %h dims [0, 1] : tensor<16x64xf32> -> tensor<f32>
  return %l : tensor<f32>
}

//--- gpu.mlir
// a two-layer MLP at 10% of its unplanned peak
// expected-note @+2 {{at that point arguments take 48.2 KiB, values kept for later 32.2 KiB and this op's operands, results and scratch 32.0 KiB; use budget=115200 or more, or best-effort to plan to that peak}}
// expected-note @+1 {{the greedy cannot lower the peak below 115200 bytes (budget 13158): at the computation of node 10 (remat.scale) at step 10, no value kept across it can be evicted without raising the peak elsewhere}}
func.func @mlp(%x: tensor<64x64xf32>, %w1: tensor<64x64xf32>, %w2: tensor<64x64xf32>) -> tensor<f32> {
  %h = remat.matmul %x, %w1 : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %a = remat.tanh %h : tensor<64x64xf32>
  %o = remat.matmul %a, %w2 : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %t = remat.sigmoid %o : tensor<64x64xf32>
  // expected-error @+1 {{remat-rematerialize: a budget of 12.8 KiB (13158 B) is infeasible for @mlp_grad: the smallest peak the greedy solver reaches is 112 KiB (115200 B), here, in the backward pass of this op}}
  %l = remat.reduce_mean %t dims [0, 1] : tensor<64x64xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// a small conv net with pooling and a cross-entropy loss
// expected-note @+2 {{at that point arguments take 27.5 KiB, values kept for later 4.00 KiB and this op's operands, results and scratch 48.0 KiB; use budget=81408 or more, or best-effort to plan to that peak}}
// expected-note @+1 {{the greedy cannot lower the peak below 81408 bytes (budget 9804): at the computation of node 14 (remat.relu_grad) at step 14, no value kept across it can be evicted without raising the peak elsewhere}}
func.func @conv(%x: tensor<2x3x16x16xf32>, %w: tensor<8x3x3x3xf32>, %fc: tensor<512x10xf32>, %y: tensor<2xi32>) -> tensor<f32> {
  %c = remat.conv2d %x, %w padding [1, 1, 1, 1] : tensor<2x3x16x16xf32>, tensor<8x3x3x3xf32> -> tensor<2x8x16x16xf32>
  // expected-error @+1 {{remat-rematerialize: a budget of 9.57 KiB (9804 B) is infeasible for @conv_grad: the smallest peak the greedy solver reaches is 79.5 KiB (81408 B), here, in the backward pass of this op}}
  %r = remat.relu %c : tensor<2x8x16x16xf32>
  %p = remat.max_pool2d %r kernel [2, 2] strides [2, 2] : tensor<2x8x16x16xf32> -> tensor<2x8x8x8xf32>
  %f = remat.reshape %p : tensor<2x8x8x8xf32> -> tensor<2x512xf32>
  %o = remat.matmul %f, %fc : tensor<2x512xf32>, tensor<512x10xf32> -> tensor<2x10xf32>
  %l = remat.cross_entropy %o, %y : tensor<2x10xf32>, tensor<2xi32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// a scan of 8 layers in mode none
// expected-note @+2 {{at that point arguments take 132 KiB, values kept for later 0 B and this op's operands, results and scratch 224 KiB; use budget=364800 or more, or best-effort to plan to that peak}}
// expected-note @+1 {{the greedy cannot lower the peak below 364800 bytes (budget 36505): at the computation of node 9 (remat.scan) at step 9, no value kept across it can be evicted without raising the peak elsewhere}}
func.func @stack(%h0: tensor<16x64xf32>, %ws: tensor<8x64x64xf32>) -> tensor<f32> {
  // expected-error @+1 {{remat-rematerialize: a budget of 35.6 KiB (36505 B) is infeasible for @stack_grad: the smallest peak the greedy solver reaches is 356 KiB (364800 B), here, in the backward pass of this op}}
  %h = remat.scan mode <none> (%c = %h0 : tensor<16x64xf32>) over (%w = %ws : tensor<8x64x64xf32>) -> (tensor<16x64xf32>) {
    %m = remat.matmul %c, %w : tensor<16x64xf32>, tensor<64x64xf32> -> tensor<16x64xf32>
    %t = remat.tanh %m : tensor<16x64xf32>
    remat.yield %t : tensor<16x64xf32>
  }
  %l = remat.reduce_mean %h dims [0, 1] : tensor<16x64xf32> -> tensor<f32>
  return %l : tensor<f32>
}

//--- minremat.mlir
// a two-layer MLP at 10% of its unplanned peak
// expected-note @+2 {{at that point arguments take 48.1 KiB, values kept for later 32.1 KiB and this op's operands, results and scratch 48.0 KiB; use budget=131200 or more, or best-effort to plan to that peak}}
// expected-note @+1 {{the greedy cannot lower the peak below 131200 bytes (budget 13120): at the computation of node 12 (remat.sub) at step 12, no value kept across it can be evicted without raising the peak elsewhere}}
func.func @mlp(%x: tensor<64x64xf32>, %w1: tensor<64x64xf32>, %w2: tensor<64x64xf32>) -> tensor<f32> {
  %h = remat.matmul %x, %w1 : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %a = remat.tanh %h : tensor<64x64xf32>
  %o = remat.matmul %a, %w2 : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  // expected-error @+1 {{remat-rematerialize: a budget of 12.8 KiB (13120 B) is infeasible for @mlp_grad: the smallest peak the greedy solver reaches is 128 KiB (131200 B), here, in the backward pass of this op}}
  %t = remat.sigmoid %o : tensor<64x64xf32>
  %l = remat.reduce_mean %t dims [0, 1] : tensor<64x64xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// a small conv net with pooling and a cross-entropy loss
// expected-note @+2 {{at that point arguments take 27.0 KiB, values kept for later 20.9 KiB and this op's operands, results and scratch 43.1 KiB; use budget=93248 or more, or best-effort to plan to that peak}}
// expected-note @+1 {{the greedy cannot lower the peak below 93248 bytes (budget 11219): at the recomputation of node 15 (remat.conv2d_grad_input) before step 17, no value kept across it can be evicted without raising the peak elsewhere}}
func.func @conv(%x: tensor<2x3x16x16xf32>, %w: tensor<8x3x3x3xf32>, %fc: tensor<512x10xf32>, %y: tensor<2xi32>) -> tensor<f32> {
  // expected-error @+1 {{remat-rematerialize: a budget of 11.0 KiB (11219 B) is infeasible for @conv_grad: the smallest peak the greedy solver reaches is 91.1 KiB (93248 B), here, in the backward pass of this op}}
  %c = remat.conv2d %x, %w padding [1, 1, 1, 1] : tensor<2x3x16x16xf32>, tensor<8x3x3x3xf32> -> tensor<2x8x16x16xf32>
  %r = remat.relu %c : tensor<2x8x16x16xf32>
  %p = remat.max_pool2d %r kernel [2, 2] strides [2, 2] : tensor<2x8x16x16xf32> -> tensor<2x8x8x8xf32>
  %f = remat.reshape %p : tensor<2x8x8x8xf32> -> tensor<2x512xf32>
  %o = remat.matmul %f, %fc : tensor<2x512xf32>, tensor<512x10xf32> -> tensor<2x10xf32>
  %l = remat.cross_entropy %o, %y : tensor<2x10xf32>, tensor<2xi32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// a scan of 8 layers in mode none
// expected-note @+2 {{at that point arguments take 132 KiB, values kept for later 64 B and this op's operands, results and scratch 226 KiB; use budget=366720 or more, or best-effort to plan to that peak}}
// expected-note @+1 {{the greedy cannot lower the peak below 366720 bytes (budget 36672): at the computation of node 9 (remat.scan) at step 9, no value kept across it can be evicted without raising the peak elsewhere}}
func.func @stack(%h0: tensor<16x64xf32>, %ws: tensor<8x64x64xf32>) -> tensor<f32> {
  // expected-error @+1 {{remat-rematerialize: a budget of 35.8 KiB (36672 B) is infeasible for @stack_grad: the smallest peak the greedy solver reaches is 358 KiB (366720 B), here, in the backward pass of this op}}
  %h = remat.scan mode <none> (%c = %h0 : tensor<16x64xf32>) over (%w = %ws : tensor<8x64x64xf32>) -> (tensor<16x64xf32>) {
    %m = remat.matmul %c, %w : tensor<16x64xf32>, tensor<64x64xf32> -> tensor<16x64xf32>
    %t = remat.tanh %m : tensor<16x64xf32>
    remat.yield %t : tensor<16x64xf32>
  }
  %l = remat.reduce_mean %h dims [0, 1] : tensor<16x64xf32> -> tensor<f32>
  return %l : tensor<f32>
}
