//===- SolverPropertyTest.cpp - solver properties on random DAGs ----------===//
//
// Properties every solver must have, checked on 1,000 small random DAGs
// for the exact solver and the greedy (5 to 9 nodes, one in forty up to
// 12, so that CBC proves optimality in milliseconds) and 600 more with
// offloading for the greedy, the search and the exact solver (5 to 14
// nodes). They have random sizes, scratch and costs, resident arguments,
// non-recomputable and must-save nodes, keep limits as checkpoint policies
// make them, preferences and outputs; seeds are fixed. Budgets lie around
// each DAG's smallest reachable peak. For each DAG:
//
//  * Every plan replays: verifyPlan, independent of the solvers, accepts it
//    and measures the peak and cost the result reports.
//  * `feasible` means the replayed peak is within the budget, both ways.
//  * Completeness. The exact solver reports feasible at every budget at
//    least its smallest reachable peak L (which it reports proven at budget
//    0) and infeasible below, with L as the smallest. The greedy reports
//    feasible at every budget at least its own smallest peak G and
//    infeasible below; G >= L when its plans do not offload.
//  * Optimality. Where both fit the budget, the exact solver proves its plan
//    optimal and the greedy's costs at least as much. The greedy's
//    recompute-only plans are points of the exact solver's model (each
//    step's recomputations ascending, each node once) with the replay's
//    peak, so this holds by the model itself: a CBC solve of the model alone,
//    without the greedy's plan as cutoff, is never dearer either.
//  * Monotonicity. A smaller budget never yields a larger peak, for the
//    greedy and for the exact solver, nor a smaller cost for the exact
//    solver (the lexicographic optimum: cost, then peak). (The greedy prunes
//    its walk to the budget, so its costs are not monotone.)
//  * Bounds. The cover bound never exceeds the exact optimum, and proves a
//    budget infeasible only below the exact solver's smallest peak. The
//    search (20 rounds) costs at most the greedy's and at least the
//    optimum. On the offloading DAGs, the search (10 rounds) fits where the
//    greedy fits and costs at most as much as the greedy with and without
//    offloading, and the cover bound never exceeds its plan's cost. On
//    every third of them the exact solver, which models offloading, proves
//    its plan optimal there, costs at most as much as the search, and the
//    cover bound never exceeds it.
//
// Costs are compared as the solvers minimize them: weighted by preference
// (WeightedCost.h), the same as the plain added cost without preferences.
//
//===----------------------------------------------------------------------===//

#include "TestGraphs.h"
#include "WeightedCost.h"
#include "remat/Core/Plan.h"
#include "remat/Core/Solvers.h"

#ifdef REMAT_HAVE_CBC
#include "CbcBackend.h"
#include "RematMilp.h"
#endif

#include "gtest/gtest.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

using namespace remat;

namespace {

/// Under AddressSanitizer every eighth DAG: the sanitizer build looks for
/// memory errors, which an eighth of the DAGs reach as well as all of them,
/// and its solves run far slower (every fourth DAG took 190 s on a 2-core
/// VM, most of it in CBC's LU factorization, whose large work arrays are
/// each a fresh mapping under ASan's allocator). A stride, not a prefix, so
/// that DAGs where the search beats the greedy stay in, and the checks that
/// the properties were not tested vacuously still hold.
#ifndef REMAT_PROPERTY_DAG_STRIDE
#define REMAT_PROPERTY_DAG_STRIDE (REMAT_TEST_UNDER_ASAN ? 8 : 1)
#endif
constexpr uint64_t kDagStride = REMAT_PROPERTY_DAG_STRIDE;

/// Random DAGs for the exact solver (no offloading), and for the greedy:
/// the seeds below these, every kDagStride-th.
constexpr uint64_t kExactDags = 1000;
constexpr uint64_t kOffloadingDags = 600;
/// Every how many offloading DAGs the exact solver is checked too.
constexpr uint64_t kExactOffloadingEvery = 3;

/// Draws from std::mt19937_64, whose output the standard fixes (unlike its
/// distributions), so every platform builds the same DAGs.
class Draw {
public:
  explicit Draw(uint64_t seed) : rng(seed) {}
  /// Uniform in [lo, hi] (up to a negligible modulo bias).
  int64_t range(int64_t lo, int64_t hi) {
    return lo +
           static_cast<int64_t>(rng() % static_cast<uint64_t>(hi - lo + 1));
  }
  /// True with probability percent / 100.
  bool chance(int percent) { return range(0, 99) < percent; }

private:
  std::mt19937_64 rng;
};

/// A random DAG of 5 to `maxSize` nodes with random marks and policies.
/// With `offloading`, some nodes may be offloaded and a few must be (a
/// policy that the exact solver refuses).
Problem randomProblem(uint64_t seed, int32_t maxSize, bool offloading) {
  Draw draw(seed);
  Problem p;
  int32_t size = static_cast<int32_t>(draw.range(5, maxSize));
  int32_t residents = static_cast<int32_t>(draw.range(0, 2));
  for (int32_t id = 0; id < size; ++id) {
    Node node;
    node.name = "n" + std::to_string(id);
    node.bytes = draw.range(1, 16);
    if (id < residents) {
      node.resident = true;
      p.addNode(std::move(node));
      continue;
    }
    // Inputs: mostly the last few nodes, sometimes a long skip. A node
    // without inputs is a source (a constant or a random op).
    int32_t numInputs = static_cast<int32_t>(draw.range(id > 0 ? 1 : 0, 3));
    for (int32_t k = 0; k < numInputs && id > 0; ++k) {
      int32_t lo = draw.chance(70) ? std::max(0, id - 3) : 0;
      node.inputs.push_back(static_cast<NodeId>(draw.range(lo, id - 1)));
    }
    node.scratchBytes = draw.chance(20) ? draw.range(1, 8) : 0;
    node.cost = draw.chance(10) ? 0.0 : static_cast<double>(draw.range(1, 20));
    node.recomputable = !draw.chance(10);
    node.mustSave = draw.chance(5);
    if (draw.chance(15))
      node.preference = draw.chance(50) ? Preference::PreferSave
                                        : Preference::PreferRecompute;
    if (offloading && !node.mustSave && draw.chance(30))
      node.offloadable = true;
    p.addNode(std::move(node));
  }
  p.node(size - 1).isOutput = true;
  if (draw.chance(25)) {
    NodeId other = static_cast<NodeId>(draw.range(residents, size - 1));
    p.node(other).isOutput = true;
  }
  // Checkpoint policies: a value not saved for its later uses may serve
  // only the uses up to one of its earlier ones (possibly none). Values that
  // cannot be recomputed must then be offloaded.
  std::vector<std::vector<Step>> uses = p.computeUses();
  for (NodeId id = residents; id < size; ++id) {
    Node &node = p.node(id);
    if (node.mustSave || uses[id].size() < 2 || !draw.chance(15))
      continue;
    bool canCopy = node.recomputable || node.offloadable;
    if (!canCopy)
      continue;
    node.keepLimit =
        draw.chance(20) ? id : uses[id][draw.range(0, uses[id].size() - 2)];
    if (node.offloadable && draw.chance(30))
      node.mustOffload = true;
  }
  return p;
}

/// Relative tolerance of cost comparisons (preference weights are not exact
/// binary fractions).
bool costAtMost(double x, double y) {
  return x <= y + 1e-9 * std::max({1.0, std::fabs(x), std::fabs(y)});
}

/// One solve at one budget.
struct Outcome {
  int64_t budget;
  SolveResult result;
  double weighted = 0;
};

/// Checks what holds for every result: the plan replays independently to
/// the reported peak and cost, and `feasible` says whether that peak is
/// within the budget. Returns the weighted cost of the plan.
double expectReplays(const Problem &p, const SolveResult &result,
                     int64_t budget) {
  Verification v = verifyPlan(p, result.plan);
  EXPECT_TRUE(v.ok()) << v.error << " (" << result.message << ")";
  if (!v.ok())
    return 0;
  EXPECT_EQ(v.profile.peak, result.profile.peak) << result.message;
  double replayed = measureAddedCost(p, result.plan, v.profile).cost;
  EXPECT_TRUE(costAtMost(replayed, result.cost) &&
              costAtMost(result.cost, replayed))
      << result.cost << " reported, " << replayed << " replayed";
  EXPECT_EQ(result.feasible, v.profile.peak <= budget)
      << "peak " << v.profile.peak << ", budget " << budget << ": "
      << result.message;
  return measureAddedCost(p, result.plan, v.profile).weighted;
}

/// A smaller budget never yields a larger peak, nor, with `costs`, a smaller
/// cost. (The greedy's costs are not monotone: it prunes its walk's plan to
/// the budget, and a smaller budget's longer walk can prune to less.)
void expectMonotone(std::vector<Outcome> outcomes, const char *solver,
                    bool costs) {
  std::sort(
      outcomes.begin(), outcomes.end(),
      [](const Outcome &x, const Outcome &y) { return x.budget < y.budget; });
  for (size_t i = 1; i < outcomes.size(); ++i) {
    const Outcome &smaller = outcomes[i - 1], &larger = outcomes[i];
    SCOPED_TRACE(std::string(solver) + ": budgets " +
                 std::to_string(smaller.budget) + " < " +
                 std::to_string(larger.budget));
    EXPECT_LE(smaller.result.profile.peak, larger.result.profile.peak);
    if (costs)
      EXPECT_TRUE(costAtMost(larger.weighted, smaller.weighted))
          << larger.weighted << " > " << smaller.weighted;
  }
}

/// Greedy solves at `budgets` plus its smallest peak G and G - 1; checks
/// replays, feasibility both ways, completeness and monotonicity. Returns
/// the outcomes (budget 0 first, whose plan reaches G).
std::vector<Outcome> checkGreedy(const Problem &p,
                                 std::vector<int64_t> budgets) {
  SolverOptions options;
  options.budget = 0;
  std::vector<Outcome> outcomes;
  SolveResult lowest = solveGreedy(p, options);
  double weighted = expectReplays(p, lowest, 0);
  int64_t smallest = lowest.profile.peak;
  if (!lowest.feasible)
    EXPECT_EQ(lowest.minReachablePeak, smallest);
  outcomes.push_back({0, std::move(lowest), weighted});
  budgets.push_back(smallest);
  budgets.push_back(smallest - 1);
  std::sort(budgets.begin(), budgets.end());
  budgets.erase(std::unique(budgets.begin(), budgets.end()), budgets.end());
  for (int64_t budget : budgets) {
    if (budget <= 0)
      continue;
    options.budget = budget;
    SolveResult result = solveGreedy(p, options);
    double cost = expectReplays(p, result, budget);
    // Complete for its own smallest peak: feasible exactly from G on.
    EXPECT_EQ(result.feasible, budget >= smallest)
        << "greedy at budget " << budget << ", smallest peak " << smallest
        << ": " << result.message;
    if (!result.feasible)
      EXPECT_EQ(result.minReachablePeak, smallest) << result.message;
    outcomes.push_back({budget, std::move(result), cost});
  }
  expectMonotone(outcomes, "greedy", /*costs=*/false);
  return outcomes;
}

/// The search with offloading, from the greedy's `outcomes`: its plans
/// replay, fit (at least) where the greedy's do, cost at most as much, and the cover
/// bound (valid for offloading plans too) never exceeds them. With
/// `checkExact`, the exact solver too (counting in `exactCheaper` where it
/// beats the search). Returns how often the search was cheaper.
int64_t checkSearchWithOffloading(const Problem &p,
                                  const std::vector<Outcome> &outcomes,
                                  bool checkExact, int64_t &exactCheaper) {
  int64_t cheaper = 0;
  for (const Outcome &greedy : outcomes) {
    SolverOptions options;
    options.budget = greedy.budget;
    options.searchMaxRounds = 10;
    options.timeLimitSeconds = 60;
    SolveResult search = solveSearch(p, options);
    double cost = expectReplays(p, search, greedy.budget);
    EXPECT_TRUE(search.feasible || !greedy.result.feasible)
        << "budget " << greedy.budget << ": " << search.message;
    if (!search.feasible || !greedy.result.feasible)
      continue;
    EXPECT_TRUE(costAtMost(cost, greedy.weighted))
        << "the search's plan costs " << cost << ", the greedy's "
        << greedy.weighted;
    cheaper += cost < greedy.weighted * (1 - 1e-9);
    // Allowing offload never costs more than the recompute-only greedy.
    Problem recomputeOnly = p;
    for (NodeId id = 0; id < recomputeOnly.size(); ++id)
      if (!recomputeOnly.node(id).mustOffload)
        recomputeOnly.node(id).offloadable = false;
    SolveResult plain = solveGreedy(recomputeOnly, options);
    if (plain.feasible) {
      Verification v = verifyPlan(p, plain.plan);
      EXPECT_TRUE(v.ok()) << v.error;
      if (!v.ok())
        continue;
      double plainCost = measureAddedCost(p, plain.plan, v.profile).weighted;
      EXPECT_TRUE(costAtMost(cost, plainCost))
          << "with offload " << cost << ", recompute-only " << plainCost;
    }
    CostLowerBound bound = lowerBoundCost(p, greedy.budget, 1.0, cost);
    EXPECT_FALSE(bound.infeasible) << bound.method;
    EXPECT_TRUE(costAtMost(bound.weighted, cost))
        << "bound " << bound.weighted << " (" << bound.method
        << ") above a plan of cost " << cost;
#ifdef REMAT_HAVE_CBC
    // The exact solver, which models offloading: proven optimal, no dearer
    // than the search, and the cover bound never above its optimum.
    if (checkExact) {
      SolveResult exact = solveExact(p, options);
      double exactCost = expectReplays(p, exact, greedy.budget);
      EXPECT_TRUE(exact.feasible && exact.optimal) << exact.message;
      if (!exact.feasible)
        continue;
      EXPECT_TRUE(costAtMost(exactCost, cost))
          << "the exact solver's plan costs " << exactCost
          << ", the search's " << cost;
      EXPECT_TRUE(costAtMost(bound.weighted, exactCost))
          << "bound " << bound.weighted << " above the optimum " << exactCost;
      exactCheaper += exactCost < cost * (1 - 1e-9);
    }
#endif
  }
  return cheaper;
}

TEST(SolverPropertyTest, GreedyWithOffloadingOnRandomDags) {
  int64_t searchCheaper = 0, exactCheaper = 0;
  for (uint64_t seed = 0; seed < kOffloadingDags; seed += kDagStride) {
    SCOPED_TRACE("offloading seed " + std::to_string(seed));
    Problem p = randomProblem(seed, /*maxSize=*/14, /*offloading=*/true);
    ASSERT_FALSE(p.check().has_value()) << *p.check();
    SolveResult policy = solvePolicy(p, SolverOptions());
    expectReplays(p, policy, SolverOptions().budget);
    int64_t upper = std::max(policy.profile.peak, unconstrainedProfile(p).peak);
    std::vector<int64_t> budgets;
    for (int i = 0; i <= 4; ++i)
      budgets.push_back(upper * i / 4);
    searchCheaper += checkSearchWithOffloading(
        p, checkGreedy(p, budgets), seed % kExactOffloadingEvery == 0,
        exactCheaper);
    if (HasFailure())
      return; // One failing DAG is enough to read.
  }
  // Not vacuous: the search improves on the greedy somewhere.
  EXPECT_GT(searchCheaper, 0);
  std::printf("offloading DAGs: the search cheaper than the greedy at %lld "
              "budgets, the exact solver cheaper than the search at %lld\n",
              static_cast<long long>(searchCheaper),
              static_cast<long long>(exactCheaper));
}

#ifdef REMAT_HAVE_CBC

/// The exact solver with a time limit these DAGs never reach: every result
/// must be proven.
SolveResult exact(const Problem &p, int64_t budget) {
  SolverOptions options;
  options.budget = budget;
  options.timeLimitSeconds = 60;
  return solveExact(p, options);
}

/// The greedy's recompute-only plans are points of the exact solver's model
/// with the replay's peak, and the model alone (no greedy plan as cutoff)
/// finds a plan at most as costly as the greedy's within `budget`.
void expectGreedyPlanInModel(const Problem &p, const RematMilp &milp,
                             const Outcome &greedy, bool solveModel) {
  std::string why;
  std::optional<std::vector<double>> point =
      milp.pointForPlan(greedy.result.plan, &why);
  ASSERT_TRUE(point.has_value()) << "greedy plan at budget " << greedy.budget
                                 << " is not a point of the model: " << why;
  EXPECT_EQ(milp.peakBytes(*point), greedy.result.profile.peak);
  if (!solveModel)
    return;
  MilpOptions options;
  options.timeLimitSeconds = 60;
  MilpResult solved = solveWithCbc(milp.minCostProgram(greedy.budget), options);
  ASSERT_EQ(solved.status, MilpStatus::Optimal) << solved.summary;
  Plan plan = milp.planForPoint(solved.values);
  Verification v = verifyPlan(p, plan);
  ASSERT_TRUE(v.ok()) << v.error;
  EXPECT_LE(v.profile.peak, greedy.budget);
  double optimum = measureAddedCost(p, plan, v.profile).weighted;
  EXPECT_TRUE(costAtMost(optimum, greedy.weighted))
      << "the model's optimum costs " << optimum << ", the greedy's plan "
      << greedy.weighted;
}

/// What checkExactAndGreedy saw, to show the checks were not vacuous.
struct Tally {
  int64_t exactSolves = 0;
  int64_t provenOptimal = 0;
  int64_t comparisons = 0;
  int64_t greedyDearer = 0;
  int64_t boundProvedInfeasible = 0;
  int64_t searchBeatsGreedy = 0;
};

/// Every property on the DAG of `seed`. The exact solver runs at budget 0
/// (which reports L), at a random budget between L and the policy plan's
/// peak, and at one of L, L - 1 and a second random budget in turn; the
/// greedy at L - 1, L, the first random budget, the policy plan's peak, its
/// own smallest peak G and G - 1.
void checkExactAndGreedy(uint64_t seed, Tally &tally) {
  // Mostly small, for time: CBC takes milliseconds on 9 nodes and a tenth
  // of a second on 12.
  Problem p = randomProblem(seed, /*maxSize=*/seed % 40 == 0 ? 12 : 9,
                            /*offloading=*/false);
  ASSERT_FALSE(p.check().has_value()) << *p.check();
  RematMilp milp(p);

  // The exact solver's smallest reachable peak L, and the largest budget
  // that matters: the policy plan's peak (keeping all that policies allow).
  SolveResult smallest = exact(p, 0);
  expectReplays(p, smallest, 0);
  ASSERT_FALSE(smallest.feasible);
  int64_t low = smallest.minReachablePeak;
  ASSERT_EQ(low, smallest.profile.peak) << smallest.message;
  ASSERT_NE(smallest.message.find("(proven)"), std::string::npos)
      << smallest.message;
  SolveResult policy = solvePolicy(p, SolverOptions());
  expectReplays(p, policy, SolverOptions().budget);
  int64_t high = std::max(policy.profile.peak, low);
  Draw draw(seed ^ 0x5eed5eed5eedull);
  int64_t between = draw.range(low, high);
  // One more budget for the exact solver in turn, for time: L and L - 1
  // check through the cost phases what budget 0 found through the peak
  // phase.
  std::vector<int64_t> budgets = {between};
  switch (seed % 3) {
  case 0:
    budgets.push_back(low);
    break;
  case 1:
    // Below every step's own memory, L - 1 takes budget 0's path.
    if (low - 1 >= milp.peakLowerBound())
      budgets.push_back(low - 1);
    break;
  case 2:
    // A second budget in the same range: between two feasible budgets the
    // exact solver may find plans of equal cost, where only its second
    // phase keeps the peak monotone.
    budgets.push_back(draw.range(between, high));
    break;
  }

  std::vector<Outcome> exactOutcomes;
  exactOutcomes.push_back(
      {0, smallest,
       measureAddedCost(p, smallest.plan, smallest.profile).weighted});
  for (int64_t budget : budgets) {
    SCOPED_TRACE("exact at budget " + std::to_string(budget));
    SolveResult result = exact(p, budget);
    ++tally.exactSolves;
    double weighted = expectReplays(p, result, budget);
    // Complete: feasible exactly from L on, and proven optimal there.
    EXPECT_EQ(result.feasible, budget >= low) << result.message;
    if (result.feasible) {
      EXPECT_TRUE(result.optimal) << result.message;
      EXPECT_EQ(result.gap, 0.0);
      EXPECT_EQ(result.message.find("not proven"), std::string::npos)
          << result.message;
      tally.provenOptimal += result.optimal;
    } else {
      EXPECT_EQ(result.minReachablePeak, low) << result.message;
    }
    // The cover bound: valid against the optimum, and its infeasibility
    // proofs are right.
    CostLowerBound bound = lowerBoundCost(p, budget, 1.0);
    if (bound.infeasible)
      EXPECT_LT(budget, low) << bound.method;
    else if (result.feasible && result.optimal)
      EXPECT_TRUE(costAtMost(bound.weighted, weighted))
          << "bound " << bound.weighted << " above the optimum " << weighted
          << " (" << bound.method << ")";
    tally.boundProvedInfeasible += bound.infeasible;
    exactOutcomes.push_back({budget, std::move(result), weighted});
  }
  expectMonotone(exactOutcomes, "exact", /*costs=*/true);

  std::vector<Outcome> greedyOutcomes =
      checkGreedy(p, {low - 1, low, between, high});
  // The greedy's lowest peak is one the exact solver can reach too.
  EXPECT_GE(greedyOutcomes.front().result.profile.peak, low);
  for (const Outcome &greedy : greedyOutcomes) {
    SCOPED_TRACE("greedy at budget " + std::to_string(greedy.budget));
    ASSERT_EQ(greedy.result.plan.numOffloads(), 0);
    // The model alone is solved at the random budget of every third DAG.
    expectGreedyPlanInModel(p, milp, greedy,
                            seed % 3 == 0 && greedy.result.feasible &&
                                greedy.budget == between);
    if (!greedy.result.feasible)
      continue;
    for (const Outcome &optimum : exactOutcomes) {
      if (optimum.budget != greedy.budget)
        continue;
      ASSERT_TRUE(optimum.result.feasible) << optimum.result.message;
      EXPECT_TRUE(costAtMost(optimum.weighted, greedy.weighted))
          << "exact " << optimum.weighted << ", greedy " << greedy.weighted;
      ++tally.comparisons;
      tally.greedyDearer += !costAtMost(greedy.weighted, optimum.weighted);
      // The search sits between them.
      SolverOptions options;
      options.budget = greedy.budget;
      options.searchMaxRounds = 20;
      options.timeLimitSeconds = 60;
      options.searchSeed = seed;
      SolveResult search = solveSearch(p, options);
      double searched = expectReplays(p, search, greedy.budget);
      ASSERT_TRUE(search.feasible) << search.message;
      EXPECT_TRUE(costAtMost(searched, greedy.weighted))
          << "search " << searched << ", greedy " << greedy.weighted;
      EXPECT_TRUE(costAtMost(optimum.weighted, searched))
          << "exact " << optimum.weighted << ", search " << searched;
      EXPECT_TRUE(costAtMost(search.lowerBound, optimum.weighted))
          << "search's bound " << search.lowerBound << ", exact "
          << optimum.weighted;
      tally.searchBeatsGreedy += !costAtMost(greedy.weighted, searched);
    }
  }
}

TEST(SolverPropertyTest, ExactAndGreedyOnRandomDags) {
  Tally tally;
  for (uint64_t seed = 0; seed < kExactDags; seed += kDagStride) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    checkExactAndGreedy(seed, tally);
    if (HasFailure())
      return; // One failing DAG is enough to read.
  }
  // The properties were not checked vacuously: most budgets are feasible
  // and proven, the solvers are compared often, and the greedy is
  // sometimes beaten. (The search rarely beats it on DAGs this small: the
  // greedy polishes its plan with rounds of the search's own kind. That the
  // search improves on the greedy is SearchSolverTest's to show.)
  EXPECT_GT(tally.provenOptimal, tally.exactSolves / 2);
  EXPECT_GT(tally.comparisons, static_cast<int64_t>(kExactDags / kDagStride));
  EXPECT_GT(tally.greedyDearer, 0);
  EXPECT_GT(tally.boundProvedInfeasible, 0);
  std::printf("random DAGs: the exact solver cheaper than the greedy at %lld "
              "of %lld budgets, the search at %lld\n",
              static_cast<long long>(tally.greedyDearer),
              static_cast<long long>(tally.comparisons),
              static_cast<long long>(tally.searchBeatsGreedy));
}

#endif // REMAT_HAVE_CBC

} // namespace
