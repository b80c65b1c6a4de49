//===- OpDiagnostics.h - helpers for verifiers and type inference -*- C++ -*-===//
//
// Type inference doubles as the shape verifier (the InferTypeOpInterface trait
// verifier calls it), so its errors carry the same "'remat.x' op" prefix as
// emitOpError and state the offending value and what was expected.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_DIALECT_REMAT_IR_OPDIAGNOSTICS_H
#define REMAT_LIB_DIALECT_REMAT_IR_OPDIAGNOSTICS_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/ArrayRef.h"
#include <string>

namespace remat::detail {

/// Emits (when `loc` is set) an error prefixed by `opName`, and fails. For
/// shape rules shared by several ops (ShapeRules.h).
template <typename... Args>
llvm::LogicalResult emitInferErrorFor(std::optional<mlir::Location> loc,
                                      llvm::StringRef opName,
                                      Args &&...args) {
  return mlir::emitOptionalError(loc, "'", opName, "' op ",
                                 std::forward<Args>(args)...);
}

/// Emits (when `loc` is set) an error prefixed by the op name, and fails.
template <typename OpTy, typename... Args>
llvm::LogicalResult emitInferError(std::optional<mlir::Location> loc,
                                   Args &&...args) {
  return emitInferErrorFor(loc, OpTy::getOperationName(),
                           std::forward<Args>(args)...);
}

/// Formats a list of integers as "[a, b, c]".
std::string formatList(llvm::ArrayRef<int64_t> values);

/// Checks that every entry of `dims` is in [0, rank) and appears once; when
/// `sorted`, that they are strictly increasing. On failure returns a sentence
/// describing the problem (e.g. "dimension 3 is out of range for rank 2").
std::optional<std::string> checkDimensionList(llvm::ArrayRef<int64_t> dims,
                                              int64_t rank, bool sorted);

/// The ranked tensor type of `value`, or null (types are checked by ODS
/// before inference runs during verification, but builders call inference
/// earlier).
mlir::RankedTensorType getRankedType(mlir::Value value);

} // namespace remat::detail

#endif // REMAT_LIB_DIALECT_REMAT_IR_OPDIAGNOSTICS_H
