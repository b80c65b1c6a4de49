// Zero-size tensors (a 0 in any dimension) given to remat ops: every op
// verifier refuses them as operands and results, naming the type (a
// layer_norm weight is checked against the normalized shape first).
// RUN: remat-opt %s -split-input-file -verify-diagnostics

// a zero first dimension to an elementwise op
func.func @f(%x: tensor<0x8xf32>) -> tensor<0x8xf32> {
  // expected-error @+1 {{'remat.tanh' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<0x8xf32>'}}
  %0 = remat.tanh %x : tensor<0x8xf32>
  return %0 : tensor<0x8xf32>
}
// -----
// a zero-element 1-d f16 tensor
func.func @f(%x: tensor<0xf16>) -> tensor<0xf16> {
  // expected-error @+1 {{'remat.exp' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<0xf16>'}}
  %0 = remat.exp %x : tensor<0xf16>
  return %0 : tensor<0xf16>
}
// -----
// matmul with a zero contracting dimension
func.func @f(%a: tensor<4x0xf32>, %b: tensor<0x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'remat.matmul' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<4x0xf32>'}}
  %0 = remat.matmul %a, %b : tensor<4x0xf32>, tensor<0x4xf32> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
// -----
// reduce over a zero dimension
func.func @f(%x: tensor<4x0xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.reduce_mean' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<4x0xf32>'}}
  %0 = remat.reduce_mean %x dims [1] : tensor<4x0xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
// -----
// softmax over an empty axis
func.func @f(%x: tensor<4x0xbf16>) -> tensor<4x0xbf16> {
  // expected-error @+1 {{'remat.softmax' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<4x0xbf16>'}}
  %0 = remat.softmax %x axis 1 : tensor<4x0xbf16>
  return %0 : tensor<4x0xbf16>
}
// -----
// broadcast to a zero-size result
func.func @f(%x: tensor<8xf32>) -> tensor<0x8xf32> {
  // expected-error @+1 {{'remat.broadcast' op result #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16, bf16, i32, i64 or i1 in device memory, but got 'tensor<0x8xf32>'}}
  %0 = remat.broadcast %x dims [1] : tensor<8xf32> -> tensor<0x8xf32>
  return %0 : tensor<0x8xf32>
}
// -----
// reshape of an empty tensor
func.func @f(%x: tensor<0x4xf32>) -> tensor<4x0xf32> {
  // expected-error @+1 {{'remat.reshape' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16, bf16, i32, i64 or i1 in device memory, but got 'tensor<0x4xf32>'}}
  %0 = remat.reshape %x : tensor<0x4xf32> -> tensor<4x0xf32>
  return %0 : tensor<4x0xf32>
}
// -----
// concat with an empty piece
func.func @f(%a: tensor<4x8xf32>, %b: tensor<0x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.concat' op operand #1 must be variadic of statically shaped, non-empty tensor (at most 256 TiB) of f32, f16, bf16, i32, i64 or i1 in device memory, but got 'tensor<0x8xf32>'}}
  %0 = remat.concat %a, %b dim 0 : tensor<4x8xf32>, tensor<0x8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
// -----
// embedding with no ids
func.func @f(%t: tensor<10x8xf32>, %i: tensor<0xi32>) -> tensor<0x8xf32> {
  // expected-error @+1 {{'remat.embedding' op operand #1 must be statically shaped, non-empty tensor (at most 256 TiB) of i32 or i64 in device memory, but got 'tensor<0xi32>'}}
  %0 = remat.embedding %t, %i : tensor<10x8xf32>, tensor<0xi32> -> tensor<0x8xf32>
  return %0 : tensor<0x8xf32>
}
// -----
// cross_entropy over an empty batch
func.func @f(%l: tensor<0x10xf32>, %t: tensor<0xi32>) -> tensor<f32> {
  // expected-error @+1 {{'remat.cross_entropy' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<0x10xf32>'}}
  %0 = remat.cross_entropy %l, %t : tensor<0x10xf32>, tensor<0xi32> -> tensor<f32>
  return %0 : tensor<f32>
}
// -----
// mse of empty tensors
func.func @f(%x: tensor<0xf32>) -> tensor<f32> {
  // expected-error @+1 {{'remat.mse' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<0xf32>'}}
  %0 = remat.mse %x, %x : tensor<0xf32> -> tensor<f32>
  return %0 : tensor<f32>
}
// -----
// an empty constant
func.func @f() -> tensor<0xf32> {
  // expected-error @+1 {{'remat.constant' op result #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16, bf16, i32, i64 or i1 in device memory, but got 'tensor<0xf32>'}}
  %0 = remat.constant dense<> : tensor<0xf32>
  return %0 : tensor<0xf32>
}
// -----
// a name tag on an empty i32 tensor
func.func @f(%x: tensor<0xi32>) -> tensor<0xi32> {
  // expected-error @+1 {{'remat.name' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16, bf16, i32, i64 or i1 in device memory, but got 'tensor<0xi32>'}}
  %0 = remat.name %x as "e" : tensor<0xi32>
  return %0 : tensor<0xi32>
}
// -----
// a scan of zero layers over an empty stack
func.func @f(%h0: tensor<4xf32>, %ws: tensor<0x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.scan' op operand #1 must be variadic of statically shaped, non-empty tensor (at most 256 TiB) of f32, f16, bf16, i32, i64 or i1 in device memory or statically shaped tensor (at most 256 TiB) of integers, floats, index or complex numbers in host memory (#remat.host encoding), but got 'tensor<0x4xf32>'}}
  %h = remat.scan mode <full> (%c = %h0 : tensor<4xf32>) over (%w = %ws : tensor<0x4xf32>) -> (tensor<4xf32>) {
    %a = remat.mul %c, %w : tensor<4xf32>
    remat.yield %a : tensor<4xf32>
  }
  return %h : tensor<4xf32>
}
// -----
// layer_norm with an empty weight
func.func @f(%x: tensor<4x8xf32>, %g: tensor<0xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.layer_norm' op weight must be 'tensor<8xf32>', got 'tensor<0xf32>'}}
  %0 = remat.layer_norm %x weight %g : tensor<0xf32> axes [1] eps 1.0e-05 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
// -----
// dropout of an empty tensor
func.func @f(%x: tensor<2x0x3xf32>, %s: i64) -> tensor<2x0x3xf32> {
  // expected-error @+1 {{'remat.dropout' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<2x0x3xf32>'}}
  %0 = remat.dropout %x, %s rate 0.1 : tensor<2x0x3xf32>
  return %0 : tensor<2x0x3xf32>
}
// -----
// where with an empty mask
func.func @f(%m: tensor<0xi1>, %x: tensor<0xf32>) -> tensor<0xf32> {
  // expected-error @+1 {{'remat.where' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of i1 in device memory, but got 'tensor<0xi1>'}}
  %0 = remat.where %m, %x, %x : tensor<0xi1>, tensor<0xf32>
  return %0 : tensor<0xf32>
}
