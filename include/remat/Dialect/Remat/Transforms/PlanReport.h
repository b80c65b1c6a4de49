//===- PlanReport.h - explain a plan in text, JSON and HTML -----*- C++ -*-===//
//
// What remat-rematerialize saved and why: every value saved for the backward
// pass with its type, name, bytes, producing op, location and the specific
// reason it is saved; every value kept across the peak; totals before and
// after, the FLOPs recomputation adds; JSON adds both memory profiles and
// every value's lifetime; HTML draws them.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_DIALECT_REMAT_TRANSFORMS_PLANREPORT_H
#define REMAT_DIALECT_REMAT_TRANSFORMS_PLANREPORT_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Location.h"
#include "remat/Analysis/GraphProblem.h"
#include "remat/Core/Solvers.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <set>
#include <string>

namespace remat {

/// budget-kind=saved: the bound on the bytes saved for the backward pass,
/// what the plan saves, and what the unplanned step saves.
struct SavedBudgetReport {
  int64_t budget = 0, saved = 0, unplanned = 0;
};

/// Everything a report says about one planned function.
struct FunctionReport {
  std::string function;
  /// The budget in bytes; nullopt when only policies applied.
  std::optional<int64_t> budget;
  /// The budget as the user wrote it ("50%").
  std::string budgetText;
  /// With best-effort, when the budget asked for could not be met: that
  /// budget (then `budget` is the smallest peak the solver reached).
  std::optional<int64_t> requestedBudget;
  /// With budget-kind=saved (then `budget` is the peak budget the search
  /// chose).
  std::optional<SavedBudgetReport> saved;
  const GraphProblem *graph = nullptr;
  MemoryProfile before;
  /// `result.profile` is the plan as the rewritten function runs it
  /// (replayAsRewritten); this is the peak in the solvers' own model
  /// (verifyPlan), at least as large: what budgets are checked against.
  int64_t solverPeak = 0;
  SolveResult result;
  /// Per node, read from the IR before the plan rewrites it
  /// (recordValueFacts): its name (remat.name tag, else the SSA name in the
  /// function as given, "%3"), its type(s), and the checkpoint policy of
  /// the region it lies in ("" outside regions).
  std::vector<std::string> names, types, policies;
};

/// Fills `report.names`, `types` and `policies` from `func`, which
/// `report.graph` was built from; call it before rewriting the function.
void recordValueFacts(mlir::func::FuncOp func, FunctionReport &report);

/// A value the backward pass reads that the plan keeps from the forward
/// pass (on the device or, offloaded, in host memory), as JAX's
/// print_saved_residuals lists residuals.
struct SavedValue {
  NodeId node;
  /// Saved in host memory (offloaded, reloaded for the backward pass).
  bool host = false;
  /// The saved copy's lifetime, as execution indices of the plan's profile.
  size_t first = 0, last = 0;
  /// A short class of the reason ("policy", "mark", "side-effects",
  /// "side-result", "cost", "budget", "no-budget", "offload") and the
  /// sentence reports print.
  std::string kind, reason;
};

/// "forward" or "backward": the pass a node belongs to (Node::adjointOf).
const char *passName(const Node &node);

/// The values saved for the backward pass under the plan, in the order they
/// are computed. Arguments, constants and the function's outputs are not
/// listed (they are resident or returned whatever the plan).
std::vector<SavedValue> savedForBackward(const FunctionReport &report);

/// Why a value is kept across the peak: "must (must_save)", "must (side
/// effects)", "policy" or "solver".
std::string keepReason(const GraphProblem &graph, NodeId id);

/// "file:line:col" for file locations, the name for named ones.
std::string formatLocation(mlir::Location loc);

/// Total FLOPs of one run of the function (every node once).
int64_t totalFlops(const GraphProblem &graph);

/// What the plan's recomputations cost. A recomputation whose node's
/// original copy nothing reads is a move: the computation runs later instead
/// of earlier (the rewrite erases the unread original) and adds nothing.
struct RecomputeSummary {
  int64_t recomputations = 0, moves = 0;
  /// FLOPs the plan adds (each real recomputation once per copy), and the
  /// FLOPs of the moved computations, which it does not add.
  int64_t flopsAdded = 0, flopsMoved = 0;
  /// The (anchor, node) of each move, as the plan's recomputeBefore lists
  /// them.
  std::set<std::pair<Step, NodeId>> moved;
  bool isMove(Step anchor, NodeId node) const {
    return moved.count({anchor, node}) != 0;
  }
};
RecomputeSummary summarizeRecomputation(const GraphProblem &graph,
                                        const MemoryProfile &profile);

void writeTextReport(llvm::ArrayRef<FunctionReport> reports,
                     llvm::raw_ostream &os);
void writeJsonReport(llvm::ArrayRef<FunctionReport> reports,
                     llvm::raw_ostream &os);
void writeHtmlReport(llvm::ArrayRef<FunctionReport> reports,
                     llvm::raw_ostream &os);

} // namespace remat

#endif // REMAT_DIALECT_REMAT_TRANSFORMS_PLANREPORT_H
