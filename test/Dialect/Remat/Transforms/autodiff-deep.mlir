// remat-autodiff on checkpoint regions nested 2,000 deep (written by
// Inputs/nested-checkpoints.py): no recursion over the nest, and the right
// joint graph. Region k applies one op to region k-1's value; with neg
// everywhere but an exp in the innermost region, the exp's result is the
// one residual (its VJP reads it) and every region yields it on the way
// out, after its own result; the backward is the exp's VJP, then 1,999
// negations. With tanh, exp, sigmoid and neg in turn (200 deep), each
// region yields its own residual and those of the regions inside it: the
// outermost yields its result and 150 residuals.
// (Timings for 500 to 3,000 deep are in docs/autodiff.md: the pass is
// linear in the size of the joint graph.)
// RUN: %python %S/Inputs/nested-checkpoints.py 2000 --innermost exp | remat-opt -remat-autodiff | FileCheck %s
// RUN: %python %S/Inputs/nested-checkpoints.py 200 --ops tanh,exp,sigmoid,neg | remat-opt -remat-autodiff | FileCheck %s --check-prefix=MIX

// CHECK-LABEL: func.func @deep_grad
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>) -> (tensor<f32>, tensor<4xf32>)
// CHECK: %[[R:.*]]:2 = remat.checkpoint policy <nothing_saveable> -> tensor<4xf32>, tensor<4xf32> {
// CHECK-NEXT: remat.neg %[[X]] {remat.fwd_id = 0 : i64}
// CHECK-COUNT-1999: remat.checkpoint policy <nothing_saveable> -> tensor<4xf32>, tensor<4xf32> {
// CHECK: %[[E:.*]] = remat.exp %{{.*}} {remat.fwd_id = 1999 : i64}
// CHECK-NEXT: remat.yield %[[E]], %[[E]] : tensor<4xf32>, tensor<4xf32>
// CHECK-COUNT-1999: remat.yield %{{[0-9]+}}#0, %{{[0-9]+}}#1 : tensor<4xf32>, tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[L:.*]] = remat.reduce_sum %[[R]]#0 dims [0] {remat.fwd_id = 2000 : i64}
// CHECK: %[[B:.*]] = remat.broadcast %{{.*}} dims [] {remat.vjp_of = 2000 : i64}
// CHECK-NEXT: %[[G:.*]] = remat.mul %[[B]], %[[R]]#1 {remat.vjp_of = 1999 : i64}
// CHECK-NEXT: remat.neg %[[G]] {remat.vjp_of = 1998 : i64}
// CHECK-COUNT-1997: remat.neg
// CHECK-NEXT: %[[GX:.*]] = remat.neg %{{.*}} {remat.vjp_of = 0 : i64}
// CHECK-NEXT: return %[[L]], %[[GX]] : tensor<f32>, tensor<4xf32>

// MIX-LABEL: func.func @deep_grad
// MIX: = remat.checkpoint policy <nothing_saveable> -> tensor<4xf32>{{(, tensor<4xf32>){150} }}{
// MIX: = remat.checkpoint policy <nothing_saveable> -> tensor<4xf32>{{(, tensor<4xf32>){149} }}{
// MIX: %[[S:.*]] = remat.sigmoid %{{.*}} {remat.fwd_id = 198 : i64}
// MIX-NEXT: %[[C:.*]] = remat.checkpoint policy <nothing_saveable> -> tensor<4xf32> {
// MIX-NEXT: remat.neg %[[S]] {remat.fwd_id = 199 : i64}
// MIX: remat.yield %[[C]], %[[S]] : tensor<4xf32>, tensor<4xf32>
// MIX: return
