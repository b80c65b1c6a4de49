// Elementwise foreign ops on dynamic or unranked tensors that remat-lower-gpu
// cannot lower (the same inputs as dynamic-shapes-lower-cpu.mlir).
// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-lower-gpu

// math.tanh on a dynamic tensor
func.func @f(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // expected-error @+1 {{'math.tanh' op on tensors cannot be lowered by remat-lower-gpu (an elementwise op only on statically shaped tensors without an encoding): on tensors it lowers remat ops, elementwise arith and math ops, and the linalg, tensor, bufferization, scf and func ops that One-Shot Bufferize supports; convert this op to those first}}
  %0 = math.tanh %x : tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

// arith.addf on a dynamic tensor
func.func @f(%x: tensor<4x?xf32>) -> tensor<4x?xf32> {
  // expected-error @+1 {{'arith.addf' op on tensors cannot be lowered by remat-lower-gpu (an elementwise op only on statically shaped tensors without an encoding): on tensors it lowers remat ops, elementwise arith and math ops, and the linalg, tensor, bufferization, scf and func ops that One-Shot Bufferize supports; convert this op to those first}}
  %0 = arith.addf %x, %x : tensor<4x?xf32>
  return %0 : tensor<4x?xf32>
}

// -----

// math.sqrt on an unranked tensor
func.func @f(%x: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'math.sqrt' op on tensors cannot be lowered by remat-lower-gpu (an elementwise op only on statically shaped tensors without an encoding): on tensors it lowers remat ops, elementwise arith and math ops, and the linalg, tensor, bufferization, scf and func ops that One-Shot Bufferize supports; convert this op to those first}}
  %0 = math.sqrt %x : tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// arith.negf on an unranked tensor after a cast from a remat result
func.func @f(%x: tensor<4xf32>) -> tensor<*xf32> {
  %e = remat.exp %x : tensor<4xf32>
  %c = tensor.cast %e : tensor<4xf32> to tensor<*xf32>
  // expected-error @+1 {{'arith.negf' op on tensors cannot be lowered by remat-lower-gpu (an elementwise op only on statically shaped tensors without an encoding): on tensors it lowers remat ops, elementwise arith and math ops, and the linalg, tensor, bufferization, scf and func ops that One-Shot Bufferize supports; convert this op to those first}}
  %0 = arith.negf %c : tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// math.exp on a dynamic tensor inside a checkpoint body
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = remat.checkpoint policy <nothing_saveable> -> tensor<4xf32> {
    %d = tensor.cast %x : tensor<4xf32> to tensor<?xf32>
    // expected-error @+1 {{'math.exp' op on tensors cannot be lowered by remat-lower-gpu (an elementwise op only on statically shaped tensors without an encoding): on tensors it lowers remat ops, elementwise arith and math ops, and the linalg, tensor, bufferization, scf and func ops that One-Shot Bufferize supports; convert this op to those first}}
    %e = math.exp %d : tensor<?xf32>
    %s = tensor.cast %e : tensor<?xf32> to tensor<4xf32>
    remat.yield %s : tensor<4xf32>
  }
  return %c : tensor<4xf32>
}

// -----

// arith.maximumf on a dynamic tensor inside a scan body
func.func @f(%h0: tensor<4xf32>, %ws: tensor<3x4xf32>) -> tensor<4xf32> {
  %h = remat.scan mode <none> (%c = %h0 : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>) {
    %d = tensor.cast %c : tensor<4xf32> to tensor<?xf32>
    // expected-error @+1 {{'arith.maximumf' op on tensors cannot be lowered by remat-lower-gpu (an elementwise op only on statically shaped tensors without an encoding): on tensors it lowers remat ops, elementwise arith and math ops, and the linalg, tensor, bufferization, scf and func ops that One-Shot Bufferize supports; convert this op to those first}}
    %m = arith.maximumf %d, %d : tensor<?xf32>
    %s = tensor.cast %m : tensor<?xf32> to tensor<4xf32>
    %a = remat.mul %s, %w : tensor<4xf32>
    remat.yield %a : tensor<4xf32>
  }
  return %h : tensor<4xf32>
}

// -----

// arith.select with a tensor condition on dynamic tensors (One-Shot
// Bufferize takes only a scalar condition)
func.func @f(%c: tensor<?xi1>, %a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'arith.select' op on tensors cannot be lowered by remat-lower-gpu (an elementwise op only on statically shaped tensors without an encoding): on tensors it lowers remat ops, elementwise arith and math ops, and the linalg, tensor, bufferization, scf and func ops that One-Shot Bufferize supports; convert this op to those first}}
  %r = arith.select %c, %a, %b : tensor<?xi1>, tensor<?xf32>
  return %r : tensor<?xf32>
}
