//===- ChainPlanner.cpp - a training step as a heterogeneous chain --------===//
//
// Detects that a Problem is a chain of layers (include/remat/Core/
// ChainPlanner.h has the definition), solves the chain with the Rotor DP
// (ChainSolver.cpp) and turns the schedule back into a Plan, which is
// replayed by verifyPlan like every solver's.
//
// The chain model is coarser than the problem's: a layer's values live and
// die together and a gradient has its activation's size (the values the
// backward pass keeps to the return, parameter gradients, are the layer's
// persistent bytes). So
// the chain budget that gives the best plan within the problem's budget is
// not the budget less the arguments: solveChain searches it by bisection
// between the chain's least-memory schedule and its keep-everything one,
// replaying each plan, and keeps the cheapest plan that fits.
//
//===----------------------------------------------------------------------===//

#include "remat/Core/ChainPlanner.h"

#include "PlanPruning.h"
#include "ResultBuilder.h"
#include "WeightedCost.h"
#include "remat/Core/Solvers.h"

#include <algorithm>
#include <limits>
#include <optional>

using namespace remat;

namespace {

/// "node 3 (remat.exp)", for messages.
std::string describeNode(const Problem &problem, NodeId id) {
  std::string text = "node " + std::to_string(id);
  if (!problem.node(id).name.empty())
    text += " (" + problem.node(id).name + ")";
  return text;
}

/// Whether a chain recomputation may list `node`: the others keep their
/// original copy, which serves every read.
bool recomputable(const Node &node) {
  return node.recomputable && !node.mustSave;
}

} // namespace

ChainMapping remat::mapProblemToChain(const Problem &problem,
                                      int32_t maxLayers) {
  ChainMapping m;
  auto fail = [&m](NodeId culprit, std::string error) {
    m.error = std::move(error);
    m.culprit = culprit;
    return m;
  };
  maxLayers = std::max<int32_t>(maxLayers, 2);
  const int32_t n = problem.size();

  // The forward pass, then the backward pass; constraints the chain model
  // cannot express.
  std::vector<NodeId> forward;
  NodeId firstBackward = -1;
  for (NodeId id = 0; id < n; ++id) {
    const Node &node = problem.node(id);
    if (node.resident)
      continue;
    if (node.keepLimit != kNoKeepLimit || !node.copyLimits.empty())
      return fail(id, describeNode(problem, id) +
                          " may not be kept for the backward pass (a "
                          "checkpoint policy or a must_recompute mark), "
                          "which the chain model does not express");
    if (node.mustOffload)
      return fail(id, describeNode(problem, id) +
                          " must be offloaded (a checkpoint policy); the "
                          "chain solver only recomputes");
    if (node.adjointOf == kNotAdjoint) {
      if (firstBackward >= 0)
        return fail(id, describeNode(problem, id) +
                            " belongs to the forward pass but runs after the "
                            "backward pass began (at " +
                            describeNode(problem, firstBackward) +
                            "), as a copy an earlier plan recomputed does");
      forward.push_back(id);
    } else if (firstBackward < 0) {
      firstBackward = id;
    }
  }
  if (firstBackward < 0)
    return fail(-1, "the function has no backward pass (no op is tagged "
                    "remat.vjp_of): the chain solver plans training steps "
                    "as remat-autodiff derives them (choose them with "
                    "functions=, e.g. functions=f_grad)");
  if (forward.size() < 2)
    return fail(forward.empty() ? firstBackward : forward.front(),
                "the forward pass has fewer than two ops: there is no "
                "chain of layers to checkpoint");

  // Cuts: a read at position q of a forward value at position r forbids the
  // cuts strictly between them; a backward read counts at the position of
  // the forward node it is the adjoint of, and one of a later forward value
  // forbids the cuts from the adjoint to that value.
  const int32_t count = static_cast<int32_t>(forward.size());
  std::vector<int32_t> pos(n, -1);
  for (int32_t p = 0; p < count; ++p)
    pos[forward[p]] = p;
  std::vector<int32_t> forbid(count + 1, 0);
  auto forbidRange = [&](int32_t lo, int32_t hi) {
    if (lo < hi) {
      ++forbid[lo];
      --forbid[hi];
    }
  };
  for (NodeId id = 0; id < n; ++id) {
    const Node &node = problem.node(id);
    int32_t at = node.adjointOf >= 0 ? pos[node.adjointOf] : pos[id];
    if (at < 0)
      continue;
    for (NodeId input : node.inputs) {
      int32_t r = pos[input];
      if (r < 0)
        continue;
      if (r < at)
        forbidRange(r + 1, at);
      else
        forbidRange(at, r);
    }
  }
  std::vector<int32_t> candidates;
  for (int32_t p = 0, open = 0; p < count; ++p) {
    open += forbid[p];
    if (open == 0 || p == count - 1)
      candidates.push_back(p);
  }
  m.unmergedLayers = static_cast<int32_t>(candidates.size());
  if (candidates.size() < 2)
    return fail(forward.back(),
                "the forward pass does not split into layers: no value "
                "separates its ops (a read reaches across every one)");
  std::vector<int32_t> cutPositions;
  if (static_cast<int32_t>(candidates.size()) <= maxLayers) {
    cutPositions = candidates;
  } else {
    // Merge: maxLayers - 1 windows over the candidates before the last;
    // each keeps its smallest value as the layer boundary.
    const int64_t inner = static_cast<int64_t>(candidates.size()) - 1;
    const int64_t windows = maxLayers - 1;
    for (int64_t w = 0; w < windows; ++w) {
      int64_t begin = w * inner / windows, end = (w + 1) * inner / windows;
      int32_t best = candidates[begin];
      for (int64_t c = begin; c < end; ++c)
        if (problem.node(forward[candidates[c]]).bytes <
            problem.node(forward[best]).bytes)
          best = candidates[c];
      cutPositions.push_back(best);
    }
    cutPositions.push_back(candidates.back());
  }
  const int32_t layers = static_cast<int32_t>(cutPositions.size());

  m.layerOf.assign(n, -1);
  for (int32_t p = 0, layer = 0; p < count; ++p) {
    m.layerOf[forward[p]] = layer;
    if (p == cutPositions[layer]) {
      m.cuts.push_back(forward[p]);
      ++layer;
    }
  }

  // The backward pass: layers in descending order, reads within the layer.
  m.anchors.assign(layers, n);
  std::vector<std::vector<NodeId>> readByBackward(layers);
  std::vector<double> backwardCost(layers, 0.0);
  std::vector<int64_t> persistent(layers, 0);
  std::vector<uint8_t> seen(n, 0);
  int32_t previous = -1, nextAnchor = layers - 1;
  NodeId previousNode = -1;
  for (NodeId id = firstBackward; id < n; ++id) {
    const Node &node = problem.node(id);
    if (node.resident)
      continue;
    int32_t layer = node.adjointOf >= 0 ? m.layerOf[node.adjointOf]
                    : previous >= 0     ? previous
                                        : layers - 1;
    if (previous >= 0 && layer > previous)
      return fail(id, describeNode(problem, id) +
                          ", in the backward pass of " +
                          describeNode(problem, node.adjointOf) +
                          " (layer " + std::to_string(layer) + "), runs after " +
                          describeNode(problem, previousNode) +
                          ", of layer " + std::to_string(previous) +
                          ": the backward pass does not run the layers in "
                          "reverse order");
    m.layerOf[id] = layer;
    previous = layer;
    previousNode = id;
    while (nextAnchor >= layer)
      m.anchors[nextAnchor--] = id;
    backwardCost[layer] += node.cost;
    if (node.isOutput)
      persistent[layer] += node.bytes;
    for (NodeId input : node.inputs) {
      const Node &in = problem.node(input);
      if (in.resident || in.adjointOf != kNotAdjoint)
        continue;
      if (m.layerOf[input] == layer) {
        if (!seen[input]) {
          seen[input] = 1;
          readByBackward[layer].push_back(input);
        }
        continue;
      }
      if (layer > 0 && input == m.cuts[layer - 1])
        continue;
      return fail(id, describeNode(problem, id) +
                          ", in the backward pass of a layer, reads " +
                          describeNode(problem, input) +
                          ", a forward value of another layer: a chain's "
                          "backward reads only its own layer and its input");
    }
  }

  // What each layer recomputes: the closure of its targets within the
  // layer, ascending.
  std::vector<uint8_t> mark(n, 0);
  auto closure = [&](const std::vector<NodeId> &targets, int32_t layer) {
    std::vector<NodeId> stack, result;
    for (NodeId t : targets)
      if (!mark[t] && recomputable(problem.node(t))) {
        mark[t] = 1;
        stack.push_back(t);
      }
    while (!stack.empty()) {
      NodeId id = stack.back();
      stack.pop_back();
      result.push_back(id);
      for (NodeId input : problem.node(id).inputs)
        if (!mark[input] && pos[input] >= 0 && m.layerOf[input] == layer &&
            recomputable(problem.node(input))) {
          mark[input] = 1;
          stack.push_back(input);
        }
    }
    for (NodeId id : result)
      mark[id] = 0;
    std::sort(result.begin(), result.end());
    return result;
  };
  HeterogeneousChain &chain = m.chain;
  for (int32_t layer = 0; layer < layers; ++layer) {
    m.advanceNodes.push_back(closure({m.cuts[layer]}, layer));
    m.storeNodes.push_back(closure(readByBackward[layer], layer));
    std::vector<NodeId> both = m.advanceNodes.back();
    both.insert(both.end(), m.storeNodes.back().begin(),
                m.storeNodes.back().end());
    both = closure(both, layer);
    double cost = 0;
    for (NodeId id : both)
      cost += weightedRecomputeCost(problem.node(id));
    // The layer's output is its successor's input, counted there: one
    // buffer serves both.
    int64_t internal = 0;
    for (NodeId id : readByBackward[layer])
      if (id != m.cuts[layer])
        internal += problem.node(id).bytes;
    chain.forwardCost.push_back(cost);
    chain.backwardCost.push_back(backwardCost[layer]);
    chain.inputBytes.push_back(
        layer == 0 ? 0 : problem.node(m.cuts[layer - 1]).bytes);
    chain.internalBytes.push_back(internal);
  }
  chain.outputBytes = problem.node(m.cuts.back()).bytes;
  chain.persistentBytes = std::move(persistent);
  return m;
}

ChainPlan remat::chainScheduleToPlan(const Problem &problem,
                                     const ChainMapping &mapping,
                                     const ChainSchedule &schedule) {
  ChainPlan result;
  result.plan = Plan::keepAll(problem);
  const int32_t layers = mapping.numLayers();
  const std::vector<ChainOp> &ops = schedule.ops;
  using Kind = ChainOp::Kind;
  size_t i = 0;
  for (int32_t layer = 0; layer < layers; ++layer, ++i)
    if (i >= ops.size() || ops[i].kind == Kind::Backward ||
        ops[i].layer != layer) {
      result.error = "the chain schedule does not start with one forward "
                     "traversal of every layer";
      return result;
    }
  int32_t period = -1, nextBackward = layers - 1;
  for (; i < ops.size(); ++i) {
    const ChainOp &op = ops[i];
    if (op.layer < 0 || op.layer >= layers) {
      result.error = "the chain schedule names layer " +
                     std::to_string(op.layer) + " of " +
                     std::to_string(layers);
      return result;
    }
    if (op.kind == Kind::Backward) {
      if (op.layer != nextBackward) {
        result.error = "the chain schedule runs the backward of layer " +
                       std::to_string(op.layer) + " out of order";
        return result;
      }
      --nextBackward;
      period = op.layer - 1;
      continue;
    }
    if (period < 0 || op.layer > period) {
      result.error = "the chain schedule runs layer " +
                     std::to_string(op.layer) + " forward after its backward";
      return result;
    }
    std::vector<NodeId> &list =
        result.plan.recomputeBefore[mapping.anchors[period]];
    bool advances = op.kind == Kind::Forward ||
                    (i + 1 < ops.size() && ops[i + 1].kind != Kind::Backward);
    if (op.kind == Kind::ForwardStoreAll)
      list.insert(list.end(), mapping.storeNodes[op.layer].begin(),
                  mapping.storeNodes[op.layer].end());
    if (advances)
      list.insert(list.end(), mapping.advanceNodes[op.layer].begin(),
                  mapping.advanceNodes[op.layer].end());
  }
  if (nextBackward != -1) {
    result.error = "the chain schedule does not run every layer's backward";
    return result;
  }
  for (std::vector<NodeId> &list : result.plan.recomputeBefore) {
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
  }
  dropUnreadCopies(problem, result.plan);
  return result;
}

namespace {

/// A chain budget's plan, replayed.
struct Candidate {
  int64_t chainBudget = 0;
  Plan plan;
  MemoryProfile profile;
  double weightedCost = 0;
  bool valid = false;
};

/// Solves the mapped chain under `chainBudget` and replays its plan; an
/// invalid candidate with `error` set when something fails.
Candidate evaluate(const Problem &problem, const ChainMapping &mapping,
                   int64_t chainBudget, std::string &error) {
  Candidate candidate;
  candidate.chainBudget = chainBudget;
  ChainSolverOptions options;
  options.budget = chainBudget;
  ChainSchedule schedule = solveHeterogeneousChain(mapping.chain, options);
  if (!schedule.ok()) {
    error = "the chain was rejected: " + schedule.error;
    return candidate;
  }
  if (!schedule.feasible)
    return candidate;
  ChainPlan plan = chainScheduleToPlan(problem, mapping, schedule);
  if (!plan.error.empty()) {
    error = "internal error: " + plan.error;
    return candidate;
  }
  Verification replay = verifyPlan(problem, plan.plan);
  if (!replay.ok()) {
    error = "internal error: the chain plan does not replay: " + replay.error;
    return candidate;
  }
  candidate.plan = std::move(plan.plan);
  candidate.profile = std::move(replay.profile);
  candidate.weightedCost =
      measureAddedCost(problem, candidate.plan, candidate.profile).weighted;
  candidate.valid = true;
  return candidate;
}

/// The chain solver on a problem already mapped.
SolveResult solveMapped(const Problem &problem, const ChainMapping &mapping,
                        const SolverOptions &options) {
  SolveResult result;
  result.solver = SolverKind::Chain;
  const HeterogeneousChain &chain = mapping.chain;
  const int64_t resident = problem.residentBytes();

  // The chain's least-memory schedule and the budget beyond which nothing
  // is recomputed (every size counted twice bounds the keep-all peak).
  ChainSolverOptions probe;
  probe.budget = 0;
  ChainSchedule least = solveHeterogeneousChain(chain, probe);
  if (!least.ok()) {
    result.message = "the chain was rejected: " + least.error;
    return result;
  }
  const int64_t lo = least.minFeasibleBytes;
  int64_t total = 2 * chain.outputBytes;
  for (int32_t i = 0; i < chain.size(); ++i)
    total += 2 * chain.inputBytes[i] + chain.internalBytes[i] +
             chain.persistentBytes[i];
  const int64_t generous = std::max(2 * total, lo);
  probe.budget = generous;
  ChainSchedule all = solveHeterogeneousChain(chain, probe);
  const int64_t hi = all.feasible ? std::max(all.peakBytes, lo) : generous;

  std::string error;
  std::optional<Candidate> best, lowest;
  auto consider = [&](int64_t chainBudget) -> std::optional<bool> {
    Candidate c = evaluate(problem, mapping, chainBudget, error);
    if (!error.empty() || !c.valid)
      return std::nullopt;
    bool fits = c.profile.peak <= options.budget;
    if (!lowest || c.profile.peak < lowest->profile.peak)
      lowest = c;
    if (fits && (!best || c.weightedCost < best->weightedCost ||
                 (c.weightedCost == best->weightedCost &&
                  c.profile.peak < best->profile.peak)))
      best = std::move(c);
    return fits;
  };

  // Bisect for the largest chain budget whose plan fits, starting from the
  // budget less the arguments; the cheapest plan that fits wins.
  // The generous budget's schedule recomputes nothing; at `hi` itself the
  // DP's rounding to units may lose it.
  int64_t left = lo, right = hi;
  std::optional<bool> fitsAll = consider(generous);
  if (!error.empty()) {
    result.message = error;
    return result;
  }
  if (!fitsAll || !*fitsAll) {
    std::optional<bool> fitsLeast = consider(lo);
    if (fitsLeast && *fitsLeast) {
      int64_t guess = options.budget - resident;
      for (int32_t step = 0; step < options.chainSearchSteps && left < right;
           ++step) {
        int64_t mid = step == 0 && guess > left && guess < right
                          ? guess
                          : left + (right - left) / 2;
        if (mid == left)
          break;
        std::optional<bool> fits = consider(mid);
        if (!error.empty())
          break;
        if (fits && *fits)
          left = mid;
        else
          right = mid;
      }
    }
  }
  if (!error.empty()) {
    result.message = error;
    return result;
  }
  std::string layersText = std::to_string(mapping.numLayers()) + " layers";
  if (mapping.unmergedLayers != mapping.numLayers())
    layersText += " (merged from " + std::to_string(mapping.unmergedLayers) +
                  ")";
  if (!best) {
    if (!lowest) {
      result.message = "internal error: the chain's least-memory schedule "
                       "gave no plan";
      return result;
    }
    // Infeasible: report the least-memory plan the chain model found.
    result.plan = lowest->plan;
    result.profile = lowest->profile;
    result.cost = measureAddedCost(problem, result.plan, result.profile).cost;
    result.minReachablePeak = lowest->profile.peak;
    result.minPeakProfile = lowest->profile;
    result.message =
        "the chain model (" + layersText + ") needs at least " +
        std::to_string(lo) + " bytes besides the " +
        std::to_string(resident) + " bytes of arguments and constants; " +
        "its least-memory schedule, replayed on the function, peaks at " +
        std::to_string(lowest->profile.peak) + " bytes (the chain model " +
        "approximates the function's memory); use solver=greedy or " +
        "solver=exact for a finer plan";
    return result;
  }
  std::string verification;
  result = buildResult(SolverKind::Chain, problem, options,
                       std::move(best->plan), verification);
  if (!verification.empty()) {
    result.feasible = false;
    result.message =
        "internal error: the chain plan does not replay: " + verification;
    return result;
  }
  result.message = "a chain of " + layersText + ", planned with a chain " +
                   "budget of " + std::to_string(best->chainBudget) +
                   " bytes";
  return result;
}

} // namespace

SolveResult remat::solveChain(const Problem &problem,
                              const SolverOptions &options) {
  SolveResult result;
  result.solver = SolverKind::Chain;
  if (auto error = problem.check()) {
    result.message = "invalid problem: " + *error;
    return result;
  }
  ChainMapping mapping = mapProblemToChain(problem, options.chainMaxLayers);
  if (!mapping.ok()) {
    result.message = "the function is not a chain of layers: " +
                     mapping.error + "; use solver=greedy or solver=exact";
    result.subject = mapping.culprit;
    return result;
  }
  return solveMapped(problem, mapping, options);
}

std::optional<SolveResult>
remat::solveChainIfApplicable(const Problem &problem,
                              const SolverOptions &options) {
  if (problem.check())
    return std::nullopt;
  for (const Node &node : problem.getNodes())
    if (node.offloadable || node.mustOffload)
      return std::nullopt;
  ChainMapping mapping = mapProblemToChain(
      problem, std::min(options.chainMaxLayers, options.autoChainMaxLayers));
  if (!mapping.ok())
    return std::nullopt;
  return solveMapped(problem, mapping, options);
}
