//===- ChainSolver.cpp - optimal checkpointing of heterogeneous chains ----===//
//
// The dynamic programme of Beaumont et al. (2019, Rotor) on the memory model
// of HeterogeneousChain. Opt(a, b, m) is the least cost of the backward of
// layers [a, b) starting with a_a and d_b in memory, within m units that
// count a_a, d_b and everything the segment creates, including the
// persistent values of its backwards, G(a, b) = sum_{a<=k<b} g_k:
//
//   Opt(b, b, m)  = 0 if 2 x_b <= m                       (a_b, d_b)
//   Opt(a, b, m)  = min of
//     store all:    uf_a + ub_a + Opt(a+1, b, m - x_a - xbar_a)
//                   if 2 x_a + xbar_a + x_{a+1} + G(a, b) <= m
//                                                         (B_a's footprint)
//     checkpoint j: sum_{a<=k<j} uf_k + Opt(j, b, m - x_a)
//                     + Opt(a, j, m - G(j, b))
//                   for a < j < b, if adv(a, j) + x_b <= m, where
//                   adv(a, j) = max_{a<=k<j} x_k + x_{k+1} + [k > a] x_a
//                   (advancing from a_a to a_j without storing).
//
// The store-all option checks B_a's footprint; its ForwardStoreAll's is at
// most that of the first op of [a+1, b) beside the tape. The checkpoint
// option checks its advance; the rest are sub-segments. So a schedule
// unfolded from Opt(0, L, m) peaks at m or less, and every schedule of the
// model that peaks at m or less is one of Opt's options. The same recurrence with (max, +) instead of the
// budget gives the least peak of any schedule, exactly in bytes; that is the
// answer when the budget cannot be met, and the fallback when rounding to
// units made the DP infeasible although a schedule fits in bytes. Schedules
// are unfolded from the choices with an explicit stack.
//
//===----------------------------------------------------------------------===//

#include "remat/Core/ChainSolver.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

using namespace remat;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
/// Choice codes besides a checkpoint position j > 0.
constexpr int16_t kStoreAll = -1;
constexpr int16_t kNoChoice = -2;

/// Sizes (in bytes or units) of a chain: x[0..L], xbar[0..L), and the
/// prefix sums of the persistent sizes, g[0..L] (G(a, b) = g[b] - g[a]).
struct Sizes {
  std::vector<int64_t> x, xbar, g;
  int64_t persistent(int32_t a, int32_t b) const { return g[b] - g[a]; }
};

/// The chain's sizes divided by `unit`, rounded up.
Sizes scaledSizes(const HeterogeneousChain &chain, int64_t unit) {
  Sizes sizes;
  auto up = [unit](int64_t bytes) { return (bytes + unit - 1) / unit; };
  for (int64_t bytes : chain.inputBytes)
    sizes.x.push_back(up(bytes));
  sizes.x.push_back(up(chain.outputBytes));
  for (int64_t bytes : chain.internalBytes)
    sizes.xbar.push_back(up(bytes));
  sizes.g.assign(1, 0);
  for (int32_t i = 0; i < chain.size(); ++i)
    sizes.g.push_back(sizes.g.back() +
                      (chain.persistentBytes.empty()
                           ? 0
                           : up(chain.persistentBytes[i])));
  return sizes;
}

/// Unfolds a choice function into ops, their cost and their peak in bytes.
/// choose(a, b, m) returns kStoreAll or a checkpoint position for the
/// segment [a, b) with m units; `xs`/`xbars` are those units.
struct Unfolded {
  std::vector<ChainOp> ops;
  double cost = 0;
  int64_t peak = 0;
};

Unfolded unfold(const HeterogeneousChain &chain, const Sizes &bytes,
                const Sizes &units, int64_t budgetUnits,
                const std::function<int(int32_t, int32_t, int64_t)> &choose) {
  const std::vector<int64_t> &x = bytes.x, &xbar = bytes.xbar;
  Unfolded out;
  auto emit = [&](ChainOp::Kind kind, int32_t layer, int64_t footprint) {
    out.ops.push_back({kind, layer});
    out.cost += kind == ChainOp::Kind::Backward ? chain.backwardCost[layer]
                                                : chain.forwardCost[layer];
    out.peak = std::max(out.peak, footprint);
  };
  struct Task {
    bool backward; // B_a (of the segment [a, b)), else the segment [a, b)
    int32_t a, b;
    int64_t m;     // units available (segments)
    int64_t extra; // bytes held by enclosing segments
  };
  std::vector<Task> stack{{false, 0, chain.size(), budgetUnits, 0}};
  while (!stack.empty()) {
    Task t = stack.back();
    stack.pop_back();
    const int32_t a = t.a, b = t.b;
    if (t.backward) {
      emit(ChainOp::Kind::Backward, a,
           t.extra + 2 * x[a] + xbar[a] + x[a + 1] + bytes.persistent(a, b));
      continue;
    }
    if (a == b)
      continue;
    int choice = choose(a, b, t.m);
    if (choice == kStoreAll) {
      emit(ChainOp::Kind::ForwardStoreAll, a,
           t.extra + x[a] + xbar[a] + x[a + 1] + x[b]);
      stack.push_back({true, a, b, 0, t.extra});
      stack.push_back({false, a + 1, b, t.m - units.x[a] - units.xbar[a],
                       t.extra + x[a] + xbar[a]});
      continue;
    }
    const int32_t j = choice;
    for (int32_t k = a; k < j; ++k)
      emit(ChainOp::Kind::Forward, k,
           t.extra + (k > a ? x[a] : 0) + x[k] + x[k + 1] + x[b]);
    stack.push_back({false, a, j, t.m - units.persistent(j, b),
                     t.extra + bytes.persistent(j, b)});
    stack.push_back({false, j, b, t.m - units.x[a], t.extra + x[a]});
  }
  return out;
}

/// The least peak of any schedule, exactly, with its choices.
struct MinPeak {
  int32_t n;
  std::vector<int64_t> peak; // (a, b) -> least peak of [a, b)
  std::vector<int16_t> choice;
  int64_t &at(int32_t a, int32_t b) { return peak[a * (n + 1) + b]; }
};

MinPeak computeMinPeak(const Sizes &s, int32_t n) {
  const std::vector<int64_t> &x = s.x, &xbar = s.xbar;
  MinPeak mp{n, std::vector<int64_t>((n + 1) * (n + 1), 0),
             std::vector<int16_t>((n + 1) * (n + 1), kNoChoice)};
  for (int32_t b = 0; b <= n; ++b)
    mp.at(b, b) = 2 * x[b];
  for (int32_t d = 1; d <= n; ++d)
    for (int32_t a = 0; a + d <= n; ++a) {
      int32_t b = a + d;
      int64_t best = std::max(2 * x[a] + xbar[a] + x[a + 1] + s.persistent(a, b),
                              x[a] + xbar[a] + mp.at(a + 1, b));
      int16_t choice = kStoreAll;
      int64_t adv = 0;
      for (int32_t j = a + 1; j < b; ++j) {
        int32_t k = j - 1;
        adv = std::max(adv, x[k] + x[k + 1] + (k > a ? x[a] : 0));
        int64_t peak = std::max({adv + x[b], x[a] + mp.at(j, b),
                                 s.persistent(j, b) + mp.at(a, j)});
        if (peak < best) {
          best = peak;
          choice = static_cast<int16_t>(j);
        }
      }
      mp.at(a, b) = best;
      mp.choice[a * (n + 1) + b] = choice;
    }
  return mp;
}

} // namespace

std::optional<std::string> HeterogeneousChain::check() const {
  const size_t n = forwardCost.size();
  if (n == 0)
    return std::string("a chain needs at least one layer");
  if (backwardCost.size() != n || inputBytes.size() != n ||
      internalBytes.size() != n)
    return "a chain of " + std::to_string(n) +
           " layers needs as many backward costs, input sizes and internal "
           "sizes (got " +
           std::to_string(backwardCost.size()) + ", " +
           std::to_string(inputBytes.size()) + " and " +
           std::to_string(internalBytes.size()) + ")";
  if (!persistentBytes.empty() && persistentBytes.size() != n)
    return "a chain of " + std::to_string(n) +
           " layers needs no persistent sizes or as many (got " +
           std::to_string(persistentBytes.size()) + ")";
  if (n > static_cast<size_t>(std::numeric_limits<int16_t>::max()))
    return "a chain of " + std::to_string(n) + " layers is longer than the "
           "chain solver accepts (32767)";
  if (outputBytes < 0)
    return std::string("the chain's output has a negative size");
  // Peaks sum a few copies of every size; keep them far from overflow.
  constexpr int64_t kMaxTotal = int64_t(1) << 60;
  int64_t total = std::min(outputBytes, kMaxTotal + 1);
  if (total > kMaxTotal)
    return std::string("the chain's output is larger than 2^60 bytes");
  for (size_t i = 0; i < n; ++i) {
    std::string layer = "layer " + std::to_string(i);
    const int64_t persistent = persistentBytes.empty() ? 0 : persistentBytes[i];
    if (inputBytes[i] < 0 || internalBytes[i] < 0 || persistent < 0)
      return layer + " has a negative size";
    if (!std::isfinite(forwardCost[i]) || forwardCost[i] < 0 ||
        !std::isfinite(backwardCost[i]) || backwardCost[i] < 0)
      return layer + " has a cost that is negative or not finite";
    // Each term is below 2^60 once checked, so the sum cannot overflow.
    if (inputBytes[i] > kMaxTotal || internalBytes[i] > kMaxTotal ||
        persistent > kMaxTotal ||
        (total += inputBytes[i] + internalBytes[i] + persistent) > kMaxTotal)
      return "the sizes of the chain add up to more than 2^60 bytes (at " +
             layer + ")";
  }
  return std::nullopt;
}

ChainSchedule
remat::solveHeterogeneousChain(const HeterogeneousChain &chain,
                               const ChainSolverOptions &options) {
  ChainSchedule result;
  if (std::optional<std::string> error = chain.check()) {
    result.error = *error;
    return result;
  }
  if (options.budget < 0) {
    result.error = "the memory budget is negative";
    return result;
  }
  if (options.maxSlots < 1) {
    result.error = "the chain solver needs at least one memory slot (got " +
                   std::to_string(options.maxSlots) + ")";
    return result;
  }
  const int32_t n = chain.size();
  const int64_t square = int64_t(n + 1) * (n + 1);
  const int64_t slots = std::min<int64_t>(
      options.maxSlots, ChainSolverOptions::kMaxTableEntries / square - 1);
  if (slots < 1) {
    result.error = "a chain of " + std::to_string(n) +
                   " layers is too long for the chain solver's table";
    return result;
  }

  const Sizes bytes = scaledSizes(chain, 1);
  MinPeak minPeak = computeMinPeak(bytes, n);
  result.minFeasibleBytes = minPeak.at(0, n);
  if (options.budget < result.minFeasibleBytes) {
    result.message = "no schedule of the chain fits in " +
                     std::to_string(options.budget) + " bytes: it needs " +
                     std::to_string(result.minFeasibleBytes);
    return result;
  }

  // The DP, in units; segments by increasing length, so that every
  // sub-segment is done.
  const int64_t unit = std::max<int64_t>(1, (options.budget + slots - 1) / slots);
  result.unitBytes = unit;
  const int64_t budget = options.budget / unit;
  const Sizes units = scaledSizes(chain, unit);
  const std::vector<int64_t> &x = units.x, &xbar = units.xbar;
  const int64_t width = budget + 1;
  std::vector<double> opt(square * width, kInf);
  std::vector<int16_t> what(square * width, kNoChoice);
  auto index = [&](int32_t a, int32_t b) {
    return (int64_t(a) * (n + 1) + b) * width;
  };
  for (int32_t b = 0; b <= n; ++b)
    for (int64_t m = 2 * x[b]; m <= budget; ++m)
      opt[index(b, b) + m] = 0;
  std::vector<double> prefix(n + 1, 0);
  for (int32_t i = 0; i < n; ++i)
    prefix[i + 1] = prefix[i] + chain.forwardCost[i];

  for (int32_t d = 1; d <= n; ++d)
    for (int32_t a = 0; a + d <= n; ++a) {
      const int32_t b = a + d;
      double *row = &opt[index(a, b)];
      int16_t *rowWhat = &what[index(a, b)];
      // Store all: B_a's footprint, then [a+1, b) beside a_a and the tape.
      const double own = chain.forwardCost[a] + chain.backwardCost[a];
      const double *rest = &opt[index(a + 1, b)];
      for (int64_t m = std::max(2 * x[a] + xbar[a] + x[a + 1] +
                                    units.persistent(a, b),
                                x[a] + xbar[a]);
           m <= budget; ++m) {
        double cost = own + rest[m - x[a] - xbar[a]];
        if (cost < row[m]) {
          row[m] = cost;
          rowWhat[m] = kStoreAll;
        }
      }
      // A checkpoint at a_j: advance, reverse [j, b) beside a_a, then [a, j).
      int64_t adv = 0;
      for (int32_t j = a + 1; j < b; ++j) {
        int32_t k = j - 1;
        adv = std::max(adv, x[k] + x[k + 1] + (k > a ? x[a] : 0));
        const double advance = prefix[j] - prefix[a];
        const double *right = &opt[index(j, b)];
        const double *left = &opt[index(a, j)];
        const int64_t done = units.persistent(j, b);
        for (int64_t m = std::max({adv + x[b], x[a], done}); m <= budget;
             ++m) {
          double cost = advance + right[m - x[a]] + left[m - done];
          if (cost < row[m]) {
            row[m] = cost;
            rowWhat[m] = static_cast<int16_t>(j);
          }
        }
      }
    }

  Unfolded schedule;
  if (opt[index(0, n) + budget] < kInf) {
    schedule = unfold(chain, bytes, units, budget,
                      [&](int32_t a, int32_t b, int64_t m) {
                        return int(what[index(a, b) + m]);
                      });
    result.optimal = true;
  } else {
    // Rounding sizes up to units lost every schedule; the least-memory one
    // fits in bytes.
    schedule = unfold(chain, bytes, units, budget,
                      [&](int32_t a, int32_t b, int64_t) {
                        return int(minPeak.choice[a * (n + 1) + b]);
                      });
    result.message = "no schedule fits in " + std::to_string(budget) +
                     " units of " + std::to_string(unit) +
                     " bytes; the least-memory schedule is used (use more "
                     "slots for the optimum)";
  }
  result.feasible = true;
  result.ops = std::move(schedule.ops);
  result.cost = schedule.cost;
  result.peakBytes = schedule.peak;
  return result;
}
