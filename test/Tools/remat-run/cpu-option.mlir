// remat-run --cpu compiles for another CPU: it runs the code when this host
// has every instruction set that CPU has, refuses with the features it
// lacks when not (Sapphire Rapids' AMX and AVX512-FP16 here), and writes an
// object for it either way. An unknown name is refused before compiling.
// REQUIRES: host-x86-64
// UNSUPPORTED: host-amx
// RUN: remat-run %s --cpu=x86-64 --print=2 | FileCheck %s --check-prefix=RAN
// RUN: not remat-run %s --cpu=sapphirerapids 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: remat-run %s --cpu=sapphirerapids --emit-object=%t.o && test -s %t.o
// RUN: not remat-run %s --cpu=skylake-avx513 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not remat-run %s --cpu-features=+avx3 2>&1 | FileCheck %s --check-prefix=FEATURE
// RUN: not remat-run %s --target=gpu --cpu=haswell 2>&1 | FileCheck %s --check-prefix=GPU

// RAN: @mm from {{.*}} (lowered with remat-lower-cpu for x86-64, portable kernels)
// RAN: output 0: tensor<4x16xf32>
// REFUSED: remat-run: JIT compilation failed: the module is compiled for cpu 'sapphirerapids', which this host ({{.*}}) cannot run: it lacks {{.*}}amx-tile{{.*}}. Compile it with cpu=host to run it here, or write an object for that CPU with --emit-object
// UNKNOWN: remat-run: --cpu=skylake-avx513: unknown cpu 'skylake-avx513' (did you mean 'skylake-avx512'?); expected one of: host, {{.*}}
// FEATURE: remat-run: --cpu=host --cpu-features=+avx3: unknown cpu feature '+avx3'
// GPU: remat-run: --cpu does not apply to --target=gpu
func.func @mm(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %c = remat.matmul %a, %b : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<4x16xf32>
  return %c : tensor<4x16xf32>
}
