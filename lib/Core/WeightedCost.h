//===- WeightedCost.h - the cost solvers minimize ---------------*- C++ -*-===//
//
// PyTorch-style `prefer_save` / `prefer_recompute` marks bias the solvers
// without constraining them: a node's recompute cost counts 100 times for a
// prefer-save node and a hundredth for a prefer-recompute one. The greedy
// scores its moves with this weighted cost and the exact solver minimizes it,
// so both trade the same quantities. Transfers to and from host memory are
// not weighted. Results report the plan's unweighted added cost
// (Plan::addedCost); the two agree when no node carries a preference.
//
// Internal to lib/Core; not part of the public API.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_CORE_WEIGHTEDCOST_H
#define REMAT_LIB_CORE_WEIGHTEDCOST_H

#include "remat/Core/Plan.h"
#include "remat/Core/Problem.h"

namespace remat {

/// Factor on the recompute cost of a prefer-save node.
inline constexpr double kPreferSaveWeight = 100.0;
/// Factor on the recompute cost of a prefer-recompute node.
inline constexpr double kPreferRecomputeWeight = 0.01;

/// The cost of recomputing `node` once, weighted by its preference.
double weightedRecomputeCost(const Node &node);

/// The added cost of `plan` with recomputations weighted by preference:
/// Plan::addedCost when no node carries one.
double weightedAddedCost(const Problem &problem, const Plan &plan);

} // namespace remat

#endif // REMAT_LIB_CORE_WEIGHTEDCOST_H
