//===- WeightedCost.cpp - the cost solvers minimize -----------------------===//

#include "WeightedCost.h"

using namespace remat;

double remat::weightedRecomputeCost(const Node &node) {
  switch (node.preference) {
  case Preference::PreferSave:
    return node.cost * kPreferSaveWeight;
  case Preference::PreferRecompute:
    return node.cost * kPreferRecomputeWeight;
  case Preference::None:
    break;
  }
  return node.cost;
}

double remat::weightedAddedCost(const Problem &problem, const Plan &plan) {
  double cost = 0;
  for (const auto &list : plan.recomputeBefore)
    for (NodeId id : list)
      cost += weightedRecomputeCost(problem.node(id));
  for (const auto &lists : {&plan.offloadAfter, &plan.reloadBefore})
    for (const auto &list : *lists)
      for (NodeId id : list)
        cost += static_cast<double>(problem.node(id).bytes) *
                problem.transferCostPerByte;
  return cost;
}
