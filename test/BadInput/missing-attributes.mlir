// Ops in the generic form without a required attribute, or with an attribute
// of the wrong kind or size: the op verifier names the attribute and what it
// must be.
// RUN: remat-opt %s -split-input-file -verify-diagnostics

// softmax without its axis
func.func @softmax_no_axis(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.softmax' op requires attribute 'axis'}}
  %0 = "remat.softmax"(%x) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// softmax: axis is a string
func.func @softmax_axis_string(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.softmax' op attribute 'axis' failed to satisfy constraint: 64-bit signless integer attribute}}
  %0 = "remat.softmax"(%x) {axis = "one"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// softmax: axis of type i32 instead of i64
func.func @softmax_axis_i32(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.softmax' op attribute 'axis' failed to satisfy constraint: 64-bit signless integer attribute}}
  %0 = "remat.softmax"(%x) {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// reduce_sum without dims
func.func @reduce_sum_no_dims(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.reduce_sum' op requires attribute 'dimensions'}}
  %0 = "remat.reduce_sum"(%x) : (tensor<4x8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// reduce_mean: dimensions as an ArrayAttr, not a dense i64 array
func.func @reduce_mean_dims_array(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.reduce_mean' op attribute 'dimensions' failed to satisfy constraint: i64 dense array attribute}}
  %0 = "remat.reduce_mean"(%x) {dimensions = [1]} : (tensor<4x8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// transpose without perm
func.func @transpose_no_perm(%x: tensor<4x8xf32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{'remat.transpose' op requires attribute 'permutation'}}
  %0 = "remat.transpose"(%x) : (tensor<4x8xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// transpose: permutation of i32
func.func @transpose_perm_i32(%x: tensor<4x8xf32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{'remat.transpose' op attribute 'permutation' failed to satisfy constraint: i64 dense array attribute}}
  %0 = "remat.transpose"(%x) {permutation = array<i32: 1, 0>} : (tensor<4x8xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// slice without limit
func.func @slice_no_limit(%x: tensor<4x8xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'remat.slice' op requires attribute 'limit'}}
  %0 = "remat.slice"(%x) {start = array<i64: 0, 0>} : (tensor<4x8xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// concat without dim
func.func @concat_no_dim(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'remat.concat' op requires attribute 'dim'}}
  %0 = "remat.concat"(%x, %y) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// broadcast without dims
func.func @broadcast_no_dims(%x: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.broadcast' op requires attribute 'dimensions'}}
  %0 = "remat.broadcast"(%x) : (tensor<8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// gelu without its approximation
func.func @gelu_no_approx(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.gelu' op requires attribute 'approximation'}}
  %0 = "remat.gelu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// gelu: approximation given as a string
func.func @gelu_approx_string(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.gelu' op attribute 'approximation' failed to satisfy constraint: how gelu evaluates the Gaussian CDF}}
  %0 = "remat.gelu"(%x) {approximation = "tanh"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// dropout without rate
func.func @dropout_no_rate(%x: tensor<4xf32>, %s: i64) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.dropout' op requires attribute 'rate'}}
  %0 = "remat.dropout"(%x, %s) : (tensor<4xf32>, i64) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// dropout: rate as an integer
func.func @dropout_rate_int(%x: tensor<4xf32>, %s: i64) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.dropout' op attribute 'rate' failed to satisfy constraint: 64-bit float attribute}}
  %0 = "remat.dropout"(%x, %s) {rate = 1 : i64} : (tensor<4xf32>, i64) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// scale without its factor
func.func @scale_no_factor(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.scale' op requires attribute 'factor'}}
  %0 = "remat.scale"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// layer_norm without eps
func.func @layer_norm_no_eps(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.layer_norm' op requires attribute 'epsilon'}}
  %0 = "remat.layer_norm"(%x) {axes = array<i64: 1>, operandSegmentSizes = array<i32: 1, 0, 0>} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// layer_norm without axes
func.func @layer_norm_no_axes(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.layer_norm' op requires attribute 'axes'}}
  %0 = "remat.layer_norm"(%x) {epsilon = 1.0e-05 : f64, operandSegmentSizes = array<i32: 1, 0, 0>} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// name without its tag
func.func @name_no_tag(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.name' op requires attribute 'tag'}}
  %0 = "remat.name"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// name: tag is an integer
func.func @name_tag_int(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.name' op attribute 'tag' failed to satisfy constraint: string attribute}}
  %0 = "remat.name"(%x) {tag = 3 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// max_pool2d without kernel
func.func @max_pool_no_kernel(%x: tensor<1x2x8x8xf32>) -> tensor<1x2x4x4xf32> {
  // expected-error @+1 {{'remat.max_pool2d' op requires attribute 'kernel'}}
  %0 = "remat.max_pool2d"(%x) : (tensor<1x2x8x8xf32>) -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// -----

// avg_pool2d: kernel as an ArrayAttr
func.func @avg_pool_kernel_array(%x: tensor<1x2x8x8xf32>) -> tensor<1x2x4x4xf32> {
  // expected-error @+1 {{'remat.avg_pool2d' op attribute 'kernel' failed to satisfy constraint: i64 dense array attribute with exactly 2 elements}}
  %0 = "remat.avg_pool2d"(%x) {kernel = [2, 2]} : (tensor<1x2x8x8xf32>) -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// -----

// conv2d: strides of three values
func.func @conv_strides_3(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{'remat.conv2d' op attribute 'strides' failed to satisfy constraint: i64 dense array attribute with exactly 2 elements}}
  %0 = "remat.conv2d"(%x, %w) {strides = array<i64: 1, 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// conv2d: dilations of one value
func.func @conv_dilations_1(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{'remat.conv2d' op attribute 'dilations' failed to satisfy constraint: i64 dense array attribute with exactly 2 elements}}
  %0 = "remat.conv2d"(%x, %w) {dilations = array<i64: 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// clamp: min as a string
func.func @clamp_min_string(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.clamp' op attribute 'min' failed to satisfy constraint: 64-bit float attribute}}
  %0 = "remat.clamp"(%x) {min = "0"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// constant without value
func.func @constant_no_value() -> tensor<4xf32> {
  // expected-error @+1 {{'remat.constant' op requires attribute 'value'}}
  %0 = "remat.constant"() : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// constant whose value's type is not its result's
func.func @constant_value_mismatch() -> tensor<4xf32> {
  // expected-error @+2 {{'remat.constant' op inferred type(s) 'tensor<8xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  // expected-error @+1 {{'remat.constant' op failed to infer returned types}}
  %0 = "remat.constant"() {value = dense<1.0> : tensor<8xf32>} : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// masked_fill without its value
func.func @masked_fill_no_value(%x: tensor<4xf32>, %m: tensor<4xi1>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.masked_fill' op requires attribute 'value'}}
  %0 = "remat.masked_fill"(%x, %m) : (tensor<4xf32>, tensor<4xi1>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// batch_norm without eps
func.func @batch_norm_no_eps(%x: tensor<2x3xf32>, %g: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'remat.batch_norm' op requires attribute 'epsilon'}}
  %0:3 = "remat.batch_norm"(%x, %g, %b) : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0 : tensor<2x3xf32>
}

// -----

// a mark given as a string
func.func @mark_string(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.exp' op 'remat.mark' must be a #remat.mark<...> (must_save, prefer_save, must_recompute or prefer_recompute), got "must_save"}}
  %0 = remat.exp %x {remat.mark = "must_save"} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// checkpoint without its policy attribute (generic form)
func.func @ckpt(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.checkpoint' op requires attribute 'policy'}}
  %0 = "remat.checkpoint"() ({
    "remat.yield"(%x) : (tensor<4xf32>) -> ()
  }) : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// checkpoint with a policy of the wrong attribute kind (generic form)
func.func @ckpt(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.checkpoint' op attribute 'policy' failed to satisfy constraint: a JAX-style checkpoint policy}}
  %0 = "remat.checkpoint"() ({
    "remat.yield"(%x) : (tensor<4xf32>) -> ()
  }) {policy = "dots_saveable"} : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// scan without its mode (generic form)
func.func @s(%h0: tensor<4xf32>, %ws: tensor<3x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.scan' op requires attribute 'mode'}}
  %0 = "remat.scan"(%h0, %ws) ({
  ^bb0(%c: tensor<4xf32>, %w: tensor<4xf32>):
    %a = remat.mul %c, %w : tensor<4xf32>
    "remat.yield"(%a) : (tensor<4xf32>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>} : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
