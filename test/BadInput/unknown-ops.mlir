// Op names the parser does not know: unknown remat ops (custom and generic
// form, a wrong case, a gradient op that does not exist), ops of dialects
// remat-opt does not register, an unknown remat attribute, and remat.yield
// outside the regions it terminates.
// RUN: remat-opt %s -split-input-file -verify-diagnostics

// an op name the remat dialect does not have
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{custom op 'remat.frobnicate' is unknown}}
  %0 = remat.frobnicate %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
// -----
// op names are case-sensitive
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{custom op 'remat.Exp' is unknown}}
  %0 = remat.Exp %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
// -----
// a gradient op that does not exist (matmul's gradient is a matmul)
func.func @f(%g: tensor<4x4xf32>, %x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{custom op 'remat.matmul_grad' is unknown}}
  %0 = remat.matmul_grad %g, %x : tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
// -----
// an unknown remat op in the generic form
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{unregistered operation 'remat.swish' found in dialect ('remat') that does not allow unknown operations}}
  %0 = "remat.swish"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
// -----
// an op of a dialect that is not registered, in the custom syntax
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{Dialect `stablehlo' not found for custom op 'stablehlo.exponential'}}
  // expected-note @+1 {{Available dialects: }}
  %0 = stablehlo.exponential %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
// -----
// an op of a dialect that is not registered, in the generic form
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used}}
  %0 = "torch.aten.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
// -----
// an attribute of an unknown remat kind
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{unknown attribute `hint` in dialect `remat`}}
  %0 = remat.exp %x {remat.mark = #remat.hint<keep>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}
// -----
// a remat.yield as a function's terminator
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.yield' op expects parent op to be one of 'remat.checkpoint, remat.scan, remat.revolve_scan'}}
  remat.yield %x : tensor<4xf32>
}
