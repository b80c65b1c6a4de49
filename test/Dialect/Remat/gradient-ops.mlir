// Parse -> print -> parse round trip of every gradient op and attribute form,
// through both the custom and the generic syntax.
// RUN: remat-opt %s | remat-opt | FileCheck %s
// RUN: remat-opt %s --mlir-print-op-generic | remat-opt | FileCheck %s

// CHECK-LABEL: func.func @elementwise
func.func @elementwise(%g: tensor<4x8xf32>, %x: tensor<4x8xf32>,
                       %y: tensor<4x8xf32>, %h: tensor<2x3xbf16>)
    -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>,
        tensor<4x8xf32>, tensor<2x3xbf16>) {
  // CHECK: remat.relu_grad %{{.*}}, %{{.*}} : tensor<4x8xf32>
  %0 = remat.relu_grad %g, %x : tensor<4x8xf32>
  // CHECK: remat.gelu_grad %{{.*}}, %{{.*}} tanh : tensor<4x8xf32>
  %1 = remat.gelu_grad %g, %x tanh : tensor<4x8xf32>
  // CHECK: remat.gelu_grad %{{.*}}, %{{.*}} erf : tensor<4x8xf32>
  %2 = remat.gelu_grad %g, %x erf : tensor<4x8xf32>
  // CHECK: %{{.*}}, %{{.*}} = remat.maximum_grad %{{.*}}, %{{.*}}, %{{.*}} : tensor<4x8xf32>
  %3:2 = remat.maximum_grad %g, %x, %y : tensor<4x8xf32>
  // CHECK: remat.relu_grad %{{.*}}, %{{.*}} : tensor<2x3xbf16>
  %4 = remat.relu_grad %h, %h : tensor<2x3xbf16>
  return %0, %1, %2, %3#0, %3#1, %4 : tensor<4x8xf32>, tensor<4x8xf32>,
      tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<2x3xbf16>
}

// CHECK-LABEL: func.func @clamp_grad
func.func @clamp_grad(%g: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // CHECK: remat.clamp_grad %{{.*}}, %{{.*}} min -1.000000e+00 max 1.000000e+00 : tensor<4x8xf32>
  %0 = remat.clamp_grad %g, %y min -1.0 max 1.0 : tensor<4x8xf32>
  // CHECK: remat.clamp_grad %{{.*}}, %{{.*}} min 0.000000e+00 : tensor<4x8xf32>
  %1 = remat.clamp_grad %0, %y min 0.0 : tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @where_grad
func.func @where_grad(%m: tensor<4x8xi1>, %g: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  // CHECK: remat.where_grad %{{.*}}, %{{.*}} : tensor<4x8xi1>, tensor<4x8xf32>
  // CHECK: remat.where_grad false_side %{{.*}}, %{{.*}} : tensor<4x8xi1>, tensor<4x8xf32>
  %0 = remat.where_grad %m, %g : tensor<4x8xi1>, tensor<4x8xf32>
  %1 = remat.where_grad false_side %m, %g : tensor<4x8xi1>, tensor<4x8xf32>
  return %0, %1 : tensor<4x8xf32>, tensor<4x8xf32>
}

// CHECK-LABEL: func.func @reductions
func.func @reductions(%x: tensor<4x8xf32>, %g: tensor<4xf32>, %m: tensor<4xf32>,
                      %gk: tensor<1x8xf32>, %mk: tensor<1x8xf32>,
                      %y: tensor<4x8xf32>)
    -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  // CHECK: remat.reduce_max_grad %{{.*}}, %{{.*}}, %{{.*}} dims [1] : tensor<4xf32>, tensor<4x8xf32>
  %0 = remat.reduce_max_grad %g, %x, %m dims [1] : tensor<4xf32>, tensor<4x8xf32>
  // CHECK: remat.reduce_max_grad %{{.*}}, %{{.*}}, %{{.*}} dims [0] keep_dims : tensor<1x8xf32>, tensor<4x8xf32>
  %1 = remat.reduce_max_grad %gk, %x, %mk dims [0] keep_dims
      : tensor<1x8xf32>, tensor<4x8xf32>
  // CHECK: remat.softmax_grad %{{.*}}, %{{.*}} axis 1 : tensor<4x8xf32>
  %2 = remat.softmax_grad %x, %y axis 1 : tensor<4x8xf32>
  return %0, %1, %2 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}

// CHECK-LABEL: func.func @pooling
func.func @pooling(%x: tensor<1x4x8x8xf32>, %g: tensor<1x4x4x4xf32>,
                   %g3: tensor<1x4x3x3xf32>, %gh: tensor<1x2x4x4xf16>)
    -> (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>,
        tensor<1x4x8x8xf32>, tensor<1x2x8x8xf16>) {
  // CHECK: remat.max_pool2d_grad %{{.*}}, %{{.*}} kernel [2, 2] : tensor<1x4x4x4xf32>, tensor<1x4x8x8xf32>
  %0 = remat.max_pool2d_grad %g, %x kernel [2, 2]
      : tensor<1x4x4x4xf32>, tensor<1x4x8x8xf32>
  // CHECK: remat.max_pool2d_grad %{{.*}}, %{{.*}} kernel [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<1x4x4x4xf32>, tensor<1x4x8x8xf32>
  %1 = remat.max_pool2d_grad %g, %x kernel [3, 3] strides [2, 2]
      padding [1, 1, 1, 1] : tensor<1x4x4x4xf32>, tensor<1x4x8x8xf32>
  // CHECK: remat.avg_pool2d_grad %{{.*}} kernel [2, 2] : tensor<1x4x4x4xf32> -> tensor<1x4x8x8xf32>
  %2 = remat.avg_pool2d_grad %g kernel [2, 2]
      : tensor<1x4x4x4xf32> -> tensor<1x4x8x8xf32>
  // CHECK: remat.avg_pool2d_grad %{{.*}} kernel [3, 3] strides [3, 3] padding [0, 0, 1, 1] : tensor<1x4x3x3xf32> -> tensor<1x4x8x8xf32>
  %3 = remat.avg_pool2d_grad %g3 kernel [3, 3] strides [3, 3]
      padding [0, 0, 1, 1] : tensor<1x4x3x3xf32> -> tensor<1x4x8x8xf32>
  // CHECK: remat.avg_pool2d_grad %{{.*}} kernel [2, 2] : tensor<1x2x4x4xf16> -> tensor<1x2x8x8xf16>
  %4 = remat.avg_pool2d_grad %gh kernel [2, 2]
      : tensor<1x2x4x4xf16> -> tensor<1x2x8x8xf16>
  return %0, %1, %2, %3, %4 : tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>,
      tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>, tensor<1x2x8x8xf16>
}

// CHECK-LABEL: func.func @convolution
func.func @convolution(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>,
                       %g: tensor<1x4x4x4xf32>, %xg: tensor<2x4x11x11xf32>,
                       %wg: tensor<6x2x3x3xf32>, %gg: tensor<2x6x3x3xf32>)
    -> (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<2x4x11x11xf32>,
        tensor<6x2x3x3xf32>) {
  // CHECK: remat.conv2d_grad_input %{{.*}}, %{{.*}} strides [2, 2] padding [1, 1, 1, 1] : tensor<1x4x4x4xf32>, tensor<4x3x3x3xf32> -> tensor<1x3x8x8xf32>
  %0 = remat.conv2d_grad_input %g, %w strides [2, 2] padding [1, 1, 1, 1]
      : tensor<1x4x4x4xf32>, tensor<4x3x3x3xf32> -> tensor<1x3x8x8xf32>
  // CHECK: remat.conv2d_grad_filter %{{.*}}, %{{.*}} strides [2, 2] padding [1, 1, 1, 1] : tensor<1x3x8x8xf32>, tensor<1x4x4x4xf32> -> tensor<4x3x3x3xf32>
  %1 = remat.conv2d_grad_filter %x, %g strides [2, 2] padding [1, 1, 1, 1]
      : tensor<1x3x8x8xf32>, tensor<1x4x4x4xf32> -> tensor<4x3x3x3xf32>
  // CHECK: remat.conv2d_grad_input %{{.*}}, %{{.*}} strides [3, 3] dilations [2, 2] groups 2 : tensor<2x6x3x3xf32>, tensor<6x2x3x3xf32> -> tensor<2x4x11x11xf32>
  %2 = remat.conv2d_grad_input %gg, %wg strides [3, 3] dilations [2, 2]
      groups 2 : tensor<2x6x3x3xf32>, tensor<6x2x3x3xf32> -> tensor<2x4x11x11xf32>
  // CHECK: remat.conv2d_grad_filter %{{.*}}, %{{.*}} strides [3, 3] dilations [2, 2] groups 2 : tensor<2x4x11x11xf32>, tensor<2x6x3x3xf32> -> tensor<6x2x3x3xf32>
  %3 = remat.conv2d_grad_filter %xg, %gg strides [3, 3] dilations [2, 2]
      groups 2 : tensor<2x4x11x11xf32>, tensor<2x6x3x3xf32> -> tensor<6x2x3x3xf32>
  return %0, %1, %2, %3 : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>,
      tensor<2x4x11x11xf32>, tensor<6x2x3x3xf32>
}

// CHECK-LABEL: func.func @normalization
func.func @normalization(%g: tensor<4x8xf32>, %x: tensor<4x8xf32>,
                         %w: tensor<8xf32>, %bg: tensor<2x4x8x8xf32>,
                         %bx: tensor<2x4x8x8xf32>, %bw: tensor<4xf32>,
                         %mean: tensor<4xf32>, %var: tensor<4xf32>)
    -> (tensor<4x8xf32>, tensor<8xf32>, tensor<4x8xf32>, tensor<4x8xf32>,
        tensor<2x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>) {
  // CHECK: %{{.*}}, %{{.*}}, %{{.*}} = remat.layer_norm_grad %{{.*}}, %{{.*}} weight %{{.*}} : tensor<8xf32> axes [1] eps 1.000000e-05 : tensor<4x8xf32>
  %0:3 = remat.layer_norm_grad %g, %x weight %w : tensor<8xf32> axes [1]
      eps 1.0e-05 : tensor<4x8xf32>
  // CHECK: %{{.*}}, %{{.*}}, %{{.*}} = remat.layer_norm_grad %{{.*}}, %{{.*}} axes [0, 1] eps 0.000000e+00 : tensor<4x8xf32>
  %1:3 = remat.layer_norm_grad %g, %x axes [0, 1] eps 0.0 : tensor<4x8xf32>
  // CHECK: %{{.*}}, %{{.*}}, %{{.*}} = remat.batch_norm_grad %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} eps 1.000000e-05 : tensor<2x4x8x8xf32>, tensor<4xf32>
  %2:3 = remat.batch_norm_grad %bg, %bx, %bw, %mean, %var eps 1.0e-05
      : tensor<2x4x8x8xf32>, tensor<4xf32>
  return %0#0, %0#1, %1#0, %1#2, %2#0, %2#1, %2#2 : tensor<4x8xf32>,
      tensor<8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<2x4x8x8xf32>,
      tensor<4xf32>, tensor<4xf32>
}

// CHECK-LABEL: func.func @gather_loss_shape
func.func @gather_loss_shape(%g: tensor<2x8x16xf32>, %ids: tensor<2x8xi32>,
                             %l: tensor<f32>, %logits: tensor<8x10xf32>,
                             %labels: tensor<8xi64>, %s: tensor<4x4xf32>,
                             %t: tensor<2x2xf32>)
    -> (tensor<100x16xf32>, tensor<8x10xf32>, tensor<4x8xf32>,
        tensor<4x8xf32>) {
  // CHECK: remat.embedding_grad %{{.*}}, %{{.*}} : tensor<2x8x16xf32>, tensor<2x8xi32> -> tensor<100x16xf32>
  %0 = remat.embedding_grad %g, %ids
      : tensor<2x8x16xf32>, tensor<2x8xi32> -> tensor<100x16xf32>
  // CHECK: remat.cross_entropy_grad %{{.*}}, %{{.*}}, %{{.*}} : tensor<f32>, tensor<8x10xf32>, tensor<8xi64>
  %1 = remat.cross_entropy_grad %l, %logits, %labels
      : tensor<f32>, tensor<8x10xf32>, tensor<8xi64>
  // CHECK: remat.slice_grad %{{.*}} start [0, 2] limit [4, 6] : tensor<4x4xf32> -> tensor<4x8xf32>
  %2 = remat.slice_grad %s start [0, 2] limit [4, 6]
      : tensor<4x4xf32> -> tensor<4x8xf32>
  // CHECK: remat.slice_grad %{{.*}} start [1, 0] limit [4, 8] strides [2, 4] : tensor<2x2xf32> -> tensor<4x8xf32>
  %3 = remat.slice_grad %t start [1, 0] limit [4, 8] strides [2, 4]
      : tensor<2x2xf32> -> tensor<4x8xf32>
  return %0, %1, %2, %3 : tensor<100x16xf32>, tensor<8x10xf32>,
      tensor<4x8xf32>, tensor<4x8xf32>
}
