//===- CoverBound.h - a lower bound on the cost of every plan ---*- C++ -*-===//
//
// The cover bound (docs/solvers.md, "Lower bounds"). At every step where
// keeping everything exceeds the budget, the values kept across the step
// (live there, neither read nor written by it) must shed the excess. A
// value stops being live across a step only when its next read is served by
// a copy made after the step: a recomputation or reload in the gap between
// the value's two reads around the step. So every plan within the budget
// picks, for each over-budget step, gaps whose values' bytes cover the
// excess, and pays at least a gap's cheapest event for each gap it picks:
//
//   minimize  sum c_g x_g
//   s.t.      sum_{g across s} bytes_g x_g >= excess_s  (each step s over
//             the budget)
//             x_g in {0, 1}
//
// where c_g is the value's recompute cost (preference-weighted; less the
// move credit for its first gap, where recomputing before the first read
// may be a move), or its
// reload's price when it may be offloaded, whichever is less. Keep limits
// force the gap before the first read past the limit, and its cost (a
// copy that can only be reloaded pays for its offload too); these forced
// costs are a bound by themselves when keeping everything fits. Any
// Lagrangian multipliers give a valid bound on this program, and so on every
// plan: a subgradient search finds good ones in O(steps + gaps) per
// iteration. On programs that are small enough CBC also solves the covering
// program, and its proven bound is used when it is the higher.
//
// The bound ignores what recomputations read (chains) and that a value
// recomputed within a gap is live after its recomputation: it is weak where
// those dominate, but it is valid for every plan verifyPlan accepts, not
// only for those the MILP expresses. When some step's excess exceeds every
// byte that may leave it, no plan fits: the budget is proven infeasible.
//
// Internal to lib/Core; not part of the public API (Solvers.h exposes it).
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_CORE_COVERBOUND_H
#define REMAT_LIB_CORE_COVERBOUND_H

#include "remat/Core/Solvers.h"

#include <algorithm>

namespace remat {

/// The cover bound of `problem` under `budget`, within about `seconds`;
/// `upperBound` (a known plan's weighted cost) steers the subgradient steps.
CostLowerBound coverLowerBound(const Problem &problem, int64_t budget,
                               double seconds,
                               std::optional<double> upperBound);

/// The seconds a solver with `timeLimit` seconds gives the cover bound: a
/// tenth, between 0.01 and 2 (the search and the exact solver alike).
inline double coverBoundSeconds(double timeLimit) {
  return std::clamp(0.1 * timeLimit, 0.01, 2.0);
}

} // namespace remat

#endif // REMAT_LIB_CORE_COVERBOUND_H
