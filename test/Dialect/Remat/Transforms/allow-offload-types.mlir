// The planner may offload the result of any op it keeps, foreign ops
// included, whatever the element type: remat.offload and remat.reload take
// every statically shaped tensor with no encoding. In @offload_types two
// linalg reductions make an f64 and an i1 vector from a 64 KiB input, read
// at once and again at the end; recomputing either reads the input again
// (64 KiB of traffic), moving its 512 or 64 bytes out and back costs far
// less, so under a budget 576 bytes below the peak both are offloaded
// across the three 64 KiB temporaries and reloaded for their last read.
// (Read only at the end, they would be computed there instead: a move,
// which costs nothing; the early reader is marked must_save so that it is
// not moved to the end either.) In @policy_offload_f64 the
// offload_dot_with_no_batch_dims policy offloads an f64 linalg.matmul for
// its backward (remat.vjp_of) read; with an encoding remat.offload cannot
// move, the same value is recomputed instead.
// RUN: remat-opt %s -split-input-file -remat-rematerialize="budget=197952 solver=greedy allow-offload" | FileCheck %s
// RUN: remat-opt %s -split-input-file -remat-rematerialize="budget=197952 solver=greedy allow-offload" | remat-opt -split-input-file -verify-each | FileCheck %s --check-prefix=ROUNDTRIP

// CHECK-LABEL: func.func @offload_types
// CHECK-SAME: remat.planned_peak = 197952
// CHECK: %[[S:.*]] = linalg.generic
// CHECK: -> tensor<64xf64>
// CHECK: %[[M:.*]] = linalg.generic
// CHECK: -> tensor<64xi1>
// CHECK: linalg.generic {{.*}} ins(%[[S]], %[[M]] : tensor<64xf64>, tensor<64xi1>)
// CHECK: -> tensor<64xf32>
// CHECK-NEXT: %[[HM:.*]] = remat.offload %[[M]] : tensor<64xi1> -> tensor<64xi1, #remat.host>
// CHECK-NEXT: %[[HS:.*]] = remat.offload %[[S]] : tensor<64xf64> -> tensor<64xf64, #remat.host>
// CHECK: remat.exp
// CHECK: remat.reduce_sum
// CHECK: %[[S2:.*]] = remat.reload %[[HS]] {remat.copy = {{[0-9]+}} : i64} : tensor<64xf64, #remat.host> -> tensor<64xf64>
// CHECK-NEXT: %[[M2:.*]] = remat.reload %[[HM]] {remat.copy = {{[0-9]+}} : i64} : tensor<64xi1, #remat.host> -> tensor<64xi1>
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[S2]], %[[M2]], %{{.*}} : tensor<64xf64>, tensor<64xi1>, tensor<64xf32>)

// CHECK-LABEL: func.func @policy_offload_f64
// CHECK: %[[D:.*]] = linalg.matmul
// CHECK: %[[H:.*]] = remat.offload %[[D]] : tensor<8x8xf64> -> tensor<8x8xf64, #remat.host>
// CHECK: %[[R:.*]] = remat.reload %[[H]] {remat.copy = {{[0-9]+}} : i64} : tensor<8x8xf64, #remat.host> -> tensor<8x8xf64>
// CHECK: arith.mulf %{{.*}}, %[[R]] {remat.vjp_of = 1 : i64}

// CHECK-LABEL: func.func @policy_offload_encoded
// CHECK-NOT: remat.offload
// CHECK: linalg.matmul {{.*}}remat.recomputed
// CHECK-NOT: remat.offload

// ROUNDTRIP-LABEL: func.func @offload_types
// ROUNDTRIP-LABEL: func.func @policy_offload_f64
// ROUNDTRIP-LABEL: func.func @policy_offload_encoded

#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#v = affine_map<(i) -> (i)>
func.func @offload_types(%x: tensor<64x256xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %z = arith.constant dense<0.0> : tensor<64xf64>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<64x256xf32>) outs(%z : tensor<64xf64>) {
  ^bb0(%a: f32, %acc: f64):
    %e = arith.extf %a : f32 to f64
    %r = arith.addf %acc, %e : f64
    linalg.yield %r : f64
  } -> tensor<64xf64>
  %f = arith.constant dense<false> : tensor<64xi1>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<64x256xf32>) outs(%f : tensor<64xi1>) {
  ^bb0(%a: f32, %acc: i1):
    %zero = arith.constant 0.0 : f32
    %p = arith.cmpf ogt, %a, %zero : f32
    %r = arith.ori %acc, %p : i1
    linalg.yield %r : i1
  } -> tensor<64xi1>
  %o1 = arith.constant dense<0.0> : tensor<64xf32>
  %early = linalg.generic {indexing_maps = [#v, #v, #v], iterator_types = ["parallel"]} ins(%s, %m : tensor<64xf64>, tensor<64xi1>) outs(%o1 : tensor<64xf32>) attrs = {remat.mark = #remat.mark<must_save>} {
  ^bb0(%sv: f64, %mv: i1, %ov: f32):
    %t = arith.truncf %sv : f64 to f32
    %zero = arith.constant 0.0 : f32
    %sel = arith.select %mv, %t, %zero : f32
    linalg.yield %sel : f32
  } -> tensor<64xf32>
  %b = remat.exp %x : tensor<64x256xf32>
  %c = remat.tanh %b : tensor<64x256xf32>
  %d = remat.exp %c : tensor<64x256xf32>
  %red = remat.reduce_sum %d dims [1] : tensor<64x256xf32> -> tensor<64xf32>
  %o = arith.constant dense<0.0> : tensor<64xf32>
  %out = linalg.generic {indexing_maps = [#v, #v, #v, #v], iterator_types = ["parallel"]} ins(%s, %m, %red : tensor<64xf64>, tensor<64xi1>, tensor<64xf32>) outs(%o : tensor<64xf32>) {
  ^bb0(%sv: f64, %mv: i1, %rv: f32, %ov: f32):
    %t = arith.truncf %sv : f64 to f32
    %sel = arith.select %mv, %t, %rv : f32
    linalg.yield %sel : f32
  } -> tensor<64xf32>
  return %out, %early : tensor<64xf32>, tensor<64xf32>
}

// -----

func.func @policy_offload_f64(%a: tensor<8x8xf64>, %b: tensor<8x8xf64>, %g: tensor<8x8xf64>) -> tensor<8x8xf64> {
  %y:2 = remat.checkpoint policy <offload_dot_with_no_batch_dims> -> tensor<8x8xf64>, tensor<8x8xf64> {
    %z = arith.constant dense<0.0> : tensor<8x8xf64>
    %m = linalg.matmul {remat.fwd_id = 0} ins(%a, %b : tensor<8x8xf64>, tensor<8x8xf64>) outs(%z : tensor<8x8xf64>) -> tensor<8x8xf64>
    %e = math.exp %m {remat.fwd_id = 1} : tensor<8x8xf64>
    remat.yield %e, %m : tensor<8x8xf64>, tensor<8x8xf64>
  }
  %gm = arith.mulf %g, %y#1 {remat.vjp_of = 1} : tensor<8x8xf64>
  %r = arith.addf %gm, %y#0 {remat.vjp_of = 0} : tensor<8x8xf64>
  return %r : tensor<8x8xf64>
}

// -----

func.func @policy_offload_encoded(%a: tensor<8x8xf64, "dev">, %b: tensor<8x8xf64, "dev">, %g: tensor<8x8xf64, "dev">) -> tensor<8x8xf64, "dev"> {
  %y:2 = remat.checkpoint policy <offload_dot_with_no_batch_dims> -> tensor<8x8xf64, "dev">, tensor<8x8xf64, "dev"> {
    %z = arith.constant dense<0.0> : tensor<8x8xf64, "dev">
    %m = linalg.matmul {remat.fwd_id = 0} ins(%a, %b : tensor<8x8xf64, "dev">, tensor<8x8xf64, "dev">) outs(%z : tensor<8x8xf64, "dev">) -> tensor<8x8xf64, "dev">
    %e = math.exp %m {remat.fwd_id = 1} : tensor<8x8xf64, "dev">
    remat.yield %e, %m : tensor<8x8xf64, "dev">, tensor<8x8xf64, "dev">
  }
  %gm = arith.mulf %g, %y#1 {remat.vjp_of = 1} : tensor<8x8xf64, "dev">
  %r = arith.addf %gm, %y#0 {remat.vjp_of = 0} : tensor<8x8xf64, "dev">
  return %r : tensor<8x8xf64, "dev">
}
