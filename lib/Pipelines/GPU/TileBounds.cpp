//===- TileBounds.cpp - remat-gpu-tile-bounds -----------------------------===//
//
// parallel-loop-tiling bounds a partial tile's loop by affine.min(tile,
// rest) with the tile size as an operand (arith.muli %c1, %c16), and
// convert-parallel-loops-to-gpu sizes a block only by a constant result of
// such a min: without one it leaves the nest on the host, which
// remat-gpu-host-code then runs as a kernel of one thread (every op with a
// dimension that 16 does not divide). Folding the operands and
// canonicalizing just these mins puts the constant in the map. The full
// canonicalizer is not used: it would also merge each tile loop with the
// loop of its threads, and the merged loop would map to blocks of one
// thread.
//
//===----------------------------------------------------------------------===//

#include "remat/Pipelines/GPU/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace remat {
#define GEN_PASS_DEF_GPUTILEBOUNDS
#include "remat/Pipelines/GPU/Passes.h.inc"
} // namespace remat

using namespace mlir;

namespace {

struct GpuTileBoundsPass final
    : remat::impl::GpuTileBoundsBase<GpuTileBoundsPass> {
  void runOnOperation() override {
    // The mins that bound a parallel loop, and the ops computing their
    // operands (the tile size's multiplication) to fold first.
    SmallVector<Operation *> ops;
    getOperation().walk([&](affine::AffineMinOp min) {
      if (!llvm::any_of(min->getUsers(), [](Operation *user) {
            return isa<scf::ParallelOp>(user);
          }))
        return;
      for (Value operand : min.getOperands())
        if (Operation *def = operand.getDefiningOp())
          ops.push_back(def);
      ops.push_back(min);
    });
    if (ops.empty())
      return;
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    affine::AffineMinOp::getCanonicalizationPatterns(patterns, ctx);
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    config.enableFolding();
    if (failed(applyOpPatternsGreedily(ops, std::move(patterns), config)))
      return signalPassFailure();
  }
};

} // namespace
