//===- IndirectLoops.cpp - remat-gpu-indirect-loops -----------------------===//
//
// A sequential loop on the host that reads a buffer and uses what it read
// in a parallel loop inside it (the embedding gradient's loop over ids,
// each adding a gradient row into the table row its id names) cannot
// launch that parallel loop: the kernel's operands would come from device
// memory read by the host. Dropping the inner loops' GPU mapping keeps them
// loops, and remat-gpu-host-code then runs the whole loop in one kernel of
// one thread, in order (two ids may name the same row).
//
//===----------------------------------------------------------------------===//

#include "DeviceMemory.h"
#include "remat/Pipelines/GPU/Passes.h"

#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace remat {
#define GEN_PASS_DEF_GPUINDIRECTLOOPS
#include "remat/Pipelines/GPU/Passes.h.inc"
} // namespace remat

using namespace mlir;

namespace {

/// Whether an access to device memory in `loop`'s host code (outside its
/// parallel loops: a read, as remat-gpu-host-code sees it) flows into one of
/// its parallel loops (their bounds, or any op inside them).
bool addressesKernelsFromMemory(scf::ForOp loop) {
  SmallVector<Operation *> accesses;
  loop.getBody()->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<scf::ParallelOp>(op))
      return WalkResult::skip();
    if (remat::accessesDeviceContents(op))
      accesses.push_back(op);
    return WalkResult::advance();
  });
  // The accesses' users, transitively, with a worklist (host loop bodies can
  // be long chains).
  SmallVector<Operation *> worklist(accesses.begin(), accesses.end());
  llvm::SmallPtrSet<Operation *, 32> seen(accesses.begin(), accesses.end());
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    for (Operation *inside = op; inside && inside != loop;
         inside = inside->getParentOp())
      if (isa<scf::ParallelOp>(inside))
        return true;
    for (Value result : op->getResults())
      for (Operation *user : result.getUsers())
        if (seen.insert(user).second)
          worklist.push_back(user);
  }
  return false;
}

struct GpuIndirectLoopsPass final
    : remat::impl::GpuIndirectLoopsBase<GpuIndirectLoopsPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<scf::ParallelOp>(op))
        return WalkResult::skip();
      if (auto loop = dyn_cast<scf::ForOp>(op))
        loops.push_back(loop);
      return WalkResult::advance();
    });
    for (scf::ForOp loop : loops)
      if (addressesKernelsFromMemory(loop))
        loop.walk([](scf::ParallelOp parallel) {
          parallel->removeAttr(gpu::getMappingAttrName());
        });
  }
};

} // namespace
