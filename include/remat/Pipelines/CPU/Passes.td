//===- Passes.td - the passes of remat-lower-cpu -----------*- tablegen -*-===//
//
// The hand-written passes of the CPU pipeline (lib/Pipelines/CPU), in the
// order remat-lower-cpu runs them. Each is usable on its own in remat-opt.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_PIPELINES_CPU_PASSES_TD
#define REMAT_PIPELINES_CPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def SetCpuTarget : Pass<"remat-cpu-target", "::mlir::ModuleOp"> {
  let summary = "Choose the CPU to compile for and record it on the module";
  let description = [{
    Resolves `cpu` and `cpu-features` as `llc -mcpu`/`-mattr` do (LLVM's CPU
    and feature names for the host's architecture; `host` is the CPU this
    runs on, with the features it reports, as `-mcpu=native`) and records
    the result as the module's `llvm.target` attribute: the CPU name and
    the features that differ from that CPU's defaults. Then every
    `llvm.func` with a body gets `target_cpu` and `target_features`, so
    that LLVM generates code for that CPU whatever machine compiles the
    LLVM IR. `remat-lower-cpu` runs it first (the kernels of
    `remat-tile-and-vectorize` choose their register tiles from it: AVX-512,
    AVX2 or a portable fallback) and last (on the LLVM functions).

    With `cpu` empty (the default) a module that already has an
    `llvm.target` keeps it; one without gets the host's. An unknown CPU or
    feature name is an error naming the valid values:

    ```
    error: remat-cpu-target: unknown cpu 'znver9' (did you mean 'znver5'?);
      expected one of: host, alderlake, amdfam10, ...
    ```

    ```mlir
    module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu",
        chip = "haswell">} { ... }
    ```
  }];
  let options = [
    Option<"cpu", "cpu", "std::string", /*default=*/"\"\"",
           "The CPU to compile for: host (the one this runs on) or an LLVM "
           "CPU name, e.g. x86-64, x86-64-v3, haswell, znver3, "
           "skylake-avx512 (default: the module's llvm.target, else host)">,
    Option<"cpuFeatures", "cpu-features", "std::string", /*default=*/"\"\"",
           "Comma-separated LLVM features to add (+name) or remove (-name) "
           "on top of the CPU's, e.g. -avx512f (default: none)">
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def CheckCpuLowerable : Pass<"remat-check-cpu-lowerable", "::mlir::ModuleOp"> {
  let summary = "Diagnose the ops on tensors that remat-lower-cpu cannot lower";
  let description = [{
    Runs after `convert-remat-to-linalg`, which leaves on tensors only
    upstream ops. Each op left that reads or produces a tensor and that
    One-Shot Bufferize does not know (an op of a foreign dialect, an
    elementwise op on dynamically shaped tensors) gets an error naming it and
    what the pipeline lowers, instead of bufferization's internal "op was not
    bufferized" on the first of them. Ops that touch no tensor pass.

    ```mlir
    // error: 'foo.op' op on tensors cannot be lowered by remat-lower-cpu: ...
    %y = "foo.op"(%x) : (tensor<4xf32>) -> tensor<4xf32>
    ```

    `remat-lower-gpu` runs it too (`pipeline=remat-lower-gpu`), for the same
    front half.
  }];
  let options = [
    Option<"pipeline", "pipeline", "std::string",
           /*default=*/"\"remat-lower-cpu\"",
           "The pipeline the diagnostics name (default: remat-lower-cpu)">
  ];
}

def EmitCInterface : Pass<"remat-emit-c-interface", "::mlir::ModuleOp"> {
  let summary = "Mark public functions with llvm.emit_c_interface";
  let description = [{
    Sets `llvm.emit_c_interface` on every public function with a body, so
    that the LLVM lowering emits an `_mlir_ciface_<name>` wrapper taking
    `StridedMemRefType` pointers: the entry point `remat-run`, the JIT runner
    and the generated C header call.
  }];
}

def TileAndVectorize : Pass<"remat-tile-and-vectorize", "::mlir::func::FuncOp"> {
  let summary = "Tile and vectorize linalg ops on tensors for the host CPU";
  let description = [{
    On tensors, before bufferization: f32 matmuls (any transposition,
    batched or not), convolutions and filter gradients with one group become
    a packed kernel with register tiles sized for the module's CPU (its
    `llvm.target`, see `remat-cpu-target`; else the host): 8x32 on AVX-512,
    6x16 on AVX2, 2x16 elsewhere, written directly in the vector dialect
    (its 32-column panel, the same on every CPU, is the scratch the planner
    counts for these ops); other matmuls get the same register tiles with
    the accumulator hoisted out of the reduction loop; elementwise ops, fills, transposes and reductions
    along their innermost dimension are tiled by up to 64 elements and
    vectorized; `tensor.pad` and `tensor.insert_slice` become copies in
    destination form; exp, log, tanh, erf, sin and cos become polynomial
    approximations within a few ulp of libm. Tile sizes divide the loop
    sizes, so no tile is partial. Ops it cannot vectorize (grouped
    convolutions, gathers) are left for `convert-linalg-to-loops`.
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect", "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect", "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect", "::mlir::vector::VectorDialect"
  ];
}

def DropSelfCopies : Pass<"remat-drop-self-copies", "::mlir::func::FuncOp"> {
  let summary = "Erase memref.copy ops whose source and target are the same view";
  let description = [{
    After bufferization, a slice inserted into the buffer it was extracted
    from becomes a `memref.copy` of a view onto the same view. Such copies
    do nothing; this pass erases them (CSE would fold the two views into one,
    but the pipeline runs no CSE: it would merge rematerialized clones back
    into the values they replace).
  }];
}

def FreeAfterLastUse : Pass<"remat-free-after-last-use"> {
  let summary = "Move each memref.dealloc right after the last use of its buffer";
  let description = [{
    The ownership-based buffer deallocation pipeline frees buffers at the end
    of the block that allocated them. remat's memory model, and therefore
    every plan, assumes a value is freed right after its last read. This pass
    moves each unconditional `memref.dealloc` up to just after the last op of
    its block that uses the buffer or any of its aliases (views, loop
    arguments; from BufferViewFlowAnalysis), so that the measured peak of the
    compiled code is the planned one. A `remat.hold` (see
    `remat-hold-operands`) counts as a use; the pass erases the holds once
    the frees are placed.

    ```mlir
    // Before
    %a = memref.alloc() : memref<1024xf32>
    linalg.generic ... ins(%a ...) outs(%b ...)
    ... // long computation, %a dead
    memref.dealloc %a : memref<1024xf32>
    // After
    %a = memref.alloc() : memref<1024xf32>
    linalg.generic ... ins(%a ...) outs(%b ...)
    memref.dealloc %a : memref<1024xf32>
    ...
    ```

    It also gives every `memref.alloc` without an alignment the planner's
    (`alignment`, 64 bytes: the granule the aligned allocator rounds sizes
    up to). One-shot bufferization aligns its buffers so, but the copies
    that `bufferization.clone` becomes, such as the one a function makes of
    an argument or a constant it returns, have none.
  }];
  let options = [
    Option<"alignment", "alignment", "int64_t", /*default=*/"64",
           "Alignment in bytes given to allocations without one (default: 64)">,
  ];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def LowerHostMemory : Pass<"remat-lower-host-memory", "::mlir::ModuleOp"> {
  let summary = "Allocate #remat.host buffers through the runtime's host entry point";
  let description = [{
    `convert-remat-to-linalg` allocates the buffers of `remat.offload` (and
    the host stacks of an offloading `remat.scan`) in the `#remat.host`
    memory space. On the CPU host and device memory are the same memory, but
    the runtime counts them apart, as a GPU's would: this pass replaces each
    `memref.alloc` in that space with a call of
    `remat_runtime_host_alloc(alignment, bytes)` (libRematRuntime) wrapped
    into a memref descriptor, then drops the memory space from every type
    in the module so that the standard LLVM lowerings apply. Frees stay
    `memref.dealloc`: the runtime knows which blocks are host memory. With
    `track-allocations=false` the allocations stay `memref.alloc` (plain
    `aligned_alloc`) and only the memory space is dropped.

    ```mlir
    // Before
    %h = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32, #remat.host>
    // After
    %p = llvm.call @remat_runtime_host_alloc(%c64, %c128) : (i64, i64) -> !llvm.ptr
    %d = ... memref descriptor of %p ...
    %h = builtin.unrealized_conversion_cast %d : !llvm.struct<...> to memref<4x8xf32>
    ```

    Host buffers must have static shapes (a dynamic one gets an error).
  }];
  let options = [
    Option<"trackAllocations", "track-allocations", "bool", "true",
           "Allocate host buffers through remat_runtime_host_alloc "
           "(otherwise memref.alloc; default: true)">
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def ScalarizeBoolTransfers
    : Pass<"remat-scalarize-bool-transfers", "::mlir::func::FuncOp"> {
  let summary = "Move i1 vectors to and from memory one element at a time";
  let description = [{
    i1 vectors are packed bits in LLVM, but i1 memrefs hold a byte per
    element: a 1-D `vector.transfer_read`/`transfer_write`, `vector.load` or
    `vector.store` of i1 elements would read or write the wrong bytes. This
    pass rewrites each as one `memref.load` or `memref.store` per element
    (the masks of foreign `arith.cmpf` ops are the only i1 vectors the
    pipeline makes).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::memref::MemRefDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def OutlineKernels : Pass<"remat-outline-kernels", "::mlir::ModuleOp"> {
  let summary = "Move each loop nest that allocates nothing into a function of its own";
  let description = [{
    At the end of the memref stage a training step is one function holding
    every kernel as a loop nest: a MobileNetV2 step becomes one LLVM
    function of 257k lines. LLVM's loop passes do work per loop that grows
    with the function (ScalarEvolution walks the conditions that dominate a
    loop back to the entry block), so compiling the step took 93 s, 39 of
    them in IndVarSimplify. This pass moves each top-level loop nest (an op
    with regions) into a private function that LLVM will not inline
    (`passthrough = ["noinline"]`, internal linkage) and calls it,
    so that LLVM optimizes each kernel on its own; nests that print the
    same (same ops, types and constants) share one function. Constants the
    nest uses are cloned into the function, so every shape, tile size and
    bound stays a constant there. A buffer argument is `llvm.noalias` where
    every call passes a view of an allocation (or global) that no other
    argument of the call is a view of; the step's own arguments never are
    (a caller may pass one buffer twice).

    A nest that allocates or frees heap memory, calls a function or uses a
    buffer outside the default memory space stays in place and the pass
    looks inside it (the loop of a `remat.scan`, say), so allocations,
    deallocations and their order stay in the step: the memory the compiled
    code measures is the one the plan counted.

    ```mlir
    // Before
    func.func @step(%a: memref<64xf32>, %b: memref<64xf32>) {
      %c0 = arith.constant 0 : index
      ...
      scf.for %i = %c0 to %c64 step %c16 { ... %a ... %b ... }
      return
    }
    // After
    func.func private @step_kernel(%a: memref<64xf32>, %b: memref<64xf32>)
        attributes {llvm.linkage = #llvm.linkage<internal>,
                    passthrough = ["noinline"]} {
      %c0 = arith.constant 0 : index
      ...
      scf.for %i = %c0 to %c64 step %c16 { ... }
      return
    }
    func.func @step(%a: memref<64xf32>, %b: memref<64xf32>) {
      call @step_kernel(%a, %b) : (memref<64xf32>, memref<64xf32>) -> ()
      return
    }
    ```
  }];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

#endif // REMAT_PIPELINES_CPU_PASSES_TD
