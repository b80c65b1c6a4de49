//===- SavedBudgetTest.cpp - a budget on what is saved for the backward pass -===//
//
// The saved bytes of a plan are the forward activations its backward pass
// reads from the forward pass; the search meets a bound on them with the
// largest peak budget that does.
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

// Nothing saved at all is out of reach (the last layer's backward reads its
// activation right away, yet the first gradient needs f_0 after the backward
// starts): infeasible, with the fewest bytes the solver reaches.
TEST(SavedBudgetTest, InfeasibleSaysTheFewest) {
  TrainingStep s = trainingChain(6, 100, 10);
  SavedBudgetResult r = solveSavedBudget(SolverKind::Greedy, s.problem, {}, 0);
  EXPECT_FALSE(r.result.feasible);
  EXPECT_GT(r.minSaved, 0);
  EXPECT_NE(r.result.message.find("fewest bytes"), std::string::npos)
      << r.result.message;
}

} // namespace
