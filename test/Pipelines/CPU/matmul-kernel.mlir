// remat-tile-and-vectorize emits f32 matmuls as a packed, register-tiled
// loop nest (lib/Pipelines/CPU/MatmulKernel.cpp): no linalg.matmul is left,
// the right-hand operand is packed into one panel of min(K, 256) x 32
// floats, stored as stretches as wide as the register tile (one of 32
// columns on AVX-512, two of 16 on AVX2 and the portable kernels), rows of
// A are broadcast scalars, and each step is one fused multiply-add per
// accumulator vector where the CPU has FMA (AVX-512, AVX2), a multiply then
// an add where not. A [N, K] operand is packed through in-register 16x16
// transposes (vector.shuffle). A stored [K, M] with M >= 512 and N >= 256
// is packed too, into a block of 256 rows x min(K, 256) steps.
// REQUIRES: host-x86-64
// RUN: remat-opt %s --pass-pipeline='builtin.module(remat-cpu-target{cpu=skylake-avx512}, convert-remat-to-linalg, func.func(remat-tile-and-vectorize))' | FileCheck %s --check-prefixes=CHECK,AVX512,FUSED
// RUN: remat-opt %s --pass-pipeline='builtin.module(remat-cpu-target{cpu=haswell}, convert-remat-to-linalg, func.func(remat-tile-and-vectorize))' | FileCheck %s --check-prefixes=CHECK,HALVES,FUSED
// RUN: remat-opt %s --pass-pipeline='builtin.module(remat-cpu-target{cpu=x86-64}, convert-remat-to-linalg, func.func(remat-tile-and-vectorize))' | FileCheck %s --check-prefixes=CHECK,HALVES,SEPARATE

// CHECK-LABEL: func.func @blocks
// CHECK-NOT: linalg.matmul
// AVX512: %[[PANEL:.*]] = tensor.empty() : tensor<1x256x32xf32>
// AVX512: scf.for {{.*}} iter_args(%{{.*}} = %[[PANEL]]) -> (tensor<1x256x32xf32>)
// HALVES: %[[PANEL:.*]] = tensor.empty() : tensor<2x256x16xf32>
// HALVES: scf.for {{.*}} iter_args(%{{.*}} = %[[PANEL]]) -> (tensor<2x256x16xf32>)
// CHECK: tensor.extract %{{.*}} : tensor<10x300xf32>
// FUSED-NOT: arith.mulf
// FUSED: vector.fma %{{.*}} : vector<16xf32>
// FUSED-NOT: arith.mulf
// SEPARATE-NOT: vector.fma
// SEPARATE: %[[PRODUCT:.*]] = arith.mulf %{{.*}} : vector<16xf32>
// SEPARATE: arith.addf %{{.*}}, %[[PRODUCT]] : vector<16xf32>
// SEPARATE-NOT: vector.fma
// CHECK-NOT: linalg.matmul
// CHECK: return
func.func @blocks(%a: tensor<10x300xf32>, %b: tensor<300x40xf32>) -> tensor<10x40xf32> {
  %c = remat.matmul %a, %b : tensor<10x300xf32>, tensor<300x40xf32> -> tensor<10x40xf32>
  return %c : tensor<10x40xf32>
}

// CHECK-LABEL: func.func @transposed
// CHECK-NOT: linalg.matmul
// AVX512: tensor.empty() : tensor<1x40x32xf32>
// HALVES: tensor.empty() : tensor<2x40x16xf32>
// CHECK: vector.transfer_read %{{.*}} : tensor<48x40xf32>, vector<16xf32>
// CHECK: vector.shuffle
// AVX512: vector.transfer_write %{{.*}} : vector<16xf32>, tensor<1x40x32xf32>
// HALVES: vector.transfer_write %{{.*}} : vector<16xf32>, tensor<2x40x16xf32>
// CHECK-NOT: linalg.matmul
// CHECK: return
func.func @transposed(%a: tensor<16x40xf32>, %b: tensor<48x40xf32>) -> tensor<16x48xf32> {
  %c = remat.matmul %a, %b transpose_b : tensor<16x40xf32>, tensor<48x40xf32> -> tensor<16x48xf32>
  return %c : tensor<16x48xf32>
}

// A stored [K, M] with M = 512, N = 256: the block of A packed, 256 rows x
// 64 steps, read back as the tile's scalars.
// CHECK-LABEL: func.func @transposed_a_packed
// CHECK: tensor.empty() : tensor<16384xf32>
// CHECK: vector.transfer_read %{{.*}} : tensor<64x512xf32>, vector<{{[0-9]+}}xf32>
// CHECK: vector.transfer_write %{{.*}} : vector<{{[0-9]+}}xf32>, tensor<16384xf32>
// CHECK: tensor.extract %{{.*}} : tensor<16384xf32>
// CHECK: return
func.func @transposed_a_packed(%a: tensor<64x512xf32>, %b: tensor<64x256xf32>) -> tensor<512x256xf32> {
  %c = remat.matmul %a, %b transpose_a : tensor<64x512xf32>, tensor<64x256xf32> -> tensor<512x256xf32>
  return %c : tensor<512x256xf32>
}

// Below M = 512 (or N = 256), A stored [K, M] is read in place.
// CHECK-LABEL: func.func @transposed_a_in_place
// CHECK-NOT: tensor.empty() : tensor<{{[0-9]+}}xf32>
// CHECK: tensor.extract %{{.*}} : tensor<64x256xf32>
// CHECK: return
func.func @transposed_a_in_place(%a: tensor<64x256xf32>, %b: tensor<64x256xf32>) -> tensor<256x256xf32> {
  %c = remat.matmul %a, %b transpose_a : tensor<64x256xf32>, tensor<64x256xf32> -> tensor<256x256xf32>
  return %c : tensor<256x256xf32>
}

// 16-bit matmuls keep the tiled linalg lowering (f32 accumulator).
// CHECK-LABEL: func.func @half
// CHECK-NOT: tensor.empty() : tensor<{{1x16x32|2x16x16}}xf32>
// CHECK: return
func.func @half(%a: tensor<8x16xf16>, %b: tensor<16x32xf16>) -> tensor<8x32xf16> {
  %c = remat.matmul %a, %b : tensor<8x16xf16>, tensor<16x32xf16> -> tensor<8x32xf16>
  return %c : tensor<8x32xf16>
}
