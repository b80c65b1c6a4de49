//===- Passes.td - the passes of remat-lower-gpu -----------*- tablegen -*-===//
//
// The hand-written passes of the GPU pipeline (lib/Pipelines/GPU), in the
// order remat-lower-gpu runs them.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_PIPELINES_GPU_PASSES_TD
#define REMAT_PIPELINES_GPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def GpuCheckTarget : Pass<"remat-gpu-check-target", "::mlir::ModuleOp"> {
  let summary = "Diagnose what remat-lower-gpu cannot lower, before it starts";
  let description = [{
    Refuses, with an error, a chip string remat-lower-gpu does not take
    (`sm_70` to `sm_120a`; LLVM's NVPTX back end would abort on some), and
    a binary format other than `isa`, `bin` and `fatbin` (MLIR's
    `gpu-module-to-binary` reports an unknown one but goes on), and an
    optimization level above 3 (MLIR's NVVM pipeline reports it only at the
    end, on each kernel module, printing the module).
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90\"",
           "The NVIDIA chip to compile for (default: sm_90)">,
    Option<"format", "format", "std::string", /*default=*/"\"isa\"",
           "What gpu-module-to-binary embeds: isa, bin or fatbin "
           "(default: isa)">,
    Option<"optLevel", "opt-level", "unsigned", /*default=*/"2",
           "LLVM's optimization level for the kernels, 0 to 3 (default: 2)">
  ];
}

def GpuHostMemory : Pass<"remat-gpu-host-memory", "::mlir::ModuleOp"> {
  let summary = "Put #remat.host buffers in pinned host memory, copied by DMA";
  let description = [{
    Runs after bufferization and the frees at last use, before any copy
    becomes a kernel. `convert-remat-to-linalg` gives the buffers of
    `remat.offload` (and the host stacks of an offloading `remat.scan`)
    the `#remat.host` memory space; on the GPU they are pinned host memory
    from libRematGpuRuntime, counted apart from device bytes:
    - each `memref.alloc` in that space becomes a call of
      `remat_gpu_host_alloc(bytes)` wrapped into a memref descriptor;
    - each `memref.dealloc` of one becomes a call of
      `remat_gpu_host_free(pointer)` (which waits for the device's pending
      copies before it frees);
    - each `memref.copy` to or from one becomes a `gpu.memcpy` (made
      asynchronous on the stream by `gpu-async-region`, a DMA transfer
      rather than a kernel); both sides must be contiguous, as offloaded
      values and the slots of a scan's host stack are;
    - then the memory space leaves every type.

    ```mlir
    // Before
    %h = memref.alloc() {alignment = 64 : i64} : memref<32x96xf32, #remat.host>
    memref.copy %d, %h : memref<32x96xf32> to memref<32x96xf32, #remat.host>
    // After
    %p = llvm.call @remat_gpu_host_alloc(%c12288) : (i64) -> !llvm.ptr
    %h = builtin.unrealized_conversion_cast %desc : !llvm.struct<...> to memref<32x96xf32>
    gpu.memcpy %h, %d : memref<32x96xf32>, memref<32x96xf32>
    ```
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::arith::ArithDialect"];
}

def CopiesToLinalg : Pass<"remat-copies-to-linalg", "::mlir::func::FuncOp"> {
  let summary = "Rewrite memref.copy as linalg.copy, to be mapped like any loop";
  let description = [{
    A `memref.copy` left by bufferization lowers, on the host, to a call of
    the C runtime's `memrefCopy` or to `llvm.memcpy`, neither of which may
    touch device memory. As a `linalg.copy` it becomes parallel loops that
    `remat-lower-gpu` maps to blocks and threads like every other loop.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def GpuParallelLoopsOuter
    : Pass<"remat-gpu-parallel-loops-outer", "::mlir::func::FuncOp"> {
  let summary = "Put the parallel loops of each linalg op first";
  let description = [{
    `convert-linalg-to-parallel-loops` keeps a linalg op's loop order, so a
    reduction dimension before a parallel one (the column sums of a bias
    gradient: `[reduction, parallel]`) becomes an `scf.for` around an
    `scf.parallel`; once the parallel loops are kernels, the `scf.for`
    runs on the host and launches a kernel per iteration. This pass
    interchanges each op's loops so that the parallel dimensions come first
    (named ops with a fixed order, such as `linalg.reduce`, are generalized
    first): one launch per op, each thread running its reduction loop.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def GpuTileBounds : Pass<"remat-gpu-tile-bounds", "::mlir::func::FuncOp"> {
  let summary = "Fold the tile size into the bounds of partial tiles";
  let description = [{
    Runs after `parallel-loop-tiling`. Tiling a dimension that the tile
    size does not divide bounds the tile's loop by
    `affine.min(tile, rest)`, with the tile size an operand (an
    `arith.muli` of constants); `convert-parallel-loops-to-gpu` sizes a
    block by a constant among the min's results, and finding none it leaves
    the loop nest on the host, where `remat-gpu-host-code` runs it as a
    kernel of one thread. This pass folds those constants into the min's
    map (and only that: the canonicalizer would also merge the tile loops
    with the loops inside them, leaving blocks of one thread), so that every
    tiled nest becomes a grid of 16 x 16 blocks whose threads past the end
    are guarded off.
  }];
  let dependentDialects = ["::mlir::affine::AffineDialect"];
}

def GpuIndirectLoops
    : Pass<"remat-gpu-indirect-loops", "::mlir::func::FuncOp"> {
  let summary = "Run a host loop whose kernels it addresses by values it "
                "reads from memory as one kernel";
  let description = [{
    Runs after `gpu-map-parallel-loops`. A sequential loop on the host
    whose body reads a buffer and uses what it read in a parallel loop it
    contains (an embedding gradient: `table[ids[s], :] += grad[s, :]` for
    each id `s` in turn) cannot launch that parallel loop as a kernel: the
    host cannot read device memory for the kernel's operands. This pass
    drops the GPU mapping of every parallel loop inside such a loop, so that
    `convert-parallel-loops-to-gpu` leaves them and `remat-gpu-host-code`
    runs the whole loop in a kernel of one thread, in its order (the ids may
    repeat). Loops whose reads feed only host-independent kernels, or read
    constants (Revolve's action table), keep their kernels.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def GpuLaunchLimits : Pass<"remat-gpu-launch-limits", "::mlir::ModuleOp"> {
  let summary = "Refuse kernels whose grid or blocks exceed what a GPU "
                "launches";
  let description = [{
    Runs after the kernels' sizes are constants (after
    `convert-parallel-loops-to-gpu` and the canonicalizer). Every NVIDIA
    GPU remat-lower-gpu targets (sm_70 and later) launches at most
    2,147,483,647 x 65,535 x 65,535 blocks of at most 1,024 x 1,024 x 64
    threads, 1,024 in all; a launch beyond them fails on the device
    (CUDA_ERROR_INVALID_VALUE). Each `gpu.launch` beyond them is an error at
    the op it comes from, saying which dimension and how to reshape.
  }];
}

def GpuHostCode : Pass<"remat-gpu-host-code", "::mlir::ModuleOp"> {
  let summary = "Keep the host code of remat-lower-gpu off device memory";
  let description = [{
    Runs after `convert-parallel-loops-to-gpu`. On the host side (outside
    `gpu.launch`):
    - each op that reads or writes memory contents and contains no launch
      (a loop nest that was not parallel, such as the reduction of a 0-d
      loss, or a scalar load or store) runs in a kernel of one thread
      instead; an op whose results the host reads (a loaded scalar) cannot,
      and gets an error;
    - `memref.alloc` and `memref.dealloc` become `gpu.alloc` and
      `gpu.dealloc` (device memory);
    - `memref.get_global` (constants) used by a kernel is taken inside the
      kernel, so that kernel outlining copies the global into the device
      module.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def GpuMath : Pass<"remat-gpu-math", "::mlir::ModuleOp"> {
  let summary = "Math in kernels without libdevice";
  let description = [{
    The NVVM lowering calls libdevice (`__nv_expf`, ...) for math ops; PTX that
    calls it does not assemble unless libdevice is linked in. This pass rewrites
    them first: f16 and bf16 math in f32 (as remat's own lowerings compute);
    exp, log, tanh, erf, sin and cos as the same polynomial approximations the
    CPU's kernels use (so that an op computes the same bits on both); sqrt as
    PTX's correctly rounded `sqrt.rn`, rsqrt as 1 / sqrt (as the CPU lowering
    does); floor, fabs and fma (which the polynomials use) as the LLVM
    intrinsics NVPTX selects instructions for.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

def GpuKernelNames : Pass<"remat-gpu-kernel-names", "::mlir::ModuleOp"> {
  let summary = "Give outlined kernels names PTX accepts";
  let description = [{
    gpu-kernel-outlining names a kernel after the function it comes from
    (`@f_kernel`), and an MLIR symbol may hold any character while a PTX
    identifier is `[a-zA-Z_$][a-zA-Z0-9_$]*`: the kernels of `@"my-fn"`, or
    of a function remat-run renamed away from a library function's name
    (`@remat.user.tanh`), would not assemble ("Parsing error near '.user'"
    from the driver's PTX JIT). LLVM's NVPTX back end renames only
    globals and local functions. This pass replaces every other character
    of a kernel's name with `_` (adding `_N` when that name is taken in
    its `gpu.module`) and updates the `gpu.launch_func` ops that launch
    it. Runs after outlining.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

#endif // REMAT_PIPELINES_GPU_PASSES_TD
