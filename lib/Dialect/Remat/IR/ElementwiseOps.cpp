//===- ElementwiseOps.cpp - elementwise ops and dropout -------------------===//
//
// Unary and binary elementwise ops get their verification and result types
// from ODS traits (SameOperandsAndResultType); dropout checks its rate here.
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
