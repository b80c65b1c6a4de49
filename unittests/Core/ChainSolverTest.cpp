//===- ChainSolverTest.cpp - Revolve and the heterogeneous chain DP -------===//
//
// Revolve: for every l <= 1000 and s <= 10, the closed form, an independent
// dynamic programme and the simulated schedule agree. The heterogeneous DP:
// against brute-force enumeration of every schedule of small chains, each
// simulated by a replay of its own (independent of the solver's accounting),
// monotone in the budget, and equal to Revolve on homogeneous chains.
//
// Forward-step convention (Revolve): counted are the forward steps run
// without taping (Advance); the taped step run just before each adjoint is
// not, so reversing one step costs 0 and one slot costs l(l-1)/2.
//
//===----------------------------------------------------------------------===//

#include "remat/Core/ChainSolver.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <set>
#include <string>
#include <vector>

using namespace remat;

namespace {

//===----------------------------------------------------------------------===//
// Revolve
//===----------------------------------------------------------------------===//

constexpr int kMaxSteps = 1000;
constexpr int kMaxSlots = 10;

/// C(n, k) by the multiplicative formula; the tests' values stay small.
uint64_t binomial(uint64_t n, uint64_t k) {
  if (k > n)
    return 0;
  k = std::min(k, n - k);
  uint64_t c = 1;
  for (uint64_t i = 0; i < k; ++i)
    c = c * (n - i) / (i + 1);
  return c;
}

/// t(l, s) = r l - C(s + r, s + 1), r least with C(s + r, s) >= l, from the
/// binomials directly.
int64_t closedForm(int64_t l, int64_t s) {
  int64_t r = 0;
  while (binomial(s + r, s) < static_cast<uint64_t>(l))
    ++r;
  return r * l - static_cast<int64_t>(binomial(s + r, s + 1));
}

/// F[s][l] by the classical recurrence. F(0, s) = F(1, s) = 0 (one step is
/// reversed from the current state, whatever the slots); F(l, 0) is
/// impossible for l >= 2; else, with j the first checkpoint's distance from
/// x_0: F(l, s) = min_{0<j<l} j + F(l - j, s - 1) + F(j, s) (advance j, reverse
/// the rest with x_j in one more slot, then the first j with x_0's).
std::vector<std::vector<int64_t>> revolveTable() {
  const int64_t impossible = std::numeric_limits<int64_t>::max() / 4;
  std::vector<std::vector<int64_t>> f(kMaxSlots + 1,
                                      std::vector<int64_t>(kMaxSteps + 1));
  for (int s = 0; s <= kMaxSlots; ++s)
    for (int l = 0; l <= kMaxSteps; ++l) {
      if (l <= 1) {
        f[s][l] = 0;
        continue;
      }
      if (s == 0) {
        f[s][l] = impossible;
        continue;
      }
      int64_t best = impossible;
      for (int j = 1; j < l; ++j)
        best = std::min(best, j + f[s - 1][l - j] + f[s][j]);
      f[s][l] = best;
    }
  return f;
}

/// Replays a Revolve schedule: checks every action and returns the forward
/// steps advanced, or -1 with `error` set.
int64_t simulateRevolve(const RevolveSchedule &schedule, int64_t l, int64_t s,
                        std::string &error) {
  std::vector<int64_t> slot(s, -1);
  int64_t current = -1, next = l - 1, advanced = 0;
  auto fail = [&](size_t i, const std::string &what) {
    error = "action " + std::to_string(i) + ": " + what;
    return -1;
  };
  const std::vector<RevolveStep> &actions = schedule.actions;
  if (actions.empty() || actions[0].action != RevolveAction::TakeShot)
    return fail(0, "does not start by storing x_0");
  current = 0;
  for (size_t i = 0; i < actions.size(); ++i) {
    const RevolveStep &step = actions[i];
    switch (step.action) {
    case RevolveAction::Advance:
      if (current < 0 || step.state <= current || step.state > next)
        return fail(i, "advances from no state, backwards or past the step "
                       "to reverse");
      advanced += step.state - current;
      current = step.state;
      break;
    case RevolveAction::TakeShot:
      if (step.slot < 0 || step.slot >= s || current != step.state)
        return fail(i, "stores a state that is not current or in no slot");
      slot[step.slot] = current;
      break;
    case RevolveAction::Restore:
      if (step.slot < 0 || step.slot >= s || slot[step.slot] != step.state)
        return fail(i, "restores a state its slot does not hold");
      current = step.state;
      break;
    case RevolveAction::FirstTurn:
    case RevolveAction::YouTurn:
      if (step.state != next || current != next)
        return fail(i, "reverses a step out of order or without its input");
      if ((step.action == RevolveAction::FirstTurn) != (next == l - 1))
        return fail(i, "first turn is not the last step's");
      --next;
      current = -1; // the taped step consumed it
      break;
    }
  }
  if (next != -1)
    return fail(actions.size(), "not every step was reversed");
  return advanced;
}

/// A homogeneous chain (braces do not survive the gtest macros).
HomogeneousChain homogeneous(int64_t steps, int64_t slots) {
  return {steps, slots};
}

TEST(ChainRevolveTest, CheckRejectsBadChains) {
  EXPECT_EQ(*homogeneous(0, 3).check(),
            "a chain needs at least one step (got 0)");
  EXPECT_TRUE(homogeneous(-4, 3).check());
  EXPECT_EQ(*homogeneous(5, 0).check(),
            "reversing a chain needs at least one checkpoint slot, for its "
            "input (got 0)");
  EXPECT_TRUE(homogeneous(HomogeneousChain::kMaxSteps + 1, 3).check());
  EXPECT_FALSE(homogeneous(1, 1).check());
  RevolveSchedule bad = solveRevolve({3, -1});
  EXPECT_FALSE(bad.ok());
  EXPECT_TRUE(bad.actions.empty());
}

TEST(ChainRevolveTest, HandExamples) {
  // Three steps, two slots: store x_1 on the way, reverse 2, 1, then 0.
  RevolveSchedule schedule = solveRevolve({3, 2});
  ASSERT_TRUE(schedule.ok()) << schedule.error;
  EXPECT_EQ(schedule.forwardSteps, 2);
  EXPECT_EQ(schedule.repetitions, 1);
  std::vector<std::pair<RevolveAction, int32_t>> got;
  for (const RevolveStep &step : schedule.actions)
    got.emplace_back(step.action, step.state);
  using A = RevolveAction;
  EXPECT_EQ(got, (std::vector<std::pair<A, int32_t>>{{A::TakeShot, 0},
                                                     {A::Advance, 1},
                                                     {A::TakeShot, 1},
                                                     {A::Advance, 2},
                                                     {A::FirstTurn, 2},
                                                     {A::Restore, 1},
                                                     {A::YouTurn, 1},
                                                     {A::Restore, 0},
                                                     {A::YouTurn, 0}}));
  // One slot: everything from x_0.
  EXPECT_EQ(revolveForwardSteps({10, 1}), 45);
  EXPECT_EQ(revolveRepetitions({10, 1}), 9);
  // Enough slots: every step advanced once, but the last.
  EXPECT_EQ(revolveForwardSteps({10, 10}), 9);
  EXPECT_EQ(revolveForwardSteps({10, 1000}), 9);
  EXPECT_EQ(revolveForwardSteps({1, 1}), 0);
}

TEST(ChainRevolveTest, ClosedFormMatchesDynamicProgramme) {
  std::vector<std::vector<int64_t>> f = revolveTable();
  for (int s = 1; s <= kMaxSlots; ++s)
    for (int l = 1; l <= kMaxSteps; ++l) {
      int64_t t = revolveForwardSteps({l, s});
      ASSERT_EQ(t, closedForm(l, s)) << "l=" << l << " s=" << s;
      ASSERT_EQ(t, f[s][l]) << "l=" << l << " s=" << s;
    }
}

TEST(ChainRevolveTest, SchedulesAreValidAndOptimal) {
  for (int s = 1; s <= kMaxSlots; ++s)
    for (int l = 1; l <= kMaxSteps; ++l) {
      RevolveSchedule schedule = solveRevolve({l, s});
      ASSERT_TRUE(schedule.ok()) << schedule.error;
      std::string error;
      int64_t advanced = simulateRevolve(schedule, l, s, error);
      ASSERT_GE(advanced, 0) << "l=" << l << " s=" << s << ": " << error;
      ASSERT_EQ(advanced, schedule.forwardSteps) << "l=" << l << " s=" << s;
      ASSERT_EQ(advanced, closedForm(l, s)) << "l=" << l << " s=" << s;
      ASSERT_EQ(schedule.repetitions, revolveRepetitions({l, s}));
    }
}

TEST(ChainRevolveTest, LongChainsStayFastAndValid) {
  for (auto [l, s] : std::vector<std::pair<int64_t, int64_t>>{
           {2000, 1}, {100000, 2}, {1000000, 5}, {1000000, 40}, {3, 1000000}}) {
    RevolveSchedule schedule = solveRevolve({l, s});
    ASSERT_TRUE(schedule.ok()) << schedule.error;
    std::string error;
    int64_t advanced = simulateRevolve(schedule, l, s, error);
    ASSERT_GE(advanced, 0) << error;
    EXPECT_EQ(advanced, revolveForwardSteps({l, s}));
  }
  // The closed form stays exact where it is large.
  EXPECT_EQ(revolveForwardSteps({HomogeneousChain::kMaxSteps, 1}),
            HomogeneousChain::kMaxSteps * (HomogeneousChain::kMaxSteps - 1) /
                2);
}

//===----------------------------------------------------------------------===//
// Heterogeneous chains
//===----------------------------------------------------------------------===//

using Kind = ChainOp::Kind;

/// What a replay of a chain schedule measured.
struct Replay {
  std::string error;
  double cost = 0;
  int64_t peak = 0;
};

/// Replays ops with the documented model, independently of the solver: the
/// values are a_i, tape_i and d_i; each is freed after its last read before
/// it is written again.
Replay replay(const HeterogeneousChain &chain, const std::vector<ChainOp> &ops) {
  const int n = chain.size();
  auto actBytes = [&](int i) {
    return i == n ? chain.outputBytes : chain.inputBytes[i];
  };
  // Values: 0..n activations, n+1..2n+1 gradients, 2n+2.. tapes, 3n+2..
  // persistent values (kept to the end).
  auto act = [](int i) { return i; };
  auto grad = [n](int i) { return n + 1 + i; };
  auto tape = [n](int i) { return 2 * n + 2 + i; };
  auto kept = [n](int i) { return 3 * n + 2 + i; };
  auto size = [&](int v) -> int64_t {
    if (v <= n)
      return actBytes(v);
    if (v <= 2 * n + 1)
      return actBytes(v - n - 1);
    if (v < 3 * n + 2)
      return chain.internalBytes[v - 2 * n - 2];
    return chain.persistentBytes.empty() ? 0
                                         : chain.persistentBytes[v - 3 * n - 2];
  };
  struct Io {
    std::vector<int> reads, writes;
  };
  std::vector<Io> io;
  Replay out;
  for (const ChainOp &op : ops) {
    int i = op.layer;
    if (i < 0 || i >= n) {
      out.error = "layer out of range";
      return out;
    }
    switch (op.kind) {
    case Kind::Forward:
      io.push_back({{act(i)}, {act(i + 1)}});
      out.cost += chain.forwardCost[i];
      break;
    case Kind::ForwardStoreAll:
      io.push_back({{act(i)}, {act(i + 1), tape(i)}});
      out.cost += chain.forwardCost[i];
      break;
    case Kind::Backward:
      io.push_back({{grad(i + 1), act(i), tape(i)}, {grad(i), kept(i)}});
      out.cost += chain.backwardCost[i];
      break;
    }
  }
  // Is v read at or after position `from` before being written again?
  auto readLater = [&](int v, size_t from) {
    if (v >= kept(0))
      return true;
    for (size_t k = from; k < io.size(); ++k) {
      if (std::count(io[k].reads.begin(), io[k].reads.end(), v))
        return true;
      if (std::count(io[k].writes.begin(), io[k].writes.end(), v))
        return false;
    }
    return v == grad(0); // the result
  };
  std::set<int> live{act(0), grad(n)};
  int nextBackward = n - 1;
  for (size_t k = 0; k < io.size(); ++k) {
    for (int v : io[k].reads)
      if (!live.count(v)) {
        out.error = "op " + std::to_string(k) + " reads a value not in memory";
        return out;
      }
    if (ops[k].kind == Kind::Backward && ops[k].layer != nextBackward--) {
      out.error = "op " + std::to_string(k) + " is a backward out of order";
      return out;
    }
    for (int v : io[k].writes)
      live.insert(v);
    int64_t bytes = 0;
    for (int v : live)
      bytes += size(v);
    out.peak = std::max(out.peak, bytes);
    for (auto it = live.begin(); it != live.end();)
      it = readLater(*it, k + 1) ? std::next(it) : live.erase(it);
  }
  if (nextBackward != -1 || !live.count(grad(0)))
    out.error = "the backward is incomplete";
  return out;
}

/// Every schedule of the model for [a, b): store all at a, or advance to a
/// checkpoint j and reverse [j, b) then [a, j).
std::vector<std::vector<ChainOp>> enumerate(int a, int b) {
  if (a == b)
    return {{}};
  std::vector<std::vector<ChainOp>> all;
  for (const std::vector<ChainOp> &rest : enumerate(a + 1, b)) {
    std::vector<ChainOp> ops{{Kind::ForwardStoreAll, a}};
    ops.insert(ops.end(), rest.begin(), rest.end());
    ops.push_back({Kind::Backward, a});
    all.push_back(std::move(ops));
  }
  for (int j = a + 1; j < b; ++j) {
    std::vector<std::vector<ChainOp>> right = enumerate(j, b);
    std::vector<std::vector<ChainOp>> left = enumerate(a, j);
    for (const std::vector<ChainOp> &r : right)
      for (const std::vector<ChainOp> &l : left) {
        std::vector<ChainOp> ops;
        for (int k = a; k < j; ++k)
          ops.push_back({Kind::Forward, k});
        ops.insert(ops.end(), r.begin(), r.end());
        ops.insert(ops.end(), l.begin(), l.end());
        all.push_back(std::move(ops));
      }
  }
  return all;
}

HeterogeneousChain randomChain(std::mt19937 &rng, int layers, int maxSize,
                               int maxInternal, int maxPersistent = 0) {
  std::uniform_int_distribution<int> size(0, maxSize), internal(0, maxInternal),
      persistent(0, maxPersistent), cost(0, 9);
  HeterogeneousChain chain;
  for (int i = 0; i < layers; ++i) {
    chain.forwardCost.push_back(1 + cost(rng));
    chain.backwardCost.push_back(cost(rng));
    chain.inputBytes.push_back(size(rng));
    chain.internalBytes.push_back(internal(rng));
    if (maxPersistent > 0)
      chain.persistentBytes.push_back(persistent(rng));
  }
  chain.outputBytes = size(rng);
  return chain;
}

/// Solves with the given budget, expecting no error.
ChainSchedule solveAt(const HeterogeneousChain &chain, int64_t budget,
                      int32_t maxSlots = 2000) {
  ChainSolverOptions options;
  options.budget = budget;
  options.maxSlots = maxSlots;
  ChainSchedule result = solveHeterogeneousChain(chain, options);
  EXPECT_TRUE(result.ok()) << result.error;
  return result;
}

/// Checks a result's schedule by replaying it.
void expectReplays(const HeterogeneousChain &chain, const ChainSchedule &r,
                   int64_t budget) {
  if (!r.feasible) {
    EXPECT_TRUE(r.ops.empty());
    return;
  }
  Replay measured = replay(chain, r.ops);
  ASSERT_EQ(measured.error, "");
  EXPECT_DOUBLE_EQ(measured.cost, r.cost);
  EXPECT_EQ(measured.peak, r.peakBytes);
  EXPECT_LE(r.peakBytes, budget);
}

TEST(ChainHeterogeneousTest, CheckRejectsBadChains) {
  HeterogeneousChain chain;
  EXPECT_EQ(*chain.check(), "a chain needs at least one layer");
  chain = {{1, 1}, {1, 1}, {4, 4}, {2, 2}, 4, {}};
  EXPECT_FALSE(chain.check());
  HeterogeneousChain bad = chain;
  bad.internalBytes.pop_back();
  EXPECT_EQ(*bad.check(), "a chain of 2 layers needs as many backward costs, "
                          "input sizes and internal sizes (got 2, 2 and 1)");
  bad = chain;
  bad.inputBytes[1] = -1;
  EXPECT_EQ(*bad.check(), "layer 1 has a negative size");
  bad = chain;
  bad.outputBytes = -1;
  EXPECT_EQ(*bad.check(), "the chain's output has a negative size");
  bad = chain;
  bad.backwardCost[0] = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(*bad.check(), "layer 0 has a cost that is negative or not finite");
  bad = chain;
  bad.internalBytes[0] = int64_t(1) << 61;
  EXPECT_TRUE(bad.check());
  HeterogeneousChain badPersistent = chain;
  badPersistent.persistentBytes = {1};
  EXPECT_EQ(*badPersistent.check(), "a chain of 2 layers needs no persistent "
                                    "sizes or as many (got 1)");
  badPersistent.persistentBytes = {1, -1};
  EXPECT_EQ(*badPersistent.check(), "layer 1 has a negative size");

  ChainSolverOptions options;
  options.budget = 100;
  EXPECT_EQ(solveHeterogeneousChain(bad, options).error,
            *bad.check());
  options.budget = -1;
  EXPECT_EQ(solveHeterogeneousChain(chain, options).error,
            "the memory budget is negative");
  options.budget = 100;
  options.maxSlots = 0;
  EXPECT_FALSE(solveHeterogeneousChain(chain, options).ok());
}

TEST(ChainHeterogeneousTest, MatchesBruteForce) {
  std::mt19937 rng(2019);
  for (int trial = 0; trial < 600; ++trial) {
    int layers = 1 + trial % 6;
    // Large tapes, or large activations (where advancing can be the peak);
    // a third with persistent values (parameter gradients).
    bool largeTapes = trial % 12 < 6;
    HeterogeneousChain chain =
        randomChain(rng, layers, largeTapes ? 4 : 6, largeTapes ? 6 : 3,
                    trial % 3 == 0 ? 3 : 0);
    ASSERT_FALSE(chain.check());
    std::vector<Replay> all;
    int64_t minPeak = std::numeric_limits<int64_t>::max(), maxPeak = 0;
    for (const std::vector<ChainOp> &ops : enumerate(0, layers)) {
      all.push_back(replay(chain, ops));
      ASSERT_EQ(all.back().error, "");
      minPeak = std::min(minPeak, all.back().peak);
      maxPeak = std::max(maxPeak, all.back().peak);
    }
    for (int64_t budget = 0; budget <= maxPeak + 2; ++budget) {
      double best = std::numeric_limits<double>::infinity();
      for (const Replay &r : all)
        if (r.peak <= budget)
          best = std::min(best, r.cost);
      ChainSchedule r = solveAt(chain, budget);
      SCOPED_TRACE("trial " + std::to_string(trial) + " budget " +
                   std::to_string(budget));
      EXPECT_EQ(r.minFeasibleBytes, minPeak);
      ASSERT_EQ(r.feasible, budget >= minPeak) << r.message;
      if (r.feasible) {
        EXPECT_TRUE(r.optimal);
        EXPECT_DOUBLE_EQ(r.cost, best);
      } else {
        EXPECT_NE(r.message.find(std::to_string(minPeak)), std::string::npos)
            << r.message;
      }
      expectReplays(chain, r, budget);
    }
  }
}

TEST(ChainHeterogeneousTest, MonotoneInBudget) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 10; ++trial) {
    HeterogeneousChain chain = randomChain(rng, 16, 20, 40);
    double previous = std::numeric_limits<double>::infinity();
    bool wasFeasible = false;
    for (int64_t budget = 0; budget <= 800; budget += 7) {
      ChainSchedule r = solveAt(chain, budget);
      expectReplays(chain, r, budget);
      if (wasFeasible)
        ASSERT_TRUE(r.feasible) << budget;
      if (!r.feasible)
        continue;
      wasFeasible = true;
      EXPECT_LE(r.cost, previous) << budget;
      previous = r.cost;
    }
    EXPECT_TRUE(wasFeasible);
  }
}

TEST(ChainHeterogeneousTest, HomogeneousChainsAgreeWithRevolve) {
  // Unit forward costs, free backwards, activations of one unit and tapes of
  // X units: a tape is too large to keep across a segment, so a layer runs
  // storing all only just before its backward, Revolve's taped step. That
  // step's footprint is its input, tape, output and gradient (X + 3) plus
  // the checkpoints held, so a budget of X + 3 + s is s slots (x_0's
  // included, the current state not).
  constexpr int64_t X = 20;
  for (int l = 1; l <= 50; ++l) {
    HeterogeneousChain chain;
    for (int i = 0; i < l; ++i) {
      chain.forwardCost.push_back(1);
      chain.backwardCost.push_back(0);
      chain.inputBytes.push_back(1);
      chain.internalBytes.push_back(X);
    }
    chain.outputBytes = 1;
    for (int s = 1; s <= kMaxSlots; ++s) {
      ChainSchedule r = solveAt(chain, X + 3 + s);
      ASSERT_TRUE(r.feasible) << r.message;
      EXPECT_DOUBLE_EQ(r.cost - l, revolveForwardSteps({l, s}))
          << "l=" << l << " s=" << s;
      expectReplays(chain, r, X + 3 + s);
    }
  }
}

TEST(ChainHeterogeneousTest, DiscretisedBudgetsStayWithinBytes) {
  std::mt19937 rng(11);
  int fallbacks = 0;
  for (int trial = 0; trial < 20; ++trial) {
    HeterogeneousChain chain =
        randomChain(rng, 12, 40, 80, trial % 2 == 0 ? 30 : 0);
    for (int64_t &bytes : chain.inputBytes)
      bytes = bytes * 1000003 + 17;
    for (int64_t &bytes : chain.internalBytes)
      bytes *= 999983;
    for (int64_t &bytes : chain.persistentBytes)
      bytes = bytes * 1000037 + 5;
    chain.outputBytes *= 1000033;
    ChainSolverOptions exactOptions;
    exactOptions.budget = 0;
    int64_t minPeak = solveHeterogeneousChain(chain, exactOptions)
                          .minFeasibleBytes;
    for (int64_t budget : {minPeak, minPeak + minPeak / 7, 2 * minPeak,
                           10 * minPeak}) {
      ChainSchedule coarse = solveAt(chain, budget, 50);
      ChainSchedule fine = solveAt(chain, budget, 2000);
      ASSERT_TRUE(coarse.feasible && fine.feasible);
      EXPECT_GT(coarse.unitBytes, fine.unitBytes);
      if (!coarse.optimal) {
        // Rounding lost every schedule: the least-memory one is used.
        ++fallbacks;
        EXPECT_EQ(coarse.peakBytes, minPeak);
        EXPECT_NE(coarse.message, "");
      }
      expectReplays(chain, coarse, budget);
      expectReplays(chain, fine, budget);
    }
  }
  EXPECT_GT(fallbacks, 0);
}

TEST(ChainHeterogeneousTest, InfeasibleReportsTheLeastBudget) {
  HeterogeneousChain chain{
      {1, 1, 1}, {1, 1, 1}, {10, 10, 10}, {5, 5, 5}, 10, {}};
  ChainSchedule r = solveAt(chain, 10);
  EXPECT_FALSE(r.feasible);
  EXPECT_TRUE(r.ops.empty());
  ChainSchedule least = solveAt(chain, r.minFeasibleBytes);
  EXPECT_TRUE(least.feasible);
  EXPECT_EQ(least.peakBytes, r.minFeasibleBytes);
  EXPECT_FALSE(solveAt(chain, r.minFeasibleBytes - 1).feasible);
  // Unconstrained: every layer stores all, no recomputation.
  ChainSchedule all = solveAt(chain, 1000);
  ASSERT_TRUE(all.feasible);
  EXPECT_DOUBLE_EQ(all.cost, 6);
  EXPECT_EQ(all.ops.size(), 6u);
}

} // namespace
