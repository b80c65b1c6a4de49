// Measured against planned peak memory (budget=100%): a checkpoint region
// (its ops are planned one by one), scans (their scratch is one iteration's
// temporaries) and an explicit offload/reload pair (the host copy is not
// device memory).
// Tolerance 0: every buffer the CPU lowering allocates is 64-byte rounded,
// as the planner counts it, and each op's scratchBytes names the temporaries
// its lowering holds at its worst moment, so the measured peak must equal the
// planned one to the byte. (The 64-byte copies One-Shot Bufferize used to
// make of every reduction tile are gone: remat-tile-and-vectorize folds the
// loop carries that caused them.)
// DEFINE: %{plan} = -remat-rematerialize=budget=100%
// DEFINE: %{measure} = remat-run - --check-memory=0 --print=0
// RUN: split-file %s %t
// RUN: remat-opt %t/checkpoint.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/scan.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/scan_carry_only.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/scan_f16.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/offload_reload.mlir %{plan} | %{measure} | FileCheck %s --check-prefixes=CHECK,OFFLOAD

// The argument, exp's result (freed once offloaded) and the reloaded copy:
// 2 x 12288 B of device memory.
// OFFLOAD: measured peak 24576 B

// CHECK: PASS memory

//--- checkpoint.mlir
func.func @checkpoint(%x: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %c = remat.checkpoint policy <nothing_saveable> -> tensor<32x96xf32> {
    %e = remat.exp %x : tensor<32x96xf32>
    %t = remat.tanh %e : tensor<32x96xf32>
    remat.yield %t : tensor<32x96xf32>
  }
  return %c : tensor<32x96xf32>
}

//--- scan.mlir
func.func @scan(%h0: tensor<32x64xf32>, %ws: tensor<6x64x64xf32>) -> (tensor<32x64xf32>, tensor<6x32x64xf32>) {
  %h, %ys = remat.scan mode <none> (%c = %h0 : tensor<32x64xf32>) over (%w = %ws : tensor<6x64x64xf32>) -> (tensor<32x64xf32>, tensor<6x32x64xf32>) {
    %m = remat.matmul %c, %w : tensor<32x64xf32>, tensor<64x64xf32> -> tensor<32x64xf32>
    %t = remat.tanh %m : tensor<32x64xf32>
    remat.yield %t, %m : tensor<32x64xf32>, tensor<32x64xf32>
  }
  return %h, %ys : tensor<32x64xf32>, tensor<6x32x64xf32>
}

//--- scan_carry_only.mlir
func.func @scan_carry_only(%h0: tensor<32x64xf32>, %ws: tensor<6x64x64xf32>) -> tensor<32x64xf32> {
  %h = remat.scan mode <none> (%c = %h0 : tensor<32x64xf32>) over (%w = %ws : tensor<6x64x64xf32>) -> (tensor<32x64xf32>) {
    %m = remat.matmul %c, %w : tensor<32x64xf32>, tensor<64x64xf32> -> tensor<32x64xf32>
    %t = remat.tanh %m : tensor<32x64xf32>
    remat.yield %t : tensor<32x64xf32>
  }
  return %h : tensor<32x64xf32>
}

//--- scan_f16.mlir
func.func @scan_f16(%h0: tensor<16x32xf16>, %ws: tensor<3x32x32xf16>) -> tensor<16x32xf16> {
  %h = remat.scan mode <none> (%c = %h0 : tensor<16x32xf16>) over (%w = %ws : tensor<3x32x32xf16>) -> (tensor<16x32xf16>) {
    %m = remat.matmul %c, %w : tensor<16x32xf16>, tensor<32x32xf16> -> tensor<16x32xf16>
    %r = remat.reshape %m : tensor<16x32xf16> -> tensor<512xf16>
    %e = remat.exp %r : tensor<512xf16>
    %t = remat.reshape %e : tensor<512xf16> -> tensor<16x32xf16>
    remat.yield %t : tensor<16x32xf16>
  }
  return %h : tensor<16x32xf16>
}

//--- offload_reload.mlir
func.func @offload_reload(%x: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %e = remat.exp %x : tensor<32x96xf32>
  %h = remat.offload %e : tensor<32x96xf32> -> tensor<32x96xf32, #remat.host>
  %y = remat.reload %h : tensor<32x96xf32, #remat.host> -> tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}
