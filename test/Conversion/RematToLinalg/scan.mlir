// remat.scan becomes an scf.for over the layers: bounds 0 to the scan length
// (the stacked operands' leading dimension), step 1. Its iter_args are the
// carries (each a bufferization.alloc_tensor copy of its init, which the
// caller may still own), then the stacked outputs (a tensor.empty each). Each
// iteration reads a rank-reduced tensor.extract_slice of every stacked
// operand at the induction variable, writes each new carry into its
// iteration argument (bufferization.materialize_in_destination) and each
// per-layer output into its stack (tensor.insert_slice).
// RUN: remat-opt %s -split-input-file -convert-remat-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @scan
// CHECK-SAME: (%[[H0:.*]]: tensor<4x8xf32>, %[[WS:.*]]: tensor<6x8x8xf32>)
// CHECK: %[[CINIT:.*]] = bufferization.alloc_tensor() copy(%[[H0]]) : tensor<4x8xf32>
// CHECK: %[[YINIT:.*]] = tensor.empty() : tensor<6x4x8xf32>
// CHECK-DAG: %[[LB:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[UB:.*]] = arith.constant 6 : index
// CHECK-DAG: %[[STEP:.*]] = arith.constant 1 : index
// CHECK: %[[LOOP:.*]]:2 = scf.for %[[IV:.*]] = %[[LB]] to %[[UB]] step %[[STEP]] iter_args(%[[C:.*]] = %[[CINIT]], %[[YS:.*]] = %[[YINIT]]) -> (tensor<4x8xf32>, tensor<6x4x8xf32>) {
// CHECK: %[[W:.*]] = tensor.extract_slice %[[WS]][%[[IV]], 0, 0] [1, 8, 8] [1, 1, 1] : tensor<6x8x8xf32> to tensor<8x8xf32>
// CHECK: %[[M:.*]] = linalg.matmul ins(%[[C]], %[[W]] : tensor<4x8xf32>, tensor<8x8xf32>)
// CHECK: %[[T:.*]] = linalg.generic {{.*}}ins(%[[M]] : tensor<4x8xf32>)
// CHECK: math.tanh
// Stacked outputs are inserted before the carries are overwritten (one may
// be the incoming carry).
// CHECK: %[[STACK:.*]] = tensor.insert_slice %[[T]] into %[[YS]][%[[IV]], 0, 0] [1, 4, 8] [1, 1, 1] : tensor<4x8xf32> into tensor<6x4x8xf32>
// CHECK: %[[NEXT:.*]] = bufferization.materialize_in_destination %[[T]] in %[[C]]
// CHECK: scf.yield %[[NEXT]], %[[STACK]] : tensor<4x8xf32>, tensor<6x4x8xf32>
// CHECK: return %[[LOOP]]#0, %[[LOOP]]#1
func.func @scan(%h0: tensor<4x8xf32>, %ws: tensor<6x8x8xf32>) -> (tensor<4x8xf32>, tensor<6x4x8xf32>) {
  %h, %ys = remat.scan mode <none> (%c = %h0 : tensor<4x8xf32>)
      over (%w = %ws : tensor<6x8x8xf32>) -> (tensor<4x8xf32>, tensor<6x4x8xf32>) {
    %m = remat.matmul %c, %w : tensor<4x8xf32>, tensor<8x8xf32> -> tensor<4x8xf32>
    %t = remat.tanh %m : tensor<4x8xf32>
    remat.yield %t, %t : tensor<4x8xf32>, tensor<4x8xf32>
  }
  return %h, %ys : tensor<4x8xf32>, tensor<6x4x8xf32>
}

// -----

// Two carries (one 0-d), two stacked operands of different ranks, no stacked
// output; the checkpoint mode does not change the loop.
// CHECK-LABEL: func.func @scan_two_carries
// CHECK-SAME: (%[[H0:.*]]: tensor<4xf32>, %[[S0:.*]]: tensor<f32>, %[[WS:.*]]: tensor<3x4xf32>, %[[BS:.*]]: tensor<3x2x4xf32>)
// CHECK: %[[HI:.*]] = bufferization.alloc_tensor() copy(%[[H0]]) : tensor<4xf32>
// CHECK: %[[SI:.*]] = bufferization.alloc_tensor() copy(%[[S0]]) : tensor<f32>
// CHECK: %[[UB:.*]] = arith.constant 3 : index
// CHECK: %[[LOOP:.*]]:2 = scf.for %[[IV:.*]] = %{{.*}} to %[[UB]] step %{{.*}} iter_args(%[[H:.*]] = %[[HI]], %[[S:.*]] = %[[SI]]) -> (tensor<4xf32>, tensor<f32>) {
// CHECK: %[[W:.*]] = tensor.extract_slice %[[WS]][%[[IV]], 0] [1, 4] [1, 1] : tensor<3x4xf32> to tensor<4xf32>
// CHECK: %[[B:.*]] = tensor.extract_slice %[[BS]][%[[IV]], 0, 0] [1, 2, 4] [1, 1, 1] : tensor<3x2x4xf32> to tensor<2x4xf32>
// CHECK: %[[HN:.*]] = linalg.generic {{.*}}ins(%[[H]], %[[W]] : tensor<4xf32>, tensor<4xf32>)
// CHECK: arith.mulf
// CHECK: %[[SN:.*]] = linalg.generic {{.*}}ins(%[[S]] : tensor<f32>)
// CHECK: math.exp
// CHECK: %[[HNEXT:.*]] = bufferization.materialize_in_destination %[[HN]] in %[[H]]
// CHECK: %[[SNEXT:.*]] = bufferization.materialize_in_destination %[[SN]] in %[[S]]
// CHECK-NOT: tensor.insert_slice
// CHECK: scf.yield %[[HNEXT]], %[[SNEXT]] : tensor<4xf32>, tensor<f32>
// CHECK: return %[[LOOP]]#0, %[[LOOP]]#1
func.func @scan_two_carries(%h0: tensor<4xf32>, %s0: tensor<f32>, %ws: tensor<3x4xf32>, %bs: tensor<3x2x4xf32>) -> (tensor<4xf32>, tensor<f32>) {
  %h, %s = remat.scan mode <full> (%c = %h0 : tensor<4xf32>, %d = %s0 : tensor<f32>)
      over (%w = %ws : tensor<3x4xf32>, %b = %bs : tensor<3x2x4xf32>) -> (tensor<4xf32>, tensor<f32>) {
    %a = remat.mul %c, %w : tensor<4xf32>
    %e = remat.exp %d : tensor<f32>
    remat.yield %a, %e : tensor<4xf32>, tensor<f32>
  }
  return %h, %s : tensor<4xf32>, tensor<f32>
}

// -----

// A carry yielded unchanged is yielded as the iteration argument itself: no
// materialize_in_destination (which would bufferize to a copy of the buffer
// onto itself on every iteration).
// CHECK-LABEL: func.func @scan_unchanged_carry
// CHECK: scf.for {{.*}} iter_args(%[[K:.*]] = %{{.*}}, %[[C:.*]] = %{{.*}})
// CHECK: %[[NEXT:.*]] = bufferization.materialize_in_destination %{{.*}} in %[[C]]
// CHECK-NOT: materialize_in_destination
// CHECK: scf.yield %[[K]], %[[NEXT]] : tensor<4xf32>, tensor<4xf32>
func.func @scan_unchanged_carry(%k0: tensor<4xf32>, %c0: tensor<4xf32>, %ws: tensor<3x4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %k, %c = remat.scan mode <none> (%kb = %k0 : tensor<4xf32>, %cb = %c0 : tensor<4xf32>)
      over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %n = remat.mul %cb, %w : tensor<4xf32>
    remat.yield %kb, %n : tensor<4xf32>, tensor<4xf32>
  }
  return %k, %c : tensor<4xf32>, tensor<4xf32>
}

// -----

// A reverse scan runs layer L - 1 - i in iteration i, for its slices and its
// stacked outputs alike.
// CHECK-LABEL: func.func @scan_reverse
// CHECK: scf.for %[[IV:.*]] = {{.*}} iter_args
// CHECK: %[[LAST:.*]] = arith.constant 2 : index
// CHECK: %[[LAYER:.*]] = arith.subi %[[LAST]], %[[IV]] : index
// CHECK: tensor.extract_slice %{{.*}}[%[[LAYER]], 0] [1, 4] [1, 1] : tensor<3x4xf32> to tensor<4xf32>
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[%[[LAYER]], 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<3x4xf32>
func.func @scan_reverse(%h0: tensor<4xf32>, %ws: tensor<3x4xf32>) -> (tensor<4xf32>, tensor<3x4xf32>) {
  %h, %ys = remat.scan mode <none> reverse (%c = %h0 : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>, tensor<3x4xf32>) {
    %a = remat.mul %c, %w : tensor<4xf32>
    remat.yield %a, %a : tensor<4xf32>, tensor<4xf32>
  }
  return %h, %ys : tensor<4xf32>, tensor<3x4xf32>
}

// -----

// An offload scan's stack of carries lives in host memory: a buffer in the
// #remat.host memory space (each target allocates it through its host
// allocator), into which each iteration inserts the carry itself (that copy
// is the transfer; the remat.offload goes). The backward reads a layer's
// host slice and reloads it into a fresh device buffer.
// CHECK-LABEL: func.func @offload_scan
// CHECK: %[[HOST:.*]] = memref.alloc() {alignment = 64 : i64} : memref<3x4xf32, #remat.host>
// CHECK: %[[STACK:.*]] = bufferization.to_tensor %[[HOST]] restrict writable
// CHECK: scf.for %{{.*}} = {{.*}} iter_args(%[[C:.*]] = %{{.*}}, %[[ACC:.*]] = %[[STACK]])
// CHECK-NOT: #remat.host>
// CHECK: tensor.insert_slice %[[C]] into %[[ACC]]
// CHECK: scf.for
// CHECK: %[[SLICE:.*]] = tensor.extract_slice
// CHECK: %[[SRC:.*]] = bufferization.to_buffer %[[SLICE]] read_only : tensor<4xf32> to memref<4xf32, strided<[?], offset: ?>, #remat.host>
// CHECK: %[[DEV:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: memref.copy %[[SRC]], %[[DEV]] : memref<4xf32, strided<[?], offset: ?>, #remat.host> to memref<4xf32>
func.func @offload_scan(%h0: tensor<4xf32>, %ws: tensor<3x4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %h, %stack = remat.scan mode <offload> (%c = %h0 : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>, tensor<3x4xf32, #remat.host>) {
    %m = remat.mul %c, %w : tensor<4xf32>
    %o = remat.offload %c : tensor<4xf32> -> tensor<4xf32, #remat.host>
    remat.yield %m, %o : tensor<4xf32>, tensor<4xf32, #remat.host>
  }
  %g, %gw = remat.scan mode <offload> reverse (%d = %h : tensor<4xf32>) over (%s = %stack : tensor<3x4xf32, #remat.host>) -> (tensor<4xf32>, tensor<3x4xf32>) {
    %r = remat.reload %s : tensor<4xf32, #remat.host> -> tensor<4xf32>
    %p = remat.mul %r, %d : tensor<4xf32>
    remat.yield %p, %r : tensor<4xf32>, tensor<4xf32>
  }
  return %h, %g : tensor<4xf32>, tensor<4xf32>
}
