//===- FreeAfterLastUse.cpp - free each buffer right after its last use ---===//

#include "remat/Pipelines/CPU/Passes.h"

#include "mlir/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "remat/Dialect/Remat/IR/RematOps.h"

namespace remat {
#define GEN_PASS_DEF_FREEAFTERLASTUSE
#include "remat/Pipelines/CPU/Passes.h.inc"
} // namespace remat

using namespace mlir;

namespace {

/// The op of `block` that is or contains `op`, or null.
Operation *ancestorIn(Block *block, Operation *op) {
  while (op && op->getBlock() != block)
    op = op->getParentOp();
  return op;
}

struct FreeAfterLastUsePass final
    : remat::impl::FreeAfterLastUseBase<FreeAfterLastUsePass> {
  using FreeAfterLastUseBase::FreeAfterLastUseBase;
  void runOnOperation() override {
    SmallVector<memref::DeallocOp> deallocs;
    getOperation()->walk(
        [&](memref::DeallocOp dealloc) { deallocs.push_back(dealloc); });
    BufferViewFlowAnalysis aliases(getOperation());
    for (memref::DeallocOp dealloc : deallocs) {
      Block *block = dealloc->getBlock();
      Value buffer = dealloc.getMemref();
      // The last op of the block that touches the buffer through any alias;
      // the buffer's definition when nothing does.
      Operation *last = nullptr;
      if (Operation *def = buffer.getDefiningOp())
        last = ancestorIn(block, def);
      for (Value alias : aliases.resolve(buffer)) {
        if (Operation *def = alias.getDefiningOp())
          if (Operation *a = ancestorIn(block, def))
            if (!last || last->isBeforeInBlock(a))
              last = a;
        for (Operation *user : alias.getUsers()) {
          if (user == dealloc)
            continue;
          Operation *a = ancestorIn(block, user);
          if (a && a != dealloc && (!last || last->isBeforeInBlock(a)))
            last = a;
        }
      }
      if (!last || !last->isBeforeInBlock(dealloc))
        continue;
      dealloc->moveAfter(last);
    }
    // The holds have done their work (remat-hold-operands).
    getOperation()->walk([](remat::HoldOp hold) { hold->erase(); });
    // Buffers come in the planner's granules, clones' copies included.
    int64_t granule = alignment;
    if (granule <= 0 || !llvm::isPowerOf2_64(granule)) {
      emitError(getOperation()->getLoc())
          << "remat-free-after-last-use: alignment=" << granule
          << " is not a positive power of two";
      return signalPassFailure();
    }
    getOperation()->walk([&](memref::AllocOp alloc) {
      if (!alloc.getAlignment())
        alloc.setAlignment(static_cast<uint64_t>(granule));
    });
  }
};

} // namespace
