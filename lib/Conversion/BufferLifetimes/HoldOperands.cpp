//===- HoldOperands.cpp - keep operands alive until their op is done -----===//

#include "remat/Conversion/Passes.h"

#include "remat/Dialect/Remat/IR/RematOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace remat {
#define GEN_PASS_DEF_HOLDOPERANDS
#include "remat/Conversion/Passes.h.inc"
} // namespace remat

using namespace mlir;

namespace {

/// Whether the lowering of `op` computes in stages that the memory model
/// sees as one: every remat op with results, except views and the ops
/// whose bodies are lowered in place.
bool needsHold(Operation *op) {
  if (!isa_and_present<remat::RematDialect>(op->getDialect()) ||
      op->getNumResults() == 0 ||
      isa<remat::CheckpointOp, remat::HoldOp>(op))
    return false;
  if (auto cost = dyn_cast<remat::RematCostOpInterface>(op))
    if (op->getNumResults() == 1 && cost.isView())
      return false;
  return true;
}

struct HoldOperandsPass final
    : remat::impl::HoldOperandsBase<HoldOperandsPass> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (needsHold(op))
        ops.push_back(op);
    });
    OpBuilder builder(&getContext());
    for (Operation *op : ops) {
      SmallVector<Value> tensors;
      // A Revolve scan's slots are its snapshot operands, written in place
      // while it runs (their last use): a hold after it would read them
      // again and make bufferization copy them.
      ValueRange inPlace;
      if (auto revolve = dyn_cast<remat::RevolveScanOp>(op))
        inPlace = revolve.getSnapshots();
      for (Value operand : op->getOperands())
        // Host copies (#remat.host) are not device memory, and the
        // conversion changes their type: no hold.
        if (auto type = dyn_cast<RankedTensorType>(operand.getType());
            type && !type.getEncoding() &&
            !llvm::is_contained(tensors, operand) &&
            !llvm::is_contained(inPlace, operand))
          tensors.push_back(operand);
      if (tensors.empty())
        continue;
      builder.setInsertionPointAfter(op);
      remat::HoldOp::create(builder, op->getLoc(), tensors);
    }
  }
};

} // namespace
