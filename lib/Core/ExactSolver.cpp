//===- ExactSolver.cpp - the MILP solver, by COIN-OR CBC ------------------===//
//
// solveExact: the minimum-cost plan within the budget, from the MILP of
// RematMilp.h (Checkmate's formulation, Jain et al., MLSys 2020, with
// offloading where the problem allows it: host copies and reloads, each
// transfer charged bytes * transferCostPerByte), solved by CBC within the
// time limit.
//
// The cost minimized is the added cost with each recomputation weighted by
// its node's preference (x100 for prefer-save, /100 for prefer-recompute),
// as the greedy weighs its moves (WeightedCost.h); results report the plan's
// unweighted added cost, the same when no node carries a preference.
//
// Phases, all within options.timeLimitSeconds of wall-clock time:
//  1. Minimize the added cost subject to the budget.
//  2. When 1 proved optimality and options.minimizePeakAfterCost: minimize
//     the peak among plans of that cost (the lexicographic optimum).
//  3. When the budget is infeasible: minimize the peak without a budget, to
//     report the smallest budget that can be met, then the cost at that peak.
// Before phase 1, the cover bound (CoverBound.h, valid for every plan) is
// computed: a known plan that meets it is optimal without CBC, and it is
// the reported lower bound whenever it is above CBC's.
// Every phase starts from a plan already known: for phase 1 the greedy's,
// or the search's (solveSearch, with auto's rounds) when that is
// cheaper; the previous phase's after it, the lower of keeping everything and
// the greedy's lowest peak for phase 3 (offloading or not: a known plan need
// not be a point of the model). That plan is the fallback, and its
// objective is CBC's cutoff: CBC looks only for better plans, and when it
// proves there is none the known plan is optimal. A cutoff rather than a MIP
// start (phase 2 gets both): CBC completes a start by solving an LP as large
// as the root's, which on large models costs as much time again.
//
// A solution becomes a plan (the recomputations of R, the offloads and
// reloads of O and L, unread ones dropped),
// which verifyPlan replays; costs and peaks come from the replay, never from
// the MILP's objective. "Optimal" means that no plan the model expresses
// (recomputations in ascending order within a step, each node made at most
// once per step, offloads right after the node's step) is cheaper. The
// greedy's plans are such plans once their offloads move there (which never
// raises their peak), so an optimal plan is never dearer than the greedy's.
//
//===----------------------------------------------------------------------===//

#include "CbcBackend.h"
#include "CoverBound.h"
#include "Deadline.h"
#include "PlanPruning.h"
#include "RematMilp.h"
#include "WeightedCost.h"

#include "remat/Core/Solvers.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>

using namespace remat;

namespace {

/// Models larger than this are refused: building them takes gigabytes and
/// CBC would not solve them in any sensible time.
constexpr int64_t kMaxColumns = 2'000'000;

/// Share of the time limit given to phase 1 when phase 2 may follow. Cost
/// comes first, and phase 2 only runs when phase 1 proves optimality; it
/// gets the rest, with any time phase 1 leaves unused.
constexpr double kCostPhaseShare = 0.85;

/// Most of the time limit the search for a better known plan may take
/// (its rounds are bounded too, and usually end it far sooner).
constexpr double kSearchShare = 0.1;

/// CBC's root LP (which the backend stops at the time limit, leaving no
/// bound from CBC when it does) takes a time that grows about quadratically
/// with the model's nonzeros, and varies with the graph and the budget: on
/// the training-like graphs of the tests about 2e-11 s per nonzero squared
/// (0.4 s at 110k nonzeros, 2 s at 250k, 29 s at 990k), on the generators'
/// transformer, ResNet and random training graphs up to 5e-10 at budgets
/// near the unconstrained peak (34 s at 314k, 65 s at 355k, 218 s at 677k
/// with a 10 s limit; bench/ExactRatio.cpp, a 2-core VM with a load of 4 to
/// 6). This is the harder end, halved for an unloaded machine.
constexpr double kRootLpSecondsPerNonZeroSquared = 2.5e-10;

/// CBC is not run when its root LP alone would take more than this many
/// times the time left: it would spend the limit and prove nothing, where
/// not running it returns the known plan at once.
constexpr double kRootLpOverrun = 2.0;

/// Relative slack of objective comparisons (cutoffs, phase 2's cost bound):
/// CBC's tolerances cannot tell values closer than this apart.
constexpr double kObjectiveSlack = 1e-9;

/// A plan with its replay.
struct ReplayedPlan {
  Plan plan;
  Verification verification;
  /// The added cost (measureAddedCost), what results report.
  double cost = 0;
  /// The preference-weighted added cost, what the solver minimizes.
  double weighted = 0;
  int64_t peak() const { return verification.profile.peak; }
};

/// `plan` replayed, or nullopt when it does not replay.
std::optional<ReplayedPlan> replay(const Problem &problem, Plan plan) {
  Verification verification = verifyPlan(problem, plan);
  if (!verification.ok())
    return std::nullopt;
  AddedCost added = measureAddedCost(problem, plan, verification.profile);
  return ReplayedPlan{std::move(plan), std::move(verification), added.cost,
                      added.weighted};
}

/// A plan's peak in the units of the model's P.
double peakUnits(const Problem &problem, const RematMilp &milp,
                 const ReplayedPlan &plan) {
  return static_cast<double>(plan.peak() - problem.residentBytes()) /
         static_cast<double>(milp.memoryUnit());
}

/// "1.23 s".
std::string formatSeconds(double seconds) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.2f s", seconds);
  return text;
}

/// CBC's status and time, for messages.
std::string describe(const MilpResult &milp) {
  return milp.summary + " (" + formatSeconds(milp.seconds) + ")";
}

/// What one CBC solve that must beat a known plan ended with.
struct Search {
  /// The better of the known plan and CBC's (none when neither exists).
  std::optional<ReplayedPlan> best;
  bool fromMilp = false;
  /// `best` is proven optimal for the program.
  bool proven = false;
  /// CBC's bound on the objective, in the program's units, within
  /// [0, objective of best].
  double bound = 0;
  MilpResult milp;
  /// Anomalies worth reporting (a solution that does not replay, or that
  /// exceeds a limit by the solver's tolerance).
  std::string note;
};

/// Solves `program` for a plan better than `known` (when given). `objective`
/// is a plan's objective in the program's units, from its replay;
/// `admissible` checks the program's limits on the replay.
Search
searchBeyond(const Problem &problem, const RematMilp &milp,
             const LinearProgram &program, std::optional<ReplayedPlan> known,
             const std::function<double(const ReplayedPlan &)> &objective,
             const std::function<bool(const ReplayedPlan &)> &admissible,
             MilpOptions options) {
  Search search;
  search.best = std::move(known);
  bool hadKnown = search.best.has_value();
  if (hadKnown) {
    double value = objective(*search.best);
    options.cutoff = value + kObjectiveSlack * std::max(1.0, std::fabs(value));
  }
  double nonZeros = static_cast<double>(program.numNonZeros());
  double rootSeconds = kRootLpSecondsPerNonZeroSquared * nonZeros * nonZeros;
  if (rootSeconds > kRootLpOverrun * options.timeLimitSeconds) {
    char text[160];
    std::snprintf(text, sizeof(text),
                  "CBC not run: the root LP of the MILP (%.0f nonzeros) "
                  "would take about %.1f s, and %.2f s are left",
                  nonZeros, rootSeconds, options.timeLimitSeconds);
    search.milp.summary = text;
  } else {
    search.milp = solveWithCbc(program, options);
  }

  bool solutionAdmissible = false;
  if (!search.milp.values.empty()) {
    Plan plan = milp.planForPoint(search.milp.values);
    std::optional<ReplayedPlan> found = replay(problem, plan);
    if (!found) {
      search.note = "; internal error: the MILP's plan does not replay (" +
                    verifyPlan(problem, plan).error + ")";
    } else if (!admissible(*found)) {
      search.note = "; the MILP's plan exceeds a limit by the solver's "
                    "numerical tolerance";
    } else {
      solutionAdmissible = true;
      if (!search.best || objective(*found) <= objective(*search.best)) {
        search.best = std::move(found);
        search.fromMilp = true;
      }
    }
  }
  search.proven =
      (search.milp.status == MilpStatus::Optimal && solutionAdmissible) ||
      (search.milp.status == MilpStatus::Infeasible && hadKnown);
  if (search.best) {
    double value = objective(*search.best);
    search.bound = search.proven ? value
                                 : std::clamp(search.milp.bound, 0.0,
                                              std::max(value, 0.0));
  }
  return search;
}

/// The binaries of `plan`'s point, as a MIP start (empty when the model
/// cannot express it).
std::vector<std::pair<int, double>> startFrom(const RematMilp &milp,
                                              const Plan &plan) {
  std::vector<std::pair<int, double>> start;
  std::optional<std::vector<double>> point = milp.pointForPlan(plan, nullptr);
  if (!point)
    return start;
  for (int column : milp.binaryColumns())
    start.push_back({column, (*point)[column] > 0.5 ? 1.0 : 0.0});
  return start;
}

/// `plan` without the recomputations it does not need to stay within its
/// own peak: a cheapest plan may carry useless moves, which cost nothing.
ReplayedPlan withoutUseless(const Problem &problem, ReplayedPlan plan) {
  Plan pruned = plan.plan;
  if (pruneRecomputations(problem, pruned, plan.peak()) == 0)
    return plan;
  std::optional<ReplayedPlan> replayed = replay(problem, std::move(pruned));
  return replayed ? std::move(*replayed) : std::move(plan);
}

/// Makes `replayed` the result's plan, profile and cost.
void adopt(SolveResult &result, ReplayedPlan replayed) {
  result.plan = std::move(replayed.plan);
  result.profile = std::move(replayed.verification.profile);
  result.cost = replayed.cost;
}

/// Phase 3: the smallest peak without a budget, into result.minReachablePeak,
/// and a cheapest plan reaching it, as the best infeasible plan. `greedy` is
/// the greedy's result for this (unreachable) budget, when it has run: its
/// plan is the lowest peak its walk reached.
void reportSmallestPeak(const Problem &problem, const RematMilp &milp,
                        const SolverOptions &options, const Deadline &deadline,
                        std::optional<SolveResult> greedy,
                        SolveResult &result) {
  auto peakObjective = [&](const ReplayedPlan &plan) {
    return peakUnits(problem, milp, plan);
  };
  // The known plan: the lower of keeping everything (unless a keep limit
  // forbids it) and the greedy's lowest peak.
  std::optional<ReplayedPlan> known = replay(problem, Plan::keepAll(problem));
  if (!greedy)
    greedy = solveGreedy(problem, options);
  if (std::optional<ReplayedPlan> walked = replay(problem, greedy->plan))
    if (!known || walked->peak() < known->peak())
      known = std::move(walked);
  MilpOptions smallestOptions;
  smallestOptions.timeLimitSeconds = deadline.remaining();
  Search smallest = searchBeyond(
      problem, milp, milp.minPeakProgram(std::nullopt, std::nullopt),
      std::move(known), peakObjective,
      [](const ReplayedPlan &) { return true; }, smallestOptions);

  std::string text = std::string("infeasible: no ") +
                     (milp.offloads() ? "plan, recomputing or offloading,"
                                      : "recompute-only plan") +
                     " has a peak within " + std::to_string(options.budget) +
                     " bytes";
  if (!smallest.best) {
    result.message = text + "; no plan found within the time limit [" +
                     describe(smallest.milp) + "]" + smallest.note;
    return;
  }
  int64_t peak = smallest.best->peak();
  text += "; the smallest reachable peak is " + std::to_string(peak) + " bytes";
  if (smallest.proven) {
    text += " (proven)";
  } else {
    // Peaks are whole bytes; the slack absorbs the bound's rounding.
    double atLeast = smallest.bound * static_cast<double>(milp.memoryUnit());
    atLeast = std::ceil(atLeast - 1e-6 * std::max(1.0, atLeast));
    text += " (best found; at least " +
            std::to_string(
                std::max(milp.peakLowerBound(), static_cast<int64_t>(atLeast) +
                                                    problem.residentBytes())) +
            " bytes)";
  }
  text += " [" + describe(smallest.milp) + "]" + smallest.note;

  // Of the plans that reach that peak, report a cheapest one: minimizing the
  // peak alone may recompute needlessly.
  std::optional<ReplayedPlan> best = std::move(smallest.best);
  if (best->weighted > 0) {
    MilpOptions cheapOptions;
    cheapOptions.timeLimitSeconds = deadline.remaining();
    Search cheapest = searchBeyond(
        problem, milp, milp.minCostProgram(peak), std::move(best),
        [&](const ReplayedPlan &plan) {
          return plan.weighted / milp.costScale() + milp.objectiveOffset();
        },
        [&](const ReplayedPlan &plan) { return plan.peak() <= peak; },
        cheapOptions);
    best = std::move(cheapest.best);
  }
  best = withoutUseless(problem, std::move(*best));
  result.minReachablePeak = best->peak();
  result.minPeakProfile = best->verification.profile;
  result.plan = std::move(best->plan);
  result.profile = std::move(best->verification.profile);
  result.cost = best->cost;
  result.message = text;
}

} // namespace

SolveResult remat::solveExact(const Problem &problem,
                              const SolverOptions &options) {
  Deadline deadline(options.timeLimitSeconds);
  SolveResult result;
  result.solver = SolverKind::Exact;
  if (std::optional<std::string> error = problem.check()) {
    result.message = "invalid problem: " + *error;
    return result;
  }
  int64_t columns = RematMilp::estimateColumns(problem);
  if (columns > kMaxColumns) {
    result.message = "the problem is too large for the exact solver (its "
                     "model would have about " +
                     std::to_string(columns) + " variables, at most " +
                     std::to_string(kMaxColumns) +
                     " are allowed); use the greedy solver";
    return result;
  }

  // The known plan of phase 1: the greedy's, when it fits; or keeping
  // everything, when it fits. With optional offloads (allow-offload), the
  // cheaper of the greedy's plans with and without them: its walk with
  // offloads can be the dearer, and when CBC cannot improve on the known
  // plan, allowing offload must not cost more.
  std::optional<ReplayedPlan> keepAll = replay(problem, Plan::keepAll(problem));
  bool keepAllFits = keepAll && keepAll->peak() <= options.budget;
  std::optional<ReplayedPlan> known;
  // What the known plan is, for the message when CBC finds none better.
  const char *knownName = "the greedy's plan";
  SolveResult greedy = solveGreedy(problem, options);
  if (greedy.feasible)
    known = replay(problem, greedy.plan);
  if (std::optional<Problem> plain = withoutOptionalOffload(problem)) {
    SolveResult recomputing = solveGreedy(*plain, options);
    if (recomputing.feasible)
      if (std::optional<ReplayedPlan> other =
              replay(problem, recomputing.plan))
        if (!known || other->weighted < known->weighted)
          known = std::move(other);
  }
  if (known && known->peak() > options.budget)
    known.reset();
  // The search's plan, when it is cheaper: the fallback when CBC improves
  // on nothing (beyond about 60 nodes it rarely improves on the greedy's
  // plan within its limit, where the search often does), and a lower
  // cutoff for CBC. Bounded by auto's rounds, so that it depends on the
  // clock only on a slow machine; run before the model is built, which on
  // large graphs takes seconds.
  if (known && known->weighted > 0 && !keepAllFits) {
    SolverOptions searchOptions = options;
    searchOptions.timeLimitSeconds = kSearchShare * deadline.remaining();
    searchOptions.searchMaxRounds = searchRoundsFor(problem, options);
    SolveResult searched = solveSearch(problem, searchOptions);
    if (searched.feasible)
      if (std::optional<ReplayedPlan> improved =
              replay(problem, std::move(searched.plan)))
        if (improved->peak() <= options.budget &&
            improved->weighted < known->weighted * (1 - kObjectiveSlack)) {
          known = std::move(improved);
          knownName = "the search's plan";
        }
  }

  RematMilp milp(problem);
  const LinearProgram &base = milp.baseProgram();
  bool freeRecomputation =
      std::any_of(milp.binaryColumns().begin(), milp.binaryColumns().end(),
                  [&](int column) { return base.objective(column) == 0; });

  // Keeping everything costs nothing: when it fits it is optimal, and the
  // only plan of that cost unless some recomputation is free.
  if (keepAllFits && (!freeRecomputation || !options.minimizePeakAfterCost)) {
    adopt(result, std::move(*keepAll));
    result.feasible = true;
    result.optimal = true;
    // The only plan of cost 0 unless some recomputation is free.
    result.peakMinimized = !freeRecomputation;
    result.message = "optimal: keeping every value fits in the budget";
    return result;
  }
  if (options.budget < milp.peakLowerBound()) {
    reportSmallestPeak(problem, milp, options, deadline, std::move(greedy),
                       result);
    return result;
  }
  if (keepAllFits) {
    known = std::move(keepAll);
    knownName = "keeping everything";
  }

  // Phase 1: the cheapest plan within the budget.
  // The cost program's objective at a plan: its weighted added cost plus
  // the model's constant (RematMilp::objectiveOffset).
  auto costUnits = [&](const ReplayedPlan &plan) {
    return plan.weighted / milp.costScale() + milp.objectiveOffset();
  };
  auto withinBudget = [&](const ReplayedPlan &plan) {
    return plan.peak() <= options.budget;
  };
  // The cover bound (CoverBound.h) holds for every plan, and where a few
  // large values make the cost it is often far above CBC's bound within
  // the time limit (the LP relaxation lets recomputation chains run in
  // fractions): a known plan that meets it is optimal without CBC, and
  // otherwise it is the bound when it is the higher.
  CostLowerBound cover;
  if (known)
    cover = coverLowerBound(problem, options.budget,
                            coverBoundSeconds(deadline.remaining()),
                            known->weighted);
  // The cover bound understates CBC's optimum of its covering program by
  // up to 1e-9 of it plus 1e-9 of its largest cost (CoverBound.cpp), which
  // the model's largest cost bounds: a plan within ten times that meets it.
  auto meetsCover = [&](double weighted) {
    return weighted <=
           cover.weighted + 1e-8 * (cover.weighted + milp.costScale());
  };
  Search cheapest;
  if (known && meetsCover(known->weighted)) {
    cheapest.best = std::move(known);
    cheapest.proven = true;
    cheapest.milp.summary =
        "CBC not run: the known plan meets the " + cover.method;
  } else {
    MilpOptions costOptions;
    costOptions.timeLimitSeconds =
        deadline.remaining() *
        (options.minimizePeakAfterCost ? kCostPhaseShare : 1.0);
    cheapest =
        searchBeyond(problem, milp, milp.minCostProgram(options.budget),
                     std::move(known), costUnits, withinBudget, costOptions);
    if (cheapest.best && !cheapest.proven &&
        meetsCover(cheapest.best->weighted)) {
      cheapest.proven = true;
      cheapest.milp.summary += "; optimal by the " + cover.method;
    }
  }
  if (!cheapest.best) {
    if (cheapest.milp.status == MilpStatus::Infeasible) {
      reportSmallestPeak(problem, milp, options, deadline, std::move(greedy),
                         result);
      return result;
    }
    result.message = "no plan within " + std::to_string(options.budget) +
                     " bytes found within the time limit, and none proven "
                     "impossible [" +
                     describe(cheapest.milp) + "]" + cheapest.note;
    // The greedy's lowest peak is the best plan known.
    if (std::optional<ReplayedPlan> walked = replay(problem, greedy.plan)) {
      result.minReachablePeak = walked->peak();
      result.minPeakProfile = walked->verification.profile;
      adopt(result, std::move(*walked));
    }
    return result;
  }

  result.optimal = cheapest.proven;
  double incumbent = costUnits(*cheapest.best) - milp.objectiveOffset();
  double cbcBound = std::max(0.0, cheapest.bound - milp.objectiveOffset());
  double coverBound = cover.weighted / milp.costScale();
  double bound = std::max(cbcBound, coverBound);
  result.gap = cheapest.proven || incumbent <= 0
                   ? 0.0
                   : (incumbent - bound) / incumbent;
  result.lowerBound = (cheapest.proven ? incumbent : bound) * milp.costScale();
  result.message = describe(cheapest.milp) + cheapest.note;
  if (!cheapest.proven && coverBound > 0 && coverBound >= cbcBound)
    result.message += "; lower bound: the " + cover.method;
  if (!cheapest.fromMilp)
    result.message += std::string("; ") + knownName +
                      (cheapest.proven ? " is optimal" : " is the best found");

  // Phase 2: the smallest peak among the cheapest plans. Minimizing cost
  // alone leaves the choice among equally cheap plans to the solver, so a
  // larger budget could return a plan with a larger peak than a smaller
  // budget does. The lexicographic optimum (cost, then peak) is monotone:
  // when budgets B1 < B2 have the same optimal cost, both phases minimize
  // the peak over the same plans (the budget does not bind below its
  // optimum); when the cost at B1 is higher, every plan of B2's cost peaks
  // above B1, so B2's peak is the larger.
  std::optional<ReplayedPlan> best = std::move(cheapest.best);
  if (options.minimizePeakAfterCost && cheapest.proven) {
    double maxCost =
        best->weighted +
        kObjectiveSlack * std::max(best->weighted, milp.costScale());
    MilpOptions peakOptions;
    peakOptions.timeLimitSeconds = deadline.remaining();
    // The MIP start gives CBC a point satisfying the tight cost row at once.
    peakOptions.start = startFrom(milp, best->plan);
    Search flattest = searchBeyond(
        problem, milp, milp.minPeakProgram(options.budget, maxCost),
        std::move(best),
        [&](const ReplayedPlan &plan) {
          return peakUnits(problem, milp, plan);
        },
        [&](const ReplayedPlan &plan) {
          return plan.weighted <= maxCost && plan.peak() <= options.budget;
        },
        peakOptions);
    best = std::move(flattest.best);
    result.peakMinimized = flattest.proven;
    result.message += "; peak minimized among the cheapest plans" +
                      std::string(flattest.proven ? "" : " (not proven)") +
                      ": " + describe(flattest.milp) + flattest.note;
  }

  adopt(result, withoutUseless(problem, std::move(*best)));
  result.feasible = true;
  return result;
}
