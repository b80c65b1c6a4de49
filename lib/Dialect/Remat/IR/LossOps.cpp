//===- LossOps.cpp - cross_entropy and mse --------------------------------===//

#include "OpDiagnostics.h"
#include "ShapeRules.h"
#include "remat/Dialect/Remat/IR/RematOps.h"

using namespace mlir;
using namespace remat;
using namespace remat::detail;

LogicalResult remat::detail::checkCrossEntropyOperands(
    std::optional<Location> loc, StringRef opName, RankedTensorType logits,
    RankedTensorType labels) {
  if (logits.getRank() < 1)
    return emitInferErrorFor(
        loc, opName,
        "logits must have rank 1 or more (..., classes), got rank 0");
  if (labels.getShape() != logits.getShape().drop_back())
    return emitInferErrorFor(
        loc, opName,
        "labels must have the logits' shape without the class dimension, ",
        formatList(logits.getShape().drop_back()), ", got ",
        formatList(labels.getShape()));
  return success();
}

LogicalResult CrossEntropyOp::inferReturnTypes(MLIRContext *,
                                               std::optional<Location> loc,
                                               Adaptor adaptor,
                                               SmallVectorImpl<Type> &results) {
  RankedTensorType logits = getRankedType(adaptor.getLogits());
  RankedTensorType labels = getRankedType(adaptor.getLabels());
  if (!logits || !labels)
    return failure();
  if (failed(checkCrossEntropyOperands(loc, getOperationName(), logits,
                                       labels)))
    return failure();
  results.push_back(RankedTensorType::get({}, logits.getElementType()));
  return success();
}

LogicalResult MseOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location>,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &results) {
  RankedTensorType prediction = getRankedType(adaptor.getPrediction());
  if (!prediction)
    return failure();
  results.push_back(RankedTensorType::get({}, prediction.getElementType()));
  return success();
}
