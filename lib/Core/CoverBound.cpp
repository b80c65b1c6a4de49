//===- CoverBound.cpp - a lower bound on the cost of every plan -----------===//
//
// See CoverBound.h for the program and why it bounds every plan. Here: the
// rows (steps over the budget in the keep-everything profile), the columns
// (gaps between consecutive reads of a value that contain such a step, an
// interval of rows), a projected subgradient search on the Lagrangian dual,
// and, when CBC is built and the program is small, CBC's bound on it.
//
//===----------------------------------------------------------------------===//

#include "CoverBound.h"

#include "WeightedCost.h"

#ifdef REMAT_HAVE_CBC
#include "CbcBackend.h"
#include "LinearProgram.h"
#endif

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

using namespace remat;

namespace {

/// One gap of a value that contains over-budget steps: rows [lo, hi).
struct Column {
  int32_t lo, hi;
  double bytes;
  double cost;
};

/// Programs up to this many nonzeros also go to CBC.
constexpr int64_t kMaxCbcNonZeros = 300'000;
/// CBC's cutoff increment on the covering program (scaled costs lie in
/// [0, 1]), and what its optimum is lowered by.
constexpr double kCutoffIncrement = 1e-9;
/// Subgradient iterations at most.
constexpr int kMaxIterations = 4000;

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                       start)
      .count();
}

} // namespace

CostLowerBound remat::lowerBoundCost(const Problem &problem, int64_t budget,
                                     double seconds,
                                     std::optional<double> upperBound) {
  return coverLowerBound(problem, budget, seconds, upperBound);
}

CostLowerBound remat::coverLowerBound(const Problem &problem, int64_t budget,
                                      double seconds,
                                      std::optional<double> upperBound) {
  auto start = std::chrono::steady_clock::now();
  CostLowerBound result;
  result.method = "cover bound";
  if (problem.check())
    return result;
  const double inf = std::numeric_limits<double>::infinity();
  MemoryProfile keepAll = unconstrainedProfile(problem);

  // Rows: the computations over the budget; the return's memory (outputs
  // and arguments) is what every plan holds there.
  std::vector<Step> rowStep;
  std::vector<double> excess;
  for (size_t e = 0; e < keepAll.executions.size(); ++e) {
    if (keepAll.live[e] <= budget)
      continue;
    const Execution &exec = keepAll.executions[e];
    if (exec.kind == Execution::Kind::Return) {
      result.infeasible = true;
      result.weighted = inf;
      result.method += ": the return alone holds more than the budget";
      return result;
    }
    if (exec.kind != Execution::Kind::Compute)
      continue;
    rowStep.push_back(exec.anchor);
    excess.push_back(static_cast<double>(keepAll.live[e] - budget));
  }
  auto rowAt = [&](Step step) {
    return static_cast<int32_t>(
        std::lower_bound(rowStep.begin(), rowStep.end(), step) -
        rowStep.begin());
  };

  // Columns: the gaps of each value that can leave memory.
  std::vector<std::vector<Step>> uses = problem.computeUses();
  std::vector<Column> columns;
  double forced = 0; // costs keep limits force on every plan
  std::vector<double> evictable(rowStep.size() + 1, 0.0);
  for (NodeId id = 0; id < problem.size(); ++id) {
    const Node &node = problem.node(id);
    if (node.resident || node.bytes == 0 || node.mustSave)
      continue;
    bool recompute = node.recomputable && !node.mustOffload;
    double reload = node.offloadable
                        ? static_cast<double>(node.bytes) *
                              problem.transferCostPerByte
                        : inf;
    // A copy forced by a keep limit, when it can only be reloaded, also
    // needs its offload.
    double forcedReload = 2 * reload;
    double weighted = weightedRecomputeCost(node);
    Step previous = id;
    bool forcedSeen = false;
    for (Step read : uses[id]) {
      bool first = previous == id;
      double viaRecompute =
          recompute ? (first ? weighted - weightedMoveCredit(node) : weighted)
                    : inf;
      double cost = std::min(viaRecompute, reload);
      // The first read past a keep limit needs a copy made after the
      // limit, in this gap: every plan pays for it.
      if (!forcedSeen && read > node.keepLimit) {
        forcedSeen = true;
        double copy = std::min(viaRecompute, forcedReload);
        if (copy < inf)
          forced += copy;
        cost = 0;
      }
      int32_t lo = rowAt(previous + 1), hi = rowAt(read);
      previous = read;
      if (lo >= hi || cost == inf)
        continue;
      double bytes = static_cast<double>(node.bytes);
      columns.push_back({lo, hi, bytes, cost});
      evictable[lo] += bytes;
      evictable[hi] -= bytes;
    }
  }
  if (rowStep.empty()) {
    result.method += ": keeping everything fits";
    if (forced > 0)
      result.method += " but for the copies keep limits force";
    result.weighted = std::max(0.0, forced * (1 - 1e-9));
    return result;
  }
  // A step whose excess exceeds every byte that may leave it.
  double running = 0;
  for (size_t r = 0; r < rowStep.size(); ++r) {
    running += evictable[r];
    if (running < excess[r]) {
      result.infeasible = true;
      result.weighted = inf;
      result.method += ": at step " + std::to_string(rowStep[r]) +
                       " too little can leave memory";
      return result;
    }
  }

  // The Lagrangian dual: L(lambda) = forced + sum lambda_s excess_s +
  // sum_g min(0, c_g - bytes_g * sum_{s in g} lambda_s), maximized by
  // projected subgradient steps (Polyak's, towards the upper bound).
  size_t rows = rowStep.size();
  // Iterations bounded by work too, so that the bound is the same on any
  // machine fast enough (the time check only caps it on a slow one).
  constexpr int64_t kSubgradientWork = 40'000'000;
  int maxIterations = static_cast<int>(std::clamp<int64_t>(
      kSubgradientWork /
          std::max<int64_t>(1, static_cast<int64_t>(rows + columns.size())),
      100, kMaxIterations));
  std::vector<double> lambda(rows, 0.0), prefix(rows + 1, 0.0),
      covered(rows + 1, 0.0), g(rows, 0.0);
  double upper = upperBound ? *upperBound : forced;
  if (!upperBound)
    for (const Column &c : columns)
      upper += c.cost;
  double best = forced, theta = 2.0;
  int iterations = 0, stale = 0;
  for (; iterations < maxIterations; ++iterations) {
    if ((iterations & 31) == 0 && secondsSince(start) > 0.6 * seconds)
      break;
    for (size_t r = 0; r < rows; ++r)
      prefix[r + 1] = prefix[r] + lambda[r];
    std::fill(covered.begin(), covered.end(), 0.0);
    double value = forced;
    for (size_t r = 0; r < rows; ++r)
      value += lambda[r] * excess[r];
    for (const Column &c : columns) {
      double reduced = c.cost - c.bytes * (prefix[c.hi] - prefix[c.lo]);
      if (reduced < 0) {
        value += reduced;
        covered[c.lo] += c.bytes;
        covered[c.hi] -= c.bytes;
      }
    }
    if (value > best * (1 + 1e-12) + 1e-12) {
      best = value;
      stale = 0;
    } else if (++stale >= 30) {
      theta /= 2;
      stale = 0;
      if (theta < 1e-5)
        break;
    }
    double norm = 0, cover = 0;
    for (size_t r = 0; r < rows; ++r) {
      cover += covered[r];
      g[r] = excess[r] - cover;
      norm += g[r] * g[r];
    }
    if (norm == 0 || upper <= best)
      break; // optimal for the relaxation, or the bound meets the plan
    double step = theta * (upper - value) / norm;
    for (size_t r = 0; r < rows; ++r)
      lambda[r] = std::max(0.0, lambda[r] + step * g[r]);
  }
  result.method += ", " + std::to_string(iterations) + " subgradient steps";

#ifdef REMAT_HAVE_CBC
  // CBC on the covering program itself, when it is small: its bound can
  // exceed the Lagrangian's (the relaxation's) when a few large values
  // dominate.
  int64_t nonZeros = 0;
  for (const Column &c : columns)
    nonZeros += c.hi - c.lo;
  double left = seconds - secondsSince(start);
  if (nonZeros <= kMaxCbcNonZeros && left > 0.05 && !columns.empty()) {
    double costScale = 0;
    for (const Column &c : columns)
      costScale = std::max(costScale, c.cost);
    if (costScale <= 0)
      costScale = 1;
    LinearProgram program;
    std::vector<std::vector<LinearProgram::Term>> rowTerms(rows);
    for (const Column &c : columns) {
      int column = program.addColumn(0, 1, c.cost / costScale, true);
      for (int32_t r = c.lo; r < c.hi; ++r)
        rowTerms[r].push_back({column, c.bytes / excess[r]});
    }
    for (size_t r = 0; r < rows; ++r)
      program.addRow(std::move(rowTerms[r]), 1.0, LinearProgram::kInfinity);
    MilpOptions options;
    options.timeLimitSeconds = left;
    options.cutoffIncrement = kCutoffIncrement;
    MilpResult solved = solveWithCbc(program, options);
    if (solved.status == MilpStatus::Infeasible) {
      result.infeasible = true;
      result.weighted = inf;
      result.method += "; CBC: no cover exists";
      return result;
    }
    // CBC's best possible objective; a stop before any bound leaves a
    // placeholder near DBL_MAX, and an optimum is proven only to the
    // cutoff increment, so both are guarded.
    double scaled = solved.status == MilpStatus::Optimal ? solved.objective
                                                         : solved.bound;
    double bound = -inf;
    if (std::isfinite(scaled) && scaled < 1e300)
      bound = forced + std::max(0.0, scaled * (1 - 1e-9) - kCutoffIncrement) * costScale;
    if (upperBound)
      bound = std::min(bound, *upperBound); // no bound exceeds a real plan
    if (bound > best) {
      best = bound;
      result.method += "; CBC's bound on the cover";
    }
  }
#endif

  // Slack for rounding: a bound is never reported above what it proves.
  result.weighted = std::max(0.0, best * (1 - 1e-9));
  return result;
}
