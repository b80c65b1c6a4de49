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

// -----

// A value over 2^48 bytes (here 512 TiB, from a foreign op) would overflow
// the byte counts: refused, naming the value.
func.func @huge_result() -> tensor<140737488355328xf32> {
  // expected-error @+1 {{result #0 has type 'tensor<140737488355328xf32>', larger than the 281474976710656 bytes (256 TiB) remat models}}
  %0 = tensor.empty() : tensor<140737488355328xf32>
  return %0 : tensor<140737488355328xf32>
}
