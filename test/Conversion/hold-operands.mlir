// remat-hold-operands holds each computing op's device tensor operands right
// after it (once each); views, checkpoints, host copies and ops without
// tensor operands get none. The CPU pipeline erases the holds once the frees
// are placed.
// RUN: remat-opt %s -pass-pipeline="builtin.module(func.func(remat-hold-operands))" | FileCheck %s
// RUN: remat-opt %s -remat-lower-cpu | FileCheck %s --check-prefix=LOWERED

// CHECK-LABEL: func.func @holds
// CHECK-SAME: (%[[X:.*]]: tensor<1x3x8x8xf32>, %[[K:.*]]: tensor<4x3x3x3xf32>)
// CHECK: %[[C:.*]] = remat.conv2d %[[X]], %[[K]]
// CHECK-NEXT: remat.hold %[[X]], %[[K]] : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>
// CHECK: %[[R:.*]] = remat.reshape %[[C]]
// CHECK-NOT: remat.hold %[[C]]
// CHECK: %[[M:.*]] = remat.mul %[[R]], %[[R]]
// CHECK-NEXT: remat.hold %[[R]] : tensor<4x64xf32>
// CHECK: remat.checkpoint
// CHECK: %[[E:.*]] = remat.exp %[[M]]
// CHECK-NEXT: remat.hold %[[M]] : tensor<4x64xf32>
// CHECK-NEXT: remat.yield %[[E]]
// CHECK-NEXT: }
// CHECK-NEXT: %[[H:.*]] = remat.offload
// CHECK-NEXT: remat.hold %{{.*}} : tensor<4x64xf32>
// CHECK-NEXT: remat.reload %[[H]]
// CHECK-NOT: remat.hold
// CHECK: return
// LOWERED-NOT: remat.hold
func.func @holds(%x: tensor<1x3x8x8xf32>, %k: tensor<4x3x3x3xf32>) -> tensor<4x64xf32> {
  %c = remat.conv2d %x, %k padding [1, 1, 1, 1] : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x8x8xf32>
  %r = remat.reshape %c : tensor<1x4x8x8xf32> -> tensor<4x64xf32>
  %m = remat.mul %r, %r : tensor<4x64xf32>
  %p = remat.checkpoint policy <nothing_saveable> -> tensor<4x64xf32> {
    %e = remat.exp %m : tensor<4x64xf32>
    remat.yield %e : tensor<4x64xf32>
  }
  %h = remat.offload %p : tensor<4x64xf32> -> tensor<4x64xf32, #remat.host>
  %y = remat.reload %h : tensor<4x64xf32, #remat.host> -> tensor<4x64xf32>
  return %y : tensor<4x64xf32>
}
