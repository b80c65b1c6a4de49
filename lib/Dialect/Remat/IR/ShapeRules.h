//===- ShapeRules.h - shape rules of forward and gradient ops -*- C++ -*-===//
//
// A gradient op checks its operands against the forward op it differentiates:
// remat.max_pool2d_grad's gradient must have the type remat.max_pool2d infers
// for its input, remat.conv2d_grad_input's result is an input whose conv2d
// has the gradient's type, and so on. These functions are the forward ops'
// shape rules with the op name as a parameter, so that both families verify
// with one definition and report errors under their own name. Each is
// defined next to the forward op it belongs to.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_DIALECT_REMAT_IR_SHAPERULES_H
#define REMAT_LIB_DIALECT_REMAT_IR_SHAPERULES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <optional>

namespace remat::detail {

/// The type of `input` reduced over `dims` (in range, each once, any order);
/// with `keepDims` the reduced dimensions stay with size 1 (ReductionOps.cpp).
mlir::FailureOr<mlir::RankedTensorType>
inferReducedType(std::optional<mlir::Location> loc, llvm::StringRef opName,
                 mlir::RankedTensorType input, llvm::ArrayRef<int64_t> dims,
                 bool keepDims);

/// The result type of 2-D pooling of the NCHW `input` with window `kernel`,
/// `strides` (the kernel when absent) and `padding` [top, left, bottom,
/// right] (ContractionOps.cpp).
mlir::FailureOr<mlir::RankedTensorType>
inferPoolType(std::optional<mlir::Location> loc, llvm::StringRef opName,
              mlir::RankedTensorType input, llvm::ArrayRef<int64_t> kernel,
              std::optional<llvm::ArrayRef<int64_t>> strides,
              llvm::ArrayRef<int64_t> padding);

/// The result type of remat.conv2d of the NCHW `input` with the
/// [F, C/groups, KH, KW] `filter` (ContractionOps.cpp).
mlir::FailureOr<mlir::RankedTensorType>
inferConv2DType(std::optional<mlir::Location> loc, llvm::StringRef opName,
                mlir::RankedTensorType input, mlir::RankedTensorType filter,
                llvm::ArrayRef<int64_t> strides,
                llvm::ArrayRef<int64_t> padding,
                llvm::ArrayRef<int64_t> dilations, int64_t groups);

/// The result type of remat.slice of `input` (strides default to 1)
/// (ShapeOps.cpp).
mlir::FailureOr<mlir::RankedTensorType>
inferSliceType(std::optional<mlir::Location> loc, llvm::StringRef opName,
               mlir::RankedTensorType input, llvm::ArrayRef<int64_t> start,
               llvm::ArrayRef<int64_t> limit,
               std::optional<llvm::ArrayRef<int64_t>> strides);

/// Checks layer-norm `axes` (non-empty, strictly increasing, in range), `eps`
/// (non-negative) and the optional `weight` (the parameter shape and the
/// input's element type); returns the shape of the affine parameters, the
/// input's sizes along `axes` (NormalizationOps.cpp).
mlir::FailureOr<llvm::SmallVector<int64_t>>
inferLayerNormParamShape(std::optional<mlir::Location> loc,
                         llvm::StringRef opName, mlir::RankedTensorType input,
                         llvm::ArrayRef<int64_t> axes, double eps,
                         mlir::Value weight);

/// Checks that a batch-norm input has rank 2 or more, that `eps` is
/// non-negative and that `weight` is [C] of the input's element type;
/// returns the number of channels C, dimension 1 (NormalizationOps.cpp).
mlir::FailureOr<int64_t>
inferBatchNormChannels(std::optional<mlir::Location> loc,
                       llvm::StringRef opName, mlir::RankedTensorType input,
                       double eps, mlir::Value weight);

/// Checks cross-entropy operands: logits of rank 1 or more, labels of the
/// logits' shape without the class dimension (LossOps.cpp).
llvm::LogicalResult
checkCrossEntropyOperands(std::optional<mlir::Location> loc,
                          llvm::StringRef opName,
                          mlir::RankedTensorType logits,
                          mlir::RankedTensorType labels);

} // namespace remat::detail

#endif // REMAT_LIB_DIALECT_REMAT_IR_SHAPERULES_H
