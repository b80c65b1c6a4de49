//===- Plan.h - a rematerialization plan and its memory profile -*- C++ -*-===//
//
// A plan says, for the problem's schedule, which values are recomputed before
// which steps and which are moved to host memory and back. Everything not
// mentioned is kept from its computation to its last use. `verifyPlan`
// replays the plan independently of the solver that made it, checks that
// every read finds its value in memory and every constraint holds, and
// measures the memory profile.
//
// Replay rules:
//  * At anchor s (a step in [0, N]) run, in order: the reloads listed for s,
//    the recomputations listed for s (in the listed order), the original
//    computation of node s (none at s = N, the return, nor for resident
//    nodes), then the offloads listed after s.
//  * Every read binds to the latest copy (instance) of the node in device
//    memory; a copy is freed right after its last read.
//  * An offload reads the device copy and makes a host copy; a reload makes a
//    new device copy from the host copy.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_CORE_PLAN_H
#define REMAT_CORE_PLAN_H

#include "remat/Core/Problem.h"

#include <optional>
#include <string>
#include <vector>

namespace remat {

/// Decisions of a solver. Each vector, when not empty, has N + 1 entries, one
/// per anchor.
struct Plan {
  /// recomputeBefore[s]: nodes recomputed just before step s, in the order
  /// they run (operands first).
  std::vector<std::vector<NodeId>> recomputeBefore;
  /// offloadAfter[s]: nodes copied to host memory just after step s.
  std::vector<std::vector<NodeId>> offloadAfter;
  /// reloadBefore[s]: nodes copied back from host memory before step s.
  std::vector<std::vector<NodeId>> reloadBefore;

  /// An empty plan (keep everything) for `problem`.
  static Plan keepAll(const Problem &problem);

  /// Sizes the vectors for `problem` (no-op when already sized).
  void resize(const Problem &problem);

  /// Number of recomputations and of offloads.
  int64_t numRecomputations() const;
  int64_t numOffloads() const;
};

/// What runs at one position of the replayed schedule.
struct Execution {
  enum class Kind : uint8_t { Compute, Recompute, Offload, Reload, Return };
  Kind kind;
  NodeId node; ///< The node computed/moved (kNone for Return).
  Step anchor; ///< The step it belongs to.
  static constexpr NodeId kNone = -1;
};

/// One copy of a node in a replayed plan, and the executions it spans.
struct Lifetime {
  enum class Kind : uint8_t {
    Original,   ///< Made by the node's own step.
    Recomputed, ///< Made by a recomputation.
    Reloaded,   ///< Copied back from host memory.
    Host,       ///< The host copy, from the first offload to the last reload.
  };
  NodeId node;
  Kind kind;
  /// The execution that makes it and the last that reads it (`first` when
  /// nothing reads it), indices into MemoryProfile::executions.
  size_t first, last;
};

/// Live memory at every execution of a replayed plan.
struct MemoryProfile {
  std::vector<Execution> executions;
  /// Device bytes live while each execution runs (resident included).
  std::vector<int64_t> live;
  /// Part of `live` read or written by the execution, plus its scratch: the
  /// temporaries of that moment.
  std::vector<int64_t> working;
  /// Part of `live` neither read nor written by the execution: values kept
  /// for later. live = resident + kept + working.
  std::vector<int64_t> kept;
  /// Arguments and constants.
  int64_t resident = 0;
  /// The largest `live` entry and the first execution where it occurs.
  int64_t peak = 0;
  size_t peakIndex = 0;
  /// Largest number of bytes in host memory at once.
  int64_t hostPeak = 0;
  /// Nodes whose device copies are kept across the peak execution (live but
  /// neither read nor written by it), largest first.
  std::vector<NodeId> keptAtPeak;
  /// Every copy of a computed node (arguments and constants excepted), in
  /// the order they are made, then the host copies by node.
  std::vector<Lifetime> lifetimes;
};

/// The result of replaying a plan.
struct Verification {
  /// Empty when the plan is valid; else the first violation, as a sentence.
  std::string error;
  MemoryProfile profile;
  bool ok() const { return error.empty(); }
};

/// Replays `plan` on `problem` and measures it. Independent of every solver.
/// It replays placeAnchorsAfterSideResults(problem, plan). Every step's own
/// computation runs, also one whose copy nothing reads (a move's original):
/// the model every solver's bookkeeping and the exact solver's MILP share,
/// which can only overstate the compiled code's memory.
Verification verifyPlan(const Problem &problem, const Plan &plan);

/// verifyPlan's replay as the rewritten function runs it: an original
/// computation that nothing reads any more (every read moved to a
/// recomputed copy, or its readers were dropped themselves) is dropped,
/// with its reads, its bytes and its execution, as applyPlan erases the
/// op. Never above verifyPlan's peak; the peak the pass records
/// (remat.planned_peak) and reports.
Verification replayAsRewritten(const Problem &problem, const Plan &plan);

/// `plan` as the compiled code runs it: an op and its side results
/// (Node::withPrevious) are one computation, so the reloads and
/// recomputations a plan anchors before a side result run before the next
/// step instead (ahead of that step's own), and offloads after the op or
/// a side result run after the last side result. Identity when the problem
/// has no side results.
Plan placeAnchorsAfterSideResults(const Problem &problem, const Plan &plan);

/// A recomputation that only moves a computation later: the first
/// recomputation of a node whose original copy nothing reads (an output
/// recomputed before the return included). The rewrite erases the unread
/// original, so the plan runs the node once, as the unplanned function
/// does (replayAsRewritten drops it).
struct PlanMove {
  Step anchor;
  NodeId node;
};

/// The moves of a replayed plan, from its profile's lifetimes, in the order
/// they run.
std::vector<PlanMove> findMoves(const Problem &problem,
                                const MemoryProfile &profile);

/// What a replayed plan adds to the unplanned function: every recomputation
/// but the moves, at its node's cost, and every transfer, at bytes x
/// Problem::transferCostPerByte. This is the cost every solver minimizes and
/// every result reports.
struct AddedCost {
  /// Recomputations at Node::cost, plus transfers.
  double cost = 0;
  /// The same with each recomputation's cost weighted by its node's
  /// preference (x100 for prefer-save, /100 for prefer-recompute); a move
  /// of a prefer-save node costs 99 times the node (the mark asks to keep
  /// it where it is computed).
  double weighted = 0;
  /// Recomputations charged nothing (findMoves).
  int64_t moves = 0;
};

/// The added cost of `plan`, whose replay is `profile`.
AddedCost measureAddedCost(const Problem &problem, const Plan &plan,
                           const MemoryProfile &profile);

/// The profile of keeping everything, policies ignored: the unconstrained
/// peak that "50%" budgets refer to.
MemoryProfile unconstrainedProfile(const Problem &problem);

} // namespace remat

#endif // REMAT_CORE_PLAN_H
