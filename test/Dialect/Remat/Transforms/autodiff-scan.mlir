// remat-autodiff differentiates remat.scan as jax.lax.scan's transpose with
// each layer recomputed: the forward scan also stacks each layer's incoming
// carry; the backward is a reverse scan over those carries, the stacked
// operands and the stacked outputs' cotangents, carrying the carry's
// cotangent and stacking the slices' gradients. An integer stacked operand
// gets no gradient.
// RUN: remat-opt %s -remat-autodiff | FileCheck %s

// CHECK-LABEL: func.func @f_grad
// CHECK-SAME: (%[[H0:.*]]: tensor<4xf32>, %[[WS:.*]]: tensor<3x4xf32>, %[[IDS:.*]]: tensor<3x4xi32>)
// CHECK: %[[FWD:.*]]:3 = remat.scan mode <full> (%[[C:.*]] = %[[H0]] : tensor<4xf32>) over (%{{.*}} = %[[WS]] : tensor<3x4xf32>, %{{.*}} = %[[IDS]] : tensor<3x4xi32>) -> (tensor<4xf32>, tensor<3x4xf32>, tensor<3x4xf32>)
// CHECK: remat.yield %{{.*}}, %{{.*}}, %[[C]] : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
// CHECK: %[[BWD:.*]]:2 = remat.scan mode <full> reverse (%[[G:.*]] = %{{.*}} : tensor<4xf32>) over (%{{.*}} = %[[FWD]]#2 : tensor<3x4xf32>, %{{.*}} = %[[WS]] : tensor<3x4xf32>, %{{.*}} = %[[IDS]] : tensor<3x4xi32>, %{{.*}} = %{{.*}} : tensor<3x4xf32>) -> (tensor<4xf32>, tensor<3x4xf32>)
// CHECK: remat.exp
// CHECK: remat.yield %{{.*}}, %{{.*}} : tensor<4xf32>, tensor<4xf32>
// CHECK: return %{{.*}}, %[[BWD]]#0, %[[BWD]]#1 : tensor<f32>, tensor<4xf32>, tensor<3x4xf32>
func.func @f(%h0: tensor<4xf32>, %ws: tensor<3x4xf32>, %ids: tensor<3x4xi32>) -> tensor<f32> {
  %h, %ys = remat.scan mode <full> (%c = %h0 : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>, %i = %ids : tensor<3x4xi32>) -> (tensor<4xf32>, tensor<3x4xf32>) {
    %a = remat.mul %c, %w : tensor<4xf32>
    %e = remat.exp %a : tensor<4xf32>
    remat.yield %e, %a : tensor<4xf32>, tensor<4xf32>
  }
  %s = remat.reduce_sum %ys dims [0, 1] : tensor<3x4xf32> -> tensor<f32>
  %t = remat.reduce_sum %h dims [0] : tensor<4xf32> -> tensor<f32>
  %l = remat.add %s, %t : tensor<f32>
  return %l : tensor<f32>
}
