// Tensor types whose element or byte count overflows 64 bits (or exceeds the
// 256 TiB remat models) given to remat ops: the verifier refuses the operand
// or result, naming its type.
// RUN: remat-opt %s -split-input-file -verify-diagnostics

// element count overflows 64 bits (2^62 * 8 elements)
func.func @f(%x: tensor<4611686018427387904x8xf32>) -> tensor<4611686018427387904x8xf32> {
  // expected-error @+1 {{'remat.exp' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<4611686018427387904x8xf32>'}}
  %0 = remat.exp %x : tensor<4611686018427387904x8xf32>
  return %0 : tensor<4611686018427387904x8xf32>
}
// -----
// element count fits, byte count (x4) does not: 2^62 f32
func.func @f(%x: tensor<4611686018427387904xf32>) -> tensor<4611686018427387904xf32> {
  // expected-error @+1 {{'remat.neg' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<4611686018427387904xf32>'}}
  %0 = remat.neg %x : tensor<4611686018427387904xf32>
  return %0 : tensor<4611686018427387904xf32>
}
// -----
// f16 with 2^63-1 elements
func.func @f(%x: tensor<9223372036854775807xf16>) -> tensor<9223372036854775807xf16> {
  // expected-error @+1 {{'remat.relu' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<9223372036854775807xf16>'}}
  %0 = remat.relu %x : tensor<9223372036854775807xf16>
  return %0 : tensor<9223372036854775807xf16>
}
// -----
// three dimensions of 2^22 each: 2^66 elements
func.func @f(%x: tensor<4194304x4194304x4194304xbf16>) -> tensor<4194304x4194304x4194304xbf16> {
  // expected-error @+1 {{'remat.sigmoid' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<4194304x4194304x4194304xbf16>'}}
  %0 = remat.sigmoid %x : tensor<4194304x4194304x4194304xbf16>
  return %0 : tensor<4194304x4194304x4194304xbf16>
}
// -----
// matmul whose result overflows
func.func @f(%a: tensor<4294967296x2xf32>, %b: tensor<2x4294967296xf32>) -> tensor<4294967296x4294967296xf32> {
  // expected-error @+1 {{'remat.matmul' op result #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<4294967296x4294967296xf32>'}}
  %0 = remat.matmul %a, %b : tensor<4294967296x2xf32>, tensor<2x4294967296xf32> -> tensor<4294967296x4294967296xf32>
  return %0 : tensor<4294967296x4294967296xf32>
}
// -----
// broadcast of a small tensor to an overflowing one
func.func @f(%x: tensor<8xf32>) -> tensor<4611686018427387904x8xf32> {
  // expected-error @+1 {{'remat.broadcast' op result #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16, bf16, i32, i64 or i1 in device memory, but got 'tensor<4611686018427387904x8xf32>'}}
  %0 = remat.broadcast %x dims [1] : tensor<8xf32> -> tensor<4611686018427387904x8xf32>
  return %0 : tensor<4611686018427387904x8xf32>
}
// -----
// reshape to an overflowing shape (generic form)
func.func @f(%x: tensor<8xf32>) -> tensor<4611686018427387904x4611686018427387904xf32> {
  // expected-error @+1 {{'remat.reshape' op result #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16, bf16, i32, i64 or i1 in device memory, but got 'tensor<4611686018427387904x4611686018427387904xf32>'}}
  %0 = "remat.reshape"(%x) : (tensor<8xf32>) -> tensor<4611686018427387904x4611686018427387904xf32>
  return %0 : tensor<4611686018427387904x4611686018427387904xf32>
}
// -----
// embedding with an overflowing table
func.func @f(%t: tensor<4611686018427387904x64xf32>, %i: tensor<4xi32>) -> tensor<4x64xf32> {
  // expected-error @+1 {{'remat.embedding' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<4611686018427387904x64xf32>'}}
  %0 = remat.embedding %t, %i : tensor<4611686018427387904x64xf32>, tensor<4xi32> -> tensor<4x64xf32>
  return %0 : tensor<4x64xf32>
}
// -----
// constant of an overflowing splat
func.func @f() -> tensor<4611686018427387904x4xf32> {
  // expected-error @+1 {{'remat.constant' op result #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16, bf16, i32, i64 or i1 in device memory, but got 'tensor<4611686018427387904x4xf32>'}}
  %0 = remat.constant dense<1.0> : tensor<4611686018427387904x4xf32>
  return %0 : tensor<4611686018427387904x4xf32>
}
// -----
// offload of an overflowing tensor
func.func @f(%x: tensor<4611686018427387904x4xf32>) -> tensor<4611686018427387904x4xf32, #remat.host> {
  // expected-error @+1 {{'remat.offload' op operand #0 must be statically shaped tensor (at most 256 TiB) of integers, floats, index or complex numbers in device memory (no encoding), but got 'tensor<4611686018427387904x4xf32>'}}
  %0 = remat.offload %x : tensor<4611686018427387904x4xf32> -> tensor<4611686018427387904x4xf32, #remat.host>
  return %0 : tensor<4611686018427387904x4xf32, #remat.host>
}
// -----
// scan whose stacked operand overflows
func.func @f(%h0: tensor<4xf32>, %ws: tensor<4611686018427387904x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.scan' op operand #1 must be variadic of statically shaped, non-empty tensor (at most 256 TiB) of f32, f16, bf16, i32, i64 or i1 in device memory or statically shaped tensor (at most 256 TiB) of integers, floats, index or complex numbers in host memory (#remat.host encoding), but got 'tensor<4611686018427387904x4xf32>'}}
  %h = remat.scan mode <full> (%c = %h0 : tensor<4xf32>) over (%w = %ws : tensor<4611686018427387904x4xf32>) -> (tensor<4xf32>) {
    %a = remat.mul %c, %w : tensor<4xf32>
    remat.yield %a : tensor<4xf32>
  }
  return %h : tensor<4xf32>
}
// -----
// i64 labels whose byte count overflows
func.func @f(%l: tensor<4x10xf32>, %i: tensor<2305843009213693952x4xi64>) -> tensor<f32> {
  // expected-error @+1 {{'remat.cross_entropy' op operand #1 must be statically shaped, non-empty tensor (at most 256 TiB) of i32 or i64 in device memory, but got 'tensor<2305843009213693952x4xi64>'}}
  %0 = "remat.cross_entropy"(%l, %i) : (tensor<4x10xf32>, tensor<2305843009213693952x4xi64>) -> tensor<f32>
  return %0 : tensor<f32>
}
