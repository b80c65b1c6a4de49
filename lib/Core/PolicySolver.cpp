//===- PolicySolver.cpp - apply checkpoint policies, as JAX does ----------===//
//
// The policy solver applies exactly the evictions that checkpoint policies
// and marks force, and nothing for the budget. A node whose keepLimit is
// before some of its uses (JAX: a residual that is not saveable) gets a new
// copy right before its first use after the limit, which then serves every
// later use (in nested regions, until the copy's Node::copyLimits say that
// an inner region's re-run must make a new one):
//  * mustOffload nodes (and non-recomputable ones) go to host memory right
//    after their last use at or before the limit (right after creation when
//    there is none) and are reloaded;
//  * others are recomputed, together with the chain of operands that are not
//    readable there themselves (their own keepLimit has passed and no newer
//    copy exists). Operands still readable are kept alive until then, as
//    JAX saves residuals that are saveable. Each step's recomputations run
//    in ascending node order, each node once.
//
// One pass in schedule order, with a worklist per read: O(nodes + edges +
// size of the chains).
//
//===----------------------------------------------------------------------===//

#include "ResultBuilder.h"
#include "remat/Core/Solvers.h"

#include <algorithm>

using namespace remat;

namespace {

/// The pass over the schedule.
class PolicyPlanner {
public:
  explicit PolicyPlanner(const Problem &problem)
      : problem(problem), plan(Plan::keepAll(problem)),
        copyAnchor(problem.size(), -1), offloaded(problem.size(), 0),
        lastOriginalRead(problem.size(), -1) {}

  Plan run();

private:
  /// Whether a read of `id` at `anchor` finds a copy; records reads of the
  /// original copy (they decide where an offload goes).
  bool readableAt(NodeId id, Step anchor);
  /// Makes `id` readable at `anchor`, recomputing or reloading it.
  void makeReadable(NodeId id, Step anchor);
  void reload(NodeId id, Step anchor);
  std::vector<NodeId> uniqueInputs(NodeId id) const;
  /// Whether a copy of `id` made before step `made` may serve a read at
  /// `anchor` (Node::copyLimits).
  bool copyServes(NodeId id, Step made, Step anchor) const;

  const Problem &problem;
  Plan plan;
  /// The anchor of the newest copy of each node, -1 when there is none.
  std::vector<Step> copyAnchor;
  std::vector<uint8_t> offloaded;
  std::vector<Step> lastOriginalRead;
};

} // namespace

std::vector<NodeId> PolicyPlanner::uniqueInputs(NodeId id) const {
  std::vector<NodeId> inputs = problem.node(id).inputs;
  std::sort(inputs.begin(), inputs.end());
  inputs.erase(std::unique(inputs.begin(), inputs.end()), inputs.end());
  return inputs;
}

bool PolicyPlanner::copyServes(NodeId id, Step made, Step anchor) const {
  for (const Node::CopyLimit &limit : problem.node(id).copyLimits)
    if (made <= limit.limit)
      return anchor <= limit.limit || limit.saveable;
  return true;
}

bool PolicyPlanner::readableAt(NodeId id, Step anchor) {
  const Node &node = problem.node(id);
  if (node.resident)
    return true;
  if (copyAnchor[id] >= 0)
    return copyServes(id, copyAnchor[id], anchor);
  if (anchor > node.keepLimit)
    return false;
  lastOriginalRead[id] = std::max(lastOriginalRead[id], anchor);
  return true;
}

void PolicyPlanner::reload(NodeId id, Step anchor) {
  if (!offloaded[id]) {
    Step after = lastOriginalRead[id] >= 0 ? lastOriginalRead[id] : id;
    plan.offloadAfter[after].push_back(id);
    offloaded[id] = 1;
  }
  plan.reloadBefore[anchor].push_back(id);
  copyAnchor[id] = anchor;
}

void PolicyPlanner::makeReadable(NodeId id, Step anchor) {
  // Depth-first with an explicit stack: a node is recomputed after its
  // operands, which makes the recompute list operands-first.
  struct Frame {
    NodeId node;
    bool expanded;
  };
  std::vector<Frame> stack{{id, false}};
  while (!stack.empty()) {
    Frame &frame = stack.back();
    NodeId node = frame.node;
    if (frame.expanded) {
      stack.pop_back();
      if (copyAnchor[node] != anchor) {
        plan.recomputeBefore[anchor].push_back(node);
        copyAnchor[node] = anchor;
      }
      continue;
    }
    if (readableAt(node, anchor)) {
      stack.pop_back();
      continue;
    }
    const Node &n = problem.node(node);
    if (n.mustOffload || !n.recomputable) {
      stack.pop_back();
      reload(node, anchor);
      continue;
    }
    frame.expanded = true;
    std::vector<NodeId> inputs = uniqueInputs(node);
    for (auto it = inputs.rbegin(); it != inputs.rend(); ++it)
      stack.push_back({*it, false});
  }
}

Plan PolicyPlanner::run() {
  for (Step s = 0; s < problem.size(); ++s) {
    if (problem.node(s).resident)
      continue;
    for (NodeId input : uniqueInputs(s))
      makeReadable(input, s);
  }
  for (NodeId id = 0; id < problem.size(); ++id)
    if (problem.node(id).isOutput)
      makeReadable(id, problem.size());
  // Each chain is operands-first, but the chains of one step interleave
  // (a later chain may recompute a node smaller than the previous chain's).
  // Ascending order is a dependency order too, and it binds every read to the
  // same copy: a node is recomputed at a step only when it is not readable
  // there, so no read at that step can bind to an older copy of it. It is the
  // order the greedy keeps and the exact solver's model expresses.
  for (std::vector<NodeId> &list : plan.recomputeBefore)
    std::sort(list.begin(), list.end());
  return plan;
}

Plan remat::buildPolicyPlan(const Problem &problem) {
  return PolicyPlanner(problem).run();
}

SolveResult remat::solvePolicy(const Problem &problem,
                               const SolverOptions &options) {
  if (auto error = problem.check()) {
    SolveResult result;
    result.solver = SolverKind::Policy;
    result.message = "invalid problem: " + *error;
    return result;
  }
  std::string error;
  SolveResult result = buildResult(SolverKind::Policy, problem, options,
                                   buildPolicyPlan(problem), error);
  if (!error.empty()) {
    result.message =
        "internal error: the policy plan does not replay: " + error;
    return result;
  }
  if (result.feasible)
    return result;
  const Execution &at = result.profile.executions[result.profile.peakIndex];
  result.message = "the policy plan peaks at " +
                   std::to_string(result.profile.peak) + " bytes, above the " +
                   "budget of " + std::to_string(options.budget) + ", at " +
                   describeExecution(problem, at) +
                   "; the policy solver applies policies only and does not "
                   "evict for the budget";
  return result;
}
