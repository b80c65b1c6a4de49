//===- RegionPeak.cpp - peak bytes of a block, nested scratch ------------===//

#include "remat/Analysis/RegionPeak.h"

#include "remat/Analysis/TargetMemoryModel.h"

#include "mlir/Interfaces/LoopLikeInterface.h"
#include "remat/Dialect/Remat/IR/FlatSchedule.h"
#include "remat/Dialect/Remat/IR/RematOps.h"
#include "llvm/ADT/DenseMap.h"

#include <algorithm>

using namespace mlir;
using namespace remat;

int64_t remat::blockPeakBytes(Block &body, const TargetMemoryModel &target,
                              bool argumentsOwned) {
  // The ops in program order, and the buffer each value lives in.
  llvm::SmallVector<Operation *> ops;
  llvm::DenseMap<Value, Value> bufferOf;
  auto buffer = [&](Value value) {
    auto it = bufferOf.find(value);
    return it == bufferOf.end() ? value : it->second;
  };
  for (auto [op, checkpointEnd] : flattenCheckpoints(body)) {
    if (checkpointEnd) {
      auto owner = cast<CheckpointOp>(op);
      for (auto [result, yielded] :
           llvm::zip(owner.getResults(), owner.getYield().getValues()))
        bufferOf[result] = buffer(yielded);
      continue;
    }
    if (target.isView(op))
      bufferOf[op->getResult(0)] = buffer(op->getOperand(0));
    ops.push_back(op);
  }

  // The last op that reads each buffer (nested regions included).
  llvm::DenseMap<Value, size_t> lastUse;
  for (auto [i, op] : llvm::enumerate(ops))
    op->walk([&, i = i](Operation *nested) {
      for (Value operand : nested->getOperands())
        lastUse[buffer(operand)] = i;
    });

  int64_t live = 0, peak = 0;
  llvm::SmallVector<std::pair<Value, int64_t>> owned;
  if (argumentsOwned)
    for (BlockArgument argument : body.getArguments()) {
      int64_t bytes = target.getMemoryBytes(argument.getType());
      live += bytes;
      owned.push_back({argument, bytes});
    }
  for (auto [i, op] : llvm::enumerate(ops)) {
    for (Value result : op->getResults())
      if (buffer(result) == result) {
        int64_t bytes = target.getMemoryBytes(result.getType());
        live += bytes;
        owned.push_back({result, bytes});
      }
    peak = std::max(peak, live + nestedScratchBytes(op, target));
    // Free the buffers this op read last (or that nothing reads).
    llvm::erase_if(owned, [&, i = i](const std::pair<Value, int64_t> &entry) {
      auto it = lastUse.find(entry.first);
      if (it != lastUse.end() && it->second > i)
        return false;
      live -= entry.second;
      return true;
    });
  }
  return peak;
}

/// Bytes of `op`'s results, which the code around the op counts.
static int64_t resultBytes(Operation *op, const TargetMemoryModel &target) {
  int64_t bytes = 0;
  for (Type type : op->getResultTypes())
    bytes += target.getMemoryBytes(type);
  return bytes;
}

int64_t remat::nestedScratchBytes(Operation *op,
                                  const TargetMemoryModel &target) {
  // A scan: one iteration's temporaries.
  if (auto scan = dyn_cast<ScanOp>(op))
    return blockPeakBytes(scan.getBody().front(), target);
  // A Revolve scan's backward: the current carries (restored from a slot,
  // advanced in place) and one step of either region. The slots are its
  // snapshot operands, updated in place.
  if (auto revolve = dyn_cast<RevolveScanOp>(op)) {
    int64_t current = 0;
    for (Value snapshot : revolve.getSnapshots()) {
      auto type = cast<RankedTensorType>(snapshot.getType());
      current += target.getMemoryBytes(RankedTensorType::get(
          type.getShape().drop_front(), type.getElementType()));
    }
    return current +
           std::max(blockPeakBytes(revolve.getForward().front(), target),
                    blockPeakBytes(revolve.getBackward().front(), target));
  }
  // A checkpoint's body is scheduled in place.
  if (isa<CheckpointOp>(op))
    return 0;
  if (op->getNumRegions() == 0 || isa<RematDialect>(op->getDialect()))
    return target.getScratchBytes(op);
  // A loop's carried values are buffers of the previous iteration, freed
  // at their last use in the body (counted in the first iteration too,
  // where they are the caller's: an overestimate by one carry at most).
  auto loop = dyn_cast<LoopLikeOpInterface>(op);
  bool carriesOwned = loop && !loop.getRegionIterArgs().empty();
  int64_t peak = 0;
  for (Region &region : op->getRegions())
    if (region.hasOneBlock())
      peak = std::max(peak,
                      blockPeakBytes(region.front(), target, carriesOwned));
  return std::max<int64_t>(0, peak - resultBytes(op, target));
}
