//===- ReportCommon.cpp - facts shared by the report formats --------------===//

#include "remat/Dialect/Remat/Transforms/PlanReport.h"

#include "remat/Dialect/Remat/IR/FlopCount.h"

using namespace remat;

std::string remat::keepReason(const GraphProblem &graph, NodeId id) {
  const Node &node = graph.problem.node(id);
  if (node.mustSave)
    return "must (must_save)";
  if (graph.isSideResult(id))
    return "must (side result)";
  if (!node.recomputable && !node.offloadable)
    return "must (side effects)";
  if (node.isOutput)
    return "must (output)";
  // A value of a checkpoint region is kept where its policy lets it be:
  // saveable, or not yet at the region's backward pass.
  if (node.policySaveable || node.policyGoverned)
    return "policy";
  return "solver";
}

int64_t remat::totalFlops(const GraphProblem &graph) {
  int64_t total = 0;
  for (int64_t flops : graph.flops)
    total = saturatingAdd(total, flops);
  return total;
}

int64_t remat::addedFlops(const GraphProblem &graph, const Plan &plan) {
  int64_t total = 0;
  for (const auto &list : plan.recomputeBefore)
    for (NodeId id : list)
      total = saturatingAdd(total, graph.flops[id]);
  return total;
}
