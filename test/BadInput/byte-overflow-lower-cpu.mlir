// remat-lower-cpu refuses values whose byte size overflows (or exceeds the
// 2^48 bytes remat models) before the allocation size wraps around at run
// time: a result of any op, and an argument.
// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-lower-cpu

func.func @empty(%y: tensor<4xf32>) -> (tensor<f32>, tensor<9223372036854775807x9223372036854775807xf16>) {
  // expected-error@+1 {{'tensor.empty' op defines a value of type 'tensor<9223372036854775807x9223372036854775807xf16>', larger than the 2^48 bytes (256 TiB) remat-lower-cpu can allocate}}
  %e = tensor.empty() : tensor<9223372036854775807x9223372036854775807xf16>
  %l = remat.reduce_sum %y dims [0] : tensor<4xf32> -> tensor<f32>
  return %l, %e : tensor<f32>, tensor<9223372036854775807x9223372036854775807xf16>
}

// -----

// expected-error@+1 {{'func.func' op defines a value of type 'tensor<4294967296x4294967296xf32>', larger than the 2^48 bytes (256 TiB) remat-lower-cpu can allocate}}
func.func @argument(%x: tensor<4294967296x4294967296xf32>) -> tensor<4294967296x4294967296xf32> {
  return %x : tensor<4294967296x4294967296xf32>
}

// -----

func.func @fill(%v: f32) -> tensor<1125899906842624x2xf32> {
  // expected-error@+1 {{'tensor.empty' op defines a value of type 'tensor<1125899906842624x2xf32>'}}
  %e = tensor.empty() : tensor<1125899906842624x2xf32>
  // expected-error@+1 {{'linalg.fill' op defines a value of type 'tensor<1125899906842624x2xf32>', larger than the 2^48 bytes (256 TiB) remat-lower-cpu can allocate}}
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<1125899906842624x2xf32>) -> tensor<1125899906842624x2xf32>
  return %f : tensor<1125899906842624x2xf32>
}
