// remat-tile-and-vectorize emits f32 matmuls as a packed, register-tiled
// loop nest (lib/Pipelines/MatmulKernel.cpp): no linalg.matmul is left, the
// right-hand operand is packed into one [min(K, 256), 32] panel, rows of A
// are broadcast scalars, and each step is a multiply then an add per
// accumulator vector. A [N, K] operand is packed through in-register 16x16
// transposes (vector.shuffle).
// RUN: remat-opt %s --pass-pipeline='builtin.module(convert-remat-to-linalg, func.func(remat-tile-and-vectorize))' | FileCheck %s

// CHECK-LABEL: func.func @blocks
// CHECK-NOT: linalg.matmul
// CHECK: %[[PANEL:.*]] = tensor.empty() : tensor<256x32xf32>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[PANEL]]) -> (tensor<256x32xf32>)
// CHECK: tensor.extract %{{.*}} : tensor<10x300xf32>
// CHECK: %[[PRODUCT:.*]] = arith.mulf %{{.*}} : vector<16xf32>
// CHECK: arith.addf %{{.*}}, %[[PRODUCT]] : vector<16xf32>
// CHECK-NOT: linalg.matmul
// CHECK: return
func.func @blocks(%a: tensor<10x300xf32>, %b: tensor<300x40xf32>) -> tensor<10x40xf32> {
  %c = remat.matmul %a, %b : tensor<10x300xf32>, tensor<300x40xf32> -> tensor<10x40xf32>
  return %c : tensor<10x40xf32>
}

// CHECK-LABEL: func.func @transposed
// CHECK-NOT: linalg.matmul
// CHECK: tensor.empty() : tensor<40x32xf32>
// CHECK: vector.transfer_read %{{.*}} : tensor<48x40xf32>, vector<16xf32>
// CHECK: vector.shuffle
// CHECK: vector.transfer_write %{{.*}} : vector<16xf32>, tensor<40x32xf32>
// CHECK-NOT: linalg.matmul
// CHECK: return
func.func @transposed(%a: tensor<16x40xf32>, %b: tensor<48x40xf32>) -> tensor<16x48xf32> {
  %c = remat.matmul %a, %b transpose_b : tensor<16x40xf32>, tensor<48x40xf32> -> tensor<16x48xf32>
  return %c : tensor<16x48xf32>
}

// 16-bit matmuls keep the tiled linalg lowering (f32 accumulator).
// CHECK-LABEL: func.func @half
// CHECK-NOT: tensor.empty() : tensor<16x32xf32>
// CHECK: return
func.func @half(%a: tensor<8x16xf16>, %b: tensor<16x32xf16>) -> tensor<8x32xf16> {
  %c = remat.matmul %a, %b : tensor<8x16xf16>, tensor<16x32xf16> -> tensor<8x32xf16>
  return %c : tensor<8x32xf16>
}
