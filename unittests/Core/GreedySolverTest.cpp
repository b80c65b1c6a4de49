//===- GreedySolverTest.cpp - the cost-aware greedy -----------------------===//
//
// Hand-computed cases for the choices the greedy must make (cost-awareness,
// marks, offloading, chains), the properties its design promises (monotone
// in the budget, deterministic, plans that replay), and a check that its
// incremental bookkeeping agrees with verifyPlan after every move.
//
//===----------------------------------------------------------------------===//

#include "GreedySearch.h"
#include "Sinking.h"
#include "remat/Core/Generators.h"
#include "remat/Core/Solvers.h"

#include "TestGraphs.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <functional>
#include <random>

using namespace remat;
using namespace remat::test;

namespace {

/// The budget sweeps' step, in percent of the unconstrained peak: coarser
/// under a sanitizer, where the greedy's polish (hundreds of walks a solve
/// below the walks' lowest peak) made these tests take minutes.
constexpr int kBudgetStepPercent = REMAT_TEST_UNDER_ASAN ? 10 : 5;

/// Whether `id` is recomputed anywhere in `plan`.
bool recomputes(const Plan &plan, NodeId id) {
  for (const auto &list : plan.recomputeBefore)
    if (std::find(list.begin(), list.end(), id) != list.end())
      return true;
  return false;
}

/// Replays `result.plan` and checks the result agrees with the replay.
void expectReplays(const Problem &p, const SolveResult &result,
                   const SolverOptions &options) {
  Verification v = verifyPlan(p, result.plan);
  ASSERT_TRUE(v.ok()) << v.error;
  EXPECT_EQ(v.profile.peak, result.profile.peak);
  EXPECT_DOUBLE_EQ(measureAddedCost(p, result.plan, v.profile).cost,
                   result.cost);
  EXPECT_EQ(result.feasible, result.profile.peak <= options.budget);
}

/// The PyTorch classic, value and gradient of cos(cos(cos(cos(x)))):
///   a1..a4 = cos chain from x; g3 reads a3; g2 reads g3, a2; g1 reads g2,
///   a1; gx reads g1, x. Outputs a4 and gx. 100 bytes and cost 1 each.
/// Keeping everything peaks at 600 (at g3 and g2).
Problem cosChain() {
  Problem p;
  p.addNode(argument("x", 100));       // 0
  p.addNode(computed("a1", 100, {0})); // 1
  p.addNode(computed("a2", 100, {1})); // 2
  p.addNode(computed("a3", 100, {2})); // 3
  Node a4 = computed("a4", 100, {3});  // 4
  a4.isOutput = true;
  p.addNode(a4);
  p.addNode(computed("g3", 100, {3}));    // 5
  p.addNode(computed("g2", 100, {5, 2})); // 6
  p.addNode(computed("g1", 100, {6, 1})); // 7
  Node gx = computed("gx", 100, {7, 0});  // 8
  gx.isOutput = true;
  p.addNode(gx);
  return p;
}

TEST(GreedySolverTest, UnboundedBudgetKeepsEverything) {
  Problem p = cosChain();
  SolverOptions options;
  SolveResult r = solveGreedy(p, options);
  ASSERT_TRUE(r.feasible) << r.message;
  EXPECT_EQ(r.solver, SolverKind::Greedy);
  EXPECT_EQ(r.plan.numRecomputations(), 0);
  EXPECT_EQ(r.profile.peak, 600);
  expectReplays(p, r, options);
}

TEST(GreedySolverTest, CosChainAtTheTightestBudget) {
  // 400 is the floor: g2 reads g3 and a2 while x is resident. Saving only x
  // and recomputing every cos from it reaches it at cost 7 (a1, a2 before
  // g2; a1 before g1; a1..a4 before the return). The greedy finds a cost-3
  // plan at the same peak: the a1 recomputed for g1 is kept to start the
  // chain that recomputes the output a4 before the return, and a2 is kept
  // until g2. Nothing reads the original a4 then: a4' computes it later, a
  // move, which costs nothing.
  //   a1 a2 a3 a4 g3 g2 | a1' g1 gx | a2' a3' a4' return
  //   200 300 300 400 400 400 | 300 400 400 | 400 400 400 300
  Problem p = cosChain();
  SolverOptions options;
  options.budget = 400;
  SolveResult r = solveGreedy(p, options);
  ASSERT_TRUE(r.feasible) << r.message;
  expectReplays(p, r, options);
  EXPECT_EQ(r.profile.peak, 400);
  EXPECT_DOUBLE_EQ(r.cost, 3);
  EXPECT_EQ(r.plan.recomputeBefore[7], std::vector<NodeId>{1});
  EXPECT_EQ(r.plan.recomputeBefore[9], (std::vector<NodeId>{2, 3, 4}));
  EXPECT_EQ(r.profile.live,
            (std::vector<int64_t>{200, 300, 300, 400, 400, 400, 300, 400, 400,
                                  400, 400, 400, 300}));
  // One byte less is out of reach.
  options.budget = 399;
  SolveResult tight = solveGreedy(p, options);
  EXPECT_FALSE(tight.feasible);
  EXPECT_EQ(tight.minReachablePeak, 400);
}

/// A cheap broadcast (1000 bytes, cost 1) and a costly matmul (1200 bytes,
/// cost 1000) are both made early, read at once and read again late; the
/// peak is in between.
///   s1 bcast: 1010  s2 mm: 2210  s3 mid1 = h(bcast, mm): 2710
///   s4 mid2: 3210 (peak)  s5 u1 = f(bcast, mid2)  s6 u2 = g(mm, u1), output.
/// Recomputing bcast (cost 1) brings the peak to 2720; recomputing the
/// larger mm (cost 1000) to 2710. A bytes-only metric (XLA's) evicts mm.
/// (Without mid1's reads, evicting either would only compute it later, a
/// move that costs nothing.)
Problem broadcastAndMatmul() {
  Problem p;
  p.addNode(argument("p", 10));                 // 0
  p.addNode(computed("bcast", 1000, {0}, 1));   // 1
  p.addNode(computed("mm", 1200, {0}, 1000));   // 2
  p.addNode(computed("mid1", 500, {1, 2}, 1));  // 3
  p.addNode(computed("mid2", 500, {3}, 1));   // 4
  p.addNode(computed("u1", 10, {1, 4}, 1));   // 5
  Node u2 = computed("u2", 10, {2, 5}, 1);    // 6
  u2.isOutput = true;
  p.addNode(u2);
  return p;
}

TEST(GreedySolverTest, RecomputesTheCheapValueNotTheLargestOne) {
  Problem p = broadcastAndMatmul();
  SolverOptions options;
  options.budget = 2800;
  // Evicting the largest value (what a bytes-only metric picks) also fits
  // the budget, at 1000 times the cost: the choice matters.
  Plan bytesOnly = Plan::keepAll(p);
  bytesOnly.recomputeBefore[6] = {2};
  Verification v = verifyPlan(p, bytesOnly);
  ASSERT_TRUE(v.ok()) << v.error;
  EXPECT_LE(v.profile.peak, options.budget);
  EXPECT_DOUBLE_EQ(measureAddedCost(p, bytesOnly, v.profile).cost, 1000);

  SolveResult r = solveGreedy(p, options);
  ASSERT_TRUE(r.feasible) << r.message;
  expectReplays(p, r, options);
  EXPECT_TRUE(recomputes(r.plan, 1));
  EXPECT_FALSE(recomputes(r.plan, 2));
  EXPECT_DOUBLE_EQ(r.cost, 1);
  EXPECT_EQ(r.profile.peak, 2720);
}

TEST(GreedySolverTest, NonRecomputableNodeIsNeverRecomputed) {
  Problem p = broadcastAndMatmul();
  p.node(1).recomputable = false; // bcast is a random op
  SolverOptions options;
  options.budget = 2800;
  SolveResult r = solveGreedy(p, options);
  ASSERT_TRUE(r.feasible) << r.message;
  expectReplays(p, r, options);
  EXPECT_FALSE(recomputes(r.plan, 1));
  EXPECT_TRUE(recomputes(r.plan, 2));
}

TEST(GreedySolverTest, MustSaveIsNeverEvicted) {
  Problem p = broadcastAndMatmul();
  p.node(1).mustSave = true;
  p.node(1).offloadable = true;
  SolverOptions options;
  options.budget = 2800;
  SolveResult r = solveGreedy(p, options);
  ASSERT_TRUE(r.feasible) << r.message;
  EXPECT_FALSE(recomputes(r.plan, 1));
  EXPECT_EQ(r.plan.numOffloads(), 0);
}

TEST(GreedySolverTest, PreferSaveSteersTheChoice) {
  Problem p = broadcastAndMatmul();
  p.node(2).cost = 1; // Now mm is the better eviction (more bytes, same cost).
  SolverOptions options;
  options.budget = 2800;
  SolveResult plain = solveGreedy(p, options);
  ASSERT_TRUE(plain.feasible) << plain.message;
  EXPECT_TRUE(recomputes(plain.plan, 2));
  p.node(2).preference = Preference::PreferSave;
  SolveResult biased = solveGreedy(p, options);
  ASSERT_TRUE(biased.feasible) << biased.message;
  EXPECT_FALSE(recomputes(biased.plan, 2));
  EXPECT_TRUE(recomputes(biased.plan, 1));
}

TEST(GreedySolverTest, OffloadsWhenTransferIsCheaperThanRecomputing) {
  Problem p = broadcastAndMatmul();
  p.node(1).recomputable = false;
  p.node(2).offloadable = true;
  p.transferCostPerByte = 0.01; // 2 * 1200 * 0.01 = 24 < 1000
  SolverOptions options;
  options.budget = 2800;
  SolveResult r = solveGreedy(p, options);
  ASSERT_TRUE(r.feasible) << r.message;
  expectReplays(p, r, options);
  EXPECT_FALSE(recomputes(r.plan, 2));
  EXPECT_EQ(r.plan.numOffloads(), 1);
  EXPECT_EQ(r.plan.reloadBefore[6], std::vector<NodeId>{2});
  EXPECT_DOUBLE_EQ(r.cost, 24);

  p.transferCostPerByte = 10; // 24000 > 1000: recompute instead
  SolveResult costly = solveGreedy(p, options);
  ASSERT_TRUE(costly.feasible) << costly.message;
  EXPECT_TRUE(recomputes(costly.plan, 2));
  EXPECT_EQ(costly.plan.numOffloads(), 0);
}

TEST(GreedySolverTest, HonorsKeepLimitAndMustOffload) {
  Problem p = cosChain();
  // a3 may only serve a4 (step 4); it must go to host for g3.
  p.node(3).keepLimit = 4;
  p.node(3).offloadable = true;
  p.node(3).mustOffload = true;
  SolverOptions options;
  options.budget = 400;
  SolveResult r = solveGreedy(p, options);
  ASSERT_TRUE(r.feasible) << r.message;
  expectReplays(p, r, options);
  EXPECT_FALSE(recomputes(r.plan, 3));
  EXPECT_EQ(r.plan.reloadBefore[5], std::vector<NodeId>{3});
  EXPECT_EQ(r.plan.offloadAfter[4], std::vector<NodeId>{3});
}

TEST(GreedySolverTest, InfeasibleBudgetReportsTheLowestPeak) {
  Problem p = cosChain();
  SolverOptions options;
  options.budget = 100;
  SolveResult r = solveGreedy(p, options);
  EXPECT_FALSE(r.feasible);
  expectReplays(p, r, options);
  // No plan beats the largest working set of one original computation.
  int64_t floor = 0;
  for (NodeId id = 0; id < p.size(); ++id) {
    int64_t working = p.residentBytes() + p.node(id).bytes;
    for (NodeId input : p.node(id).inputs)
      if (!p.node(input).resident)
        working += p.node(input).bytes;
    floor = std::max(floor, working);
  }
  EXPECT_GE(r.minReachablePeak, floor);
  EXPECT_EQ(r.minReachablePeak, r.profile.peak);
  EXPECT_EQ(r.minPeakProfile.peak, r.minReachablePeak);
  EXPECT_NE(r.message.find("cannot lower the peak below 400 bytes"),
            std::string::npos)
      << r.message;
  EXPECT_NE(r.message.find("step"), std::string::npos) << r.message;
}

/// Problems of every generator family: a forward DAG and the training
/// steps of TestGraphs.h.
std::vector<Problem> familyProblems() {
  std::vector<Problem> problems = test::trainingFamilies();
  problems.insert(problems.begin(), randomDag(1, 300));
  return problems;
}

/// The walk's plan for `budget` without pruning: where solveGreedy starts
/// pruning from.
Plan walkedPlan(const Problem &p, const SolverOptions &options) {
  GreedySearch search(p, options, buildPolicyPlan(p));
  while (search.peak() > options.budget && search.relieveOnce()) {
  }
  return search.plan();
}

// Peaks are monotone in the budget: a smaller budget never gives a larger
// peak. Costs are not: pruning to a budget can drop more from the longer
// walk a smaller budget takes. When the walk meets the budget, pruning
// never makes its plan dearer, nor its peak exceed the budget.
TEST(GreedySolverTest, MonotoneInTheBudget) {
  for (const Problem &p : familyProblems()) {
    int64_t unconstrained = unconstrainedProfile(p).peak;
    int64_t lastPeak = std::numeric_limits<int64_t>::max();
    bool infeasibleSeen = false;
    for (int percent = 100; percent >= 5; percent -= kBudgetStepPercent) {
      SolverOptions options;
      options.budget = unconstrained * percent / 100;
      SolveResult r = solveGreedy(p, options);
      expectReplays(p, r, options);
      EXPECT_LE(r.profile.peak, lastPeak) << percent << "%";
      Plan walked = walkedPlan(p, options);
      Verification v = verifyPlan(p, walked);
      ASSERT_TRUE(v.ok()) << v.error;
      if (v.profile.peak <= options.budget)
        EXPECT_LE(r.cost, measureAddedCost(p, walked, v.profile).cost)
            << percent << "%";
      // Once infeasible, every smaller budget is too, at the same plan.
      if (infeasibleSeen)
        EXPECT_FALSE(r.feasible) << percent << "%";
      infeasibleSeen |= !r.feasible;
      lastPeak = r.profile.peak;
    }
    EXPECT_LT(lastPeak, unconstrained);
  }
}

TEST(GreedySolverTest, Deterministic) {
  Problem p = randomTrainingGraph(7, 400);
  SolverOptions options;
  options.budget = unconstrainedProfile(p).peak / 2;
  SolveResult first = solveGreedy(p, options);
  SolveResult second = solveGreedy(p, options);
  EXPECT_EQ(first.plan.recomputeBefore, second.plan.recomputeBefore);
  EXPECT_EQ(first.plan.offloadAfter, second.plan.offloadAfter);
  EXPECT_EQ(first.plan.reloadBefore, second.plan.reloadBefore);
  EXPECT_EQ(first.profile.peak, second.profile.peak);
}

/// Marks a random share of nodes with policies so that every code path of
/// the greedy (offloads, reloads in chains, keep limits) is exercised.
Problem withRandomPolicies(Problem p, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::vector<Step>> uses = p.computeUses();
  p.transferCostPerByte = 0.05;
  for (NodeId id = 0; id < p.size(); ++id) {
    Node &node = p.node(id);
    if (node.resident)
      continue;
    switch (rng() % 8) {
    case 0:
      node.offloadable = true;
      break;
    case 1:
      node.recomputable = false;
      node.offloadable = rng() % 2 == 0;
      break;
    case 2:
      node.mustSave = true;
      break;
    case 3:
      if (uses[id].size() >= 2) {
        node.keepLimit = uses[id].front();
        node.offloadable = node.mustOffload = rng() % 2 == 0;
      }
      break;
    case 4:
      node.preference =
          rng() % 2 ? Preference::PreferSave : Preference::PreferRecompute;
      break;
    default:
      break;
    }
  }
  return p;
}

/// Steps the search and compares its incremental peak with a replay.
void expectBookkeepingMatchesReplay(const Problem &p, int maxMoves) {
  ASSERT_FALSE(p.check().has_value()) << *p.check();
  SolverOptions options;
  GreedySearch search(p, options, buildPolicyPlan(p));
  for (int move = 0; move <= maxMoves; ++move) {
    Verification v = verifyPlan(p, search.plan());
    ASSERT_TRUE(v.ok()) << "after " << move << " moves: " << v.error;
    ASSERT_EQ(search.peak(), v.profile.peak) << "after " << move << " moves";
    int64_t atPeak = std::count(v.profile.live.begin(), v.profile.live.end(),
                                v.profile.peak);
    ASSERT_EQ(search.peakCount(), atPeak) << "after " << move << " moves";
    int64_t peakBefore = search.peak(), countBefore = search.peakCount();
    if (!search.relieveOnce())
      break;
    // Each move strictly lowers (peak, executions at the peak).
    ASSERT_TRUE(
        search.peak() < peakBefore ||
        (search.peak() == peakBefore && search.peakCount() < countBefore));
  }
}

TEST(GreedySolverTest, BookkeepingMatchesReplayAfterEveryMove) {
  for (uint64_t seed = 0; seed < 6; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    expectBookkeepingMatchesReplay(randomDag(seed, 120), 400);
    expectBookkeepingMatchesReplay(randomTrainingGraph(seed, 60), 400);
    expectBookkeepingMatchesReplay(
        withRandomPolicies(randomTrainingGraph(seed + 100, 60), seed), 400);
  }
}

TEST(GreedySolverTest, MonotoneAndValidUnderRandomPolicies) {
  // Random marks exercise offloads, reloads inside chains, keep limits and
  // preferences; every plan must replay and the walk stay monotone.
  // Under a sanitizer every third seed (both kinds of graph still).
  for (uint64_t seed = 0; seed < 40; seed += REMAT_TEST_UNDER_ASAN ? 3 : 1) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    Problem p = withRandomPolicies(
        seed % 2 ? randomTrainingGraph(seed, 20 + seed) : randomDag(seed, 80),
        seed);
    ASSERT_FALSE(p.check().has_value()) << *p.check();
    int64_t unconstrained = unconstrainedProfile(p).peak;
    int64_t lastPeak = std::numeric_limits<int64_t>::max();
    for (int percent = 100; percent >= 0; percent -= 10) {
      SolverOptions options;
      options.budget = unconstrained * percent / 100;
      SolveResult r = solveGreedy(p, options);
      expectReplays(p, r, options);
      EXPECT_LE(r.profile.peak, lastPeak) << percent << "%";
      lastPeak = r.profile.peak;
    }
  }
}

TEST(GreedySolverTest, RecomputesEachNodeOncePerStepInOrder) {
  // A step's recomputations run in ascending node order, each node once:
  // a chain reads a node already recomputed for the step instead of
  // recomputing it again (which the greedy used to do, mostly for nothing),
  // and the plans are the exact solver's model's.
  std::vector<Problem> problems = familyProblems();
  for (uint64_t seed = 0; seed < 10; ++seed)
    problems.push_back(withRandomPolicies(randomTrainingGraph(seed, 30), seed));
  for (const Problem &p : problems) {
    int64_t unconstrained = unconstrainedProfile(p).peak;
    for (int percent = 90; percent >= 0; percent -= 2 * kBudgetStepPercent) {
      SolverOptions options;
      options.budget = unconstrained * percent / 100;
      SolveResult r = solveGreedy(p, options);
      expectReplays(p, r, options);
      for (size_t step = 0; step < r.plan.recomputeBefore.size(); ++step) {
        const std::vector<NodeId> &list = r.plan.recomputeBefore[step];
        EXPECT_TRUE(std::adjacent_find(list.begin(), list.end(),
                                       std::greater_equal<NodeId>()) ==
                    list.end())
            << "step " << step << " at " << percent << "% of " << p.size()
            << " nodes";
      }
    }
  }
}

TEST(GreedySolverTest, TrainingGraphsFitInHalfTheirPeak) {
  // A quality floor: training graphs, whose activations live from the
  // forward to the backward pass, fit in half their unconstrained peak.
  // (Random DAGs without a backward pass need not: their live sets are
  // short-lived everywhere.)
  std::vector<Problem> problems = familyProblems();
  for (size_t i = 1; i < problems.size(); ++i) {
    const Problem &p = problems[i];
    SolverOptions options;
    options.budget = unconstrainedProfile(p).peak / 2;
    SolveResult r = solveGreedy(p, options);
    expectReplays(p, r, options);
    EXPECT_TRUE(r.feasible) << "problem " << i << ": " << r.message;
  }
}

TEST(GreedySolverTest, PolishTakesTheCostlyOperandsOutOfLaterChains) {
  // Random training graphs mix nodes whose costs differ a thousandfold. The
  // walk alone evicted values whose later recomputations dragged costly
  // operands into their chains: at these budgets its plans cost 3.3x and
  // 1.8x what the search finds in 400 rounds. The polish's rounds bring
  // them within 5% (2026-12-07: 1.05x and 1.00x).
  for (auto [forward, percent] : {std::pair{30, 65}, std::pair{50, 79}}) {
    SCOPED_TRACE("random_training/" + std::to_string(forward));
    Problem p = randomTrainingGraph(forward, forward);
    SolverOptions options;
    options.budget = unconstrainedProfile(p).peak * percent / 100;
    options.searchMaxRounds = 400;
    options.timeLimitSeconds = 60;
    SolveResult greedy = solveGreedy(p, options);
    expectReplays(p, greedy, options);
    ASSERT_TRUE(greedy.feasible) << greedy.message;
    SolveResult search = solveSearch(p, options);
    ASSERT_TRUE(search.feasible) << search.message;
    double walked = measureAddedCost(p, greedy.plan, greedy.profile).weighted;
    double searched = measureAddedCost(p, search.plan, search.profile).weighted;
    EXPECT_LE(walked, 1.1 * searched);
  }
}

TEST(GreedySolverTest, PolishEndsWithTheSearchsRandomRuins) {
  // At the smallest peak the walk reaches, its fixed ruins left the greedy
  // at 1.85x and 2.72x the search's plan (400 rounds) on these graphs
  // (2026-12-07): the plans the search finds need ruins of other shapes
  // than the dearest nodes' and windows around them. The polish's last
  // rounds are the search's random ruins, from a fixed seed: 1.12x and
  // 1.08x; with the search's sinking windows (which the search gets too,
  // 2026-12-08), 1.08x and 1.36x. (At the lower peak the polish itself
  // reaches on random_training/70, 1.58x: not every budget is within
  // 1.5x.)
  for (int32_t forward : {50, 70}) {
    SCOPED_TRACE("random_training/" + std::to_string(forward));
    Problem p = randomTrainingGraph(forward, forward);
    SolverOptions options;
    options.budget = 0;
    options.timeLimitSeconds = 60;
    options.greedyPolish = false;
    options.budget = solveGreedy(p, options).minReachablePeak;
    options.greedyPolish = true;
    options.searchMaxRounds = 400;
    SolveResult greedy = solveGreedy(p, options);
    ASSERT_TRUE(greedy.feasible) << greedy.message;
    expectReplays(p, greedy, options);
    SolveResult again = solveGreedy(p, options);
    EXPECT_EQ(again.plan.recomputeBefore, greedy.plan.recomputeBefore);
    SolveResult search = solveSearch(p, options);
    ASSERT_TRUE(search.feasible) << search.message;
    EXPECT_LE(greedy.cost, 1.5 * search.cost);
  }
}

TEST(GreedySolverTest, SinkingWindowsReachReorderedPlans) {
  // CBC's plan for random_training/30 at this budget (40% of the way from
  // the lowest reachable peak to the unconstrained one) moves 21
  // computations at once and recomputes little: 2.50e4 added FLOPs. Ruins
  // that only undo events stop at 6.13e4 from the walk's plan, however
  // many rounds they get; windows that also sink their computations reach
  // 2.81e4 (2026-12-08).
  Problem p = randomTrainingGraph(30, 30);
  SolverOptions options;
  options.budget = 946203;
  options.timeLimitSeconds = 60;
  options.greedyPolish = false;
  SolveResult walk = solveGreedy(p, options);
  ASSERT_TRUE(walk.feasible) << walk.message;
  auto costOf = [&](bool sink) {
    Plan plan = ruinAndRecreate(p, options, walk.plan, 48, 60, sink);
    Verification v = verifyPlan(p, plan);
    EXPECT_TRUE(v.ok()) << v.error;
    EXPECT_LE(v.profile.peak, options.budget);
    return measureAddedCost(p, plan, v.profile).weighted;
  };
  EXPECT_LT(costOf(true), 0.6 * costOf(false));
  // The greedy's polish ends with such rounds.
  options.greedyPolish = true;
  SolveResult greedy = solveGreedy(p, options);
  expectReplays(p, greedy, options);
  EXPECT_LT(measureAddedCost(p, greedy.plan, greedy.profile).weighted,
            0.6 * costOf(false));
}

TEST(GreedySolverTest, SinkComputationsMovesToTheFirstReader) {
  // a and b read x; c reads a; d reads b and c. a's first reader is c
  // (step 3), b's is d (step 4); c is read by the next step.
  Problem p;
  p.addNode(argument("x", 10));                 // 0
  p.addNode(computed("a", 20, {0}));            // 1
  p.addNode(computed("b", 30, {0}));            // 2
  p.addNode(computed("c", 40, {1}));            // 3
  p.addNode(output(computed("d", 10, {2, 3}))); // 4
  std::vector<std::vector<Step>> uses = p.computeUses();
  Plan plan = Plan::keepAll(p);
  sinkComputations(p, uses, plan, 0, 4);
  EXPECT_EQ(plan.recomputeBefore[3], std::vector<NodeId>{1});
  EXPECT_EQ(plan.recomputeBefore[4], std::vector<NodeId>{2});
  Verification v = verifyPlan(p, plan);
  ASSERT_TRUE(v.ok()) << v.error;
  // Both are moves: nothing is computed twice.
  EXPECT_EQ(findMoves(p, v.profile).size(), 2u);
  // Outside the window, or not recomputable, a computation stays.
  Plan narrow = Plan::keepAll(p);
  sinkComputations(p, uses, narrow, 2, 4);
  EXPECT_TRUE(narrow.recomputeBefore[3].empty());
  EXPECT_EQ(narrow.recomputeBefore[4], std::vector<NodeId>{2});
  // Not recomputable, or offloaded by policy: b stays.
  for (bool offloaded : {false, true}) {
    Problem fixed = p;
    if (offloaded) {
      fixed.node(2).offloadable = true;
      fixed.node(2).mustOffload = true;
    } else {
      fixed.node(2).recomputable = false;
    }
    Plan kept = Plan::keepAll(fixed);
    sinkComputations(fixed, uses, kept, 0, 4);
    EXPECT_TRUE(kept.recomputeBefore[4].empty()) << offloaded;
    EXPECT_EQ(kept.recomputeBefore[3], std::vector<NodeId>{1}) << offloaded;
  }
  // An operand whose copies may serve only reads up to step 2 (a
  // checkpoint policy) cannot feed a computation moved to step 3.
  Problem limited = p;
  limited.node(0).resident = false;
  limited.node(0).keepLimit = 2;
  Plan bound = Plan::keepAll(limited);
  sinkComputations(limited, limited.computeUses(), bound, 0, 4);
  EXPECT_TRUE(bound.recomputeBefore[3].empty());
  EXPECT_TRUE(bound.recomputeBefore[4].empty());
  // A step's recomputations stay in ascending node order.
  Plan ordered = Plan::keepAll(p);
  ordered.recomputeBefore[4] = {3};
  sinkComputations(p, uses, ordered, 0, 2);
  EXPECT_EQ(ordered.recomputeBefore[4], (std::vector<NodeId>{2, 3}));
}

TEST(GreedySolverTest, BelowItsWalksTheGreedyPolishesAtTheirLowestPeak) {
  // The sinking rounds can reorder below the lowest peak the walks reach,
  // and the walks go on from there (random_training/30: 755,512 bytes
  // against 778,440). A budget between the two must then be met too, or a
  // larger budget's plan would be both cheaper and lower than the smaller
  // one's: the greedy polishes at the walks' lowest peak when they stop
  // above the budget, walks on, and polishes again when that meets it.
  Problem p = randomTrainingGraph(30, 30);
  SolverOptions options;
  options.budget = 0;
  options.timeLimitSeconds = 60;
  options.greedyPolish = false;
  int64_t walked = solveGreedy(p, options).minReachablePeak;
  options.greedyPolish = true;
  SolveResult lowest = solveGreedy(p, options);
  EXPECT_FALSE(lowest.feasible);
  EXPECT_LT(lowest.minReachablePeak, walked);
  options.budget = lowest.minReachablePeak;
  SolveResult at = solveGreedy(p, options);
  expectReplays(p, at, options);
  EXPECT_TRUE(at.feasible) << at.message;
  // Met so, the plan is polished again for this budget: without that it
  // cost 2.9x the search's (7.89e5 against 2.74e5); with it, 1.0x.
  options.searchMaxRounds = 400;
  SolveResult search = solveSearch(p, options);
  ASSERT_TRUE(search.feasible) << search.message;
  EXPECT_LE(measureAddedCost(p, at.plan, at.profile).weighted,
            1.1 * measureAddedCost(p, search.plan, search.profile).weighted);
  options.budget = lowest.minReachablePeak - 1;
  SolveResult below = solveGreedy(p, options);
  EXPECT_FALSE(below.feasible);
  EXPECT_EQ(below.minReachablePeak, lowest.minReachablePeak);
}

TEST(GreedySolverTest, PolishStopsAtAQuarterOfTheTimeLimit) {
  // Auto gives the greedy its 2 s: on a slow machine or a sanitizer build
  // the polish's rounds must leave the search its share. With no time left
  // the polish starts no round, and the plan is the walk's.
  Problem p = randomTrainingGraph(30, 30);
  SolverOptions options;
  options.budget = unconstrainedProfile(p).peak * 65 / 100;
  options.timeLimitSeconds = 0;
  SolveResult timed = solveGreedy(p, options);
  options.timeLimitSeconds = 60;
  options.greedyPolish = false;
  SolveResult walked = solveGreedy(p, options);
  options.greedyPolish = true;
  SolveResult polished = solveGreedy(p, options);
  ASSERT_TRUE(timed.feasible) << timed.message;
  expectReplays(p, timed, options);
  EXPECT_EQ(timed.plan.recomputeBefore, walked.plan.recomputeBefore);
  EXPECT_EQ(timed.cost, walked.cost);
  // The case is one the polish improves (above).
  EXPECT_LT(polished.cost, walked.cost);
}

TEST(GreedySolverTest, ScaleSmoke) {
  // 20k nodes at half the peak: exercises the incremental structures at a
  // size where per-move replays would be slow. Timing is the benchmark's
  // job (bench/GreedyScaling.cpp).
  Problem p = randomTrainingGraph(11, 7000);
  ASSERT_GT(p.size(), 20000);
  SolverOptions options;
  options.budget = unconstrainedProfile(p).peak / 2;
  SolveResult r = solveGreedy(p, options);
  expectReplays(p, r, options);
  EXPECT_TRUE(r.feasible) << r.message;
}

TEST(GreedySolverTest, InvalidProblemIsReported) {
  Problem p = cosChain();
  p.node(1).inputs = {5};
  SolveResult r = solveGreedy(p, SolverOptions());
  EXPECT_FALSE(r.feasible);
  EXPECT_EQ(r.message.rfind("invalid problem: ", 0), 0u) << r.message;
}

} // namespace
