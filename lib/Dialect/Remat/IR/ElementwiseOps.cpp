//===- ElementwiseOps.cpp - elementwise ops and dropout -------------------===//
//
// Unary and binary elementwise ops get their verification and result types
// from ODS traits (SameOperandsAndResultType); dropout checks its rate here,
// clamp and its gradient their bounds.
//
//===----------------------------------------------------------------------===//

#include "remat/Dialect/Remat/IR/RematOps.h"

using namespace mlir;
using namespace remat;

LogicalResult DropoutOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location>,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &results) {
  if (!adaptor.getInput())
    return failure();
  results.push_back(adaptor.getInput().getType());
  return success();
}

LogicalResult DropoutOp::verify() {
  double rate = getRate().convertToDouble();
  if (!(rate >= 0.0 && rate < 1.0))
    return emitOpError("rate must be in [0, 1), got ") << rate;
  int64_t counter = getCounterAttr().getInt();
  if (counter < 0)
    return emitOpError("counter must be non-negative, got ") << counter;
  return success();
}

/// At least one bound, both finite, min <= max.
static LogicalResult verifyClampBounds(Operation *op,
                                       std::optional<APFloat> min,
                                       std::optional<APFloat> max) {
  if (!min && !max)
    return op->emitOpError(
        "needs a bound: give min, max or both (without either it is the "
        "identity)");
  for (const std::optional<APFloat> &bound : {min, max})
    if (bound && !bound->isFinite())
      return op->emitOpError("has an infinite or NaN bound; leave an "
                             "unbounded side out instead");
  if (min && max && min->convertToDouble() > max->convertToDouble())
    return op->emitOpError("min (")
           << min->convertToDouble() << ") must not exceed max ("
           << max->convertToDouble() << ")";
  return success();
}

LogicalResult ClampOp::verify() {
  return verifyClampBounds(*this, getMin(), getMax());
}

LogicalResult ClampGradOp::verify() {
  return verifyClampBounds(*this, getMin(), getMax());
}
