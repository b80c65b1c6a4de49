//===- SavedBudget.h - a budget on what is saved for the backward pass -*- C++ -*-===//
//
// PyTorch's activation_memory_budget bounds the bytes saved for the backward
// pass, not the step's peak. A plan saves a value when its original device
// copy (a forward node's, made before the backward pass starts) is read in
// the backward pass. The budget solvers bound the peak; a saved-bytes budget
// is met by searching the peak budget: the largest one whose plan saves at
// most the bytes asked for.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_CORE_SAVEDBUDGET_H
#define REMAT_CORE_SAVEDBUDGET_H

#include "remat/Core/Plan.h"
#include "remat/Core/Solvers.h"

namespace remat {

/// Index in `profile.executions` of the first computation of a node of the
/// backward pass (Node::adjointOf set), or executions.size() when there is
/// none.
size_t backwardStart(const Problem &problem, const MemoryProfile &profile);

/// Whether `life` is a copy saved for the backward pass starting at
/// execution `start`: an original device copy, or a host copy, of a computed
/// forward node that is not an output, made before `start` and read at or
/// after it.
bool isSavedForBackward(const Problem &problem, const Lifetime &life,
                        size_t start);

/// Device bytes of the copies saved for the backward pass (host copies
/// excluded: they do not hold device memory across it).
int64_t savedDeviceBytes(const Problem &problem, const MemoryProfile &profile);

/// The result of solveSavedBudget.
struct SavedBudgetResult {
  /// The plan, solved under `peakBudget` by the solver asked for; feasible
  /// when it saves at most the bytes asked for.
  SolveResult result;
  int64_t peakBudget = 0;
  /// Device bytes saved by the plan, and by keeping everything.
  int64_t saved = 0, savedUnplanned = 0;
  /// When infeasible: the fewest saved bytes reached (at the smallest peak).
  int64_t minSaved = 0;
};

/// Plans `problem` so that it saves at most `savedBudget` device bytes for
/// the backward pass: bisects the peak budget between the smallest
/// reachable peak and the unconstrained one, solving each with `kind`
/// (greedy: every probe is a full solve), and returns the plan of the
/// largest peak budget found that meets it. options.budget is ignored.
SavedBudgetResult solveSavedBudget(SolverKind kind, const Problem &problem,
                                   const SolverOptions &options,
                                   int64_t savedBudget);

} // namespace remat

#endif // REMAT_CORE_SAVEDBUDGET_H
