// An unknown CPU or feature name is an error naming the valid values.
// RUN: remat-opt %s -verify-diagnostics -remat-cpu-target="cpu=znver9"
// RUN: not remat-opt %s -remat-lower-cpu="cpu=haswel" 2>&1 | FileCheck %s --check-prefix=TYPO
// RUN: not remat-opt %s -remat-cpu-target="cpu-features=+avx3" 2>&1 | FileCheck %s --check-prefix=FEATURE
// RUN: not remat-opt %s -remat-cpu-target="cpu-features=avx2" 2>&1 | FileCheck %s --check-prefix=SIGN

// TYPO: unknown cpu 'haswel' (did you mean 'haswell'?); expected one of: host, {{.*}}, haswell, {{.*}}, x86-64-v3
// An option error is not followed by the whole module.
// TYPO-NOT: see current operation
// FEATURE: error: remat-cpu-target: unknown cpu feature '+avx3' (did you mean '+avx'?); expected a comma-separated list of +name or -name
// SIGN: error: remat-cpu-target: unknown cpu feature 'avx2' (did you mean '+avx2'?)

// expected-error@+1 {{remat-cpu-target: unknown cpu 'znver9' (did you mean 'znver1'?); expected one of: host, }}
module {
  func.func @f() {
    return
  }
}
