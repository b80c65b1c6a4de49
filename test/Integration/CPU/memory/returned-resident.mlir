// A function that returns an argument or a constant returns a fresh copy of
// it, made at the return (bufferization clones what the caller may not
// own); the planner counts that copy, in 64-byte granules like every
// buffer, so the measured peak equals the plan to the byte. Sizes are not
// multiples of 64 bytes on purpose. Before the copy was modelled, each of
// these ran above its plan (by 33% on @argument), and the zero gradient
// remat-autodiff returns for an argument the loss ignores made the planned
// step of @unused_grad exceed its budget.
// DEFINE: %{measure} = remat-run - --check-memory=0 --print=0
// RUN: split-file %s %t
// RUN: remat-opt %t/argument.mlir -remat-rematerialize=budget=100% | %{measure} | FileCheck %s --check-prefixes=CHECK,ARG
// RUN: remat-opt %t/constant.mlir -remat-rematerialize=budget=100% | %{measure} | FileCheck %s --check-prefixes=CHECK,CONST
// RUN: remat-opt %t/argument_view.mlir -remat-rematerialize=budget=100% | %{measure} | FileCheck %s
// RUN: remat-opt %t/unused.mlir -remat-autodiff -remat-rematerialize="budget=100% functions=unused_grad" | %{measure} | FileCheck %s
// RUN: remat-opt %t/unused.mlir -remat-autodiff -remat-rematerialize="budget=90% functions=unused_grad" | %{measure} | FileCheck %s

// 3 x 20 x 4 B = 240 B, one granule short of 256: the argument, tanh's
// result and the returned copy of the argument.
// ARG: measured peak 768 B
// The argument, the constant (counted as such), tanh's result and the
// returned copy.
// CONST: measured peak 1024 B {{.*}} incl. 256 B of constants
// CHECK: PASS memory

//--- argument.mlir
func.func @argument(%x: tensor<3x20xf32>) -> (tensor<3x20xf32>, tensor<3x20xf32>) {
  %t = remat.tanh %x : tensor<3x20xf32>
  return %x, %t : tensor<3x20xf32>, tensor<3x20xf32>
}

//--- constant.mlir
func.func @constant(%x: tensor<3x20xf32>) -> (tensor<3x20xf32>, tensor<3x20xf32>) {
  %c = remat.constant dense<2.0> : tensor<3x20xf32>
  %t = remat.tanh %x : tensor<3x20xf32>
  return %c, %t : tensor<3x20xf32>, tensor<3x20xf32>
}

//--- argument_view.mlir
func.func @argument_view(%x: tensor<3x20xf32>) -> (tensor<60xf32>, tensor<3x20xf32>) {
  %r = remat.reshape %x : tensor<3x20xf32> -> tensor<60xf32>
  %t = remat.tanh %x : tensor<3x20xf32>
  return %r, %t : tensor<60xf32>, tensor<3x20xf32>
}

//--- unused.mlir
func.func @unused(%x: tensor<3x20xf32>, %u: tensor<3x3x5x5xf16>, %t: tensor<3x20xf32>) -> tensor<f32> {
  %a = remat.tanh %x : tensor<3x20xf32>
  %b = remat.sigmoid %a : tensor<3x20xf32>
  %l = remat.mse %b, %t : tensor<3x20xf32> -> tensor<f32>
  return %l : tensor<f32>
}
