// Code the memory model cannot see into gets a diagnostic on the op: calls
// (the planner works on one function with its callees inlined; a
// declaration's allocations are unknown) and regions of several blocks.
// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-rematerialize="budget=100%"

func.func private @callee(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = remat.exp %x : tensor<4xf32>
  return %e : tensor<4xf32>
}

func.func @calls_defined(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'func.call' op calls @callee; remat-rematerialize plans the memory of one function with everything it runs in place: inline the callee first (e.g. remat-opt -inline before -remat-rematerialize)}}
  %y = func.call @callee(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func private @external(tensor<4xf32>) -> tensor<4xf32>

func.func @calls_declaration(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'func.call' op calls @external; it has no body in this module, so remat cannot know what it allocates: define it in the module, or plan a function that does not call it}}
  %y = func.call @external(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// A call inside a checkpoint body is refused too.
func.func private @helper(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = remat.exp %x : tensor<4xf32>
  return %e : tensor<4xf32>
}
func.func @calls_in_checkpoint(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = remat.checkpoint policy <nothing_saveable> -> tensor<4xf32> {
    // expected-error @+1 {{'func.call' op calls @helper; remat-rematerialize plans the memory}}
    %y = func.call @helper(%x) : (tensor<4xf32>) -> tensor<4xf32>
    remat.yield %y : tensor<4xf32>
  }
  return %c : tensor<4xf32>
}

// -----

func.func @multi_block_region(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'scf.execute_region' op has a region of 2 blocks: remat models the memory of single-block regions only; plan the function before lowering to control flow}}
  %y = scf.execute_region -> tensor<4xf32> {
    cf.br ^bb1
  ^bb1:
    scf.yield %x : tensor<4xf32>
  }
  return %y : tensor<4xf32>
}
