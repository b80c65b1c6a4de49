//===- FlatSchedule.h - program order, checkpoints inlined -------*- C++ -*-===//
//
// remat.checkpoint only groups ops for the policies: the planner, the memory
// model and autodiff all see its body in place, as the lowering inlines it.
// flattenCheckpoints lists a block's ops in that order (checkpoint bodies
// nested to any depth, walked with an explicit stack), with a marker where
// each body ends and its checkpoint's results take the yielded values.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_DIALECT_REMAT_IR_FLATSCHEDULE_H
#define REMAT_DIALECT_REMAT_IR_FLATSCHEDULE_H

#include <vector>

namespace mlir {
class Block;
class Operation;
} // namespace mlir

namespace remat {

/// One step of a flattened block.
struct FlatScheduleEntry {
  /// The op; at a checkpoint end, the remat.checkpoint whose body ended.
  mlir::Operation *op;
  /// True at the end of a checkpoint body: from here on the checkpoint's
  /// results are its body's yielded values.
  bool checkpointEnd;
};

/// `block`'s ops in program order with checkpoint bodies in place: the
/// remat.checkpoint ops and their remat.yield terminators are replaced by
/// the body's ops and an end marker. Other ops, terminators included, appear
/// as they are (their regions are not entered).
std::vector<FlatScheduleEntry> flattenCheckpoints(mlir::Block &block);

} // namespace remat

#endif // REMAT_DIALECT_REMAT_IR_FLATSCHEDULE_H
