//===- CbcBackendTest.cpp - CBC within its time limit ---------------------===//
//
// The backend stops LPs that run past the time limit (CBC checks it only
// between its steps): solves return on time, and what a solve cut short
// reports is still true.
//
//===----------------------------------------------------------------------===//

#include "CbcBackend.h"
#include "RematMilp.h"

#include "remat/Core/Generators.h"
#include "remat/Core/Solvers.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <chrono>
#include <cmath>

using namespace remat;

namespace {

double secondsSince(std::chrono::steady_clock::time_point begin) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - begin)
      .count();
}

/// Solves cut short at every moment of a search (no grace: each LP running
/// at the limit is stopped) claim nothing false against the full solve:
/// optimal only at the optimum, never infeasible when the cutoff (a known
/// plan's objective, as the exact solver sets it) admits the optimum, the
/// bound never above the optimum, every solution feasible. The model's full
/// solve branches (134 nodes, 3 s), so limits fall in the root's LPs, its
/// cuts and heuristics, and the tree.
TEST(CbcBackendTest, SolvesCutShortClaimNothingFalse) {
  Problem p = randomTrainingGraph(14, 14);
  RematMilp milp(p);
  int64_t keepAll = unconstrainedProfile(p).peak;
  SolverOptions lowest;
  lowest.budget = 0;
  int64_t smallest = solveGreedy(p, lowest).minReachablePeak;
  LinearProgram program =
      milp.minCostProgram(smallest + (keepAll - smallest) / 3);

  MilpOptions full;
  full.timeLimitSeconds = 120;
  MilpResult reference = solveWithCbc(program, full);
  ASSERT_EQ(reference.status, MilpStatus::Optimal) << reference.summary;
  double optimum = reference.objective;
  double tolerance = 1e-6 * std::max(1.0, std::fabs(optimum));

  // Limits up to half the reference solve's time, and at most 3 s: the
  // sanitizer build's solves run several times longer (the reference 20 s),
  // and the moments past 3 s add nothing the earlier ones do not reach.
  int cutShort = 0;
  double longest = std::min(reference.seconds / 2, 3.0);
  for (double limit = 0.01; limit < longest; limit *= 2.5) {
    SCOPED_TRACE("limit " + std::to_string(limit));
    MilpOptions options;
    options.timeLimitSeconds = limit;
    options.graceSeconds = 0;
    options.cutoff = 1.05 * optimum;
    auto begin = std::chrono::steady_clock::now();
    MilpResult solved = solveWithCbc(program, options);
    EXPECT_LT(secondsSince(begin), limit + 0.5) << solved.summary;
    if (solved.summary.find("cut short") != std::string::npos)
      ++cutShort;
    EXPECT_NE(solved.status, MilpStatus::Infeasible) << solved.summary;
    EXPECT_NE(solved.status, MilpStatus::Failed) << solved.summary;
    EXPECT_LE(solved.bound, optimum + tolerance) << solved.summary;
    if (solved.status == MilpStatus::Optimal)
      EXPECT_NEAR(solved.objective, optimum, tolerance) << solved.summary;
    if (!solved.values.empty()) {
      EXPECT_LE(program.maxViolation(solved.values), 1e-6) << solved.summary;
      EXPECT_GE(solved.objective, optimum - tolerance) << solved.summary;
    }
  }
  // The cut-short path ran (LPs take most of a search's time).
  EXPECT_GT(cutShort, 0);
}

/// A model whose root LP takes longer than the limit (about 10 s on a 2-core
/// VM against CBC's 4): the exact solver returns within the limit, with the
/// known plan and the cover bound. Before the LPs were stopped, this solve
/// took 26 s for a limit of 10 s.
TEST(CbcBackendTest, ExactSolverReturnsOnTimeWhenTheRootLpIsLong) {
  Problem p = resnetTrainingGraph(1, 6);
  SolverOptions options;
  options.budget = 0; // below every plan: the smallest peak is searched
  options.timeLimitSeconds = 4;
  auto begin = std::chrono::steady_clock::now();
  SolveResult r = solveExact(p, options);
  double seconds = secondsSince(begin);
  EXPECT_LT(seconds, options.timeLimitSeconds + 1.5) << r.message;
  EXPECT_FALSE(r.feasible);
  EXPECT_GT(r.minReachablePeak, 0) << r.message;
  EXPECT_NE(r.message.find("smallest reachable peak"), std::string::npos)
      << r.message;
}

} // namespace
