//===- Pipelines.h - remat's lowering pipelines -----------------*- C++ -*-===//

#ifndef REMAT_PIPELINES_PIPELINES_H
#define REMAT_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

#include <string>

namespace remat {

/// Options of remat-lower-cpu.
struct CpuPipelineOptions : mlir::PassPipelineOptions<CpuPipelineOptions> {
  Option<bool> vectorize{
      *this, "vectorize",
      llvm::cl::desc("Tile and vectorize matmul, conv and elementwise ops "
                     "(otherwise plain loops; default: true)"),
      llvm::cl::init(true)};
  Option<bool> trackAllocations{
      *this, "track-allocations",
      llvm::cl::desc("Allocate through the runtime's tracked allocator "
                     "(_mlir_memref_to_llvm_* functions, libRematRuntime; "
                     "default: true)"),
      llvm::cl::init(true)};
  Option<bool> cInterface{
      *this, "c-interface",
      llvm::cl::desc("Emit _mlir_ciface_ wrappers taking StridedMemRefType "
                     "pointers for every public function (default: true)"),
      llvm::cl::init(true)};
  Option<bool> outlineKernels{
      *this, "outline-kernels",
      llvm::cl::desc("Give each kernel's loop nest a function of its own, "
                     "which LLVM compiles on its own (otherwise one function "
                     "per step, whose compile time grows with its square; "
                     "default: true)"),
      llvm::cl::init(true)};
  Option<std::string> cpu{
      *this, "cpu",
      llvm::cl::desc("The CPU to compile for: host, or an LLVM CPU name of "
                     "the host's architecture (x86-64, x86-64-v3, haswell, "
                     "znver3, skylake-avx512, ...; default: the module's "
                     "llvm.target, else host)"),
      llvm::cl::init("")};
  Option<std::string> cpuFeatures{
      *this, "cpu-features",
      llvm::cl::desc("LLVM features to add (+name) or remove (-name) on top "
                     "of the CPU's, comma-separated (default: none)"),
      llvm::cl::init("")};
};

/// Lowers remat (or linalg/tensor) IR on tensors to the LLVM dialect for the
/// host CPU (or the one `cpu` names; remat-cpu-target): remat -> linalg, tiling and vectorization, bufferization across
/// function boundaries, deallocation at last use, loops, LLVM.
void buildCpuPipeline(mlir::OpPassManager &pm,
                      const CpuPipelineOptions &options);

/// Registers remat-lower-cpu (and its helper passes) with the global
/// registry.
void registerCpuPipeline();

/// Options of remat-lower-gpu.
struct GpuPipelineOptions : mlir::PassPipelineOptions<GpuPipelineOptions> {
  Option<std::string> chip{
      *this, "chip",
      llvm::cl::desc("The NVIDIA chip to compile kernels for: sm_70 to "
                     "sm_120a (default: sm_90)"),
      llvm::cl::init("sm_90")};
  Option<std::string> format{
      *this, "format",
      llvm::cl::desc("What gpu-module-to-binary embeds: isa (PTX), bin "
                     "(cubin, needs ptxas) or fatbin (default: isa)"),
      llvm::cl::init("isa")};
  Option<unsigned> optLevel{
      *this, "opt-level",
      llvm::cl::desc("LLVM's optimization level for the kernels, 0 to 3 "
                     "(default: 2, MLIR's)"),
      llvm::cl::init(2)};
  Option<bool> cInterface{
      *this, "c-interface",
      llvm::cl::desc("Give public functions _mlir_ciface_ entry points "
                     "taking memref descriptors, as remat-run calls them "
                     "(default: false)"),
      llvm::cl::init(false)};
};

/// Lowers remat (or linalg/tensor) IR on tensors to the LLVM dialect with
/// its kernels compiled for an NVIDIA GPU: remat -> linalg, bufferization,
/// deallocation at last use, parallel loops tiled 16 x 16 and mapped to
/// blocks and threads, what is left on the host in one-thread kernels,
/// device allocations, then MLIR's NVVM lowering (gpu-lower-to-nvvm-
/// pipeline) down to a gpu.binary. The host code calls MLIR's mgpu* runtime
/// functions (libRematGpuRuntime, remat/Runtime/GpuRuntime.h).
void buildGpuPipeline(mlir::OpPassManager &pm,
                      const GpuPipelineOptions &options);

/// Registers remat-lower-gpu (and its helper passes) with the global
/// registry.
void registerGpuPipeline();

} // namespace remat

#endif // REMAT_PIPELINES_PIPELINES_H
