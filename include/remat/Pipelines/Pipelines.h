//===- Pipelines.h - remat's lowering pipelines -----------------*- C++ -*-===//

#ifndef REMAT_PIPELINES_PIPELINES_H
#define REMAT_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

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
};

/// Lowers remat (or linalg/tensor) IR on tensors to the LLVM dialect for the
/// host CPU: remat -> linalg, tiling and vectorization, bufferization across
/// function boundaries, deallocation at last use, loops, LLVM.
void buildCpuPipeline(mlir::OpPassManager &pm,
                      const CpuPipelineOptions &options);

/// Registers remat-lower-cpu (and its helper passes) with the global
/// registry.
void registerCpuPipeline();

} // namespace remat

#endif // REMAT_PIPELINES_PIPELINES_H
