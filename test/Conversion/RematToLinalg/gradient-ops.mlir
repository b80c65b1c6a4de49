// The structure convert-remat-to-linalg gives each gradient op.
// RUN: remat-opt %s -convert-remat-to-linalg | FileCheck %s

// Indexing maps (printed first): conv2d_grad_filter reads the input at
// oh * stride + kh * dilation; cross_entropy_grad reads the 0-d gradient.
// CHECK-DAG: #[[INPUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d5, d0, d2, d6 * 2 + d3, d7 * 2 + d4 * 2)>
// CHECK-DAG: #[[GRAD:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d5, d0, d1, d6, d7)>
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0, d1, d2) -> ()>

// CHECK-LABEL: func.func @relu_grad
func.func @relu_grad(%g: tensor<4x8xf32>, %x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // CHECK: linalg.generic
  // CHECK: arith.cmpf ogt
  // CHECK: arith.select
  %0 = remat.relu_grad %g, %x : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @gelu_grad
func.func @gelu_grad(%g: tensor<4xf32>, %x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // CHECK: linalg.generic
  // CHECK: math.tanh
  // CHECK: linalg.generic
  // CHECK: math.erf
  // CHECK: math.exp
  %0 = remat.gelu_grad %g, %x tanh : tensor<4xf32>
  %1 = remat.gelu_grad %g, %x erf : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// One generic computes both gradients; f16 is extended to f32 and back.
// CHECK-LABEL: func.func @maximum_grad
func.func @maximum_grad(%g: tensor<4xf16>, %a: tensor<4xf16>, %b: tensor<4xf16>) -> (tensor<4xf16>, tensor<4xf16>) {
  // CHECK: %[[R:.*]]:2 = linalg.generic
  // CHECK-SAME: outs(%{{.*}}, %{{.*}} : tensor<4xf16>, tensor<4xf16>)
  // CHECK: arith.extf
  // CHECK: arith.cmpf oge
  // CHECK: arith.cmpf olt
  // CHECK: arith.truncf
  // CHECK: return %[[R]]#0, %[[R]]#1
  %0:2 = remat.maximum_grad %g, %a, %b : tensor<4xf16>
  return %0#0, %0#1 : tensor<4xf16>, tensor<4xf16>
}

// The tie count, then the shares.
// CHECK-LABEL: func.func @reduce_max_grad
func.func @reduce_max_grad(%g: tensor<4xf32>, %x: tensor<4x8xf32>, %m: tensor<4xf32>) -> tensor<4x8xf32> {
  // CHECK: %[[COUNT:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
  // CHECK: arith.cmpf oeq
  // CHECK: linalg.generic {{.*}}ins({{.*}}, %[[COUNT]] :
  // CHECK: arith.divf
  %0 = remat.reduce_max_grad %g, %x, %m dims [1] : tensor<4xf32>, tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @softmax_grad
func.func @softmax_grad(%g: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // CHECK: %[[DOT:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
  // CHECK: linalg.generic {{.*}}ins(%{{.*}}, %{{.*}}, %[[DOT]] :
  // CHECK: arith.subf
  // CHECK: arith.mulf
  %0 = remat.softmax_grad %g, %y axis 1 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// One generic over (n, c, h, w) and the window: each input element gathers
// the gradient of every window it may sit in (tensor.extract), finds that
// window's first maximum by reading the input (tensor.extract, no padded
// copy), and keeps the gradient where it is that maximum.
// CHECK-LABEL: func.func @max_pool2d_grad
// CHECK-SAME: (%[[POOLED:.*]]: tensor<1x2x4x4xf32>, %[[IN:.*]]: tensor<1x2x8x8xf32>)
func.func @max_pool2d_grad(%g: tensor<1x2x4x4xf32>, %x: tensor<1x2x8x8xf32>) -> tensor<1x2x8x8xf32> {
  // CHECK-NOT: tensor.pad
  // CHECK-NOT: tensor.insert_slice
  // CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%{{.*}} : tensor<3x3xf32>) outs(%{{.*}} : tensor<1x2x8x8xf32>)
  // CHECK-COUNT-9: tensor.extract %[[IN]][
  // CHECK: arith.cmpi eq
  // CHECK: tensor.extract %[[POOLED]][
  // CHECK: arith.select
  // CHECK: arith.addf
  %0 = remat.max_pool2d_grad %g, %x kernel [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<1x2x4x4xf32>, tensor<1x2x8x8xf32>
  return %0 : tensor<1x2x8x8xf32>
}

// CHECK-LABEL: func.func @avg_pool2d_grad
func.func @avg_pool2d_grad(%g: tensor<1x2x4x4xf16>) -> tensor<1x2x8x8xf16> {
  // CHECK: %[[G:.*]] = tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 1, 1] [1, 2, 4, 4] [1, 1, 2, 2] : tensor<1x2x4x4xf16> into tensor<1x2x9x9xf16>
  // CHECK: %[[S:.*]] = linalg.pooling_nchw_sum {{.*}}strides = dense<1> : vector<2xi64>{{.*}} ins(%[[G]], %{{.*}} : tensor<1x2x9x9xf16>, tensor<2x2xf32>) outs(%{{.*}} : tensor<1x2x8x8xf32>)
  // CHECK: linalg.generic {{.*}}ins(%[[S]] : tensor<1x2x8x8xf32>) outs(%{{.*}} : tensor<1x2x8x8xf16>)
  // CHECK: arith.constant 2.500000e-01
  %0 = remat.avg_pool2d_grad %g kernel [2, 2] : tensor<1x2x4x4xf16> -> tensor<1x2x8x8xf16>
  return %0 : tensor<1x2x8x8xf16>
}

// Gradient rows that only reach padding (padding 3 > the 2x2 window's reach)
// are cropped before the grid is filled; the filter is regrouped and reversed.
// CHECK-LABEL: func.func @conv2d_grad_input
func.func @conv2d_grad_input(%g: tensor<1x2x5x5xf32>, %w: tensor<2x1x2x2xf32>) -> tensor<1x2x4x4xf32> {
  // CHECK: %[[PART:.*]] = tensor.extract_slice %{{.*}}[0, 0, 1, 1] [1, 2, 3, 3] [1, 1, 1, 1] : tensor<1x2x5x5xf32> to tensor<1x2x3x3xf32>
  // CHECK: %[[GRID:.*]] = tensor.insert_slice %[[PART]] into %{{.*}}[0, 0, 0, 0] [1, 2, 3, 3] [1, 1, 2, 2] : tensor<1x2x3x3xf32> into tensor<1x2x5x5xf32>
  // CHECK: %[[GRID5:.*]] = tensor.expand_shape %[[GRID]] {{\[\[}}0], [1, 2], [3], [4]] output_shape [1, 2, 1, 5, 5]
  // CHECK: %[[FILTER:.*]] = linalg.generic
  // CHECK: tensor.extract
  // CHECK: %[[CONV:.*]] = linalg.conv_2d_ngchw_gfchw {{.*}}ins(%[[GRID5]], %[[FILTER]] : tensor<1x2x1x5x5xf32>, tensor<2x1x1x2x2xf32>) outs(%{{.*}} : tensor<1x2x1x4x4xf32>)
  // CHECK: tensor.collapse_shape %[[CONV]] {{\[\[}}0], [1, 2], [3], [4]] : tensor<1x2x1x4x4xf32> into tensor<1x2x4x4xf32>
  %0 = remat.conv2d_grad_input %g, %w strides [2, 2] padding [3, 3, 3, 3] groups 2 : tensor<1x2x5x5xf32>, tensor<2x1x2x2xf32> -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// CHECK-LABEL: func.func @conv2d_grad_filter
func.func @conv2d_grad_filter(%x: tensor<2x4x9x9xf32>, %g: tensor<2x6x4x3xf32>) -> tensor<6x2x3x3xf32> {
  // CHECK: %[[X5:.*]] = tensor.expand_shape %{{.*}} {{\[\[}}0], [1, 2], [3], [4]] output_shape [2, 2, 2, 10, 9]
  // CHECK: %[[G5:.*]] = tensor.expand_shape %{{.*}} {{\[\[}}0], [1, 2], [3], [4]] output_shape [2, 2, 3, 4, 3]
  // CHECK: %[[DW:.*]] = linalg.generic {indexing_maps = [#[[INPUT]], #[[GRAD]], #{{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%[[X5]], %[[G5]] :
  // CHECK: tensor.collapse_shape %[[DW]] {{\[\[}}0, 1], [2], [3], [4]] : tensor<2x3x2x3x3xf32> into tensor<6x2x3x3xf32>
  %0 = remat.conv2d_grad_filter %x, %g strides [2, 2] padding [1, 0, 0, 0] dilations [1, 2] groups 2 : tensor<2x4x9x9xf32>, tensor<2x6x4x3xf32> -> tensor<6x2x3x3xf32>
  return %0 : tensor<6x2x3x3xf32>
}

// Row statistics (sum, mean, squares, rstd), the two gradient sums, dx, then
// the parameter gradients reduced over the other dimensions.
// CHECK-LABEL: func.func @layer_norm_grad
func.func @layer_norm_grad(%g: tensor<4x8xf32>, %x: tensor<4x8xf32>, %w: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) {
  // CHECK: math.rsqrt
  // CHECK: %[[DX:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
  // CHECK: %[[DW:.*]] = linalg.generic {{.*}}iterator_types = ["reduction", "parallel"]
  // CHECK: %[[DB:.*]] = linalg.generic {{.*}}iterator_types = ["reduction", "parallel"]
  // CHECK: return %[[DX]], %[[DW]], %[[DB]]
  %0:3 = remat.layer_norm_grad %g, %x weight %w : tensor<8xf32> axes [1] eps 1.0e-05 : tensor<4x8xf32>
  return %0#0, %0#1, %0#2 : tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>
}

// Two channel sums, one per-channel generic producing the coefficients and
// the weight gradient, the bias gradient converted from the first sum, then
// dx.
// CHECK-LABEL: func.func @batch_norm_grad
func.func @batch_norm_grad(%g: tensor<2x3x4x4xbf16>, %x: tensor<2x3x4x4xbf16>, %w: tensor<3xbf16>, %m: tensor<3xbf16>, %v: tensor<3xbf16>) -> (tensor<2x3x4x4xbf16>, tensor<3xbf16>, tensor<3xbf16>) {
  // CHECK: %[[SUM:.*]] = linalg.generic {{.*}}iterator_types = ["reduction", "parallel", "reduction", "reduction"]
  // CHECK: linalg.generic {{.*}}iterator_types = ["reduction", "parallel", "reduction", "reduction"]
  // CHECK: %[[C:.*]]:4 = linalg.generic {{.*}}outs({{.*}} : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xbf16>)
  // CHECK: math.rsqrt
  // CHECK: %[[DB:.*]] = linalg.generic {{.*}}ins(%[[SUM]] : tensor<3xf32>) outs(%{{.*}} : tensor<3xbf16>)
  // CHECK: %[[DX:.*]] = linalg.generic
  // CHECK: return %[[DX]], %[[C]]#3, %[[DB]]
  %0:3 = remat.batch_norm_grad %g, %x, %w, %m, %v eps 1.0e-05 : tensor<2x3x4x4xbf16>, tensor<3xbf16>
  return %0#0, %0#1, %0#2 : tensor<2x3x4x4xbf16>, tensor<3xbf16>, tensor<3xbf16>
}

// A loop over the ids adds each gradient row into its table row.
// CHECK-LABEL: func.func @embedding_grad
func.func @embedding_grad(%g: tensor<2x8x16xf16>, %ids: tensor<2x8xi64>) -> tensor<100x16xf16> {
  // CHECK: %[[ZERO:.*]] = linalg.fill {{.*}} -> tensor<100x16xf32>
  // CHECK: %[[TABLE:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[T:.*]] = %[[ZERO]]) -> (tensor<100x16xf32>)
  // CHECK: tensor.extract %{{.*}} : tensor<2x8xi64>
  // CHECK: %[[ROW:.*]] = tensor.extract_slice %[[T]][%{{.*}}, 0] [1, 16] [1, 1] : tensor<100x16xf32> to tensor<16xf32>
  // CHECK: %[[SUM:.*]] = linalg.generic {{.*}}outs(%[[ROW]] : tensor<16xf32>)
  // CHECK: tensor.insert_slice %[[SUM]] into %[[T]]
  // CHECK: scf.yield
  // CHECK: linalg.generic {{.*}}ins(%[[TABLE]] : tensor<100x16xf32>) outs(%{{.*}} : tensor<100x16xf16>)
  %0 = remat.embedding_grad %g, %ids : tensor<2x8x16xf16>, tensor<2x8xi64> -> tensor<100x16xf16>
  return %0 : tensor<100x16xf16>
}

// Row max and sum of exponentials, then one generic that reads the labels and
// the scalar gradient.
// CHECK-LABEL: func.func @cross_entropy_grad
func.func @cross_entropy_grad(%g: tensor<f32>, %l: tensor<2x4x10xf32>, %y: tensor<2x4xi32>) -> tensor<2x4x10xf32> {
  // CHECK: arith.maximumf
  // CHECK: math.exp
  // CHECK: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}, #{{.*}}, #[[SCALAR]], #{{.*}}]{{.*}}ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x4x10xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xi32>, tensor<f32>)
  // CHECK: linalg.index 2
  // CHECK: arith.cmpi eq
  // CHECK: arith.constant 1.250000e-01
  %0 = remat.cross_entropy_grad %g, %l, %y : tensor<f32>, tensor<2x4x10xf32>, tensor<2x4xi32>
  return %0 : tensor<2x4x10xf32>
}

// CHECK-LABEL: func.func @slice_grad
func.func @slice_grad(%g: tensor<2x2xf32>) -> tensor<4x8xf32> {
  // CHECK: %[[Z:.*]] = linalg.fill
  // CHECK: tensor.insert_slice %{{.*}} into %[[Z]][1, 0] [2, 2] [2, 4] : tensor<2x2xf32> into tensor<4x8xf32>
  %0 = remat.slice_grad %g start [1, 0] limit [4, 8] strides [2, 4] : tensor<2x2xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
