//===- GpuPipeline.cpp - remat-lower-gpu ----------------------------------===//
//
// remat IR to kernels for an NVIDIA GPU, through the GPU and NVVM dialects.
// The front half is the CPU pipeline's (remat -> linalg, bufferization,
// deallocation at last use: the memory model plans are made under); then
// every linalg op becomes parallel loops, tiled 16 x 16, the outer loops
// mapped to blocks and the inner to threads (gpu-map-parallel-loops),
// converted to gpu.launch; remat-gpu-host-code keeps the host off device
// memory; MLIR's NVVM pipeline outlines the kernels, lowers them to NVVM and
// serializes them (gpu-module-to-binary), and lowers the host side to LLVM
// calls of the mgpu* runtime functions.
//
// What is not done yet (docs/pipelines.md, "remat-lower-gpu"): shared-memory
// and register tiling, tensor cores, warp reductions, and offload copies on
// a second stream.
//
//===----------------------------------------------------------------------===//

#include "remat/Pipelines/Pipelines.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/GPU/Pipelines/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "remat/Conversion/Passes.h"
#include "remat/Pipelines/CPU/Passes.h"
#include "remat/Pipelines/GPU/MemoryModel.h"
#include "remat/Pipelines/GPU/Passes.h"

using namespace mlir;

void remat::buildGpuPipeline(OpPassManager &pm,
                             const GpuPipelineOptions &options) {
  GpuCheckTargetOptions check;
  check.chip = options.chip;
  check.format = options.format;
  check.optLevel = options.optLevel;
  pm.addPass(createGpuCheckTarget(check));
  // As remat-lower-cpu: operands held to the end of each op, remat ->
  // linalg on tensors, bufferization, deallocation, frees at last use.
  pm.addNestedPass<func::FuncOp>(createHoldOperands());
  pm.addPass(createConvertRematToLinalg());
  CheckCpuLowerableOptions lowerable;
  lowerable.pipeline = "remat-lower-gpu";
  pm.addPass(createCheckCpuLowerable(lowerable));
  if (options.cInterface)
    pm.addPass(createEmitCInterface());
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  pm.addNestedPass<func::FuncOp>(createDropSelfCopies());
  bufferization::buildBufferDeallocationPipeline(pm);
  pm.addPass(createConvertBufferizationToMemRefPass());
  pm.addPass(createFreeAfterLastUse());
  // Offloaded values in pinned host memory, copied by DMA (gpu.memcpy).
  pm.addPass(createGpuHostMemory());
  // Every loop on the GPU: copies as linalg too, all of it as parallel
  // loops, tiled so that the inner 16 x 16 become threads of a block.
  pm.addNestedPass<func::FuncOp>(createCopiesToLinalg());
  // Parallel dimensions first, so that no reduction loop stays on the host
  // around a kernel.
  pm.addNestedPass<func::FuncOp>(createGpuParallelLoopsOuter());
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToParallelLoopsPass());
  pm.addNestedPass<func::FuncOp>(
      createParallelLoopTilingPass(/*tileSizes=*/{16, 16}));
  // Partial tiles' bounds with a constant, so that every nest is a grid.
  pm.addNestedPass<func::FuncOp>(createGpuTileBounds());
  pm.addNestedPass<func::FuncOp>(createGpuMapParallelLoopsPass());
  // A host loop addressing its kernels by values read from memory (an
  // embedding gradient's ids) stays whole, in one kernel.
  pm.addNestedPass<func::FuncOp>(createGpuIndirectLoops());
  pm.addPass(createConvertParallelLoopToGpuPass());
  pm.addPass(createGpuHostCode());
  pm.addPass(createGpuMath());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createCanonicalizerPass());
  // Grids and blocks are constants now: refuse what a GPU cannot launch.
  pm.addPass(createGpuLaunchLimits());
  // Kernels outlined, then the host's GPU calls made asynchronous on one
  // stream (gpu-to-llvm lowers gpu.alloc only in that form).
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(createGpuKernelNames());
  pm.addNestedPass<func::FuncOp>(createGpuAsyncRegionPass());
  // MLIR's NVVM pipeline: NVVM, serialization, host to LLVM.
  gpu::GPUToNVVMPipelineOptions nvvm;
  nvvm.cubinChip = options.chip;
  nvvm.cubinFeatures = ptxFeatureForChip(options.chip).value_or("+ptx80");
  nvvm.cubinFormat = options.format;
  nvvm.optLevel = options.optLevel;
  gpu::buildLowerToNVVMPassPipeline(pm, nvvm);
}

void remat::registerGpuPipeline() {
  registerGpuMemoryModel();
  registerRematGPUPasses();
  PassPipelineRegistration<GpuPipelineOptions>(
      "remat-lower-gpu",
      "Lower remat IR to the LLVM dialect with NVIDIA GPU kernels: remat "
      "-> linalg, bufferize, free at last use, parallel loops mapped to "
      "blocks and threads, NVVM, gpu.binary; the host code calls "
      "libRematGpuRuntime's mgpu* functions",
      buildGpuPipeline);
}
