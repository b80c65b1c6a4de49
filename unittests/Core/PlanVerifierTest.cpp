//===- PlanVerifierTest.cpp - replaying plans by hand ---------------------===//
//
// Small problems whose profiles are computed by hand: the memory model the
// solvers are judged against.
//
//===----------------------------------------------------------------------===//

#include "remat/Core/Plan.h"

#include "TestGraphs.h"

#include "gtest/gtest.h"

#include <tuple>

using namespace remat;
using namespace remat::test;

namespace {

TEST(PlanVerifierTest, KeepAllProfile) {
  Problem p = chainWithSkip();
  Verification v = verifyPlan(p, Plan::keepAll(p));
  ASSERT_TRUE(v.ok()) << v.error;
  // Executions: a, b, c, d, return.
  ASSERT_EQ(v.profile.executions.size(), 5u);
  // a: x + a = 12. b: x + a + b = 20. c: x + a + b + c = 28 (b is read by c:
  // still live). d: x + a + c + d = 28. return: x + d = 12.
  EXPECT_EQ(v.profile.live, (std::vector<int64_t>{12, 20, 28, 28, 12}));
  EXPECT_EQ(v.profile.peak, 28);
  EXPECT_EQ(v.profile.peakIndex, 2u);
  EXPECT_EQ(v.profile.resident, 4);
  // At c: reads b, writes c (16 working); a is kept across (8).
  EXPECT_EQ(v.profile.working[2], 16);
  EXPECT_EQ(v.profile.kept[2], 8);
  EXPECT_EQ(v.profile.keptAtPeak, std::vector<NodeId>{1});
}

TEST(PlanVerifierTest, RecomputeShortensLiveRange) {
  Problem p = chainWithSkip();
  Plan plan = Plan::keepAll(p);
  plan.recomputeBefore[4] = {1}; // a again, just before d
  Verification v = verifyPlan(p, plan);
  ASSERT_TRUE(v.ok()) << v.error;
  // a, b, c, a', d, return. The first a dies after b reads it.
  EXPECT_EQ(v.profile.live, (std::vector<int64_t>{12, 20, 20, 20, 28, 12}));
  EXPECT_EQ(v.profile.peak, 28);
  EXPECT_EQ(v.profile.peakIndex, 4u);
  AddedCost added = measureAddedCost(p, plan, v.profile);
  EXPECT_DOUBLE_EQ(added.cost, 10.0);
  EXPECT_EQ(added.moves, 0);
  EXPECT_EQ(plan.numRecomputations(), 1);
}

// Recomputing a node before its first read leaves the original copy unread:
// the recomputation is a move (the rewrite computes the node there instead)
// and adds no cost. A second recomputation of it does.
TEST(PlanVerifierTest, MoveCostsNothing) {
  Problem p = chainWithSkip();
  Plan plan = Plan::keepAll(p);
  plan.recomputeBefore[3] = {2}; // b again, before c, its only reader
  Verification v = verifyPlan(p, plan);
  ASSERT_TRUE(v.ok()) << v.error;
  std::vector<PlanMove> moves = findMoves(p, v.profile);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0].anchor, 3);
  EXPECT_EQ(moves[0].node, 2);
  AddedCost added = measureAddedCost(p, plan, v.profile);
  EXPECT_DOUBLE_EQ(added.cost, 0.0);
  EXPECT_EQ(added.moves, 1);
  // a is read by b and, later, by d: its recomputation before d is not a
  // move.
  plan.recomputeBefore[4] = {1};
  v = verifyPlan(p, plan);
  ASSERT_TRUE(v.ok()) << v.error;
  added = measureAddedCost(p, plan, v.profile);
  EXPECT_DOUBLE_EQ(added.cost, p.node(1).cost);
  EXPECT_EQ(added.moves, 1);
}

TEST(PlanVerifierTest, ChainNeedsOperands) {
  Problem p = chainWithSkip();
  Plan plan = Plan::keepAll(p);
  plan.recomputeBefore[4] = {2}; // b's operand a is still live: fine, unused
  Verification v = verifyPlan(p, plan);
  EXPECT_FALSE(v.ok());
  EXPECT_NE(v.error.find("recomputed before step 4 but never read"),
            std::string::npos)
      << v.error;
}

/// x (4 bytes) -> a -> b -> c (8 bytes each), c returned.
Problem chainOfThree() {
  Problem p;
  p.addNode(argument("x", 4));      // 0
  p.addNode(computed("a", 8, {0})); // 1
  p.addNode(computed("b", 8, {1})); // 2
  Node c = computed("c", 8, {2});   // 3
  c.isOutput = true;
  p.addNode(c);
  return p;
}

TEST(PlanVerifierTest, RecomputeExtendsOperandLife) {
  Problem p = chainOfThree();
  Plan plan = Plan::keepAll(p);
  // Recomputing b before c reads a again: a's only copy now lives until
  // then, and the original b is freed as soon as it is made. The replay
  // accounts for both; judging whether that is worth it is the solver's job.
  plan.recomputeBefore[3] = {2};
  Verification v = verifyPlan(p, plan);
  ASSERT_TRUE(v.ok()) << v.error;
  // a, b, b', c, return.
  EXPECT_EQ(v.profile.live, (std::vector<int64_t>{12, 20, 20, 20, 12}));
}

// The same plan as the rewrite runs it: nothing reads the original b, so
// applyPlan erases it. replayAsRewritten drops its execution and its bytes;
// b is a move (computed once, later), not a recomputation.
TEST(PlanVerifierTest, RewrittenReplayDropsAMovesOriginal) {
  Problem p = chainOfThree();
  Plan plan = Plan::keepAll(p);
  plan.recomputeBefore[3] = {2};
  Verification v = replayAsRewritten(p, plan);
  ASSERT_TRUE(v.ok()) << v.error;
  // a, b', c, return.
  ASSERT_EQ(v.profile.executions.size(), 4u);
  EXPECT_EQ(v.profile.executions[1].kind, Execution::Kind::Recompute);
  EXPECT_EQ(v.profile.live, (std::vector<int64_t>{12, 20, 20, 12}));
  EXPECT_EQ(v.profile.peak, 20);
  std::vector<PlanMove> moves = findMoves(p, v.profile);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0].node, 2);
  EXPECT_EQ(moves[0].anchor, 3);
  // The solvers' replay keeps the unread original; both find the same move.
  Verification kept = verifyPlan(p, plan);
  ASSERT_TRUE(kept.ok()) << kept.error;
  ASSERT_EQ(findMoves(p, kept.profile).size(), 1u);
  EXPECT_EQ(findMoves(p, kept.profile)[0].node, 2);
}

// A dropped original no longer reads its operands: here the original a is
// read only by the original b, which is dropped, so a's original is dropped
// too, and a's recomputation is a move as well.
TEST(PlanVerifierTest, RewrittenReplayDropsOriginalsInCascade) {
  Problem p;
  p.addNode(argument("x", 4));       // 0
  p.addNode(computed("a", 8, {0}));  // 1
  p.addNode(computed("b", 8, {1}));  // 2
  p.addNode(computed("d", 2, {0}));  // 3
  Node c = computed("c", 8, {2, 3}); // 4
  c.isOutput = true;
  p.addNode(c);
  Plan plan = Plan::keepAll(p);
  plan.recomputeBefore[4] = {1, 2};
  Verification v = replayAsRewritten(p, plan);
  ASSERT_TRUE(v.ok()) << v.error;
  // d, a', b', c, return: a and b are computed once, just before c.
  ASSERT_EQ(v.profile.executions.size(), 5u);
  EXPECT_EQ(v.profile.executions[0].node, 3);
  EXPECT_EQ(v.profile.live, (std::vector<int64_t>{6, 14, 22, 22, 12}));
  EXPECT_EQ(findMoves(p, v.profile).size(), 2u);
  // The solvers' replay runs both originals (a is read by b), and finds
  // only b's move.
  Verification kept = verifyPlan(p, plan);
  ASSERT_TRUE(kept.ok()) << kept.error;
  EXPECT_EQ(kept.profile.executions.size(), 7u);
  EXPECT_EQ(findMoves(p, kept.profile).size(), 1u);
}

// A returned argument's copy is made at the return, after what the plan
// runs before the return: the rewritten replay runs those first.
TEST(PlanVerifierTest, RewrittenReplayMakesReturnCopiesLast) {
  Problem p;
  p.addNode(argument("x", 4));      // 0
  p.addNode(computed("a", 8, {0})); // 1
  Node b = computed("b", 8, {1});   // 2
  b.isOutput = true;
  p.addNode(b);
  Node copy = computed("copy of x", 16, {0}); // 3
  copy.isOutput = true;
  copy.recomputable = false;
  copy.mustSave = true;
  copy.returnCopy = true;
  p.addNode(copy);
  Plan plan = Plan::keepAll(p);
  plan.recomputeBefore[4] = {2}; // b moved to just before the return
  Verification kept = verifyPlan(p, plan);
  ASSERT_TRUE(kept.ok()) << kept.error;
  // a, b (unread), copy, b', return: the copy is live while b' is made.
  EXPECT_EQ(kept.profile.peak, 4 + 8 + 16 + 8);
  Verification v = replayAsRewritten(p, plan);
  ASSERT_TRUE(v.ok()) << v.error;
  // a, b', copy, return: a is freed after b', before the copy.
  ASSERT_EQ(v.profile.executions.size(), 4u);
  EXPECT_EQ(v.profile.executions[1].kind, Execution::Kind::Recompute);
  EXPECT_EQ(v.profile.executions[2].node, 3);
  EXPECT_EQ(v.profile.peak, 4 + 8 + 16);
}

TEST(PlanVerifierTest, RecomputingSideEffectsIsAnError) {
  Problem p = chainWithSkip();
  p.node(1).recomputable = false;
  Plan plan = Plan::keepAll(p);
  plan.recomputeBefore[4] = {1};
  Verification v = verifyPlan(p, plan);
  ASSERT_FALSE(v.ok());
  EXPECT_NE(v.error.find("has side effects"), std::string::npos) << v.error;
}

// An offloading policy's value goes to host memory when evicted, never
// recomputed: the plan's replay refuses it, which the cover bound relies on.
TEST(PlanVerifierTest, RecomputingAValueAPolicyOffloadsIsAnError) {
  Problem p = chainWithSkip();
  p.node(1).offloadable = true;
  p.node(1).mustOffload = true;
  Plan plan = Plan::keepAll(p);
  plan.recomputeBefore[4] = {1};
  Verification v = verifyPlan(p, plan);
  ASSERT_FALSE(v.ok());
  EXPECT_NE(v.error.find("must be offloaded"), std::string::npos) << v.error;
}

TEST(PlanVerifierTest, KeepLimitIsEnforced) {
  Problem p = chainWithSkip();
  p.node(1).keepLimit = 2; // a may serve b (step 2) but not d (step 4)
  Verification kept = verifyPlan(p, Plan::keepAll(p));
  ASSERT_FALSE(kept.ok());
  EXPECT_NE(kept.error.find("kept past its keep limit"), std::string::npos)
      << kept.error;
  Plan plan = Plan::keepAll(p);
  plan.recomputeBefore[4] = {1};
  EXPECT_TRUE(verifyPlan(p, plan).ok());
}

TEST(PlanVerifierTest, OffloadAndReload) {
  Problem p = chainWithSkip();
  p.node(1).offloadable = true;
  Plan plan = Plan::keepAll(p);
  plan.offloadAfter[2] = {1}; // after b, the last read before the gap
  plan.reloadBefore[4] = {1};
  Verification v = verifyPlan(p, plan);
  ASSERT_TRUE(v.ok()) << v.error;
  // a, b, offload(a), c, reload(a), d, return.
  ASSERT_EQ(v.profile.executions.size(), 7u);
  EXPECT_EQ(v.profile.live, (std::vector<int64_t>{12, 20, 20, 20, 20, 28, 12}));
  EXPECT_EQ(v.profile.hostPeak, 8);
  EXPECT_DOUBLE_EQ(measureAddedCost(p, plan, v.profile).cost,
                   2 * 8 * p.transferCostPerByte);
}

// A value already in host memory (an explicit remat.offload in the input)
// holds its host bytes while each copy of it lives, never device bytes.
TEST(PlanVerifierTest, HostValuesCountInTheHostPeak) {
  Problem p = chainWithSkip();
  p.node(1).bytes = 0;
  p.node(1).hostBytes = 8; // a lives in host memory until d reads it
  p.node(2).hostBytes = 4; // and so does b, until c
  Verification v = verifyPlan(p, Plan::keepAll(p));
  ASSERT_TRUE(v.ok()) << v.error;
  // a, b, c, d, return: host bytes 8, 12, 12, 8, 0.
  EXPECT_EQ(v.profile.hostPeak, 12);
  EXPECT_EQ(v.profile.live, (std::vector<int64_t>{4, 12, 20, 20, 12}));
  p.node(2).hostBytes = -1;
  EXPECT_NE(p.check(), std::nullopt);
}

// Reports draw and list every copy: the original, recomputed and reloaded
// device copies, and the host copy, each over the executions it spans.
TEST(PlanVerifierTest, LifetimesOfEveryCopy) {
  Problem p = chainWithSkip();
  p.node(1).offloadable = true;
  Plan plan = Plan::keepAll(p);
  plan.offloadAfter[2] = {1};
  plan.reloadBefore[4] = {1};
  plan.recomputeBefore[4] = {3}; // c again, just before d
  Verification v = verifyPlan(p, plan);
  ASSERT_TRUE(v.ok()) << v.error;
  // 0 a, 1 b, 2 offload(a), 3 c, 4 reload(a), 5 recompute(c), 6 d, 7 return.
  using K = Lifetime::Kind;
  std::vector<std::tuple<NodeId, K, size_t, size_t>> got;
  for (const Lifetime &life : v.profile.lifetimes)
    got.emplace_back(life.node, life.kind, life.first, life.last);
  std::vector<std::tuple<NodeId, K, size_t, size_t>> expected = {
      {1, K::Original, 0, 2},   // a: read by b and by its offload
      {2, K::Original, 1, 5},   // b: read by c and by c's recomputation
      {3, K::Original, 3, 3},   // c: its reads moved to the recomputed copy
      {1, K::Reloaded, 4, 6},   // a again, read by d
      {3, K::Recomputed, 5, 6}, // c again, read by d
      {4, K::Original, 6, 7},   // d: the output
      {1, K::Host, 2, 4},       // a in host memory, offload to reload
  };
  EXPECT_EQ(got, expected);
}

TEST(PlanVerifierTest, ReloadWithoutOffloadIsAnError) {
  Problem p = chainWithSkip();
  p.node(1).offloadable = true;
  Plan plan = Plan::keepAll(p);
  plan.reloadBefore[4] = {1};
  Verification v = verifyPlan(p, plan);
  ASSERT_FALSE(v.ok());
  EXPECT_NE(v.error.find("never offloaded"), std::string::npos) << v.error;
}

TEST(PlanVerifierTest, ScratchCountsOnlyWhileRunning) {
  Problem p = chainWithSkip();
  p.node(2).scratchBytes = 100;
  Verification v = verifyPlan(p, Plan::keepAll(p));
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(v.profile.live, (std::vector<int64_t>{12, 120, 28, 28, 12}));
  EXPECT_EQ(v.profile.working[1], 116);
}

TEST(PlanVerifierTest, CheckRejectsMalformedProblems) {
  Problem p;
  p.addNode(computed("a", 8, {1}));
  ASSERT_TRUE(p.check().has_value());
  EXPECT_EQ(*p.check(),
            "node 0 (a) reads node 1, which is not an earlier node");
  Problem q;
  Node n = computed("n", -1, {});
  q.addNode(n);
  EXPECT_EQ(*q.check(), "node 0 (n) has a negative size");
  Problem r = chainWithSkip();
  r.node(1).mustSave = true;
  r.node(1).keepLimit = 2;
  EXPECT_EQ(*r.check(),
            "node 1 (a) must be saved but a policy says it must not be kept");
  Problem s = chainWithSkip();
  s.node(1).keepLimit = 2;
  s.node(1).recomputable = false;
  EXPECT_EQ(*s.check(), "node 1 (a) may not be kept past step 2 but can be "
                        "neither recomputed nor offloaded");
}

TEST(PlanVerifierTest, ComputeUses) {
  Problem p = chainWithSkip();
  auto uses = p.computeUses();
  EXPECT_EQ(uses[1], (std::vector<Step>{2, 4}));
  EXPECT_EQ(uses[4], (std::vector<Step>{5}));
  EXPECT_TRUE(uses[0].size() == 1 && uses[0][0] == 1);
}

} // namespace

namespace {

// Past its keep limit a node is read only from a copy made after the limit:
// a copy recomputed before it is a value of the forward pass kept into the
// backward as much as the original would be.
TEST(PlanVerifierTest, KeepLimitRefusesCopiesMadeBeforeIt) {
  Problem p = chainWithSkip();
  p.node(1).keepLimit = 2; // a may serve b but not d
  Plan laundered = Plan::keepAll(p);
  laundered.recomputeBefore[2] = {1}; // a again before b, kept for d
  Verification v = verifyPlan(p, laundered);
  EXPECT_FALSE(v.ok());
  EXPECT_NE(v.error.find("the copy read was made at step 2, not after the "
                         "limit"),
            std::string::npos)
      << v.error;
  Plan after = Plan::keepAll(p);
  after.recomputeBefore[3] = {1}; // made after the limit: serves d
  EXPECT_TRUE(verifyPlan(p, after).ok());
}

} // namespace

namespace {

// An op and its side result are one computation (the compiled op makes
// both): a recomputation a plan anchors before the side result runs after
// it, with the side result alive, as in the compiled code. Measured on a
// scan-like op whose side result is 128 B: before the replay placed it so,
// a plan 128 B over its budget passed as within it.
TEST(PlanVerifierTest, AnchorsAtSideResultsRunAfterThem) {
  Problem p;
  NodeId x = p.addNode(argument("x", 64));
  NodeId a = p.addNode(computed("a", 256, {x}));
  NodeId op = p.addNode(computed("op", 128, {a}));
  Node side = computed("op result 1", 128, {op});
  side.recomputable = false;
  side.withPrevious = true;
  NodeId s = p.addNode(side);
  NodeId b = p.addNode(output(computed("b", 64, {op, s})));
  NodeId c = p.addNode(output(computed("c", 64, {a, b})));
  ASSERT_FALSE(p.check()) << *p.check();
  (void)c;

  Plan atSide = Plan::keepAll(p);
  atSide.recomputeBefore[s] = {a}; // a dropped after op, back before c
  Plan atNext = Plan::keepAll(p);
  atNext.recomputeBefore[b] = {a};
  Verification v = verifyPlan(p, atSide);
  Verification w = verifyPlan(p, atNext);
  ASSERT_TRUE(v.ok()) << v.error;
  ASSERT_TRUE(w.ok()) << w.error;
  // The same executions in the same order: the recomputation after the
  // side result, so a's copy, op and its side result are live together
  // (the peak, at b: x, op, its side result, a's copy and b).
  EXPECT_EQ(v.profile.live, w.profile.live);
  EXPECT_EQ(v.profile.peak, 64 + 128 + 128 + 256 + 64);
  ASSERT_EQ(v.profile.executions.size(), w.profile.executions.size());
  for (size_t i = 0; i < v.profile.executions.size(); ++i)
    EXPECT_EQ(v.profile.executions[i].node, w.profile.executions[i].node);
  Plan placed = placeAnchorsAfterSideResults(p, atSide);
  EXPECT_TRUE(placed.recomputeBefore[s].empty());
  EXPECT_EQ(placed.recomputeBefore[b], std::vector<NodeId>{a});

  // Offloads after the op run after its side result too.
  Plan offload = Plan::keepAll(p);
  offload.offloadAfter[op] = {a};
  EXPECT_EQ(placeAnchorsAfterSideResults(p, offload).offloadAfter[s],
            std::vector<NodeId>{a});

  // A side result needs a computed node before it.
  Problem bad;
  Node lone = computed("lone", 8, {});
  lone.withPrevious = true;
  bad.addNode(lone);
  ASSERT_TRUE(bad.check().has_value());
  EXPECT_NE(bad.check()->find("computed with the node before it"),
            std::string::npos);
}

} // namespace
