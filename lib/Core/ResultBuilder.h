//===- ResultBuilder.h - replay a solver's plan into a result ---*- C++ -*-===//
//
// What every solver does last: replay its plan with verifyPlan and fill the
// result's profile, cost and feasibility from the replay, never from the
// solver's own bookkeeping.
//
// Internal to lib/Core; not part of the public API.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_CORE_RESULTBUILDER_H
#define REMAT_LIB_CORE_RESULTBUILDER_H

#include "remat/Core/Solvers.h"

#include <string>

namespace remat {

/// Replays `plan` and fills a result from the replay: profile, cost, and
/// feasible = peak <= options.budget. When infeasible, minReachablePeak and
/// minPeakProfile are the plan's own. `verification` receives the replay's
/// error, empty when the plan is valid.
SolveResult buildResult(SolverKind kind, const Problem &problem,
                        const SolverOptions &options, Plan plan,
                        std::string &verification);

/// "the recompute of node 3 (a) before step 7", for messages.
std::string describeExecution(const Problem &problem, const Execution &exec);

} // namespace remat

#endif // REMAT_LIB_CORE_RESULTBUILDER_H
