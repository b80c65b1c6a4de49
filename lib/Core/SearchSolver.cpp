//===- SearchSolver.cpp - improve a plan within a time limit --------------===//
//
// Large-neighbourhood search with the greedy as its repair (ruin and
// recreate, Schrimpf et al. 2000), from the greedy's plan, its recompute-
// only plan when offloading is allowed, and a given start (the chain
// solver's): the incumbent plan loses the
// recomputations and transfers of a neighbourhood, the greedy walks the
// budget again from what is left, and the walk's plan is pruned
// (PlanPruning.h). A result that is cheaper (preference-weighted added
// cost, moves free), or as cheap with a lower peak, becomes the incumbent.
// Neighbourhoods alternate between
//  * a window of anchors around one of the incumbent's recomputations or
//    reloads (its width drawn between 1 and N/4 steps), which redoes the
//    decisions near one place; every other window also sinks (Sinking.h):
//    each computation in it that the plan does not recompute moves to just
//    before its first reader (a move, free), and pruning then drops the
//    moves the budget does not need. Plans that reorder many computations at
//    once (CBC's, on random training graphs) are out of reach of a walk that
//    moves one value at a time: on random_training/30 at 40% of its
//    reachable range the search went from 2.45x CBC's plan to 1.12x, on
//    random_training/70 at its smallest reachable peak from 1.03e7 to
//    4.1e6 added FLOPs; and
//  * every recomputation and reload of a few nodes drawn among those the
//    plan recomputes or reloads, which lets the walk evict other values
//    instead.
// Nodes with keep limits keep theirs: undoing a copy made after a limit
// can leave a read past it without a copy it may read. A neighbourhood
// whose remains do not replay, or whose walk cannot meet the budget, is
// dropped.
//
// The cover bound (CoverBound.h) gives the proven lower bound, and the
// search stops when the incumbent meets it. It also stops at a local
// optimum: the repair is deterministic, so a ruin tried before gives the
// same result and is not repaired again; once kConvergedRepeats draws in a
// row have found only ruins tried since the last improvement, the rest are
// tried in turn (every node's events alone, and every window from one
// event's step to another's, which covers every distinct window ruin), and
// if none improves the plan, the search ends. Choices come from a seeded
// generator, so a run bounded by rounds rather than time is reproducible.
//
//===----------------------------------------------------------------------===//

#include "CoverBound.h"
#include "GreedySearch.h"
#include "PlanPruning.h"
#include "ResultBuilder.h"
#include "Sinking.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <unordered_set>

using namespace remat;

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// A plan with its replay and cost.
struct Scored {
  Plan plan;
  int64_t peak = 0;
  double weighted = 0;
};

/// `plan` replayed and priced, or nullopt when it does not replay.
std::optional<Scored> score(const Problem &problem, Plan plan) {
  Verification v = verifyPlan(problem, plan);
  if (!v.ok())
    return std::nullopt;
  double weighted = measureAddedCost(problem, plan, v.profile).weighted;
  return Scored{std::move(plan), v.profile.peak, weighted};
}

/// Whether `candidate` is better than `incumbent`.
bool better(const Scored &candidate, const Scored &incumbent) {
  double slack = 1e-9 * std::max(1.0, incumbent.weighted);
  if (candidate.weighted < incumbent.weighted - slack)
    return true;
  return candidate.weighted <= incumbent.weighted + slack &&
         candidate.peak < incumbent.peak;
}

/// "12.5%".
std::string percent(double value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.1f%%", 100 * value);
  return text;
}

/// Whether `plan` costs no more than the proven bound.
bool meets(const Scored &plan, const CostLowerBound &bound) {
  return plan.weighted <=
         bound.weighted + 1e-9 * std::max(1.0, bound.weighted);
}

/// Tallies over every start.
struct Stats {
  int64_t rounds = 0, accepted = 0, dropped = 0, repeated = 0;
  /// Whether the last improvement stopped at a local optimum.
  bool converged = false;
  double nextReport = 1.0;
};

/// Draws in a row that find only ruins tried before, after which a start
/// is taken to be a local optimum of the search's neighbourhoods.
constexpr int64_t kConvergedRepeats = 1000;

/// A hash of `plan`'s recomputations and reloads, by step.
uint64_t hashEvents(const Plan &plan) {
  uint64_t h = 0xcbf29ce484222325ull;
  auto mix = [&](uint64_t v) {
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  };
  for (const auto *lists : {&plan.recomputeBefore, &plan.reloadBefore}) {
    for (size_t s = 0; s < lists->size(); ++s) {
      if ((*lists)[s].empty())
        continue;
      mix(s);
      for (NodeId id : (*lists)[s])
        mix(static_cast<uint64_t>(id) + 1);
    }
    mix(~uint64_t(0));
  }
  return h;
}

/// A plan's events: where it recomputes or reloads, and what
/// (recomputations first).
std::vector<std::pair<Step, NodeId>> eventsOf(const Plan &plan) {
  std::vector<std::pair<Step, NodeId>> events;
  for (size_t s = 0; s < plan.recomputeBefore.size(); ++s)
    for (NodeId id : plan.recomputeBefore[s])
      events.push_back({static_cast<Step>(s), id});
  for (size_t s = 0; s < plan.reloadBefore.size(); ++s)
    for (NodeId id : plan.reloadBefore[s])
      events.push_back({static_cast<Step>(s), id});
  return events;
}

/// Ruin and recreate from one start, within its share of rounds and time.
class Improvement {
public:
  /// With `sinkWindows`, every other window ruin also sinks its
  /// computations (drawRuin).
  Improvement(const Problem &problem, const SolverOptions &options,
              Scored start, const CostLowerBound &bound, int64_t maxRounds,
              double seconds, Clock::time_point begin, Stats &stats,
              bool sinkWindows)
      : problem(problem), options(options), bound(bound), maxRounds(maxRounds),
        seconds(seconds), begin(begin), stats(stats),
        incumbent(std::move(start)), sinkWindows(sinkWindows),
        uses(sinkWindows ? problem.computeUses()
                         : std::vector<std::vector<Step>>()) {}

  /// The incumbent improved until it meets the bound, the rounds or time
  /// run out, or it is a local optimum.
  Scored run(std::mt19937_64 &rng) {
    stats.converged = false;
    int64_t repeatsInARow = 0;
    while (!meets(incumbent, bound) && withinLimits()) {
      std::vector<std::pair<Step, NodeId>> events = eventsOf(incumbent.plan);
      if (events.empty())
        break; // nothing to redo: the plan adds nothing
      if (attempt(drawRuin(events, rng)) != Outcome::Repeated) {
        repeatsInARow = 0;
        continue;
      }
      if (++repeatsInARow < kConvergedRepeats)
        continue;
      // The draws have stopped finding new ruins: try the rest in turn.
      std::optional<bool> improved = sweep(events);
      if (!improved)
        break; // the limits ran out
      if (!*improved) {
        stats.converged = true;
        break;
      }
      repeatsInARow = 0;
    }
    return std::move(incumbent);
  }

private:
  enum class Outcome { Repeated, Rejected, Accepted };

  bool withinLimits() const {
    return secondsSince(from) < seconds &&
           (maxRounds == 0 || rounds < maxRounds);
  }

  /// A random neighbourhood of the incumbent, alternately
  ///  * a window of anchors around one of its events (its width drawn
  ///    between 1 and N/4 steps), every other one with its computations
  ///    sunk when `sinkWindows` is set, and
  ///  * every event of a few nodes drawn among those of its events.
  Plan drawRuin(const std::vector<std::pair<Step, NodeId>> &events,
                std::mt19937_64 &rng) {
    std::pair<Step, NodeId> pick = events[rng() % events.size()];
    if (rounds % 2 == 0) {
      int64_t width = 1 + static_cast<int64_t>(
                              rng() % std::max<int64_t>(1, problem.size() / 4));
      Step lo = pick.first - static_cast<Step>(width / 2);
      Plan ruined = window(lo, lo + static_cast<Step>(width));
      if (sinkWindows && rounds % 4 == 0)
        sinkComputations(problem, uses, ruined, lo,
                         lo + static_cast<Step>(width));
      return ruined;
    }
    std::vector<NodeId> nodes{pick.second};
    int extra = static_cast<int>(rng() % 4);
    for (int k = 0; k < extra; ++k)
      nodes.push_back(events[rng() % events.size()].second);
    return withoutEvents(problem, incumbent.plan, [&](Step, NodeId id) {
      return std::find(nodes.begin(), nodes.end(), id) != nodes.end();
    });
  }

  Plan window(Step lo, Step hi) const {
    return withoutEvents(problem, incumbent.plan,
                         [&](Step s, NodeId) { return s >= lo && s <= hi; });
  }

  /// Every window from one event's step to another's and every node's
  /// events on their own, in order, until one improves the incumbent
  /// (true); false when none does, nullopt when the limits run out first.
  std::optional<bool>
  sweep(const std::vector<std::pair<Step, NodeId>> &events) {
    std::vector<Step> steps;
    std::vector<NodeId> nodes;
    for (const auto &[step, node] : events) {
      steps.push_back(step);
      nodes.push_back(node);
    }
    std::sort(steps.begin(), steps.end());
    steps.erase(std::unique(steps.begin(), steps.end()), steps.end());
    std::sort(nodes.begin(), nodes.end());
    nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
    for (NodeId node : nodes) {
      if (!withinLimits())
        return std::nullopt;
      Plan ruined = withoutEvents(problem, incumbent.plan,
                                  [&](Step, NodeId id) { return id == node; });
      if (attempt(std::move(ruined)) == Outcome::Accepted)
        return true;
    }
    for (size_t i = 0; i < steps.size(); ++i)
      for (size_t j = i; j < steps.size(); ++j) {
        if (!withinLimits())
          return std::nullopt;
        if (attempt(window(steps[i], steps[j])) == Outcome::Accepted)
          return true;
      }
    return false;
  }

  /// Repairs `ruined` with the greedy's walk and prunes the result, which
  /// becomes the incumbent when it is better. A ruin tried since the
  /// incumbent last changed is not repaired again: the repair is
  /// deterministic.
  Outcome attempt(Plan ruined) {
    ++rounds;
    ++stats.rounds;
    if (!tried.insert(hashEvents(ruined)).second) {
      ++stats.repeated;
      return Outcome::Repeated;
    }
    Outcome outcome = repair(std::move(ruined));
    report();
    return outcome;
  }

  Outcome repair(Plan ruined) {
    if (!verifyPlan(problem, ruined).ok()) {
      ++stats.dropped;
      return Outcome::Rejected;
    }
    std::optional<Plan> repaired =
        repairWithWalk(problem, problem, options, ruined);
    if (!repaired) {
      ++stats.dropped;
      return Outcome::Rejected;
    }
    std::optional<Scored> candidate = score(problem, std::move(*repaired));
    if (!candidate || candidate->peak > options.budget ||
        !better(*candidate, incumbent))
      return Outcome::Rejected;
    incumbent = std::move(*candidate);
    ++stats.accepted;
    tried.clear();
    return Outcome::Accepted;
  }

  /// The progress line, at most once a second when asked for.
  void report() {
    if (!options.progress || secondsSince(begin) < stats.nextReport)
      return;
    stats.nextReport = secondsSince(begin) + 1.0;
    double gap =
        incumbent.weighted > 0
            ? (incumbent.weighted - bound.weighted) / incumbent.weighted
            : 0.0;
    char text[200];
    std::snprintf(text, sizeof(text),
                  "search: %.1f s, %lld rounds, cost %.6g, bound %.6g, "
                  "gap %s",
                  secondsSince(begin), static_cast<long long>(stats.rounds),
                  incumbent.weighted, bound.weighted, percent(gap).c_str());
    options.progress(text);
  }

  const Problem &problem;
  const SolverOptions &options;
  const CostLowerBound &bound;
  int64_t maxRounds;
  double seconds;
  Clock::time_point begin;
  Clock::time_point from = Clock::now();
  Stats &stats;
  Scored incumbent;
  int64_t rounds = 0;
  /// The ruins tried since the incumbent last changed, by hash.
  std::unordered_set<uint64_t> tried;
  bool sinkWindows;
  /// Problem::computeUses, for sinkComputations (with sinkWindows only).
  std::vector<std::vector<Step>> uses;
};

/// `start` improved by ruin and recreate for at most `maxRounds` rounds (0:
/// no limit) and `seconds`, or until it meets `bound` or is a local
/// optimum.
Scored improve(const Problem &problem, const SolverOptions &options,
               Scored start, const CostLowerBound &bound, std::mt19937_64 &rng,
               int64_t maxRounds, double seconds, Clock::time_point begin,
               Stats &stats, bool sinkWindows) {
  return Improvement(problem, options, std::move(start), bound, maxRounds,
                     seconds, begin, stats, sinkWindows)
      .run(rng);
}

} // namespace

Plan remat::ruinAndRecreate(const Problem &problem,
                            const SolverOptions &options, const Plan &start,
                            int64_t maxRounds, double seconds,
                            bool sinkWindows) {
  std::optional<Scored> scored = score(problem, start);
  if (!scored || scored->peak > options.budget || maxRounds <= 0)
    return start;
  // No bound (nothing is free but a plan that adds nothing) and no progress
  // lines: the caller reports.
  SolverOptions quiet = options;
  quiet.progress = nullptr;
  CostLowerBound none;
  std::mt19937_64 rng(options.searchSeed);
  Stats stats;
  return improve(problem, quiet, std::move(*scored), none, rng, maxRounds,
                 seconds, Clock::now(), stats, sinkWindows)
      .plan;
}

SolveResult remat::solveSearch(const Problem &problem,
                               const SolverOptions &options,
                               const std::optional<Plan> &start) {
  Clock::time_point begin = Clock::now();
  // The starts: the given plan (when it replays within the budget) and the
  // greedy's. A worse start often leads elsewhere, and better.
  std::vector<Scored> starts;
  if (start)
    if (std::optional<Scored> given = score(problem, *start);
        given && given->peak <= options.budget)
      starts.push_back(std::move(*given));
  SolveResult greedy = solveGreedy(problem, options);
  if (greedy.feasible)
    if (std::optional<Scored> walked = score(problem, greedy.plan))
      starts.push_back(std::move(*walked));
  // Where offloading is allowed but not required, the greedy's recompute-
  // only plan too: the walk that may offload can end dearer than the one
  // that may not, and allowing offload must never cost more.
  if (std::optional<Problem> recomputeOnly = withoutOptionalOffload(problem))
    if (SolveResult walked = solveGreedy(*recomputeOnly, options);
        walked.feasible)
      if (std::optional<Scored> scored = score(problem, walked.plan))
        starts.push_back(std::move(*scored));
  if (starts.empty()) {
    greedy.solver = SolverKind::Search;
    return greedy; // the greedy's lowest peak and why
  }
  std::optional<Scored> incumbent;
  for (const Scored &s : starts)
    if (!incumbent || better(s, *incumbent))
      incumbent = s;
  double startCost = incumbent->weighted;
  CostLowerBound bound = coverLowerBound(
      problem, options.budget, coverBoundSeconds(options.timeLimitSeconds),
      incumbent->weighted);

  std::mt19937_64 rng(options.searchSeed);
  Stats stats;
  Clock::time_point deadline =
      begin + std::chrono::duration_cast<Clock::duration>(
                  std::chrono::duration<double>(options.timeLimitSeconds));
  // Each start first gets a quarter of an equal share of the rounds and
  // time; then the one that got furthest gets everything left.
  auto seconds = [&](double fraction) {
    return fraction *
           std::chrono::duration<double>(deadline - Clock::now()).count();
  };
  auto rounds = [&](double fraction) -> int64_t {
    if (options.searchMaxRounds <= 0)
      return 0; // no limit
    return std::max<int64_t>(
        1, static_cast<int64_t>(
               fraction *
               static_cast<double>(options.searchMaxRounds - stats.rounds)));
  };
  std::vector<Scored> probed;
  double probe = 0.25 / static_cast<double>(starts.size());
  for (size_t k = 0; k < starts.size() && !meets(*incumbent, bound); ++k) {
    double fraction =
        starts.size() == 1 ? 1.0 : probe / (1 - probe * static_cast<double>(k));
    probed.push_back(improve(problem, options, std::move(starts[k]), bound, rng,
                             rounds(fraction), seconds(fraction), begin, stats,
                             /*sinkWindows=*/true));
    if (better(probed.back(), *incumbent))
      incumbent = probed.back();
  }
  if (probed.size() > 1 && !meets(*incumbent, bound) &&
      (options.searchMaxRounds <= 0 || stats.rounds < options.searchMaxRounds)) {
    Scored improved = improve(problem, options, *incumbent, bound, rng,
                              rounds(1.0), seconds(1.0), begin, stats,
                              /*sinkWindows=*/true);
    if (better(improved, *incumbent))
      incumbent = std::move(improved);
  }

  std::string error;
  SolveResult result = buildResult(SolverKind::Search, problem, options,
                                   std::move(incumbent->plan), error);
  if (!error.empty()) {
    result.message = "internal error: the search's plan does not replay (" +
                     error + ")";
    return result;
  }
  result.lowerBound = bound.weighted;
  double cost = incumbent->weighted;
  result.optimal = meets(*incumbent, bound);
  result.gap = cost > 0 ? std::max(0.0, (cost - bound.weighted) / cost) : 0.0;
  // How the search ended: at the bound, at a local optimum (the last
  // improvement's neighbourhoods spent), or at the time or round limit.
  const char *ended = result.optimal    ? "at the bound"
                      : stats.converged ? "at a local optimum"
                                        : "at its limit";
  char text[400];
  std::snprintf(text, sizeof(text),
                "search: %lld rounds in %.2f s, stopped %s (%lld improved, "
                "%lld dropped, %lld repeated); cost %.6g from %.6g; proven "
                "lower bound %.6g (%s), gap %s",
                static_cast<long long>(stats.rounds), secondsSince(begin),
                ended, static_cast<long long>(stats.accepted),
                static_cast<long long>(stats.dropped),
                static_cast<long long>(stats.repeated), cost, startCost,
                bound.weighted, bound.method.c_str(),
                percent(result.gap).c_str());
  result.message = text;
  return result;
}

int64_t remat::searchRoundsFor(const Problem &problem,
                               const SolverOptions &options) {
  if (options.autoSearchRounds >= 0)
    return options.autoSearchRounds;
  // About a second of rounds on the machines of docs/performance.md: a
  // round walks and prunes the whole schedule, about a microsecond a node
  // or edge.
  constexpr int64_t kAutoSearchWork = 400'000;
  int64_t size = problem.size();
  for (const Node &node : problem.getNodes())
    size += static_cast<int64_t>(node.inputs.size());
  return std::clamp<int64_t>(kAutoSearchWork / std::max<int64_t>(size, 1), 4,
                             2000);
}

std::optional<Problem> remat::withoutOptionalOffload(const Problem &problem) {
  bool optional = false;
  for (const Node &node : problem.getNodes())
    optional |= node.offloadable && !node.mustOffload;
  if (!optional)
    return std::nullopt;
  Problem result = problem;
  for (NodeId id = 0; id < result.size(); ++id)
    if (!result.node(id).mustOffload)
      result.node(id).offloadable = false;
  return result;
}
