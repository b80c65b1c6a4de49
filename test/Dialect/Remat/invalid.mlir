// Every verifier and type-inference error of the remat ops.
// RUN: remat-opt %s -split-input-file -verify-diagnostics

func.func @int_tensor_for_float_op(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<4xi32>'}}
  %0 = remat.exp %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @dynamic_shape(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // expected-error @+1 {{must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<?x4xf32>'}}
  %0 = remat.relu %x : tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

func.func @f64_unsupported(%x: tensor<4xf64>) -> tensor<4xf64> {
  // expected-error @+1 {{must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<4xf64>'}}
  %0 = remat.tanh %x : tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @host_tensor_in_compute(%x: tensor<4xf32, #remat.host>) -> tensor<4xf32, #remat.host> {
  // expected-error @+1 {{in device memory, but got 'tensor<4xf32, #remat.host>'}}
  %0 = remat.neg %x : tensor<4xf32, #remat.host>
  return %0 : tensor<4xf32, #remat.host>
}

// -----

func.func @binary_mismatch_generic(%a: tensor<4xf32>, %b: tensor<5xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{requires the same type for all operands and results}}
  %0 = "remat.mul"(%a, %b) : (tensor<4xf32>, tensor<5xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @dropout_rate(%x: tensor<4xf32>, %seed: i64) -> tensor<4xf32> {
  // expected-error @+1 {{rate must be in [0, 1), got 1.000000e+00}}
  %0 = remat.dropout %x, %seed rate 1.0 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @dropout_negative_rate(%x: tensor<4xf32>, %seed: i64) -> tensor<4xf32> {
  // expected-error @+1 {{rate must be in [0, 1), got -1.000000e-01}}
  %0 = remat.dropout %x, %seed rate -0.1 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @dropout_counter(%x: tensor<4xf32>, %seed: i64) -> tensor<4xf32> {
  // expected-error @+1 {{counter must be non-negative, got -3}}
  %0 = remat.dropout %x, %seed rate 0.5 counter -3 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @dropout_seed_type(%x: tensor<4xf32>, %seed: i32) -> tensor<4xf32> {
  // expected-error @+1 {{operand #1 must be 64-bit signless integer, but got 'i32'}}
  %0 = "remat.dropout"(%x, %seed) <{rate = 0.5 : f64}> : (tensor<4xf32>, i32) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @broadcast_element_type(%x: tensor<4xf32>) -> tensor<2x4xf16> {
  // expected-error @+1 {{result element type 'f16' differs from the input's 'f32'}}
  %0 = remat.broadcast %x dims [1] : tensor<4xf32> -> tensor<2x4xf16>
  return %0 : tensor<2x4xf16>
}

// -----

func.func @broadcast_dims_count(%x: tensor<4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{needs one result dimension per input dimension: input has rank 1 but dims has 2 entries}}
  %0 = remat.broadcast %x dims [0, 1] : tensor<4xf32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @broadcast_rank(%x: tensor<2x4xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{result rank 1 is smaller than the input rank 2}}
  %0 = remat.broadcast %x dims [0, 1] : tensor<2x4xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @broadcast_dim_range(%x: tensor<4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{dims: dimension 2 is out of range for rank 2}}
  %0 = remat.broadcast %x dims [2] : tensor<4xf32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @broadcast_dims_order(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{dims: dimensions must be strictly increasing, got [1, 0]}}
  %0 = remat.broadcast %x dims [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @broadcast_size(%x: tensor<3xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{input dimension 0 has size 3 but maps to result dimension 1 of size 4; it must be equal or 1}}
  %0 = remat.broadcast %x dims [1] : tensor<3xf32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @reduce_dim_range(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{'remat.reduce_sum' op dims: dimension 2 is out of range for rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.reduce_sum %x dims [2] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_dim_negative(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{'remat.reduce_max' op dims: dimension -1 is out of range for rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.reduce_max %x dims [-1] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_dim_twice(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{'remat.reduce_mean' op dims: dimension 1 appears more than once}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.reduce_mean %x dims [1, 1] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_result_type(%x: tensor<4x8xf32>) -> tensor<8xf32> {
  // expected-error @+2 {{'remat.reduce_sum' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<8xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.reduce_sum %x dims [1] : tensor<4x8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @matmul_element_types(%a: tensor<4x8xf32>, %b: tensor<8x2xf16>) -> tensor<4x2xf32> {
  // expected-error @+2 {{'remat.matmul' op operand element types differ: 'f32' and 'f16'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.matmul %a, %b : tensor<4x8xf32>, tensor<8x2xf16> -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @matmul_rank1(%a: tensor<8xf32>, %b: tensor<8x2xf32>) -> tensor<2xf32> {
  // expected-error @+2 {{'remat.matmul' op operands must have rank 2 or more, got 1 (lhs) and 2 (rhs)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.matmul %a, %b : tensor<8xf32>, tensor<8x2xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @matmul_rank_differs(%a: tensor<3x4x8xf32>, %b: tensor<8x2xf32>) -> tensor<3x4x2xf32> {
  // expected-error @+2 {{'remat.matmul' op operands must have the same rank, got 3 (lhs) and 2 (rhs)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.matmul %a, %b : tensor<3x4x8xf32>, tensor<8x2xf32> -> tensor<3x4x2xf32>
  return %0 : tensor<3x4x2xf32>
}

// -----

func.func @matmul_batch(%a: tensor<3x4x8xf32>, %b: tensor<5x8x2xf32>) -> tensor<3x4x2xf32> {
  // expected-error @+2 {{'remat.matmul' op batch dimensions differ: lhs [3] vs rhs [5]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.matmul %a, %b : tensor<3x4x8xf32>, tensor<5x8x2xf32> -> tensor<3x4x2xf32>
  return %0 : tensor<3x4x2xf32>
}

// -----

func.func @matmul_contracting(%a: tensor<4x8xf32>, %b: tensor<7x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+2 {{'remat.matmul' op contracting dimensions differ: lhs [4, 8] has K = 8 but rhs [7, 2] has K = 7}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.matmul %a, %b : tensor<4x8xf32>, tensor<7x2xf32> -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @matmul_contracting_transposed(%a: tensor<4x8xf32>, %b: tensor<8x2xf32>) -> tensor<4x8xf32> {
  // expected-error @+2 {{'remat.matmul' op contracting dimensions differ: lhs [4, 8] has K = 8 but rhs [8, 2] (transposed) has K = 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.matmul %a, %b transpose_b : tensor<4x8xf32>, tensor<8x2xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @matmul_result(%a: tensor<4x8xf32>, %b: tensor<8x2xf32>) -> tensor<4x3xf32> {
  // expected-error @+2 {{'remat.matmul' op inferred type(s) 'tensor<4x2xf32>' are incompatible with return type(s) of operation 'tensor<4x3xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.matmul %a, %b : tensor<4x8xf32>, tensor<8x2xf32> -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @conv_input_rank(%x: tensor<3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{'remat.conv2d' op input must have rank 4 (N, C, H, W), got rank 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.conv2d %x, %w : tensor<3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_filter_rank(%x: tensor<1x3x8x8xf32>, %w: tensor<3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{'remat.conv2d' op filter must have rank 4 (F, C/groups, KH, KW), got rank 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.conv2d %x, %w : tensor<1x3x8x8xf32>, tensor<3x3x3xf32> -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_element_types(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xbf16>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{'remat.conv2d' op operand element types differ: 'f32' and 'bf16'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.conv2d %x, %w : tensor<1x3x8x8xf32>, tensor<4x3x3x3xbf16> -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_groups_zero(%x: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{'remat.conv2d' op groups must be positive, got 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.conv2d %x, %w groups 0 : tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32> -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_groups_divide(%x: tensor<1x4x8x8xf32>, %w: tensor<6x2x3x3xf32>) -> tensor<1x6x6x6xf32> {
  // expected-error @+2 {{'remat.conv2d' op input channels (4) and filter features (6) must be multiples of groups (4)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.conv2d %x, %w groups 4 : tensor<1x4x8x8xf32>, tensor<6x2x3x3xf32> -> tensor<1x6x6x6xf32>
  return %0 : tensor<1x6x6x6xf32>
}

// -----

func.func @conv_filter_channels(%x: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{'remat.conv2d' op filter dimension 1 must be input channels / groups = 2, got 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.conv2d %x, %w groups 2 : tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32> -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_negative_stride(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{'remat.conv2d' op strides must be positive, got [1, -1]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.conv2d %x, %w strides [1, -1] : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_dilation(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{'remat.conv2d' op dilations must be positive, got [0, 1]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.conv2d %x, %w dilations [0, 1] : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_negative_padding(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{'remat.conv2d' op padding must be non-negative, got [0, -1, 0, 0]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.conv2d %x, %w padding [0, -1, 0, 0] : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_stride_count(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{'remat.conv2d' op attribute 'strides' failed to satisfy constraint: i64 dense array attribute with exactly 2 elements}}
  %0 = remat.conv2d %x, %w strides [1, 1, 1] : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_window(%x: tensor<1x3x2x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x1x6xf32> {
  // expected-error @+2 {{'remat.conv2d' op window of size 3 (dilation 1) does not fit spatial dimension 2 of size 2 with padding 0 + 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.conv2d %x, %w : tensor<1x3x2x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x1x6xf32>
  return %0 : tensor<1x4x1x6xf32>
}

// -----

func.func @conv_result(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32> {
  // expected-error @+2 {{'remat.conv2d' op inferred type(s) 'tensor<1x4x6x6xf32>' are incompatible with return type(s) of operation 'tensor<1x4x8x8xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.conv2d %x, %w : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x8x8xf32>
  return %0 : tensor<1x4x8x8xf32>
}

// -----

func.func @pool_rank(%x: tensor<4x8x8xf32>) -> tensor<4x4x4xf32> {
  // expected-error @+2 {{'remat.max_pool2d' op input must have rank 4 (N, C, H, W), got rank 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.max_pool2d %x kernel [2, 2] : tensor<4x8x8xf32> -> tensor<4x4x4xf32>
  return %0 : tensor<4x4x4xf32>
}

// -----

func.func @pool_kernel(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+2 {{'remat.avg_pool2d' op kernel must be positive, got [0, 2]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.avg_pool2d %x kernel [0, 2] : tensor<1x4x8x8xf32> -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @pool_padding(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x5x5xf32> {
  // expected-error @+2 {{'remat.max_pool2d' op padding [2, 2, 2, 2] must be smaller than the kernel [2, 2] so that every window holds an input element}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.max_pool2d %x kernel [2, 2] padding [2, 2, 2, 2] : tensor<1x4x8x8xf32> -> tensor<1x4x5x5xf32>
  return %0 : tensor<1x4x5x5xf32>
}

// -----

func.func @pool_strides(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+2 {{'remat.max_pool2d' op strides must be positive, got [0, 0]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.max_pool2d %x kernel [2, 2] strides [0, 0] : tensor<1x4x8x8xf32> -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @pool_window(%x: tensor<1x4x8x1xf32>) -> tensor<1x4x4x1xf32> {
  // expected-error @+2 {{'remat.avg_pool2d' op window of size 2 (dilation 1) does not fit spatial dimension 3 of size 1 with padding 0 + 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.avg_pool2d %x kernel [2, 2] : tensor<1x4x8x1xf32> -> tensor<1x4x4x1xf32>
  return %0 : tensor<1x4x4x1xf32>
}

// -----

func.func @softmax_axis(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.softmax' op axis 2 is out of range for rank 2}}
  %0 = remat.softmax %x axis 2 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @layer_norm_no_axes(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.layer_norm' op needs at least one axis}}
  %0 = remat.layer_norm %x axes [] eps 1.0e-05 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @layer_norm_axes(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.layer_norm' op axes: dimension 2 is out of range for rank 2}}
  %0 = remat.layer_norm %x axes [2] eps 1.0e-05 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @layer_norm_eps(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.layer_norm' op eps must be non-negative, got -1.000000e-05}}
  %0 = remat.layer_norm %x axes [1] eps -1.0e-05 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @layer_norm_weight(%x: tensor<4x8xf32>, %g: tensor<4xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.layer_norm' op weight must be 'tensor<8xf32>', got 'tensor<4xf32>'}}
  %0 = remat.layer_norm %x weight %g : tensor<4xf32> axes [1] eps 1.0e-05 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @layer_norm_bias(%x: tensor<4x8xf32>, %b: tensor<8xf16>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.layer_norm' op bias must be 'tensor<8xf32>', got 'tensor<8xf16>'}}
  %0 = remat.layer_norm %x bias %b : tensor<8xf16> axes [1] eps 1.0e-05 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @batch_norm_rank(%x: tensor<4xf32>, %s: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.batch_norm' op input must have rank 2 or more (N, C, ...), got rank 1}}
  %0:3 = remat.batch_norm %x, %s, %s eps 1.0e-05 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  return %0#0 : tensor<4xf32>
}

// -----

func.func @batch_norm_eps(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'remat.batch_norm' op eps must be non-negative, got -1.000000e+00}}
  %0:3 = remat.batch_norm %x, %s, %s eps -1.0 : tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_weight(%x: tensor<2x3x4x4xf32>, %s: tensor<4xf32>, %t: tensor<3xf32>) -> tensor<2x3x4x4xf32> {
  // expected-error @+1 {{'remat.batch_norm' op weight must be 'tensor<3xf32>', got 'tensor<4xf32>'}}
  %0:3 = remat.batch_norm %x, %s, %t eps 1.0e-05 : tensor<2x3x4x4xf32>, tensor<4xf32>, tensor<3xf32>
  return %0#0 : tensor<2x3x4x4xf32>
}

// -----

func.func @embedding_table(%t: tensor<100xf32>, %ids: tensor<4xi32>) -> tensor<4xf32> {
  // expected-error @+2 {{'remat.embedding' op table must have rank 2 (rows, features), got rank 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.embedding %t, %ids : tensor<100xf32>, tensor<4xi32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @embedding_float_ids(%t: tensor<100x4xf32>, %ids: tensor<4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{operand #1 must be statically shaped, non-empty tensor (at most 256 TiB) of i32 or i64 in device memory, but got 'tensor<4xf32>'}}
  %0 = remat.embedding %t, %ids : tensor<100x4xf32>, tensor<4xf32> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @reshape_count(%x: tensor<4x8xf32>) -> tensor<30xf32> {
  // expected-error @+1 {{'remat.reshape' op cannot reshape 32 elements [4, 8] into 30 elements [30]}}
  %0 = remat.reshape %x : tensor<4x8xf32> -> tensor<30xf32>
  return %0 : tensor<30xf32>
}

// -----

func.func @reshape_element_type(%x: tensor<4x8xf32>) -> tensor<32xf16> {
  // expected-error @+1 {{'remat.reshape' op result element type 'f16' differs from the input's 'f32'}}
  %0 = remat.reshape %x : tensor<4x8xf32> -> tensor<32xf16>
  return %0 : tensor<32xf16>
}

// -----

func.func @transpose_size(%x: tensor<4x8xf32>) -> tensor<8x4xf32> {
  // expected-error @+2 {{'remat.transpose' op permutation [1, 0, 2] must have 2 entries, one per input dimension}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.transpose %x perm [1, 0, 2] : tensor<4x8xf32> -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @transpose_not_permutation(%x: tensor<4x8xf32>) -> tensor<8x4xf32> {
  // expected-error @+2 {{'remat.transpose' op permutation [1, 1] is not a permutation: dimension 1 appears more than once}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.transpose %x perm [1, 1] : tensor<4x8xf32> -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @slice_sizes(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{'remat.slice' op start and limit need one entry per dimension (2), got 1 and 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.slice %x start [0] limit [4] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @slice_bounds(%x: tensor<4x8xf32>) -> tensor<4x4xf32> {
  // expected-error @+2 {{'remat.slice' op dimension 1: need 0 <= start <= limit <= 8, got start 6 and limit 10}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.slice %x start [0, 6] limit [4, 10] : tensor<4x8xf32> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @slice_strides(%x: tensor<4x8xf32>) -> tensor<4x4xf32> {
  // expected-error @+2 {{'remat.slice' op strides must be positive, got [1, 0]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.slice %x start [0, 0] limit [4, 4] strides [1, 0] : tensor<4x8xf32> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @concat_dim(%a: tensor<4x2xf32>) -> tensor<4x4xf32> {
  // expected-error @+2 {{'remat.concat' op dim 2 is out of range for rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.concat %a, %a dim 2 : tensor<4x2xf32>, tensor<4x2xf32> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @concat_types(%a: tensor<4x2xf32>, %b: tensor<4x2xf16>) -> tensor<4x4xf32> {
  // expected-error @+2 {{'remat.concat' op input 1 has type 'tensor<4x2xf16>', incompatible with input 0 'tensor<4x2xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.concat %a, %b dim 1 : tensor<4x2xf32>, tensor<4x2xf16> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @concat_sizes(%a: tensor<4x2xf32>, %b: tensor<3x2xf32>) -> tensor<4x4xf32> {
  // expected-error @+2 {{'remat.concat' op input 1 has size 3 in dimension 0 where input 0 has 4; only dimension 1 may differ}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.concat %a, %b dim 1 : tensor<4x2xf32>, tensor<3x2xf32> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @concat_empty() -> tensor<4xf32> {
  // expected-error @+2 {{'remat.concat' op needs at least one input}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "remat.concat"() <{dim = 0 : i64}> : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @cross_entropy_rank(%l: tensor<f32>, %y: tensor<i32>) -> tensor<f32> {
  // expected-error @+2 {{'remat.cross_entropy' op logits must have rank 1 or more (..., classes), got rank 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.cross_entropy %l, %y : tensor<f32>, tensor<i32> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @cross_entropy_labels(%l: tensor<8x10xf32>, %y: tensor<10xi32>) -> tensor<f32> {
  // expected-error @+2 {{'remat.cross_entropy' op labels must have the logits' shape without the class dimension, [8], got [10]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.cross_entropy %l, %y : tensor<8x10xf32>, tensor<10xi32> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @cross_entropy_float_labels(%l: tensor<8x10xf32>, %y: tensor<8xf32>) -> tensor<f32> {
  // expected-error @+1 {{operand #1 must be statically shaped, non-empty tensor (at most 256 TiB) of i32 or i64 in device memory, but got 'tensor<8xf32>'}}
  %0 = remat.cross_entropy %l, %y : tensor<8x10xf32>, tensor<8xf32> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @mse_types(%p: tensor<8xf32>, %t: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{'remat.mse' op failed to verify that all of {prediction, target} have same type}}
  %0 = "remat.mse"(%p, %t) : (tensor<8xf32>, tensor<4xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @constant_dynamic() -> tensor<?xf32> {
  // expected-error @+1 {{result #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16, bf16, i32, i64 or i1 in device memory, but got 'tensor<?xf32>'}}
  %0 = "remat.constant"() <{value = dense<1.0> : tensor<4xf32>}> : () -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @name_empty(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.name' op tag must not be empty}}
  %0 = remat.name %x as "" : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @checkpoint_yield(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.checkpoint' op body yields 2 value(s) of type(s) ('tensor<4xf32>', 'tensor<4xf32>') but the op has result type(s) ('tensor<4xf32>')}}
  %0 = remat.checkpoint policy <nothing_saveable> -> tensor<4xf32> {
    remat.yield %x, %x : tensor<4xf32>, tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @unknown_policy(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{unknown checkpoint policy 'dots_savable'; expected one of everything_saveable}}
  %0 = remat.checkpoint policy <dots_savable> -> tensor<4xf32> {
    remat.yield %x : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @offload_names_overlap(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{save_and_offload_only_these_names: the save and offload name lists must not intersect, but 'b' appear(s) in both}}
  %0 = remat.checkpoint policy <save_and_offload_only_these_names save ["a", "b"] offload ["b", "c"]> -> tensor<4xf32> {
    remat.yield %x : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @unknown_mark(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{expected ::remat::CheckpointMark to be one of: must_save, prefer_save, must_recompute, prefer_recompute}}
  // expected-error @+1 {{failed to parse Remat_CheckpointMarkAttr parameter 'value'}}
  %0 = remat.exp %x {remat.mark = #remat.mark<always_save>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @mark_not_a_mark(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.exp' op 'remat.mark' must be a #remat.mark<...> (must_save, prefer_save, must_recompute or prefer_recompute), got "must_save"}}
  %0 = remat.exp %x {remat.mark = "must_save"} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @mark_no_result(%x: tensor<4xf32>) {
  // expected-error @+1 {{'func.return' op has no result for 'remat.mark' to mark}}
  func.return {remat.mark = #remat.mark<must_save>}
}

// -----

func.func @mark_recompute_side_effects(%x: tensor<4xf32>) -> tensor<4xf32, #remat.host> {
  // expected-error @+1 {{'remat.offload' op cannot be recomputed (it has side effects), so it cannot be marked prefer_recompute; mark it must_save or prefer_save, or drop the mark}}
  %0 = remat.offload %x {remat.mark = #remat.mark<prefer_recompute>} : tensor<4xf32> -> tensor<4xf32, #remat.host>
  return %0 : tensor<4xf32, #remat.host>
}

// -----

func.func @unknown_gelu(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{expected ::remat::GeluApproximation to be one of: tanh, erf}}
  // expected-error @+1 {{failed to parse Remat_GeluApproximationAttr parameter 'value'}}
  %0 = remat.gelu %x sigmoid : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @yield_outside(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.yield' op expects parent op to be one of 'remat.checkpoint, remat.scan, remat.revolve_scan'}}
  remat.yield %x : tensor<4xf32>
}

// -----

func.func @scan_mode_unknown(%h: tensor<4xf32>, %ws: tensor<3x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{unknown scan remat mode 'sqrt'; expected none, full, nested, offload, revolve or auto}}
  %0 = remat.scan mode <sqrt> (%c = %h : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>) {
    remat.yield %c : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @scan_mode_block(%h: tensor<4xf32>, %ws: tensor<3x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{only the 'nested' (block size) and 'revolve' (checkpoint slots) scan modes take a number}}
  %0 = remat.scan mode <full 2> (%c = %h : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>) {
    remat.yield %c : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @scan_mode_negative_block(%h: tensor<4xf32>, %ws: tensor<3x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{scan block size must be positive, got -2}}
  %0 = remat.scan mode <nested -2> (%c = %h : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>) {
    remat.yield %c : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @scan_mode_zero_block(%h: tensor<4xf32>, %ws: tensor<3x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{scan block size must be at least 1, got 0; write 'nested' alone for the default, ceil(sqrt(L))}}
  %0 = remat.scan mode <nested 0> (%c = %h : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>) {
    remat.yield %c : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @scan_block_too_large(%h: tensor<4xf32>, %ws: tensor<3x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.scan' op nested block size 5 exceeds the number of layers 3}}
  %0 = remat.scan mode <nested 5> (%c = %h : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>) {
    remat.yield %c : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @scan_no_xs(%h: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.scan' op needs at least one stacked operand in 'over' to give the number of layers}}
  %0 = remat.scan mode <full> (%c = %h : tensor<4xf32>) over () -> (tensor<4xf32>) {
    remat.yield %c : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

// Empty tensors (a dimension of size 0) are refused on every remat op: a
// training graph has no use for them, and the CPU kernels assume each loop
// runs at least once.
func.func @empty_tensor(%x: tensor<2x0xf32>) -> tensor<2x0xf32> {
  // expected-error @+1 {{'remat.relu' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<2x0xf32>'}}
  %r = remat.relu %x : tensor<2x0xf32>
  return %r : tensor<2x0xf32>
}

// -----

// Sizes stay within 2^48 bytes, so that byte counts never overflow.
func.func @huge_tensor(%x: tensor<4611686018427387904xf32>) -> tensor<4611686018427387904xf32> {
  // expected-error @+1 {{'remat.exp' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<4611686018427387904xf32>'}}
  %r = remat.exp %x : tensor<4611686018427387904xf32>
  return %r : tensor<4611686018427387904xf32>
}

// -----

// A window extent that overflows int64 does not fit.
func.func @huge_dilation(%x: tensor<1x1x8x8xf32>, %w: tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32> {
  // expected-error @+2 {{'remat.conv2d' op window of size 3 (dilation 4611686018427387904) does not fit spatial dimension 2 of size 8 with padding 0 + 0}}
  // expected-error @+1 {{'remat.conv2d' op failed to infer returned types}}
  %r = remat.conv2d %x, %w dilations [4611686018427387904, 1] : tensor<1x1x8x8xf32>, tensor<1x1x3x3xf32> -> tensor<1x1x6x6xf32>
  return %r : tensor<1x1x6x6xf32>
}

// -----

func.func @empty_channels(%x: tensor<1x0x5x5xf32>, %w: tensor<1x0x3x3xf32>) -> tensor<1x1x3x3xf32> {
  // expected-error @+1 {{'remat.conv2d' op operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<1x0x5x5xf32>'}}
  %r = remat.conv2d %x, %w : tensor<1x0x5x5xf32>, tensor<1x0x3x3xf32> -> tensor<1x1x3x3xf32>
  return %r : tensor<1x1x3x3xf32>
}

// -----

func.func @empty_slice(%x: tensor<4x4xf32>) -> tensor<0x4xf32> {
  // expected-error @+1 {{'remat.slice' op result #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16, bf16, i32, i64 or i1 in device memory, but got 'tensor<0x4xf32>'}}
  %r = remat.slice %x start [1, 0] limit [1, 4] : tensor<4x4xf32> -> tensor<0x4xf32>
  return %r : tensor<0x4xf32>
}

// -----

func.func @scan_rank0_xs(%h: tensor<4xf32>, %s: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected a ranked tensor type of rank 1 or more (stacked along dimension 0), got 'tensor<f32>'}}
  %0 = remat.scan mode <full> (%c = %h : tensor<4xf32>) over (%w = %s : tensor<f32>) -> (tensor<4xf32>) {
    remat.yield %c : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @scan_lengths(%h: tensor<4xf32>, %a: tensor<3x4xf32>, %b: tensor<2x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.scan' op stacked operands must all have 3 layers (dimension 0), but operand 1 has 2}}
  %0 = remat.scan mode <full> (%c = %h : tensor<4xf32>) over (%x = %a : tensor<3x4xf32>, %y = %b : tensor<2x4xf32>) -> (tensor<4xf32>) {
    remat.yield %c : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @scan_zero_layers(%h: tensor<4xf32>, %a: tensor<0x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.scan' op operand #1 must be variadic of statically shaped, non-empty tensor (at most 256 TiB) of f32, f16, bf16, i32, i64 or i1 in device memory or statically shaped tensor (at most 256 TiB) of integers, floats, index or complex numbers in host memory (#remat.host encoding), but got 'tensor<0x4xf32>'}}
  %0 = remat.scan mode <full> (%c = %h : tensor<4xf32>) over (%x = %a : tensor<0x4xf32>) -> (tensor<4xf32>) {
    remat.yield %c : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @scan_yield_carry(%h: tensor<4xf32>, %ws: tensor<3x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.scan' op body must yield the new carries ('tensor<4xf32>') first, got ()}}
  %0 = remat.scan mode <full> (%c = %h : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>) {
    remat.yield
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @scan_results(%h: tensor<4xf32>, %ws: tensor<3x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.scan' op results must be the carries then the per-layer outputs stacked over 3 layers, ('tensor<4xf32>', 'tensor<3x4xf32>'), got ('tensor<4xf32>', 'tensor<4xf32>')}}
  %0:2 = remat.scan mode <full> (%c = %h : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    remat.yield %c, %w : tensor<4xf32>, tensor<4xf32>
  }
  return %0#0 : tensor<4xf32>
}

// -----

func.func @scan_block_args(%h: tensor<4xf32>, %ws: tensor<3x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.scan' op body arguments must be the carries then one slice of each stacked operand, ('tensor<4xf32>', 'tensor<4xf32>'), got ('tensor<4xf32>', 'tensor<3x4xf32>')}}
  %0 = "remat.scan"(%h, %ws) <{mode = #remat.scan_mode<full>, operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%c: tensor<4xf32>, %w: tensor<3x4xf32>):
    remat.yield %c : tensor<4xf32>
  }) : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// The generic form bypasses the parser's rank check; the verifier checks
// ranks before reading the number of layers.
func.func @scan_rank0_xs_generic(%h: tensor<4xf32>, %s: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.scan' op stacked operand 0 must have rank 1 or more, got 'tensor<f32>'}}
  %0 = "remat.scan"(%h, %s) <{mode = #remat.scan_mode<full>, operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%c: tensor<4xf32>, %w: tensor<f32>):
    remat.yield %c : tensor<4xf32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @scan_output_not_tensor(%h: tensor<4xf32>, %ws: tensor<3x4xf32>, %i: i32) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.scan' op per-layer output must be a ranked tensor, got 'i32'}}
  %0:2 = "remat.scan"(%h, %ws) <{mode = #remat.scan_mode<full>, operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%c: tensor<4xf32>, %w: tensor<4xf32>):
    remat.yield %c, %i : tensor<4xf32>, i32
  }) : (tensor<4xf32>, tensor<3x4xf32>) -> (tensor<4xf32>, tensor<3xi32>)
  return %0#0 : tensor<4xf32>
}

// -----

func.func @offload_host(%x: tensor<4xf32, #remat.host>) -> tensor<4xf32, #remat.host> {
  // expected-error @+1 {{operand #0 must be statically shaped tensor (at most 256 TiB) of integers, floats, index or complex numbers in device memory (no encoding), but got 'tensor<4xf32, #remat.host>'}}
  %0 = remat.offload %x : tensor<4xf32, #remat.host> -> tensor<4xf32, #remat.host>
  return %0 : tensor<4xf32, #remat.host>
}

// -----

func.func @reload_device(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{operand #0 must be statically shaped tensor (at most 256 TiB) of integers, floats, index or complex numbers in host memory (#remat.host encoding), but got 'tensor<4xf32>'}}
  %0 = remat.reload %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Padding below the kernel lets a padding of 2^32 - 1 admit a 2^32 x 2^32
// window over a 4x4 input: the window is bounded like any tensor.
func.func @pool_huge_window(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32> {
  // expected-error @+2 {{'remat.max_pool2d' op kernel [4294967296, 4294967296] is too large: its window, of f32, would be over the 281474976710656 bytes (256 TiB) remat models}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.max_pool2d %x kernel [4294967296, 4294967296] padding [4294967295, 4294967295, 4294967295, 4294967295] : tensor<1x1x4x4xf32> -> tensor<1x1x2x2xf32>
  return %0 : tensor<1x1x2x2xf32>
}

// -----

// A window of 64 MiB, but a padded input of 2^60 bytes.
func.func @pool_huge_padded_input(%x: tensor<65536x65536x1x1xf32>) -> tensor<65536x65536x1x1xf32> {
  // expected-error @+2 {{'remat.avg_pool2d' op padding [4095, 4095, 4095, 4095] makes the padded input 'tensor<65536x65536x8191x8191xf32>', over the 281474976710656 bytes (256 TiB) remat models}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = remat.avg_pool2d %x kernel [4096, 4096] padding [4095, 4095, 4095, 4095] : tensor<65536x65536x1x1xf32> -> tensor<65536x65536x1x1xf32>
  return %0 : tensor<65536x65536x1x1xf32>
}

// -----

func.func @scan_revolve_zero(%h: tensor<4xf32>, %ws: tensor<3x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{revolve needs at least 1 checkpoint slot, got 0; write 'revolve' alone for the default, about sqrt(2L)}}
  %0 = remat.scan mode <revolve 0> (%c = %h : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>) {
    remat.yield %c : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @scan_revolve_too_many_slots(%h: tensor<4xf32>, %ws: tensor<3x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.scan' op revolve slot count 3 must be below the number of layers 3 (with L - 1 slots every carry is kept, which is mode full)}}
  %0 = remat.scan mode <revolve 3> (%c = %h : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>) {
    remat.yield %c : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @scan_snapshots_not_revolve(%h: tensor<4xf32>, %ws: tensor<3x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.scan' op only a 'revolve' scan stores snapshots, not #remat.scan_mode<full>}}
  %0, %s = remat.scan mode <full> snapshots (%c = %h : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>, tensor<1x4xf32>) {
    remat.yield %c : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @scan_snapshots_rows(%h: tensor<4xf32>, %ws: tensor<6x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.scan' op results must be the carries then the per-layer outputs stacked over 6 layers, then the carries' 2 snapshots, ('tensor<4xf32>', 'tensor<2x4xf32>'), got ('tensor<4xf32>', 'tensor<3x4xf32>')}}
  %0, %s = remat.scan mode <revolve 2> snapshots (%c = %h : tensor<4xf32>) over (%w = %ws : tensor<6x4xf32>) -> (tensor<4xf32>, tensor<3x4xf32>) {
    remat.yield %c : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @convert_shape_mismatch(%x: tensor<4x8xf32>) -> tensor<8x4xbf16> {
  // expected-error @+1 {{requires the same shape for all operands and results}}
  %0 = remat.convert %x : tensor<4x8xf32> -> tensor<8x4xbf16>
  return %0 : tensor<8x4xbf16>
}

// -----

func.func @convert_to_integer(%x: tensor<4xf32>) -> tensor<4xi32> {
  // expected-error @+1 {{result #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<4xi32>'}}
  %0 = remat.convert %x : tensor<4xf32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @where_float_condition(%m: tensor<4xf32>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of i1 in device memory, but got 'tensor<4xf32>'}}
  %0 = remat.where %m, %a, %a : tensor<4xf32>, tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @where_shape_mismatch(%m: tensor<1x4xi1>, %a: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{failed to verify that all of {condition, true_value, false_value, result} have same shape}}
  %0 = remat.where %m, %a, %a : tensor<1x4xi1>, tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @where_type_mismatch(%m: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xbf16>) -> tensor<4xf32> {
  // expected-error @+1 {{failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "remat.where"(%m, %a, %b) : (tensor<4xi1>, tensor<4xf32>, tensor<4xbf16>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @clamp_no_bound(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.clamp' op needs a bound: give min, max or both (without either it is the identity)}}
  %0 = remat.clamp %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @clamp_inverted(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.clamp' op min (6.000000e+00) must not exceed max (0.000000e+00)}}
  %0 = remat.clamp %x min 6.0 max 0.0 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @clamp_infinite(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.clamp' op has an infinite or NaN bound; leave an unbounded side out instead}}
  %0 = remat.clamp %x min 0.0 max 0x7FF0000000000000 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @masked_fill_shape_mismatch(%m: tensor<1x4xi1>, %a: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{failed to verify that all of {input, mask, result} have same shape}}
  %0 = remat.masked_fill %a, %m, 0.0 : tensor<3x4xf32>, tensor<1x4xi1>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @masked_fill_float_mask(%m: tensor<4xf32>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{operand #1 must be}}
  %0 = remat.masked_fill %a, %m, 0.0 : tensor<4xf32>, tensor<4xf32>
  return %0 : tensor<4xf32>
}
