// Element types the remat ops do not take: integers, i1, index, unsigned,
// f64, f8 and complex where a float is needed, floats where an index is, and
// operands of different float types where one type is required.
// RUN: remat-opt %s -split-input-file -verify-diagnostics

// integer matmul
func.func @f(%a: tensor<4x8xi32>, %b: tensor<8x4xi32>) -> tensor<4x4xi32> {
  // expected-error @+1 {{'remat.matmul' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<4x8xi32>'}}
  %0 = remat.matmul %a, %b : tensor<4x8xi32>, tensor<8x4xi32> -> tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}
// -----
// matmul of f16 by f32
func.func @f(%a: tensor<4x8xf16>, %b: tensor<8x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+2 {{'remat.matmul' op operand element types differ: 'f16' and 'f32'}}
  // expected-error @+1 {{'remat.matmul' op failed to infer returned types}}
  %0 = remat.matmul %a, %b : tensor<4x8xf16>, tensor<8x4xf32> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
// -----
// softmax of i64
func.func @f(%x: tensor<4x8xi64>) -> tensor<4x8xi64> {
  // expected-error @+1 {{'remat.softmax' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<4x8xi64>'}}
  %0 = remat.softmax %x axis 1 : tensor<4x8xi64>
  return %0 : tensor<4x8xi64>
}
// -----
// layer_norm in f64
func.func @f(%x: tensor<4x8xf64>) -> tensor<4x8xf64> {
  // expected-error @+1 {{'remat.layer_norm' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<4x8xf64>'}}
  %0 = remat.layer_norm %x axes [1] eps 1.0e-05 : tensor<4x8xf64>
  return %0 : tensor<4x8xf64>
}
// -----
// conv2d of i1
func.func @f(%x: tensor<1x3x8x8xi1>, %w: tensor<4x3x3x3xi1>) -> tensor<1x4x6x6xi1> {
  // expected-error @+1 {{'remat.conv2d' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<1x3x8x8xi1>'}}
  %0 = remat.conv2d %x, %w : tensor<1x3x8x8xi1>, tensor<4x3x3x3xi1> -> tensor<1x4x6x6xi1>
  return %0 : tensor<1x4x6x6xi1>
}
// -----
// add of bf16 and f16 (generic form)
func.func @f(%a: tensor<4xbf16>, %b: tensor<4xf16>) -> tensor<4xbf16> {
  // expected-error @+1 {{'remat.add' op requires the same type for all operands and results}}
  %0 = "remat.add"(%a, %b) : (tensor<4xbf16>, tensor<4xf16>) -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}
// -----
// sub whose result type differs from its operands (generic form)
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{'remat.sub' op requires the same type for all operands and results}}
  %0 = "remat.sub"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}
// -----
// embedding table of i32
func.func @f(%t: tensor<10x8xi32>, %i: tensor<4xi32>) -> tensor<4x8xi32> {
  // expected-error @+1 {{'remat.embedding' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<10x8xi32>'}}
  %0 = remat.embedding %t, %i : tensor<10x8xi32>, tensor<4xi32> -> tensor<4x8xi32>
  return %0 : tensor<4x8xi32>
}
// -----
// cross_entropy labels of i16
func.func @f(%l: tensor<4x10xf32>, %t: tensor<4xi16>) -> tensor<f32> {
  // expected-error @+1 {{'remat.cross_entropy' op operand #1 must be statically shaped, non-empty tensor (at most 256 TiB) of i32 or i64 in device memory, but got 'tensor<4xi16>'}}
  %0 = remat.cross_entropy %l, %t : tensor<4x10xf32>, tensor<4xi16> -> tensor<f32>
  return %0 : tensor<f32>
}
// -----
// where with an i8 condition
func.func @f(%m: tensor<4xi8>, %x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.where' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of i1 in device memory, but got 'tensor<4xi8>'}}
  %0 = remat.where %m, %x, %x : tensor<4xi8>, tensor<4xf32>
  return %0 : tensor<4xf32>
}
// -----
// convert from f32 to f64
func.func @f(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+1 {{'remat.convert' op result #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<4xf64>'}}
  %0 = remat.convert %x : tensor<4xf32> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}
// -----
// reduce_sum of i32
func.func @f(%x: tensor<4x8xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'remat.reduce_sum' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<4x8xi32>'}}
  %0 = remat.reduce_sum %x dims [1] : tensor<4x8xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
// -----
// mse of f16 predictions against f32 targets
func.func @f(%p: tensor<4xf16>, %t: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{'remat.mse' op failed to verify that all of {prediction, target} have same type}}
  %0 = "remat.mse"(%p, %t) : (tensor<4xf16>, tensor<4xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}
// -----
// a name tag on an f64 value
func.func @f(%x: tensor<4xf64>) -> tensor<4xf64> {
  // expected-error @+1 {{'remat.name' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16, bf16, i32, i64 or i1 in device memory, but got 'tensor<4xf64>'}}
  %0 = remat.name %x as "h" : tensor<4xf64>
  return %0 : tensor<4xf64>
}
// -----
// an f8 tensor to an elementwise op
func.func @f(%x: tensor<4xf8E4M3FN>) -> tensor<4xf8E4M3FN> {
  // expected-error @+1 {{'remat.gelu' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<4xf8E4M3FN>'}}
  %0 = remat.gelu %x tanh : tensor<4xf8E4M3FN>
  return %0 : tensor<4xf8E4M3FN>
}
// -----
// a complex tensor to an elementwise op
func.func @f(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{'remat.sqrt' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<4xcomplex<f32>>'}}
  %0 = remat.sqrt %x : tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}
// -----
// an index tensor to reshape
func.func @f(%x: tensor<4x2xindex>) -> tensor<8xindex> {
  // expected-error @+1 {{'remat.reshape' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16, bf16, i32, i64 or i1 in device memory, but got 'tensor<4x2xindex>'}}
  %0 = remat.reshape %x : tensor<4x2xindex> -> tensor<8xindex>
  return %0 : tensor<8xindex>
}
// -----
// scale of a ui32 tensor
func.func @f(%x: tensor<4xui32>) -> tensor<4xui32> {
  // expected-error @+1 {{'remat.scale' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<4xui32>'}}
  %0 = remat.scale %x, 2.0 : tensor<4xui32>
  return %0 : tensor<4xui32>
}
// -----
// a dropout seed of type f32
func.func @f(%x: tensor<4xf32>, %s: f32) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.dropout' op operand #1 must be 64-bit signless integer, but got 'f32'}}
  %0 = "remat.dropout"(%x, %s) {rate = 0.5 : f64} : (tensor<4xf32>, f32) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
// -----
// a layer_norm weight of f16 for an f32 input
func.func @f(%x: tensor<4x8xf32>, %g: tensor<8xf16>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.layer_norm' op weight must be 'tensor<8xf32>', got 'tensor<8xf16>'}}
  %0 = remat.layer_norm %x weight %g : tensor<8xf16> axes [1] eps 1.0e-05 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
