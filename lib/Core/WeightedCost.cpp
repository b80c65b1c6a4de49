//===- WeightedCost.cpp - the cost solvers minimize -----------------------===//

#include "WeightedCost.h"

#include <algorithm>

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

double remat::weightedMoveCredit(const Node &node) {
  return std::min(node.cost, weightedRecomputeCost(node));
}
