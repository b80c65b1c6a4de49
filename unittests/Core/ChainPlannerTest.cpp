//===- ChainPlannerTest.cpp - problems as chains, chain plans replayed -----===//
//
// mapProblemToChain on hand-built training steps (a forward chain, a
// backward pass mirroring it, parameter gradients returned), what it
// refuses and why, and solveChain's plans replayed by verifyPlan.
//
//===----------------------------------------------------------------------===//

#include "remat/Core/ChainPlanner.h"
#include "remat/Core/Plan.h"
#include "remat/Core/Solvers.h"

#include "TestGraphs.h"

#include <gtest/gtest.h>

using namespace remat;
using namespace remat::test;

namespace {

/// The training steps of TestGraphs.h, under the name these tests use.
using Step = TrainingStep;

TEST(ChainPlannerTest, MapsATrainingStep) {
  Step s = trainingChain(6, 100, 10);
  ASSERT_FALSE(s.problem.check());
  ChainMapping m = mapProblemToChain(s.problem, 64);
  ASSERT_TRUE(m.ok()) << m.error;
  // Every forward node is a cut: six layers and the loss.
  EXPECT_EQ(m.numLayers(), 7);
  EXPECT_EQ(m.unmergedLayers, 7);
  EXPECT_EQ(m.cuts, s.forward);
  const HeterogeneousChain &chain = m.chain;
  ASSERT_FALSE(chain.check());
  EXPECT_EQ(chain.inputBytes[0], 0); // x is resident
  for (int i = 1; i < 7; ++i)
    EXPECT_EQ(chain.inputBytes[i], 100) << i;
  // A layer's backward reads its own output: that is its successor's
  // input, not an internal.
  for (int i = 0; i < 7; ++i)
    EXPECT_EQ(chain.internalBytes[i], 0) << i;
  for (int i = 0; i < 6; ++i) {
    // g_i is returned, and so is d_0, the gradient of x.
    EXPECT_EQ(chain.persistentBytes[i], i == 0 ? 110 : 10) << i;
    EXPECT_EQ(m.layerOf[s.weightGradient[i]], i);
    EXPECT_EQ(m.layerOf[s.gradient[i]], i);
  }
  EXPECT_EQ(chain.persistentBytes[6], 0); // the loss layer's seed
}

TEST(ChainPlannerTest, MergesLayersBeyondTheLimit) {
  Step s = trainingChain(20, 100, 10);
  ChainMapping m = mapProblemToChain(s.problem, 5);
  ASSERT_TRUE(m.ok()) << m.error;
  EXPECT_EQ(m.numLayers(), 5);
  EXPECT_EQ(m.unmergedLayers, 21);
  EXPECT_EQ(m.cuts.back(), s.forward.back());
  EXPECT_FALSE(m.chain.check());
}

TEST(ChainPlannerTest, PlansReplayWithinTheBudget) {
  Step s = trainingChain(12, 1000, 50);
  const Problem &p = s.problem;
  const int64_t top = unconstrainedProfile(p).peak;
  SolverOptions options;
  options.budget = top;
  SolveResult all = solveChain(p, options);
  ASSERT_TRUE(all.feasible) << all.message;
  EXPECT_EQ(all.cost, 0);
  int feasible = 0;
  for (int percent = 95; percent >= 20; percent -= 5) {
    options.budget = top * percent / 100;
    SolveResult r = solveChain(p, options);
    SCOPED_TRACE("budget " + std::to_string(percent) + "%: " + r.message);
    ASSERT_EQ(r.solver, SolverKind::Chain);
    Verification replay = verifyPlan(p, r.plan);
    ASSERT_TRUE(replay.ok()) << replay.error;
    if (!r.feasible) {
      // The least-memory plan, reported with its peak.
      EXPECT_GT(r.minReachablePeak, options.budget);
      EXPECT_EQ(replay.profile.peak, r.minReachablePeak);
      continue;
    }
    ++feasible;
    EXPECT_EQ(replay.profile.peak, r.profile.peak);
    EXPECT_LE(r.profile.peak, options.budget);
    EXPECT_GT(r.cost, 0);
  }
  EXPECT_GE(feasible, 8);
}

TEST(ChainPlannerTest, AutoIsNeverWorseThanItsFirstChoice) {
  Step s = trainingChain(16, 1000, 50);
  const Problem &p = s.problem;
  const int64_t top = unconstrainedProfile(p).peak;
  for (int percent = 90; percent >= 30; percent -= 10) {
    SolverOptions options;
    options.budget = top * percent / 100;
    options.autoExactMaxNodes = 0; // auto's first choice is the greedy
    SolveResult greedy = solve(SolverKind::Greedy, p, options);
    SolveResult automatic = solve(SolverKind::Auto, p, options);
    SCOPED_TRACE("budget " + std::to_string(percent) + "%");
    if (greedy.feasible) {
      ASSERT_TRUE(automatic.feasible);
      EXPECT_LE(automatic.cost, greedy.cost);
    }
    if (automatic.feasible)
      EXPECT_TRUE(verifyPlan(p, automatic.plan).ok());
  }
}

TEST(ChainPlannerTest, RefusesWhatIsNotAChain) {
  SolverOptions options;
  options.budget = 1 << 20;

  // No backward pass.
  Problem forwardOnly = chainWithSkip();
  ChainMapping m = mapProblemToChain(forwardOnly, 64);
  EXPECT_EQ(m.culprit, -1);
  EXPECT_NE(m.error.find("no backward pass"), std::string::npos) << m.error;
  SolveResult r = solveChain(forwardOnly, options);
  EXPECT_FALSE(r.feasible);
  EXPECT_EQ(r.subject, -1);
  EXPECT_NE(r.message.find("not a chain of layers"), std::string::npos);

  // A backward node reading a forward value of another layer (a skip
  // connection seen by the backward pass only).
  Step s = trainingChain(4, 100, 10);
  Node &d2 = s.problem.node(s.gradient[2]);
  d2.inputs.push_back(s.forward[0]);
  ASSERT_FALSE(s.problem.check());
  m = mapProblemToChain(s.problem, 64);
  // f_0 is read at f_2's position: the cut between them (f_1) goes, and
  // f_1 and f_2 make one layer; the rest is still a chain.
  ASSERT_TRUE(m.ok()) << m.error;
  EXPECT_EQ(m.numLayers(), 4);
  EXPECT_EQ(m.layerOf[s.forward[1]], m.layerOf[s.forward[2]]);

  // A policy's keep limit: the chain model cannot express it.
  Step limited = trainingChain(4, 100, 10);
  limited.problem.node(limited.forward[1]).keepLimit = limited.forward[2];
  ASSERT_FALSE(limited.problem.check());
  m = mapProblemToChain(limited.problem, 64);
  EXPECT_EQ(m.culprit, limited.forward[1]);
  EXPECT_NE(m.error.find("may not be kept"), std::string::npos) << m.error;

  // The backward running layers out of order.
  Step shuffled = trainingChain(4, 100, 10);
  shuffled.problem.node(shuffled.gradient[1]).adjointOf = shuffled.forward[3];
  ASSERT_FALSE(shuffled.problem.check());
  m = mapProblemToChain(shuffled.problem, 64);
  EXPECT_EQ(m.culprit, shuffled.gradient[1]);
  EXPECT_NE(m.error.find("reverse order"), std::string::npos) << m.error;
}

TEST(ChainPlannerTest, ChecksAdjointsInTheProblem) {
  Step s = trainingChain(3, 100, 10);
  s.problem.node(s.gradient[1]).adjointOf = s.gradient[2];
  ASSERT_TRUE(s.problem.check());
  EXPECT_NE(s.problem.check()->find("not a computed forward node"),
            std::string::npos)
      << *s.problem.check();
  Step later = trainingChain(3, 100, 10);
  later.problem.node(later.gradient[2]).adjointOf = later.gradient[1];
  ASSERT_TRUE(later.problem.check());
  EXPECT_NE(later.problem.check()->find("not an earlier node"),
            std::string::npos)
      << *later.problem.check();
}

} // namespace
