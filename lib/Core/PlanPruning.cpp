//===- PlanPruning.cpp - drop the recomputations a plan does not need -----===//

#include "PlanPruning.h"

#include "WeightedCost.h"

#include <algorithm>
#include <tuple>

using namespace remat;

int64_t remat::defaultPruningTrials(const Problem &problem) {
  int64_t work = problem.size() + 1;
  for (const Node &node : problem.getNodes())
    work += static_cast<int64_t>(node.inputs.size());
  constexpr int64_t kReplayedWork = 20'000'000;
  return std::max<int64_t>(16, kReplayedWork / work);
}

int64_t remat::pruneRecomputations(const Problem &problem, Plan &plan,
                                   int64_t limit, int64_t maxTrials) {
  Verification start = verifyPlan(problem, plan);
  if (!start.ok())
    return 0;
  // The recomputations, dearest first; moves (which cost nothing) last.
  std::vector<PlanMove> moves = findMoves(problem, start.profile);
  auto isMove = [&](Step anchor, NodeId id) {
    return std::any_of(moves.begin(), moves.end(), [&](const PlanMove &m) {
      return m.anchor == anchor && m.node == id;
    });
  };
  struct Candidate {
    double cost;
    Step anchor;
    NodeId node;
  };
  std::vector<Candidate> candidates;
  for (size_t s = 0; s < plan.recomputeBefore.size(); ++s)
    for (NodeId id : plan.recomputeBefore[s]) {
      Step anchor = static_cast<Step>(s);
      candidates.push_back(
          {isMove(anchor, id) ? -1.0 : weightedRecomputeCost(problem.node(id)),
           anchor, id});
    }
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const Candidate &a, const Candidate &b) {
                     return std::tie(a.cost, a.anchor) >
                            std::tie(b.cost, b.anchor);
                   });
  int64_t removed = 0, trials = 0;
  // Reloads first, the largest first: a transfer a later move made useless
  // (or one that only brings a value back for the return of a plan that
  // fits without it). A node's offload goes with its last reload.
  std::vector<std::pair<Step, NodeId>> reloads;
  for (size_t s = 0; s < plan.reloadBefore.size(); ++s)
    for (NodeId id : plan.reloadBefore[s])
      reloads.push_back({static_cast<Step>(s), id});
  std::stable_sort(reloads.begin(), reloads.end(),
                   [&](const auto &a, const auto &b) {
                     return problem.node(a.second).bytes >
                            problem.node(b.second).bytes;
                   });
  for (const auto &[anchor, id] : reloads) {
    if (trials++ >= maxTrials)
      return removed;
    Plan trial = plan;
    std::vector<NodeId> &list = trial.reloadBefore[anchor];
    list.erase(std::find(list.begin(), list.end(), id));
    bool reloadedElsewhere = false;
    for (const auto &other : trial.reloadBefore)
      reloadedElsewhere |= std::count(other.begin(), other.end(), id) != 0;
    if (!reloadedElsewhere)
      for (auto &offloads : trial.offloadAfter)
        offloads.erase(std::remove(offloads.begin(), offloads.end(), id),
                       offloads.end());
    Verification v = verifyPlan(problem, trial);
    if (v.ok() && v.profile.peak <= limit) {
      plan = std::move(trial);
      ++removed;
    }
  }
  for (const Candidate &candidate : candidates) {
    if (trials++ >= maxTrials)
      break;
    std::vector<NodeId> &list = plan.recomputeBefore[candidate.anchor];
    auto it = std::find(list.begin(), list.end(), candidate.node);
    if (it == list.end())
      continue;
    size_t index = static_cast<size_t>(it - list.begin());
    list.erase(it);
    Verification v = verifyPlan(problem, plan);
    if (v.ok() && v.profile.peak <= limit) {
      ++removed;
      continue;
    }
    list.insert(list.begin() + static_cast<std::ptrdiff_t>(index),
                candidate.node);
  }
  return removed;
}
