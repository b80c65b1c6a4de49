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

#include "ConstantGlobals.h"
#include "remat/Pipelines/GPU/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace remat {
#define GEN_PASS_DEF_GPUINDIRECTLOOPS
#include "remat/Pipelines/GPU/Passes.h.inc"
} // namespace remat

using namespace mlir;

namespace {

/// Whether `op` reads a buffer other than a constant global.
bool readsBuffer(Operation *op) {
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects || !effects.hasEffect<MemoryEffects::Read>())
    return false;
  return llvm::any_of(op->getOperands(), [](Value operand) {
    return isa<BaseMemRefType>(operand.getType()) &&
           !remat::isConstantGlobal(operand);
  });
}

/// Whether a read in `loop`'s host code (outside its parallel loops) flows
/// into one of its parallel loops (their bounds, or any op inside them).
bool addressesKernelsFromMemory(scf::ForOp loop) {
  SmallVector<Operation *> reads;
  loop.getBody()->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<scf::ParallelOp>(op))
      return WalkResult::skip();
    if (readsBuffer(op))
      reads.push_back(op);
    return WalkResult::advance();
  });
  // The reads' users, transitively, with a worklist (host loop bodies can
  // be long chains).
  SmallVector<Operation *> worklist(reads.begin(), reads.end());
  llvm::SmallPtrSet<Operation *, 32> seen(reads.begin(), reads.end());
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
