// Dimensions that 16 does not divide (remat-gpu-tile-bounds): every loop
// nest becomes a grid of 16 x 16 blocks, with the threads past the end of
// a partial tile guarded off, not a kernel of one thread (which is what
// convert-parallel-loops-to-gpu left them to before: it found no constant
// block size in the partial tile's affine.min). A dimension that 16 does
// divide keeps its plain 16 x 16 blocks.
// RUN: remat-opt %s -remat-lower-gpu -mlir-print-ir-after=convert-parallel-loops-to-gpu -o /dev/null 2>&1 | FileCheck %s
// RUN: remat-opt %s -remat-lower-gpu | %python %S/Inputs/extract-ptx.py %t | FileCheck %s --check-prefix=PTX

// The partial tiles' bounds: the rest of the dimension, at most 16.
// CHECK-DAG: #[[ROWS33:.+]] = affine_map<(d0) -> (-d0 + 33, 16)>
// CHECK-DAG: #[[COLS65:.+]] = affine_map<(d0) -> (-d0 + 65, 16)>
// CHECK-DAG: #[[ROWS4:.+]] = affine_map<(d0) -> (-d0 + 4, 16)>

// CHECK-LABEL: func.func @odd
// CHECK-NOT: scf.parallel
// Threads sized by the tiles (two computed values, not the constant 1 of
// blocks of one thread):
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}}) threads({{.*}}) in (%{{.*}} = %[[TX:[0-9]+]], %{{.*}} = %[[TY:[0-9]+]],
// CHECK: affine.min #[[ROWS33]]
// CHECK: affine.min #[[COLS65]]
// CHECK: arith.cmpi slt
// CHECK-NEXT: scf.if
// CHECK: arith.cmpi slt
// CHECK-NEXT: scf.if
// CHECK: arith.addf
// CHECK-NOT: gpu.launch
// CHECK: return
func.func @odd(%a: tensor<33x65xf32>, %b: tensor<33x65xf32>) -> tensor<33x65xf32> {
  %c = remat.add %a, %b : tensor<33x65xf32>
  return %c : tensor<33x65xf32>
}

// Four rows: one partial tile of rows, six full tiles of columns.
// CHECK-LABEL: func.func @narrow
// CHECK-NOT: scf.parallel
// CHECK: gpu.launch
// CHECK: affine.min #[[ROWS4]]
// CHECK: scf.if
// CHECK: arith.mulf
// CHECK-NOT: gpu.launch
// CHECK: return
func.func @narrow(%a: tensor<4x96xf32>, %b: tensor<4x96xf32>) -> tensor<4x96xf32> {
  %c = remat.mul %a, %b : tensor<4x96xf32>
  return %c : tensor<4x96xf32>
}

// Divisible: no min, no guard.
// CHECK-LABEL: func.func @even
// CHECK-NOT: scf.parallel
// CHECK: gpu.launch
// CHECK-NOT: affine.min
// CHECK-NOT: scf.if
// CHECK: arith.subf
// CHECK: return
func.func @even(%a: tensor<32x96xf32>, %b: tensor<32x96xf32>) -> tensor<32x96xf32> {
  %c = remat.sub %a, %b : tensor<32x96xf32>
  return %c : tensor<32x96xf32>
}

// One kernel module per function (ptxas.test assembles the same shapes).
// PTX: ptx objects: 3
