//===- LoweringBuilders.h - building blocks of the linalg lowering -*- C++ -*-===//
//
// Elementwise maps and reductions as linalg.generic on tensors. Arithmetic on
// f16/bf16 runs in f32: inputs are extended, results truncated, reductions
// accumulate in f32.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_CONVERSION_REMATTOLINALG_LOWERINGBUILDERS_H
#define REMAT_LIB_CONVERSION_REMATTOLINALG_LOWERINGBUILDERS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace remat::lowering {

/// A scalar computation on f32 values.
using ScalarFn = llvm::function_ref<mlir::Value(
    mlir::OpBuilder &, mlir::Location, mlir::ValueRange)>;

/// The combiners of reduceToF32 (ScalarFn): a + b, and maximum(a, b)
/// (NaN-propagating).
mlir::Value addF(mlir::OpBuilder &b, mlir::Location loc, mlir::ValueRange a);
mlir::Value maxF(mlir::OpBuilder &b, mlir::Location loc, mlir::ValueRange a);

/// An f32 constant.
mlir::Value f32Constant(mlir::OpBuilder &b, mlir::Location loc, double value);

/// `value` rounded to the float type `type` (to nearest, ties to even), as
/// an f32 constant: a bound compared with values of that type.
mlir::Value f32ConstantIn(mlir::OpBuilder &b, mlir::Location loc, double value,
                          mlir::Type type);

/// Converts a scalar to f32 (extf) or from f32 to `type` (truncf); identity
/// when the types already match.
mlir::Value toF32(mlir::OpBuilder &b, mlir::Location loc, mlir::Value value);
mlir::Value fromF32(mlir::OpBuilder &b, mlir::Location loc, mlir::Value value,
                    mlir::Type type);

/// A tensor.empty of `type`.
mlir::Value emptyTensor(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::RankedTensorType type);

/// A tensor of `type` filled with `value` (f32 constant, converted).
mlir::Value filledTensor(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::RankedTensorType type, double value);

/// result[i] = fn(inputs[i]...) for inputs of `resultType`'s shape (each
/// input is read through an identity map). fn sees f32 scalars.
mlir::Value mapElementwise(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::RankedTensorType resultType,
                           mlir::ValueRange inputs, ScalarFn fn);

/// Same, with explicit indexing maps for each input (the output map is the
/// identity over the result).
mlir::Value mapWithMaps(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::RankedTensorType resultType,
                        mlir::ValueRange inputs,
                        llvm::ArrayRef<mlir::AffineMap> inputMaps, ScalarFn fn);

/// Several scalar results computed together from f32 values.
using MultiScalarFn = llvm::function_ref<llvm::SmallVector<mlir::Value>(
    mlir::OpBuilder &, mlir::Location, mlir::ValueRange)>;

/// mapWithMaps with one result per entry of `resultTypes` (all of one shape)
/// in a single linalg.generic: fn returns one f32 value per result, each
/// converted to its result's element type.
llvm::SmallVector<mlir::Value>
mapWithMapsMulti(mlir::OpBuilder &b, mlir::Location loc,
                 llvm::ArrayRef<mlir::RankedTensorType> resultTypes,
                 mlir::ValueRange inputs,
                 llvm::ArrayRef<mlir::AffineMap> inputMaps, MultiScalarFn fn);

/// Reduces `input` over `dims` into an f32 tensor of the remaining
/// dimensions (size-1 at reduced positions when keepDims), starting from
/// `init` and combining with `combine(acc, value)`; `pre` transforms each
/// element first (identity when null). Extra inputs, read through
/// `extraMaps` (maps from the input's iteration space), are passed to `pre`
/// after the element.
mlir::Value reduceToF32(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::Value input, llvm::ArrayRef<int64_t> dims,
                        bool keepDims, double init, ScalarFn combine,
                        ScalarFn pre = nullptr, mlir::ValueRange extras = {},
                        llvm::ArrayRef<mlir::AffineMap> extraMaps = {});

/// The map from an iteration space of `rank` dims to the kept dims (`dims`
/// removed, or replaced by constant 0 when keepDims).
mlir::AffineMap reducedMap(mlir::MLIRContext *ctx, int64_t rank,
                           llvm::ArrayRef<int64_t> dims, bool keepDims);

/// Pads the two spatial dimensions of an NCHW tensor by `padding` [top, left,
/// bottom, right] with `value` (the tensor itself when all are 0).
mlir::Value padSpatial(mlir::OpBuilder &b, mlir::Location loc,
                       mlir::Value input, llvm::ArrayRef<int64_t> padding,
                       double value);

/// `acc` (an f32 tensor) times `factor`, as a tensor of `resultType` (same
/// shape): computed in place in `acc`'s buffer when the result is f32 (no
/// second buffer), else converted into a new tensor.
mlir::Value scaleInto(mlir::OpBuilder &b, mlir::Location loc, mlir::Value acc,
                      double factor, mlir::RankedTensorType resultType);

/// The [KH, KW] window operand of a pooling op (or of a windowed
/// linalg.generic with the same indexing maps): only its shape matters, it
/// is never read. A splat constant, so that it is a global rather than a
/// heap buffer allocated on every call.
mlir::Value windowTensor(mlir::OpBuilder &b, mlir::Location loc,
                         llvm::ArrayRef<int64_t> kernel);

/// A copy of `tensor` in a new buffer (elements copied as they are).
mlir::Value copyTensor(mlir::OpBuilder &b, mlir::Location loc,
                       mlir::Value tensor);

/// Converts an f32 tensor to `elementType` elementwise (identity for f32).
mlir::Value castTensor(mlir::OpBuilder &b, mlir::Location loc,
                       mlir::Value tensor, mlir::Type elementType);

/// Whether `op` is a foreign (non-remat) elementwise op on tensors that the
/// lowering turns into a linalg.generic: an op with the ElementwiseMappable
/// traits (the arith and math ops, among others) whose results are
/// statically shaped ranked tensors without an encoding (or with
/// #remat.host), some operands being such tensors and the others scalars.
bool isForeignElementwiseOnTensors(mlir::Operation *op);

} // namespace remat::lowering

#endif // REMAT_LIB_CONVERSION_REMATTOLINALG_LOWERINGBUILDERS_H
