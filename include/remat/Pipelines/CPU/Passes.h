//===- Passes.h - the passes of remat-lower-cpu -----------------*- C++ -*-===//
//
// The hand-written passes of the CPU pipeline (Passes.td). The pipeline
// itself is remat/Pipelines/Pipelines.h.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_PIPELINES_CPU_PASSES_H
#define REMAT_PIPELINES_CPU_PASSES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace remat {

#define GEN_PASS_DECL
#include "remat/Pipelines/CPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "remat/Pipelines/CPU/Passes.h.inc"

} // namespace remat

#endif // REMAT_PIPELINES_CPU_PASSES_H
