// Forward numerics of remat.matmul against numpy (reference.py): 2-D with
// remainders of the 8x32 register tile (7x13x5, 33x65x17) and without
// (64x64x32), every transpose combination, batched rank 3 and rank 4 (batch
// dimensions collapsed), f16 and bf16 (f32 accumulation).
// REQUIRES: numpy
// RUN: remat-run %s --entry=mm_7x13x5 --seed=1 --save-inputs=%t.mm_7x13x5.in --save-outputs=%t.mm_7x13x5.out > /dev/null
// RUN: %python %S/../../reference.py matmul --in %t.mm_7x13x5.in --out %t.mm_7x13x5.out
// RUN: remat-run %s --entry=mm_33x65x17 --seed=2 --save-inputs=%t.mm_33x65x17.in --save-outputs=%t.mm_33x65x17.out > /dev/null
// RUN: %python %S/../../reference.py matmul --in %t.mm_33x65x17.in --out %t.mm_33x65x17.out
// RUN: remat-run %s --entry=mm_64x64x32 --seed=3 --save-inputs=%t.mm_64x64x32.in --save-outputs=%t.mm_64x64x32.out > /dev/null
// RUN: %python %S/../../reference.py matmul --in %t.mm_64x64x32.in --out %t.mm_64x64x32.out
// RUN: remat-run %s --entry=mm_ta --seed=4 --save-inputs=%t.mm_ta.in --save-outputs=%t.mm_ta.out > /dev/null
// RUN: %python %S/../../reference.py matmul --transpose-a --in %t.mm_ta.in --out %t.mm_ta.out
// RUN: remat-run %s --entry=mm_tb --seed=5 --save-inputs=%t.mm_tb.in --save-outputs=%t.mm_tb.out > /dev/null
// RUN: %python %S/../../reference.py matmul --transpose-b --in %t.mm_tb.in --out %t.mm_tb.out
// RUN: remat-run %s --entry=mm_tatb --seed=6 --save-inputs=%t.mm_tatb.in --save-outputs=%t.mm_tatb.out > /dev/null
// RUN: %python %S/../../reference.py matmul --transpose-a --transpose-b --in %t.mm_tatb.in --out %t.mm_tatb.out
// RUN: remat-run %s --entry=bmm3 --seed=7 --save-inputs=%t.bmm3.in --save-outputs=%t.bmm3.out > /dev/null
// RUN: %python %S/../../reference.py matmul --in %t.bmm3.in --out %t.bmm3.out
// RUN: remat-run %s --entry=bmm3_ta --seed=8 --save-inputs=%t.bmm3_ta.in --save-outputs=%t.bmm3_ta.out > /dev/null
// RUN: %python %S/../../reference.py matmul --transpose-a --in %t.bmm3_ta.in --out %t.bmm3_ta.out
// RUN: remat-run %s --entry=bmm4 --seed=9 --save-inputs=%t.bmm4.in --save-outputs=%t.bmm4.out > /dev/null
// RUN: %python %S/../../reference.py matmul --in %t.bmm4.in --out %t.bmm4.out
// RUN: remat-run %s --entry=bmm4_tb --seed=10 --save-inputs=%t.bmm4_tb.in --save-outputs=%t.bmm4_tb.out > /dev/null
// RUN: %python %S/../../reference.py matmul --transpose-b --in %t.bmm4_tb.in --out %t.bmm4_tb.out
// RUN: remat-run %s --entry=mm_f16 --seed=11 --save-inputs=%t.mm_f16.in --save-outputs=%t.mm_f16.out > /dev/null
// RUN: %python %S/../../reference.py matmul --in %t.mm_f16.in --out %t.mm_f16.out
// RUN: remat-run %s --entry=bmm_bf16_tb --seed=12 --save-inputs=%t.bmm_bf16_tb.in --save-outputs=%t.bmm_bf16_tb.out > /dev/null
// RUN: %python %S/../../reference.py matmul --transpose-b --in %t.bmm_bf16_tb.in --out %t.bmm_bf16_tb.out
// The packed kernel's reduction blocks (256 steps, then a remainder) and
// partial column panels (32 + 18, 32 + 5), with B as [K, N] and as [N, K]
// (the in-register 16x16 transposes with a partial last block of k).
// RUN: remat-run %s --entry=mm_blocks --seed=14 --save-inputs=%t.mm_blocks.in --save-outputs=%t.mm_blocks.out > /dev/null
// RUN: %python %S/../../reference.py matmul --in %t.mm_blocks.in --out %t.mm_blocks.out
// RUN: remat-run %s --entry=mm_tb_blocks --seed=15 --save-inputs=%t.mm_tb_blocks.in --save-outputs=%t.mm_tb_blocks.out > /dev/null
// RUN: %python %S/../../reference.py matmul --transpose-b --in %t.mm_tb_blocks.in --out %t.mm_tb_blocks.out
// RUN: remat-run %s --entry=bmm_tatb_blocks --seed=16 --save-inputs=%t.bmm_tatb_blocks.in --save-outputs=%t.bmm_tatb_blocks.out > /dev/null
// RUN: %python %S/../../reference.py matmul --transpose-a --transpose-b --in %t.bmm_tatb_blocks.in --out %t.bmm_tatb_blocks.out
// A stored [K, M] with M >= 512 and N >= 256, which the kernel packs
// (KernelScratch.h): row blocks 256 + 256 + 8 (remainders of every register
// tile), reduction blocks 256 + 44, column panels 8 x 32 + 4; batched, with
// B as [N, K] too.
// RUN: remat-run %s --entry=mm_ta_packed --seed=17 --save-inputs=%t.mm_ta_packed.in --save-outputs=%t.mm_ta_packed.out > /dev/null
// RUN: %python %S/../../reference.py matmul --transpose-a --in %t.mm_ta_packed.in --out %t.mm_ta_packed.out
// RUN: remat-run %s --entry=bmm_tatb_packed --seed=18 --save-inputs=%t.bmm_tatb_packed.in --save-outputs=%t.bmm_tatb_packed.out > /dev/null
// RUN: %python %S/../../reference.py matmul --transpose-a --transpose-b --in %t.bmm_tatb_packed.in --out %t.bmm_tatb_packed.out
// The plain-loop lowering (no tiling) of a shape with remainders.
// RUN: remat-run %s --no-vectorize --entry=mm_33x65x17 --seed=13 --save-inputs=%t.novec.in --save-outputs=%t.novec.out > /dev/null
// RUN: %python %S/../../reference.py matmul --in %t.novec.in --out %t.novec.out

func.func @mm_7x13x5(%a: tensor<7x13xf32>, %b: tensor<13x5xf32>) -> tensor<7x5xf32> {
  %c = remat.matmul %a, %b : tensor<7x13xf32>, tensor<13x5xf32> -> tensor<7x5xf32>
  return %c : tensor<7x5xf32>
}

func.func @mm_33x65x17(%a: tensor<33x65xf32>, %b: tensor<65x17xf32>) -> tensor<33x17xf32> {
  %c = remat.matmul %a, %b : tensor<33x65xf32>, tensor<65x17xf32> -> tensor<33x17xf32>
  return %c : tensor<33x17xf32>
}

func.func @mm_64x64x32(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>) -> tensor<64x64xf32> {
  %c = remat.matmul %a, %b : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
  return %c : tensor<64x64xf32>
}

func.func @mm_ta(%a: tensor<13x7xf32>, %b: tensor<13x40xf32>) -> tensor<7x40xf32> {
  %c = remat.matmul %a, %b transpose_a : tensor<13x7xf32>, tensor<13x40xf32> -> tensor<7x40xf32>
  return %c : tensor<7x40xf32>
}

func.func @mm_tb(%a: tensor<16x24xf32>, %b: tensor<33x24xf32>) -> tensor<16x33xf32> {
  %c = remat.matmul %a, %b transpose_b : tensor<16x24xf32>, tensor<33x24xf32> -> tensor<16x33xf32>
  return %c : tensor<16x33xf32>
}

func.func @mm_tatb(%a: tensor<9x11xf32>, %b: tensor<32x9xf32>) -> tensor<11x32xf32> {
  %c = remat.matmul %a, %b transpose_a transpose_b : tensor<9x11xf32>, tensor<32x9xf32> -> tensor<11x32xf32>
  return %c : tensor<11x32xf32>
}

func.func @bmm3(%a: tensor<3x7x13xf32>, %b: tensor<3x13x9xf32>) -> tensor<3x7x9xf32> {
  %c = remat.matmul %a, %b : tensor<3x7x13xf32>, tensor<3x13x9xf32> -> tensor<3x7x9xf32>
  return %c : tensor<3x7x9xf32>
}

func.func @bmm3_ta(%a: tensor<2x16x8xf32>, %b: tensor<2x16x64xf32>) -> tensor<2x8x64xf32> {
  %c = remat.matmul %a, %b transpose_a : tensor<2x16x8xf32>, tensor<2x16x64xf32> -> tensor<2x8x64xf32>
  return %c : tensor<2x8x64xf32>
}

func.func @bmm4(%a: tensor<2x3x5x7xf32>, %b: tensor<2x3x7x6xf32>) -> tensor<2x3x5x6xf32> {
  %c = remat.matmul %a, %b : tensor<2x3x5x7xf32>, tensor<2x3x7x6xf32> -> tensor<2x3x5x6xf32>
  return %c : tensor<2x3x5x6xf32>
}

func.func @bmm4_tb(%a: tensor<2x2x8x16xf32>, %b: tensor<2x2x12x16xf32>) -> tensor<2x2x8x12xf32> {
  %c = remat.matmul %a, %b transpose_b : tensor<2x2x8x16xf32>, tensor<2x2x12x16xf32> -> tensor<2x2x8x12xf32>
  return %c : tensor<2x2x8x12xf32>
}

func.func @mm_f16(%a: tensor<7x13xf16>, %b: tensor<13x33xf16>) -> tensor<7x33xf16> {
  %c = remat.matmul %a, %b : tensor<7x13xf16>, tensor<13x33xf16> -> tensor<7x33xf16>
  return %c : tensor<7x33xf16>
}

func.func @bmm_bf16_tb(%a: tensor<3x8x20xbf16>, %b: tensor<3x32x20xbf16>) -> tensor<3x8x32xbf16> {
  %c = remat.matmul %a, %b transpose_b : tensor<3x8x20xbf16>, tensor<3x32x20xbf16> -> tensor<3x8x32xbf16>
  return %c : tensor<3x8x32xbf16>
}

func.func @mm_blocks(%a: tensor<10x300xf32>, %b: tensor<300x50xf32>) -> tensor<10x50xf32> {
  %c = remat.matmul %a, %b : tensor<10x300xf32>, tensor<300x50xf32> -> tensor<10x50xf32>
  return %c : tensor<10x50xf32>
}

func.func @mm_tb_blocks(%a: tensor<20x275xf32>, %b: tensor<37x275xf32>) -> tensor<20x37xf32> {
  %c = remat.matmul %a, %b transpose_b : tensor<20x275xf32>, tensor<37x275xf32> -> tensor<20x37xf32>
  return %c : tensor<20x37xf32>
}

func.func @bmm_tatb_blocks(%a: tensor<2x270x9xf32>, %b: tensor<2x40x270xf32>) -> tensor<2x9x40xf32> {
  %c = remat.matmul %a, %b transpose_a transpose_b : tensor<2x270x9xf32>, tensor<2x40x270xf32> -> tensor<2x9x40xf32>
  return %c : tensor<2x9x40xf32>
}

func.func @mm_ta_packed(%a: tensor<300x520xf32>, %b: tensor<300x260xf32>) -> tensor<520x260xf32> {
  %c = remat.matmul %a, %b transpose_a : tensor<300x520xf32>, tensor<300x260xf32> -> tensor<520x260xf32>
  return %c : tensor<520x260xf32>
}

func.func @bmm_tatb_packed(%a: tensor<2x270x515xf32>, %b: tensor<2x257x270xf32>) -> tensor<2x515x257xf32> {
  %c = remat.matmul %a, %b transpose_a transpose_b : tensor<2x270x515xf32>, tensor<2x257x270xf32> -> tensor<2x515x257xf32>
  return %c : tensor<2x515x257xf32>
}
