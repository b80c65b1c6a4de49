//===- Sinking.h - move computations to their first readers -----*- C++ -*-===//
//
// A ruin of ruin-and-recreate that reorders rather than undoes: the walk
// moves one value at a time, and ruins that only undo events leave the
// rest of the schedule as it was, so plans that postpone many
// computations at once (CBC's, on random training graphs) are out of reach
// of both. Sinking moves each computation of a window to just before its
// first reader; the walk then repairs what no longer fits, and pruning
// drops the moves the budget does not need.
//
// Internal to lib/Core; not part of the public API.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_CORE_SINKING_H
#define REMAT_LIB_CORE_SINKING_H

#include "remat/Core/Plan.h"
#include "remat/Core/Problem.h"

#include <vector>

namespace remat {

/// Moves each computation of a step in [lo, hi] to just before its first
/// reader (`uses`: Problem::computeUses), so that its operands stay alive to
/// there and its value is not alive before: a move, charged nothing. Only
/// computations that may move are moved: recomputable and not resident,
/// must-save, must-offload, an output, keep-limited or tied to a side
/// result; not recomputed or offloaded by `plan`; with no operand whose keep
/// limit ends before the first reader; and read later than the next step.
/// The result may still not replay (a repair drops it) and may move more
/// than a budget needs (pruning drops those).
void sinkComputations(const Problem &problem,
                      const std::vector<std::vector<Step>> &uses, Plan &plan,
                      Step lo, Step hi);

} // namespace remat

#endif // REMAT_LIB_CORE_SINKING_H
