//===- RematDialect.h - the remat dialect -----------------------*- C++ -*-===//

#ifndef REMAT_DIALECT_REMAT_IR_REMATDIALECT_H
#define REMAT_DIALECT_REMAT_IR_REMATDIALECT_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpImplementation.h"

#include "remat/Dialect/Remat/IR/RematDialect.h.inc"
#include "remat/Dialect/Remat/IR/RematEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "remat/Dialect/Remat/IR/RematAttrs.h.inc"

namespace remat {
/// Name of the discardable attribute that carries a CheckpointMarkAttr.
inline constexpr llvm::StringLiteral kMarkAttrName = "remat.mark";

/// On a gradient function remat-autodiff made: the function it differentiates
/// (a symbol) and the indices of the arguments it differentiates with respect
/// to. Tools find a module's training step by them.
inline constexpr llvm::StringLiteral kPrimalAttr = "remat.primal";
inline constexpr llvm::StringLiteral kWrtAttr = "remat.wrt";

/// Whether the planner may recompute `op`'s results: it has results and no
/// side effects, or it is a remat.dropout marked must_recompute or
/// prefer_recompute (its mask is a function of its seed and counter).
bool isRecomputable(mlir::Operation *op);

/// Whether `type` is a tensor type with the #remat.host encoding.
bool isHostTensorType(mlir::Type type);
} // namespace remat

#endif // REMAT_DIALECT_REMAT_IR_REMATDIALECT_H
