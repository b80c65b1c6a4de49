//===- SavedBudget.cpp - a budget on what is saved for the backward pass --===//
//
// A bound on the bytes alive across one step is a per-step budget, and a
// per-step budget is the global one plus a phantom allocation: the problem
// gets one more node, computed right before the backward pass starts, read
// by nothing, never recomputed or offloaded, of `phantom` bytes. It lives
// at that one execution only, so under a peak budget M every other step
// still fits M, and the boundary holds at most M - phantom bytes besides
// it: the resident bytes, the outputs made by the forward pass, and what
// the plan keeps for the backward pass. Every budget solver then meets the
// saved budget in one solve, deciding what to keep by its own cost model.
//
//===----------------------------------------------------------------------===//

#include "remat/Core/SavedBudget.h"

#include "ResultBuilder.h"

#include <algorithm>

using namespace remat;

size_t remat::backwardStart(const Problem &problem,
                            const MemoryProfile &profile) {
  for (size_t i = 0; i < profile.executions.size(); ++i) {
    const Execution &exec = profile.executions[i];
    if (exec.kind == Execution::Kind::Compute &&
        problem.node(exec.node).adjointOf != kNotAdjoint)
      return i;
  }
  return profile.executions.size();
}

bool remat::isSavedForBackward(const Problem &problem, const Lifetime &life,
                               size_t start) {
  const Node &node = problem.node(life.node);
  bool copyKind = life.kind == Lifetime::Kind::Original ||
                  life.kind == Lifetime::Kind::Host;
  return copyKind && !node.isOutput && node.adjointOf == kNotAdjoint &&
         life.first < start && life.last >= start;
}

int64_t remat::savedDeviceBytes(const Problem &problem,
                                const MemoryProfile &profile) {
  size_t start = backwardStart(problem, profile);
  int64_t bytes = 0;
  for (const Lifetime &life : profile.lifetimes)
    if (life.kind == Lifetime::Kind::Original &&
        isSavedForBackward(problem, life, start))
      bytes += problem.node(life.node).bytes;
  return bytes;
}

namespace {

/// `problem` with the phantom node inserted at step `boundary`: nodes and
/// steps from `boundary` on move one later.
struct BoundaryProblem {
  Problem problem;
  NodeId boundary = 0;

  /// The step or node of the original problem that `id` (>= 0) becomes.
  static NodeId shift(NodeId id, NodeId boundary) {
    return id >= boundary ? id + 1 : id;
  }
  /// The inverse: the original step or node of `id` (not the phantom's).
  NodeId unshiftId(NodeId id) const { return id > boundary ? id - 1 : id; }

  BoundaryProblem(const Problem &original, NodeId boundary, int64_t phantom)
      : boundary(boundary) {
    problem.transferCostPerByte = original.transferCostPerByte;
    for (NodeId id = 0; id <= original.size(); ++id) {
      if (id == boundary) {
        Node node;
        node.name = "(the bound on bytes saved for the backward pass)";
        node.bytes = phantom;
        node.recomputable = false;
        node.mustSave = true;
        problem.addNode(std::move(node));
      }
      if (id == original.size())
        break;
      Node node = original.node(id);
      for (NodeId &input : node.inputs)
        input = shift(input, boundary);
      if (node.keepLimit != kNoKeepLimit)
        node.keepLimit = shift(node.keepLimit, boundary);
      for (Node::CopyLimit &limit : node.copyLimits)
        limit.limit = shift(limit.limit, boundary);
      if (node.adjointOf >= 0)
        node.adjointOf = shift(node.adjointOf, boundary);
      problem.addNode(std::move(node));
    }
  }

  /// The plan of the original problem that runs what `plan` runs, in the
  /// same order but for the phantom's anchor, whose transfers and
  /// recomputations join the boundary step's (reloads before recomputes)
  /// or, for offloads after the phantom, the step before it.
  Plan unshift(const Plan &plan, const Problem &original) const {
    Plan out = Plan::keepAll(original);
    auto nodesOf = [&](const std::vector<NodeId> &ids) {
      std::vector<NodeId> mapped;
      mapped.reserve(ids.size());
      for (NodeId id : ids)
        if (id != boundary) // the phantom is never moved; be safe
          mapped.push_back(unshiftId(id));
      return mapped;
    };
    auto append = [](std::vector<NodeId> &to, std::vector<NodeId> from) {
      to.insert(to.end(), from.begin(), from.end());
    };
    for (Step s = 0; s <= problem.size(); ++s) {
      Step to = unshiftId(s);
      if (!plan.reloadBefore.empty())
        append(out.reloadBefore[to], nodesOf(plan.reloadBefore[s]));
      if (!plan.recomputeBefore.empty())
        append(out.recomputeBefore[to], nodesOf(plan.recomputeBefore[s]));
      if (!plan.offloadAfter.empty())
        append(out.offloadAfter[s == boundary ? boundary - 1 : to],
               nodesOf(plan.offloadAfter[s]));
    }
    return out;
  }
};

/// One solve of `problem` with the bytes kept across the boundary, besides
/// `unsaved`, bounded by `savedBudget`, mapped back and replayed.
struct BoundedSolve {
  SolveResult result;
  int64_t saved = 0;
  bool replayed = false;
};

BoundedSolve solveBounded(SolverKind kind, const Problem &problem,
                          const SolverOptions &peakOptions, NodeId boundary,
                          int64_t unsaved, int64_t savedBudget) {
  BoundedSolve out;
  int64_t phantom = std::max<int64_t>(0, peakOptions.budget - unsaved -
                                             std::max<int64_t>(0, savedBudget));
  BoundaryProblem bounded(problem, boundary, phantom);
  SolveResult inner = solve(kind, bounded.problem, peakOptions);
  std::string error;
  out.result = buildResult(inner.solver, problem, peakOptions,
                           bounded.unshift(inner.plan, problem), error);
  if (!error.empty()) {
    // Only a reordering at the phantom's anchor can make the mapped plan
    // invalid; say so rather than return a plan that does not replay.
    out.result.feasible = false;
    out.result.message = "the plan found for the saved budget does not "
                         "replay without its bound: " +
                         error;
    return out;
  }
  out.replayed = true;
  out.saved = savedDeviceBytes(problem, out.result.profile);
  out.result.feasible =
      out.result.profile.peak <= peakOptions.budget && out.saved <= savedBudget;
  if (out.result.feasible) {
    out.result.optimal = inner.optimal;
    out.result.peakMinimized = inner.peakMinimized;
    out.result.gap = inner.gap;
    out.result.lowerBound = inner.lowerBound;
    out.result.message = inner.message;
  } else if (inner.subject >= 0 && inner.subject != boundary) {
    out.result.subject = bounded.unshiftId(inner.subject);
  }
  return out;
}

} // namespace

SavedBudgetResult remat::solveSavedBudget(SolverKind kind,
                                          const Problem &problem,
                                          const SolverOptions &options,
                                          int64_t savedBudget) {
  SavedBudgetResult out;
  MemoryProfile unplanned = unconstrainedProfile(problem);
  out.savedUnplanned = savedDeviceBytes(problem, unplanned);
  out.peakBudget = unplanned.peak;
  SolverOptions peakOptions = options;
  peakOptions.budget = out.peakBudget;

  // The step where the backward pass starts. Without one (or without a
  // forward pass before it) nothing is saved.
  NodeId boundary = problem.size();
  for (NodeId id = 0; id < problem.size(); ++id)
    if (problem.node(id).adjointOf != kNotAdjoint) {
      boundary = id;
      break;
    }
  if (boundary == 0 || boundary == problem.size()) {
    out.result = solve(kind, problem, peakOptions);
    out.saved = out.minSaved = savedDeviceBytes(problem, out.result.profile);
    return out;
  }

  // What the boundary holds besides the saved values when everything is
  // kept: resident bytes and the forward pass's outputs.
  BoundaryProblem probe(problem, boundary, 0);
  MemoryProfile probeProfile = unconstrainedProfile(probe.problem);
  int64_t acrossUnplanned = 0;
  for (size_t i = 0; i < probeProfile.executions.size(); ++i)
    if (probeProfile.executions[i].kind == Execution::Kind::Compute &&
        probeProfile.executions[i].node == boundary)
      acrossUnplanned = probeProfile.live[i];
  int64_t unsaved = acrossUnplanned - out.savedUnplanned;

  BoundedSolve first =
      solveBounded(kind, problem, peakOptions, boundary, unsaved, savedBudget);
  if (!first.replayed) {
    out.result = std::move(first.result);
    out.minSaved = out.saved = out.savedUnplanned;
    return out;
  }
  out.result = std::move(first.result);
  out.saved = first.saved;
  if (out.result.feasible)
    return out;
  // Out of reach. A solver stuck above a bound returns its lowest plan,
  // which may have bought the last bytes at the boundary (an output moved
  // past it) with a peak above the unplanned one elsewhere: solve again
  // for what that plan saves, whose plan then fits the peak as well.
  if (out.result.profile.peak > out.peakBudget) {
    BoundedSolve again = solveBounded(kind, problem, peakOptions, boundary,
                                      unsaved, first.saved);
    if (again.replayed && again.result.profile.peak <= out.peakBudget) {
      out.result = std::move(again.result);
      out.saved = again.saved;
    }
  }
  out.result.feasible = false;
  out.minSaved = out.saved;
  out.result.minReachablePeak = out.result.profile.peak;
  out.result.minPeakProfile = out.result.profile;
  out.result.message = "the fewest bytes the " +
                       std::string(toString(out.result.solver)) +
                       " solver saves for the backward pass is " +
                       std::to_string(out.saved) + " B";
  return out;
}
