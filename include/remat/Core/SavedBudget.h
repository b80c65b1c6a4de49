//===- SavedBudget.h - a budget on saved activations ----------*- C++ -*-===//
//
// PyTorch's activation_memory_budget bounds the bytes saved for the backward
// pass, not the step's peak. A plan saves a value when its original device
// copy (a forward node's, made before the backward pass starts) is read in
// the backward pass. The budget solvers bound the peak; a saved-bytes budget
// is a bound on one step, where the backward pass starts, which they meet
// through a phantom allocation at that step (lib/Core/SavedBudget.cpp).
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
  /// The plan, solved by the solver asked for; feasible when it saves at
  /// most the bytes asked for and its peak is within `peakBudget`.
  SolveResult result;
  /// The peak budget of the plan: the unconstrained peak (a saved budget
  /// never lets the step grow).
  int64_t peakBudget = 0;
  /// Device bytes saved by the plan, and by keeping everything.
  int64_t saved = 0, savedUnplanned = 0;
  /// When infeasible: the fewest saved bytes reached (at the smallest peak).
  int64_t minSaved = 0;
};

/// Plans `problem` so that it saves at most `savedBudget` device bytes for
/// the backward pass and its peak stays within the unconstrained one: one
/// solve with `kind` (greedy, exact, search or auto) of the problem with a
/// phantom allocation where the backward pass starts, whose plan, mapped
/// back, is replayed on `problem`. Values kept across that step that are
/// not saved ones (recomputed or reloaded copies made early) count against
/// the bound too, so the plan may save less than asked. When the bound is
/// out of reach the result is infeasible, holds the plan of fewest saved
/// bytes the solver found, and says how many. options.budget is ignored.
SavedBudgetResult solveSavedBudget(SolverKind kind, const Problem &problem,
                                   const SolverOptions &options,
                                   int64_t savedBudget);

} // namespace remat

#endif // REMAT_CORE_SAVEDBUDGET_H
