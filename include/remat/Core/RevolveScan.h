//===- RevolveScan.h - a Revolve schedule as a scan runs it -----*- C++ -*-===//
//
// A scan differentiated in mode `revolve s` runs Griewank and Walther's
// optimal schedule (ChainSolver.h) in two parts. Its forward scan computes
// every layer, as any scan does, and on the way stores the checkpoints the
// schedule takes before its first turn (the "first sweep"): slot k holds the
// carry entering layer snapshots[k]. The backward then runs the rest of the
// schedule from those slots: restore a slot, advance (run layers forward
// without keeping their internals), store the current carry in a slot, and
// turn (re-run one layer keeping its internals, then its VJP), ending with
// layer 0's turn.
//
// Layers are counted in the order the forward scan runs them (a reverse
// scan's iteration i is layer L - 1 - i; the caller maps indices).
//
// Plain C++17; nothing here knows about MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_CORE_REVOLVESCAN_H
#define REMAT_CORE_REVOLVESCAN_H

#include <cstdint>
#include <string>
#include <vector>

namespace remat {

/// One action of the backward part of a Revolve scan.
struct RevolveScanStep {
  enum class Kind : int32_t {
    /// Run layers [a, b) forward from the current carry, keeping nothing:
    /// the current carry becomes the one entering layer b.
    Advance = 0,
    /// Store the current carry in slot a.
    Store = 1,
    /// Make the carry held in slot a (the one entering layer b) current.
    Restore = 2,
    /// Re-run layer a from the current carry (which enters it) keeping its
    /// internals, then run its VJP.
    Turn = 3,
  };
  Kind kind;
  int32_t a;
  int32_t b;
};

/// What the forward and backward scans of a Revolve scan run.
struct RevolveScanPlan {
  /// Empty when the plan is valid; else why (steps or slots out of range).
  std::string error;
  /// The layers whose incoming carry the forward scan stores, ascending;
  /// snapshots[k] is stored in slot k. snapshots[0] is 0.
  std::vector<int64_t> snapshots;
  /// The slots the schedule uses (max slot index + 1), at least
  /// snapshots.size() and at most the slots asked for: the rows of the slot
  /// buffer. Rows past snapshots.size() are written by the backward before
  /// it reads them.
  int64_t slotRows = 0;
  /// The backward's actions: every layer's Turn once, L - 1 down to 0, each
  /// preceded by a Restore or Advance that makes its carry current.
  std::vector<RevolveScanStep> backward;
  /// Layers the backward's Advance actions run (Turns not counted).
  int64_t backwardAdvances = 0;
  bool ok() const { return error.empty(); }
};

/// The plan for a scan of `steps` >= 2 layers with `slots` in [1, steps - 1]
/// checkpoint slots (slot 0 holds the first layer's carry). The schedule
/// is Revolve's (solveRevolve), so the forward steps of the two parts
/// together are the closed form t(l, s) plus the forward scan's layers
/// past the last snapshot.
RevolveScanPlan planRevolveScan(int64_t steps, int64_t slots);

/// The default slots of `revolve` with no count, for `steps` >= 2 layers:
/// the fewest with which no layer runs forward untaped more than twice, the
/// forward scan's run included (Revolve's repetition number r <= 2, i.e.
/// C(s + 2, 2) >= l: about sqrt(2 l) slots), at most steps - 1. That is
/// nested mode's compute with about 70% of the carries it keeps.
int64_t defaultRevolveSlots(int64_t steps);

} // namespace remat

#endif // REMAT_CORE_REVOLVESCAN_H
