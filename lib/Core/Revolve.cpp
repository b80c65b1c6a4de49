//===- Revolve.cpp - optimal reversal of homogeneous chains ---------------===//
//
// Griewank and Walther's binomial checkpointing (Algorithm 799: revolve, ACM
// TOMS 26(1), 2000). With s slots and l steps, r is the least integer with
// beta(s, r) = C(s + r, s) >= l; the fewest forward (Advance) steps that
// reverse the chain are t(l, s) = r*l - C(s + r, s + 1), the taped step run
// before each adjoint not counted. The schedule splits the chain recursively:
// advance from the segment's first state x_a to x_{a+j}, store it, reverse
// [a+j, b) with one slot fewer, then [a, a+j) with the same slots; revolve's
// choice of j (binomial thresholds) is optimal, and each choice is checked
// against the closed form (falling back to a scan, which never happens for
// l <= 3000 with s <= 40, nor on random longer chains). The recursion is an
// explicit stack.
//
//===----------------------------------------------------------------------===//

#include "remat/Core/ChainSolver.h"

#include <algorithm>
#include <limits>

using namespace remat;

namespace {

/// Stands for "impossible" among forward-step counts.
constexpr int64_t kImpossible = std::numeric_limits<int64_t>::max() / 4;

/// The least r with C(s + r, s) >= l, and sum_{k<r} C(s + k, s), which is
/// C(s + r, s + 1) (Pascal's rule), accumulated without overflow: every
/// partial binomial is below l. Needs l >= 1, s >= 1.
void repetitionsAndSum(int64_t l, int64_t s, int64_t &r, int64_t &sum) {
  s = std::min(s, l); // more slots than steps never help
  int64_t beta = 1;   // C(s + k, s) at k = 0
  int64_t k = 0;
  sum = 0;
  while (beta < l) {
    sum += beta;
    ++k;
    beta = beta * (s + k) / k; // exact: C(s+k, k) = C(s+k-1, k-1)(s+k)/k
  }
  r = k;
}

/// t(l, s), extended to s = 0 (only a single step can be reversed without a
/// slot: the current state is its input).
int64_t forwardSteps(int64_t l, int64_t s) {
  if (l <= 1)
    return 0;
  if (s <= 0)
    return kImpossible;
  int64_t r, sum;
  repetitionsAndSum(l, s, r, sum);
  return r * l - sum;
}

/// Revolve's choice of how far to advance before storing a checkpoint, for a
/// segment of m >= 2 steps with ds >= 2 slots (the first holding the
/// segment's input). bino_k are binomials beta(., .) around m.
int64_t revolveSplit(int64_t m, int64_t ds) {
  ds = std::min(ds, m);
  int64_t reps = 0, range = 1;
  while (range < m) {
    ++reps;
    range = range * (reps + ds) / reps;
  }
  int64_t bino1 = range * reps / (ds + reps);         // beta(ds, r-1)
  int64_t bino2 = ds > 1 ? bino1 * ds / (ds + reps - 1) : 1; // beta(ds-1, r-1)
  int64_t bino3 = ds == 1 ? 0
                  : ds > 2 ? bino2 * (ds - 1) / (ds + reps - 2)
                           : 1;                       // beta(ds-2, r-1)
  int64_t bino4 = bino2 * (reps - 1) / ds;            // beta(ds, r-2)
  int64_t bino5 = ds < 3   ? 0
                  : ds > 3 ? bino3 * (ds - 2) / reps
                           : 1;                       // beta(ds-3, r)
  int64_t j;
  if (m <= bino1 + bino3)
    j = bino4;
  else if (m >= range - bino5)
    j = bino1;
  else
    j = m - bino2 - bino3;
  return std::clamp<int64_t>(j, 1, m - 1);
}

/// An optimal split: revolve's, checked against the closed form.
int64_t optimalSplit(int64_t m, int64_t ds) {
  int64_t target = forwardSteps(m, ds);
  auto total = [&](int64_t j) {
    return j + forwardSteps(m - j, ds - 1) + forwardSteps(j, ds);
  };
  int64_t j = revolveSplit(m, ds);
  if (total(j) == target)
    return j;
  for (j = 1; j < m; ++j) // never reached in our checks
    if (total(j) == target)
      return j;
  return 1;
}

/// A segment [a, b) to reverse; x_a is in slot `base` and the slots
/// [base, base + slots) are its own.
struct Segment {
  int64_t a, b, base, slots;
};

} // namespace

std::optional<std::string> HomogeneousChain::check() const {
  if (steps < 1)
    return std::string("a chain needs at least one step (got ") +
           std::to_string(steps) + ")";
  if (steps > kMaxSteps)
    return "a chain of " + std::to_string(steps) +
           " steps is longer than Revolve accepts (" +
           std::to_string(kMaxSteps) + ")";
  if (slots < 1)
    return "reversing a chain needs at least one checkpoint slot, for its "
           "input (got " +
           std::to_string(slots) + ")";
  return std::nullopt;
}

int64_t remat::revolveRepetitions(const HomogeneousChain &chain) {
  int64_t r, sum;
  repetitionsAndSum(chain.steps, chain.slots, r, sum);
  return r;
}

int64_t remat::revolveForwardSteps(const HomogeneousChain &chain) {
  return forwardSteps(chain.steps, chain.slots);
}

RevolveSchedule remat::solveRevolve(const HomogeneousChain &chain) {
  RevolveSchedule result;
  if (std::optional<std::string> error = chain.check()) {
    result.error = *error;
    return result;
  }
  const int64_t l = chain.steps;
  const int64_t s = std::min(chain.slots, l);
  result.repetitions = revolveRepetitions(chain);
  std::vector<RevolveStep> &actions = result.actions;
  auto add = [&](RevolveAction action, int64_t state, int64_t slot) {
    actions.push_back({action, static_cast<int32_t>(state),
                       static_cast<int32_t>(slot)});
  };

  int64_t current = 0; // the current state; -1 after a turn consumed it
  add(RevolveAction::TakeShot, 0, 0);
  auto restore = [&](const Segment &seg) {
    if (current != seg.a) {
      add(RevolveAction::Restore, seg.a, seg.base);
      current = seg.a;
    }
  };
  auto advance = [&](int64_t to) {
    if (to > current) {
      result.forwardSteps += to - current;
      add(RevolveAction::Advance, to, -1);
      current = to;
    }
  };
  auto turn = [&](int64_t step) {
    add(step == l - 1 ? RevolveAction::FirstTurn : RevolveAction::YouTurn,
        step, -1);
    current = -1;
  };

  std::vector<Segment> stack{{0, l, 0, s}};
  while (!stack.empty()) {
    Segment seg = stack.back();
    stack.pop_back();
    if (seg.b - seg.a == 1 || seg.slots == 1) {
      // One slot: every step is advanced to from x_a.
      for (int64_t step = seg.b - 1; step >= seg.a; --step) {
        restore(seg);
        advance(step);
        turn(step);
      }
      continue;
    }
    int64_t j = optimalSplit(seg.b - seg.a, seg.slots);
    restore(seg);
    advance(seg.a + j);
    add(RevolveAction::TakeShot, seg.a + j, seg.base + 1);
    stack.push_back({seg.a, seg.a + j, seg.base, seg.slots});
    stack.push_back({seg.a + j, seg.b, seg.base + 1, seg.slots - 1});
  }
  return result;
}
