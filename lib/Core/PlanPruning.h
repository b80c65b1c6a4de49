//===- PlanPruning.h - drop the recomputations a plan does not need -*- C++ -*-===//
//
// A solver's walk can leave recomputations and transfers behind that a
// later step made unnecessary (the greedy relieves one peak at a time and
// ends below the budget), and equally cheap plans can differ in useless
// moves. Pruning replays the plan without each in turn and keeps it out
// when the plan still replays within a peak limit.
//
// Internal to lib/Core; not part of the public API.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_CORE_PLANPRUNING_H
#define REMAT_LIB_CORE_PLANPRUNING_H

#include "remat/Core/Plan.h"
#include "remat/Core/Problem.h"

#include <cstdint>

namespace remat {

/// Removes from `plan` the reloads and recomputations it does not need to
/// replay with a peak of at most `limit`: each is tried once, reloads first
/// (the largest first; a node's offloads go with its last reload), then
/// recomputations, the dearest first (preference-weighted; on ties the
/// latest first), moves last. One stays out when the plan without it
/// replays (verifyPlan) within `limit`. At most `maxTrials` trials, each a
/// replay. `plan` must replay. Returns the number removed.
int64_t pruneRecomputations(const Problem &problem, Plan &plan, int64_t limit,
                            int64_t maxTrials);

/// The trials pruneRecomputations gets by default on `problem`: all of a
/// plan's recomputations on small problems, fewer as replays get longer
/// (about 2e7 nodes and edges replayed in all).
int64_t defaultPruningTrials(const Problem &problem);

} // namespace remat

#endif // REMAT_LIB_CORE_PLANPRUNING_H
