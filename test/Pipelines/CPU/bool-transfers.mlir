// remat-scalarize-bool-transfers turns 1-D vector transfers, loads and
// stores of i1 on memrefs into one scalar access per element (LLVM packs an
// i1 vector into bits; an i1 memref holds a byte per element). Transfers of
// other element types, and of i1 on tensors, are left alone.
// RUN: remat-opt %s -pass-pipeline="builtin.module(func.func(remat-scalarize-bool-transfers))" | FileCheck %s

// CHECK-LABEL: func.func @bool_transfers
// CHECK-SAME: (%[[M:.*]]: memref<2x4xi1>, %[[F:.*]]: memref<4xf32>, %[[I:.*]]: index)
// CHECK-NOT: vector.transfer_read %[[M]]
// CHECK: %[[A:.*]] = memref.load %[[M]][%[[I]], %{{.*}}] : memref<2x4xi1>
// CHECK-COUNT-3: memref.load %[[M]]
// CHECK: %[[V:.*]] = vector.from_elements %[[A]], %{{.*}}, %{{.*}}, %{{.*}} : vector<4xi1>
// CHECK: vector.transfer_read %[[F]]
// CHECK: %[[N:.*]] = arith.xori %[[V]]
// CHECK-COUNT-4: memref.store %{{.*}}, %[[M]]
// CHECK-NOT: vector.transfer_write %{{.*}}, %[[M]]
// CHECK-NOT: vector.store
// CHECK: return
func.func @bool_transfers(%m: memref<2x4xi1>, %f: memref<4xf32>, %i: index) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %false = arith.constant false
  %zero = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%i, %c0], %false {in_bounds = [true]} : memref<2x4xi1>, vector<4xi1>
  %x = vector.transfer_read %f[%c0], %zero {in_bounds = [true]} : memref<4xf32>, vector<4xf32>
  %ones = arith.constant dense<true> : vector<4xi1>
  %n = arith.xori %v, %ones : vector<4xi1>
  vector.transfer_write %n, %m[%i, %c0] {in_bounds = [true]} : vector<4xi1>, memref<2x4xi1>
  vector.store %v, %m[%c0, %c0] : memref<2x4xi1>, vector<4xi1>
  %s = arith.select %n, %x, %x : vector<4xi1>, vector<4xf32>
  return %s : vector<4xf32>
}
