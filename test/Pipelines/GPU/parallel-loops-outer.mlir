// remat-gpu-parallel-loops-outer puts each linalg op's parallel dimensions
// first, so that convert-linalg-to-parallel-loops makes the reduction loop
// the innermost (inside each thread) rather than a host loop around a
// kernel; named ops with a fixed order are generalized first; ops already
// in that order are left alone.
// RUN: remat-opt %s -split-input-file -remat-gpu-parallel-loops-outer | FileCheck %s
// RUN: remat-opt %s -split-input-file -remat-gpu-parallel-loops-outer -convert-linalg-to-parallel-loops | FileCheck %s --check-prefix=LOOPS

// Column sums: [reduction, parallel] -> [parallel, reduction].
// CHECK-LABEL: func.func @column_sums
// CHECK: linalg.generic {indexing_maps = [#[[IN:map[0-9]*]], #[[OUT:map[0-9]*]]], iterator_types = ["parallel", "reduction"]}
// LOOPS-LABEL: func.func @column_sums
// LOOPS: scf.parallel
// LOOPS: scf.for
#in = affine_map<(r, c) -> (r, c)>
#out = affine_map<(r, c) -> (c)>
func.func @column_sums(%x: memref<1024x64xf32>, %y: memref<64xf32>) {
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["reduction", "parallel"]}
      ins(%x : memref<1024x64xf32>) outs(%y : memref<64xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// linalg.reduce over dimension 0 has a fixed order: generalized, then
// interchanged.
// CHECK-LABEL: func.func @reduce_rows
// CHECK-NOT: linalg.reduce
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// LOOPS-LABEL: func.func @reduce_rows
// LOOPS: scf.parallel
// LOOPS: scf.for
func.func @reduce_rows(%x: memref<8x16xf32>, %y: memref<16xf32>) {
  linalg.reduce ins(%x : memref<8x16xf32>) outs(%y : memref<16xf32>) dimensions = [0]
    (%a: f32, %acc: f32) {
      %s = arith.addf %a, %acc : f32
      linalg.yield %s : f32
    }
  return
}

// -----

// Already parallel first (a matmul: [parallel, parallel, reduction]): left
// as it is.
// CHECK-LABEL: func.func @matmul
// CHECK: linalg.matmul
func.func @matmul(%a: memref<8x4xf32>, %b: memref<4x8xf32>, %c: memref<8x8xf32>) {
  linalg.matmul ins(%a, %b : memref<8x4xf32>, memref<4x8xf32>) outs(%c : memref<8x8xf32>)
  return
}
