// remat-lower-cpu names each op on tensors that it cannot lower, right after
// convert-remat-to-linalg (remat-check-cpu-lowerable), instead of failing
// later in bufferization with an internal message ("op was not
// bufferized") or in the math approximations.
// RUN: remat-opt %s -split-input-file -allow-unregistered-dialect -remat-lower-cpu -verify-diagnostics

// An op of another dialect, between remat ops: the planner accepts it (a
// pure op with static tensor results), the CPU pipeline has no lowering.
func.func @tosa(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = remat.exp %x : tensor<4x8xf32>
  // expected-error @below {{'tosa.add' op on tensors cannot be lowered by remat-lower-cpu: on tensors it lowers remat ops, elementwise arith and math ops, and the linalg, tensor, bufferization, scf and func ops that One-Shot Bufferize supports; convert this op to those first}}
  %s = tosa.add %e, %y : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %t = remat.tanh %s : tensor<4x8xf32>
  return %t : tensor<4x8xf32>
}

// -----

// Every such op is reported, not only the first.
func.func @two(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'foo.bar' op on tensors cannot be lowered by remat-lower-cpu}}
  %a = "foo.bar"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = math.exp %a : tensor<4xf32>
  // expected-error @below {{'tosa.abs' op on tensors cannot be lowered by remat-lower-cpu}}
  %c = tosa.abs %b : (tensor<4xf32>) -> tensor<4xf32>
  return %c : tensor<4xf32>
}

// -----

// An elementwise op is lowered on static shapes only.
func.func @dynamic(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @below {{'arith.addf' op on tensors cannot be lowered by remat-lower-cpu (an elementwise op only on statically shaped tensors without an encoding)}}
  %s = arith.addf %x, %y : tensor<?xf32>
  return %s : tensor<?xf32>
}
