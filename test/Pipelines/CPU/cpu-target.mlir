// remat-cpu-target records the CPU to compile for on the module (LLVM's
// llvm.target attribute) and on every LLVM function, and
// remat-tile-and-vectorize sizes the packed kernel's register tile for it:
// 8 rows x 2 vectors of 16 f32 lanes on AVX-512 (16 zmm accumulators), 6 x 1
// on AVX2 (12 ymm), 2 x 1 on the portable fallback (8 xmm). Any host can
// compile for any of them.
// DEFINE: %{cpu} =
// DEFINE: %{tile} = remat-opt %s --pass-pipeline='builtin.module(remat-cpu-target{%{cpu}}, convert-remat-to-linalg, func.func(remat-tile-and-vectorize))'
// REDEFINE: %{cpu} = cpu=skylake-avx512
// RUN: %{tile} | FileCheck %s --check-prefix=AVX512
// REDEFINE: %{cpu} = cpu=haswell
// RUN: %{tile} | FileCheck %s --check-prefix=AVX2
// REDEFINE: %{cpu} = cpu=x86-64
// RUN: %{tile} | FileCheck %s --check-prefix=PORTABLE
// Features on top of a CPU: without FMA, Haswell gets the portable tile.
// REDEFINE: %{cpu} = cpu=haswell cpu-features=-fma
// RUN: %{tile} | FileCheck %s --check-prefixes=NOFMA,PORTABLE
// The whole pipeline puts the CPU on every LLVM function with a body.
// RUN: remat-opt %s -remat-lower-cpu="cpu=znver3" | FileCheck %s --check-prefix=LLVM
// Without cpu=, a module keeps the llvm.target it has.
// RUN: remat-opt %s -remat-cpu-target=cpu=haswell | remat-opt -remat-cpu-target | FileCheck %s --check-prefix=KEEP
// ...and one without gets the host's.
// RUN: remat-opt %s -remat-cpu-target | FileCheck %s --check-prefix=HOST

// AVX512: module attributes {llvm.target = #llvm.target<triple = "{{.*}}", chip = "skylake-avx512"
// AVX512-LABEL: func.func @mm
// AVX512: scf.yield {{(%[0-9]+, ){15}%[0-9]+ : (vector<16xf32>, ){15}vector<16xf32>$}}

// AVX2: module attributes {llvm.target = #llvm.target<triple = "{{.*}}", chip = "haswell"
// AVX2-LABEL: func.func @mm
// AVX2: scf.yield {{(%[0-9]+, ){5}%[0-9]+ : (vector<16xf32>, ){5}vector<16xf32>$}}
// AVX2-NOT: scf.yield {{(%[0-9]+, ){6}[%]}}

// PORTABLE: module attributes {llvm.target = #llvm.target<triple = "{{.*}}", chip = "{{x86-64|haswell}}"
// NOFMA-SAME: features = <["-fma"]>
// PORTABLE-LABEL: func.func @mm
// PORTABLE: scf.yield %{{[0-9]+}}, %{{[0-9]+}} : vector<16xf32>, vector<16xf32>{{$}}
// PORTABLE-NOT: scf.yield {{(%[0-9]+, ){2}[%]}}

// LLVM: llvm.func @mm({{.*}}target_cpu = "znver3"
// LLVM: llvm.func @_mlir_ciface_mm({{.*}}target_cpu = "znver3"

// KEEP: chip = "haswell"
// HOST: llvm.target = #llvm.target<triple = "{{.+}}", chip = "{{.+}}"
func.func @mm(%a: tensor<12x64xf32>, %b: tensor<64x32xf32>) -> tensor<12x32xf32> {
  %c = remat.matmul %a, %b : tensor<12x64xf32>, tensor<64x32xf32> -> tensor<12x32xf32>
  return %c : tensor<12x32xf32>
}
