//===- ParallelLoopsOuter.cpp - remat-gpu-parallel-loops-outer ------------===//
//
// convert-linalg-to-parallel-loops keeps a linalg op's loop order: a
// reduction dimension before a parallel one (the column sums of a bias
// gradient, [reduction, parallel]) becomes an scf.for around an
// scf.parallel, and once the parallel loops are kernels, that scf.for runs
// on the host and launches one kernel per iteration (1,024 for a batch of
// 1,024). Putting the parallel dimensions first makes the whole op one
// launch whose threads each run the reduction loop.
//
//===----------------------------------------------------------------------===//

#include "remat/Pipelines/GPU/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

namespace remat {
#define GEN_PASS_DEF_GPUPARALLELLOOPSOUTER
#include "remat/Pipelines/GPU/Passes.h.inc"
} // namespace remat

using namespace mlir;

namespace {

/// The loop order with the parallel dimensions first (each group in its
/// order), or an empty vector when `op` already has it.
SmallVector<unsigned> parallelFirst(linalg::LinalgOp op) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  SmallVector<unsigned> order;
  for (auto [i, kind] : llvm::enumerate(iterators))
    if (kind == utils::IteratorType::parallel)
      order.push_back(i);
  for (auto [i, kind] : llvm::enumerate(iterators))
    if (kind != utils::IteratorType::parallel)
      order.push_back(i);
  for (auto [position, loop] : llvm::enumerate(order))
    if (position != loop)
      return order;
  return {};
}

struct GpuParallelLoopsOuterPass final
    : remat::impl::GpuParallelLoopsOuterBase<GpuParallelLoopsOuterPass> {
  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> reordered;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (!parallelFirst(op).empty())
        reordered.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : reordered) {
      rewriter.setInsertionPoint(op);
      // Named ops (linalg.reduce, ...) have a fixed loop order: as generic
      // ops they can be interchanged.
      auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
      if (!generic) {
        FailureOr<linalg::GenericOp> generalized =
            linalg::generalizeNamedOp(rewriter, op);
        if (failed(generalized))
          continue; // kept as it is: correct, only slower
        generic = *generalized;
      }
      SmallVector<unsigned> order = parallelFirst(generic);
      if (failed(linalg::interchangeGenericOp(rewriter, generic, order))) {
        generic.emitError("remat-gpu-parallel-loops-outer: cannot put the "
                          "parallel loops of this op first");
        return signalPassFailure();
      }
    }
  }
};

} // namespace
