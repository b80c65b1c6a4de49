// Calls: to a missing function or with the wrong types (the verifier), and
// self-recursion, mutual recursion, a call of a helper, of a declaration,
// inside a scan body and through call_indirect, which remat-autodiff has no
// gradient rule for and remat-rematerialize cannot plan (the callee must be
// inlined or defined); remat-lower-cpu cannot lower call_indirect on tensors.
// RUN: split-file %s %t
// RUN: remat-opt %t/verify.mlir -split-input-file -verify-diagnostics
// RUN: remat-opt %t/autodiff.mlir -split-input-file -verify-diagnostics -remat-autodiff=functions=f
// RUN: remat-opt %t/rematerialize.mlir -split-input-file -verify-diagnostics -remat-rematerialize="functions=f budget=100%"
// RUN: remat-opt %t/lower-cpu.mlir -split-input-file -verify-diagnostics -remat-lower-cpu

//--- verify.mlir
// a call to a function that does not exist
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{'func.call' op 'nowhere' does not reference a valid function}}
  %y = func.call @nowhere(%x) : (tensor<4xf32>) -> tensor<f32>
  return %y : tensor<f32>
}

// -----

// a call whose argument types do not match the callee
func.func private @g(%x: tensor<8xf32>) -> tensor<f32>
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{'func.call' op operand type mismatch: expected operand type 'tensor<8xf32>', but provided 'tensor<4xf32>' for operand number 0}}
  %y = func.call @g(%x) : (tensor<4xf32>) -> tensor<f32>
  return %y : tensor<f32>
}

//--- autodiff.mlir
// direct self-recursion
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{remat-autodiff: no gradient rule for 'func.call', which lies on a path from a differentiated argument to the loss (differentiate fewer arguments with wrt=, or express it with remat ops)}}
  %y = func.call @f(%x) : (tensor<4xf32>) -> tensor<f32>
  return %y : tensor<f32>
}

// -----

// mutual recursion through a second function
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{remat-autodiff: no gradient rule for 'func.call', which lies on a path from a differentiated argument to the loss (differentiate fewer arguments with wrt=, or express it with remat ops)}}
  %y = func.call @g(%x) : (tensor<4xf32>) -> tensor<f32>
  return %y : tensor<f32>
}
func.func private @g(%x: tensor<4xf32>) -> tensor<f32> {
  %y = func.call @f(%x) : (tensor<4xf32>) -> tensor<f32>
  return %y : tensor<f32>
}

// -----

// a call of a defined helper on the path to the loss
func.func private @helper(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = remat.exp %x : tensor<4xf32>
  return %e : tensor<4xf32>
}
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{remat-autodiff: no gradient rule for 'func.call', which lies on a path from a differentiated argument to the loss (differentiate fewer arguments with wrt=, or express it with remat ops)}}
  %y = func.call @helper(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %l = remat.reduce_sum %y dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// a call of an external declaration
func.func private @ext(tensor<4xf32>) -> tensor<4xf32>
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{remat-autodiff: no gradient rule for 'func.call', which lies on a path from a differentiated argument to the loss (differentiate fewer arguments with wrt=, or express it with remat ops)}}
  %y = func.call @ext(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %l = remat.reduce_sum %y dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// a call inside a scan body
func.func private @layer(%c: tensor<4xf32>, %w: tensor<4xf32>) -> tensor<4xf32> {
  %a = remat.mul %c, %w : tensor<4xf32>
  return %a : tensor<4xf32>
}
func.func @f(%h0: tensor<4xf32>, %ws: tensor<3x4xf32>) -> tensor<f32> {
  %h = remat.scan mode <full> (%c = %h0 : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>) {
    // expected-error @+1 {{remat-autodiff: no gradient rule for 'func.call', which lies on a path from a differentiated argument to the loss (differentiate fewer arguments with wrt=, or express it with remat ops)}}
    %a = func.call @layer(%c, %w) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    remat.yield %a : tensor<4xf32>
  }
  %l = remat.reduce_sum %h dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// an indirect call through a function value
func.func private @helper(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = remat.exp %x : tensor<4xf32>
  return %e : tensor<4xf32>
}
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  %fn = func.constant @helper : (tensor<4xf32>) -> tensor<4xf32>
  // expected-error @+1 {{remat-autodiff: no gradient rule for 'func.call_indirect', which lies on a path from a differentiated argument to the loss (differentiate fewer arguments with wrt=, or express it with remat ops)}}
  %y = func.call_indirect %fn(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %l = remat.reduce_sum %y dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

//--- rematerialize.mlir
// direct self-recursion
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{'func.call' op calls @f; the call is recursive (@f -> @f), and the depth of a recursion, so its memory, is not known before it runs: write the repetition as a loop (remat.scan over stacked layers) or unroll it}}
  %y = func.call @f(%x) : (tensor<4xf32>) -> tensor<f32>
  return %y : tensor<f32>
}

// -----

// mutual recursion through two more functions
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{'func.call' op calls @g; the call is recursive (@f -> @g -> @h -> @f), and the depth of a recursion, so its memory, is not known before it runs: write the repetition as a loop (remat.scan over stacked layers) or unroll it}}
  %y = func.call @g(%x) : (tensor<4xf32>) -> tensor<f32>
  return %y : tensor<f32>
}
func.func private @g(%x: tensor<4xf32>) -> tensor<f32> {
  %y = func.call @h(%x) : (tensor<4xf32>) -> tensor<f32>
  return %y : tensor<f32>
}
func.func private @h(%x: tensor<4xf32>) -> tensor<f32> {
  %y = func.call @f(%x) : (tensor<4xf32>) -> tensor<f32>
  return %y : tensor<f32>
}

// -----

// a callee that recurses on its own
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{'func.call' op calls @g; the call is recursive (@g -> @h -> @g), and the depth of a recursion}}
  %y = func.call @g(%x) : (tensor<4xf32>) -> tensor<f32>
  return %y : tensor<f32>
}
func.func private @g(%x: tensor<4xf32>) -> tensor<f32> {
  %y = func.call @h(%x) : (tensor<4xf32>) -> tensor<f32>
  return %y : tensor<f32>
}
func.func private @h(%x: tensor<4xf32>) -> tensor<f32> {
  %y = func.call @g(%x) : (tensor<4xf32>) -> tensor<f32>
  return %y : tensor<f32>
}

// -----

// a call of a defined helper on the path to the loss
func.func private @helper(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = remat.exp %x : tensor<4xf32>
  return %e : tensor<4xf32>
}
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{'func.call' op calls @helper; remat-rematerialize plans the memory of one function with everything it runs in place: inline the callee first (e.g. remat-opt -inline before -remat-rematerialize)}}
  %y = func.call @helper(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %l = remat.reduce_sum %y dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// a call of an external declaration
func.func private @ext(tensor<4xf32>) -> tensor<4xf32>
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{'func.call' op calls @ext; it has no body in this module, so remat cannot know what it allocates: define it in the module, or plan a function that does not call it}}
  %y = func.call @ext(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %l = remat.reduce_sum %y dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// a call inside a scan body
func.func private @layer(%c: tensor<4xf32>, %w: tensor<4xf32>) -> tensor<4xf32> {
  %a = remat.mul %c, %w : tensor<4xf32>
  return %a : tensor<4xf32>
}
func.func @f(%h0: tensor<4xf32>, %ws: tensor<3x4xf32>) -> tensor<f32> {
  %h = remat.scan mode <full> (%c = %h0 : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>) {
    // expected-error @+1 {{'func.call' op calls @layer; remat-rematerialize plans the memory of one function with everything it runs in place: inline the callee first (e.g. remat-opt -inline before -remat-rematerialize)}}
    %a = func.call @layer(%c, %w) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    remat.yield %a : tensor<4xf32>
  }
  %l = remat.reduce_sum %h dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// an indirect call through a function value
func.func private @helper(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = remat.exp %x : tensor<4xf32>
  return %e : tensor<4xf32>
}
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  %fn = func.constant @helper : (tensor<4xf32>) -> tensor<4xf32>
  // expected-error @+1 {{'func.call_indirect' op remat-rematerialize plans the memory of one function with everything it runs in place: inline the callee first (e.g. remat-opt -inline before -remat-rematerialize)}}
  %y = func.call_indirect %fn(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %l = remat.reduce_sum %y dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

//--- lower-cpu.mlir
// an indirect call through a function value
func.func private @helper(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = remat.exp %x : tensor<4xf32>
  return %e : tensor<4xf32>
}
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  %fn = func.constant @helper : (tensor<4xf32>) -> tensor<4xf32>
  // expected-error @+1 {{'func.call_indirect' op on tensors cannot be lowered by remat-lower-cpu: on tensors it lowers remat ops, elementwise arith and math ops, and the linalg, tensor, bufferization, scf and func ops that One-Shot Bufferize supports; convert this op to those first}}
  %y = func.call_indirect %fn(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %l = remat.reduce_sum %y dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
