//===- Solvers.h - rematerialization solvers --------------------*- C++ -*-===//
//
// Each solver is a free function from a Problem and options to a result; one
// dispatch point, `solve`, picks by kind. Every result's plan has been
// replayed by verifyPlan before it is returned.
//
//  * greedy: cost-aware peak relief (docs/solvers.md); fast, any size.
//  * exact: a MILP solved by COIN-OR CBC, with a time limit; reports the
//    optimality gap it proved. Built only when CBC is found.
//  * search: improves the greedy's plan within a time limit (destroy and
//    repair: a window of the plan undone, walked again by the greedy,
//    pruned) and reports the cover bound's proven lower bound.
//  * chain: maps a training step that is a chain of layers onto the Rotor
//    dynamic programme (include/remat/Core/ChainPlanner.h).
//  * policy: applies checkpoint policies and marks with no budget, as JAX
//    does.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_CORE_SOLVERS_H
#define REMAT_CORE_SOLVERS_H

#include "remat/Core/Plan.h"
#include "remat/Core/Problem.h"

#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>

namespace remat {

/// Which solver `solve` runs.
enum class SolverKind { Greedy, Exact, Chain, Policy, Search, Auto };

/// Parses "greedy", "exact", "chain", "policy", "search" or "auto".
std::optional<SolverKind> parseSolverKind(const std::string &text);
/// The name parseSolverKind accepts for `kind`.
const char *toString(SolverKind kind);

/// What every solver is given besides the problem.
struct SolverOptions {
  /// Device bytes the peak may reach (resident bytes included).
  int64_t budget = std::numeric_limits<int64_t>::max();
  /// Wall-clock limit of the exact and search solvers, in seconds. The
  /// greedy's polish starts no round after a quarter of it.
  double timeLimitSeconds = 30.0;
  /// Auto's wall-clock limit: it returns within about this (greedy, then
  /// improvement for the rest). Callers set it to timeLimitSeconds when the
  /// user gave a time limit.
  double autoTimeLimitSeconds = 2.0;
  /// Search: the seed of its choices, and the most rounds it runs (0: as
  /// many as the time limit allows). With a bound on rounds and a long time
  /// limit, its result is a function of the problem and these alone.
  uint64_t searchSeed = 1;
  int64_t searchMaxRounds = 0;
  /// Auto's search rounds: -1 (the default) a number by the problem's size
  /// that fits autoTimeLimitSeconds on a typical machine, so that auto's
  /// plan does not depend on the clock (the limit only caps it on a slow
  /// one); 0, as many as the time limit allows (callers set that when the
  /// user gave a time limit); otherwise that many.
  int64_t autoSearchRounds = -1;
  /// Called by long solves (search, auto) with their progress, at most about
  /// once a second; empty: nothing is reported.
  std::function<void(const std::string &)> progress;
  /// Exact solver: after minimizing cost, minimize the peak among the
  /// cheapest plans (a second MILP), which makes the peak monotone in the
  /// budget.
  bool minimizePeakAfterCost = true;
  /// Greedy: the most nodes one recomputation chain may hold.
  int32_t maxChainLength = 64;
  /// Greedy: polish the walk's plan with ruin-and-recreate rounds (a fixed
  /// order, then the search's draws seeded with searchSeed;
  /// GreedySolver.cpp); off only to measure what the polish buys.
  bool greedyPolish = true;
  /// Auto picks the exact solver for problems with at most this many nodes
  /// (when it is built).
  int32_t autoExactMaxNodes = 60;
  /// Chain solver: the most layers the chain is cut into (more cuts are
  /// merged, keeping the smallest values as layer boundaries).
  int32_t chainMaxLayers = 64;
  /// Chain solver: the most chain-model budgets tried while looking for the
  /// largest whose plan, replayed, fits the budget.
  int32_t chainSearchSteps = 12;
  /// Auto and the search also try the chain solver, on the chain merged to
  /// at most this many layers (its DP grows as the cube of the layers: 33
  /// layers take about 0.3 s in all, 65 about 3.5 s), and start from its
  /// plan or take it when it is cheaper.
  int32_t autoChainMaxLayers = 36;
};

/// What every solver returns; its plan has been replayed by verifyPlan.
struct SolveResult {
  SolverKind solver = SolverKind::Greedy;
  /// True when the plan's peak is within the budget.
  bool feasible = false;
  /// The plan found (the best one even when infeasible).
  Plan plan;
  /// The replayed profile of `plan`.
  MemoryProfile profile;
  /// Added cost of `plan` (recomputation plus transfers).
  double cost = 0;
  /// Exact solver: true when optimality was proven; `gap` is the proven
  /// relative gap between `cost` and the best lower bound (0 when optimal).
  bool optimal = false;
  double gap = 0;
  /// Exact solver: the plan is proven to have the smallest peak among the
  /// cheapest plans within the budget (a lexicographic optimum: cost, then
  /// peak). Between such plans the peak is monotone in the budget; a plan
  /// whose second MILP stopped on the time limit promises no such thing.
  bool peakMinimized = false;
  /// The best proven lower bound on the weighted added cost of any plan
  /// within the budget (the exact solver's, or the cover bound's); 0 when
  /// none was computed. `gap` is relative to it for the search solver.
  double lowerBound = 0;
  /// When infeasible: the smallest peak the solver can reach and where (the
  /// execution index into `minPeakProfile`).
  int64_t minReachablePeak = 0;
  MemoryProfile minPeakProfile;
  /// A human-readable note (why infeasible, solver status).
  std::string message;
  /// The node `message` is about (the op that breaks a chain), or -1.
  NodeId subject = -1;
};

/// A lower bound on the preference-weighted added cost (measureAddedCost,
/// Plan.h) of every plan whose peak is within a budget.
struct CostLowerBound {
  /// No plan within the budget costs less. Zero when nothing is known.
  double weighted = 0;
  /// True when no plan can meet the budget at all (some step must hold more
  /// than the budget whatever is evicted).
  bool infeasible = false;
  /// How it was found, for messages ("cover bound, 300 subgradient steps").
  std::string method;
};

/// The cover bound (lib/Core/CoverBound.h): at every step over the budget,
/// values kept across it must leave, each at the price of one recomputation
/// or reload in its gap around the step. Valid for every plan verifyPlan
/// accepts; computed within about `seconds`. `upperBound`, the weighted cost
/// of a known plan within the budget, speeds it up.
CostLowerBound lowerBoundCost(const Problem &problem, int64_t budget,
                              double seconds,
                              std::optional<double> upperBound = std::nullopt);

/// Cost-aware greedy: repeatedly relieves the current peak with the candidate
/// of best (bytes freed x span freed) / recompute cost, recomputing chains of
/// dropped operands as needed; stops at the first plan within the budget.
SolveResult solveGreedy(const Problem &problem, const SolverOptions &options);

/// Applies policies and marks (keepLimit, mustOffload) and nothing else.
SolveResult solvePolicy(const Problem &problem, const SolverOptions &options);

/// The plan solvePolicy returns, not replayed: each node used after its
/// keepLimit gets one new copy right before its first such use, reloaded
/// (mustOffload, or not recomputable) or recomputed with the chain of
/// operands that are no longer readable there. `problem` must pass check().
/// The greedy solver starts from it.
Plan buildPolicyPlan(const Problem &problem);

/// Whether the exact solver was built (COIN-OR CBC found at configure time).
bool isExactSolverAvailable();

/// The MILP: minimum added cost subject to the budget, solved by CBC within
/// options.timeLimitSeconds. The greedy's plan, improved by the search
/// (auto's rounds, at most a tenth of the time), is its fallback and its
/// cost CBC's cutoff, so the result is never dearer than either. Values that
/// may be (or must be) offloaded are kept, recomputed or offloaded, whichever
/// is cheapest, each transfer costing bytes * problem.transferCostPerByte.
SolveResult solveExact(const Problem &problem, const SolverOptions &options);

/// `problem` without the permission to offload what no policy requires
/// offloaded (allow-offload's), or nullopt when nothing had it. Its plans
/// are plans of `problem`.
std::optional<Problem> withoutOptionalOffload(const Problem &problem);

/// The improvement search: starting from the greedy's plan (or `start`,
/// when it is a plan within the budget), repeatedly undoes the
/// recomputations and transfers of a window of the schedule (or of a few
/// nodes), lets the greedy walk the budget again from there and prunes the
/// result; a plan is kept when it is cheaper (preference-weighted), or as
/// cheap with a lower peak. Runs until options.timeLimitSeconds or
/// options.searchMaxRounds, or until the plan meets the cover bound. Never
/// dearer than its start; every plan is replayed by verifyPlan.
SolveResult solveSearch(const Problem &problem, const SolverOptions &options,
                        const std::optional<Plan> &start = std::nullopt);

/// The rounds auto gives the search (and the exact solver's search for a
/// start): options.autoSearchRounds, or when that is negative a number by
/// the problem's size, about a second of rounds on a typical machine, so
/// that the plan depends on the clock only on a slow one.
int64_t searchRoundsFor(const Problem &problem, const SolverOptions &options);

/// The chain solver: when the problem is a chain of layers (its forward
/// pass cut into layers, its backward pass mirroring them; Node::adjointOf
/// says which nodes are backward), the Rotor DP's schedule under the budget
/// as a plan. The chain model approximates the problem's, so the chain
/// budget is searched for the largest one whose replayed plan fits.
/// Otherwise the result says why not and names the node (`subject`).
SolveResult solveChain(const Problem &problem, const SolverOptions &options);

/// The one dispatch point. Auto: policy only when the budget is unbounded,
/// exact for small problems when available, greedy otherwise; on a chain
/// (without offloading) the chain solver's plan instead when it fits and is
/// strictly cheaper than that choice's, or fits where that one does not.
SolveResult solve(SolverKind kind, const Problem &problem,
                  const SolverOptions &options);

} // namespace remat

#endif // REMAT_CORE_SOLVERS_H
