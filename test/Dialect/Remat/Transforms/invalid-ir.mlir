// IR the planner cannot model gets a diagnostic naming the value or op.
// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-rematerialize="budget=1MiB"

// expected-error @+1 {{argument #0 has dynamic shape 'tensor<?x4xf32>'; remat plans memory for statically shaped values only: make the shape static (e.g. specialize the function)}}
func.func @dynamic_argument(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  return %x : tensor<?x4xf32>
}

// -----

func.func @dynamic_result(%x: tensor<4xf32>, %n: index) -> tensor<?xf32> {
  // expected-error @+1 {{result #0 has dynamic shape 'tensor<?xf32>'; remat plans memory for statically shaped values only}}
  %e = tensor.empty(%n) : tensor<?xf32>
  return %e : tensor<?xf32>
}

// -----

// expected-error @+1 {{remat-rematerialize needs a function body with one block; @blocks has 2 blocks (run it before lowering to control flow)}}
func.func @blocks(%x: tensor<4xf32>) -> tensor<4xf32> {
  cf.br ^bb1
^bb1:
  return %x : tensor<4xf32>
}

// -----

func.func @memref(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{result #0 is a memref ('memref<4xf32>'); remat-rematerialize works on tensor-level IR: run it before bufferization}}
  %m = memref.alloc() : memref<4xf32>
  return %x : tensor<4xf32>
}
