//===- SolverDispatch.cpp - the one place that picks a solver -------------===//
//
// `solve` maps a SolverKind to a solver; Auto chooses by problem and budget.
// When COIN-OR CBC was not found at configure time, ExactSolver.cpp is not
// compiled and this file provides a solveExact that says so.
//
//===----------------------------------------------------------------------===//

#include "remat/Core/Solvers.h"

#include "WeightedCost.h"
#include "remat/Core/ChainPlanner.h"

#ifdef REMAT_HAVE_CBC
#include "CbcBackend.h"
#endif

#include <algorithm>
#include <cctype>
#include <chrono>
#include <limits>

using namespace remat;

std::optional<SolverKind> remat::parseSolverKind(const std::string &text) {
  std::string lower = text;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  for (SolverKind kind : {SolverKind::Greedy, SolverKind::Exact,
                          SolverKind::Chain, SolverKind::Policy,
                          SolverKind::Search, SolverKind::Auto})
    if (lower == toString(kind))
      return kind;
  return std::nullopt;
}

const char *remat::toString(SolverKind kind) {
  switch (kind) {
  case SolverKind::Greedy:
    return "greedy";
  case SolverKind::Exact:
    return "exact";
  case SolverKind::Chain:
    return "chain";
  case SolverKind::Policy:
    return "policy";
  case SolverKind::Search:
    return "search";
  case SolverKind::Auto:
    return "auto";
  }
  return "unknown";
}

bool remat::isExactSolverAvailable() {
#ifdef REMAT_HAVE_CBC
  return true;
#else
  return false;
#endif
}

#ifndef REMAT_HAVE_CBC
SolveResult remat::solveExact(const Problem &problem,
                              const SolverOptions &options) {
  SolveResult result;
  result.solver = SolverKind::Exact;
  result.feasible = false;
  result.message = "the exact solver is not built: COIN-OR CBC was not found "
                   "at configure time";
  return result;
}
#endif

/// The search, started from `chain`'s plan when that fits (the search
/// takes the better of it and the greedy's).
static SolveResult solveSearchFrom(const Problem &problem,
                                   const SolverOptions &options,
                                   const std::optional<SolveResult> &chain) {
  std::optional<Plan> start;
  if (chain && chain->feasible)
    start = chain->plan;
  return solveSearch(problem, options, start);
}

/// The better of two results for `problem`: the one that fits, the cheaper
/// (preference-weighted) when both do, the lower reachable peak when
/// neither does; `first` on ties.
static SolveResult cheaper(const Problem &problem, SolveResult first,
                           SolveResult second) {
  if (first.feasible != second.feasible)
    return first.feasible ? std::move(first) : std::move(second);
  if (!first.feasible)
    return second.minReachablePeak < first.minReachablePeak
               ? std::move(second)
               : std::move(first);
  double a = measureAddedCost(problem, first.plan, first.profile).weighted;
  double b = measureAddedCost(problem, second.plan, second.profile).weighted;
  return b < a * (1 - 1e-12) ? std::move(second) : std::move(first);
}

/// `chain`'s result instead of `chosen`'s when it is the better (cheaper);
/// a proven-optimal exact plan is never beaten (the chain's plans are
/// points of the exact model).
static SolveResult preferChain(const Problem &problem, SolveResult chosen,
                               std::optional<SolveResult> chain) {
  if (!chain || (chosen.feasible && chosen.optimal))
    return chosen;
  return cheaper(problem, std::move(chosen), std::move(*chain));
}

/// Auto on `problem` as it is (see solveAutomatically).
static SolveResult solveAutomaticallyAsIs(const Problem &problem,
                                          const SolverOptions &options) {
  auto begin = std::chrono::steady_clock::now();
  SolverOptions timed = options;
  timed.timeLimitSeconds = options.autoTimeLimitSeconds;
  std::optional<SolveResult> chain = solveChainIfApplicable(problem, timed);
  timed.timeLimitSeconds = std::max(
      0.0, options.autoTimeLimitSeconds -
               std::chrono::duration<double>(
                   std::chrono::steady_clock::now() - begin)
                   .count());
  if (isExactSolverAvailable() && problem.size() <= options.autoExactMaxNodes) {
#ifdef REMAT_HAVE_CBC
    // CBC may run its grace past the limit (CbcBackend.h): auto promises
    // to return within its own, so the exact solver gets that much less.
    timed.timeLimitSeconds =
        std::max(0.0, timed.timeLimitSeconds -
                          defaultGraceSeconds(timed.timeLimitSeconds));
#endif
    return preferChain(problem, solveExact(problem, timed), std::move(chain));
  }
  timed.searchMaxRounds = searchRoundsFor(problem, options);
  return preferChain(problem, solveSearchFrom(problem, timed, chain),
                     std::move(chain));
}

/// Auto: the policy alone when there is no budget. Otherwise, within
/// options.autoTimeLimitSeconds: on a chain of layers (without offloading)
/// the chain solver first; then the exact solver on problems small enough
/// for it (when built), else the search, started
/// from the chain's plan when that fits; the cheaper of that and the
/// chain's plan.
static SolveResult solveAutomatically(const Problem &problem,
                                      const SolverOptions &options) {
  if (options.budget == std::numeric_limits<int64_t>::max())
    return solvePolicy(problem, options);
  // With allow-offload, auto's plan without it too, so that allowing
  // offload never costs more: each takes auto's time.
  if (std::optional<Problem> plain = withoutOptionalOffload(problem)) {
    SolveResult without = solveAutomaticallyAsIs(*plain, options);
    SolveResult with = solveAutomaticallyAsIs(problem, options);
    return cheaper(problem, std::move(with), std::move(without));
  }
  return solveAutomaticallyAsIs(problem, options);
}

SolveResult remat::solve(SolverKind kind, const Problem &problem,
                         const SolverOptions &options) {
  if (kind == SolverKind::Auto)
    return solveAutomatically(problem, options);
  switch (kind) {
  case SolverKind::Greedy:
    return solveGreedy(problem, options);
  case SolverKind::Exact:
    return solveExact(problem, options);
  case SolverKind::Chain:
    return solveChain(problem, options);
  case SolverKind::Policy:
    return solvePolicy(problem, options);
  case SolverKind::Search:
    return solveSearchFrom(problem, options,
                           solveChainIfApplicable(problem, options));
  case SolverKind::Auto:
    break;
  }
  return solveGreedy(problem, options);
}
