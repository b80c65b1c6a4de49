// --opt-level sets LLVM's optimization level (0 to 3, default 3) for the JIT
// and for --emit-object: -O0 compiles several times faster and runs slower.
// The planned MLP step gives the same outputs, bit for bit, and the same
// measured peak at -O0 as at -O3 (the lowering fixes every rounding: LLVM
// does not reassociate without fast-math flags, and the buffers are the
// runtime's, which no level elides). REMAT_RUN_OPTIONS is read before the
// command line: a suite can set --opt-level for every run (the sanitizer
// build's does), and an explicit option still wins.
// RUN: remat-opt %remat_src_root/examples/mlp.mlir -remat-autodiff -remat-rematerialize="budget=65% functions=mlp_grad" -o %t.mlir
// RUN: remat-run %t.mlir --opt-level=3 --print=0 --check-memory=0 --save-outputs=%t.o3. | FileCheck %s --check-prefix=MEM
// RUN: remat-run %t.mlir --opt-level=0 --print=0 --check-memory=0 --expect-outputs=%t.o3. | FileCheck %s --check-prefixes=MEM,SAME
// MEM: PASS memory: measured {{[0-9]+}} B <= budget {{[0-9]+}} B, 0.00% from the plan
// SAME-COUNT-10: PASS output {{[0-9]}} is bitwise identical to

// The level reaches the object: -O0's differs from -O3's; from the
// environment it is the same as from the command line.
// RUN: remat-run %t.mlir --opt-level=0 --emit-object=%t.0.o
// RUN: remat-run %t.mlir --opt-level=3 --emit-object=%t.3.o
// RUN: not cmp -s %t.0.o %t.3.o
// RUN: env REMAT_RUN_OPTIONS=--opt-level=0 remat-run %t.mlir --emit-object=%t.env.o
// RUN: cmp %t.0.o %t.env.o
// RUN: env REMAT_RUN_OPTIONS=--opt-level=0 remat-run %t.mlir --opt-level=3 --emit-object=%t.override.o
// RUN: cmp %t.3.o %t.override.o
