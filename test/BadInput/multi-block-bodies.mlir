// Bodies of several blocks: checkpoint and scan regions must have one block
// (and a terminator); remat-autodiff differentiates and remat-rematerialize
// plans single-block function bodies only (a conditional branch, an
// unreachable block, a branch with a block argument), and the planner refuses
// a multi-block region nested in a checkpoint or scan body.
// RUN: split-file %s %t
// RUN: remat-opt %t/verify.mlir -split-input-file -verify-diagnostics
// RUN: remat-opt %t/autodiff.mlir -split-input-file -verify-diagnostics -remat-autodiff=functions=f
// RUN: remat-opt %t/rematerialize.mlir -split-input-file -verify-diagnostics -remat-rematerialize=budget=100%

//--- verify.mlir
// a checkpoint body of two blocks
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.checkpoint' op expects region #0 to have 0 or 1 blocks}}
  %c = remat.checkpoint policy <nothing_saveable> -> tensor<4xf32> {
    cf.br ^bb1
  ^bb1:
    remat.yield %x : tensor<4xf32>
  }
  return %c : tensor<4xf32>
}
// -----
// a scan body of two blocks
func.func @f(%h0: tensor<4xf32>, %ws: tensor<3x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.scan' op expects region #0 to have 0 or 1 blocks}}
  %h = remat.scan mode <full> (%c = %h0 : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>) {
    cf.br ^bb1
  ^bb1:
    %a = remat.mul %c, %w : tensor<4xf32>
    remat.yield %a : tensor<4xf32>
  }
  return %h : tensor<4xf32>
}
// -----
// a checkpoint whose body has no terminator
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = "remat.checkpoint"() ({
    // expected-error @+1 {{block with no terminator, has %1 = "remat.tanh"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>}}
    %t = remat.tanh %x : tensor<4xf32>
  }) {policy = #remat.policy<nothing_saveable>} : () -> tensor<4xf32>
  return %c : tensor<4xf32>
}

//--- autodiff.mlir
// a conditional branch
// expected-error @+1 {{remat-autodiff: @f has 3 blocks; remat-autodiff differentiates a function body of one block (straight-line code; use remat.scan for loops)}}
func.func @f(%x: tensor<4xf32>, %c: i1) -> tensor<f32> {
  cf.cond_br %c, ^a, ^b
^a:
  %l = remat.reduce_sum %x dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
^b:
  %m = remat.reduce_mean %x dims [0] : tensor<4xf32> -> tensor<f32>
  return %m : tensor<f32>
}

// -----

// an unreachable block after the return
// expected-error @+1 {{remat-autodiff: @f has 2 blocks; remat-autodiff differentiates a function body of one block (straight-line code; use remat.scan for loops)}}
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  %l = remat.reduce_sum %x dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
^dead:
  %m = remat.reduce_mean %x dims [0] : tensor<4xf32> -> tensor<f32>
  return %m : tensor<f32>
}

// -----

// a block argument passed through a branch
// expected-error @+1 {{remat-autodiff: @f has 2 blocks; remat-autodiff differentiates a function body of one block (straight-line code; use remat.scan for loops)}}
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  %e = remat.exp %x : tensor<4xf32>
  cf.br ^next(%e : tensor<4xf32>)
^next(%a: tensor<4xf32>):
  %l = remat.reduce_sum %a dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

//--- rematerialize.mlir
// a conditional branch
// expected-error @+1 {{remat-rematerialize needs a function body with one block; @f has 3 blocks (run it before lowering to control flow)}}
func.func @f(%x: tensor<4xf32>, %c: i1) -> tensor<f32> {
  cf.cond_br %c, ^a, ^b
^a:
  %l = remat.reduce_sum %x dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
^b:
  %m = remat.reduce_mean %x dims [0] : tensor<4xf32> -> tensor<f32>
  return %m : tensor<f32>
}

// -----

// an unreachable block after the return
// expected-error @+1 {{remat-rematerialize needs a function body with one block; @f has 2 blocks (run it before lowering to control flow)}}
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  %l = remat.reduce_sum %x dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
^dead:
  %m = remat.reduce_mean %x dims [0] : tensor<4xf32> -> tensor<f32>
  return %m : tensor<f32>
}

// -----

// a block argument passed through a branch
// expected-error @+1 {{remat-rematerialize needs a function body with one block; @f has 2 blocks (run it before lowering to control flow)}}
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  %e = remat.exp %x : tensor<4xf32>
  cf.br ^next(%e : tensor<4xf32>)
^next(%a: tensor<4xf32>):
  %l = remat.reduce_sum %a dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// a multi-block scf.execute_region inside a checkpoint body
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  %c = remat.checkpoint policy <nothing_saveable> -> tensor<4xf32> {
    // expected-error @+1 {{'scf.execute_region' op has a region of 2 blocks: remat models the memory of single-block regions only; plan the function before lowering to control flow}}
    %y = scf.execute_region -> tensor<4xf32> {
      cf.br ^bb1
    ^bb1:
      %t = remat.tanh %x : tensor<4xf32>
      scf.yield %t : tensor<4xf32>
    }
    remat.yield %y : tensor<4xf32>
  }
  %l = remat.reduce_sum %c dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// a multi-block scf.execute_region inside a scan body
func.func @f(%h0: tensor<4xf32>, %ws: tensor<3x4xf32>) -> tensor<f32> {
  %h = remat.scan mode <full> (%c = %h0 : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>) {
    // expected-error @+1 {{'scf.execute_region' op has a region of 2 blocks: remat models the memory of single-block regions only; plan the function before lowering to control flow}}
    %y = scf.execute_region -> tensor<4xf32> {
      cf.br ^bb1
    ^bb1:
      %a = remat.mul %c, %w : tensor<4xf32>
      scf.yield %a : tensor<4xf32>
    }
    remat.yield %y : tensor<4xf32>
  }
  %l = remat.reduce_sum %h dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
