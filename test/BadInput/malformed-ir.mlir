// Malformed remat IR: each split is a parse error in the custom syntax of a
// remat op (a missing keyword, value or type, a wrong literal, an unknown
// enum case or attribute), reported at the offending token.
// RUN: remat-opt %s -split-input-file -verify-diagnostics

// gelu with an approximation that does not exist
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{custom op 'remat.gelu' expected ::remat::GeluApproximation to be one of: tanh, erf}}
  // expected-error @+1 {{custom op 'remat.gelu' failed to parse Remat_GeluApproximationAttr parameter 'value' which is to be a `::remat::GeluApproximation`}}
  %0 = remat.gelu %x fast : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// gelu without its approximation keyword
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{custom op 'remat.gelu' expected valid keyword or string}}
  // expected-error @+1 {{custom op 'remat.gelu' failed to parse Remat_GeluApproximationAttr parameter 'value' which is to be a `::remat::GeluApproximation`}}
  %0 = remat.gelu %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// softmax: 'axis' without its value
func.func @f(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{expected attribute value}}
  %0 = remat.softmax %x axis : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// softmax: axis given as a float
func.func @f(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{floating point value not valid for specified type}}
  %0 = remat.softmax %x axis 1.5 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// reduce_sum: unclosed dims list
func.func @f(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected ']'}}
  %0 = remat.reduce_sum %x dims [1 : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// reduce_max: a name in the dims list
func.func @f(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{custom op 'remat.reduce_max' expected integer value}}
  // expected-error @+1 {{expected ']'}}
  %0 = remat.reduce_max %x dims [a] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// reduce_mean: no dims keyword
func.func @f(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{custom op 'remat.reduce_mean' expected 'dims'}}
  %0 = remat.reduce_mean %x [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// matmul without its result type
func.func @f(%x: tensor<4x8xf32>, %w: tensor<8x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{expected '->'}}
  %0 = remat.matmul %x, %w : tensor<4x8xf32>, tensor<8x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// matmul without the comma between operands
func.func @f(%x: tensor<4x8xf32>, %w: tensor<8x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{expected ','}}
  %0 = remat.matmul %x %w : tensor<4x8xf32>, tensor<8x4xf32> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// matmul with one operand type for two operands
func.func @f(%x: tensor<4x8xf32>, %w: tensor<8x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{expected ','}}
  %0 = remat.matmul %x, %w : tensor<4x8xf32> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// dropout: 'rate' without a value
func.func @f(%x: tensor<4xf32>, %s: i64) -> tensor<4xf32> {
  // expected-error @+1 {{expected attribute value}}
  %0 = remat.dropout %x, %s rate : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// name: the tag unquoted
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected attribute value}}
  %0 = remat.name %x as h : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// name: no 'as'
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{custom op 'remat.name' expected 'as'}}
  %0 = remat.name %x "h" : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// checkpoint: unclosed policy
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected '>'}}
  %0 = remat.checkpoint policy <dots_saveable -> tensor<4xf32> {
    remat.yield %x : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

// checkpoint: unquoted name in a name-list policy
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{custom op 'remat.checkpoint' expected string}}
  %0 = remat.checkpoint policy <save_only_these_names [h]> -> tensor<4xf32> {
    remat.yield %x : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

// checkpoint: no policy at all
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{custom op 'remat.checkpoint' expected 'policy'}}
  %0 = remat.checkpoint -> tensor<4xf32> {
    remat.yield %x : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

// checkpoint: offload policy without its offload list
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{custom op 'remat.checkpoint' expected 'offload'}}
  %0 = remat.checkpoint policy <save_and_offload_only_these_names save ["a"]> -> tensor<4xf32> {
    remat.yield %x : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

// checkpoint: a '|' with nothing after it
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{custom op 'remat.checkpoint' expected valid keyword}}
  %0 = remat.checkpoint policy <dots_saveable | > -> tensor<4xf32> {
    remat.yield %x : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

// checkpoint: no region
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected '{' to begin a region}}
  %0 = remat.checkpoint policy <dots_saveable> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// scale without its factor
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected ','}}
  %0 = remat.scale %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// scale: a word for the factor
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected attribute value}}
  %0 = remat.scale %x, abc : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// clamp: a bound that is not a number
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected attribute value}}
  %0 = remat.clamp %x min zero max 6.0 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// transpose: perm without brackets
func.func @f(%x: tensor<4x8xf32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{expected '['}}
  %0 = remat.transpose %x perm 1, 0 : tensor<4x8xf32> -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// slice without 'limit'
func.func @f(%x: tensor<4x8xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{custom op 'remat.slice' expected 'limit'}}
  %0 = remat.slice %x start [0, 0] : tensor<4x8xf32> -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// concat without 'dim'
func.func @f(%x: tensor<4x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{custom op 'remat.concat' expected 'dim'}}
  %0 = remat.concat %x, %x : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// reshape without its result type
func.func @f(%x: tensor<4x8xf32>) -> tensor<32xf32> {
  // expected-error @+1 {{expected '->'}}
  %0 = remat.reshape %x : tensor<4x8xf32>
  return %0 : tensor<32xf32>
}

// -----

// broadcast without 'dims'
func.func @f(%x: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{custom op 'remat.broadcast' expected 'dims'}}
  %0 = remat.broadcast %x : tensor<8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// constant without a value
func.func @f() -> tensor<4xf32> {
  // expected-error @+1 {{expected attribute value}}
  %0 = remat.constant : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// constant: literal with too few elements
func.func @f() -> tensor<4xf32> {
  // expected-error @+1 {{inferred shape of elements literal ([2]) does not match type ([4])}}
  %0 = remat.constant dense<[1.0, 2.0]> : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// max_pool2d: kernel of one element
func.func @f(%x: tensor<1x2x8x8xf32>) -> tensor<1x2x4x4xf32> {
  // expected-error @+1 {{'remat.max_pool2d' op attribute 'kernel' failed to satisfy constraint: i64 dense array attribute with exactly 2 elements}}
  %0 = remat.max_pool2d %x kernel [2] : tensor<1x2x8x8xf32> -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// -----

// avg_pool2d without 'kernel'
func.func @f(%x: tensor<1x2x8x8xf32>) -> tensor<1x2x4x4xf32> {
  // expected-error @+1 {{custom op 'remat.avg_pool2d' expected 'kernel'}}
  %0 = remat.avg_pool2d %x strides [2, 2] : tensor<1x2x8x8xf32> -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// -----

// conv2d: misspelt 'strides'
func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{expected ':'}}
  %0 = remat.conv2d %x, %w stride [1, 1] : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// conv2d: padding of three values
func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32> {
  // expected-error @+1 {{'remat.conv2d' op attribute 'padding' failed to satisfy constraint: i64 dense array attribute with exactly 4 elements}}
  %0 = remat.conv2d %x, %w padding [1, 1, 1] : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x8x8xf32>
  return %0 : tensor<1x4x8x8xf32>
}

// -----

// layer_norm without 'eps'
func.func @f(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{custom op 'remat.layer_norm' expected 'eps'}}
  %0 = remat.layer_norm %x axes [1] : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// layer_norm: weight without its type
func.func @f(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{expected ':'}}
  %0 = remat.layer_norm %x weight %g axes [1] eps 1.0e-05 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// batch_norm without 'eps'
func.func @f(%x: tensor<2x3xf32>, %g: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{custom op 'remat.batch_norm' expected 'eps'}}
  %y, %m, %v = remat.batch_norm %x, %g, %b : tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>
  return %y : tensor<2x3xf32>
}

// -----

// cross_entropy without its result type
func.func @f(%l: tensor<4x10xf32>, %t: tensor<4xi32>) -> tensor<f32> {
  // expected-error @+1 {{expected '->'}}
  %0 = remat.cross_entropy %l, %t : tensor<4x10xf32>, tensor<4xi32>
  return %0 : tensor<f32>
}

// -----

// embedding with one type
func.func @f(%t: tensor<10x8xf32>, %i: tensor<4xi32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{expected ','}}
  %0 = remat.embedding %t, %i : tensor<10x8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// masked_fill without the fill value
func.func @f(%x: tensor<4xf32>, %m: tensor<4xi1>) -> tensor<4xf32> {
  // expected-error @+1 {{expected ','}}
  %0 = remat.masked_fill %x, %m : tensor<4xf32>, tensor<4xi1>
  return %0 : tensor<4xf32>
}

// -----

// convert without its result type
func.func @f(%x: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{expected '->'}}
  %0 = remat.convert %x : tensor<4xf32>
  return %0 : tensor<4xf16>
}

// -----

// scan: a mode that does not exist
func.func @f(%h0: tensor<4xf32>, %ws: tensor<3x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{custom op 'remat.scan' unknown scan remat mode 'sideways'; expected none, full, nested, offload, revolve or auto}}
  %h = remat.scan mode <sideways> (%c = %h0 : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>) {
    %a = remat.mul %c, %w : tensor<4xf32>
    remat.yield %a : tensor<4xf32>
  }
  return %h : tensor<4xf32>
}

// -----

// scan: no result types
func.func @f(%h0: tensor<4xf32>, %ws: tensor<3x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected '->'}}
  %h = remat.scan mode <full> (%c = %h0 : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) {
    %a = remat.mul %c, %w : tensor<4xf32>
    remat.yield %a : tensor<4xf32>
  }
  return %h : tensor<4xf32>
}

// -----

// scan: nested block size that is a word
func.func @f(%h0: tensor<4xf32>, %ws: tensor<3x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected '>'}}
  %h = remat.scan mode <nested k> (%c = %h0 : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>) {
    %a = remat.mul %c, %w : tensor<4xf32>
    remat.yield %a : tensor<4xf32>
  }
  return %h : tensor<4xf32>
}

// -----

// scan: carry without its type
func.func @f(%h0: tensor<4xf32>, %ws: tensor<3x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected ':'}}
  %h = remat.scan mode <full> (%c = %h0) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>) {
    %a = remat.mul %c, %w : tensor<4xf32>
    remat.yield %a : tensor<4xf32>
  }
  return %h : tensor<4xf32>
}

// -----

// mark that does not exist
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{expected ::remat::CheckpointMark to be one of: must_save, prefer_save, must_recompute, prefer_recompute}}
  // expected-error @+1 {{failed to parse Remat_CheckpointMarkAttr parameter 'value' which is to be a `::remat::CheckpointMark`}}
  %0 = remat.exp %x {remat.mark = #remat.mark<sometimes>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// empty mark
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{expected valid keyword or string}}
  // expected-error @+1 {{failed to parse Remat_CheckpointMarkAttr parameter 'value' which is to be a `::remat::CheckpointMark`}}
  %0 = remat.exp %x {remat.mark = #remat.mark<>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// misspelt host memory attribute
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32, #remat.host> {
  // expected-error @+1 {{unknown attribute `hots` in dialect `remat`}}
  %0 = remat.offload %x : tensor<4xf32> -> tensor<4xf32, #remat.hots>
  return %0 : tensor<4xf32, #remat.host>
}

// -----

// operand used at a type other than its own
// expected-note @+1 {{prior use here}}
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{use of value '%x' expects different type than prior uses: 'tensor<8xf32>' vs 'tensor<4xf32>'}}
  %0 = remat.exp %x : tensor<8xf32>
  return %0 : tensor<4xf32>
}

// -----

// undefined operand
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{use of undeclared SSA value name}}
  %0 = remat.exp %y : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// two results bound to a one-result op
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{operation defines 1 results but was provided 2 to bind}}
  %0, %1 = remat.exp %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// binary op with one operand
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected ','}}
  %0 = remat.add %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// unary op with two operands
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected ':'}}
  %0 = remat.tanh %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// where with one type
func.func @f(%m: tensor<4xi1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected ','}}
  %0 = remat.where %m, %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
