// What compiled code and the JIT do instead of crashing: an allocation the
// runtime cannot satisfy ends the process with a message, a declaration
// nothing defines is named before the JIT runs, and functions named like
// the library functions compiled code calls, or not named like C
// identifiers, keep working under entry points of their own.
// RUN: split-file %s %t

// An allocation over REMAT_RUNTIME_MEMORY_LIMIT (live device bytes), as
// one the system refuses: a message and exit status 1, not a null buffer.
// RUN: env REMAT_RUNTIME_MEMORY_LIMIT=1000000 not remat-run %t/oom.mlir 2>&1 | FileCheck %s --check-prefix=OOM
// RUN: env REMAT_RUNTIME_MEMORY_LIMIT=1000000 not remat-run %t/oom.mlir --no-vectorize 2>&1 | FileCheck %s --check-prefix=OOM
// RUN: env REMAT_RUNTIME_MEMORY_LIMIT=lots remat-run %t/oom.mlir 2>&1 | FileCheck %s --check-prefix=BADLIMIT
// RUN: env REMAT_RUNTIME_MEMORY_LIMIT=8000000 remat-run %t/oom.mlir | FileCheck %s --check-prefix=FITS
// OOM: remat-runtime: out of memory allocating 4194304 bytes (4096 bytes live, REMAT_RUNTIME_MEMORY_LIMIT=1000000)
// BADLIMIT: remat-runtime: ignoring REMAT_RUNTIME_MEMORY_LIMIT='lots': expected a byte count
// BADLIMIT: output 0: tensor<1024x1024xf32>
// FITS: output 0: tensor<1024x1024xf32>

// A declaration the JIT cannot resolve, in the function that is run.
// RUN: not remat-run %t/declaration.mlir --entry=use 2>&1 | FileCheck %s --check-prefix=DECLARATION
// DECLARATION: declaration.mlir:1:1: error: @foo is declared but not defined in the module; remat-run cannot link external functions (define it in the module, or link the output of --emit-object yourself)
// DECLARATION-NOT: Symbols not found
// DECLARATION: remat-run: JIT compilation failed: the module calls functions it does not define (see the errors above)
// A run compiles only what its entry reaches: @other does not call @foo.
// RUN: remat-run %t/declaration.mlir --entry=other | FileCheck %s --check-prefix=UNREACHED
// UNREACHED: @other from
// UNREACHED: output 0: tensor<4xf32>
// Ahead of time, the object leaves it for the linker.
// RUN: remat-run %t/declaration.mlir --entry=use --emit-object=%t.declaration.o
// RUN: llvm-nm %t.declaration.o | FileCheck %s --check-prefix=DECLARATION-OBJECT
// DECLARATION-OBJECT: U foo

// @expf and @tanh are the user's: remat.exp (expf through libm when not
// vectorized) and the rest do not call them. Their entry points keep their
// names; the functions themselves are renamed.
// RUN: remat-run %t/libm.mlir --entry=other --no-vectorize | FileCheck %s --check-prefix=LIBM
// RUN: remat-run %t/libm.mlir --entry=other | FileCheck %s --check-prefix=LIBM
// RUN: remat-run %t/libm.mlir --entry=expf --no-vectorize | FileCheck %s --check-prefix=LIBM
// RUN: remat-run %t/libm.mlir --entry=__truncsfhf2 | FileCheck %s --check-prefix=HALF
// RUN: remat-run %t/libm.mlir --entry=expf --emit-object=%t.libm.o --emit-header=%t.libm.h
// RUN: llvm-nm %t.libm.o | FileCheck %s --check-prefix=LIBM-OBJECT
// RUN: FileCheck %s --input-file=%t.libm.h --check-prefix=LIBM-HEADER
// LIBM: output 0: tensor<4xf32> sum 5.0903126 abs-sum 5.0903126 first [0.759415, 0.511936, 2.651004, 1.167958]
// HALF: output 0: tensor<4xf16> sum
// LIBM-OBJECT-NOT: {{ T (expf|tanh|__truncsfhf2)$}}
// LIBM-OBJECT: T _mlir_ciface___truncsfhf2
// LIBM-OBJECT: T _mlir_ciface_expf
// LIBM-OBJECT: T _mlir_ciface_other
// LIBM-OBJECT: T _mlir_ciface_tanh
// LIBM-OBJECT-NOT: {{ T (expf|tanh|__truncsfhf2)$}}
// LIBM-HEADER: void _mlir_ciface_expf(StridedMemRefType<float, 1> *result, StridedMemRefType<float, 1> *arg0);

// A name that is not a C identifier: its entry point is escaped (_xHH) in
// the object, the header and the JIT alike.
// RUN: remat-run %t/names.mlir --entry=my-fn --emit-object=%t.names.o --emit-header=%t.names.h
// RUN: llvm-nm %t.names.o | FileCheck %s --check-prefix=NAMES-OBJECT
// RUN: FileCheck %s --input-file=%t.names.h --check-prefix=NAMES-HEADER
// RUN: remat-run %t/names.mlir --entry=my-fn | FileCheck %s --check-prefix=NAMES-JIT
// Two entry points with one C-interface name cannot be in one object; a run
// compiles only its entry, so either can be run.
// RUN: not remat-run %t/clash.mlir --emit-object=%t.clash.o 2>&1 | FileCheck %s --check-prefix=CLASH
// RUN: remat-run %t/clash.mlir --entry=my_x2dfn | FileCheck %s --check-prefix=CLASH-JIT
// CLASH-JIT: @my_x2dfn from
// NAMES-OBJECT-DAG: T _mlir_ciface_my_x2dfn
// NAMES-OBJECT-DAG: T _mlir_ciface_1st_x2efn
// NAMES-HEADER: // @my-fn(4xf32) -> (4xf32, 4xf32)
// NAMES-HEADER-NEXT: struct my_x2dfn_results {
// NAMES-HEADER: void _mlir_ciface_my_x2dfn(my_x2dfn_results *results, StridedMemRefType<float, 1> *arg0);
// NAMES-HEADER: void _mlir_ciface_1st_x2efn(StridedMemRefType<float, 1> *result, StridedMemRefType<float, 1> *arg0);
// NAMES-JIT: output 1: tensor<4xf32>
// CLASH: clash.mlir:4:1: error: @my_x2dfn and @my-fn have the same C-interface name, _mlir_ciface_my_x2dfn; rename one

//--- oom.mlir
func.func @big(%x: tensor<1024xf32>) -> tensor<1024x1024xf32> {
  %y = remat.broadcast %x dims [0] : tensor<1024xf32> -> tensor<1024x1024xf32>
  return %y : tensor<1024x1024xf32>
}

//--- declaration.mlir
func.func private @foo(tensor<4xf32>) -> tensor<4xf32>
func.func @use(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = call @foo(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func @other(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = remat.exp %x : tensor<4xf32>
  return %y : tensor<4xf32>
}

//--- libm.mlir
func.func @expf(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = remat.exp %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func @tanh(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = remat.tanh %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func @other(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = call @expf(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
// f16 to and from f32 through the compiler runtime.
func.func @__truncsfhf2(%x: tensor<4xf16>) -> tensor<4xf16> {
  %y = remat.exp %x : tensor<4xf16>
  return %y : tensor<4xf16>
}

//--- names.mlir
func.func @"my-fn"(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %y = remat.exp %x : tensor<4xf32>
  return %y, %x : tensor<4xf32>, tensor<4xf32>
}
func.func @"1st.fn"(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

//--- clash.mlir
func.func @"my-fn"(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
func.func @my_x2dfn(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
