// The backward ops each gradient rule builds, tagged with the forward op
// they belong to. Each function's loss is the sum of its op's result (the
// cotangent is then a broadcast of the seed; the loss ops are in
// autodiff-losses.mlir). Numerics are checked by
// running the code: test/Integration/CPU/autodiff.
// RUN: remat-opt %s -remat-autodiff | FileCheck %s

// CHECK-LABEL: func.func @neg_grad
// CHECK: remat.neg %[[G:.*]] {remat.vjp_of = 0 : i64}
func.func @neg(%x: tensor<4x8xf32>) -> tensor<f32> {
  %y = remat.neg %x : tensor<4x8xf32>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @exp_grad
// CHECK: %[[Y:.*]] = remat.exp %[[X:.*]] {remat.fwd_id = 0 : i64}
// CHECK: remat.mul %{{.*}}, %[[Y]] {remat.vjp_of = 0 : i64}
func.func @exp(%x: tensor<4x8xf32>) -> tensor<f32> {
  %y = remat.exp %x : tensor<4x8xf32>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @log_grad
// CHECK: remat.div %{{.*}}, %arg0 {remat.vjp_of = 0 : i64}
func.func @log(%x: tensor<4x8xf32>) -> tensor<f32> {
  %y = remat.log %x : tensor<4x8xf32>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @sqrt_grad
// CHECK: remat.div {{.*}}{remat.vjp_of = 0 : i64}
// CHECK: remat.scale %{{.*}}, 5.000000e-01 {remat.vjp_of = 0 : i64}
func.func @sqrt(%x: tensor<4x8xf32>) -> tensor<f32> {
  %y = remat.sqrt %x : tensor<4x8xf32>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @rsqrt_grad
// CHECK: remat.scale %{{.*}}, -5.000000e-01 {remat.vjp_of = 0 : i64}
func.func @rsqrt(%x: tensor<4x8xf32>) -> tensor<f32> {
  %y = remat.rsqrt %x : tensor<4x8xf32>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @tanh_grad
// CHECK: %[[Y:.*]] = remat.tanh
// CHECK: remat.mul %[[Y]], %[[Y]] {remat.vjp_of = 0 : i64}
// CHECK: remat.sub {{.*}}{remat.vjp_of = 0 : i64}
func.func @tanh(%x: tensor<4x8xf32>) -> tensor<f32> {
  %y = remat.tanh %x : tensor<4x8xf32>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @sigmoid_grad
// CHECK: %[[Y:.*]] = remat.sigmoid
// CHECK: remat.mul %[[Y]], %[[Y]]
// CHECK: remat.sub %[[Y]], %{{.*}} {remat.vjp_of = 0 : i64}
func.func @sigmoid(%x: tensor<4x8xf32>) -> tensor<f32> {
  %y = remat.sigmoid %x : tensor<4x8xf32>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// relu's mask reads its output (as PyTorch's threshold_backward), so the
// input need not be saved.
// CHECK-LABEL: func.func @relu_grad
// CHECK: %[[Y:.*]] = remat.relu %arg0
// CHECK: remat.relu_grad %{{.*}}, %[[Y]] {remat.vjp_of = 0 : i64}
func.func @relu(%x: tensor<4x8xf32>) -> tensor<f32> {
  %y = remat.relu %x : tensor<4x8xf32>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @gelu_grad
// CHECK: remat.gelu_grad %{{.*}}, %arg0 erf {remat.vjp_of = 0 : i64}
func.func @gelu(%x: tensor<4x8xf32>) -> tensor<f32> {
  %y = remat.gelu %x erf : tensor<4x8xf32>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @add_grad
// CHECK: return %{{.*}}, %[[G:.*]], %[[G]] :
func.func @add(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<f32> {
  %y = remat.add %a, %b : tensor<4x8xf32>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @sub_grad
// CHECK: %[[N:.*]] = remat.neg %[[G:.*]] {remat.vjp_of = 0 : i64}
// CHECK: return %{{.*}}, %[[G]], %[[N]] :
func.func @sub(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<f32> {
  %y = remat.sub %a, %b : tensor<4x8xf32>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @mul_grad
// CHECK: remat.mul %[[G:.*]], %arg1 {remat.vjp_of = 0 : i64}
// CHECK: remat.mul %[[G]], %arg0 {remat.vjp_of = 0 : i64}
func.func @mul(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<f32> {
  %y = remat.mul %a, %b : tensor<4x8xf32>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @div_grad
// CHECK: remat.div %[[G:.*]], %arg1 {remat.vjp_of = 0 : i64}
// CHECK: remat.neg
func.func @div(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<f32> {
  %y = remat.div %a, %b : tensor<4x8xf32>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @maximum_grad
// CHECK: remat.maximum_grad %{{.*}}, %arg0, %arg1 {remat.vjp_of = 0 : i64}
func.func @maximum(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<f32> {
  %y = remat.maximum %a, %b : tensor<4x8xf32>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @scale_grad
// CHECK: remat.scale %{{.*}}, 3.000000e+00 {remat.vjp_of = 0 : i64}
func.func @scale(%x: tensor<4x8xf32>) -> tensor<f32> {
  %y = remat.scale %x, 3.0 : tensor<4x8xf32>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @dropout_grad
// CHECK: remat.dropout %{{.*}}, %arg1 rate 2.500000e-01 counter 3 {remat.vjp_of = 0 : i64}
func.func @dropout(%x: tensor<4x8xf32>, %seed: i64) -> tensor<f32> {
  %y = remat.dropout %x, %seed rate 0.25 counter 3 : tensor<4x8xf32>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @broadcast_grad
// CHECK: remat.reduce_sum %{{.*}} dims [0, 1] {remat.vjp_of = 0 : i64} : tensor<3x4x8xf32> -> tensor<8xf32>
// CHECK: remat.reshape %{{.*}} {remat.vjp_of = 0 : i64} : tensor<8xf32> -> tensor<1x8xf32>
func.func @broadcast(%x: tensor<1x8xf32>) -> tensor<f32> {
  %y = remat.broadcast %x dims [1, 2] : tensor<1x8xf32> -> tensor<3x4x8xf32>
  %l = remat.reduce_sum %y dims [0, 1, 2] : tensor<3x4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @reduce_sum_grad
// CHECK: remat.broadcast %{{.*}} dims [0] {remat.vjp_of = 0 : i64} : tensor<4xf32> -> tensor<4x8xf32>
func.func @reduce_sum(%x: tensor<4x8xf32>) -> tensor<f32> {
  %y = remat.reduce_sum %x dims [1] : tensor<4x8xf32> -> tensor<4xf32>
  %l = remat.reduce_sum %y dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @reduce_mean_grad
// CHECK: remat.broadcast %{{.*}} dims [0, 1] {remat.vjp_of = 0 : i64} : tensor<1x8xf32> -> tensor<4x8xf32>
// CHECK: remat.scale %{{.*}}, 2.500000e-01 {remat.vjp_of = 0 : i64}
func.func @reduce_mean(%x: tensor<4x8xf32>) -> tensor<f32> {
  %y = remat.reduce_mean %x dims [0] keep_dims : tensor<4x8xf32> -> tensor<1x8xf32>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<1x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @reduce_max_grad
// CHECK: %[[M:.*]] = remat.reduce_max
// CHECK: remat.reduce_max_grad %{{.*}}, %arg0, %[[M]] dims [1] {remat.vjp_of = 0 : i64}
func.func @reduce_max(%x: tensor<4x8xf32>) -> tensor<f32> {
  %y = remat.reduce_max %x dims [1] : tensor<4x8xf32> -> tensor<4xf32>
  %l = remat.reduce_sum %y dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @softmax_grad
// CHECK: %[[Y:.*]] = remat.softmax
// CHECK: remat.softmax_grad %{{.*}}, %[[Y]] axis 1 {remat.vjp_of = 0 : i64}
func.func @softmax(%x: tensor<4x8xf32>) -> tensor<f32> {
  %y = remat.softmax %x axis 1 : tensor<4x8xf32>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @matmul_grad
// CHECK: remat.matmul %[[G:.*]], %arg1 transpose_b {remat.vjp_of = 0 : i64} : tensor<4x8xf32>, tensor<6x8xf32> -> tensor<4x6xf32>
// CHECK: remat.matmul %arg0, %[[G]] transpose_a {remat.vjp_of = 0 : i64} : tensor<4x6xf32>, tensor<4x8xf32> -> tensor<6x8xf32>
func.func @matmul(%a: tensor<4x6xf32>, %b: tensor<6x8xf32>) -> tensor<f32> {
  %y = remat.matmul %a, %b : tensor<4x6xf32>, tensor<6x8xf32> -> tensor<4x8xf32>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @matmul_tt_grad
// CHECK: remat.matmul %arg1, %[[G:.*]] transpose_a transpose_b {remat.vjp_of = 0 : i64} : tensor<8x6xf32>, tensor<4x8xf32> -> tensor<6x4xf32>
// CHECK: remat.matmul %[[G]], %arg0 transpose_a transpose_b {remat.vjp_of = 0 : i64} : tensor<4x8xf32>, tensor<6x4xf32> -> tensor<8x6xf32>
func.func @matmul_tt(%a: tensor<6x4xf32>, %b: tensor<8x6xf32>) -> tensor<f32> {
  %y = remat.matmul %a, %b transpose_a transpose_b : tensor<6x4xf32>, tensor<8x6xf32> -> tensor<4x8xf32>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @conv2d_grad
// CHECK: remat.conv2d_grad_input %[[G:.*]], %arg1 strides [2, 2] padding [1, 1, 1, 1] groups 2 {remat.vjp_of = 0 : i64} : tensor<1x4x3x3xf32>, tensor<4x1x3x3xf32> -> tensor<1x2x6x6xf32>
// CHECK: remat.conv2d_grad_filter %arg0, %[[G]] strides [2, 2] padding [1, 1, 1, 1] groups 2 {remat.vjp_of = 0 : i64} : tensor<1x2x6x6xf32>, tensor<1x4x3x3xf32> -> tensor<4x1x3x3xf32>
func.func @conv2d(%x: tensor<1x2x6x6xf32>, %w: tensor<4x1x3x3xf32>) -> tensor<f32> {
  %y = remat.conv2d %x, %w strides [2, 2] padding [1, 1, 1, 1] groups 2 : tensor<1x2x6x6xf32>, tensor<4x1x3x3xf32> -> tensor<1x4x3x3xf32>
  %l = remat.reduce_sum %y dims [0, 1, 2, 3] : tensor<1x4x3x3xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// Dilations, asymmetric padding and groups all reach both backward ops.
// CHECK-LABEL: func.func @conv2d_dilated_grad
// CHECK: %[[G:.*]] = remat.broadcast %{{.*}} dims [] {remat.vjp_of = 1 : i64} : tensor<f32> -> tensor<1x6x3x3xf32>
// CHECK: remat.conv2d_grad_input %[[G]], %arg1 strides [3, 3] padding [0, 1, 2, 0] dilations [2, 2] groups 2 {remat.vjp_of = 0 : i64} : tensor<1x6x3x3xf32>, tensor<6x2x3x3xf32> -> tensor<1x4x11x11xf32>
// CHECK: remat.conv2d_grad_filter %arg0, %[[G]] strides [3, 3] padding [0, 1, 2, 0] dilations [2, 2] groups 2 {remat.vjp_of = 0 : i64} : tensor<1x4x11x11xf32>, tensor<1x6x3x3xf32> -> tensor<6x2x3x3xf32>
func.func @conv2d_dilated(%x: tensor<1x4x11x11xf32>, %w: tensor<6x2x3x3xf32>) -> tensor<f32> {
  %y = remat.conv2d %x, %w strides [3, 3] padding [0, 1, 2, 0] dilations [2, 2] groups 2 : tensor<1x4x11x11xf32>, tensor<6x2x3x3xf32> -> tensor<1x6x3x3xf32>
  %l = remat.reduce_sum %y dims [0, 1, 2, 3] : tensor<1x6x3x3xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @max_pool2d_grad
// CHECK: remat.max_pool2d_grad %{{.*}}, %arg0 kernel [2, 2] {remat.vjp_of = 0 : i64}
func.func @max_pool2d(%x: tensor<1x2x6x6xf32>) -> tensor<f32> {
  %y = remat.max_pool2d %x kernel [2, 2] : tensor<1x2x6x6xf32> -> tensor<1x2x3x3xf32>
  %l = remat.reduce_sum %y dims [0, 1, 2, 3] : tensor<1x2x3x3xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @avg_pool2d_grad
// CHECK: remat.avg_pool2d_grad %{{.*}} kernel [3, 3] strides [1, 1] padding [1, 1, 1, 1] {remat.vjp_of = 0 : i64} : tensor<1x2x6x6xf32> -> tensor<1x2x6x6xf32>
func.func @avg_pool2d(%x: tensor<1x2x6x6xf32>) -> tensor<f32> {
  %y = remat.avg_pool2d %x kernel [3, 3] strides [1, 1] padding [1, 1, 1, 1] : tensor<1x2x6x6xf32> -> tensor<1x2x6x6xf32>
  %l = remat.reduce_sum %y dims [0, 1, 2, 3] : tensor<1x2x6x6xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @layer_norm_grad
// CHECK: %[[DX:.*]], %[[DW:.*]], %[[DB:.*]] = remat.layer_norm_grad %{{.*}}, %arg0 weight %arg1 : tensor<8xf32> axes [1] eps 1.000000e-05 {remat.vjp_of = 0 : i64}
// CHECK: return %{{.*}}, %[[DX]], %[[DW]], %[[DB]] :
func.func @layer_norm(%x: tensor<4x8xf32>, %g: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<f32> {
  %y = remat.layer_norm %x weight %g : tensor<8xf32> bias %b : tensor<8xf32> axes [1] eps 1.0e-05 : tensor<4x8xf32>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @batch_norm_grad
// CHECK: %[[Y:.*]], %[[M:.*]], %[[V:.*]] = remat.batch_norm
// CHECK: remat.batch_norm_grad %{{.*}}, %arg0, %arg1, %[[M]], %[[V]] eps 1.000000e-05 {remat.vjp_of = 0 : i64}
func.func @batch_norm(%x: tensor<2x3x2x2xf32>, %g: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<f32> {
  %y, %m, %v = remat.batch_norm %x, %g, %b eps 1.0e-05 : tensor<2x3x2x2xf32>, tensor<3xf32>, tensor<3xf32>
  %l = remat.reduce_sum %y dims [0, 1, 2, 3] : tensor<2x3x2x2xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @embedding_grad
// CHECK: remat.embedding_grad %{{.*}}, %arg1 {remat.vjp_of = 0 : i64} : tensor<4x8xf32>, tensor<4xi32> -> tensor<10x8xf32>
func.func @embedding(%t: tensor<10x8xf32>, %ids: tensor<4xi32>) -> tensor<f32> {
  %y = remat.embedding %t, %ids : tensor<10x8xf32>, tensor<4xi32> -> tensor<4x8xf32>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @reshape_grad
// CHECK: remat.reshape %{{.*}} {remat.vjp_of = 0 : i64} : tensor<32xf32> -> tensor<4x8xf32>
func.func @reshape(%x: tensor<4x8xf32>) -> tensor<f32> {
  %y = remat.reshape %x : tensor<4x8xf32> -> tensor<32xf32>
  %l = remat.reduce_sum %y dims [0] : tensor<32xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @transpose_grad
// CHECK: remat.transpose %{{.*}} perm [1, 2, 0] {remat.vjp_of = 0 : i64} : tensor<4x2x3xf32> -> tensor<2x3x4xf32>
func.func @transpose(%x: tensor<2x3x4xf32>) -> tensor<f32> {
  %y = remat.transpose %x perm [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  %l = remat.reduce_sum %y dims [0, 1, 2] : tensor<4x2x3xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @slice_grad
// CHECK: remat.slice_grad %{{.*}} start [1, 2] limit [4, 8] strides [2, 3] {remat.vjp_of = 0 : i64} : tensor<2x2xf32> -> tensor<4x8xf32>
func.func @slice(%x: tensor<4x8xf32>) -> tensor<f32> {
  %y = remat.slice %x start [1, 2] limit [4, 8] strides [2, 3] : tensor<4x8xf32> -> tensor<2x2xf32>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<2x2xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @concat_grad
// CHECK: remat.slice %[[G:.*]] start [0, 0] limit [4, 3] {remat.vjp_of = 0 : i64}
// CHECK: remat.slice %[[G]] start [0, 3] limit [4, 8] {remat.vjp_of = 0 : i64}
func.func @concat(%a: tensor<4x3xf32>, %b: tensor<4x5xf32>) -> tensor<f32> {
  %y = remat.concat %a, %b dim 1 : tensor<4x3xf32>, tensor<4x5xf32> -> tensor<4x8xf32>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @name_grad
// CHECK: remat.name %arg0 as "h" {remat.fwd_id = 0 : i64}
// CHECK: return %{{.*}}, %[[G:[^ ]*]] :
func.func @name(%x: tensor<4x8xf32>) -> tensor<f32> {
  %y = remat.name %x as "h" : tensor<4x8xf32>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// where's gradient goes to each side that needs one, one where_grad per
// side: masking a constant (a causal mask's fill) makes no tensor for it.
// CHECK-LABEL: func.func @where_constant_grad
// CHECK: remat.where_grad %arg0, %{{.*}} {remat.vjp_of = {{[0-9]+}} : i64}
// CHECK-NOT: remat.where_grad
// CHECK: return
func.func @where_constant(%m: tensor<4x8xi1>, %x: tensor<4x8xf32>) -> tensor<f32> {
  %c = remat.constant dense<-1.0e+09> : tensor<f32>
  %cb = remat.broadcast %c dims [] : tensor<f32> -> tensor<4x8xf32>
  %y = remat.where %m, %x, %cb : tensor<4x8xi1>, tensor<4x8xf32>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @where_both_grad
// CHECK-DAG: remat.where_grad %arg0, %{{.*}} {remat.vjp_of = {{[0-9]+}} : i64}
// CHECK-DAG: remat.where_grad false_side %arg0, %{{.*}} {remat.vjp_of = {{[0-9]+}} : i64}
func.func @where_both(%m: tensor<4x8xi1>, %x: tensor<4x8xf32>, %z: tensor<4x8xf32>) -> tensor<f32> {
  %y = remat.where %m, %x, %z : tensor<4x8xi1>, tensor<4x8xf32>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// clamp's mask reads its output, with the clamp's bounds.
// CHECK-LABEL: func.func @clamp_grad
// CHECK: %[[Y:.*]] = remat.clamp %arg0 min 0.000000e+00 max 6.000000e+00
// CHECK: remat.clamp_grad %{{.*}}, %[[Y]] min 0.000000e+00 max 6.000000e+00 {remat.vjp_of = 0 : i64}
func.func @clamp(%x: tensor<4x8xf32>) -> tensor<f32> {
  %y = remat.clamp %x min 0.0 max 6.0 : tensor<4x8xf32>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// masked_fill's input gets the cotangent where the mask is false.
// CHECK-LABEL: func.func @masked_fill_grad
// CHECK: remat.where_grad false_side %arg0, %{{.*}} {remat.vjp_of = 0 : i64}
func.func @masked_fill(%m: tensor<4x8xi1>, %x: tensor<4x8xf32>) -> tensor<f32> {
  %y = remat.masked_fill %x, %m, 0xFFF0000000000000 : tensor<4x8xf32>, tensor<4x8xi1>
  %l = remat.reduce_sum %y dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}
