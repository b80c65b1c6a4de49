//===- ResultBuilder.cpp - replay a solver's plan into a result -----------===//

#include "ResultBuilder.h"

using namespace remat;

SolveResult remat::buildResult(SolverKind kind, const Problem &problem,
                               const SolverOptions &options, Plan plan,
                               std::string &verification) {
  SolveResult result;
  result.solver = kind;
  Verification replay = verifyPlan(problem, plan);
  verification = replay.error;
  result.plan = std::move(plan);
  if (!replay.ok())
    return result;
  result.profile = std::move(replay.profile);
  result.cost = measureAddedCost(problem, result.plan, result.profile).cost;
  result.feasible = result.profile.peak <= options.budget;
  if (!result.feasible) {
    result.minReachablePeak = result.profile.peak;
    result.minPeakProfile = result.profile;
  }
  return result;
}

std::string remat::describeExecution(const Problem &problem,
                                     const Execution &exec) {
  if (exec.kind == Execution::Kind::Return)
    return "the return (step " + std::to_string(exec.anchor) + ")";
  std::string node = "node " + std::to_string(exec.node);
  if (!problem.node(exec.node).name.empty())
    node += " (" + problem.node(exec.node).name + ")";
  std::string step = std::to_string(exec.anchor);
  switch (exec.kind) {
  case Execution::Kind::Compute:
    return "the computation of " + node + " at step " + step;
  case Execution::Kind::Recompute:
    return "the recomputation of " + node + " before step " + step;
  case Execution::Kind::Offload:
    return "the offload of " + node + " after step " + step;
  case Execution::Kind::Reload:
    return "the reload of " + node + " before step " + step;
  case Execution::Kind::Return:
    break;
  }
  return node;
}
