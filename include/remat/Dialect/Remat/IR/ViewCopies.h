//===- ViewCopies.h - views the lowering must copy --------------*- C++ -*-===//
//
// remat.reshape, remat.slice and remat.name are views: they allocate nothing.
// Two cases cannot stay views once bufferized, and the lowering copies them
// into a fresh buffer at the op itself, where the memory model counts it:
//  * a reshape of a slice that is not contiguous (strided, or partial in a
//    dimension other than the first it does not take one index of): a
//    collapse of a non-contiguous buffer is a copy. A range of rows of a
//    stacked tensor stays a view;
//  * a returned view that contains a slice (its layout is not the identity
//    the C interface returns) or whose root is a function argument or a
//    constant (the caller owns every result, so the buffer cannot be
//    shared).
// Without the explicit copy, bufferization would make the same copies
// implicitly, the first mid-function and the second at the return, where
// the plan does not see them. This is the rule of every target that lowers
// through convert-remat-to-linalg and One-Shot Bufferize; the planner asks
// the target's memory model (TargetMemoryModel::viewNeedsCopy), which the
// CPU model answers with it.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_DIALECT_REMAT_IR_VIEWCOPIES_H
#define REMAT_DIALECT_REMAT_IR_VIEWCOPIES_H

#include "llvm/ADT/StringRef.h"

namespace mlir {
class Operation;
} // namespace mlir

namespace remat {

/// Unit attribute convert-remat-to-linalg sets on the views it copies before
/// it starts rewriting (the decision reads the users and the operands'
/// producers, which the conversion replaces as it goes).
inline constexpr llvm::StringLiteral kCopyViewAttrName = "remat.copy_view";

/// Whether `op`, a remat.reshape, remat.slice or remat.name, is lowered to a
/// copy rather than a view (false for any other op). Depends on the op's
/// users (whether it is returned) and on the views it reads through.
bool viewNeedsCopy(mlir::Operation *op);

} // namespace remat

#endif // REMAT_DIALECT_REMAT_IR_VIEWCOPIES_H
