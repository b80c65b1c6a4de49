//===- RegionPeak.h - peak bytes of a block, nested scratch ----*- C++ -*-===//
//
// The memory model inside an op: what a scan's body or an scf.if's branches
// allocate while the op runs. A block's peak is computed as for a function
// (each op's results live from the op to their last use in the block, plus the op's scratch while it runs; block arguments and values
// from above cost nothing, they are the caller's), and an op's scratch is
// that peak less its results, which the caller counts already. Nested
// regions are followed to any depth. (Calls are not modelled: the planner
// refuses them and asks for the callee to be inlined.)
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_ANALYSIS_REGIONPEAK_H
#define REMAT_ANALYSIS_REGIONPEAK_H

#include <cstdint>

namespace mlir {
class Block;
class Operation;
} // namespace mlir

namespace remat {

class TargetMemoryModel;

/// Peak bytes of the buffers one run of `body` allocates on `target`.
/// Checkpoint bodies are walked in place (the lowering inlines them); views
/// allocate nothing. With `argumentsOwned`, the block's arguments are
/// buffers of their own (a loop's carries, made by the previous iteration),
/// freed at their last use; otherwise they cost nothing.
int64_t blockPeakBytes(mlir::Block &body, const TargetMemoryModel &target,
                       bool argumentsOwned = false);

/// Bytes `op` allocates on `target` while it runs besides its results: for
/// remat.scan, one iteration's peak; for a Revolve scan's backward, the
/// current carries and one step of either region; for another op with
/// regions (scf.if, scf.for, ...) that is not a remat op, the largest peak
/// of one of its single-block regions less its results (a loop's carries
/// counted as its own buffers); for any other op, the target's scratch
/// (TargetMemoryModel::getScratchBytes).
int64_t nestedScratchBytes(mlir::Operation *op,
                           const TargetMemoryModel &target);

} // namespace remat

#endif // REMAT_ANALYSIS_REGIONPEAK_H
