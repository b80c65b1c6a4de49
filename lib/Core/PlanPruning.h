//===- PlanPruning.h - drop what a plan does not need ------*- C++ -*-===//
//
// A solver's walk can leave recomputations and transfers behind that a
// later step made unnecessary (the greedy relieves one peak at a time and
// ends below the budget), and equally cheap plans can differ in useless
// moves. Pruning takes each out in turn when the plan still replays within
// a peak limit.
//
// Internal to lib/Core; not part of the public API.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_CORE_PLANPRUNING_H
#define REMAT_LIB_CORE_PLANPRUNING_H

#include "remat/Core/Plan.h"
#include "remat/Core/Problem.h"

#include <algorithm>
#include <cstdint>

namespace remat {

/// Removes from `plan` the reloads and recomputations it does not need to
/// replay with a peak of at most `limit`: reloads first (the largest first;
/// a node's offloads go with its last reload), then recomputations, the
/// dearest first (preference-weighted; on ties the latest first), moves
/// last. Each is checked once against the replay's live bytes, updated as
/// removals are accepted (O(log N) a check); the pruned plan is replayed
/// once more to confirm it. `plan` must replay. Returns the number removed.
int64_t pruneRecomputations(const Problem &problem, Plan &plan, int64_t limit);

/// Removes from `plan` the recomputations and reloads whose copy no read
/// binds to (a dropped copy's own reads go too: one backward pass), then
/// the offloads of nodes it no longer reloads.
void dropUnreadCopies(const Problem &problem, Plan &plan);

/// Removes from `plan` the offloads of nodes it no longer reloads.
void dropOffloadsWithoutReload(const Problem &problem, Plan &plan);

/// `plan` less the recomputations and reloads that `undo(step, node)`
/// selects (a ruin of ruin-and-recreate); a node's offloads go with its last
/// reload. Copies that keep limits or offloading policies require stay:
/// undoing one can leave a read past its limit without a copy it may read.
template <typename Pred>
Plan withoutEvents(const Problem &problem, const Plan &plan, Pred undo) {
  Plan result = plan;
  auto undoEvents = [&](std::vector<std::vector<NodeId>> &lists, bool reloads) {
    for (size_t s = 0; s < lists.size(); ++s) {
      auto &list = lists[s];
      list.erase(std::remove_if(list.begin(), list.end(),
                                [&](NodeId id) {
                                  const Node &node = problem.node(id);
                                  return node.keepLimit == kNoKeepLimit &&
                                         !(reloads && node.mustOffload) &&
                                         undo(static_cast<Step>(s), id);
                                }),
                 list.end());
    }
  };
  undoEvents(result.recomputeBefore, /*reloads=*/false);
  undoEvents(result.reloadBefore, /*reloads=*/true);
  dropOffloadsWithoutReload(problem, result);
  return result;
}

} // namespace remat

#endif // REMAT_LIB_CORE_PLANPRUNING_H
