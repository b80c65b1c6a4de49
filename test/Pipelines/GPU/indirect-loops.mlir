// remat-gpu-indirect-loops: a host loop that reads a buffer and uses what
// it read in a parallel loop inside it loses the inner loops' GPU mapping
// (the whole loop becomes one kernel later); loops whose reads do not
// reach their parallel loops, or read constants, keep it.
// RUN: remat-opt %s -split-input-file -remat-gpu-indirect-loops | FileCheck %s
// The embedding gradient through the whole pipeline: with 32 features (a
// full tile) remat-gpu-host-code failed on its loop ("reads device memory
// into a value the host code uses"); now the loop over ids is one kernel,
// and the table's fill a grid.
// RUN: remat-opt %S/Inputs/embedding-rows.mlir -remat-lower-gpu -mlir-print-ir-after=remat-gpu-host-code -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE

#map = #gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>

// CHECK-LABEL: func.func @scatter
// CHECK: scf.for
// CHECK: memref.load %{{.*}} : memref<10xi32>
// CHECK: scf.parallel
// CHECK-NOT: mapping
// CHECK: return
func.func @scatter(%ids: memref<10xi32>, %grad: memref<10x32xf32>, %table: memref<7x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %c32 = arith.constant 32 : index
  scf.for %s = %c0 to %c10 step %c1 {
    %id = memref.load %ids[%s] : memref<10xi32>
    %row = arith.index_cast %id : i32 to index
    scf.parallel (%f) = (%c0) to (%c32) step (%c1) {
      %g = memref.load %grad[%s, %f] : memref<10x32xf32>
      %t = memref.load %table[%row, %f] : memref<7x32xf32>
      %sum = arith.addf %t, %g : f32
      memref.store %sum, %table[%row, %f] : memref<7x32xf32>
      scf.reduce
    } {mapping = [#map]}
  }
  return
}

// -----

#map = #gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>

// A read that only the host's next iteration sees, not the kernel: kept.
// CHECK-LABEL: func.func @unrelated_read
// CHECK: scf.parallel
// CHECK: mapping = [#gpu.loop_dim_map<processor = block_x
func.func @unrelated_read(%flags: memref<10xi32>, %out: memref<10x32xf32>, %count: memref<i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  scf.for %s = %c0 to %c10 step %c1 {
    %flag = memref.load %flags[%s] : memref<10xi32>
    memref.store %flag, %count[] : memref<i32>
    scf.parallel (%f) = (%c0) to (%c32) step (%c1) {
      memref.store %zero, %out[%s, %f] : memref<10x32xf32>
      scf.reduce
    } {mapping = [#map]}
  }
  return
}

// -----

#map = #gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>

// Rows chosen by a constant table (host memory: Revolve's actions): kept.
memref.global "private" constant @rows : memref<10xi32> = dense<[0, 1, 2, 3, 4, 5, 6, 0, 1, 2]>

// CHECK-LABEL: func.func @constant_rows
// CHECK: scf.parallel
// CHECK: mapping = [#gpu.loop_dim_map<processor = block_x
func.func @constant_rows(%grad: memref<10x32xf32>, %table: memref<7x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %c32 = arith.constant 32 : index
  %rows = memref.get_global @rows : memref<10xi32>
  scf.for %s = %c0 to %c10 step %c1 {
    %id = memref.load %rows[%s] : memref<10xi32>
    %row = arith.index_cast %id : i32 to index
    scf.parallel (%f) = (%c0) to (%c32) step (%c1) {
      %g = memref.load %grad[%s, %f] : memref<10x32xf32>
      memref.store %g, %table[%row, %f] : memref<7x32xf32>
      scf.reduce
    } {mapping = [#map]}
  }
  return
}

// PIPELINE-LABEL: func.func @embedding_rows
// The table's fill: a grid of 16-column tiles.
// PIPELINE: gpu.launch
// PIPELINE: memref.store
// PIPELINE: gpu.terminator
// The loop over ids, whole, in a kernel of one thread.
// PIPELINE: %[[ONE:.+]] = arith.constant 1 : index
// PIPELINE-NEXT: gpu.launch blocks({{.*}}) in ({{.*}} = %[[ONE]], {{.*}} = %[[ONE]], {{.*}} = %[[ONE]]) threads({{.*}}) in ({{.*}} = %[[ONE]], {{.*}} = %[[ONE]], {{.*}} = %[[ONE]])
// PIPELINE-NEXT: scf.for
// PIPELINE: memref.load %{{.*}} : memref<2x5xi32>
// PIPELINE: scf.parallel
// PIPELINE: gpu.terminator
// PIPELINE-NEXT: }
// PIPELINE-NEXT: return
