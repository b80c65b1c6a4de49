// Every verifier and type-inference error of the gradient ops.
// RUN: remat-opt %s -split-input-file -verify-diagnostics

func.func @relu_grad_types(%g: tensor<4xf32>, %x: tensor<5xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{requires the same type for all operands and results}}
  %0 = "remat.relu_grad"(%g, %x) : (tensor<4xf32>, tensor<5xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @gelu_grad_int(%g: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{operand #0 must be statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or bf16 in device memory, but got 'tensor<4xi32>'}}
  %0 = remat.gelu_grad %g, %g erf : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @maximum_grad_types(%g: tensor<4xf32>, %a: tensor<4xf32>, %b: tensor<4xf16>) -> tensor<4xf32> {
  // expected-error @+1 {{requires the same type for all operands and results}}
  %0:2 = "remat.maximum_grad"(%g, %a, %b) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf16>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0#0 : tensor<4xf32>
}

// -----

func.func @where_grad_shapes(%m: tensor<4xi1>, %g: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{failed to verify that all of {condition, grad, result} have same shape}}
  %0 = remat.where_grad %m, %g : tensor<4xi1>, tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @reduce_max_grad_dims(%g: tensor<4xf32>, %x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.reduce_max_grad' op dims: dimension 2 is out of range for rank 2}}
  %0 = remat.reduce_max_grad %g, %x, %g dims [2] : tensor<4xf32>, tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @reduce_max_grad_grad_type(%g: tensor<8xf32>, %x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.reduce_max_grad' op grad and max must have the type of the forward reduce_max result, 'tensor<4xf32>', got 'tensor<8xf32>'}}
  %0 = remat.reduce_max_grad %g, %x, %g dims [1] : tensor<8xf32>, tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @reduce_max_grad_keep_dims(%g: tensor<4xf32>, %x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.reduce_max_grad' op grad and max must have the type of the forward reduce_max result, 'tensor<4x1xf32>', got 'tensor<4xf32>'}}
  %0 = remat.reduce_max_grad %g, %x, %g dims [1] keep_dims : tensor<4xf32>, tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @reduce_max_grad_max_type(%g: tensor<4xf32>, %x: tensor<4x8xf32>, %m: tensor<4xf16>) -> tensor<4x8xf32> {
  // expected-error @+1 {{failed to verify that all of {grad, max} have same type}}
  %0 = "remat.reduce_max_grad"(%g, %x, %m) <{dimensions = array<i64: 1>}> : (tensor<4xf32>, tensor<4x8xf32>, tensor<4xf16>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @reduce_max_grad_result(%g: tensor<4xf32>, %x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{'remat.reduce_max_grad' op inferred type(s) 'tensor<4x8xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "remat.reduce_max_grad"(%g, %x, %g) <{dimensions = array<i64: 1>}> : (tensor<4xf32>, tensor<4x8xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @softmax_grad_axis(%g: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{axis 2 is out of range for rank 2}}
  %0 = remat.softmax_grad %g, %y axis 2 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @max_pool2d_grad_rank(%g: tensor<4x4x4xf32>, %x: tensor<4x8x8xf32>) -> tensor<4x8x8xf32> {
  // expected-error @+1 {{'remat.max_pool2d_grad' op input must have rank 4 (N, C, H, W), got rank 3}}
  %0 = remat.max_pool2d_grad %g, %x kernel [2, 2] : tensor<4x4x4xf32>, tensor<4x8x8xf32>
  return %0 : tensor<4x8x8xf32>
}

// -----

func.func @max_pool2d_grad_kernel(%g: tensor<1x4x4x4xf32>, %x: tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32> {
  // expected-error @+1 {{'remat.max_pool2d_grad' op kernel must be positive, got [0, 2]}}
  %0 = remat.max_pool2d_grad %g, %x kernel [0, 2] : tensor<1x4x4x4xf32>, tensor<1x4x8x8xf32>
  return %0 : tensor<1x4x8x8xf32>
}

// -----

func.func @max_pool2d_grad_padding(%g: tensor<1x4x4x4xf32>, %x: tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32> {
  // expected-error @+1 {{'remat.max_pool2d_grad' op padding [2, 0, 0, 0] must be smaller than the kernel [2, 2] so that every window holds an input element}}
  %0 = remat.max_pool2d_grad %g, %x kernel [2, 2] padding [2, 0, 0, 0] : tensor<1x4x4x4xf32>, tensor<1x4x8x8xf32>
  return %0 : tensor<1x4x8x8xf32>
}

// -----

func.func @max_pool2d_grad_strides(%g: tensor<1x4x4x4xf32>, %x: tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32> {
  // expected-error @+1 {{'remat.max_pool2d_grad' op strides must be positive, got [2, -1]}}
  %0 = remat.max_pool2d_grad %g, %x kernel [2, 2] strides [2, -1] : tensor<1x4x4x4xf32>, tensor<1x4x8x8xf32>
  return %0 : tensor<1x4x8x8xf32>
}

// -----

func.func @max_pool2d_grad_window(%g: tensor<1x4x1x1xf32>, %x: tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32> {
  // expected-error @+1 {{'remat.max_pool2d_grad' op window of size 3 (dilation 1) does not fit spatial dimension 2 of size 2 with padding 0 + 0}}
  %0 = remat.max_pool2d_grad %g, %x kernel [3, 3] : tensor<1x4x1x1xf32>, tensor<1x4x2x2xf32>
  return %0 : tensor<1x4x2x2xf32>
}

// -----

func.func @max_pool2d_grad_grad(%g: tensor<1x4x3x3xf32>, %x: tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32> {
  // expected-error @+1 {{'remat.max_pool2d_grad' op grad must have the type of the forward max_pool2d result, 'tensor<1x4x4x4xf32>', got 'tensor<1x4x3x3xf32>'}}
  %0 = remat.max_pool2d_grad %g, %x kernel [2, 2] : tensor<1x4x3x3xf32>, tensor<1x4x8x8xf32>
  return %0 : tensor<1x4x8x8xf32>
}

// -----

func.func @avg_pool2d_grad_rank(%g: tensor<4x4x4xf32>) -> tensor<4x8x8xf32> {
  // expected-error @+1 {{'remat.avg_pool2d_grad' op result (the forward input) must have rank 4 (N, C, H, W), got rank 3}}
  %0 = remat.avg_pool2d_grad %g kernel [2, 2] : tensor<4x4x4xf32> -> tensor<4x8x8xf32>
  return %0 : tensor<4x8x8xf32>
}

// -----

func.func @avg_pool2d_grad_kernel(%g: tensor<1x4x4x4xf32>) -> tensor<1x4x8x8xf32> {
  // expected-error @+1 {{'remat.avg_pool2d_grad' op kernel must be positive, got [2, -2]}}
  %0 = remat.avg_pool2d_grad %g kernel [2, -2] strides [2, 2] : tensor<1x4x4x4xf32> -> tensor<1x4x8x8xf32>
  return %0 : tensor<1x4x8x8xf32>
}

// -----

func.func @avg_pool2d_grad_padding(%g: tensor<1x4x4x4xf32>) -> tensor<1x4x8x8xf32> {
  // expected-error @+1 {{'remat.avg_pool2d_grad' op padding [0, 0, 0, 3] must be smaller than the kernel [3, 3] so that every window holds an input element}}
  %0 = remat.avg_pool2d_grad %g kernel [3, 3] strides [2, 2] padding [0, 0, 0, 3] : tensor<1x4x4x4xf32> -> tensor<1x4x8x8xf32>
  return %0 : tensor<1x4x8x8xf32>
}

// -----

func.func @avg_pool2d_grad_grad(%g: tensor<1x4x4x4xf32>) -> tensor<1x4x9x9xf32> {
  // expected-error @+1 {{'remat.avg_pool2d_grad' op grad must have the type of the forward avg_pool2d result, 'tensor<1x4x3x3xf32>', got 'tensor<1x4x4x4xf32>'}}
  %0 = remat.avg_pool2d_grad %g kernel [3, 3] : tensor<1x4x4x4xf32> -> tensor<1x4x9x9xf32>
  return %0 : tensor<1x4x9x9xf32>
}

// -----

func.func @avg_pool2d_grad_element(%g: tensor<1x4x4x4xf16>) -> tensor<1x4x8x8xf32> {
  // expected-error @+1 {{'remat.avg_pool2d_grad' op grad must have the type of the forward avg_pool2d result, 'tensor<1x4x4x4xf32>', got 'tensor<1x4x4x4xf16>'}}
  %0 = remat.avg_pool2d_grad %g kernel [2, 2] : tensor<1x4x4x4xf16> -> tensor<1x4x8x8xf32>
  return %0 : tensor<1x4x8x8xf32>
}

// -----

func.func @conv2d_grad_input_rank(%g: tensor<1x4x6x6xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<3x8x8xf32> {
  // expected-error @+1 {{'remat.conv2d_grad_input' op result (the forward input) must have rank 4 (N, C, H, W), got rank 3}}
  %0 = remat.conv2d_grad_input %g, %w : tensor<1x4x6x6xf32>, tensor<4x3x3x3xf32> -> tensor<3x8x8xf32>
  return %0 : tensor<3x8x8xf32>
}

// -----

func.func @conv2d_grad_input_filter_rank(%g: tensor<1x4x6x6xf32>, %w: tensor<4x3x3xf32>) -> tensor<1x3x8x8xf32> {
  // expected-error @+1 {{'remat.conv2d_grad_input' op filter must have rank 4 (F, C/groups, KH, KW), got rank 3}}
  %0 = remat.conv2d_grad_input %g, %w : tensor<1x4x6x6xf32>, tensor<4x3x3xf32> -> tensor<1x3x8x8xf32>
  return %0 : tensor<1x3x8x8xf32>
}

// -----

func.func @conv2d_grad_input_element(%g: tensor<1x4x6x6xf32>, %w: tensor<4x3x3x3xf16>) -> tensor<1x3x8x8xf32> {
  // expected-error @+1 {{'remat.conv2d_grad_input' op operand element types differ: 'f32' and 'f16'}}
  %0 = remat.conv2d_grad_input %g, %w : tensor<1x4x6x6xf32>, tensor<4x3x3x3xf16> -> tensor<1x3x8x8xf32>
  return %0 : tensor<1x3x8x8xf32>
}

// -----

func.func @conv2d_grad_input_groups(%g: tensor<1x4x6x6xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x3x8x8xf32> {
  // expected-error @+1 {{'remat.conv2d_grad_input' op groups must be positive, got 0}}
  %0 = remat.conv2d_grad_input %g, %w groups 0 : tensor<1x4x6x6xf32>, tensor<4x3x3x3xf32> -> tensor<1x3x8x8xf32>
  return %0 : tensor<1x3x8x8xf32>
}

// -----

func.func @conv2d_grad_input_group_multiple(%g: tensor<1x4x6x6xf32>, %w: tensor<4x1x3x3xf32>) -> tensor<1x3x8x8xf32> {
  // expected-error @+1 {{'remat.conv2d_grad_input' op input channels (3) and filter features (4) must be multiples of groups (2)}}
  %0 = remat.conv2d_grad_input %g, %w groups 2 : tensor<1x4x6x6xf32>, tensor<4x1x3x3xf32> -> tensor<1x3x8x8xf32>
  return %0 : tensor<1x3x8x8xf32>
}

// -----

func.func @conv2d_grad_input_channels(%g: tensor<1x4x6x6xf32>, %w: tensor<4x2x3x3xf32>) -> tensor<1x3x8x8xf32> {
  // expected-error @+1 {{'remat.conv2d_grad_input' op filter dimension 1 must be input channels / groups = 3, got 2}}
  %0 = remat.conv2d_grad_input %g, %w : tensor<1x4x6x6xf32>, tensor<4x2x3x3xf32> -> tensor<1x3x8x8xf32>
  return %0 : tensor<1x3x8x8xf32>
}

// -----

func.func @conv2d_grad_input_dilations(%g: tensor<1x4x6x6xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x3x8x8xf32> {
  // expected-error @+1 {{'remat.conv2d_grad_input' op dilations must be positive, got [0, 1]}}
  %0 = remat.conv2d_grad_input %g, %w dilations [0, 1] : tensor<1x4x6x6xf32>, tensor<4x3x3x3xf32> -> tensor<1x3x8x8xf32>
  return %0 : tensor<1x3x8x8xf32>
}

// -----

func.func @conv2d_grad_input_padding(%g: tensor<1x4x6x6xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x3x8x8xf32> {
  // expected-error @+1 {{'remat.conv2d_grad_input' op padding must be non-negative, got [0, 0, -1, 0]}}
  %0 = remat.conv2d_grad_input %g, %w padding [0, 0, -1, 0] : tensor<1x4x6x6xf32>, tensor<4x3x3x3xf32> -> tensor<1x3x8x8xf32>
  return %0 : tensor<1x3x8x8xf32>
}

// -----

func.func @conv2d_grad_input_window(%g: tensor<1x4x1x1xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x3x2x8xf32> {
  // expected-error @+1 {{'remat.conv2d_grad_input' op window of size 3 (dilation 1) does not fit spatial dimension 2 of size 2 with padding 0 + 0}}
  %0 = remat.conv2d_grad_input %g, %w : tensor<1x4x1x1xf32>, tensor<4x3x3x3xf32> -> tensor<1x3x2x8xf32>
  return %0 : tensor<1x3x2x8xf32>
}

// -----

// H = 9 with stride 2 and a 3x3 window gives OH = 4 (the last row unused);
// a gradient of 5 rows belongs to a larger input.
func.func @conv2d_grad_input_grad(%g: tensor<1x4x5x4xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x3x9x9xf32> {
  // expected-error @+1 {{'remat.conv2d_grad_input' op grad must have the type of the forward conv2d result, 'tensor<1x4x4x4xf32>', got 'tensor<1x4x5x4xf32>'}}
  %0 = remat.conv2d_grad_input %g, %w strides [2, 2] : tensor<1x4x5x4xf32>, tensor<4x3x3x3xf32> -> tensor<1x3x9x9xf32>
  return %0 : tensor<1x3x9x9xf32>
}

// -----

func.func @conv2d_grad_filter_rank(%x: tensor<1x3x8x8xf32>, %g: tensor<1x4x6x6xf32>) -> tensor<4x3x9xf32> {
  // expected-error @+1 {{'remat.conv2d_grad_filter' op result (the forward filter) must have rank 4 (F, C/groups, KH, KW), got rank 3}}
  %0 = remat.conv2d_grad_filter %x, %g : tensor<1x3x8x8xf32>, tensor<1x4x6x6xf32> -> tensor<4x3x9xf32>
  return %0 : tensor<4x3x9xf32>
}

// -----

func.func @conv2d_grad_filter_input_rank(%x: tensor<3x8x8xf32>, %g: tensor<1x4x6x6xf32>) -> tensor<4x3x3x3xf32> {
  // expected-error @+1 {{'remat.conv2d_grad_filter' op input must have rank 4 (N, C, H, W), got rank 3}}
  %0 = remat.conv2d_grad_filter %x, %g : tensor<3x8x8xf32>, tensor<1x4x6x6xf32> -> tensor<4x3x3x3xf32>
  return %0 : tensor<4x3x3x3xf32>
}

// -----

func.func @conv2d_grad_filter_strides(%x: tensor<1x3x8x8xf32>, %g: tensor<1x4x6x6xf32>) -> tensor<4x3x3x3xf32> {
  // expected-error @+1 {{'remat.conv2d_grad_filter' op strides must be positive, got [0, 1]}}
  %0 = remat.conv2d_grad_filter %x, %g strides [0, 1] : tensor<1x3x8x8xf32>, tensor<1x4x6x6xf32> -> tensor<4x3x3x3xf32>
  return %0 : tensor<4x3x3x3xf32>
}

// -----

func.func @conv2d_grad_filter_grad(%x: tensor<1x3x8x8xf32>, %g: tensor<1x4x6x6xf32>) -> tensor<4x3x3x3xf32> {
  // expected-error @+1 {{'remat.conv2d_grad_filter' op grad must have the type of the forward conv2d result, 'tensor<1x4x8x8xf32>', got 'tensor<1x4x6x6xf32>'}}
  %0 = remat.conv2d_grad_filter %x, %g padding [1, 1, 1, 1] : tensor<1x3x8x8xf32>, tensor<1x4x6x6xf32> -> tensor<4x3x3x3xf32>
  return %0 : tensor<4x3x3x3xf32>
}

// -----

func.func @layer_norm_grad_no_axes(%g: tensor<4x8xf32>, %x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.layer_norm_grad' op needs at least one axis}}
  %0:3 = remat.layer_norm_grad %g, %x axes [] eps 1.0e-05 : tensor<4x8xf32>
  return %0#0 : tensor<4x8xf32>
}

// -----

func.func @layer_norm_grad_axes(%g: tensor<2x4x8xf32>, %x: tensor<2x4x8xf32>) -> tensor<2x4x8xf32> {
  // expected-error @+1 {{'remat.layer_norm_grad' op axes: dimensions must be strictly increasing, got [2, 1]}}
  %0:3 = remat.layer_norm_grad %g, %x axes [2, 1] eps 1.0e-05 : tensor<2x4x8xf32>
  return %0#0 : tensor<2x4x8xf32>
}

// -----

func.func @layer_norm_grad_eps(%g: tensor<4x8xf32>, %x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.layer_norm_grad' op eps must be non-negative, got -1.000000e-05}}
  %0:3 = remat.layer_norm_grad %g, %x axes [1] eps -1.0e-05 : tensor<4x8xf32>
  return %0#0 : tensor<4x8xf32>
}

// -----

func.func @layer_norm_grad_weight(%g: tensor<4x8xf32>, %x: tensor<4x8xf32>, %w: tensor<4xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.layer_norm_grad' op weight must be 'tensor<8xf32>', got 'tensor<4xf32>'}}
  %0:3 = remat.layer_norm_grad %g, %x weight %w : tensor<4xf32> axes [1] eps 1.0e-05 : tensor<4x8xf32>
  return %0#0 : tensor<4x8xf32>
}

// -----

func.func @layer_norm_grad_grad(%g: tensor<4x8xf16>, %x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{failed to verify that all of {grad, input} have same type}}
  %0:3 = "remat.layer_norm_grad"(%g, %x) <{axes = array<i64: 1>, epsilon = 1.0e-05 : f64}> : (tensor<4x8xf16>, tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>)
  return %0#0 : tensor<4x8xf32>
}

// -----

func.func @layer_norm_grad_results(%g: tensor<4x8xf32>, %x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+2 {{'remat.layer_norm_grad' op inferred type(s) 'tensor<4x8xf32>', 'tensor<8xf32>', 'tensor<8xf32>' are incompatible with return type(s) of operation 'tensor<4x8xf32>', 'tensor<4xf32>', 'tensor<4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0:3 = "remat.layer_norm_grad"(%g, %x) <{axes = array<i64: 1>, epsilon = 1.0e-05 : f64}> : (tensor<4x8xf32>, tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>)
  return %0#0 : tensor<4x8xf32>
}

// -----

func.func @batch_norm_grad_rank(%g: tensor<4xf32>, %w: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.batch_norm_grad' op input must have rank 2 or more (N, C, ...), got rank 1}}
  %0:3 = remat.batch_norm_grad %g, %g, %w, %w, %w eps 1.0e-05 : tensor<4xf32>, tensor<4xf32>
  return %0#0 : tensor<4xf32>
}

// -----

func.func @batch_norm_grad_eps(%g: tensor<2x4xf32>, %w: tensor<4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'remat.batch_norm_grad' op eps must be non-negative, got -1.000000e+00}}
  %0:3 = remat.batch_norm_grad %g, %g, %w, %w, %w eps -1.0 : tensor<2x4xf32>, tensor<4xf32>
  return %0#0 : tensor<2x4xf32>
}

// -----

func.func @batch_norm_grad_weight(%g: tensor<2x4xf32>, %w: tensor<2xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'remat.batch_norm_grad' op weight must be 'tensor<4xf32>', got 'tensor<2xf32>'}}
  %0:3 = remat.batch_norm_grad %g, %g, %w, %w, %w eps 1.0e-05 : tensor<2x4xf32>, tensor<2xf32>
  return %0#0 : tensor<2x4xf32>
}

// -----

func.func @batch_norm_grad_stats(%g: tensor<2x4xf32>, %w: tensor<4xf32>, %m: tensor<5xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{failed to verify that all of {weight, mean, variance} have same type}}
  %0:3 = "remat.batch_norm_grad"(%g, %g, %w, %m, %w) <{epsilon = 1.0e-05 : f64}> : (tensor<2x4xf32>, tensor<2x4xf32>, tensor<4xf32>, tensor<5xf32>, tensor<4xf32>) -> (tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %0#0 : tensor<2x4xf32>
}

// -----

func.func @embedding_grad_rank(%g: tensor<8x16xf32>, %ids: tensor<8xi32>) -> tensor<100xf32> {
  // expected-error @+1 {{'remat.embedding_grad' op result (the table) must have rank 2 (rows, features), got rank 1}}
  %0 = remat.embedding_grad %g, %ids : tensor<8x16xf32>, tensor<8xi32> -> tensor<100xf32>
  return %0 : tensor<100xf32>
}

// -----

func.func @embedding_grad_element(%g: tensor<8x16xf32>, %ids: tensor<8xi32>) -> tensor<100x16xf16> {
  // expected-error @+1 {{'remat.embedding_grad' op result element type 'f16' differs from the grad's 'f32'}}
  %0 = remat.embedding_grad %g, %ids : tensor<8x16xf32>, tensor<8xi32> -> tensor<100x16xf16>
  return %0 : tensor<100x16xf16>
}

// -----

func.func @embedding_grad_shape(%g: tensor<8x16xf32>, %ids: tensor<2x8xi32>) -> tensor<100x16xf32> {
  // expected-error @+1 {{'remat.embedding_grad' op grad must have the ids' shape followed by the table's features, [2, 8, 16], got [8, 16]}}
  %0 = remat.embedding_grad %g, %ids : tensor<8x16xf32>, tensor<2x8xi32> -> tensor<100x16xf32>
  return %0 : tensor<100x16xf32>
}

// -----

func.func @embedding_grad_ids(%g: tensor<8x16xf32>, %ids: tensor<8xf32>) -> tensor<100x16xf32> {
  // expected-error @+1 {{operand #1 must be statically shaped, non-empty tensor (at most 256 TiB) of i32 or i64 in device memory, but got 'tensor<8xf32>'}}
  %0 = remat.embedding_grad %g, %ids : tensor<8x16xf32>, tensor<8xf32> -> tensor<100x16xf32>
  return %0 : tensor<100x16xf32>
}

// -----

func.func @cross_entropy_grad_labels(%g: tensor<f32>, %l: tensor<8x10xf32>, %y: tensor<10xi32>) -> tensor<8x10xf32> {
  // expected-error @+1 {{'remat.cross_entropy_grad' op labels must have the logits' shape without the class dimension, [8], got [10]}}
  %0 = remat.cross_entropy_grad %g, %l, %y : tensor<f32>, tensor<8x10xf32>, tensor<10xi32>
  return %0 : tensor<8x10xf32>
}

// -----

func.func @cross_entropy_grad_rank0(%g: tensor<f32>, %l: tensor<f32>, %y: tensor<i32>) -> tensor<f32> {
  // expected-error @+1 {{'remat.cross_entropy_grad' op logits must have rank 1 or more (..., classes), got rank 0}}
  %0 = remat.cross_entropy_grad %g, %l, %y : tensor<f32>, tensor<f32>, tensor<i32>
  return %0 : tensor<f32>
}

// -----

func.func @cross_entropy_grad_element(%g: tensor<f16>, %l: tensor<8x10xf32>, %y: tensor<8xi32>) -> tensor<8x10xf32> {
  // expected-error @+1 {{'remat.cross_entropy_grad' op grad element type 'f16' differs from the logits' 'f32'}}
  %0 = remat.cross_entropy_grad %g, %l, %y : tensor<f16>, tensor<8x10xf32>, tensor<8xi32>
  return %0 : tensor<8x10xf32>
}

// -----

func.func @cross_entropy_grad_scalar(%g: tensor<1xf32>, %l: tensor<8x10xf32>, %y: tensor<8xi32>) -> tensor<8x10xf32> {
  // expected-error @+1 {{operand #0 must be 0-d tensor of f32, f16 or bf16, but got 'tensor<1xf32>'}}
  %0 = remat.cross_entropy_grad %g, %l, %y : tensor<1xf32>, tensor<8x10xf32>, tensor<8xi32>
  return %0 : tensor<8x10xf32>
}

// -----

func.func @slice_grad_counts(%g: tensor<4x4xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.slice_grad' op start and limit need one entry per dimension (2), got 1 and 2}}
  %0 = remat.slice_grad %g start [0] limit [4, 6] : tensor<4x4xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @slice_grad_stride_count(%g: tensor<4x4xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.slice_grad' op strides need one entry per dimension (2), got 3}}
  %0 = remat.slice_grad %g start [0, 2] limit [4, 6] strides [1, 1, 1] : tensor<4x4xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @slice_grad_stride(%g: tensor<4x4xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.slice_grad' op strides must be positive, got [1, 0]}}
  %0 = remat.slice_grad %g start [0, 2] limit [4, 6] strides [1, 0] : tensor<4x4xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @slice_grad_bounds(%g: tensor<4x7xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.slice_grad' op dimension 1: need 0 <= start <= limit <= 8, got start 2 and limit 9}}
  %0 = remat.slice_grad %g start [0, 2] limit [4, 9] : tensor<4x7xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @slice_grad_grad(%g: tensor<4x3xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'remat.slice_grad' op grad must have the type of the forward slice result, 'tensor<4x4xf32>', got 'tensor<4x3xf32>'}}
  %0 = remat.slice_grad %g start [0, 2] limit [4, 6] : tensor<4x3xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// The gradients bound the window and the padded input as the forward ops do.
func.func @max_pool2d_grad_huge_window(%g: tensor<1x1x2x2xf32>, %x: tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32> {
  // expected-error @+1 {{'remat.max_pool2d_grad' op kernel [4294967296, 4294967296] is too large: its window, of f32, would be over the 281474976710656 bytes (256 TiB) remat models}}
  %0 = remat.max_pool2d_grad %g, %x kernel [4294967296, 4294967296] padding [4294967295, 4294967295, 4294967295, 4294967295] : tensor<1x1x2x2xf32>, tensor<1x1x4x4xf32>
  return %0 : tensor<1x1x4x4xf32>
}

// -----

func.func @avg_pool2d_grad_huge_window(%g: tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32> {
  // expected-error @+1 {{'remat.avg_pool2d_grad' op kernel [4294967296, 4294967296] is too large: its window, of f32, would be over the 281474976710656 bytes (256 TiB) remat models}}
  %0 = remat.avg_pool2d_grad %g kernel [4294967296, 4294967296] padding [4294967295, 4294967295, 4294967295, 4294967295] : tensor<1x1x2x2xf32> -> tensor<1x1x4x4xf32>
  return %0 : tensor<1x1x4x4xf32>
}

// -----

func.func @avg_pool2d_grad_huge_padded_input(%g: tensor<65536x65536x1x1xf32>) -> tensor<65536x65536x1x1xf32> {
  // expected-error @+1 {{'remat.avg_pool2d_grad' op padding [4095, 4095, 4095, 4095] makes the padded input 'tensor<65536x65536x8191x8191xf32>', over the 281474976710656 bytes (256 TiB) remat models}}
  %0 = remat.avg_pool2d_grad %g kernel [4096, 4096] padding [4095, 4095, 4095, 4095] : tensor<65536x65536x1x1xf32> -> tensor<65536x65536x1x1xf32>
  return %0 : tensor<65536x65536x1x1xf32>
}

// -----

func.func @revolve_scan_slots(%s: tensor<2x4xf32>, %g: tensor<4xf32>, %ws: tensor<3x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.revolve_scan' op a Revolve scan of 3 layers takes between 1 and 2 checkpoint slots (got 3)}}
  %dh = remat.revolve_scan slots 3 snapshots(%s : tensor<2x4xf32>) (%g : tensor<4xf32>) over(%ws : tensor<3x4xf32>) seeds() -> (tensor<4xf32>) forward {
  ^bb0(%c: tensor<4xf32>, %w: tensor<4xf32>):
    remat.yield %c : tensor<4xf32>
  } backward {
  ^bb0(%d: tensor<4xf32>, %c: tensor<4xf32>, %w: tensor<4xf32>):
    remat.yield %d : tensor<4xf32>
  }
  return %dh : tensor<4xf32>
}

// -----

func.func @revolve_scan_snapshot_rows(%s: tensor<3x4xf32>, %g: tensor<4xf32>, %ws: tensor<6x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.revolve_scan' op snapshot 0 must hold the 2 slots Revolve uses for 6 layers and 2 slots (dimension 0), got 'tensor<3x4xf32>'}}
  %dh = remat.revolve_scan slots 2 snapshots(%s : tensor<3x4xf32>) (%g : tensor<4xf32>) over(%ws : tensor<6x4xf32>) seeds() -> (tensor<4xf32>) forward {
  ^bb0(%c: tensor<4xf32>, %w: tensor<4xf32>):
    remat.yield %c : tensor<4xf32>
  } backward {
  ^bb0(%d: tensor<4xf32>, %c: tensor<4xf32>, %w: tensor<4xf32>):
    remat.yield %d : tensor<4xf32>
  }
  return %dh : tensor<4xf32>
}

// -----

func.func @revolve_scan_seed_layers(%s: tensor<2x4xf32>, %g: tensor<4xf32>, %ws: tensor<6x4xf32>, %dy: tensor<5x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.revolve_scan' op seeds must all have 6 layers (dimension 0), but operand 0 is 'tensor<5x4xf32>'}}
  %dh = remat.revolve_scan slots 2 snapshots(%s : tensor<2x4xf32>) (%g : tensor<4xf32>) over(%ws : tensor<6x4xf32>) seeds(%dy : tensor<5x4xf32>) -> (tensor<4xf32>) forward {
  ^bb0(%c: tensor<4xf32>, %w: tensor<4xf32>):
    remat.yield %c : tensor<4xf32>
  } backward {
  ^bb0(%d: tensor<4xf32>, %c: tensor<4xf32>, %w: tensor<4xf32>, %y: tensor<4xf32>):
    remat.yield %d : tensor<4xf32>
  }
  return %dh : tensor<4xf32>
}

// -----

func.func @revolve_scan_forward_yield(%s: tensor<2x4xf32>, %g: tensor<4xf32>, %ws: tensor<6x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.revolve_scan' op forward region must yield the next carries ('tensor<4xf32>'), got ('tensor<4xf32>', 'tensor<4xf32>')}}
  %dh = remat.revolve_scan slots 2 snapshots(%s : tensor<2x4xf32>) (%g : tensor<4xf32>) over(%ws : tensor<6x4xf32>) seeds() -> (tensor<4xf32>) forward {
  ^bb0(%c: tensor<4xf32>, %w: tensor<4xf32>):
    remat.yield %c, %w : tensor<4xf32>, tensor<4xf32>
  } backward {
  ^bb0(%d: tensor<4xf32>, %c: tensor<4xf32>, %w: tensor<4xf32>):
    remat.yield %d : tensor<4xf32>
  }
  return %dh : tensor<4xf32>
}

// -----

func.func @revolve_scan_backward_args(%s: tensor<2x4xf32>, %g: tensor<4xf32>, %ws: tensor<6x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.revolve_scan' op backward region arguments must be the cotangents, the carries, then one slice of each stacked operand and of each seed, ('tensor<4xf32>', 'tensor<4xf32>', 'tensor<4xf32>'), got ('tensor<4xf32>', 'tensor<4xf32>')}}
  %dh = remat.revolve_scan slots 2 snapshots(%s : tensor<2x4xf32>) (%g : tensor<4xf32>) over(%ws : tensor<6x4xf32>) seeds() -> (tensor<4xf32>) forward {
  ^bb0(%c: tensor<4xf32>, %w: tensor<4xf32>):
    remat.yield %c : tensor<4xf32>
  } backward {
  ^bb0(%d: tensor<4xf32>, %c: tensor<4xf32>):
    remat.yield %d : tensor<4xf32>
  }
  return %dh : tensor<4xf32>
}

// -----

func.func @revolve_scan_results(%s: tensor<2x4xf32>, %g: tensor<4xf32>, %ws: tensor<6x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.revolve_scan' op results must be the cotangents then the per-layer outputs stacked over 6 layers, ('tensor<4xf32>', 'tensor<6x4xf32>'), got ('tensor<4xf32>')}}
  %dh = remat.revolve_scan slots 2 snapshots(%s : tensor<2x4xf32>) (%g : tensor<4xf32>) over(%ws : tensor<6x4xf32>) seeds() -> (tensor<4xf32>) forward {
  ^bb0(%c: tensor<4xf32>, %w: tensor<4xf32>):
    remat.yield %c : tensor<4xf32>
  } backward {
  ^bb0(%d: tensor<4xf32>, %c: tensor<4xf32>, %w: tensor<4xf32>):
    remat.yield %d, %w : tensor<4xf32>, tensor<4xf32>
  }
  return %dh : tensor<4xf32>
}

// -----

func.func @clamp_grad_inverted(%g: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.clamp_grad' op min (1.000000e+00) must not exceed max (-1.000000e+00)}}
  %0 = remat.clamp_grad %g, %y min 1.0 max -1.0 : tensor<4xf32>
  return %0 : tensor<4xf32>
}
