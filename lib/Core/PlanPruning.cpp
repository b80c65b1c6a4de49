//===- PlanPruning.cpp - drop the recomputations a plan does not need -----===//
//
// One replay, then incremental checks. Removing a copy C of node v (a
// recomputation or a reload) makes its reads bind to the copy made before
// it, P, which then lives until C's last read: memory grows by v's bytes
// over the executions between P's last read and C's creation, and nowhere
// else (C's own span is now P's). Everything else can only shrink (C's
// operands are read less, its scratch goes), which the check ignores: the
// live bytes it keeps, in a segment tree with range add and range max, are
// at least the true ones, so every removal it accepts is safe. P must also
// be readable where C was read (keep limits). A final replay confirms the
// plan; if it did not (a bookkeeping bug), the plan is left as it was.
//
//===----------------------------------------------------------------------===//

#include "PlanPruning.h"

#include "WeightedCost.h"

#include <algorithm>
#include <limits>
#include <tuple>

using namespace remat;

namespace {

/// Range add and range max over int64 leaves.
class MaxTree {
public:
  explicit MaxTree(const std::vector<int64_t> &values)
      : size(static_cast<int64_t>(values.size())), maxOf(4 * size + 4, 0),
        pending(4 * size + 4, 0) {
    if (size > 0)
      build(1, 0, size - 1, values);
  }
  void add(int64_t first, int64_t last, int64_t delta) {
    if (first <= last)
      add(1, 0, size - 1, first, last, delta);
  }
  /// The largest leaf in [first, last]; the smallest int64 when empty.
  int64_t max(int64_t first, int64_t last) {
    if (first > last)
      return std::numeric_limits<int64_t>::min();
    return max(1, 0, size - 1, first, last);
  }

private:
  void build(int64_t node, int64_t lo, int64_t hi,
             const std::vector<int64_t> &values) {
    if (lo == hi) {
      maxOf[node] = values[lo];
      return;
    }
    int64_t mid = lo + (hi - lo) / 2;
    build(2 * node, lo, mid, values);
    build(2 * node + 1, mid + 1, hi, values);
    maxOf[node] = std::max(maxOf[2 * node], maxOf[2 * node + 1]);
  }
  void add(int64_t node, int64_t lo, int64_t hi, int64_t first, int64_t last,
           int64_t delta) {
    if (last < lo || hi < first)
      return;
    if (first <= lo && hi <= last) {
      maxOf[node] += delta;
      pending[node] += delta;
      return;
    }
    int64_t mid = lo + (hi - lo) / 2;
    add(2 * node, lo, mid, first, last, delta);
    add(2 * node + 1, mid + 1, hi, first, last, delta);
    maxOf[node] =
        std::max(maxOf[2 * node], maxOf[2 * node + 1]) + pending[node];
  }
  int64_t max(int64_t node, int64_t lo, int64_t hi, int64_t first,
              int64_t last) {
    if (last < lo || hi < first)
      return std::numeric_limits<int64_t>::min();
    if (first <= lo && hi <= last)
      return maxOf[node];
    int64_t mid = lo + (hi - lo) / 2;
    return std::max(max(2 * node, lo, mid, first, last),
                    max(2 * node + 1, mid + 1, hi, first, last)) +
           pending[node];
  }

  int64_t size;
  std::vector<int64_t> maxOf, pending;
};

/// A device copy of a node in the replay.
struct Copy {
  Lifetime::Kind kind;
  size_t first, last;
};

} // namespace

void remat::dropUnreadCopies(const Problem &problem, Plan &plan) {
  const int32_t n = problem.size();
  plan.resize(problem);
  // Backwards in replay order (reloads, recomputations, the step, offloads
  // at each anchor): a read makes its node pending, and the nearest earlier
  // copy serves it. A copy that finds its node not pending is unread; it is
  // dropped before its own reads are counted, so one pass drops the copies
  // that only fed it as well.
  std::vector<uint8_t> pending(static_cast<size_t>(n), 0);
  auto readInputs = [&](NodeId id) {
    for (NodeId input : problem.node(id).inputs)
      pending[input] = 1;
  };
  for (NodeId id = 0; id < n; ++id)
    if (problem.node(id).isOutput)
      pending[id] = 1;
  auto keepServing = [&](std::vector<NodeId> &list, bool recomputes) {
    std::vector<NodeId> kept;
    for (auto it = list.rbegin(); it != list.rend(); ++it) {
      if (!pending[*it])
        continue;
      pending[*it] = 0;
      if (recomputes)
        readInputs(*it);
      kept.push_back(*it);
    }
    list.assign(kept.rbegin(), kept.rend());
  };
  for (Step s = n; s >= 0; --s) {
    if (s < n) {
      for (NodeId id : plan.offloadAfter[s])
        pending[id] = 1;
      if (!problem.node(s).resident) {
        pending[s] = 0;
        readInputs(s);
      }
    }
    keepServing(plan.recomputeBefore[s], /*recomputes=*/true);
    keepServing(plan.reloadBefore[s], /*recomputes=*/false);
  }
  dropOffloadsWithoutReload(problem, plan);
}

void remat::dropOffloadsWithoutReload(const Problem &problem, Plan &plan) {
  std::vector<char> reloaded(static_cast<size_t>(problem.size()), 0);
  for (const auto &list : plan.reloadBefore)
    for (NodeId id : list)
      reloaded[id] = 1;
  for (auto &list : plan.offloadAfter)
    list.erase(std::remove_if(list.begin(), list.end(),
                              [&](NodeId id) { return !reloaded[id]; }),
               list.end());
}

int64_t remat::pruneRecomputations(const Problem &problem, Plan &plan,
                                   int64_t limit) {
  Verification start = verifyPlan(problem, plan);
  if (!start.ok())
    return 0;
  const MemoryProfile &profile = start.profile;
  const std::vector<Execution> &executions = profile.executions;

  // Each node's device copies in the order they are made.
  std::vector<std::vector<Copy>> copies(static_cast<size_t>(problem.size()));
  for (const Lifetime &life : profile.lifetimes)
    if (life.kind != Lifetime::Kind::Host)
      copies[life.node].push_back({life.kind, life.first, life.last});
  for (auto &list : copies)
    std::sort(list.begin(), list.end(), [](const Copy &a, const Copy &b) {
      return a.first < b.first;
    });

  // The candidates: reloads, the largest first; then recomputations, the
  // dearest first (on ties the latest first), moves last.
  std::vector<PlanMove> moves = findMoves(problem, profile);
  struct Candidate {
    bool reload;
    double key;
    size_t exec;
  };
  std::vector<Candidate> candidates;
  for (size_t e = 0; e < executions.size(); ++e) {
    const Execution &exec = executions[e];
    const Node &node =
        exec.node >= 0 ? problem.node(exec.node) : problem.node(0);
    if (exec.kind == Execution::Kind::Reload) {
      candidates.push_back({true, static_cast<double>(node.bytes), e});
    } else if (exec.kind == Execution::Kind::Recompute) {
      bool move = std::any_of(moves.begin(), moves.end(),
                              [&](const PlanMove &m) {
                                return m.anchor == exec.anchor &&
                                       m.node == exec.node;
                              });
      candidates.push_back(
          {false, move ? -1.0 : weightedRecomputeCost(node), e});
    }
  }
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const Candidate &a, const Candidate &b) {
                     return std::tie(b.reload, a.key, a.exec) >
                            std::tie(a.reload, b.key, b.exec);
                   });

  Plan pruned = plan;
  MaxTree live(profile.live);
  int64_t removed = 0;
  for (const Candidate &candidate : candidates) {
    const Execution &exec = executions[candidate.exec];
    NodeId id = exec.node;
    std::vector<Copy> &list = copies[id];
    auto it = std::find_if(list.begin(), list.end(), [&](const Copy &c) {
      return c.first == candidate.exec;
    });
    if (it == list.end() || it == list.begin())
      continue;
    Copy &previous = *(it - 1);
    const Copy &copy = *it;
    // The earlier copy must be readable wherever this one was read.
    const Node &node = problem.node(id);
    Step lastRead = executions[copy.last].anchor;
    if (executions[previous.first].anchor <= node.keepLimit &&
        lastRead > node.keepLimit && copy.last > copy.first)
      continue;
    // It lives on across the executions between its last read and this
    // copy's creation.
    int64_t from = static_cast<int64_t>(previous.last) + 1;
    int64_t to = static_cast<int64_t>(copy.first) - 1;
    if (live.max(from, to) + node.bytes > limit)
      continue;
    // Out of the plan: a reload (with its node's offloads when it was the
    // last), or a recomputation.
    auto &anchorList = candidate.reload ? pruned.reloadBefore[exec.anchor]
                                        : pruned.recomputeBefore[exec.anchor];
    auto entry = std::find(anchorList.begin(), anchorList.end(), id);
    if (entry == anchorList.end())
      continue;
    anchorList.erase(entry);
    if (candidate.reload) {
      bool reloaded = false;
      for (const auto &reloads : pruned.reloadBefore)
        reloaded |= std::count(reloads.begin(), reloads.end(), id) != 0;
      if (!reloaded)
        for (auto &offloads : pruned.offloadAfter)
          offloads.erase(std::remove(offloads.begin(), offloads.end(), id),
                         offloads.end());
    }
    live.add(from, to, node.bytes);
    previous.last = std::max(previous.last, copy.last);
    list.erase(it);
    ++removed;
  }
  if (removed == 0)
    return 0;
  // A recomputation or reload that only fed a removed one is now unread.
  dropUnreadCopies(problem, pruned);
  Verification check = verifyPlan(problem, pruned);
  if (!check.ok() || check.profile.peak > limit)
    return 0; // the checks above are conservative: not expected
  plan = std::move(pruned);
  return removed;
}
