//===- PlanVerifier.cpp - replay a plan and measure its memory ------------===//
//
// The independent check of every solver: replays the plan execution by
// execution, binding each read to the latest device copy of the node, and
// measures live bytes with a difference array over execution positions.
//
//===----------------------------------------------------------------------===//

#include "remat/Core/Plan.h"

#include "WeightedCost.h"

#include <algorithm>
#include <numeric>

using namespace remat;

Plan Plan::keepAll(const Problem &problem) {
  Plan plan;
  plan.resize(problem);
  return plan;
}

void Plan::resize(const Problem &problem) {
  size_t anchors = static_cast<size_t>(problem.size()) + 1;
  recomputeBefore.resize(anchors);
  offloadAfter.resize(anchors);
  reloadBefore.resize(anchors);
}

int64_t Plan::numRecomputations() const {
  int64_t count = 0;
  for (const auto &list : recomputeBefore)
    count += static_cast<int64_t>(list.size());
  return count;
}

int64_t Plan::numOffloads() const {
  int64_t count = 0;
  for (const auto &list : offloadAfter)
    count += static_cast<int64_t>(list.size());
  return count;
}

std::vector<PlanMove> remat::findMoves(const Problem &problem,
                                       const MemoryProfile &profile) {
  // Nodes whose original copy nothing reads (not even the return): the
  // rewrite erases it (replayAsRewritten drops it and its lifetime;
  // verifyPlan keeps it, unread), and their first recomputation replaces
  // the computation.
  std::vector<char> erased(static_cast<size_t>(problem.size()), 0);
  for (NodeId id = 0; id < problem.size(); ++id)
    erased[id] = !problem.node(id).resident;
  for (const Lifetime &life : profile.lifetimes)
    if (life.kind == Lifetime::Kind::Original && life.first != life.last)
      erased[life.node] = 0;
  std::vector<PlanMove> moves;
  for (const Lifetime &life : profile.lifetimes) {
    if (life.kind != Lifetime::Kind::Recomputed || !erased[life.node])
      continue;
    erased[life.node] = 0;
    moves.push_back({profile.executions[life.first].anchor, life.node});
  }
  return moves;
}

AddedCost remat::measureAddedCost(const Problem &problem, const Plan &plan,
                                  const MemoryProfile &profile) {
  AddedCost added;
  // The moves are left out of the sum, not subtracted from it: a plan with
  // more recomputations then never sums to less (floating-point addition
  // of non-negative terms in a fixed order is monotone).
  std::vector<std::pair<Step, NodeId>> moves;
  for (const PlanMove &move : findMoves(problem, profile))
    moves.push_back({move.anchor, move.node});
  std::sort(moves.begin(), moves.end());
  std::vector<char> skipped(moves.size(), 0);
  added.moves = static_cast<int64_t>(moves.size());
  for (size_t s = 0; s < plan.recomputeBefore.size(); ++s)
    for (NodeId id : plan.recomputeBefore[s]) {
      auto it = std::lower_bound(moves.begin(), moves.end(),
                                 std::make_pair(static_cast<Step>(s), id));
      size_t index = static_cast<size_t>(it - moves.begin());
      const Node &node = problem.node(id);
      if (it != moves.end() && *it == std::make_pair(static_cast<Step>(s), id) &&
          !skipped[index]) {
        skipped[index] = 1; // once: a node is moved at most once
        added.weighted += weightedRecomputeCost(node) - weightedMoveCredit(node);
        continue;
      }
      added.cost += node.cost;
      added.weighted += weightedRecomputeCost(node);
    }
  for (const auto &lists : {&plan.offloadAfter, &plan.reloadBefore})
    for (const auto &list : *lists)
      for (NodeId id : list) {
        double transfer = static_cast<double>(problem.node(id).bytes) *
                          problem.transferCostPerByte;
        added.cost += transfer;
        added.weighted += transfer;
      }
  return added;
}

namespace {

/// One device copy of a node.
struct Instance {
  NodeId node;
  size_t start;   ///< Execution that creates it.
  size_t lastUse; ///< Last execution that reads it (start when unread).
  bool original;  ///< Made by the node's own step (not a recompute/reload).
};

/// The replay state.
class Replayer {
public:
  Replayer(const Problem &problem, const Plan &plan, bool asRewritten)
      : problem(problem), plan(plan), asRewritten(asRewritten),
        current(static_cast<size_t>(problem.size()), kNoInstance),
        hostCopy(static_cast<size_t>(problem.size()), false),
        hostLastUse(static_cast<size_t>(problem.size()), 0),
        hostStart(static_cast<size_t>(problem.size()), 0) {}

  Verification run();

private:
  static constexpr size_t kNoInstance = static_cast<size_t>(-1);

  std::string nodeName(NodeId id) const {
    const Node &node = problem.node(id);
    std::string text = "node " + std::to_string(id);
    if (!node.name.empty())
      text += " (" + node.name + ")";
    return text;
  }

  /// Records that execution `pos` reads the current copy of `id`.
  bool read(NodeId id, size_t pos, Step anchor) {
    size_t inst = current[id];
    if (inst == kNoInstance) {
      error = nodeName(id) + " is read at step " + std::to_string(anchor) +
              " but is not in device memory there";
      return false;
    }
    Instance &instance = instances[inst];
    // Past the keep limit only a copy made after it may be read: one made
    // before it (the original, or a forward recomputation or reload) would
    // be a value of the forward pass kept into the backward.
    Step limit = problem.node(id).keepLimit;
    Step made = executions[instance.start].anchor;
    if (made <= limit && anchor > limit) {
      error = nodeName(id) + " is kept past its keep limit (step " +
              std::to_string(limit) + ") and read at step " +
              std::to_string(anchor) +
              (instance.original
                   ? std::string()
                   : ": the copy read was made at step " +
                         std::to_string(made) +
                         ", not after the limit");
      return false;
    }
    instance.lastUse = std::max(instance.lastUse, pos);
    reads[pos].push_back(inst);
    return true;
  }

  void create(NodeId id, size_t pos, bool original) {
    current[id] = instances.size();
    instances.push_back({id, pos, pos, original});
    created[pos] = current[id];
  }

  bool checkAnchorLists();
  bool execute(const Execution &exec, size_t pos);
  void eraseDeadOriginals();

  const Problem &problem;
  const Plan &plan;
  bool asRewritten;
  std::vector<Instance> instances;
  std::vector<size_t> current;
  std::vector<bool> hostCopy;
  std::vector<size_t> hostLastUse, hostStart;
  std::vector<Execution> executions;
  std::vector<std::vector<size_t>> reads; // per execution: instances read
  std::vector<size_t> created;            // per execution: instance made
  std::string error;
};

} // namespace

bool Replayer::checkAnchorLists() {
  auto checkSize = [&](const std::vector<std::vector<NodeId>> &lists,
                       const char *what) {
    if (!lists.empty() && lists.size() != static_cast<size_t>(problem.size()) + 1) {
      error = std::string("the plan's ") + what + " list has " +
              std::to_string(lists.size()) + " anchors, expected " +
              std::to_string(problem.size() + 1);
      return false;
    }
    for (const auto &list : lists)
      for (NodeId id : list)
        if (id < 0 || id >= problem.size()) {
          error = std::string("the plan's ") + what + " list names node " +
                  std::to_string(id) + ", which does not exist";
          return false;
        }
    return true;
  };
  return checkSize(plan.recomputeBefore, "recompute") &&
         checkSize(plan.offloadAfter, "offload") &&
         checkSize(plan.reloadBefore, "reload");
}

bool Replayer::execute(const Execution &exec, size_t pos) {
  const Node *node = exec.node >= 0 ? &problem.node(exec.node) : nullptr;
  switch (exec.kind) {
  case Execution::Kind::Compute:
  case Execution::Kind::Recompute: {
    if (exec.kind == Execution::Kind::Recompute) {
      if (node->resident || !node->recomputable || node->mustSave ||
          node->mustOffload) {
        error = nodeName(exec.node) + " is recomputed before step " +
                std::to_string(exec.anchor) + " but " +
                (node->resident     ? "is resident"
                 : node->mustSave   ? "must be saved"
                 : node->mustOffload ? "must be offloaded (a policy)"
                                     : "has side effects");
        return false;
      }
      if (exec.node >= exec.anchor && exec.anchor < problem.size()) {
        error = nodeName(exec.node) + " is recomputed before step " +
                std::to_string(exec.anchor) + ", before it was first computed";
        return false;
      }
    }
    std::vector<NodeId> inputs = node->inputs;
    std::sort(inputs.begin(), inputs.end());
    inputs.erase(std::unique(inputs.begin(), inputs.end()), inputs.end());
    for (NodeId input : inputs)
      if (!read(input, pos, exec.anchor))
        return false;
    create(exec.node, pos, exec.kind == Execution::Kind::Compute);
    return true;
  }
  case Execution::Kind::Offload:
    if (!node->offloadable || node->mustSave) {
      error = nodeName(exec.node) + " is offloaded but is not offloadable";
      return false;
    }
    if (!read(exec.node, pos, exec.anchor))
      return false;
    if (!hostCopy[exec.node]) {
      hostCopy[exec.node] = true;
      hostStart[exec.node] = pos;
      hostLastUse[exec.node] = pos;
    }
    return true;
  case Execution::Kind::Reload:
    if (!hostCopy[exec.node]) {
      error = nodeName(exec.node) + " is reloaded before step " +
              std::to_string(exec.anchor) + " but was never offloaded";
      return false;
    }
    hostLastUse[exec.node] = pos;
    create(exec.node, pos, /*original=*/false);
    return true;
  case Execution::Kind::Return:
    for (NodeId id = 0; id < problem.size(); ++id)
      if (problem.node(id).isOutput && !read(id, pos, exec.anchor))
        return false;
    return true;
  }
  return false;
}

void Replayer::eraseDeadOriginals() {
  // Which executions the rewrite erases: an original that nothing left
  // reads (its reads moved to recomputed copies, or its readers were erased
  // themselves), as applyPlan erases each unused recomputable op. Readers
  // come after what they read, so one backward sweep decides every one.
  size_t n = executions.size();
  std::vector<int64_t> readers(instances.size(), 0);
  for (const auto &list : reads)
    for (size_t inst : list)
      ++readers[inst];
  std::vector<char> erased(n, 0);
  bool any = false;
  for (size_t pos = n; pos-- > 0;) {
    const Execution &exec = executions[pos];
    if (exec.kind != Execution::Kind::Compute ||
        !problem.node(exec.node).recomputable || readers[created[pos]] != 0)
      continue;
    erased[pos] = 1;
    any = true;
    for (size_t inst : reads[pos])
      --readers[inst];
  }
  if (!any)
    return;

  // Drop them: the executions left keep their order, each copy lives from
  // its creation to its last read by one of them.
  std::vector<size_t> newPos(n, 0);
  std::vector<Execution> keptExecutions;
  std::vector<std::vector<size_t>> keptReads;
  std::vector<size_t> keptCreated;
  std::vector<char> instanceErased(instances.size(), 0);
  for (size_t pos = 0; pos < n; ++pos) {
    if (erased[pos]) {
      instanceErased[created[pos]] = 1;
      continue;
    }
    newPos[pos] = keptExecutions.size();
    keptExecutions.push_back(executions[pos]);
    keptReads.push_back(std::move(reads[pos]));
    keptCreated.push_back(created[pos]);
  }
  std::vector<Instance> keptInstances;
  std::vector<size_t> newInstance(instances.size(), kNoInstance);
  for (size_t i = 0; i < instances.size(); ++i) {
    if (instanceErased[i])
      continue;
    Instance inst = instances[i];
    bool resident = problem.node(inst.node).resident;
    inst.start = resident ? 0 : newPos[inst.start];
    inst.lastUse = resident ? keptExecutions.size() : inst.start;
    newInstance[i] = keptInstances.size();
    keptInstances.push_back(inst);
  }
  for (size_t pos = 0; pos < keptExecutions.size(); ++pos) {
    for (size_t &inst : keptReads[pos]) {
      inst = newInstance[inst];
      Instance &instance = keptInstances[inst];
      if (!problem.node(instance.node).resident)
        instance.lastUse = std::max(instance.lastUse, pos);
    }
    if (keptCreated[pos] != kNoInstance)
      keptCreated[pos] = newInstance[keptCreated[pos]];
  }
  // Offloads and reloads are never erased.
  for (NodeId id = 0; id < problem.size(); ++id)
    if (hostCopy[id]) {
      hostStart[id] = newPos[hostStart[id]];
      hostLastUse[id] = newPos[hostLastUse[id]];
    }
  executions = std::move(keptExecutions);
  reads = std::move(keptReads);
  created = std::move(keptCreated);
  instances = std::move(keptInstances);
}

Verification Replayer::run() {
  Verification result;
  if (auto problemError = problem.check()) {
    result.error = "invalid problem: " + *problemError;
    return result;
  }
  if (!checkAnchorLists()) {
    result.error = error;
    return result;
  }
  // Lay out the executions.
  auto listAt = [](const std::vector<std::vector<NodeId>> &lists, Step s) {
    static const std::vector<NodeId> empty;
    return lists.empty() ? empty : lists[s];
  };
  for (Step s = 0; s <= problem.size(); ++s) {
    for (NodeId id : listAt(plan.reloadBefore, s))
      executions.push_back({Execution::Kind::Reload, id, s});
    for (NodeId id : listAt(plan.recomputeBefore, s))
      executions.push_back({Execution::Kind::Recompute, id, s});
    if (s == problem.size()) {
      executions.push_back({Execution::Kind::Return, Execution::kNone, s});
      break;
    }
    if (!problem.node(s).resident)
      executions.push_back({Execution::Kind::Compute, s, s});
    for (NodeId id : listAt(plan.offloadAfter, s))
      executions.push_back({Execution::Kind::Offload, id, s});
  }
  reads.resize(executions.size());
  created.assign(executions.size(), kNoInstance);
  for (NodeId id = 0; id < problem.size(); ++id)
    if (problem.node(id).resident) {
      // Resident nodes are copies that exist before the first execution and
      // are never freed; they are counted apart, in `resident`.
      current[id] = instances.size();
      instances.push_back({id, 0, executions.size(), true});
    }
  for (size_t pos = 0; pos < executions.size(); ++pos)
    if (!execute(executions[pos], pos)) {
      result.error = error;
      return result;
    }

  // Recomputations and reloads that nothing reads are solver bugs.
  for (size_t pos = 0; pos < executions.size(); ++pos) {
    const Execution &exec = executions[pos];
    bool extra = exec.kind == Execution::Kind::Recompute ||
                 exec.kind == Execution::Kind::Reload;
    if (extra && instances[created[pos]].lastUse == pos) {
      result.error = nodeName(exec.node) + " is " +
                     (exec.kind == Execution::Kind::Reload ? "reloaded"
                                                           : "recomputed") +
                     " before step " + std::to_string(exec.anchor) +
                     " but never read";
      return result;
    }
  }

  if (asRewritten)
    eraseDeadOriginals();

  // Measure: a difference array of live device bytes over positions.
  MemoryProfile &profile = result.profile;
  size_t n = executions.size();
  profile.executions = executions;
  profile.resident = problem.residentBytes();
  std::vector<int64_t> delta(n + 1, 0);
  for (const Instance &inst : instances) {
    if (problem.node(inst.node).resident)
      continue;
    int64_t bytes = problem.node(inst.node).bytes;
    delta[inst.start] += bytes;
    delta[inst.lastUse + 1] -= bytes;
  }
  profile.live.resize(n);
  profile.working.resize(n);
  profile.kept.resize(n);
  int64_t running = 0;
  for (size_t pos = 0; pos < n; ++pos) {
    running += delta[pos];
    const Execution &exec = executions[pos];
    int64_t working = 0;
    for (size_t inst : reads[pos])
      if (!problem.node(instances[inst].node).resident)
        working += problem.node(instances[inst].node).bytes;
    int64_t scratch = 0;
    if (created[pos] != kNoInstance) {
      working += problem.node(exec.node).bytes;
      if (exec.kind == Execution::Kind::Compute ||
          exec.kind == Execution::Kind::Recompute)
        scratch = problem.node(exec.node).scratchBytes;
    }
    profile.live[pos] = profile.resident + running + scratch;
    profile.working[pos] = working + scratch;
    profile.kept[pos] = running - working;
    if (pos == 0 || profile.live[pos] > profile.peak) {
      profile.peak = profile.live[pos];
      profile.peakIndex = pos;
    }
  }
  if (n == 0)
    profile.peak = profile.resident;

  // Host memory: a host copy lives from its offload to its last reload; a
  // value computed into host memory (hostBytes) while each copy lives.
  std::vector<int64_t> hostDelta(n + 1, 0);
  for (NodeId id = 0; id < problem.size(); ++id)
    if (hostCopy[id]) {
      hostDelta[hostStart[id]] += problem.node(id).bytes;
      hostDelta[hostLastUse[id] + 1] -= problem.node(id).bytes;
    }
  for (const Instance &inst : instances)
    if (int64_t bytes = problem.node(inst.node).hostBytes) {
      hostDelta[inst.start] += bytes;
      hostDelta[inst.lastUse + 1] -= bytes;
    }
  int64_t host = 0;
  for (size_t pos = 0; pos < n; ++pos) {
    host += hostDelta[pos];
    profile.hostPeak = std::max(profile.hostPeak, host);
  }

  // Lifetimes, for reports: device copies, then host copies.
  for (const Instance &inst : instances) {
    if (problem.node(inst.node).resident)
      continue;
    Lifetime::Kind kind =
        inst.original ? Lifetime::Kind::Original
        : executions[inst.start].kind == Execution::Kind::Reload
            ? Lifetime::Kind::Reloaded
            : Lifetime::Kind::Recomputed;
    profile.lifetimes.push_back({inst.node, kind, inst.start, inst.lastUse});
  }
  for (NodeId id = 0; id < problem.size(); ++id)
    if (hostCopy[id])
      profile.lifetimes.push_back(
          {id, Lifetime::Kind::Host, hostStart[id], hostLastUse[id]});

  // Values kept across the peak.
  if (n > 0) {
    size_t peak = profile.peakIndex;
    for (size_t i = 0; i < instances.size(); ++i) {
      const Instance &inst = instances[i];
      if (problem.node(inst.node).resident || inst.start > peak ||
          inst.lastUse < peak || created[peak] == i)
        continue;
      if (std::find(reads[peak].begin(), reads[peak].end(), i) !=
          reads[peak].end())
        continue;
      profile.keptAtPeak.push_back(inst.node);
    }
    std::stable_sort(profile.keptAtPeak.begin(), profile.keptAtPeak.end(),
                     [&](NodeId a, NodeId b) {
                       return problem.node(a).bytes > problem.node(b).bytes;
                     });
  }
  return result;
}

Plan remat::placeAnchorsAfterSideResults(const Problem &problem,
                                         const Plan &plan) {
  const Step n = problem.size();
  Plan out = plan;
  bool any = false;
  for (Step s = 1; s < n && !any; ++s)
    any = problem.node(s).withPrevious;
  if (!any)
    return out;
  out.resize(problem);
  // Moves every entry of `from` to the end of `to`.
  auto take = [](std::vector<NodeId> &to, std::vector<NodeId> &from) {
    to.insert(to.end(), from.begin(), from.end());
    from.clear();
  };
  auto prepend = [](std::vector<NodeId> &to, std::vector<NodeId> &from) {
    to.insert(to.begin(), from.begin(), from.end());
    from.clear();
  };
  for (Step s = 1; s < n; ++s) {
    if (!problem.node(s).withPrevious)
      continue;
    // The run [first, last] of side results of the op at first - 1.
    Step first = s, last = s;
    while (last + 1 < n && problem.node(last + 1).withPrevious)
      ++last;
    Step next = last + 1;
    std::vector<NodeId> reloads, recomputes, offloads;
    for (Step t = first; t <= last; ++t) {
      take(reloads, out.reloadBefore[t]);
      take(recomputes, out.recomputeBefore[t]);
    }
    for (Step t = first - 1; t < last; ++t)
      take(offloads, out.offloadAfter[t]);
    prepend(out.reloadBefore[next], reloads);
    prepend(out.recomputeBefore[next], recomputes);
    prepend(out.offloadAfter[last], offloads);
    s = last;
  }
  return out;
}

Verification remat::verifyPlan(const Problem &problem, const Plan &plan) {
  Plan placed = placeAnchorsAfterSideResults(problem, plan);
  return Replayer(problem, placed, /*asRewritten=*/false).run();
}

/// `plan` with what it runs before the return run before the copies of
/// arguments and constants the function returns (Node::returnCopy), as the
/// compiled code does: it makes those copies at the return itself.
static Plan placeReturnAnchorsBeforeCopies(const Problem &problem, Plan plan) {
  Step n = problem.size();
  Step first = n;
  while (first > 0 && problem.node(first - 1).returnCopy)
    --first;
  if (first == n)
    return plan;
  plan.resize(problem);
  for (auto *lists : {&plan.reloadBefore, &plan.recomputeBefore}) {
    std::vector<NodeId> &to = (*lists)[first], &from = (*lists)[n];
    to.insert(to.end(), from.begin(), from.end());
    from.clear();
  }
  return plan;
}

Verification remat::replayAsRewritten(const Problem &problem,
                                      const Plan &plan) {
  Plan placed = placeReturnAnchorsBeforeCopies(
      problem, placeAnchorsAfterSideResults(problem, plan));
  return Replayer(problem, placed, /*asRewritten=*/true).run();
}

MemoryProfile remat::unconstrainedProfile(const Problem &problem) {
  // Keeping everything ignores policies by definition: drop keep limits.
  Problem free = problem;
  for (NodeId id = 0; id < free.size(); ++id)
    free.node(id).keepLimit = kNoKeepLimit;
  return verifyPlan(free, Plan::keepAll(free)).profile;
}
