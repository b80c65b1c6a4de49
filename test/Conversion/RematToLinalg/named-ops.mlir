// Which linalg op convert-remat-to-linalg gives the contractions, pooling,
// softmax and an elementwise op. Contractions accumulate from a zero-filled
// f32 tensor; transposes are indexing maps on the named op (no
// linalg.transpose, no generic); padding is a tensor.pad of the input.
// RUN: remat-opt %s -split-input-file -convert-remat-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @matmul
// CHECK-SAME: (%[[A:.*]]: tensor<4x6xf32>, %[[B:.*]]: tensor<6x8xf32>)
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<4x8xf32>)
// CHECK: %[[C:.*]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<4x6xf32>, tensor<6x8xf32>) outs(%[[FILL]] : tensor<4x8xf32>)
// CHECK-NEXT: return %[[C]]
func.func @matmul(%a: tensor<4x6xf32>, %b: tensor<6x8xf32>) -> tensor<4x8xf32> {
  %y = remat.matmul %a, %b : tensor<4x6xf32>, tensor<6x8xf32> -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// transpose_a and transpose_b: linalg.matmul with (m, n, k) maps A -> (k, m),
// B -> (n, k), C -> (m, n).
// CHECK-DAG: #[[MAPA:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-DAG: #[[MAPB:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[MAPC:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @matmul_tt
// CHECK-NOT: linalg.transpose
// CHECK: linalg.matmul indexing_maps = [#[[MAPA]], #[[MAPB]], #[[MAPC]]] ins(%arg0, %arg1 : tensor<6x4xf32>, tensor<8x6xf32>) outs(%{{.*}} : tensor<4x8xf32>)
func.func @matmul_tt(%a: tensor<6x4xf32>, %b: tensor<8x6xf32>) -> tensor<4x8xf32> {
  %y = remat.matmul %a, %b transpose_a transpose_b : tensor<6x4xf32>, tensor<8x6xf32> -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// One batch dimension: linalg.batch_matmul, default maps.
// CHECK-LABEL: func.func @batch_matmul
// CHECK: linalg.batch_matmul ins(%arg0, %arg1 : tensor<3x4x6xf32>, tensor<3x6x8xf32>) outs(%{{.*}} : tensor<3x4x8xf32>)
func.func @batch_matmul(%a: tensor<3x4x6xf32>, %b: tensor<3x6x8xf32>) -> tensor<3x4x8xf32> {
  %y = remat.matmul %a, %b : tensor<3x4x6xf32>, tensor<3x6x8xf32> -> tensor<3x4x8xf32>
  return %y : tensor<3x4x8xf32>
}

// -----

// Two batch dimensions and transpose_b: the batch dimensions are collapsed
// into one (views), batch_matmul reads B as (b, n, k), and the result is
// expanded back.
// CHECK-DAG: #[[MAPA:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG: #[[MAPB:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-DAG: #[[MAPC:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @batch_matmul_tb
// CHECK: %[[A:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1], [2], [3]] : tensor<2x3x4x6xf32> into tensor<6x4x6xf32>
// CHECK: %[[B:.*]] = tensor.collapse_shape %arg1 {{\[}}[0, 1], [2], [3]] : tensor<2x3x8x6xf32> into tensor<6x8x6xf32>
// CHECK: %[[C:.*]] = linalg.batch_matmul indexing_maps = [#[[MAPA]], #[[MAPB]], #[[MAPC]]] ins(%[[A]], %[[B]] : tensor<6x4x6xf32>, tensor<6x8x6xf32>) outs(%{{.*}} : tensor<6x4x8xf32>)
// CHECK: %[[R:.*]] = tensor.expand_shape %[[C]] {{\[}}[0, 1], [2], [3]] output_shape [2, 3, 4, 8] : tensor<6x4x8xf32> into tensor<2x3x4x8xf32>
// CHECK: return %[[R]]
func.func @batch_matmul_tb(%a: tensor<2x3x4x6xf32>, %b: tensor<2x3x8x6xf32>) -> tensor<2x3x4x8xf32> {
  %y = remat.matmul %a, %b transpose_b : tensor<2x3x4x6xf32>, tensor<2x3x8x6xf32> -> tensor<2x3x4x8xf32>
  return %y : tensor<2x3x4x8xf32>
}

// -----

// f16: an f32 accumulator, then truncated.
// CHECK-LABEL: func.func @matmul_f16
// CHECK: %[[C:.*]] = linalg.matmul ins(%arg0, %arg1 : tensor<4x6xf16>, tensor<6x8xf16>) outs(%{{.*}} : tensor<4x8xf32>)
// CHECK: linalg.generic {{.*}}ins(%[[C]] : tensor<4x8xf32>) outs(%{{.*}} : tensor<4x8xf16>)
// CHECK: arith.truncf %{{.*}} : f32 to f16
func.func @matmul_f16(%a: tensor<4x6xf16>, %b: tensor<6x8xf16>) -> tensor<4x8xf16> {
  %y = remat.matmul %a, %b : tensor<4x6xf16>, tensor<6x8xf16> -> tensor<4x8xf16>
  return %y : tensor<4x8xf16>
}

// -----

// CHECK-LABEL: func.func @conv2d
// CHECK: %[[P:.*]] = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: } : tensor<1x3x8x8xf32> to tensor<1x3x10x10xf32>
// CHECK: %[[C:.*]] = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%[[P]], %arg1 : tensor<1x3x10x10xf32>, tensor<4x3x3x3xf32>) outs(%{{.*}} : tensor<1x4x4x4xf32>)
// CHECK-NEXT: return %[[C]]
func.func @conv2d(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x4x4xf32> {
  %y = remat.conv2d %x, %w strides [2, 2] padding [1, 1, 1, 1] : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x4x4xf32>
  return %y : tensor<1x4x4x4xf32>
}

// -----

// groups 2, dilations, asymmetric padding [top, left, bottom, right]: the
// input is viewed as [N, G, C/G, H, W], the filter as [G, F/G, C/G, KH, KW],
// linalg.conv_2d_ngchw_gfchw, and the [N, G, F/G, OH, OW] result collapsed.
// CHECK-LABEL: func.func @conv2d_grouped
// CHECK: %[[P:.*]] = tensor.pad %arg0 low[0, 0, 0, 1] high[0, 0, 2, 0]
// CHECK: } : tensor<1x4x11x11xf32> to tensor<1x4x13x12xf32>
// CHECK: %[[X5:.*]] = tensor.expand_shape %[[P]] {{\[}}[0], [1, 2], [3], [4]] output_shape [1, 2, 2, 13, 12]
// CHECK: %[[W5:.*]] = tensor.expand_shape %arg1 {{\[}}[0, 1], [2], [3], [4]] output_shape [2, 3, 2, 3, 3]
// CHECK: %[[C:.*]] = linalg.conv_2d_ngchw_gfchw {dilations = dense<2> : vector<2xi64>, strides = dense<3> : vector<2xi64>} ins(%[[X5]], %[[W5]] : tensor<1x2x2x13x12xf32>, tensor<2x3x2x3x3xf32>) outs(%{{.*}} : tensor<1x2x3x3x3xf32>)
// CHECK: %[[R:.*]] = tensor.collapse_shape %[[C]] {{\[}}[0], [1, 2], [3], [4]] : tensor<1x2x3x3x3xf32> into tensor<1x6x3x3xf32>
// CHECK: return %[[R]]
func.func @conv2d_grouped(%x: tensor<1x4x11x11xf32>, %w: tensor<6x2x3x3xf32>) -> tensor<1x6x3x3xf32> {
  %y = remat.conv2d %x, %w strides [3, 3] padding [0, 1, 2, 0] dilations [2, 2] groups 2 : tensor<1x4x11x11xf32>, tensor<6x2x3x3xf32> -> tensor<1x6x3x3xf32>
  return %y : tensor<1x6x3x3xf32>
}

// -----

// Max pooling pads with -inf and starts from -inf; the window is a shape-only
// constant of the kernel's size; strides default to the kernel.
// CHECK-LABEL: func.func @max_pool2d
// CHECK: %[[PADV:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[P:.*]] = tensor.pad %arg0 low[0, 0, 1, 0] high[0, 0, 1, 0]
// CHECK: tensor.yield %[[PADV]] : f32
// CHECK: } : tensor<1x2x6x6xf32> to tensor<1x2x8x6xf32>
// CHECK: %[[WIN:.*]] = arith.constant dense<0.000000e+00> : tensor<2x2xf32>
// CHECK: %[[INIT:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[FILL:.*]] = linalg.fill ins(%[[INIT]] : f32) outs(%{{.*}} : tensor<1x2x4x3xf32>)
// CHECK: %[[M:.*]] = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%[[P]], %[[WIN]] : tensor<1x2x8x6xf32>, tensor<2x2xf32>) outs(%[[FILL]] : tensor<1x2x4x3xf32>)
// CHECK-NEXT: return %[[M]]
func.func @max_pool2d(%x: tensor<1x2x6x6xf32>) -> tensor<1x2x4x3xf32> {
  %y = remat.max_pool2d %x kernel [2, 2] padding [1, 0, 1, 0] : tensor<1x2x6x6xf32> -> tensor<1x2x4x3xf32>
  return %y : tensor<1x2x4x3xf32>
}

// -----

// Average pooling: pad with zeros, linalg.pooling_nchw_sum, then a
// linalg.generic scaling in place by 1 / (KH * KW) (padding counted).
// CHECK-LABEL: func.func @avg_pool2d
// CHECK: %[[P:.*]] = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: %[[S:.*]] = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%[[P]], %{{.*}} : tensor<1x2x8x8xf32>, tensor<3x3xf32>) outs(%{{.*}} : tensor<1x2x6x6xf32>)
// CHECK: %[[R:.*]] = linalg.generic {{.*}} outs(%[[S]] : tensor<1x2x6x6xf32>)
// CHECK: arith.constant 0.111111112 : f32
// CHECK: arith.mulf
// CHECK: return %[[R]]
func.func @avg_pool2d(%x: tensor<1x2x6x6xf32>) -> tensor<1x2x6x6xf32> {
  %y = remat.avg_pool2d %x kernel [3, 3] strides [1, 1] padding [1, 1, 1, 1] : tensor<1x2x6x6xf32> -> tensor<1x2x6x6xf32>
  return %y : tensor<1x2x6x6xf32>
}

// -----

// Softmax is not linalg.softmax but its decomposition, four linalg.generic:
// a max over the axis, exp(x - max), a sum of those, and a division written
// into the exponentials' tensor (in place).
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @softmax
// CHECK-NOT: linalg.softmax
// CHECK: %[[MAX:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<4x8xf32>)
// CHECK: arith.maximumf
// CHECK: %[[E:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg0, %[[MAX]] : tensor<4x8xf32>, tensor<4xf32>)
// CHECK: arith.subf
// CHECK: math.exp
// CHECK: %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%[[E]] : tensor<4x8xf32>)
// CHECK: arith.addf
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[SUM]] : tensor<4xf32>) outs(%[[E]] : tensor<4x8xf32>)
// CHECK: arith.divf
// CHECK: return %[[R]]
func.func @softmax(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %y = remat.softmax %x axis 1 : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// An elementwise op: one all-parallel linalg.generic into a tensor.empty.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @add
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%[[E]] : tensor<4x8xf32>)
// CHECK-NEXT: ^bb0(%[[L:.*]]: f32, %[[RR:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[L]], %[[RR]] : f32
// CHECK-NEXT: linalg.yield %[[S]] : f32
// CHECK: return %[[R]]
func.func @add(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %y = remat.add %a, %b : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
