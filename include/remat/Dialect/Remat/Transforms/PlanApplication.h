//===- PlanApplication.h - rewrite IR according to a plan -------*- C++ -*-===//
//
// The rewriting half of remat-rematerialize: deciding happens in Analysis and
// Core; these functions only follow a verified plan.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_DIALECT_REMAT_TRANSFORMS_PLANAPPLICATION_H
#define REMAT_DIALECT_REMAT_TRANSFORMS_PLANAPPLICATION_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "remat/Analysis/GraphProblem.h"
#include "remat/Core/Plan.h"

namespace remat {

/// Name of the unit attribute on every op a recomputation cloned.
inline constexpr llvm::StringLiteral kRecomputedAttr = "remat.recomputed";

/// Name of the integer attribute numbering, per function, every recomputed
/// clone and every reload the plan inserted. Two copies of one value differ
/// in it, so that -cse, which merges ops with equal attributes, cannot merge
/// them back into one long-lived value and undo the plan; a copy and its
/// original differ in kRecomputedAttr already.
inline constexpr llvm::StringLiteral kCopyAttr = "remat.copy";

/// What applying a plan did.
struct ApplyStats {
  /// Clones made (moves included: see RecomputeSummary in PlanReport.h)
  /// and values offloaded.
  int64_t recomputed = 0;
  int64_t offloaded = 0;
};

/// Replaces every remat.checkpoint in `func` by its body. The ops move; the
/// GraphProblem's op pointers stay valid.
void inlineCheckpoints(mlir::func::FuncOp func);

/// Rewrites `func` (whose checkpoints are inlined) to follow `plan`: clones
/// each recomputed node right before the anchor step, rewires every later
/// read to the latest copy (through views), inserts remat.offload and
/// remat.reload, and erases original ops left without readers.
ApplyStats applyPlan(mlir::func::FuncOp func, const GraphProblem &graph,
                     const Plan &plan);

/// Writes the plan's decisions onto the ops as attributes (for
/// analysis-only mode): remat.step, remat.decision, remat.recompute_at,
/// remat.offload_after, remat.reload_at, remat.kept_at_peak; and on the
/// function remat.peak_before, remat.peak_after.
void annotatePlan(mlir::func::FuncOp func, const GraphProblem &graph,
                  const Plan &plan, const MemoryProfile &before,
                  const MemoryProfile &after);

} // namespace remat

#endif // REMAT_DIALECT_REMAT_TRANSFORMS_PLANAPPLICATION_H
