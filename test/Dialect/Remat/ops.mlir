// Parse -> print -> parse round trip of every op and attribute form, through
// both the custom and the generic syntax.
// RUN: remat-opt %s | remat-opt | FileCheck %s
// RUN: remat-opt %s --mlir-print-op-generic | remat-opt | FileCheck %s

// CHECK-LABEL: func.func @unary
func.func @unary(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // CHECK: remat.neg %{{.*}} : tensor<4x8xf32>
  %0 = remat.neg %x : tensor<4x8xf32>
  // CHECK: remat.exp
  %1 = remat.exp %0 : tensor<4x8xf32>
  // CHECK: remat.log
  %2 = remat.log %1 : tensor<4x8xf32>
  // CHECK: remat.sqrt
  %3 = remat.sqrt %2 : tensor<4x8xf32>
  // CHECK: remat.rsqrt
  %4 = remat.rsqrt %3 : tensor<4x8xf32>
  // CHECK: remat.tanh
  %5 = remat.tanh %4 : tensor<4x8xf32>
  // CHECK: remat.sigmoid
  %6 = remat.sigmoid %5 : tensor<4x8xf32>
  // CHECK: remat.relu
  %7 = remat.relu %6 : tensor<4x8xf32>
  // CHECK: remat.gelu %{{.*}} tanh : tensor<4x8xf32>
  %8 = remat.gelu %7 tanh : tensor<4x8xf32>
  // CHECK: remat.gelu %{{.*}} erf : tensor<4x8xf32>
  %9 = remat.gelu %8 erf : tensor<4x8xf32>
  // CHECK: remat.erf %{{.*}} : tensor<4x8xf32>
  %10 = remat.erf %9 : tensor<4x8xf32>
  // CHECK: remat.clamp %{{.*}} min 0.000000e+00 max 6.000000e+00 : tensor<4x8xf32>
  %11 = remat.clamp %10 min 0.0 max 6.0 : tensor<4x8xf32>
  // CHECK: remat.clamp %{{.*}} max 1.000000e+00 : tensor<4x8xf32>
  %12 = remat.clamp %11 max 1.0 : tensor<4x8xf32>
  return %12 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @masked_fill
func.func @masked_fill(%m: tensor<4x8xi1>, %a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // CHECK: remat.masked_fill %{{.*}}, %{{.*}}, 0xFFF0000000000000 : tensor<4x8xf32>, tensor<4x8xi1>
  %0 = remat.masked_fill %a, %m, 0xFFF0000000000000 : tensor<4x8xf32>, tensor<4x8xi1>
  return %0 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @where
func.func @where(%m: tensor<4x8xi1>, %a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // CHECK: remat.where %{{.*}}, %{{.*}}, %{{.*}} : tensor<4x8xi1>, tensor<4x8xf32>
  %0 = remat.where %m, %a, %b : tensor<4x8xi1>, tensor<4x8xf32>
  // CHECK: remat.constant dense<true> : tensor<4x8xi1>
  %1 = remat.constant dense<true> : tensor<4x8xi1>
  // CHECK: remat.transpose
  %2 = remat.transpose %1 perm [1, 0] : tensor<4x8xi1> -> tensor<8x4xi1>
  return %0 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @convert
func.func @convert(%x: tensor<4x8xf32>) -> tensor<4x8xf16> {
  // CHECK: remat.convert %{{.*}} : tensor<4x8xf32> -> tensor<4x8xbf16>
  %0 = remat.convert %x : tensor<4x8xf32> -> tensor<4x8xbf16>
  // CHECK: remat.convert %{{.*}} : tensor<4x8xbf16> -> tensor<4x8xf16>
  %1 = remat.convert %0 : tensor<4x8xbf16> -> tensor<4x8xf16>
  return %1 : tensor<4x8xf16>
}

// CHECK-LABEL: func.func @other_float_types
func.func @other_float_types(%a: tensor<2x3xf16>, %b: tensor<2x3xbf16>)
    -> (tensor<2x3xf16>, tensor<2x3xbf16>) {
  // CHECK: remat.exp %{{.*}} : tensor<2x3xf16>
  %0 = remat.exp %a : tensor<2x3xf16>
  // CHECK: remat.add %{{.*}}, %{{.*}} : tensor<2x3xbf16>
  %1 = remat.add %b, %b : tensor<2x3xbf16>
  return %0, %1 : tensor<2x3xf16>, tensor<2x3xbf16>
}

// CHECK-LABEL: func.func @binary
func.func @binary(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: remat.add %{{.*}}, %{{.*}} : tensor<4xf32>
  %0 = remat.add %a, %b : tensor<4xf32>
  // CHECK: remat.sub
  %1 = remat.sub %0, %b : tensor<4xf32>
  // CHECK: remat.mul
  %2 = remat.mul %1, %b : tensor<4xf32>
  // CHECK: remat.div
  %3 = remat.div %2, %b : tensor<4xf32>
  // CHECK: remat.maximum
  %4 = remat.maximum %3, %b : tensor<4xf32>
  // CHECK: remat.scale %{{.*}}, 1.250000e-01 : tensor<4xf32>
  %5 = remat.scale %4, 0.125 : tensor<4xf32>
  return %5 : tensor<4xf32>
}

// CHECK-LABEL: func.func @broadcast_and_reduce
func.func @broadcast_and_reduce(%b: tensor<8xf32>, %c: tensor<1x8xf32>,
                                %x: tensor<4x8xf32>)
    -> (tensor<4x3x8xf32>, tensor<4x8xf32>, tensor<4xf32>, tensor<4x1xf32>,
        tensor<f32>) {
  // CHECK: remat.broadcast %{{.*}} dims [2] : tensor<8xf32> -> tensor<4x3x8xf32>
  %0 = remat.broadcast %b dims [2] : tensor<8xf32> -> tensor<4x3x8xf32>
  // CHECK: remat.broadcast %{{.*}} dims [0, 1] : tensor<1x8xf32> -> tensor<4x8xf32>
  %1 = remat.broadcast %c dims [0, 1] : tensor<1x8xf32> -> tensor<4x8xf32>
  // CHECK: remat.reduce_sum %{{.*}} dims [1] : tensor<4x8xf32> -> tensor<4xf32>
  %2 = remat.reduce_sum %x dims [1] : tensor<4x8xf32> -> tensor<4xf32>
  // CHECK: remat.reduce_mean %{{.*}} dims [1] keep_dims : tensor<4x8xf32> -> tensor<4x1xf32>
  %3 = remat.reduce_mean %x dims [1] keep_dims : tensor<4x8xf32> -> tensor<4x1xf32>
  // CHECK: remat.reduce_max %{{.*}} dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  %4 = remat.reduce_max %x dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %0, %1, %2, %3, %4 : tensor<4x3x8xf32>, tensor<4x8xf32>, tensor<4xf32>, tensor<4x1xf32>, tensor<f32>
}

// CHECK-LABEL: func.func @matmul
func.func @matmul(%a: tensor<4x16xf32>, %b: tensor<16x8xf32>,
                  %bt: tensor<8x16xf32>, %at: tensor<16x4xf32>,
                  %p: tensor<2x3x4x5xf32>, %q: tensor<2x3x5x6xf32>)
    -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<2x3x4x6xf32>) {
  // CHECK: remat.matmul %{{.*}}, %{{.*}} : tensor<4x16xf32>, tensor<16x8xf32> -> tensor<4x8xf32>
  %0 = remat.matmul %a, %b : tensor<4x16xf32>, tensor<16x8xf32> -> tensor<4x8xf32>
  // CHECK: remat.matmul %{{.*}}, %{{.*}} transpose_b : tensor<4x16xf32>, tensor<8x16xf32> -> tensor<4x8xf32>
  %1 = remat.matmul %a, %bt transpose_b : tensor<4x16xf32>, tensor<8x16xf32> -> tensor<4x8xf32>
  // CHECK: remat.matmul %{{.*}}, %{{.*}} transpose_a transpose_b : tensor<16x4xf32>, tensor<8x16xf32> -> tensor<4x8xf32>
  %2 = remat.matmul %at, %bt transpose_a transpose_b : tensor<16x4xf32>, tensor<8x16xf32> -> tensor<4x8xf32>
  // CHECK: remat.matmul %{{.*}}, %{{.*}} : tensor<2x3x4x5xf32>, tensor<2x3x5x6xf32> -> tensor<2x3x4x6xf32>
  %3 = remat.matmul %p, %q : tensor<2x3x4x5xf32>, tensor<2x3x5x6xf32> -> tensor<2x3x4x6xf32>
  return %0, %1, %2, %3 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<2x3x4x6xf32>
}

// CHECK-LABEL: func.func @conv_and_pool
func.func @conv_and_pool(%x: tensor<2x4x8x8xf32>, %w: tensor<6x4x3x3xf32>,
                         %wg: tensor<8x2x3x3xf32>)
    -> (tensor<2x6x6x6xf32>, tensor<2x6x4x4xf32>, tensor<2x8x4x4xf32>,
        tensor<2x4x4x4xf32>, tensor<2x4x4x4xf32>, tensor<2x4x4x4xf32>) {
  // Defaults are elided.
  // CHECK: remat.conv2d %{{.*}}, %{{.*}} : tensor<2x4x8x8xf32>, tensor<6x4x3x3xf32> -> tensor<2x6x6x6xf32>
  %0 = remat.conv2d %x, %w : tensor<2x4x8x8xf32>, tensor<6x4x3x3xf32> -> tensor<2x6x6x6xf32>
  // CHECK: remat.conv2d %{{.*}}, %{{.*}} strides [2, 2] padding [1, 1, 1, 1] : tensor<2x4x8x8xf32>, tensor<6x4x3x3xf32> -> tensor<2x6x4x4xf32>
  %1 = remat.conv2d %x, %w strides [2, 2] padding [1, 1, 1, 1] : tensor<2x4x8x8xf32>, tensor<6x4x3x3xf32> -> tensor<2x6x4x4xf32>
  // CHECK: remat.conv2d %{{.*}}, %{{.*}} dilations [2, 2] groups 2 : tensor<2x4x8x8xf32>, tensor<8x2x3x3xf32> -> tensor<2x8x4x4xf32>
  %2 = remat.conv2d %x, %wg padding [0, 0, 0, 0] dilations [2, 2] groups 2 : tensor<2x4x8x8xf32>, tensor<8x2x3x3xf32> -> tensor<2x8x4x4xf32>
  // CHECK: remat.max_pool2d %{{.*}} kernel [2, 2] : tensor<2x4x8x8xf32> -> tensor<2x4x4x4xf32>
  %3 = remat.max_pool2d %x kernel [2, 2] : tensor<2x4x8x8xf32> -> tensor<2x4x4x4xf32>
  // CHECK: remat.max_pool2d %{{.*}} kernel [3, 3] strides [2, 2] padding [1, 1, 0, 0] : tensor<2x4x8x8xf32> -> tensor<2x4x4x4xf32>
  %4 = remat.max_pool2d %x kernel [3, 3] strides [2, 2] padding [1, 1, 0, 0] : tensor<2x4x8x8xf32> -> tensor<2x4x4x4xf32>
  // CHECK: remat.avg_pool2d %{{.*}} kernel [2, 2] strides [2, 2] : tensor<2x4x8x8xf32> -> tensor<2x4x4x4xf32>
  %5 = remat.avg_pool2d %x kernel [2, 2] strides [2, 2] : tensor<2x4x8x8xf32> -> tensor<2x4x4x4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<2x6x6x6xf32>, tensor<2x6x4x4xf32>, tensor<2x8x4x4xf32>, tensor<2x4x4x4xf32>, tensor<2x4x4x4xf32>, tensor<2x4x4x4xf32>
}

// CHECK-LABEL: func.func @normalization
func.func @normalization(%x: tensor<4x8xf32>, %g: tensor<8xf32>,
                         %b: tensor<8xf32>, %img: tensor<2x3x4x4xf32>,
                         %s: tensor<3xf32>, %t: tensor<3xf32>)
    -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>,
        tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>) {
  // CHECK: remat.softmax %{{.*}} axis 1 : tensor<4x8xf32>
  %0 = remat.softmax %x axis 1 : tensor<4x8xf32>
  // CHECK: remat.layer_norm %{{.*}} axes [1] eps 9.9999999999999995E-7 : tensor<4x8xf32>
  %1 = remat.layer_norm %x axes [1] eps 1.0e-06 : tensor<4x8xf32>
  // CHECK: remat.layer_norm %{{.*}} weight %{{.*}} : tensor<8xf32> bias %{{.*}} : tensor<8xf32> axes [1] eps 1.000000e-05 : tensor<4x8xf32>
  %2 = remat.layer_norm %x weight %g : tensor<8xf32> bias %b : tensor<8xf32> axes [1] eps 1.0e-05 : tensor<4x8xf32>
  // CHECK: remat.layer_norm %{{.*}} weight %{{.*}} : tensor<8xf32> axes [1] eps
  %3 = remat.layer_norm %x weight %g : tensor<8xf32> axes [1] eps 1.0e-05 : tensor<4x8xf32>
  // CHECK: %{{.*}}, %{{.*}}, %{{.*}} = remat.batch_norm %{{.*}}, %{{.*}}, %{{.*}} eps 1.000000e-05 : tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>
  %4:3 = remat.batch_norm %img, %s, %t eps 1.0e-05 : tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>
  return %0, %1, %2, %3, %4#0, %4#1, %4#2 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>
}

// CHECK-LABEL: func.func @embedding
func.func @embedding(%table: tensor<100x16xf32>, %ids: tensor<2x8xi32>,
                     %ids64: tensor<5xi64>)
    -> (tensor<2x8x16xf32>, tensor<5x16xf32>) {
  // CHECK: remat.embedding %{{.*}}, %{{.*}} : tensor<100x16xf32>, tensor<2x8xi32> -> tensor<2x8x16xf32>
  %0 = remat.embedding %table, %ids : tensor<100x16xf32>, tensor<2x8xi32> -> tensor<2x8x16xf32>
  // CHECK: remat.embedding %{{.*}}, %{{.*}} : tensor<100x16xf32>, tensor<5xi64> -> tensor<5x16xf32>
  %1 = remat.embedding %table, %ids64 : tensor<100x16xf32>, tensor<5xi64> -> tensor<5x16xf32>
  return %0, %1 : tensor<2x8x16xf32>, tensor<5x16xf32>
}

// CHECK-LABEL: func.func @shape_ops
func.func @shape_ops(%x: tensor<4x8xf32>, %y: tensor<4x3xf32>, %i: tensor<4x2xi32>)
    -> (tensor<32xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<2x3xf32>,
        tensor<4x11xf32>, tensor<8xi32>) {
  // CHECK: remat.reshape %{{.*}} : tensor<4x8xf32> -> tensor<32xf32>
  %0 = remat.reshape %x : tensor<4x8xf32> -> tensor<32xf32>
  // CHECK: remat.transpose %{{.*}} perm [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  %1 = remat.transpose %x perm [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  // CHECK: remat.slice %{{.*}} start [0, 2] limit [4, 6] : tensor<4x8xf32> -> tensor<4x4xf32>
  %2 = remat.slice %x start [0, 2] limit [4, 6] : tensor<4x8xf32> -> tensor<4x4xf32>
  // CHECK: remat.slice %{{.*}} start [1, 0] limit [4, 8] strides [2, 3] : tensor<4x8xf32> -> tensor<2x3xf32>
  %3 = remat.slice %x start [1, 0] limit [4, 8] strides [2, 3] : tensor<4x8xf32> -> tensor<2x3xf32>
  // CHECK: remat.concat %{{.*}}, %{{.*}} dim 1 : tensor<4x8xf32>, tensor<4x3xf32> -> tensor<4x11xf32>
  %4 = remat.concat %x, %y dim 1 : tensor<4x8xf32>, tensor<4x3xf32> -> tensor<4x11xf32>
  // Shape ops move integer tensors too.
  // CHECK: remat.reshape %{{.*}} : tensor<4x2xi32> -> tensor<8xi32>
  %5 = remat.reshape %i : tensor<4x2xi32> -> tensor<8xi32>
  return %0, %1, %2, %3, %4, %5 : tensor<32xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<2x3xf32>, tensor<4x11xf32>, tensor<8xi32>
}

// CHECK-LABEL: func.func @losses
func.func @losses(%logits: tensor<8x10xf32>, %labels: tensor<8xi32>,
                  %seq: tensor<2x4x10xf32>, %seqlabels: tensor<2x4xi64>,
                  %p: tensor<8x4xf32>, %t: tensor<8x4xf32>)
    -> (tensor<f32>, tensor<f32>, tensor<f32>) {
  // CHECK: remat.cross_entropy %{{.*}}, %{{.*}} : tensor<8x10xf32>, tensor<8xi32> -> tensor<f32>
  %0 = remat.cross_entropy %logits, %labels : tensor<8x10xf32>, tensor<8xi32> -> tensor<f32>
  // CHECK: remat.cross_entropy %{{.*}}, %{{.*}} : tensor<2x4x10xf32>, tensor<2x4xi64> -> tensor<f32>
  %1 = remat.cross_entropy %seq, %seqlabels : tensor<2x4x10xf32>, tensor<2x4xi64> -> tensor<f32>
  // CHECK: remat.mse %{{.*}}, %{{.*}} : tensor<8x4xf32> -> tensor<f32>
  %2 = remat.mse %p, %t : tensor<8x4xf32> -> tensor<f32>
  return %0, %1, %2 : tensor<f32>, tensor<f32>, tensor<f32>
}

// CHECK-LABEL: func.func @dropout_and_constants
func.func @dropout_and_constants(%x: tensor<4x8xf32>, %seed: i64)
    -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<2xf32>) {
  // CHECK: remat.dropout %{{.*}}, %{{.*}} rate 1.000000e-01 : tensor<4x8xf32>
  %0 = remat.dropout %x, %seed rate 0.1 : tensor<4x8xf32>
  // CHECK: remat.dropout %{{.*}}, %{{.*}} rate 5.000000e-01 counter 32 : tensor<4x8xf32>
  %1 = remat.dropout %x, %seed rate 0.5 counter 32 : tensor<4x8xf32>
  // CHECK: remat.constant dense<1.000000e+00> : tensor<4x8xf32>
  %2 = remat.constant dense<1.0> : tensor<4x8xf32>
  // CHECK: remat.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
  %3 = remat.constant dense<[1.0, 2.0]> : tensor<2xf32>
  return %0, %1, %2, %3 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<2xf32>
}

// CHECK-LABEL: func.func @checkpoint_policies
func.func @checkpoint_policies(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>)
    -> tensor<4x8xf32> {
  // CHECK: remat.checkpoint policy <dots_saveable> -> tensor<4x8xf32> {
  // CHECK:   remat.matmul
  // CHECK:   remat.name %{{.*}} as "h" : tensor<4x8xf32>
  // CHECK:   remat.yield %{{.*}} : tensor<4x8xf32>
  // CHECK: }
  %0 = remat.checkpoint policy <dots_saveable> -> tensor<4x8xf32> {
    %h = remat.matmul %x, %w : tensor<4x8xf32>, tensor<8x8xf32> -> tensor<4x8xf32>
    %n = remat.name %h as "h" : tensor<4x8xf32>
    %a = remat.gelu %n tanh : tensor<4x8xf32>
    remat.yield %a : tensor<4x8xf32>
  }
  // CHECK: remat.checkpoint policy <everything_saveable>
  %1 = remat.checkpoint policy <everything_saveable> -> tensor<4x8xf32> {
    %e = remat.exp %0 : tensor<4x8xf32>
    remat.yield %e : tensor<4x8xf32>
  }
  // CHECK: remat.checkpoint policy <nothing_saveable>
  %2 = remat.checkpoint policy <nothing_saveable> -> tensor<4x8xf32> {
    remat.yield %1 : tensor<4x8xf32>
  }
  // CHECK: remat.checkpoint policy <dots_with_no_batch_dims_saveable>
  %3 = remat.checkpoint policy <dots_with_no_batch_dims_saveable> -> tensor<4x8xf32> {
    remat.yield %2 : tensor<4x8xf32>
  }
  // CHECK: remat.checkpoint policy <save_only_these_names ["h", "mlp"]>
  %4 = remat.checkpoint policy <save_only_these_names ["h", "mlp"]> -> tensor<4x8xf32> {
    remat.yield %3 : tensor<4x8xf32>
  }
  // CHECK: remat.checkpoint policy <save_any_names_but_these ["h"]>
  %5 = remat.checkpoint policy <save_any_names_but_these ["h"]> -> tensor<4x8xf32> {
    remat.yield %4 : tensor<4x8xf32>
  }
  // CHECK: remat.checkpoint policy <save_anything_except_these_names []>
  %6 = remat.checkpoint policy <save_anything_except_these_names []> -> tensor<4x8xf32> {
    remat.yield %5 : tensor<4x8xf32>
  }
  // CHECK: remat.checkpoint policy <save_and_offload_only_these_names save ["a"] offload ["b", "c"]>
  %7 = remat.checkpoint policy <save_and_offload_only_these_names save ["a"] offload ["b", "c"]> -> tensor<4x8xf32> {
    remat.yield %6 : tensor<4x8xf32>
  }
  // CHECK: remat.checkpoint policy <offload_dot_with_no_batch_dims>
  %8 = remat.checkpoint policy <offload_dot_with_no_batch_dims> -> tensor<4x8xf32> {
    remat.yield %7 : tensor<4x8xf32>
  }
  // CHECK: remat.checkpoint policy <dots_saveable | save_only_these_names ["x"]>
  %9 = remat.checkpoint policy <dots_saveable | save_only_these_names ["x"]> -> tensor<4x8xf32> {
    remat.yield %8 : tensor<4x8xf32>
  }
  // The fully qualified attribute parses too.
  // CHECK: remat.checkpoint policy <nothing_saveable>
  %10 = remat.checkpoint policy #remat.policy<nothing_saveable> -> tensor<4x8xf32> {
    remat.yield %9 : tensor<4x8xf32>
  }
  return %10 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @checkpoint_multiple_results
func.func @checkpoint_multiple_results(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // CHECK: remat.checkpoint policy <nothing_saveable> -> tensor<4xf32>, tensor<4xf32> {
  %0:2 = remat.checkpoint policy <nothing_saveable> -> tensor<4xf32>, tensor<4xf32> {
    %e = remat.exp %x : tensor<4xf32>
    remat.yield %e, %x : tensor<4xf32>, tensor<4xf32>
  }
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xf32>
}

// CHECK-LABEL: func.func @marks
func.func @marks(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: remat.exp %{{.*}} {remat.mark = #remat.mark<must_save>}
  %0 = remat.exp %x {remat.mark = #remat.mark<must_save>} : tensor<4xf32>
  // CHECK: remat.exp %{{.*}} {remat.mark = #remat.mark<prefer_save>}
  %1 = remat.exp %0 {remat.mark = #remat.mark<prefer_save>} : tensor<4xf32>
  // CHECK: remat.exp %{{.*}} {remat.mark = #remat.mark<must_recompute>}
  %2 = remat.exp %1 {remat.mark = #remat.mark<must_recompute>} : tensor<4xf32>
  // CHECK: remat.exp %{{.*}} {remat.mark = #remat.mark<prefer_recompute>}
  %3 = remat.exp %2 {remat.mark = #remat.mark<prefer_recompute>} : tensor<4xf32>
  return %3 : tensor<4xf32>
}

// CHECK-LABEL: func.func @scan
func.func @scan(%h0: tensor<4x8xf32>, %ws: tensor<6x8x8xf32>, %bs: tensor<6x8xf32>)
    -> (tensor<4x8xf32>, tensor<6x4x8xf32>) {
  // CHECK: %{{.*}}:2 = remat.scan mode <nested 2> (%[[C:.*]] = %{{.*}} : tensor<4x8xf32>) over (%[[W:.*]] = %{{.*}} : tensor<6x8x8xf32>, %[[B:.*]] = %{{.*}} : tensor<6x8xf32>) -> (tensor<4x8xf32>, tensor<6x4x8xf32>) {
  // CHECK:   remat.matmul %[[C]], %[[W]] : tensor<4x8xf32>, tensor<8x8xf32> -> tensor<4x8xf32>
  // CHECK:   remat.broadcast %[[B]]
  // CHECK:   remat.yield %{{.*}}, %{{.*}} : tensor<4x8xf32>, tensor<4x8xf32>
  // CHECK: }
  %h, %ys = remat.scan mode <nested 2> (%c = %h0 : tensor<4x8xf32>)
      over (%w = %ws : tensor<6x8x8xf32>, %b = %bs : tensor<6x8xf32>)
      -> (tensor<4x8xf32>, tensor<6x4x8xf32>) {
    %m = remat.matmul %c, %w : tensor<4x8xf32>, tensor<8x8xf32> -> tensor<4x8xf32>
    %bb = remat.broadcast %b dims [1] : tensor<8xf32> -> tensor<4x8xf32>
    %s = remat.add %m, %bb : tensor<4x8xf32>
    %t = remat.tanh %s : tensor<4x8xf32>
    remat.yield %t, %t : tensor<4x8xf32>, tensor<4x8xf32>
  }
  return %h, %ys : tensor<4x8xf32>, tensor<6x4x8xf32>
}

// CHECK-LABEL: func.func @scan_modes
func.func @scan_modes(%h0: tensor<4xf32>, %ws: tensor<3x4xf32>) -> tensor<4xf32> {
  // CHECK: remat.scan mode <none>
  %0 = remat.scan mode <none> (%c = %h0 : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>) {
    %a = remat.add %c, %w : tensor<4xf32>
    remat.yield %a : tensor<4xf32>
  }
  // CHECK: remat.scan mode <full>
  %1 = remat.scan mode <full> (%c = %0 : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>) {
    remat.yield %c : tensor<4xf32>
  }
  // CHECK: remat.scan mode <nested>
  %2 = remat.scan mode <nested> (%c = %1 : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>) {
    remat.yield %c : tensor<4xf32>
  }
  // CHECK: remat.scan mode <offload>
  %3 = remat.scan mode <offload> (%c = %2 : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>) {
    remat.yield %c : tensor<4xf32>
  }
  // CHECK: remat.scan mode <auto>
  %4 = remat.scan mode <auto> (%c = %3 : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>) {
    remat.yield %c : tensor<4xf32>
  }
  // CHECK: remat.scan mode <revolve>
  %5 = remat.scan mode <revolve> (%c = %4 : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>) {
    remat.yield %c : tensor<4xf32>
  }
  // CHECK: remat.scan mode <revolve 2>
  %6 = remat.scan mode <revolve 2> (%c = %5 : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>) {
    remat.yield %c : tensor<4xf32>
  }
  return %6 : tensor<4xf32>
}

// A revolve scan's forward, storing Revolve's first checkpoints (6 layers,
// 2 slots: the carries entering layers 0 and 3), and its backward.
// CHECK-LABEL: func.func @revolve_scan
func.func @revolve_scan(%h0: tensor<4x8xf32>, %ws: tensor<6x8x8xf32>, %g: tensor<4x8xf32>)
    -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<6x8x8xf32>) {
  // CHECK: %[[F:.*]]:2 = remat.scan mode <revolve 2> snapshots (%{{.*}} = %{{.*}} : tensor<4x8xf32>) over (%{{.*}} = %{{.*}} : tensor<6x8x8xf32>) -> (tensor<4x8xf32>, tensor<2x4x8xf32>)
  %h, %snap = remat.scan mode <revolve 2> snapshots (%c = %h0 : tensor<4x8xf32>)
      over (%w = %ws : tensor<6x8x8xf32>) -> (tensor<4x8xf32>, tensor<2x4x8xf32>) {
    %m = remat.matmul %c, %w : tensor<4x8xf32>, tensor<8x8xf32> -> tensor<4x8xf32>
    remat.yield %m : tensor<4x8xf32>
  }
  // CHECK: remat.revolve_scan slots 2 snapshots(%[[F]]#1 : tensor<2x4x8xf32>) (%{{.*}} : tensor<4x8xf32>) over(%{{.*}} : tensor<6x8x8xf32>) seeds() -> (tensor<4x8xf32>, tensor<6x8x8xf32>) forward {
  // CHECK: } backward {
  %dh, %dws = remat.revolve_scan slots 2 snapshots(%snap : tensor<2x4x8xf32>)
      (%g : tensor<4x8xf32>) over(%ws : tensor<6x8x8xf32>) seeds()
      -> (tensor<4x8xf32>, tensor<6x8x8xf32>) forward {
  ^bb0(%c: tensor<4x8xf32>, %w: tensor<8x8xf32>):
    %m = remat.matmul %c, %w : tensor<4x8xf32>, tensor<8x8xf32> -> tensor<4x8xf32>
    remat.yield %m : tensor<4x8xf32>
  } backward {
  ^bb0(%d: tensor<4x8xf32>, %c: tensor<4x8xf32>, %w: tensor<8x8xf32>):
    %dc = remat.matmul %d, %w transpose_b : tensor<4x8xf32>, tensor<8x8xf32> -> tensor<4x8xf32>
    %dw = remat.matmul %c, %d transpose_a : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<8x8xf32>
    remat.yield %dc, %dw : tensor<4x8xf32>, tensor<8x8xf32>
  }
  return %h, %dh, %dws : tensor<4x8xf32>, tensor<4x8xf32>, tensor<6x8x8xf32>
}

// CHECK-LABEL: func.func @offload_reload
func.func @offload_reload(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // CHECK: %[[H:.*]] = remat.offload %{{.*}} : tensor<4x8xf32> -> tensor<4x8xf32, #remat.host>
  %h = remat.offload %x : tensor<4x8xf32> -> tensor<4x8xf32, #remat.host>
  // CHECK: remat.reload %[[H]] : tensor<4x8xf32, #remat.host> -> tensor<4x8xf32>
  %y = remat.reload %h : tensor<4x8xf32, #remat.host> -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @scan_reverse_roundtrip
// CHECK: remat.scan mode <full> reverse (%{{.*}} = %{{.*}} : tensor<4xf32>) over
func.func @scan_reverse_roundtrip(%h0: tensor<4xf32>, %ws: tensor<3x4xf32>) -> tensor<4xf32> {
  %h = remat.scan mode <full> reverse (%c = %h0 : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>) {
    %a = remat.mul %c, %w : tensor<4xf32>
    remat.yield %a : tensor<4xf32>
  }
  return %h : tensor<4xf32>
}
