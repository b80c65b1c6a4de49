//===- WeightedCost.h - the cost solvers minimize ---------------*- C++ -*-===//
//
// PyTorch-style `prefer_save` / `prefer_recompute` marks bias the solvers
// without constraining them: a node's recompute cost counts 100 times for a
// prefer-save node and a hundredth for a prefer-recompute one. The greedy
// scores its moves with this weighted cost and the exact solver minimizes it,
// so both trade the same quantities. Transfers to and from host memory are
// not weighted. Results report the plan's unweighted added cost; both are
// measured by measureAddedCost (Plan.h), moves at zero, and agree when no
// node carries a preference.
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

/// What a move of `node` (findMoves, Plan.h) takes off its weighted cost:
/// all of it, but at most the node's plain cost. A move adds no work, but
/// computing a prefer-save node later than where it was is what the mark
/// asks not to do: it still costs the part of its weight above 1.
double weightedMoveCredit(const Node &node);


} // namespace remat

#endif // REMAT_LIB_CORE_WEIGHTEDCOST_H
