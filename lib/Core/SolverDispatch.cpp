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

#include <algorithm>
#include <cctype>
#include <limits>

using namespace remat;

std::optional<SolverKind> remat::parseSolverKind(const std::string &text) {
  std::string lower = text;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  for (SolverKind kind : {SolverKind::Greedy, SolverKind::Exact,
                          SolverKind::Chain, SolverKind::Policy,
                          SolverKind::Auto})
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

/// Auto's choice: the policy alone when there is no budget, the exact solver
/// for small problems it can express, else the greedy. The exact solver is
/// recompute-only: a problem where some value must, or may, be offloaded
/// goes to the greedy, which would otherwise ignore the permission.
static SolverKind chooseAutomatically(const Problem &problem,
                                      const SolverOptions &options) {
  if (options.budget == std::numeric_limits<int64_t>::max())
    return SolverKind::Policy;
  if (!isExactSolverAvailable() || problem.size() > options.autoExactMaxNodes)
    return SolverKind::Greedy;
  for (const Node &node : problem.getNodes())
    if (node.mustOffload || node.offloadable)
      return SolverKind::Greedy;
  return SolverKind::Exact;
}

/// Auto on a chain: the chain solver's plan replaces `chosen`'s when it fits
/// and is strictly cheaper (preference-weighted), or fits where `chosen`'s
/// does not. A proven-optimal exact plan is never beaten (the chain's plans
/// are points of the exact model), so the chain solver is not run then; nor
/// with offloading, which auto leaves to the greedy.
static SolveResult preferChain(const Problem &problem,
                               const SolverOptions &options,
                               SolveResult chosen) {
  if (chosen.solver == SolverKind::Policy ||
      (chosen.feasible && chosen.optimal))
    return chosen;
  std::optional<SolveResult> chain = solveChainIfApplicable(problem, options);
  if (!chain || !chain->feasible)
    return chosen;
  if (!chosen.feasible)
    return std::move(*chain);
  double chainCost =
      measureAddedCost(problem, chain->plan, chain->profile).weighted;
  double chosenCost =
      measureAddedCost(problem, chosen.plan, chosen.profile).weighted;
  if (chainCost < chosenCost * (1 - 1e-12))
    return std::move(*chain);
  return chosen;
}

SolveResult remat::solve(SolverKind kind, const Problem &problem,
                         const SolverOptions &options) {
  if (kind == SolverKind::Auto) {
    SolverKind chosen = chooseAutomatically(problem, options);
    return preferChain(problem, options, solve(chosen, problem, options));
  }
  switch (kind) {
  case SolverKind::Greedy:
    return solveGreedy(problem, options);
  case SolverKind::Exact:
    return solveExact(problem, options);
  case SolverKind::Chain:
    return solveChain(problem, options);
  case SolverKind::Policy:
    return solvePolicy(problem, options);
  case SolverKind::Auto:
    break;
  }
  return solveGreedy(problem, options);
}
