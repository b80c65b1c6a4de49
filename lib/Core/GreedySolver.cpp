//===- GreedySolver.cpp - cost-aware greedy peak relief -------------------===//
//
// A heuristic: it gives no optimality guarantee (the exact solver does, for
// small problems). It starts from the policy plan (checkpoint policies and
// marks applied, see PolicySolver.cpp) and repeatedly relieves the current
// peak execution P until the peak is within the budget:
//
//  1. Candidates. A device copy of a node live across P (neither read nor
//     written by it) sits in a gap between two consecutive reads, a and b
//     (or its creation and its first read). Evicting it for that gap frees
//     its bytes at every execution strictly between a and b. Resident,
//     mustSave and zero-byte nodes are never candidates.
//  2. Two ways to evict. Recompute: insert a recomputation before b, among
//     the recomputations of b's step (as XLA's hlo_rematerialization inserts
//     a clone before the earliest use after the gap). Its operands are read
//     there: an operand copy still alive there is free; one alive at P but
//     dead before b is kept alive until b (that extension is memory the move
//     costs and is charged against it); one dead at P is itself recomputed,
//     recursively with a worklist bounded by options.maxChainLength, or
//     reloaded when it has a host copy. A variant keeps the operands dead at
//     P alive across it instead, valid when they are smaller than the node
//     (it then frees the difference); it is what relieves a peak whose
//     values have long or costly ancestries. Offload: copy to host after a,
//     reload before b, for 2 * bytes * transferCostPerByte (one reload when
//     a host copy exists). The best-scored option wins.
//     Each step's recomputations run in ascending node order (a dependency
//     order), each node at most once: a chain operand already recomputed for
//     the step is read there, not recomputed again. Inserting chains right
//     before b instead listed nodes out of order and twice per step; most
//     of those repeats were waste (the same peak without them), and the
//     rest only reordered memory inside one step, which the exact solver's
//     model (one recomputation per node and step, ascending) cannot express.
//     Plans that do not offload are now points of that model.
//  3. Score = (bytes freed x steps the gap spans - bytes x steps of operand
//     extensions) / effective cost, where the cost is the whole chain's, each
//     node's cost scaled by its preference (x100 for prefer-save, /100 for
//     prefer-recompute). Evicting the first gap of a node's original copy
//     leaves that copy unread: the recomputation is a move, which the
//     rewrite turns into computing the node later, and costs nothing (its
//     chain's operands still do). Unlike XLA's bytes-only metric, and like
//     Checkmate's objective (Jain et al., MLSys 2020) that it approximates,
//     compute cost decides: a cheap large value is recomputed before a costly
//     one. The bytes x time / cost ratio is DTR's eviction heuristic inverted
//     (Kirisame et al., ICLR 2021).
//  4. The walk. A move is applied only if it strictly lowers (peak, number
//     of executions at the peak) lexicographically; otherwise it is undone
//     and the next-best candidate is tried, a bounded number of times. The
//     walk never looks at the budget, which only decides where it stops
//     (the first plan within it): a smaller budget stops later on the same
//     walk. When no move is accepted the walk has reached the lowest peak it
//     can.
//  5. Pruning (PlanPruning.h). Relieving one peak at a time, the walk leaves
//     moves behind that later ones made unnecessary: the plan it stops at is
//     replayed without each reload and recomputation in turn (the dearest
//     first), which stays out when the plan still fits the budget. A walk
//     stuck above the budget is pruned to its own peak instead and, when
//     that dropped something, walked again from there (a few times).
//     Pruning can only lower the walk's cost, and it spends the room left
//     under the budget, so peaks stay monotone in the budget (a property
//     test checks it on random graphs) but costs no longer are: a smaller
//     budget's longer walk can prune to a cheaper plan.
//  6. Two walks. Scoring a move as free (as it is charged) draws the walk
//     to postpone computations, which on some graphs strands it above a
//     peak that scoring moves at full cost gets below (6-10% lower on
//     unrolled MLPs); scored at full cost, it misses cheap moves elsewhere.
//     Both walks run, and the cheaper plan within the budget wins, or the
//     lower peak when neither meets it. When neither meets it and values
//     may be offloaded, a third walk prices transfers at zero: a high
//     transfer price (a GPU's) ranks offloads so low that the walks give up
//     before trying them, and what budgets are reachable must not depend on
//     the price.
//  7. Polish. The walks are myopic: a value evicted early for one peak can
//     drag a costly operand into every later chain that needs it. The
//     winning walk's plan gets a few rounds of the search's ruin and
//     recreate (SearchSolver.cpp) in a fixed order: the recomputations of
//     each of the dearest recomputed nodes undone (the repair first bars
//     the node, so that the walk finds another way down, then allows it),
//     then windows around the dearest few; the walk repairs each ruin,
//     pruning trims it, and a cheaper result replaces the plan. The rounds
//     left go to the search's random ruins, from a fixed seed: half drawn
//     with windows that only undo events, then half drawn as the search
//     draws them, where every other window also sinks its computations to
//     their first readers (Sinking.h: reorderings no single move reaches).
//     On random training graphs at tight budgets this cut plans that cost
//     up to 5.6x the best found to at most 1.68x (and 2.74x CBC's plan to
//     1.12x). When the walks stop above the budget, the polish runs at the
//     lowest peak they reached, and the walk then goes on from its plan
//     (polished again when that meets the budget): the sinking rounds
//     reorder below where the walks stop (on random training graphs 3-11%
//     lower peaks), and without this a budget between the two peaks would
//     fail where a larger one gets the lower peak. The
//     rounds are capped by the graph's size (none beyond 48,000 nodes), so
//     the greedy keeps its speed there, and stop at a quarter of the time
//     limit (a caller's, such as auto's 2 s; never reached at the default
//     30 s on a build without sanitizers), the only way time can change the
//     greedy's plan, or the smallest peak it reaches.
//
// Scale. Nothing is replayed per move. A ReplayState keeps live bytes per
// anchor in a segment tree (range add for the anchors a copy spans, max and
// count of max), so a move costs O(log N) plus the size of the anchors it
// touches. Gaps live in a StabbingQueue (a segment tree of heaps over
// positions): the gaps containing P come out best-first by a cached score,
// which is refreshed lazily when a gap is evaluated at a peak (Minoux's lazy
// greedy). The final plan is replayed once by verifyPlan.
//
//===----------------------------------------------------------------------===//

#include "Deadline.h"
#include "GreedySearch.h"
#include "PlanPruning.h"
#include "ResultBuilder.h"
#include "WeightedCost.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

using namespace remat;

namespace {

/// Evaluations (exact scores) per peak before giving up on finding better.
constexpr int kMaxEvaluations = 64;
/// Moves tried (applied and undone when rejected) per peak.
constexpr int kMaxTrials = 16;
/// Smallest cost a score divides by: free recomputations rank by benefit.
constexpr double kMinCost = 1e-9;
/// Effort cap: moves per node of the problem.
constexpr int64_t kMaxMovesPerNode = 32;
/// Walks, each from the previous one's plan pruned, before the greedy gives
/// up on a budget it has not reached.
constexpr int kMaxWalks = 8;
/// The polish's rounds (polish below): a ruin of each of the 16 dearest
/// recomputed nodes, then windows around the dearest 4 nodes'
/// recomputations (24 rounds at most), then the search's random ruins from
/// a fixed seed, 96 drawn with windows that only undo events and 96 drawn
/// as the search draws them (a quarter of those sink a window), 216 in all
/// (on the solver benchmark's graphs,
/// 60 plain rounds did as well at budgets from 30% of the unconstrained
/// peak, but at the smallest reachable peaks 120 found plans up to 1.7x
/// cheaper, and the sinking rounds up to 2.4x cheaper again). A round
/// costs one or two walks, so the rounds are capped at kPolishWork / N: all
/// of them up to 222 nodes, 48 at 1,000, 4 at 10,000, none beyond 48,000,
/// where the greedy must stay within 2 s.
constexpr size_t kPolishNodes = 16;
constexpr size_t kPolishWindows = 4;
constexpr int64_t kPolishFixedRounds = 24;
constexpr int64_t kPolishRounds = 216;
constexpr int64_t kPolishWork = 48000;
/// The share of options.timeLimitSeconds, counted from the greedy's start,
/// after which the polish starts no further round: the search and auto
/// spend the rest.
constexpr double kPolishTimeShare = 0.25;

/// Benefit per unit of cost.
double scoreOf(double benefit, double cost) {
  return benefit / std::max(cost, kMinCost);
}

/// The StabbingQueue indexes three points per anchor: its reloads and
/// recomputations (3s), its computation or return (3s + 1) and its offloads
/// (3s + 2). A gap then never contains the computation that reads its ends,
/// which keeps high fan-in peaks (a loss reading thousands of values) from
/// surfacing every gap that ends there.
int32_t pointOf(const ReplayState::Exec &exec) {
  switch (exec.kind) {
  case Execution::Kind::Reload:
  case Execution::Kind::Recompute:
    return 3 * exec.anchor;
  case Execution::Kind::Compute:
  case Execution::Kind::Return:
    return 3 * exec.anchor + 1;
  case Execution::Kind::Offload:
    return 3 * exec.anchor + 2;
  }
  return 3 * exec.anchor;
}

/// The first point an execution strictly after `exec` can be at.
int32_t pointAfter(const ReplayState::Exec &exec) {
  return exec.kind == Execution::Kind::Compute ? pointOf(exec) + 1
                                               : pointOf(exec);
}

/// The last point an execution strictly before `exec` (a read) can be at.
int32_t pointBefore(const ReplayState::Exec &exec) { return 3 * exec.anchor; }

} // namespace

GreedySearch::GreedySearch(const Problem &problem, const SolverOptions &options,
                           const Plan &start, bool creditMoves)
    : problem(problem), options(options), creditMoves(creditMoves),
      state(problem, start),
      queue(3 * (problem.size() + 1)), chainStamp(problem.size(), 0) {
  for (NodeId id = 0; id < problem.size(); ++id)
    for (size_t j = 0; j < state.readsOf(id).size(); ++j)
      refreshGap(id, static_cast<int32_t>(j), /*force=*/false);
}

bool GreedySearch::canRecompute(NodeId id) const {
  const Node &node = problem.node(id);
  return !node.resident && !node.mustSave && node.recomputable &&
         !node.mustOffload;
}

bool GreedySearch::canOffload(NodeId id) const {
  const Node &node = problem.node(id);
  return !node.resident && !node.mustSave && node.offloadable;
}

double GreedySearch::recomputeCost(NodeId id) const {
  return weightedRecomputeCost(problem.node(id));
}

double GreedySearch::transferCost(NodeId id) const {
  return static_cast<double>(problem.node(id).bytes) *
         problem.transferCostPerByte;
}

bool GreedySearch::isMoveGap(NodeId id, ExecId start) const {
  const ReplayState::Exec &made = state.exec(start);
  return made.kind == Execution::Kind::Compute && made.anchor == id;
}

double GreedySearch::staticKey(NodeId id, ExecId start, ExecId end) const {
  // An upper bound of the exact score: the node's own cost (none for a
  // move), no extensions.
  double cost = std::numeric_limits<double>::infinity();
  if (canRecompute(id))
    cost = recomputeCost(id) -
           (creditMoves && isMoveGap(id, start) ? weightedMoveCredit(problem.node(id)) : 0.0);
  if (canOffload(id))
    cost = std::min(cost, transferCost(id) *
                              (state.firstOffload(id) == kNoId ? 2 : 1));
  Step span =
      std::max<Step>(1, state.exec(end).anchor - state.exec(start).anchor);
  return scoreOf(static_cast<double>(problem.node(id).bytes) * span, cost);
}

void GreedySearch::refreshGap(NodeId id, int32_t readIndex, bool force) {
  const std::vector<ExecId> &reads = state.readsOf(id);
  ExecId end = reads[readIndex];
  Execution::Kind kind = state.exec(end).kind;
  bool eligible = problem.node(id).bytes > 0 &&
                  (canRecompute(id) || canOffload(id)) &&
                  kind != Execution::Kind::Offload;
  ExecId start = kNoId;
  if (eligible) {
    const ReplayState::Copy &copy =
        state.copy(state.copyBefore(id, state.position(end)));
    start = copy.start;
    if (readIndex > 0 &&
        state.position(reads[readIndex - 1]) > state.position(copy.start))
      start = reads[readIndex - 1];
    // A recomputed or reloaded copy must keep its first read.
    eligible = start != copy.start || copy.original;
  }
  int32_t &tag = state.readTag(id, readIndex);
  if (!eligible) {
    if (tag != kNoId && gaps[tag].live) {
      gaps[tag].live = false;
      ++gaps[tag].version;
    }
    return;
  }
  if (tag == kNoId) {
    tag = static_cast<int32_t>(gaps.size());
    gaps.push_back({id, end, start});
  } else if (gaps[tag].live && gaps[tag].start == start && !force) {
    return;
  }
  Gap &gap = gaps[tag];
  gap.start = start;
  gap.live = true;
  ++gap.version;
  int32_t first = pointAfter(state.exec(start));
  int32_t last = pointBefore(state.exec(end));
  if (first <= last)
    queue.insert(first, last, {staticKey(id, start, end), tag, gap.version});
}

void GreedySearch::refreshAfterMove() {
  for (const auto &[node, reader] : state.addedReads()) {
    int32_t index = state.readIndex(node, reader);
    refreshGap(node, index, /*force=*/false);
    if (static_cast<size_t>(index) + 1 < state.readsOf(node).size())
      refreshGap(node, index + 1, /*force=*/false);
  }
  for (CopyId c : state.addedCopies()) {
    const ReplayState::Copy &copy = state.copy(c);
    const std::vector<ExecId> &reads = state.readsOf(copy.node);
    int64_t pos = state.position(copy.start);
    auto it = std::lower_bound(
        reads.begin(), reads.end(), pos,
        [&](ExecId e, int64_t p) { return state.position(e) < p; });
    if (it != reads.end())
      refreshGap(copy.node, static_cast<int32_t>(it - reads.begin()),
                 /*force=*/false);
  }
  // A first host copy makes every later eviction of the node cheaper.
  for (NodeId node : state.hostChanges())
    for (size_t j = 0; j < state.readsOf(node).size(); ++j)
      refreshGap(node, static_cast<int32_t>(j), /*force=*/true);
}

bool GreedySearch::strictlyInside(const Gap &gap, ExecId peakExec) const {
  int64_t p = state.position(peakExec);
  return state.position(gap.start) < p && p < state.position(gap.end);
}

bool GreedySearch::canReloadAt(NodeId id, Step anchor, ExecId peakExec) const {
  if (!canOffload(id) || state.firstOffload(id) == kNoId)
    return false;
  int64_t pos = ReplayState::position(anchor, state.reloadEnd(anchor));
  return state.position(state.firstOffload(id)) < pos &&
         pos > state.position(peakExec);
}

bool GreedySearch::evaluateChain(const Gap &gap, ExecId peakExec,
                                 DeadOperands dead, Move &move,
                                 double &benefit) {
  Step at = state.exec(gap.end).anchor;
  int64_t atPeak = state.position(peakExec);
  // Where a recomputation of `id` runs: its place among the anchor's
  // recomputations, which stay in ascending order without repeats.
  auto placeOf = [&](NodeId id, bool &present) {
    return ReplayState::position(at, state.recomputeSlot(at, id, present));
  };
  bool present = false;
  int64_t ownPlace = placeOf(gap.node, present);
  // The new copy must start after the peak (so after the gap's start). A
  // node already recomputed in this anchor is not recomputed again there:
  // its gap lies within the anchor's recomputations.
  if (present || ownPlace <= atPeak)
    return false;
  bool peakHere = state.exec(peakExec).anchor == at;
  ++stamp;
  move.recompute.assign(1, gap.node);
  move.reload.clear();
  // Evicting the first gap of the original copy leaves it unread: the
  // recomputation replaces the computation and adds nothing (a move).
  move.cost = recomputeCost(gap.node);
  if (creditMoves && isMoveGap(gap.node, gap.start))
    move.cost -= weightedMoveCredit(problem.node(gap.node));
  int64_t freed = problem.node(gap.node).bytes;
  double penalty = 0;
  chainStamp[gap.node] = stamp;
  worklist.assign(1, gap.node);
  while (!worklist.empty()) {
    NodeId user = worklist.back();
    worklist.pop_back();
    auto [first, last] = state.inputsOf(user);
    for (const NodeId *it = first; it != last; ++it) {
      NodeId input = *it;
      if (chainStamp[input] == stamp)
        continue;
      chainStamp[input] = stamp;
      int64_t bytes = problem.node(input).bytes;
      // The chain reads its operands in this anchor, at or before ownPlace,
      // and those reads bind to one copy (no copy of an operand is made
      // between them): whether it is alive is decided at ownPlace.
      CopyId c = state.copyBefore(input, ownPlace);
      if (c != kNoId && state.readable(c, at)) {
        const ReplayState::Copy &copy = state.copy(c);
        int64_t end = state.position(copy.end);
        if (end >= ownPlace)
          continue; // Alive where the chain runs.
        // Keeping it alive until the chain costs memory, and memory at the
        // peak when the extension crosses it. A copy made by a recomputation
        // in this anchor is extended, never made a second time there.
        bool crossesPeak = end < atPeak;
        const ReplayState::Exec &made = state.exec(copy.start);
        bool madeHere =
            made.anchor == at && made.kind == Execution::Kind::Recompute;
        if (!crossesPeak || dead == DeadOperands::KeepAcrossPeak || madeHere) {
          penalty +=
              static_cast<double>(bytes) * (at - state.exec(copy.end).anchor);
          if (crossesPeak)
            freed -= bytes;
          continue;
        }
      }
      bool reload =
          canReloadAt(input, at, peakExec) &&
          (!canRecompute(input) || transferCost(input) <= recomputeCost(input));
      if (reload) {
        move.reload.push_back(input);
        move.cost += transferCost(input);
        continue;
      }
      if (!canRecompute(input))
        return false;
      move.recompute.push_back(input);
      if (static_cast<int32_t>(move.recompute.size()) > options.maxChainLength)
        return false;
      move.cost += recomputeCost(input);
      // When the peak is in this anchor, the operand's place may precede it:
      // its copy is then held across the peak.
      if (peakHere && placeOf(input, present) <= atPeak)
        freed -= bytes;
      worklist.push_back(input);
    }
  }
  if (freed <= 0)
    return false;
  std::sort(move.recompute.begin(), move.recompute.end());
  std::sort(move.reload.begin(), move.reload.end());
  Step span = std::max<Step>(1, at - state.exec(gap.start).anchor);
  benefit = static_cast<double>(problem.node(gap.node).bytes) * span - penalty;
  return true;
}

bool GreedySearch::evaluateOffload(const Gap &gap, ExecId peakExec,
                                   Move &move) {
  const ReplayState::Exec &b = state.exec(gap.end);
  int64_t atPeak = state.position(peakExec);
  int64_t reloadAt = ReplayState::position(b.anchor, state.reloadEnd(b.anchor));
  if (reloadAt <= atPeak)
    return false;
  ExecId host = state.firstOffload(gap.node);
  move.offload = true;
  move.recompute.clear();
  move.reload.clear();
  if (host != kNoId && state.position(host) < reloadAt) {
    move.needOffload = false;
    move.cost = transferCost(gap.node);
    return true;
  }
  const ReplayState::Exec &a = state.exec(gap.start);
  if (a.anchor >= problem.size())
    return false;
  move.needOffload = true;
  move.offloadAnchor = a.anchor;
  move.offloadIndex = std::max(a.slot + 1, state.offloadBegin(a.anchor));
  if (ReplayState::position(a.anchor, move.offloadIndex) > atPeak)
    return false;
  move.cost = 2 * transferCost(gap.node);
  return true;
}

bool GreedySearch::evaluate(int32_t gapId, ExecId peakExec, Move &move) {
  const Gap &gap = gaps[gapId];
  double bytes = static_cast<double>(problem.node(gap.node).bytes);
  Step span = std::max<Step>(1, state.exec(gap.end).anchor -
                                    state.exec(gap.start).anchor);
  bool found = false;
  if (canRecompute(gap.node)) {
    for (DeadOperands dead :
         {DeadOperands::Recompute, DeadOperands::KeepAcrossPeak}) {
      double benefit = 0;
      Move chain;
      if (!evaluateChain(gap, peakExec, dead, chain, benefit))
        continue;
      chain.score = scoreOf(benefit, chain.cost);
      if (!found || chain.score > move.score) {
        move = std::move(chain);
        found = true;
      }
    }
  }
  if (canOffload(gap.node)) {
    Move offload;
    if (evaluateOffload(gap, peakExec, offload)) {
      offload.score = scoreOf(bytes * span, offload.cost);
      if (!found || offload.score > move.score) {
        move = std::move(offload);
        found = true;
      }
    }
  }
  move.gap = gapId;
  return found;
}

bool GreedySearch::tryMove(const Move &move, int64_t peakBefore,
                           int64_t countBefore) {
  const Gap &gap = gaps[move.gap];
  Step at = state.exec(gap.end).anchor;
  state.begin();
  if (move.offload) {
    if (move.needOffload) {
      ExecId offload = state.insertExec(move.offloadAnchor, move.offloadIndex,
                                        Execution::Kind::Offload, gap.node);
      state.addRead(gap.node, offload);
    }
    state.addCopy(state.insertExec(at, state.reloadEnd(at),
                                   Execution::Kind::Reload, gap.node));
  } else {
    for (NodeId id : move.reload)
      state.addCopy(state.insertExec(at, state.reloadEnd(at),
                                     Execution::Kind::Reload, id));
    // Ascending, each at its place among the anchor's recomputations: the
    // chain's operands come first, and the anchor's list stays sorted.
    for (NodeId id : move.recompute) {
      bool present = false;
      int32_t slot = state.recomputeSlot(at, id, present);
      assert(!present && "a node recomputed twice in one anchor");
      ExecId e = state.insertExec(at, slot, Execution::Kind::Recompute, id);
      state.addCopy(e);
      auto [first, last] = state.inputsOf(id);
      for (const NodeId *it = first; it != last; ++it)
        state.addRead(*it, e);
    }
  }
  bool better =
      state.settle() &&
      (state.peak() < peakBefore ||
       (state.peak() == peakBefore && state.peakCount() < countBefore));
  if (!better) {
    state.rollback();
    return false;
  }
  state.commit();
  return true;
}

bool GreedySearch::effortExhausted() const {
  return moves >= kMaxMovesPerNode * (problem.size() + 1);
}

bool GreedySearch::lowerScore(const Move &x, const Move &y) {
  if (x.score != y.score)
    return x.score < y.score;
  return x.gap > y.gap;
}

void GreedySearch::evaluateBestFirst(StabbingQueue::Query &query,
                                     ExecId peakExec, int &budget,
                                     std::vector<Move> &pending,
                                     std::vector<HeldItem> &held) {
  while (budget > 0 && !query.empty()) {
    // Cached keys bound exact scores (up to lazy updates): stop when no
    // remaining gap can beat the best move found.
    if (!pending.empty() && query.top().key <= pending.front().score)
      return;
    int32_t heap;
    StabbingQueue::Item item = query.pop(heap);
    const Gap &gap = gaps[item.id];
    if (!gap.live || gap.version != item.version)
      continue; // Stale: drop it for good.
    if (strictlyInside(gap, peakExec)) {
      --budget;
      Move move;
      bool valid = evaluate(item.id, peakExec, move);
      // The exact score at this peak becomes the cached key (lazy greedy);
      // a gap that cannot move at this peak is demoted.
      if (valid) {
        item.key = move.score;
        pending.push_back(std::move(move));
        std::push_heap(pending.begin(), pending.end(), lowerScore);
      } else {
        item.key = item.key > 0 ? item.key / 4 : item.key * 4;
      }
    }
    held.push_back({heap, item});
  }
}

bool GreedySearch::relieveAt(ExecId peakExec, std::vector<HeldItem> &held) {
  int64_t peakBefore = state.peak(), countBefore = state.peakCount();
  StabbingQueue::Query query(queue, pointOf(state.exec(peakExec)));
  std::vector<Move> pending;
  int evaluations = kMaxEvaluations;
  for (int trial = 0; trial < kMaxTrials; ++trial) {
    evaluateBestFirst(query, peakExec, evaluations, pending, held);
    if (pending.empty())
      return false;
    std::pop_heap(pending.begin(), pending.end(), lowerScore);
    Move best = std::move(pending.back());
    pending.pop_back();
    if (tryMove(best, peakBefore, countBefore))
      return true;
  }
  return false;
}

bool GreedySearch::relieveOnce() {
  if (effortExhausted())
    return false;
  // Items popped by the query go back once it is over, with their new keys.
  std::vector<HeldItem> held;
  bool accepted = relieveAt(state.peakExec(), held);
  for (const HeldItem &h : held)
    queue.push(h.heap, h.item);
  if (!accepted)
    return false;
  ++moves;
  refreshAfterMove();
  return true;
}

namespace {

/// One walk of the greedy and its pruning.
struct Walk {
  Plan plan;
  int64_t peak = 0;
  int64_t steps = 0;
  int64_t pruned = 0;
  bool exhausted = false;
};

/// Walks from `start` to the budget, then prunes; a walk stuck above the
/// budget is pruned to its own peak and, when that dropped something,
/// walked again from there (kMaxWalks times at most).
Walk walkFrom(const Problem &problem, const SolverOptions &options,
              const Plan &start, bool creditMoves) {
  Walk result;
  result.plan = start;
  for (int round = 0;; ++round) {
    GreedySearch search(problem, options, result.plan, creditMoves);
    while (search.peak() > options.budget && search.relieveOnce()) {
    }
    result.steps += search.numMoves();
    result.exhausted = search.effortExhausted();
    result.plan = search.plan();
    result.peak = search.peak();
    // The walk relieves one peak at a time and ends below the budget: drop
    // what its later moves made unnecessary.
    if (result.peak <= options.budget) {
      result.pruned +=
          pruneRecomputations(problem, result.plan, options.budget);
      break;
    }
    // Stuck above the budget: recomputations that later moves made
    // useless can hold the peak up. Without them, walk again.
    int64_t removed = pruneRecomputations(problem, result.plan, result.peak);
    result.pruned += removed;
    if (removed == 0 || result.exhausted || round + 1 >= kMaxWalks)
      break;
  }
  return result;
}

/// The preference-weighted added cost of `plan`, which must replay.
double weightedCostOf(const Problem &problem, const Plan &plan) {
  Verification v = verifyPlan(problem, plan);
  return measureAddedCost(problem, plan, v.profile).weighted;
}

/// One ruin of the polish: every recomputation of `node` (when `around`
/// is negative), or every recomputation and reload in the steps
/// [around - half, around + half].
struct Ruin {
  NodeId node;
  Step around;
};

/// Polishes `walk`, which meets the budget. The walks are myopic: a value
/// evicted early for one peak can drag a costly operand into every later
/// chain that needs it (on random training graphs, plans up to 5.6x dearer
/// than the search's). A few ruin-and-recreate rounds (as the search runs
/// them, SearchSolver.cpp) in a fixed order: the recomputations of each of
/// the nodes whose recomputations cost the most, dearest first, then a
/// window of N/8 steps around each recomputation of the dearest four. A
/// round undoes the ruin's events, lets the walk repair the plan (a ruined
/// node first barred from being recomputed, so that the walk must find
/// another way down, then as it is) and prunes it; the result replaces the
/// plan when it is cheaper. The rounds left then go to the search's random
/// ruins (ruinAndRecreate), seeded with options.searchSeed, the second half
/// with sinking windows. The order and
/// the draws depend only on the plan and the seed, so the greedy stays a
/// function of its input unless `deadline` passes, after which no round
/// starts. Returns the rounds that improved the plan (each half of the
/// random ones counts as one).
int64_t polish(const Problem &problem, const SolverOptions &options, Walk &walk,
               bool creditMoves, const Deadline &deadline) {
  int64_t rounds = std::min<int64_t>(
      kPolishRounds, kPolishWork / std::max<int64_t>(1, problem.size()));
  if (rounds <= 0)
    return 0; // from 48,000 nodes: not even the replay
  int64_t fixedRounds = std::min(rounds, kPolishFixedRounds);
  Verification v = verifyPlan(problem, walk.plan);
  if (!v.ok())
    return 0;
  double best = measureAddedCost(problem, walk.plan, v.profile).weighted;
  // What each node's recomputations add (moves add nothing).
  std::vector<double> spent(problem.size(), 0.0);
  for (const std::vector<NodeId> &list : walk.plan.recomputeBefore)
    for (NodeId id : list)
      spent[id] += weightedRecomputeCost(problem.node(id));
  for (const PlanMove &move : findMoves(problem, v.profile))
    spent[move.node] -= weightedMoveCredit(problem.node(move.node));
  std::vector<NodeId> dearest;
  for (NodeId id = 0; id < problem.size(); ++id)
    if (spent[id] > 0 && problem.node(id).keepLimit == kNoKeepLimit)
      dearest.push_back(id);
  std::sort(dearest.begin(), dearest.end(), [&](NodeId a, NodeId b) {
    return spent[a] != spent[b] ? spent[a] > spent[b] : a < b;
  });
  std::vector<Ruin> ruins;
  for (size_t k = 0; k < std::min<size_t>(dearest.size(), kPolishNodes); ++k)
    ruins.push_back({dearest[k], -1});
  for (size_t k = 0; k < std::min<size_t>(dearest.size(), kPolishWindows); ++k)
    for (size_t s = 0; s < walk.plan.recomputeBefore.size(); ++s)
      for (NodeId id : walk.plan.recomputeBefore[s])
        if (id == dearest[k])
          ruins.push_back({id, static_cast<Step>(s)});
  if (static_cast<int64_t>(ruins.size()) > fixedRounds)
    ruins.resize(fixedRounds);
  Step half = std::max<Step>(1, problem.size() / 16);
  // `candidate` replaces the plan when it fits the budget and is cheaper.
  auto accept = [&](Plan candidate) {
    Verification r = verifyPlan(problem, candidate);
    if (!r.ok() || r.profile.peak > options.budget)
      return false;
    double cost = measureAddedCost(problem, candidate, r.profile).weighted;
    if (cost >= best * (1 - 1e-12))
      return false;
    best = cost;
    walk.plan = std::move(candidate);
    walk.peak = r.profile.peak;
    return true;
  };
  // Repairs `ruined` with a walk over `walkProblem` and prunes the result,
  // which replaces the plan when it is cheaper.
  auto repair = [&](const Problem &walkProblem, const Plan &ruined) {
    std::optional<Plan> repaired =
        repairWithWalk(problem, walkProblem, options, ruined, creditMoves);
    return repaired && accept(std::move(*repaired));
  };
  // A node's ruin is first repaired with the node barred from being
  // recomputed, so that the walk finds another way down rather than the
  // same recomputations; when that is no cheaper, as it is.
  Problem barred = problem;
  int64_t improved = 0;
  for (const Ruin &ruin : ruins) {
    if (deadline.passed())
      break;
    Plan ruined = withoutEvents(problem, walk.plan, [&](Step s, NodeId id) {
      return ruin.around < 0
                 ? id == ruin.node
                 : s >= ruin.around - half && s <= ruin.around + half;
    });
    if (!verifyPlan(problem, ruined).ok())
      continue;
    if (ruin.around < 0) {
      barred.node(ruin.node).recomputable = false;
      bool accepted = repair(barred, ruined);
      barred.node(ruin.node).recomputable =
          problem.node(ruin.node).recomputable;
      if (accepted) {
        ++improved;
        continue;
      }
    }
    improved += repair(problem, ruined);
  }
  // The rest of the rounds: the search's random ruins, from a fixed seed,
  // half with windows that only undo events, then half as the search draws
  // them, every other window sinking its computations. Sinking from the
  // start does worse: on random_training/50 and /70 at their smallest
  // reachable peaks it left plans 1.7x and 1.2x dearer than these.
  int64_t randomRounds = rounds - static_cast<int64_t>(ruins.size());
  int64_t windowRounds = (randomRounds + 1) / 2;
  for (auto [share, sink] : {std::pair{windowRounds, false},
                             std::pair{randomRounds - windowRounds, true}})
    if (share > 0 && !deadline.passed())
      improved += accept(ruinAndRecreate(problem, options, walk.plan, share,
                                         deadline.remaining(), sink));
  return improved;
}

} // namespace

std::optional<Plan> remat::repairWithWalk(const Problem &problem,
                                          const Problem &walkProblem,
                                          const SolverOptions &options,
                                          const Plan &ruined,
                                          bool creditMoves) {
  GreedySearch walk(walkProblem, options, ruined, creditMoves);
  while (walk.peak() > options.budget && walk.relieveOnce()) {
  }
  if (walk.peak() > options.budget)
    return std::nullopt;
  Plan repaired = walk.plan();
  pruneRecomputations(problem, repaired, options.budget);
  return repaired;
}

SolveResult remat::solveGreedy(const Problem &problem,
                               const SolverOptions &options) {
  if (auto error = problem.check()) {
    SolveResult result;
    result.solver = SolverKind::Greedy;
    result.message = "invalid problem: " + *error;
    return result;
  }
  Deadline polishDeadline(kPolishTimeShare * options.timeLimitSeconds);
  Plan start = buildPolicyPlan(problem);
  // Two walks, moves credited and not: neither reaches the lower peak on
  // every graph (on unrolled MLPs the credited walk gets stuck 6-10%
  // higher). The one that meets the budget more cheaply wins, or, when
  // neither meets it, the one that reaches the lower peak.
  Walk credited = walkFrom(problem, options, start, /*creditMoves=*/true);
  Walk full = walkFrom(problem, options, start, /*creditMoves=*/false);
  bool fitsCredited = credited.peak <= options.budget;
  bool fitsFull = full.peak <= options.budget;
  bool takeFull = false;
  if (fitsCredited && fitsFull)
    takeFull = weightedCostOf(problem, full.plan) <
               weightedCostOf(problem, credited.plan) *
                   (1 - 1e-12);
  else if (fitsCredited != fitsFull)
    takeFull = fitsFull;
  else
    takeFull = full.peak < credited.peak;
  Walk *chosenWalk = takeFull ? &full : &credited;
  int64_t steps = credited.steps + full.steps;
  // Stuck above the budget with offloading allowed: transfers priced high
  // (a GPU's, 100 FLOPs a byte) rank offloads behind every recomputation,
  // and the walk can give up before it tries them. Walk once more with
  // transfers free: whether a budget can be met must not depend on the
  // price. Its plan is costed at the real price like any other.
  Walk freeTransfers;
  if (chosenWalk->peak > options.budget && problem.transferCostPerByte > 0 &&
      std::any_of(problem.getNodes().begin(), problem.getNodes().end(),
                  [](const Node &node) {
                    return node.offloadable && !node.mustOffload &&
                           !node.resident && !node.mustSave;
                  })) {
    Problem free = problem;
    free.transferCostPerByte = 0;
    freeTransfers = walkFrom(free, options, start, /*creditMoves=*/false);
    steps += freeTransfers.steps;
    if (freeTransfers.peak < chosenWalk->peak)
      chosenWalk = &freeTransfers;
  }
  Walk &chosen = *chosenWalk;
  bool creditMoves = chosenWalk == &credited;
  // Above the budget, the polish runs at the lowest peak the walks reached:
  // its sinking ruins can reorder to a lower peak than any walk reaches,
  // and without this a budget between the two peaks would fail where a
  // larger one gets the lower peak. From the polished plan the walks go on
  // down (3-11% lower on random training graphs), so that the peak they
  // stop at is one no single move relieves, as the report says. Budgets
  // above the walks' lowest peak are polished at their own value and can
  // still reach lower peaks than smaller budgets do: monotone peaks are
  // likelier, not guaranteed (the property tests check them).
  if (options.greedyPolish) {
    SolverOptions polishOptions = options;
    polishOptions.budget = std::max(options.budget, chosen.peak);
    int64_t improved =
        polish(problem, polishOptions, chosen, creditMoves, polishDeadline);
    // Walking on from a plan the polish left as it was would stop where
    // the walks did (at 100,000 nodes, where no round runs, it cost 0.5 s).
    if (improved > 0 && chosen.peak > options.budget) {
      Walk on = walkFrom(problem, options, chosen.plan, creditMoves);
      steps += on.steps;
      if (on.peak < chosen.peak) {
        on.pruned += chosen.pruned;
        chosen = std::move(on);
        // Met so: polished for the lowest peak, not for this budget
        // (random_training/30 at its smallest peak: 2.9x the search's plan
        // before this polish, 1.0x after).
        if (chosen.peak <= options.budget)
          polish(problem, options, chosen, creditMoves, polishDeadline);
      }
    }
  }
  Plan &plan = chosen.plan;
  int64_t pruned = chosen.pruned;
  bool exhausted = chosen.exhausted;
  std::string error;
  SolveResult result =
      buildResult(SolverKind::Greedy, problem, options, plan, error);
  if (!error.empty()) {
    // A bug in the greedy's bookkeeping: fall back to the policy plan,
    // which is valid, and say so.
    result = buildResult(SolverKind::Greedy, problem, options, start, error);
    result.feasible = false;
    result.message = "internal error: the greedy plan does not replay (" +
                     error + "); returning the policy plan";
    return result;
  }
  if (result.feasible) {
    // "Search steps", not "moves": reports call a recomputation that only
    // reorders the computation a move.
    result.message = "greedy: " + std::to_string(steps) +
                     " search steps, " + std::to_string(pruned) +
                     " pruned, peak " +
                     std::to_string(result.profile.peak) + " bytes";
    return result;
  }
  const Execution &at = result.profile.executions[result.profile.peakIndex];
  std::string where = describeExecution(problem, at);
  std::string budget = std::to_string(options.budget);
  std::string peak = std::to_string(result.profile.peak);
  if (exhausted) {
    result.message = "the greedy stopped at its effort cap (" +
                     std::to_string(steps) +
                     " search steps) with a peak "
                     "of " +
                     peak + " bytes at " + where + " (budget " + budget + ")";
    return result;
  }
  result.message = "the greedy cannot lower the peak below " + peak +
                   " bytes (budget " + budget + "): at " + where +
                   ", no value kept across it can be evicted without "
                   "raising the peak elsewhere";
  return result;
}
