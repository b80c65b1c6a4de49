//===- Registration.h - register remat with a tool --------------*- C++ -*-===//
//
// What a tool (or another compiler embedding remat) calls to make the dialect,
// its passes and its pipelines available.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_REGISTRATION_H
#define REMAT_REGISTRATION_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace remat {

/// Registers the remat dialect, the external models it attaches to
/// upstream dialects, and what its passes and remat-lower-cpu need
/// (registerCpuPipelineExtensions). A tool that registers only this (and
/// `func`) can run remat-autodiff, remat-rematerialize and remat-lower-cpu
/// (remat::buildCpuPipeline) and JIT-compile the result
/// (remat::CompiledModule); examples/consumer does.
void registerRematDialects(mlir::DialectRegistry &registry);

/// The upstream dialects, interface implementations (tiling, bufferization,
/// conversion to LLVM) and LLVM IR translations remat-lower-cpu and the
/// Runner use, and the CPU target's memory model (target=cpu, the default
/// of remat-autodiff and remat-rematerialize). registerRematDialects calls it; a tool that registers every
/// upstream dialect and extension already has them.
void registerCpuPipelineExtensions(mlir::DialectRegistry &registry);

/// What remat-lower-gpu needs beyond registerCpuPipelineExtensions: the
/// GPU, NVVM and NVGPU dialects, the NVVM target (kernel serialization) and
/// the GPU and NVVM translations to LLVM IR. registerRematDialects calls it.
void registerGpuPipelineExtensions(mlir::DialectRegistry &registry);

/// Registers remat's passes and pass pipelines with the global registry, so
/// that they can be named on a command line or in a textual pipeline.
void registerAllPasses();

} // namespace remat

#endif // REMAT_REGISTRATION_H
