//===- NormalizationOps.cpp - softmax, layer_norm, batch_norm -------------===//

#include "OpDiagnostics.h"
#include "ShapeRules.h"
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

/// Checks that an optional affine parameter (`what`: "weight", "bias") has
/// `shape` and `elementType`; a null `param` passes.
static LogicalResult checkAffineParam(std::optional<Location> loc,
                                      StringRef opName, StringRef what,
                                      Value param, ArrayRef<int64_t> shape,
                                      Type elementType) {
  if (!param)
    return success();
  RankedTensorType type = getRankedType(param);
  if (!type)
    return failure();
  if (type.getShape() != shape || type.getElementType() != elementType)
    return emitInferErrorFor(loc, opName, what, " must be ",
                             RankedTensorType::get(shape, elementType),
                             ", got ", type);
  return success();
}

FailureOr<SmallVector<int64_t>> remat::detail::inferLayerNormParamShape(
    std::optional<Location> loc, StringRef opName, RankedTensorType input,
    ArrayRef<int64_t> axes, double eps, Value weight) {
  if (axes.empty())
    return emitInferErrorFor(loc, opName, "needs at least one axis");
  if (auto error = checkDimensionList(axes, input.getRank(), true))
    return emitInferErrorFor(loc, opName, "axes: ", *error);
  if (!(eps >= 0.0))
    return emitInferErrorFor(loc, opName, "eps must be non-negative, got ",
                             eps);
  SmallVector<int64_t> paramShape;
  for (int64_t axis : axes)
    paramShape.push_back(input.getDimSize(axis));
  if (failed(checkAffineParam(loc, opName, "weight", weight, paramShape,
                              input.getElementType())))
    return failure();
  return paramShape;
}

LogicalResult LayerNormOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &results) {
  RankedTensorType input = getRankedType(adaptor.getInput());
  if (!input)
    return failure();
  FailureOr<SmallVector<int64_t>> paramShape = inferLayerNormParamShape(
      loc, getOperationName(), input, adaptor.getAxes(),
      adaptor.getEpsilon().convertToDouble(), adaptor.getWeight());
  if (failed(paramShape) ||
      failed(checkAffineParam(loc, getOperationName(), "bias",
                              adaptor.getBias(), *paramShape,
                              input.getElementType())))
    return failure();
  results.push_back(input);
  return success();
}

FailureOr<int64_t> remat::detail::inferBatchNormChannels(
    std::optional<Location> loc, StringRef opName, RankedTensorType input,
    double eps, Value weight) {
  if (input.getRank() < 2)
    return emitInferErrorFor(
        loc, opName, "input must have rank 2 or more (N, C, ...), got rank ",
        input.getRank());
  if (!(eps >= 0.0))
    return emitInferErrorFor(loc, opName, "eps must be non-negative, got ",
                             eps);
  int64_t channels = input.getDimSize(1);
  if (failed(checkAffineParam(loc, opName, "weight", weight, {channels},
                              input.getElementType())))
    return failure();
  return channels;
}

LogicalResult BatchNormOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &results) {
  RankedTensorType input = getRankedType(adaptor.getInput());
  if (!input)
    return failure();
  FailureOr<int64_t> channels = inferBatchNormChannels(
      loc, getOperationName(), input, adaptor.getEpsilon().convertToDouble(),
      adaptor.getWeight());
  if (failed(channels) ||
      failed(checkAffineParam(loc, getOperationName(), "bias",
                              adaptor.getBias(), {*channels},
                              input.getElementType())))
    return failure();
  auto stats = RankedTensorType::get({*channels}, input.getElementType());
  results.append({input, stats, stats});
  return success();
}
