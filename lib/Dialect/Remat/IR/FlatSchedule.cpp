//===- FlatSchedule.cpp - a block in program order, checkpoints inlined ---===//

#include "remat/Dialect/Remat/IR/FlatSchedule.h"

#include "remat/Dialect/Remat/IR/RematOps.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;
using namespace remat;

std::vector<FlatScheduleEntry> remat::flattenCheckpoints(Block &block) {
  std::vector<FlatScheduleEntry> entries;
  struct Frame {
    Block::iterator it, end;
    CheckpointOp owner;
  };
  llvm::SmallVector<Frame> stack{{block.begin(), block.end(), CheckpointOp()}};
  while (!stack.empty()) {
    Frame &frame = stack.back();
    if (frame.it == frame.end) {
      if (frame.owner)
        entries.push_back({frame.owner, true});
      stack.pop_back();
      continue;
    }
    Operation *op = &*frame.it++;
    if (auto checkpoint = dyn_cast<CheckpointOp>(op)) {
      Block &body = checkpoint.getBody().front();
      stack.push_back({body.begin(), body.end(), checkpoint});
      continue;
    }
    if (isa<YieldOp>(op) && isa<CheckpointOp>(op->getParentOp()))
      continue;
    entries.push_back({op, false});
  }
  return entries;
}
