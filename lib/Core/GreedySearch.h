//===- GreedySearch.h - the greedy solver's peak-relief walk ----*- C++ -*-===//
//
// The state of the greedy solver between moves, exposed so that unit tests
// can step it and compare its incremental bookkeeping with verifyPlan. The
// algorithm is described in GreedySolver.cpp.
//
// Internal to lib/Core; not part of the public API.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_CORE_GREEDYSEARCH_H
#define REMAT_LIB_CORE_GREEDYSEARCH_H

#include "ReplayState.h"
#include "StabbingQueue.h"
#include "remat/Core/Solvers.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace remat {

/// Walks from a starting plan through plans of strictly decreasing
/// (peak, executions at the peak), one move at a time.
class GreedySearch {
public:
  /// Starts from `start`, which must verify on `problem`. With
  /// `creditMoves`, a recomputation that only moves a computation later
  /// (the first gap of an original copy) is scored as costing nothing but
  /// its chain's operands, as it is charged; without, at its node's full
  /// cost, which makes the walk prefer lasting evictions and reaches lower
  /// peaks on some graphs (solveGreedy walks both ways).
  GreedySearch(const Problem &problem, const SolverOptions &options,
               const Plan &start, bool creditMoves = true);

  /// Applies the best acceptable move at the current peak. Returns false,
  /// changing nothing, when no move lowers (peak, executions at the peak).
  bool relieveOnce();

  /// Peak device bytes of the current plan, resident included.
  int64_t peak() const { return state.peak(); }
  /// Number of executions at the peak.
  int64_t peakCount() const { return state.peakCount(); }
  /// Moves applied so far.
  int64_t numMoves() const { return moves; }
  /// Whether the effort cap (a number of moves per node) stopped the walk.
  bool effortExhausted() const;
  /// The current plan.
  Plan plan() const { return state.toPlan(); }

private:
  /// A candidate: the gap of a device copy that ends at one of its reads.
  struct Gap {
    NodeId node;
    ExecId end;   ///< The read after the gap.
    ExecId start; ///< The read before it, or the copy's creation.
    uint32_t version = 0;
    bool live = false;
  };

  /// One way to free a gap at the peak.
  struct Move {
    int32_t gap = kNoId;
    double score = 0;
    double cost = 0;
    bool offload = false;
    /// Offload: whether a new offload is needed (no host copy yet) and where.
    bool needOffload = false;
    Step offloadAnchor = 0;
    int32_t offloadIndex = 0;
    /// Recompute: nodes recomputed at the gap's end's step, each at its
    /// place among the step's recomputations (ascending, the gap's node
    /// last; none already recomputed there), and nodes reloaded for them.
    std::vector<NodeId> recompute;
    std::vector<NodeId> reload;
  };

  /// A queue item popped by a query, to push back into its heap.
  struct HeldItem {
    int32_t heap;
    StabbingQueue::Item item;
  };

  /// Order of the pending moves' max-heap: by score, ties to the older gap.
  static bool lowerScore(const Move &x, const Move &y);

  bool canRecompute(NodeId id) const;
  bool canOffload(NodeId id) const;
  double recomputeCost(NodeId id) const;
  double transferCost(NodeId id) const;
  double staticKey(NodeId id, ExecId start, ExecId end) const;
  /// Whether evicting the gap of `id` that starts at `start` is a move: the
  /// gap begins where the original copy is made, so that copy would be
  /// read by nothing.
  bool isMoveGap(NodeId id, ExecId start) const;

  void refreshGap(NodeId id, int32_t readIndex, bool force);
  void refreshAfterMove();
  bool strictlyInside(const Gap &gap, ExecId peakExec) const;

  /// What a recomputation does with operands whose copies died before the
  /// peak: recompute them too (a chain), or keep them alive across it
  /// (which still frees bytes when they are smaller than the node).
  enum class DeadOperands { Recompute, KeepAcrossPeak };

  bool evaluate(int32_t gapId, ExecId peakExec, Move &move);
  /// The recompute option; `benefit` receives bytes x steps freed minus
  /// bytes x steps of operand extensions.
  bool evaluateChain(const Gap &gap, ExecId peakExec, DeadOperands dead,
                     Move &move, double &benefit);
  bool evaluateOffload(const Gap &gap, ExecId peakExec, Move &move);
  bool canReloadAt(NodeId id, Step anchor, ExecId peakExec) const;
  /// Applies `move` if it lowers (peak, executions at the peak).
  bool tryMove(const Move &move, int64_t peakBefore, int64_t countBefore);
  /// Evaluates gaps containing the peak, best cached key first, into
  /// `pending` until none can beat the best pending move or `budget`
  /// evaluations are spent.
  void evaluateBestFirst(StabbingQueue::Query &query, ExecId peakExec,
                         int &budget, std::vector<Move> &pending,
                         std::vector<HeldItem> &held);
  /// Tries the best moves at `peakExec`, a bounded number of them.
  bool relieveAt(ExecId peakExec, std::vector<HeldItem> &held);

  const Problem &problem;
  SolverOptions options;
  bool creditMoves;
  ReplayState state;
  StabbingQueue queue;
  std::vector<Gap> gaps;
  int64_t moves = 0;

  // Scratch for chain evaluation.
  std::vector<uint32_t> chainStamp;
  uint32_t stamp = 0;
  std::vector<NodeId> worklist;
};

/// The repair of a ruin-and-recreate round (the greedy's polish, the
/// search): `ruined`, which must verify on `problem`, walked over
/// `walkProblem` (`problem`, or a copy with nodes barred from being
/// recomputed) until it meets `options.budget`, then pruned on `problem`.
/// nullopt when the walk cannot meet the budget.
std::optional<Plan> repairWithWalk(const Problem &problem,
                                   const Problem &walkProblem,
                                   const SolverOptions &options,
                                   const Plan &ruined, bool creditMoves = true);

/// The search's ruin-and-recreate rounds (SearchSolver.cpp) from `start`,
/// which must replay within `options.budget`: at most `maxRounds` rounds
/// and `seconds`, drawn from a generator seeded with `options.searchSeed`,
/// ending early at a local optimum. With `sinkWindows`, every other window
/// ruin also moves its computations to their first readers, as the
/// search's do; without, windows only undo events. Returns the best plan
/// found (`start` when no round improves it). The greedy's polish ends
/// with these.
Plan ruinAndRecreate(const Problem &problem, const SolverOptions &options,
                     const Plan &start, int64_t maxRounds, double seconds,
                     bool sinkWindows);

} // namespace remat

#endif // REMAT_LIB_CORE_GREEDYSEARCH_H
