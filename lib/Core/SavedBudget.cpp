//===- SavedBudget.cpp - a budget on what is saved for the backward pass --===//

#include "remat/Core/SavedBudget.h"

using namespace remat;

size_t remat::backwardStart(const Problem &problem,
                            const MemoryProfile &profile) {
  for (size_t i = 0; i < profile.executions.size(); ++i) {
    const Execution &exec = profile.executions[i];
    if (exec.kind == Execution::Kind::Compute &&
        problem.node(exec.node).adjointOf != kNotAdjoint)
      return i;
  }
  return profile.executions.size();
}

bool remat::isSavedForBackward(const Problem &problem, const Lifetime &life,
                               size_t start) {
  const Node &node = problem.node(life.node);
  bool copyKind = life.kind == Lifetime::Kind::Original ||
                  life.kind == Lifetime::Kind::Host;
  return copyKind && !node.isOutput && node.adjointOf == kNotAdjoint &&
         life.first < start && life.last >= start;
}

int64_t remat::savedDeviceBytes(const Problem &problem,
                                const MemoryProfile &profile) {
  size_t start = backwardStart(problem, profile);
  int64_t bytes = 0;
  for (const Lifetime &life : profile.lifetimes)
    if (life.kind == Lifetime::Kind::Original &&
        isSavedForBackward(problem, life, start))
      bytes += problem.node(life.node).bytes;
  return bytes;
}

SavedBudgetResult remat::solveSavedBudget(SolverKind kind,
                                          const Problem &problem,
                                          const SolverOptions &options,
                                          int64_t savedBudget) {
  SavedBudgetResult out;
  MemoryProfile unplanned = unconstrainedProfile(problem);
  out.savedUnplanned = savedDeviceBytes(problem, unplanned);
  auto probe = [&](int64_t peakBudget) {
    SolverOptions probeOptions = options;
    probeOptions.budget = peakBudget;
    return solve(kind, problem, probeOptions);
  };
  // The largest peak budget: everything the policies allow kept.
  int64_t hi = unplanned.peak;
  SolveResult top = probe(hi);
  if (top.feasible && savedDeviceBytes(problem, top.profile) <= savedBudget) {
    out.result = std::move(top);
    out.peakBudget = hi;
    out.saved = savedDeviceBytes(problem, out.result.profile);
    return out;
  }
  // The smallest: what the solver reaches with nothing to spare.
  SolveResult floor = probe(problem.residentBytes());
  int64_t lo = floor.feasible ? floor.profile.peak : floor.minReachablePeak;
  SolveResult low = probe(lo);
  if (!low.feasible) {
    out.result = std::move(low);
    out.result.feasible = false;
    out.peakBudget = lo;
    out.minSaved = out.saved = savedDeviceBytes(problem, out.result.profile);
    return out;
  }
  int64_t lowSaved = savedDeviceBytes(problem, low.profile);
  if (lowSaved > savedBudget) {
    out.result = std::move(low);
    out.result.feasible = false;
    out.peakBudget = lo;
    out.minSaved = out.saved = lowSaved;
    out.result.message = "the fewest bytes the " +
                         std::string(toString(out.result.solver)) +
                         " solver saves for the backward pass is " +
                         std::to_string(lowSaved) + " B (at a peak of " +
                         std::to_string(lo) + " B)";
    return out;
  }
  // Invariant: the plan under `lo` meets the saved budget, `hi`'s does not.
  SolveResult best = std::move(low);
  while (hi - lo > 1) {
    int64_t mid = lo + (hi - lo) / 2;
    SolveResult r = probe(mid);
    if (r.feasible && savedDeviceBytes(problem, r.profile) <= savedBudget) {
      lo = mid;
      best = std::move(r);
    } else {
      hi = mid;
    }
  }
  out.result = std::move(best);
  out.peakBudget = lo;
  out.saved = savedDeviceBytes(problem, out.result.profile);
  return out;
}
