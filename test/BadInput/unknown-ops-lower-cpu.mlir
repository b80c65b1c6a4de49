// Ops on tensors that remat-lower-cpu cannot lower (tensor.gather, ops of
// unregistered dialects at top level and in checkpoint and scan bodies,
// elementwise math on a sparse tensor): named before bufferization.
// RUN: remat-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect -remat-lower-cpu

// tensor.gather
func.func @f(%x: tensor<8x4xf32>, %i: tensor<2x1xindex>) -> tensor<2x1x4xf32> {
  // expected-error @+1 {{'tensor.gather' op on tensors cannot be lowered by remat-lower-cpu: on tensors it lowers remat ops, elementwise arith and math ops, and the linalg, tensor, bufferization, scf and func ops that One-Shot Bufferize supports; convert this op to those first}}
  %g = tensor.gather %x[%i] gather_dims([0]) : (tensor<8x4xf32>, tensor<2x1xindex>) -> tensor<2x1x4xf32>
  return %g : tensor<2x1x4xf32>
}

// -----

// an unregistered op after a remat op
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = remat.exp %x : tensor<4xf32>
  // expected-error @+1 {{'vendor.fused_kernel' op on tensors cannot be lowered by remat-lower-cpu: on tensors it lowers remat ops, elementwise arith and math ops, and the linalg, tensor, bufferization, scf and func ops that One-Shot Bufferize supports; convert this op to those first}}
  %a = "vendor.fused_kernel"(%e) {tile = 4 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// an unregistered op inside a checkpoint body
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = remat.checkpoint policy <dots_saveable> -> tensor<4xf32> {
    // expected-error @+1 {{'vendor.op' op on tensors cannot be lowered by remat-lower-cpu: on tensors it lowers remat ops, elementwise arith and math ops, and the linalg, tensor, bufferization, scf and func ops that One-Shot Bufferize supports; convert this op to those first}}
    %a = "vendor.op"(%x) : (tensor<4xf32>) -> tensor<4xf32>
    remat.yield %a : tensor<4xf32>
  }
  return %c : tensor<4xf32>
}

// -----

// an unregistered op inside a scan body
func.func @f(%h0: tensor<4xf32>, %ws: tensor<3x4xf32>) -> tensor<4xf32> {
  %h = remat.scan mode <full> (%c = %h0 : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>) {
    // expected-error @+1 {{'vendor.op' op on tensors cannot be lowered by remat-lower-cpu: on tensors it lowers remat ops, elementwise arith and math ops, and the linalg, tensor, bufferization, scf and func ops that One-Shot Bufferize supports; convert this op to those first}}
    %a = "vendor.op"(%c, %w) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    remat.yield %a : tensor<4xf32>
  }
  return %h : tensor<4xf32>
}

// -----

// a sparse tensor operand
#CSR = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>
func.func @f(%x: tensor<4x8xf32, #CSR>) -> tensor<4x8xf32, #CSR> {
  // expected-error @+1 {{'math.exp' op on tensors cannot be lowered by remat-lower-cpu (an elementwise op only on statically shaped tensors without an encoding): on tensors it lowers remat ops, elementwise arith and math ops, and the linalg, tensor, bufferization, scf and func ops that One-Shot Bufferize supports; convert this op to those first}}
  %0 = math.exp %x : tensor<4x8xf32, #CSR>
  return %0 : tensor<4x8xf32, #CSR>
}

// -----

// an unregistered op on the path (generic form, allowed by -allow-unregistered-dialect)
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{'mydialect.frob' op on tensors cannot be lowered by remat-lower-cpu: on tensors it lowers remat ops, elementwise arith and math ops, and the linalg, tensor, bufferization, scf and func ops that One-Shot Bufferize supports; convert this op to those first}}
  %a = "mydialect.frob"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %l = remat.reduce_sum %a dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
