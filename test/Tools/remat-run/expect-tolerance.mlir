// --expect-tolerance=R with --expect-outputs: an output that is not bitwise
// identical to the saved one still passes when its largest difference is
// at most R times the saved output's largest magnitude, and it prints that
// fraction; NaNs must be where the saved ones are. Without the option the
// comparison stays bitwise.
// RUN: remat-run %s --entry=scaled --seed=1 --save-outputs=%t.ref. > /dev/null
// RUN: remat-run %s --entry=scaled --seed=1 --expect-outputs=%t.ref. | FileCheck %s --check-prefix=SAME
// RUN: not remat-run %s --entry=nudged --seed=1 --expect-outputs=%t.ref. | FileCheck %s --check-prefix=BITWISE
// RUN: remat-run %s --entry=nudged --seed=1 --expect-outputs=%t.ref. --expect-tolerance=1e-5 | FileCheck %s --check-prefix=CLOSE
// RUN: not remat-run %s --entry=nudged --seed=1 --expect-outputs=%t.ref. --expect-tolerance=1e-7 | FileCheck %s --check-prefix=FAR
// RUN: remat-run %s --entry=roots --seed=1 --save-outputs=%t.roots. > /dev/null
// RUN: not remat-run %s --entry=negated_roots --seed=1 --expect-outputs=%t.roots. --expect-tolerance=0.5 | FileCheck %s --check-prefix=NAN

// SAME: PASS output 0 is bitwise identical to {{.*}}.ref.0.npy
// BITWISE: FAIL output 0 differs from {{.*}}.ref.0.npy{{$}}
// CLOSE: PASS output 0 differs from {{.*}}.ref.0.npy by {{[0-9.]+}}e-06 of its largest magnitude (tolerance 1e-05)
// FAR: FAIL output 0 differs from {{.*}}.ref.0.npy by {{[0-9.]+}}e-06 of its largest magnitude (tolerance 1e-07)
// NAN: FAIL output 0 differs from {{.*}}.roots.0.npy in where its NaNs or infinities are (tolerance 0.5)

func.func @scaled(%x: tensor<64xf32>) -> tensor<64xf32> {
  %y = remat.scale %x, 2.0 : tensor<64xf32>
  return %y : tensor<64xf32>
}

func.func @nudged(%x: tensor<64xf32>) -> tensor<64xf32> {
  %y = remat.scale %x, 2.000004 : tensor<64xf32>
  return %y : tensor<64xf32>
}

func.func @roots(%x: tensor<64xf32>) -> tensor<64xf32> {
  %y = remat.sqrt %x : tensor<64xf32>
  return %y : tensor<64xf32>
}

func.func @negated_roots(%x: tensor<64xf32>) -> tensor<64xf32> {
  %n = remat.neg %x : tensor<64xf32>
  %y = remat.sqrt %n : tensor<64xf32>
  return %y : tensor<64xf32>
}
