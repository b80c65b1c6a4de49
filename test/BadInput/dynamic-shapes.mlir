// Dynamic dimensions given to remat ops: every op verifier refuses a shape
// with a '?' and names the operand or result and the type it got.
// RUN: remat-opt %s -split-input-file -verify-diagnostics

// exp
func.func @exp(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // expected-error @+1 {{'remat.exp' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<?x8xf32>'}}
  %0 = remat.exp %x : tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

// sigmoid
func.func @sigmoid(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // expected-error @+1 {{'remat.sigmoid' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<?x8xf32>'}}
  %0 = remat.sigmoid %x : tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

// add of a dynamic and a static tensor (generic)
func.func @add(%x: tensor<?x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.add' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<?x8xf32>'}}
  %0 = "remat.add"(%x, %y) : (tensor<?x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// matmul lhs
func.func @matmul(%x: tensor<?x8xf32>, %w: tensor<8x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'remat.matmul' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<?x8xf32>'}}
  %0 = remat.matmul %x, %w : tensor<?x8xf32>, tensor<8x4xf32> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// softmax
func.func @softmax(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // expected-error @+1 {{'remat.softmax' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<?x8xf32>'}}
  %0 = remat.softmax %x axis 1 : tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

// reduce_sum
func.func @reduce(%x: tensor<?x8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'remat.reduce_sum' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<?x8xf32>'}}
  %0 = remat.reduce_sum %x dims [0] : tensor<?x8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// reshape result
func.func @reshape(%x: tensor<4x8xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'remat.reshape' op result #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16, bf16, i32, i64 or i1 in device memory, but got 'tensor<?xf32>'}}
  %0 = remat.reshape %x : tensor<4x8xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// transpose
func.func @transpose(%x: tensor<?x8xf32>) -> tensor<8x?xf32> {
  // expected-error @+1 {{'remat.transpose' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16, bf16, i32, i64 or i1 in device memory, but got 'tensor<?x8xf32>'}}
  %0 = remat.transpose %x perm [1, 0] : tensor<?x8xf32> -> tensor<8x?xf32>
  return %0 : tensor<8x?xf32>
}

// -----

// conv2d input
func.func @conv(%x: tensor<1x3x?x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{'remat.conv2d' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<1x3x?x8xf32>'}}
  %0 = remat.conv2d %x, %w : tensor<1x3x?x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// max_pool2d
func.func @pool(%x: tensor<1x2x?x8xf32>) -> tensor<1x2x4x4xf32> {
  // expected-error @+1 {{'remat.max_pool2d' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<1x2x?x8xf32>'}}
  %0 = remat.max_pool2d %x kernel [2, 2] strides [2, 2] : tensor<1x2x?x8xf32> -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// -----

// embedding ids
func.func @embed(%t: tensor<10x8xf32>, %i: tensor<?xi32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.embedding' op operand #1 must be statically shaped, non-empty tensor (at most 256 TiB) of i32 or i64 in device memory, but got 'tensor<?xi32>'}}
  %0 = remat.embedding %t, %i : tensor<10x8xf32>, tensor<?xi32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// cross_entropy labels
func.func @ce(%l: tensor<4x10xf32>, %i: tensor<?xi32>) -> tensor<f32> {
  // expected-error @+1 {{'remat.cross_entropy' op operand #1 must be statically shaped, non-empty tensor (at most 256 TiB) of i32 or i64 in device memory, but got 'tensor<?xi32>'}}
  %0 = remat.cross_entropy %l, %i : tensor<4x10xf32>, tensor<?xi32> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// name
func.func @name(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // expected-error @+1 {{'remat.name' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16, bf16, i32, i64 or i1 in device memory, but got 'tensor<?x8xf32>'}}
  %0 = remat.name %x as "h" : tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

// offload
func.func @offload(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // expected-error @+1 {{'remat.offload' op operand #0 must be statically shaped tensor (at most 256 TiB) of integers, floats, index or complex numbers in device memory (no encoding), but got 'tensor<?x8xf32>'}}
  %0 = "remat.offload"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

// scan carry
func.func @scan(%h0: tensor<?xf32>, %ws: tensor<3x4xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'remat.scan' op operand #0 must be variadic of statically shaped, non-empty tensor (at most 256 TiB) of f32, f16, bf16, i32, i64 or i1 in device memory, but got 'tensor<?xf32>'}}
  %h = remat.scan mode <full> (%c = %h0 : tensor<?xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<?xf32>) {
    remat.yield %c : tensor<?xf32>
  }
  return %h : tensor<?xf32>
}

// -----

// layer_norm
func.func @ln(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // expected-error @+1 {{'remat.layer_norm' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<?x8xf32>'}}
  %0 = remat.layer_norm %x axes [1] eps 1.0e-05 : tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

// mse
func.func @mse(%x: tensor<?x8xf32>) -> tensor<f32> {
  // expected-error @+1 {{'remat.mse' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<?x8xf32>'}}
  %0 = remat.mse %x, %x : tensor<?x8xf32> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// convert
func.func @convert(%x: tensor<?x8xf32>) -> tensor<?x8xf16> {
  // expected-error @+1 {{'remat.convert' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<?x8xf32>'}}
  %0 = remat.convert %x : tensor<?x8xf32> -> tensor<?x8xf16>
  return %0 : tensor<?x8xf16>
}

// -----

// where condition
func.func @where(%m: tensor<?x8xi1>, %x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.where' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of i1 in device memory, but got 'tensor<?x8xi1>'}}
  %0 = remat.where %m, %x, %x : tensor<?x8xi1>, tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// checkpoint yielding an unranked tensor
func.func @f(%x: tensor<4x8xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'remat.checkpoint' op result #0 has type 'tensor<*xf32>', whose shape is not static: a checkpoint region yields statically shaped tensors (the planner sizes what it keeps)}}
  %c = remat.checkpoint policy <dots_saveable> -> tensor<*xf32> {
    %u = tensor.cast %x : tensor<4x8xf32> to tensor<*xf32>
    remat.yield %u : tensor<*xf32>
  }
  return %c : tensor<*xf32>
}

// -----

// checkpoint yielding a dynamic tensor as its second result
func.func @f(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<?x8xf32>) {
  // expected-error @+1 {{'remat.checkpoint' op result #1 has type 'tensor<?x8xf32>', whose shape is not static}}
  %c:2 = remat.checkpoint policy <nothing_saveable> -> tensor<4x8xf32>, tensor<?x8xf32> {
    %t = remat.tanh %x : tensor<4x8xf32>
    %u = tensor.cast %t : tensor<4x8xf32> to tensor<?x8xf32>
    remat.yield %t, %u : tensor<4x8xf32>, tensor<?x8xf32>
  }
  return %c#0, %c#1 : tensor<4x8xf32>, tensor<?x8xf32>
}
