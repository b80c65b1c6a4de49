//===- SavedBudgetTest.cpp - a budget on what is saved for the backward pass
//-===//
//
// The saved bytes of a plan are the forward activations its backward pass
// reads from the forward pass; solveSavedBudget bounds them where the
// backward pass starts, with any budget solver.
//
//===----------------------------------------------------------------------===//

#include "remat/Core/SavedBudget.h"

#include "TestGraphs.h"

#include "gtest/gtest.h"

using namespace remat;
using namespace remat::test;

namespace {

// Keeping everything saves every layer's activation: d_i reads f_i, g_i
// reads f_{i-1}.
TEST(SavedBudgetTest, UnplannedSavesEveryActivation) {
  TrainingStep s = trainingChain(6, 100, 10);
  ASSERT_FALSE(s.problem.check());
  MemoryProfile all = unconstrainedProfile(s.problem);
  EXPECT_EQ(savedDeviceBytes(s.problem, all), 6 * 100);
  // The backward pass starts at dl, the loss's adjoint.
  size_t start = backwardStart(s.problem, all);
  ASSERT_LT(start, all.executions.size());
  EXPECT_EQ(s.problem.node(all.executions[start].node).name, "dl");
}

// Every share from 30% to 90% is met (the greedy's smallest-peak plan saves
// 25%), by a plan that verifies; a smaller
// share never saves more.
TEST(SavedBudgetTest, MeetsEveryShareItCan) {
  TrainingStep s = trainingChain(12, 100, 10);
  int64_t unplanned =
      savedDeviceBytes(s.problem, unconstrainedProfile(s.problem));
  int64_t previous = unplanned;
  for (int percent = 90; percent >= 30; percent -= 10) {
    int64_t budget = unplanned * percent / 100;
    SavedBudgetResult r =
        solveSavedBudget(SolverKind::Greedy, s.problem, {}, budget);
    ASSERT_TRUE(r.result.feasible) << percent << "%: " << r.result.message;
    EXPECT_LE(r.saved, budget) << percent << "%";
    EXPECT_EQ(r.saved, savedDeviceBytes(s.problem, r.result.profile));
    EXPECT_LE(r.result.profile.peak, r.peakBudget);
    EXPECT_TRUE(verifyPlan(s.problem, r.result.plan).ok());
    EXPECT_EQ(r.savedUnplanned, unplanned);
    EXPECT_LE(r.saved, previous) << percent << "%";
    previous = r.saved;
  }
}

// Nothing saved at all is reachable: the backward pass recomputes every
// activation from the input, at a peak no higher than keeping them.
TEST(SavedBudgetTest, NothingSavedRecomputesFromTheInput) {
  TrainingStep s = trainingChain(6, 100, 10);
  SavedBudgetResult r = solveSavedBudget(SolverKind::Greedy, s.problem, {}, 0);
  ASSERT_TRUE(r.result.feasible) << r.result.message;
  EXPECT_EQ(r.saved, 0);
  EXPECT_LE(r.result.profile.peak, r.peakBudget);
  EXPECT_EQ(r.peakBudget, unconstrainedProfile(s.problem).peak);
  EXPECT_TRUE(verifyPlan(s.problem, r.result.plan).ok());
}

// When parameters and their gradients make the peak, no peak budget below
// the unplanned one is reachable, yet the saved activations can still go:
// the bound is on the step where the backward pass starts, not on the
// peak. Every share is met within the unplanned peak, by every budget
// solver.
TEST(SavedBudgetTest, MetWhenParametersMakeThePeak) {
  TrainingStep s = trainingChain(10, 100, 5000);
  MemoryProfile all = unconstrainedProfile(s.problem);
  int64_t unplanned = savedDeviceBytes(s.problem, all);
  ASSERT_EQ(unplanned, 10 * 100);
  SolverOptions lowestOptions;
  lowestOptions.budget = 0;
  SolveResult lowest = solveGreedy(s.problem, lowestOptions);
  ASSERT_GE(lowest.minReachablePeak, all.peak - 100)
      << "the peak must be the parameters' for this test to mean anything";
  std::vector<SolverKind> kinds = {SolverKind::Greedy, SolverKind::Search,
                                   SolverKind::Auto};
  if (isExactSolverAvailable())
    kinds.push_back(SolverKind::Exact);
  for (SolverKind kind : kinds) {
    SolverOptions options;
    options.timeLimitSeconds = 0.5;
    options.autoTimeLimitSeconds = 0.5;
    options.searchMaxRounds = 50;
    options.autoSearchRounds = 50;
    for (int percent : {90, 50, 10}) {
      int64_t budget = unplanned * percent / 100;
      SavedBudgetResult r = solveSavedBudget(kind, s.problem, options, budget);
      ASSERT_TRUE(r.result.feasible)
          << toString(kind) << " " << percent << "%: " << r.result.message;
      EXPECT_LE(r.saved, budget) << toString(kind) << " " << percent << "%";
      EXPECT_LE(r.result.profile.peak, all.peak) << toString(kind);
      EXPECT_TRUE(verifyPlan(s.problem, r.result.plan).ok());
    }
  }
}

// Activations that may be neither recomputed nor offloaded (must-save) are
// saved whatever the budget: below them the result is infeasible, keeps the
// plan of fewest saved bytes and says how many.
TEST(SavedBudgetTest, InfeasibleSaysTheFewest) {
  TrainingStep s = trainingChain(6, 100, 10);
  s.problem.node(s.forward[1]).mustSave = true;
  s.problem.node(s.forward[4]).mustSave = true;
  SavedBudgetResult r =
      solveSavedBudget(SolverKind::Greedy, s.problem, {}, 150);
  EXPECT_FALSE(r.result.feasible);
  EXPECT_EQ(r.minSaved, 200);
  EXPECT_EQ(r.saved, savedDeviceBytes(s.problem, r.result.profile));
  EXPECT_LE(r.result.profile.peak, r.peakBudget);
  EXPECT_TRUE(verifyPlan(s.problem, r.result.plan).ok());
  EXPECT_NE(r.result.message.find("fewest bytes"), std::string::npos)
      << r.result.message;
  // Everything must-save: the fewest is all of it.
  for (NodeId id : s.forward)
    s.problem.node(id).mustSave = true;
  r = solveSavedBudget(SolverKind::Greedy, s.problem, {}, 0);
  EXPECT_FALSE(r.result.feasible);
  EXPECT_EQ(r.minSaved, r.savedUnplanned) << r.result.message;
  EXPECT_LE(r.result.profile.peak, r.peakBudget) << r.result.message;
}

} // namespace
