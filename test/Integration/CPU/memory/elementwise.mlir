// Measured against planned peak memory (budget=100%, one op per function):
// elementwise ops, forward and backward, f32 and 16-bit (computed in f32,
// no temporary), broadcast, dropout and constants (globals, counted as
// resident by both sides).
// Tolerance 0: every buffer the CPU lowering allocates is 64-byte rounded,
// as the planner counts it, and each op's scratchBytes names the temporaries
// its lowering holds at its worst moment, so the measured peak must equal the
// planned one to the byte. (The 64-byte copies One-Shot Bufferize used to
// make of every reduction tile are gone: remat-tile-and-vectorize folds the
// loop carries that caused them.)
// DEFINE: %{plan} = -remat-rematerialize=budget=100%
// DEFINE: %{measure} = remat-run - --check-memory=0 --print=0
// RUN: split-file %s %t
// RUN: remat-opt %t/neg.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/exp.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/log.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/sqrt.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/rsqrt.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/tanh.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/sigmoid.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/relu.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/clamp.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/gelu_tanh.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/gelu_erf.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/exp_f16.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/add.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/sub.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/mul.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/div.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/maximum.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/add_bf16.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/scale.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/broadcast.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/broadcast_unit.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/dropout.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/constant.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/relu_grad.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/clamp_grad.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/gelu_grad_tanh.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/gelu_grad_erf.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/maximum_grad.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/erf.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/convert.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/where.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/masked_fill.mlir %{plan} | %{measure} | FileCheck %s
// RUN: remat-opt %t/where_grad.mlir %{plan} | %{measure} | FileCheck %s

// CHECK: PASS memory

//--- neg.mlir
func.func @neg(%x: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %y = remat.neg %x : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- exp.mlir
func.func @exp(%x: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %y = remat.exp %x : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- log.mlir
func.func @log(%x: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %y = remat.log %x : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- sqrt.mlir
func.func @sqrt(%x: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %y = remat.sqrt %x : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- rsqrt.mlir
func.func @rsqrt(%x: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %y = remat.rsqrt %x : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- tanh.mlir
func.func @tanh(%x: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %y = remat.tanh %x : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- sigmoid.mlir
func.func @sigmoid(%x: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %y = remat.sigmoid %x : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- clamp.mlir
func.func @clamp(%x: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %y = remat.clamp %x min -0.5 max 0.5 : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- relu.mlir
func.func @relu(%x: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %y = remat.relu %x : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- gelu_tanh.mlir
func.func @gelu_tanh(%x: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %y = remat.gelu %x tanh : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- gelu_erf.mlir
func.func @gelu_erf(%x: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %y = remat.gelu %x erf : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- exp_f16.mlir
func.func @exp_f16(%x: tensor<7x13xf16>) -> tensor<7x13xf16> {
  %y = remat.exp %x : tensor<7x13xf16>
  return %y : tensor<7x13xf16>
}

//--- add.mlir
func.func @add(%a: tensor<32x96xf32>, %b: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %y = remat.add %a, %b : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- sub.mlir
func.func @sub(%a: tensor<32x96xf32>, %b: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %y = remat.sub %a, %b : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- mul.mlir
func.func @mul(%a: tensor<32x96xf32>, %b: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %y = remat.mul %a, %b : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- div.mlir
func.func @div(%a: tensor<32x96xf32>, %b: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %y = remat.div %a, %b : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- maximum.mlir
func.func @maximum(%a: tensor<32x96xf32>, %b: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %y = remat.maximum %a, %b : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- add_bf16.mlir
func.func @add_bf16(%a: tensor<5x9xbf16>, %b: tensor<5x9xbf16>) -> tensor<5x9xbf16> {
  %y = remat.add %a, %b : tensor<5x9xbf16>
  return %y : tensor<5x9xbf16>
}

//--- scale.mlir
func.func @scale(%x: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %y = remat.scale %x, 0.5 : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- broadcast.mlir
func.func @broadcast(%x: tensor<96xf32>) -> tensor<32x3x96xf32> {
  %y = remat.broadcast %x dims [2] : tensor<96xf32> -> tensor<32x3x96xf32>
  return %y : tensor<32x3x96xf32>
}

//--- broadcast_unit.mlir
func.func @broadcast_unit(%x: tensor<1x96xf32>) -> tensor<32x96xf32> {
  %y = remat.broadcast %x dims [0, 1] : tensor<1x96xf32> -> tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- dropout.mlir
func.func @dropout(%x: tensor<32x96xf32>, %s: i64) -> tensor<32x96xf32> {
  %y = remat.dropout %x, %s rate 0.25 : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- constant.mlir
func.func @constant(%x: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %c = remat.constant dense<2.0> : tensor<32x96xf32>
  %y = remat.mul %x, %c : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- clamp_grad.mlir
func.func @clamp_grad(%g: tensor<32x96xf32>, %y: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %dx = remat.clamp_grad %g, %y min 0.0 max 6.0 : tensor<32x96xf32>
  return %dx : tensor<32x96xf32>
}

//--- relu_grad.mlir
func.func @relu_grad(%g: tensor<32x96xf32>, %x: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %y = remat.relu_grad %g, %x : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- gelu_grad_tanh.mlir
func.func @gelu_grad_tanh(%g: tensor<32x96xf32>, %x: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %y = remat.gelu_grad %g, %x tanh : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- gelu_grad_erf.mlir
func.func @gelu_grad_erf(%g: tensor<32x96xf32>, %x: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %y = remat.gelu_grad %g, %x erf : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- maximum_grad.mlir
func.func @maximum_grad(%g: tensor<32x96xf32>, %a: tensor<32x96xf32>, %b: tensor<32x96xf32>) -> (tensor<32x96xf32>, tensor<32x96xf32>) {
  %y:2 = remat.maximum_grad %g, %a, %b : tensor<32x96xf32>
  return %y#0, %y#1 : tensor<32x96xf32>, tensor<32x96xf32>
}

//--- erf.mlir
func.func @erf(%x: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %y = remat.erf %x : tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- convert.mlir
func.func @convert(%x: tensor<32x96xbf16>) -> tensor<32x96xf32> {
  %y = remat.convert %x : tensor<32x96xbf16> -> tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- where.mlir
// A constant mask (one byte per i1 element) broadcast at run time.
func.func @where(%a: tensor<32x96xf32>, %b: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %m = remat.constant dense<[[false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true]]> : tensor<1x96xi1>
  %mb = remat.broadcast %m dims [0, 1] : tensor<1x96xi1> -> tensor<32x96xi1>
  %y = remat.where %mb, %a, %b : tensor<32x96xi1>, tensor<32x96xf32>
  return %y : tensor<32x96xf32>
}

//--- masked_fill.mlir
// The fill is an attribute: no tensor of it is made.
func.func @masked_fill(%a: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %m = remat.constant dense<[[false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true]]> : tensor<1x96xi1>
  %mb = remat.broadcast %m dims [0, 1] : tensor<1x96xi1> -> tensor<32x96xi1>
  %y = remat.masked_fill %a, %mb, 0xFFF0000000000000 : tensor<32x96xf32>, tensor<32x96xi1>
  return %y : tensor<32x96xf32>
}

//--- where_grad.mlir
func.func @where_grad(%g: tensor<32x96xf32>) -> (tensor<32x96xf32>, tensor<32x96xf32>) {
  %m = remat.constant dense<[[false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true]]> : tensor<1x96xi1>
  %mb = remat.broadcast %m dims [0, 1] : tensor<1x96xi1> -> tensor<32x96xi1>
  %t = remat.where_grad %mb, %g : tensor<32x96xi1>, tensor<32x96xf32>
  %f = remat.where_grad false_side %mb, %g : tensor<32x96xi1>, tensor<32x96xf32>
  return %t, %f : tensor<32x96xf32>, tensor<32x96xf32>
}
