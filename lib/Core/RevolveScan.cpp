//===- RevolveScan.cpp - a Revolve schedule as a scan runs it -------------===//
//
// Splits solveRevolve's schedule at its first turn (RevolveScan.h): the
// checkpoints taken before it are the forward scan's snapshots; the rest,
// rewritten with explicit source states, is the backward's action list.
// The forward scan ends at the chain's output rather than at the last
// layer's input, so the backward starts by restoring the last snapshot and
// advancing to layer L - 1.
//
//===----------------------------------------------------------------------===//

#include "remat/Core/RevolveScan.h"

#include "remat/Core/ChainSolver.h"

#include <algorithm>

using namespace remat;

RevolveScanPlan remat::planRevolveScan(int64_t steps, int64_t slots) {
  RevolveScanPlan plan;
  if (steps < 2 || steps > HomogeneousChain::kMaxSteps) {
    plan.error = "a Revolve scan needs between 2 and " +
                 std::to_string(HomogeneousChain::kMaxSteps) +
                 " layers (got " + std::to_string(steps) + ")";
    return plan;
  }
  if (slots < 1 || slots > steps - 1) {
    plan.error = "a Revolve scan of " + std::to_string(steps) +
                 " layers takes between 1 and " + std::to_string(steps - 1) +
                 " checkpoint slots (got " + std::to_string(slots) + ")";
    return plan;
  }
  RevolveSchedule schedule = solveRevolve({steps, slots});
  if (!schedule.ok()) {
    plan.error = schedule.error;
    return plan;
  }
  using Kind = RevolveScanStep::Kind;
  auto add = [&](Kind kind, int64_t a, int64_t b) {
    plan.backward.push_back(
        {kind, static_cast<int32_t>(a), static_cast<int32_t>(b)});
    if (kind == Kind::Advance)
      plan.backwardAdvances += b - a;
    if (kind == Kind::Store || kind == Kind::Restore)
      plan.slotRows = std::max<int64_t>(plan.slotRows, a + 1);
  };
  bool firstSweep = true;
  int64_t current = 0;
  for (const RevolveStep &step : schedule.actions) {
    if (firstSweep) {
      switch (step.action) {
      case RevolveAction::TakeShot:
        // The first sweep fills slots 0, 1, ... in order.
        if (step.slot != static_cast<int32_t>(plan.snapshots.size())) {
          plan.error = "Revolve's first sweep stored out of slot order";
          return plan;
        }
        plan.snapshots.push_back(step.state);
        plan.slotRows = static_cast<int64_t>(plan.snapshots.size());
        break;
      case RevolveAction::Advance:
        break; // the forward scan runs these layers
      case RevolveAction::FirstTurn: {
        firstSweep = false;
        int64_t last = plan.snapshots.back();
        add(Kind::Restore, static_cast<int64_t>(plan.snapshots.size()) - 1,
            last);
        if (last < steps - 1)
          add(Kind::Advance, last, steps - 1);
        add(Kind::Turn, steps - 1, 0);
        current = -1;
        break;
      }
      default:
        plan.error = "Revolve's schedule restored or turned before its first "
                     "turn";
        return plan;
      }
      continue;
    }
    switch (step.action) {
    case RevolveAction::Advance:
      add(Kind::Advance, current, step.state);
      current = step.state;
      break;
    case RevolveAction::TakeShot:
      add(Kind::Store, step.slot, step.state);
      break;
    case RevolveAction::Restore:
      add(Kind::Restore, step.slot, step.state);
      current = step.state;
      break;
    case RevolveAction::YouTurn:
    case RevolveAction::FirstTurn:
      add(Kind::Turn, step.state, 0);
      current = -1;
      break;
    }
  }
  return plan;
}

int64_t remat::defaultRevolveSlots(int64_t steps) {
  int64_t s = 1;
  // C(s + 2, 2) = (s + 2)(s + 1) / 2 >= steps; no overflow for steps <= 2^22.
  while ((s + 2) * (s + 1) / 2 < steps)
    ++s;
  return std::clamp<int64_t>(s, 1, std::max<int64_t>(1, steps - 1));
}
