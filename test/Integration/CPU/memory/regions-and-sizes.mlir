// Measured against planned peak memory, to the byte, where the memory model
// used to miss: the temporaries inside an scf.if's branches (the op's
// scratch is its largest branch peak), a function whose callees were
// inlined first (the planner refuses calls), tensors of at most one vector
// (64 elements, 1x48, 0-d), which the CPU lowering used to keep in
// registers instead of the buffer the plan counts, a 16-bit chain with a
// matmul and softmax (f32 accumulators), and a scan without carries.
// DEFINE: %{measure} = remat-run - --check-memory=0 --print=0
// RUN: split-file %s %t
// RUN: remat-opt %t/branches.mlir -remat-rematerialize=budget=100% | %{measure} | FileCheck %s
// RUN: remat-opt %t/calls.mlir -inline -remat-rematerialize="budget=100% functions=top" | %{measure} --entry=top | FileCheck %s
// RUN: remat-opt %t/calls.mlir -inline -remat-rematerialize="budget=40960 functions=top report-text=%t/calls.txt" | %{measure} --entry=top | FileCheck %s --check-prefix=CALLS
// RUN: FileCheck %s --check-prefix=CALLS-PLAN < %t/calls.txt
// RUN: remat-opt %t/small.mlir -remat-rematerialize=budget=100% | %{measure} | FileCheck %s --check-prefix=SMALL
// RUN: remat-opt %t/half.mlir -remat-rematerialize=budget=100% | %{measure} | FileCheck %s
// RUN: remat-opt %t/scan_no_carry.mlir -remat-rematerialize=budget=100% | %{measure} | FileCheck %s

// CHECK: PASS memory
// CALLS: PASS memory: measured 40960 B <= budget 40960 B
// CALLS-PLAN: recompute remat.exp
// Four 256 B vectors, three 64 B scalars and the 1x48 operand with its
// tanh: every one a 64-byte-rounded buffer of its own.
// SMALL: PASS memory: measured 1216 B <= budget 1216 B, 0.00% from the plan

//--- branches.mlir
func.func @branches(%x: tensor<32x64xf32>, %n: i64) -> tensor<32x64xf32> {
  %zero = arith.constant 0 : i64
  %p = arith.cmpi sge, %n, %zero : i64
  %y = scf.if %p -> tensor<32x64xf32> {
    %a = remat.exp %x : tensor<32x64xf32>
    %b = remat.tanh %a : tensor<32x64xf32>
    %c = remat.add %a, %b : tensor<32x64xf32>
    scf.yield %c : tensor<32x64xf32>
  } else {
    %a = remat.exp %x : tensor<32x64xf32>
    scf.yield %a : tensor<32x64xf32>
  }
  %z = remat.tanh %y : tensor<32x64xf32>
  return %z : tensor<32x64xf32>
}

//--- calls.mlir
func.func private @leaf(%x: tensor<32x64xf32>) -> tensor<32x64xf32> {
  %a = remat.exp %x : tensor<32x64xf32>
  %b = remat.tanh %a : tensor<32x64xf32>
  %c = remat.add %a, %b : tensor<32x64xf32>
  return %c : tensor<32x64xf32>
}
func.func private @mid(%x: tensor<32x64xf32>) -> tensor<32x64xf32> {
  %a = remat.exp %x : tensor<32x64xf32>
  %b = func.call @leaf(%a) : (tensor<32x64xf32>) -> tensor<32x64xf32>
  %c = remat.mul %a, %b : tensor<32x64xf32>
  return %c : tensor<32x64xf32>
}
func.func @top(%x: tensor<32x64xf32>) -> tensor<32x64xf32> {
  %e = remat.exp %x : tensor<32x64xf32>
  %t = remat.tanh %e : tensor<32x64xf32>
  %y = func.call @mid(%t) : (tensor<32x64xf32>) -> tensor<32x64xf32>
  %s = remat.add %y, %e : tensor<32x64xf32>
  %z = remat.tanh %s : tensor<32x64xf32>
  return %z : tensor<32x64xf32>
}

//--- small.mlir
func.func @small(%x: tensor<64xf32>, %y: tensor<1x48xf32>) -> (tensor<64xf32>, tensor<f32>) {
  %a = remat.exp %x : tensor<64xf32>
  %b = remat.tanh %a : tensor<64xf32>
  %c = remat.add %a, %b : tensor<64xf32>
  %s = remat.reduce_sum %c dims [0] : tensor<64xf32> -> tensor<f32>
  %e = remat.exp %s : tensor<f32>
  %t = remat.tanh %y : tensor<1x48xf32>
  %u = remat.reduce_sum %t dims [0, 1] : tensor<1x48xf32> -> tensor<f32>
  %v = remat.add %e, %u : tensor<f32>
  return %c, %v : tensor<64xf32>, tensor<f32>
}

//--- half.mlir
func.func @half(%x: tensor<64x96xf16>, %w: tensor<96x32xf16>) -> tensor<64x32xf16> {
  %m = remat.matmul %x, %w : tensor<64x96xf16>, tensor<96x32xf16> -> tensor<64x32xf16>
  %e = remat.exp %m : tensor<64x32xf16>
  %s = remat.softmax %e axis 1 : tensor<64x32xf16>
  %t = remat.tanh %s : tensor<64x32xf16>
  %a = remat.add %t, %m : tensor<64x32xf16>
  return %a : tensor<64x32xf16>
}

//--- scan_no_carry.mlir
func.func @scan_no_carry(%ws: tensor<6x32x64xf32>) -> tensor<6x32x64xf32> {
  %ys = remat.scan mode <none> () over (%w = %ws : tensor<6x32x64xf32>) -> (tensor<6x32x64xf32>) {
    %e = remat.exp %w : tensor<32x64xf32>
    %t = remat.tanh %e : tensor<32x64xf32>
    remat.yield %t : tensor<32x64xf32>
  }
  return %ys : tensor<6x32x64xf32>
}
