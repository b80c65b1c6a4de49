//===- Passes.h - the passes of remat-lower-gpu -----------------*- C++ -*-===//
//
// The hand-written passes of the GPU pipeline (Passes.td). The pipeline
// itself is remat/Pipelines/Pipelines.h.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_PIPELINES_GPU_PASSES_H
#define REMAT_PIPELINES_GPU_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <optional>
#include <string>

namespace remat {

#define GEN_PASS_DECL
#include "remat/Pipelines/GPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "remat/Pipelines/GPU/Passes.h.inc"

/// The PTX ISA version (as LLVM's "+ptxNN" feature) a chip string such as
/// "sm_90" or "sm_90a" needs, or nullopt for a chip remat-lower-gpu does not
/// take.
std::optional<std::string> ptxFeatureForChip(llvm::StringRef chip);

} // namespace remat

#endif // REMAT_PIPELINES_GPU_PASSES_H
