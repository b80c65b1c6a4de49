//===- RevolveScanTest.cpp - the two parts of a Revolve scan --------------===//
//
// Replays planRevolveScan's plans as the compiled code runs them: the
// forward scan fills the snapshot slots, then the backward's actions must
// only read slots holding the carry they claim, only advance from and turn
// at the current carry, turn every layer once from the last down, and
// together with the forward scan run exactly Revolve's t(l, s) untaped
// forward steps. Checked for every l <= 300 with every s <= 24, and for
// long chains.
//
//===----------------------------------------------------------------------===//

#include "remat/Core/RevolveScan.h"

#include "remat/Core/ChainSolver.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

using namespace remat;

namespace {

/// Replays `plan` for `l` layers and `s` slots; fails the test on the first
/// action that is not possible, and checks the totals.
void replay(const RevolveScanPlan &plan, int64_t l, int64_t s) {
  SCOPED_TRACE("l = " + std::to_string(l) + ", s = " + std::to_string(s));
  ASSERT_TRUE(plan.ok()) << plan.error;
  ASSERT_FALSE(plan.snapshots.empty());
  EXPECT_EQ(plan.snapshots.front(), 0);
  EXPECT_TRUE(std::is_sorted(plan.snapshots.begin(), plan.snapshots.end()));
  EXPECT_LE(static_cast<int64_t>(plan.snapshots.size()), plan.slotRows);
  EXPECT_LE(plan.slotRows, s);
  // The forward scan: slot k holds the carry entering layer snapshots[k].
  std::vector<int64_t> slots(plan.slotRows, -1);
  for (size_t k = 0; k < plan.snapshots.size(); ++k)
    slots[k] = plan.snapshots[k];
  int64_t current = -1, nextTurn = l - 1, advances = 0;
  using Kind = RevolveScanStep::Kind;
  for (const RevolveScanStep &step : plan.backward) {
    switch (step.kind) {
    case Kind::Advance:
      ASSERT_EQ(step.a, current);
      ASSERT_LT(step.a, step.b);
      ASSERT_LE(step.b, l - 1);
      advances += step.b - step.a;
      current = step.b;
      break;
    case Kind::Store:
      ASSERT_GE(step.a, 0);
      ASSERT_LT(step.a, plan.slotRows);
      ASSERT_EQ(step.b, current);
      slots[step.a] = current;
      break;
    case Kind::Restore:
      ASSERT_GE(step.a, 0);
      ASSERT_LT(step.a, plan.slotRows);
      ASSERT_EQ(slots[step.a], step.b) << "slot " << step.a;
      current = step.b;
      break;
    case Kind::Turn:
      ASSERT_EQ(step.a, nextTurn);
      ASSERT_EQ(current, step.a);
      --nextTurn;
      current = -1;
      break;
    }
  }
  EXPECT_EQ(nextTurn, -1) << "not every layer was turned";
  EXPECT_EQ(advances, plan.backwardAdvances);
  // The forward scan advanced to the last snapshot; the rest is the
  // backward's.
  EXPECT_EQ(plan.snapshots.back() + plan.backwardAdvances,
            revolveForwardSteps({l, s}));
}

TEST(RevolveScanTest, EveryShortChain) {
  for (int64_t l = 2; l <= 300; ++l)
    for (int64_t s = 1; s <= std::min<int64_t>(l - 1, 24); ++s)
      replay(planRevolveScan(l, s), l, s);
}

TEST(RevolveScanTest, LongChains) {
  for (int64_t l : {1000, 4096, 10000})
    for (int64_t s : {1, 2, 5, 10, 50, 141, 500})
      replay(planRevolveScan(l, s), l, s);
  replay(planRevolveScan(10000, 9999), 10000, 9999);
}

TEST(RevolveScanTest, HandExample) {
  // Three layers, one slot: store x0; the forward runs to the output; the
  // backward re-advances from x0 for each layer.
  RevolveScanPlan plan = planRevolveScan(3, 1);
  ASSERT_TRUE(plan.ok()) << plan.error;
  EXPECT_EQ(plan.snapshots, std::vector<int64_t>{0});
  EXPECT_EQ(plan.slotRows, 1);
  using Kind = RevolveScanStep::Kind;
  std::vector<std::pair<Kind, int64_t>> expected{
      {Kind::Restore, 0}, {Kind::Advance, 0}, {Kind::Turn, 2},
      {Kind::Restore, 0}, {Kind::Advance, 0}, {Kind::Turn, 1},
      {Kind::Restore, 0}, {Kind::Turn, 0}};
  ASSERT_EQ(plan.backward.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(plan.backward[i].kind, expected[i].first) << i;
    EXPECT_EQ(plan.backward[i].a, expected[i].second) << i;
  }
  EXPECT_EQ(plan.backwardAdvances, 3); // 2 for layer 2, 1 for layer 1
  // With l - 1 slots every carry but the last layer's is stored: the
  // backward advances once, from the last slot to that layer.
  RevolveScanPlan all = planRevolveScan(5, 4);
  ASSERT_TRUE(all.ok()) << all.error;
  EXPECT_EQ(all.snapshots, (std::vector<int64_t>{0, 1, 2, 3}));
  EXPECT_EQ(all.backwardAdvances, 1);
}

TEST(RevolveScanTest, RejectsOutOfRange) {
  EXPECT_FALSE(planRevolveScan(1, 1).ok());
  EXPECT_FALSE(planRevolveScan(5, 0).ok());
  EXPECT_FALSE(planRevolveScan(5, 5).ok());
  EXPECT_NE(planRevolveScan(5, 5).error.find("between 1 and 4"),
            std::string::npos);
}

TEST(RevolveScanTest, DefaultSlotsRepeatAtMostTwice) {
  for (int64_t l = 2; l <= 20000; l += (l < 200 ? 1 : 97)) {
    int64_t s = defaultRevolveSlots(l);
    ASSERT_GE(s, 1);
    ASSERT_LE(s, l - 1);
    EXPECT_LE(revolveRepetitions({l, s}), 2) << l;
    if (s > 1)
      EXPECT_GT(revolveRepetitions({l, s - 1}), 2) << l << ": not the fewest";
  }
  EXPECT_EQ(defaultRevolveSlots(10000), 140);
}

} // namespace
