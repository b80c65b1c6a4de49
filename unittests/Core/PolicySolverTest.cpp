//===- PolicySolverTest.cpp - checkpoint policies applied as JAX does -----===//
//
// Hand-computed plans: forced evictions only (keepLimit, mustOffload), at the
// places the policy semantics name, and never an eviction for the budget.
//
//===----------------------------------------------------------------------===//

#include "remat/Core/Solvers.h"

#include "TestGraphs.h"

#include "gtest/gtest.h"

using namespace remat;
using namespace remat::test;

namespace {

/// A computed node of cost 10.
Node computed10(std::string name, int64_t bytes, std::vector<NodeId> inputs) {
  return computed(std::move(name), bytes, std::move(inputs), 10.0);
}

/// A plan's per-anchor lists.
using Lists = std::vector<std::vector<NodeId>>;
/// (anchor, nodes) pairs, as `entries` returns them.
using Entries = std::vector<std::pair<Step, std::vector<NodeId>>>;

/// The non-empty entries of a plan list.
Entries entries(const Lists &lists) {
  Entries out;
  for (size_t s = 0; s < lists.size(); ++s)
    if (!lists[s].empty())
      out.emplace_back(static_cast<Step>(s), lists[s]);
  return out;
}

TEST(PolicySolverTest, NoPolicyMeansKeepEverything) {
  Problem p = chainWithSkip();
  SolveResult r = solvePolicy(p, SolverOptions());
  ASSERT_TRUE(r.feasible) << r.message;
  EXPECT_EQ(r.solver, SolverKind::Policy);
  EXPECT_EQ(r.plan.numRecomputations(), 0);
  EXPECT_EQ(r.plan.numOffloads(), 0);
  EXPECT_EQ(r.profile.peak, 28);
  EXPECT_DOUBLE_EQ(r.cost, 0);
}

TEST(PolicySolverTest, KeepLimitRecomputesBeforeFirstLaterUse) {
  Problem p = chainWithSkip();
  p.node(1).keepLimit = 2; // a serves b, not d
  SolveResult r = solvePolicy(p, SolverOptions());
  ASSERT_TRUE(r.feasible) << r.message;
  EXPECT_EQ(entries(r.plan.recomputeBefore), (Entries{{4, {1}}}));
  EXPECT_EQ(r.plan.numOffloads(), 0);
  // a, b, c, a', d, return.
  EXPECT_EQ(r.profile.live, (std::vector<int64_t>{12, 20, 20, 20, 28, 12}));
  EXPECT_DOUBLE_EQ(r.cost, 10);
}

TEST(PolicySolverTest, OneNewCopyServesEveryLaterUse) {
  Problem p;
  p.addNode(argument("x", 4));           // 0
  p.addNode(computed10("a", 8, {0}));    // 1
  p.addNode(computed10("b", 8, {1}));    // 2
  p.addNode(computed10("c", 8, {2}));    // 3
  p.addNode(computed10("d", 8, {3, 1})); // 4
  Node e = computed10("e", 8, {4, 1});   // 5
  e.isOutput = true;
  p.addNode(e);
  p.node(1).keepLimit = 2;
  SolveResult r = solvePolicy(p, SolverOptions());
  ASSERT_TRUE(r.feasible) << r.message;
  EXPECT_EQ(entries(r.plan.recomputeBefore), (Entries{{4, {1}}}));
}

TEST(PolicySolverTest, ChainRecomputesOperandsPastTheirLimit) {
  Problem p;
  p.addNode(argument("x", 4));         // 0
  p.addNode(computed10("a", 8, {0}));  // 1
  p.addNode(computed10("b", 8, {1}));  // 2
  p.addNode(computed10("c", 8, {2}));  // 3
  Node d = computed10("d", 8, {3, 2}); // 4
  d.isOutput = true;
  p.addNode(d);
  p.node(1).keepLimit = 2; // a: only for b
  p.node(2).keepLimit = 3; // b: only for c; d needs a new b, hence a new a
  SolveResult r = solvePolicy(p, SolverOptions());
  ASSERT_TRUE(r.feasible) << r.message;
  EXPECT_EQ(entries(r.plan.recomputeBefore), (Entries{{4, {1, 2}}}));
  EXPECT_DOUBLE_EQ(r.cost, 20);
}

TEST(PolicySolverTest, SaveableOperandsAreKeptNotRecomputed) {
  // As above, but a has no limit: like a saveable residual in JAX, it is
  // kept until b's recomputation reads it.
  Problem p;
  p.addNode(argument("x", 4));         // 0
  p.addNode(computed10("a", 8, {0}));  // 1
  p.addNode(computed10("b", 8, {1}));  // 2
  p.addNode(computed10("c", 8, {2}));  // 3
  Node d = computed10("d", 8, {3, 2}); // 4
  d.isOutput = true;
  p.addNode(d);
  p.node(2).keepLimit = 3;
  SolveResult r = solvePolicy(p, SolverOptions());
  ASSERT_TRUE(r.feasible) << r.message;
  EXPECT_EQ(entries(r.plan.recomputeBefore), (Entries{{4, {2}}}));
  // a, b, c, b', d, return: a lives until b'.
  EXPECT_EQ(r.profile.live, (std::vector<int64_t>{12, 20, 28, 28, 28, 12}));
}

TEST(PolicySolverTest, NothingSaveableRecomputesTheForwardChain) {
  // jax.checkpoint(policy=nothing_saveable) around a cos chain: the backward
  // pass recomputes a1..a3 from x, in one chain, before their first use.
  Problem p;
  p.addNode(argument("x", 100));         // 0
  p.addNode(computed10("a1", 100, {0})); // 1
  p.addNode(computed10("a2", 100, {1})); // 2
  p.addNode(computed10("a3", 100, {2})); // 3
  Node a4 = computed10("a4", 100, {3});  // 4
  a4.isOutput = true;
  p.addNode(a4);
  p.addNode(computed10("g3", 100, {3}));    // 5
  p.addNode(computed10("g2", 100, {5, 2})); // 6
  p.addNode(computed10("g1", 100, {6, 1})); // 7
  Node gx = computed10("gx", 100, {7, 0});  // 8
  gx.isOutput = true;
  p.addNode(gx);
  for (NodeId id : {1, 2, 3})
    p.node(id).keepLimit = 4;
  SolveResult r = solvePolicy(p, SolverOptions());
  ASSERT_TRUE(r.feasible) << r.message;
  EXPECT_EQ(entries(r.plan.recomputeBefore), (Entries{{5, {1, 2, 3}}}));
}

/// Nested checkpoint regions, as JAX plans them: an outer region whose
/// backward starts at step 4, an inner one whose backward starts at step 5.
/// a (the inner region's input, a value of the outer region) and b (a value
/// of the inner region) are not saved by the outer policy; both backward
/// steps read b, the inner one a too.
Problem nestedRegions() {
  Problem p;
  p.addNode(argument("x", 4));        // 0
  p.addNode(computed10("a", 8, {0})); // 1
  p.addNode(computed10("b", 8, {1})); // 2
  Node c = computed10("c", 8, {2});   // 3
  c.isOutput = true;
  p.addNode(c);
  p.addNode(computed10("g1", 8, {2}));      // 4: the outer region's backward
  Node g2 = computed10("g2", 8, {4, 2, 1}); // 5: the inner region's backward
  g2.isOutput = true;
  p.addNode(g2);
  p.node(1).keepLimit = 3;
  p.node(2).keepLimit = 3;
  return p;
}

TEST(PolicySolverTest, InnerPolicyNotSavingARerunCopyRecomputesItAgain) {
  // The outer re-run (step 4) recomputes a and b; the inner policy saves
  // neither, but a is a value of the outer region: only b has a copy limit.
  Problem p = nestedRegions();
  p.node(2).copyLimits = {{4, false}};
  SolveResult r = solvePolicy(p, SolverOptions());
  ASSERT_TRUE(r.feasible) << r.message;
  EXPECT_EQ(entries(r.plan.recomputeBefore), (Entries{{4, {1, 2}}, {5, {2}}}));
}

TEST(PolicySolverTest, InnerPolicySavingARerunCopyKeepsIt) {
  Problem p = nestedRegions();
  p.node(2).copyLimits = {{4, true}};
  SolveResult r = solvePolicy(p, SolverOptions());
  ASSERT_TRUE(r.feasible) << r.message;
  EXPECT_EQ(entries(r.plan.recomputeBefore), (Entries{{4, {1, 2}}}));
}

TEST(PolicySolverTest, CopyLimitsBeforeTheCopyDoNotApply) {
  // A copy made after a limit is decided by the next one: b's first copy is
  // made at step 4, after the limit at 3 (which would drop it at once).
  Problem p = nestedRegions();
  p.node(2).copyLimits = {{3, false}};
  SolveResult r = solvePolicy(p, SolverOptions());
  ASSERT_TRUE(r.feasible) << r.message;
  EXPECT_EQ(entries(r.plan.recomputeBefore), (Entries{{4, {1, 2}}}));
}

TEST(PolicySolverTest, MustOffloadGoesToHostAfterLastUseBeforeLimit) {
  Problem p = chainWithSkip();
  p.node(1).keepLimit = 2;
  p.node(1).offloadable = true;
  p.node(1).mustOffload = true;
  SolveResult r = solvePolicy(p, SolverOptions());
  ASSERT_TRUE(r.feasible) << r.message;
  EXPECT_EQ(r.plan.numRecomputations(), 0);
  EXPECT_EQ(entries(r.plan.offloadAfter), (Entries{{2, {1}}}));
  EXPECT_EQ(entries(r.plan.reloadBefore), (Entries{{4, {1}}}));
  EXPECT_EQ(r.profile.live, (std::vector<int64_t>{12, 20, 20, 20, 20, 28, 12}));
  EXPECT_DOUBLE_EQ(r.cost, 2 * 8 * p.transferCostPerByte);
}

TEST(PolicySolverTest, MustOffloadWithoutEarlyUseGoesRightAfterCreation) {
  Problem p;
  p.addNode(argument("x", 4));         // 0
  p.addNode(computed10("a", 8, {0}));  // 1
  p.addNode(computed10("b", 8, {0}));  // 2
  Node c = computed10("c", 8, {2, 1}); // 3
  c.isOutput = true;
  p.addNode(c);
  p.node(1).keepLimit = 1;
  p.node(1).offloadable = true;
  p.node(1).mustOffload = true;
  SolveResult r = solvePolicy(p, SolverOptions());
  ASSERT_TRUE(r.feasible) << r.message;
  EXPECT_EQ(entries(r.plan.offloadAfter), (Entries{{1, {1}}}));
  EXPECT_EQ(entries(r.plan.reloadBefore), (Entries{{3, {1}}}));
}

TEST(PolicySolverTest, SideEffectingValuesAreOffloadedNotRecomputed) {
  Problem p = chainWithSkip();
  p.node(1).keepLimit = 2;
  p.node(1).recomputable = false;
  p.node(1).offloadable = true;
  SolveResult r = solvePolicy(p, SolverOptions());
  ASSERT_TRUE(r.feasible) << r.message;
  EXPECT_EQ(r.plan.numRecomputations(), 0);
  EXPECT_EQ(entries(r.plan.reloadBefore), (Entries{{4, {1}}}));
}

TEST(PolicySolverTest, OutputsPastTheirLimitAreRecomputedBeforeReturn) {
  Problem p = chainWithSkip();
  p.node(2).isOutput = true;
  p.node(2).keepLimit = 3;
  SolveResult r = solvePolicy(p, SolverOptions());
  ASSERT_TRUE(r.feasible) << r.message;
  EXPECT_EQ(entries(r.plan.recomputeBefore), (Entries{{5, {2}}}));
}

TEST(PolicySolverTest, NeverEvictsForTheBudget) {
  Problem p = chainWithSkip();
  p.node(1).keepLimit = 2;
  SolverOptions tight;
  tight.budget = 16;
  SolveResult r = solvePolicy(p, tight);
  EXPECT_FALSE(r.feasible);
  SolveResult free = solvePolicy(p, SolverOptions());
  EXPECT_EQ(r.plan.recomputeBefore, free.plan.recomputeBefore);
  EXPECT_EQ(r.profile.peak, 28);
  EXPECT_EQ(r.minReachablePeak, 28);
  EXPECT_EQ(r.minPeakProfile.peak, 28);
  EXPECT_NE(r.message.find("does not evict for the budget"), std::string::npos)
      << r.message;
}

TEST(PolicySolverTest, InvalidProblemIsReported) {
  Problem p = chainWithSkip();
  p.node(1).keepLimit = 2;
  p.node(1).recomputable = false; // and not offloadable
  SolveResult r = solvePolicy(p, SolverOptions());
  EXPECT_FALSE(r.feasible);
  EXPECT_EQ(r.message.rfind("invalid problem: ", 0), 0u) << r.message;
}

} // namespace
