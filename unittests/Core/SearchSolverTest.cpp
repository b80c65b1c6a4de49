//===- SearchSolverTest.cpp - the search solver and the cover bound -------===//
//
// The cover bound by hand (it is the optimum where values are independent,
// and it proves budgets infeasible), and the search on generated training
// graphs: never dearer than the greedy, bounded below by the cover bound,
// reproducible when bounded by rounds. SolverPropertyTest checks both
// against the exact solver on a thousand random DAGs.
//
//===----------------------------------------------------------------------===//

#include "remat/Core/Generators.h"
#include "remat/Core/Solvers.h"

#include "TestGraphs.h"

#include "gtest/gtest.h"

#include <chrono>

using namespace remat;
using namespace remat::test;

namespace {

TEST(CoverBoundTest, IndependentValuesGiveTheOptimum) {
  Problem p = twoIndependentValues();
  ASSERT_EQ(unconstrainedProfile(p).peak, 610);
  SolverOptions options;
  options.budget = 460;
  SolveResult greedy = solveGreedy(p, options);
  ASSERT_TRUE(greedy.feasible) << greedy.message;
  EXPECT_DOUBLE_EQ(greedy.cost, 3.0);
  CostLowerBound bound = lowerBoundCost(p, 460, 1.0);
  ASSERT_FALSE(bound.infeasible) << bound.method;
  // The relaxation alone proves 3 * 150/200 = 2.25; CBC, when built, the
  // integral 3.
  EXPECT_LE(bound.weighted, 3.0);
  EXPECT_GE(bound.weighted, 2.25 * (1 - 1e-6)) << bound.method;
  if (isExactSolverAvailable())
    EXPECT_NEAR(bound.weighted, 3.0, 1e-6) << bound.method;
  // Keeping everything fits: nothing is owed.
  EXPECT_EQ(lowerBoundCost(p, 610, 1.0).weighted, 0.0);
}

TEST(CoverBoundTest, ProvesBudgetsInfeasible) {
  Problem p = twoIndependentValues();
  // At t, x (10) and t (300) are fixed and v and w can leave: nothing fits
  // below 310 there; the return holds o and x.
  EXPECT_FALSE(lowerBoundCost(p, 310, 1.0).infeasible);
  CostLowerBound below = lowerBoundCost(p, 309, 1.0);
  EXPECT_TRUE(below.infeasible) << below.method;
  // A must-save value cannot leave: w's 200 bytes stay, and 509 is the
  // least.
  p.node(2).mustSave = true;
  EXPECT_TRUE(lowerBoundCost(p, 508, 1.0).infeasible);
  EXPECT_FALSE(lowerBoundCost(p, 510, 1.0).infeasible);
}


TEST(SearchSolverTest, NeverDearerThanTheGreedyAndBoundedBelow) {
  int64_t improved = 0;
  for (const Problem &p : test::trainingFamilies()) {
    int64_t unconstrained = unconstrainedProfile(p).peak;
    for (int percent : {80, 60, 45}) {
      SCOPED_TRACE(std::to_string(percent) + "%");
      SolverOptions options;
      options.budget = unconstrained * percent / 100;
      options.searchMaxRounds = 30;
      options.timeLimitSeconds = 60;
      SolveResult greedy = solveGreedy(p, options);
      SolveResult search = solveSearch(p, options);
      EXPECT_EQ(search.solver, SolverKind::Search);
      if (!greedy.feasible) {
        EXPECT_FALSE(search.feasible);
        continue;
      }
      ASSERT_TRUE(search.feasible) << search.message;
      Verification v = verifyPlan(p, search.plan);
      ASSERT_TRUE(v.ok()) << v.error;
      EXPECT_LE(v.profile.peak, options.budget);
      double searched = measureAddedCost(p, search.plan, v.profile).weighted;
      double walked =
          measureAddedCost(p, greedy.plan, greedy.profile).weighted;
      EXPECT_LE(searched, walked * (1 + 1e-9)) << search.message;
      EXPECT_LE(search.lowerBound, searched * (1 + 1e-9)) << search.message;
      EXPECT_GE(search.gap, 0.0);
      EXPECT_LE(search.gap, 1.0);
      improved += searched < walked * (1 - 1e-9);
    }
  }
  // The search is not idle: it improves on the greedy somewhere.
  EXPECT_GT(improved, 0);
}

TEST(SearchSolverTest, ReproducibleWhenBoundedByRounds) {
  Problem p = resnetTrainingGraph(4, 6);
  SolverOptions options;
  options.budget = unconstrainedProfile(p).peak * 55 / 100;
  options.searchMaxRounds = 15;
  options.timeLimitSeconds = 60;
  SolveResult first = solveSearch(p, options);
  SolveResult second = solveSearch(p, options);
  ASSERT_TRUE(first.feasible) << first.message;
  EXPECT_EQ(first.plan.recomputeBefore, second.plan.recomputeBefore);
  EXPECT_EQ(first.plan.reloadBefore, second.plan.reloadBefore);
}

TEST(SearchSolverTest, InfeasibleBudgetSaysWhy) {
  Problem p = twoIndependentValues();
  SolverOptions options;
  options.budget = 300;
  SolveResult r = solveSearch(p, options);
  EXPECT_EQ(r.solver, SolverKind::Search);
  EXPECT_FALSE(r.feasible);
  EXPECT_GT(r.minReachablePeak, 300);
}

TEST(SearchSolverTest, AutoReturnsWithinItsTimeLimit) {
  Problem p = randomTrainingGraph(9, 2000);
  SolverOptions options;
  options.budget = unconstrainedProfile(p).peak / 2;
  options.autoTimeLimitSeconds = 2.0;
  auto begin = std::chrono::steady_clock::now();
  SolveResult r = solve(SolverKind::Auto, p, options);
  double seconds = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - begin)
                       .count();
  EXPECT_TRUE(r.feasible) << r.message;
  // About its limit: the last round may run over.
  EXPECT_LT(seconds, 4.0) << r.message;
}

} // namespace
