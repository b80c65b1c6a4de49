// Forward numerics of foreign elementwise ops on tensors (arith and math,
// not remat's), which convert-remat-to-linalg turns into linalg.generic
// bodies of the same ops: checked against numpy (reference.py, and
// Inputs/foreign_reference.py for selection, erf and casts), on shapes with
// tiling remainders (7x13, 33x65) and vector-sized ones (8x64), in f32, f16
// and i32. select_f16_4x96 writes its i1 mask in 48-lane tiles (f32
// compare over rows of 96) and reads it in 32-lane tiles (f16 select): the
// mask goes through memory a byte per element whatever the tiles.
// REQUIRES: numpy
// RUN: remat-run %s --entry=exp_33x65 --seed=1 --save-inputs=%t.exp_33x65.in --save-outputs=%t.exp_33x65.out > /dev/null
// RUN: %python %S/../../reference.py exp --in %t.exp_33x65.in --out %t.exp_33x65.out
// RUN: remat-run %s --entry=exp_f16 --seed=2 --save-inputs=%t.exp_f16.in --save-outputs=%t.exp_f16.out > /dev/null
// RUN: %python %S/../../reference.py exp --in %t.exp_f16.in --out %t.exp_f16.out
// RUN: remat-run %s --entry=tanh_8x64 --seed=3 --save-inputs=%t.tanh_8x64.in --save-outputs=%t.tanh_8x64.out > /dev/null
// RUN: %python %S/../../reference.py tanh --in %t.tanh_8x64.in --out %t.tanh_8x64.out
// RUN: remat-run %s --entry=erf_33x65 --seed=4 --save-inputs=%t.erf_33x65.in --save-outputs=%t.erf_33x65.out > /dev/null
// RUN: %python %S/Inputs/foreign_reference.py erf --in %t.erf_33x65.in --out %t.erf_33x65.out
// RUN: remat-run %s --entry=addf_33x65 --seed=5 --save-inputs=%t.addf_33x65.in --save-outputs=%t.addf_33x65.out > /dev/null
// RUN: %python %S/../../reference.py add --in %t.addf_33x65.in --out %t.addf_33x65.out
// RUN: remat-run %s --entry=subf_7x13 --seed=6 --save-inputs=%t.subf_7x13.in --save-outputs=%t.subf_7x13.out > /dev/null
// RUN: %python %S/../../reference.py sub --in %t.subf_7x13.in --out %t.subf_7x13.out
// RUN: remat-run %s --entry=mulf_8x64 --seed=7 --save-inputs=%t.mulf_8x64.in --save-outputs=%t.mulf_8x64.out > /dev/null
// RUN: %python %S/../../reference.py mul --in %t.mulf_8x64.in --out %t.mulf_8x64.out
// RUN: remat-run %s --entry=divf_33x65 --seed=8 --save-inputs=%t.divf_33x65.in --save-outputs=%t.divf_33x65.out > /dev/null
// RUN: %python %S/../../reference.py div --in %t.divf_33x65.in --out %t.divf_33x65.out
// RUN: remat-run %s --entry=maximumf_7x13 --seed=9 --save-inputs=%t.maximumf_7x13.in --save-outputs=%t.maximumf_7x13.out > /dev/null
// RUN: %python %S/../../reference.py maximum --in %t.maximumf_7x13.in --out %t.maximumf_7x13.out
// RUN: remat-run %s --entry=addf_f16 --seed=10 --save-inputs=%t.addf_f16.in --save-outputs=%t.addf_f16.out > /dev/null
// RUN: %python %S/../../reference.py add --in %t.addf_f16.in --out %t.addf_f16.out
// RUN: remat-run %s --entry=select_33x65 --seed=11 --save-inputs=%t.select_33x65.in --save-outputs=%t.select_33x65.out > /dev/null
// RUN: %python %S/Inputs/foreign_reference.py select_lt --in %t.select_33x65.in --out %t.select_33x65.out
// RUN: remat-run %s --entry=select_f16_4x96 --seed=12 --save-inputs=%t.select_f16_4x96.in --save-outputs=%t.select_f16_4x96.out > /dev/null
// RUN: %python %S/Inputs/foreign_reference.py select_lt --in %t.select_f16_4x96.in --out %t.select_f16_4x96.out
// RUN: remat-run %s --entry=extf_5x24 --seed=13 --save-inputs=%t.extf_5x24.in --save-outputs=%t.extf_5x24.out > /dev/null
// RUN: %python %S/Inputs/foreign_reference.py to_float --in %t.extf_5x24.in --out %t.extf_5x24.out
// RUN: remat-run %s --entry=truncf_33x65 --seed=14 --save-inputs=%t.truncf_33x65.in --save-outputs=%t.truncf_33x65.out > /dev/null
// RUN: %python %S/Inputs/foreign_reference.py truncf_f16 --in %t.truncf_33x65.in --out %t.truncf_33x65.out
// Positive inputs for log; integers from make-input (remat-run draws
// non-negative ones), products well inside i32, casts exact below 2^24.
// RUN: %python %S/../../reference.py make-input %t.pos_7x13.npy --shape 7x13 --low 0.01 --high 4 --seed 1
// RUN: remat-run %s --entry=log_7x13 --inputs=%t.pos_7x13.npy --save-inputs=%t.log_7x13.in --save-outputs=%t.log_7x13.out > /dev/null
// RUN: %python %S/../../reference.py log --in %t.log_7x13.in --out %t.log_7x13.out
// RUN: %python %S/../../reference.py make-input %t.ia.npy --shape 33x65 --dtype i32 --low -1000 --high 1000 --seed 2
// RUN: %python %S/../../reference.py make-input %t.ib.npy --shape 33x65 --dtype i32 --low -1000 --high 1000 --seed 3
// RUN: remat-run %s --entry=addi_33x65 --inputs=%t.ia.npy,%t.ib.npy --save-inputs=%t.addi.in --save-outputs=%t.addi.out > /dev/null
// RUN: %python %S/../../reference.py add --in %t.addi.in --out %t.addi.out
// RUN: remat-run %s --entry=muli_33x65 --inputs=%t.ia.npy,%t.ib.npy --save-inputs=%t.muli.in --save-outputs=%t.muli.out > /dev/null
// RUN: %python %S/../../reference.py mul --in %t.muli.in --out %t.muli.out
// RUN: %python %S/../../reference.py make-input %t.big.npy --shape 8x64 --dtype i32 --low -16777216 --high 16777216 --seed 4
// RUN: remat-run %s --entry=sitofp_8x64 --inputs=%t.big.npy --save-inputs=%t.sitofp.in --save-outputs=%t.sitofp.out > /dev/null
// RUN: %python %S/Inputs/foreign_reference.py to_float --in %t.sitofp.in --out %t.sitofp.out
// The plain-loop lowering (no tiling or vectorization).
// RUN: remat-run %s --no-vectorize --entry=select_f16_4x96 --seed=15 --save-inputs=%t.select_f16_4x96_novec.in --save-outputs=%t.select_f16_4x96_novec.out > /dev/null
// RUN: %python %S/Inputs/foreign_reference.py select_lt --in %t.select_f16_4x96_novec.in --out %t.select_f16_4x96_novec.out
// RUN: remat-run %s --no-vectorize --entry=exp_33x65 --seed=16 --save-inputs=%t.exp_33x65_novec.in --save-outputs=%t.exp_33x65_novec.out > /dev/null
// RUN: %python %S/../../reference.py exp --in %t.exp_33x65_novec.in --out %t.exp_33x65_novec.out
// RUN: remat-run %s --no-vectorize --entry=erf_33x65 --seed=17 --save-inputs=%t.erf_33x65_novec.in --save-outputs=%t.erf_33x65_novec.out > /dev/null
// RUN: %python %S/Inputs/foreign_reference.py erf --in %t.erf_33x65_novec.in --out %t.erf_33x65_novec.out

func.func @exp_33x65(%x: tensor<33x65xf32>) -> tensor<33x65xf32> {
  %y = math.exp %x : tensor<33x65xf32>
  return %y : tensor<33x65xf32>
}

func.func @exp_f16(%x: tensor<3x5x16xf16>) -> tensor<3x5x16xf16> {
  %y = math.exp %x : tensor<3x5x16xf16>
  return %y : tensor<3x5x16xf16>
}

func.func @tanh_8x64(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %y = math.tanh %x : tensor<8x64xf32>
  return %y : tensor<8x64xf32>
}

func.func @erf_33x65(%x: tensor<33x65xf32>) -> tensor<33x65xf32> {
  %y = math.erf %x : tensor<33x65xf32>
  return %y : tensor<33x65xf32>
}

func.func @log_7x13(%x: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %y = math.log %x : tensor<7x13xf32>
  return %y : tensor<7x13xf32>
}

func.func @addf_33x65(%a: tensor<33x65xf32>, %b: tensor<33x65xf32>) -> tensor<33x65xf32> {
  %y = arith.addf %a, %b : tensor<33x65xf32>
  return %y : tensor<33x65xf32>
}

func.func @subf_7x13(%a: tensor<7x13xf32>, %b: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %y = arith.subf %a, %b : tensor<7x13xf32>
  return %y : tensor<7x13xf32>
}

func.func @mulf_8x64(%a: tensor<8x64xf32>, %b: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %y = arith.mulf %a, %b : tensor<8x64xf32>
  return %y : tensor<8x64xf32>
}

func.func @divf_33x65(%a: tensor<33x65xf32>, %b: tensor<33x65xf32>) -> tensor<33x65xf32> {
  %y = arith.divf %a, %b : tensor<33x65xf32>
  return %y : tensor<33x65xf32>
}

func.func @maximumf_7x13(%a: tensor<7x13xf32>, %b: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %y = arith.maximumf %a, %b : tensor<7x13xf32>
  return %y : tensor<7x13xf32>
}

func.func @addf_f16(%a: tensor<6x40xf16>, %b: tensor<6x40xf16>) -> tensor<6x40xf16> {
  %y = arith.addf %a, %b : tensor<6x40xf16>
  return %y : tensor<6x40xf16>
}

func.func @select_33x65(%a: tensor<33x65xf32>, %b: tensor<33x65xf32>,
                        %p: tensor<33x65xf32>, %q: tensor<33x65xf32>) -> tensor<33x65xf32> {
  %c = arith.cmpf olt, %a, %b : tensor<33x65xf32>
  %y = arith.select %c, %p, %q : tensor<33x65xi1>, tensor<33x65xf32>
  return %y : tensor<33x65xf32>
}

func.func @select_f16_4x96(%a: tensor<4x96xf32>, %b: tensor<4x96xf32>,
                           %p: tensor<4x96xf16>, %q: tensor<4x96xf16>) -> tensor<4x96xf16> {
  %c = arith.cmpf olt, %a, %b : tensor<4x96xf32>
  %y = arith.select %c, %p, %q : tensor<4x96xi1>, tensor<4x96xf16>
  return %y : tensor<4x96xf16>
}

func.func @addi_33x65(%a: tensor<33x65xi32>, %b: tensor<33x65xi32>) -> tensor<33x65xi32> {
  %y = arith.addi %a, %b : tensor<33x65xi32>
  return %y : tensor<33x65xi32>
}

func.func @muli_33x65(%a: tensor<33x65xi32>, %b: tensor<33x65xi32>) -> tensor<33x65xi32> {
  %y = arith.muli %a, %b : tensor<33x65xi32>
  return %y : tensor<33x65xi32>
}

func.func @sitofp_8x64(%a: tensor<8x64xi32>) -> tensor<8x64xf32> {
  %y = arith.sitofp %a : tensor<8x64xi32> to tensor<8x64xf32>
  return %y : tensor<8x64xf32>
}

func.func @extf_5x24(%a: tensor<5x24xf16>) -> tensor<5x24xf32> {
  %y = arith.extf %a : tensor<5x24xf16> to tensor<5x24xf32>
  return %y : tensor<5x24xf32>
}

func.func @truncf_33x65(%a: tensor<33x65xf32>) -> tensor<33x65xf16> {
  %y = arith.truncf %a : tensor<33x65xf32> to tensor<33x65xf16>
  return %y : tensor<33x65xf16>
}
