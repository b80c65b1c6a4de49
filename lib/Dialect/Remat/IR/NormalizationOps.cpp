//===- NormalizationOps.cpp - softmax, layer_norm, batch_norm -------------===//

#include "OpDiagnostics.h"
#include "remat/Dialect/Remat/IR/RematOps.h"

using namespace mlir;
using namespace remat;
using namespace remat::detail;

LogicalResult SoftmaxOp::verify() {
  int64_t rank = getInput().getType().getRank();
  int64_t axis = getAxisAttr().getInt();
  if (axis < 0 || axis >= rank)
    return emitOpError("axis ") << axis << " is out of range for rank " << rank;
  return success();
}

/// Checks that an optional affine parameter has `shape` and `elementType`.
template <typename OpTy>
static LogicalResult checkAffineParam(std::optional<Location> loc,
                                      StringRef what, Value param,
                                      ArrayRef<int64_t> shape,
                                      Type elementType) {
  if (!param)
    return success();
  RankedTensorType type = getRankedType(param);
  if (!type)
    return failure();
  if (type.getShape() != shape || type.getElementType() != elementType)
    return emitInferError<OpTy>(loc, what, " must be ",
                                RankedTensorType::get(shape, elementType),
                                ", got ", type);
  return success();
}

LogicalResult LayerNormOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &results) {
  RankedTensorType input = getRankedType(adaptor.getInput());
  if (!input)
    return failure();
  ArrayRef<int64_t> axes = adaptor.getAxes();
  if (axes.empty())
    return emitInferError<LayerNormOp>(loc, "needs at least one axis");
  if (auto error = checkDimensionList(axes, input.getRank(), true))
    return emitInferError<LayerNormOp>(loc, "axes: ", *error);
  double eps = adaptor.getEpsilon().convertToDouble();
  if (!(eps >= 0.0))
    return emitInferError<LayerNormOp>(loc, "eps must be non-negative, got ",
                                       eps);
  SmallVector<int64_t> paramShape;
  for (int64_t axis : axes)
    paramShape.push_back(input.getDimSize(axis));
  Type elementType = input.getElementType();
  if (failed(checkAffineParam<LayerNormOp>(loc, "weight", adaptor.getWeight(),
                                           paramShape, elementType)) ||
      failed(checkAffineParam<LayerNormOp>(loc, "bias", adaptor.getBias(),
                                           paramShape, elementType)))
    return failure();
  results.push_back(input);
  return success();
}

LogicalResult BatchNormOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &results) {
  RankedTensorType input = getRankedType(adaptor.getInput());
  if (!input)
    return failure();
  if (input.getRank() < 2)
    return emitInferError<BatchNormOp>(
        loc, "input must have rank 2 or more (N, C, ...), got rank ",
        input.getRank());
  double eps = adaptor.getEpsilon().convertToDouble();
  if (!(eps >= 0.0))
    return emitInferError<BatchNormOp>(loc, "eps must be non-negative, got ",
                                       eps);
  int64_t channels = input.getDimSize(1);
  Type elementType = input.getElementType();
  if (failed(checkAffineParam<BatchNormOp>(loc, "weight", adaptor.getWeight(),
                                           {channels}, elementType)) ||
      failed(checkAffineParam<BatchNormOp>(loc, "bias", adaptor.getBias(),
                                           {channels}, elementType)))
    return failure();
  auto stats = RankedTensorType::get({channels}, elementType);
  results.append({input, stats, stats});
  return success();
}
