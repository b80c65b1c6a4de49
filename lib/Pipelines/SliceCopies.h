//===- SliceCopies.h - pads and slice insertions as copies ------*- C++ -*-===//
//
// Private to the CPU pipeline (see SliceCopies.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_PIPELINES_SLICECOPIES_H
#define REMAT_LIB_PIPELINES_SLICECOPIES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

namespace remat {

/// Rewrites every statically shaped tensor.pad with a constant padding value
/// into a fill plus a linalg.copy into the interior, and every
/// tensor.insert_slice of a value not computed in place into a linalg.copy
/// into the destination's slice: destination form, which bufferizes without
/// memref.copy and vectorizes.
void rewriteSliceCopies(mlir::RewriterBase &rewriter, mlir::func::FuncOp func);

/// remat-drop-self-copies: erases the memref.copy ops whose source and
/// target are the same view of the same buffer (after bufferization).
std::unique_ptr<mlir::Pass> createDropSelfCopiesPass();

/// Registers remat-drop-self-copies.
void registerDropSelfCopiesPass();

} // namespace remat

#endif // REMAT_LIB_PIPELINES_SLICECOPIES_H
