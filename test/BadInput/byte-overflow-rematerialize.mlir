// Values whose byte count overflows 64 bits reaching remat-rematerialize
// through arguments and foreign ops (at top level, in a checkpoint body, as a
// result; f32, f16, i64 and i1): refused on the value, naming its type.
// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-rematerialize="budget=50% solver=search"

// an argument whose byte count overflows 64 bits
// expected-error @+1 {{argument #0 has type 'tensor<4611686018427387904x8xf32>', larger than the 281474976710656 bytes (256 TiB) remat models}}
func.func @f(%x: tensor<4611686018427387904x8xf32>, %y: tensor<4xf32>) -> tensor<f32> {
  %l = remat.reduce_sum %y dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
// -----
// a foreign op's result whose element count overflows
func.func @f(%y: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{result #0 has type 'tensor<4611686018427387904x4611686018427387904xf32>', larger than the 281474976710656 bytes (256 TiB) remat models}}
  %e = tensor.empty() : tensor<4611686018427387904x4611686018427387904xf32>
  %l = remat.reduce_sum %y dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
// -----
// an overflowing i64 value inside a checkpoint body
func.func @f(%y: tensor<4xf32>) -> tensor<f32> {
  %c = remat.checkpoint policy <dots_saveable> -> tensor<4xf32> {
    // expected-error @+1 {{result #0 has type 'tensor<4611686018427387904x2xi64>', larger than the 281474976710656 bytes (256 TiB) remat models}}
    %e = tensor.empty() : tensor<4611686018427387904x2xi64>
    %t = remat.tanh %y : tensor<4xf32>
    remat.yield %t : tensor<4xf32>
  }
  %l = remat.reduce_sum %c dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
// -----
// an overflowing function result
func.func @f(%y: tensor<4xf32>) -> (tensor<f32>, tensor<9223372036854775807x9223372036854775807xf16>) {
  // expected-error @+1 {{result #0 has type 'tensor<9223372036854775807x9223372036854775807xf16>', larger than the 281474976710656 bytes (256 TiB) remat models}}
  %e = tensor.empty() : tensor<9223372036854775807x9223372036854775807xf16>
  %l = remat.reduce_sum %y dims [0] : tensor<4xf32> -> tensor<f32>
  return %l, %e : tensor<f32>, tensor<9223372036854775807x9223372036854775807xf16>
}
// -----
// an overflowing i1 tensor: 2^64 one-byte elements
func.func @f(%y: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{result #0 has type 'tensor<4294967296x4294967296xi1>', larger than the 281474976710656 bytes (256 TiB) remat models}}
  %e = tensor.empty() : tensor<4294967296x4294967296xi1>
  %l = remat.reduce_sum %y dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
