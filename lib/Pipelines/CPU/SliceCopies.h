//===- SliceCopies.h - pads and slice insertions as copies ------*- C++ -*-===//
//
// Private to the CPU pipeline (see SliceCopies.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_PIPELINES_CPU_SLICECOPIES_H
#define REMAT_LIB_PIPELINES_CPU_SLICECOPIES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"

namespace remat {

/// Rewrites every statically shaped tensor.pad with a constant padding value
/// into a fill plus a linalg.copy into the interior, and every
/// tensor.insert_slice of a value not computed in place into a linalg.copy
/// into the destination's slice: destination form, which bufferizes without
/// memref.copy and vectorizes.
void rewriteSliceCopies(mlir::RewriterBase &rewriter, mlir::func::FuncOp func);

} // namespace remat

#endif // REMAT_LIB_PIPELINES_CPU_SLICECOPIES_H
