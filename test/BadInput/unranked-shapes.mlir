// Unranked tensors given to remat ops: in the generic form the op verifier
// names the operand and type; in the custom syntax the type parser refuses it;
// a #remat.host encoding cannot apply to an unranked tensor.
// RUN: remat-opt %s -split-input-file -verify-diagnostics

// exp on an unranked tensor, in the generic form
"func.func"() <{function_type = (tensor<*xf32>) -> tensor<*xf32>, sym_name = "exp"}> ({
^bb0(%arg23: tensor<*xf32>):
  // expected-error @+1 {{'remat.exp' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<*xf32>'}}
  %18 = "remat.exp"(%arg23) : (tensor<*xf32>) -> tensor<*xf32>
  "func.return"(%18) : (tensor<*xf32>) -> ()
}) : () -> ()

// -----

// sigmoid on an unranked tensor, in the generic form
"func.func"() <{function_type = (tensor<*xf32>) -> tensor<*xf32>, sym_name = "sigmoid"}> ({
^bb0(%arg22: tensor<*xf32>):
  // expected-error @+1 {{'remat.sigmoid' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<*xf32>'}}
  %17 = "remat.sigmoid"(%arg22) : (tensor<*xf32>) -> tensor<*xf32>
  "func.return"(%17) : (tensor<*xf32>) -> ()
}) : () -> ()

// -----

// matmul on an unranked tensor, in the generic form
"func.func"() <{function_type = (tensor<*xf32>, tensor<7x4xf32>) -> tensor<5x4xf32>, sym_name = "matmul"}> ({
^bb0(%arg20: tensor<*xf32>, %arg21: tensor<7x4xf32>):
  // expected-error @+1 {{'remat.matmul' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<*xf32>'}}
  %16 = "remat.matmul"(%arg20, %arg21) : (tensor<*xf32>, tensor<7x4xf32>) -> tensor<5x4xf32>
  "func.return"(%16) : (tensor<5x4xf32>) -> ()
}) : () -> ()

// -----

// softmax on an unranked tensor, in the generic form
"func.func"() <{function_type = (tensor<*xf32>) -> tensor<*xf32>, sym_name = "softmax"}> ({
^bb0(%arg19: tensor<*xf32>):
  // expected-error @+1 {{'remat.softmax' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<*xf32>'}}
  %15 = "remat.softmax"(%arg19) <{axis = 1 : i64}> : (tensor<*xf32>) -> tensor<*xf32>
  "func.return"(%15) : (tensor<*xf32>) -> ()
}) : () -> ()

// -----

// reduce on an unranked tensor, in the generic form
"func.func"() <{function_type = (tensor<*xf32>) -> tensor<7xf32>, sym_name = "reduce"}> ({
^bb0(%arg18: tensor<*xf32>):
  // expected-error @+1 {{'remat.reduce_sum' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<*xf32>'}}
  %14 = "remat.reduce_sum"(%arg18) <{dimensions = array<i64: 0>}> : (tensor<*xf32>) -> tensor<7xf32>
  "func.return"(%14) : (tensor<7xf32>) -> ()
}) : () -> ()

// -----

// transpose on an unranked tensor, in the generic form
"func.func"() <{function_type = (tensor<*xf32>) -> tensor<7x5xf32>, sym_name = "transpose"}> ({
^bb0(%arg17: tensor<*xf32>):
  // expected-error @+1 {{'remat.transpose' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16, bf16, i32, i64 or i1 in device memory, but got 'tensor<*xf32>'}}
  %13 = "remat.transpose"(%arg17) <{permutation = array<i64: 1, 0>}> : (tensor<*xf32>) -> tensor<7x5xf32>
  "func.return"(%13) : (tensor<7x5xf32>) -> ()
}) : () -> ()

// -----

// reshape on an unranked tensor, in the generic form
"func.func"() <{function_type = (tensor<*xf32>) -> tensor<35xf32>, sym_name = "reshape"}> ({
^bb0(%arg16: tensor<*xf32>):
  // expected-error @+1 {{'remat.reshape' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16, bf16, i32, i64 or i1 in device memory, but got 'tensor<*xf32>'}}
  %12 = "remat.reshape"(%arg16) : (tensor<*xf32>) -> tensor<35xf32>
  "func.return"(%12) : (tensor<35xf32>) -> ()
}) : () -> ()

// -----

// embed on an unranked tensor, in the generic form
"func.func"() <{function_type = (tensor<10x8xf32>, tensor<*xi32>) -> tensor<5x7x8xf32>, sym_name = "embed"}> ({
^bb0(%arg14: tensor<10x8xf32>, %arg15: tensor<*xi32>):
  // expected-error @+1 {{'remat.embedding' op operand #1 must be statically shaped, non-empty tensor (at most 256 TiB) of i32 or i64 in device memory, but got 'tensor<*xi32>'}}
  %11 = "remat.embedding"(%arg14, %arg15) : (tensor<10x8xf32>, tensor<*xi32>) -> tensor<5x7x8xf32>
  "func.return"(%11) : (tensor<5x7x8xf32>) -> ()
}) : () -> ()

// -----

// ce on an unranked tensor, in the generic form
"func.func"() <{function_type = (tensor<*xf32>, tensor<5xi32>) -> tensor<f32>, sym_name = "ce"}> ({
^bb0(%arg12: tensor<*xf32>, %arg13: tensor<5xi32>):
  // expected-error @+1 {{'remat.cross_entropy' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<*xf32>'}}
  %10 = "remat.cross_entropy"(%arg12, %arg13) : (tensor<*xf32>, tensor<5xi32>) -> tensor<f32>
  "func.return"(%10) : (tensor<f32>) -> ()
}) : () -> ()

// -----

// name on an unranked tensor, in the generic form
"func.func"() <{function_type = (tensor<*xf32>) -> tensor<*xf32>, sym_name = "name"}> ({
^bb0(%arg11: tensor<*xf32>):
  // expected-error @+1 {{'remat.name' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16, bf16, i32, i64 or i1 in device memory, but got 'tensor<*xf32>'}}
  %9 = "remat.name"(%arg11) <{tag = "h"}> : (tensor<*xf32>) -> tensor<*xf32>
  "func.return"(%9) : (tensor<*xf32>) -> ()
}) : () -> ()

// -----

// ln on an unranked tensor, in the generic form
"func.func"() <{function_type = (tensor<*xf32>) -> tensor<*xf32>, sym_name = "ln"}> ({
^bb0(%arg10: tensor<*xf32>):
  // expected-error @+1 {{'remat.layer_norm' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<*xf32>'}}
  %8 = "remat.layer_norm"(%arg10) <{axes = array<i64: 1>, epsilon = 1.000000e-05 : f64, operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<*xf32>) -> tensor<*xf32>
  "func.return"(%8) : (tensor<*xf32>) -> ()
}) : () -> ()

// -----

// mse on an unranked tensor, in the generic form
"func.func"() <{function_type = (tensor<*xf32>) -> tensor<f32>, sym_name = "mse"}> ({
^bb0(%arg9: tensor<*xf32>):
  // expected-error @+1 {{'remat.mse' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<*xf32>'}}
  %7 = "remat.mse"(%arg9, %arg9) : (tensor<*xf32>, tensor<*xf32>) -> tensor<f32>
  "func.return"(%7) : (tensor<f32>) -> ()
}) : () -> ()

// -----

// convert on an unranked tensor, in the generic form
"func.func"() <{function_type = (tensor<*xf32>) -> tensor<*xf16>, sym_name = "convert"}> ({
^bb0(%arg8: tensor<*xf32>):
  // expected-error @+1 {{'remat.convert' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<*xf32>'}}
  %6 = "remat.convert"(%arg8) : (tensor<*xf32>) -> tensor<*xf16>
  "func.return"(%6) : (tensor<*xf16>) -> ()
}) : () -> ()

// -----

// dropout on an unranked tensor, in the generic form
"func.func"() <{function_type = (tensor<*xf32>, i64) -> tensor<*xf32>, sym_name = "dropout"}> ({
^bb0(%arg6: tensor<*xf32>, %arg7: i64):
  // expected-error @+1 {{'remat.dropout' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<*xf32>'}}
  %5 = "remat.dropout"(%arg6, %arg7) <{counter = 0 : i64, rate = 5.000000e-01 : f64}> : (tensor<*xf32>, i64) -> tensor<*xf32>
  "func.return"(%5) : (tensor<*xf32>) -> ()
}) : () -> ()

// -----

// gelu on an unranked tensor, in the generic form
"func.func"() <{function_type = (tensor<*xf32>) -> tensor<*xf32>, sym_name = "gelu"}> ({
^bb0(%arg5: tensor<*xf32>):
  // expected-error @+1 {{'remat.gelu' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<*xf32>'}}
  %4 = "remat.gelu"(%arg5) <{approximation = #remat<gelu_approximation erf>}> : (tensor<*xf32>) -> tensor<*xf32>
  "func.return"(%4) : (tensor<*xf32>) -> ()
}) : () -> ()

// -----

// broadcast on an unranked tensor, in the generic form
"func.func"() <{function_type = (tensor<*xf32>) -> tensor<3x5x7xf32>, sym_name = "broadcast"}> ({
^bb0(%arg4: tensor<*xf32>):
  // expected-error @+1 {{'remat.broadcast' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16, bf16, i32, i64 or i1 in device memory, but got 'tensor<*xf32>'}}
  %3 = "remat.broadcast"(%arg4) <{dimensions = array<i64: 1, 2>}> : (tensor<*xf32>) -> tensor<3x5x7xf32>
  "func.return"(%3) : (tensor<3x5x7xf32>) -> ()
}) : () -> ()

// -----

// slice on an unranked tensor, in the generic form
"func.func"() <{function_type = (tensor<*xf32>) -> tensor<2x7xf32>, sym_name = "slice"}> ({
^bb0(%arg3: tensor<*xf32>):
  // expected-error @+1 {{'remat.slice' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16, bf16, i32, i64 or i1 in device memory, but got 'tensor<*xf32>'}}
  %2 = "remat.slice"(%arg3) <{limit = array<i64: 2, 7>, start = array<i64: 0, 0>}> : (tensor<*xf32>) -> tensor<2x7xf32>
  "func.return"(%2) : (tensor<2x7xf32>) -> ()
}) : () -> ()

// -----

// relu_grad on an unranked tensor, in the generic form
"func.func"() <{function_type = (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>, sym_name = "relu_grad"}> ({
^bb0(%arg1: tensor<*xf32>, %arg2: tensor<*xf32>):
  // expected-error @+1 {{'remat.relu_grad' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<*xf32>'}}
  %1 = "remat.relu_grad"(%arg1, %arg2) : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  "func.return"(%1) : (tensor<*xf32>) -> ()
}) : () -> ()

// -----

// reload on an unranked tensor, in the generic form
// expected-error @+1 {{cannot apply encoding to unranked tensor}}
"func.func"() <{function_type = (tensor<*xf32, #remat.host>) -> tensor<*xf32>, sym_name = "reload"}> ({
^bb0(%arg0: tensor<*xf32, #remat.host>):
  %0 = "remat.reload"(%arg0) : (tensor<*xf32, #remat.host>) -> tensor<*xf32>
  "func.return"(%0) : (tensor<*xf32>) -> ()
}) : () -> ()

// -----

// custom syntax: exp
func.func @exp(%x: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{custom op 'remat.exp' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %0 = remat.exp %x : tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// custom syntax: matmul lhs
func.func @matmul(%x: tensor<*xf32>, %w: tensor<8x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{custom op 'remat.matmul' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %0 = remat.matmul %x, %w : tensor<*xf32>, tensor<8x4xf32> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// custom syntax: scan carry
func.func @scan(%h0: tensor<*xf32>, %ws: tensor<3x4xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{custom op 'remat.scan' expected a ranked tensor type, got 'tensor<*xf32>'}}
  %h = remat.scan mode <full> (%c = %h0 : tensor<*xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<*xf32>) {
    remat.yield %c : tensor<*xf32>
  }
  return %h : tensor<*xf32>
}
