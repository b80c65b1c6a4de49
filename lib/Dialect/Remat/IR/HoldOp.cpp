//===- HoldOp.cpp - remat.hold: keep buffers alive to a point -------------===//

#include "remat/Dialect/Remat/IR/RematOps.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"

using namespace mlir;
using namespace remat;

bool HoldOp::bufferizesToMemoryRead(OpOperand &,
                                    const bufferization::AnalysisState &) {
  return true;
}

bool HoldOp::bufferizesToMemoryWrite(OpOperand &,
                                     const bufferization::AnalysisState &) {
  return false;
}

bufferization::AliasingValueList
HoldOp::getAliasingValues(OpOperand &, const bufferization::AnalysisState &) {
  return {};
}

LogicalResult HoldOp::bufferize(RewriterBase &rewriter,
                                const bufferization::BufferizationOptions &options,
                                bufferization::BufferizationState &state) {
  SmallVector<Value> buffers;
  for (Value value : getValues()) {
    if (!isa<TensorType>(value.getType())) {
      buffers.push_back(value);
      continue;
    }
    FailureOr<Value> buffer =
        bufferization::getBuffer(rewriter, value, options, state);
    if (failed(buffer))
      return failure();
    buffers.push_back(*buffer);
  }
  bufferization::replaceOpWithNewBufferizedOp<HoldOp>(rewriter, *this,
                                                      buffers);
  return success();
}
