//===- ScanModes.h - how remat-autodiff realizes a scan's mode --*- C++ -*-===//
//
// remat-autodiff builds the backward of a remat.scan according to its mode
// (docs/autodiff.md, "Scans"). `none`, `full` and `offload` differ only in
// what the forward scan stacks for the backward one and are built by the
// scan's VJP. `nested k` is first rewritten, here, into scans the VJP
// already knows: a `full` scan over blocks of k layers whose body is a
// `full` scan over the layers of one block, then a `full` scan over the
// L mod k layers left. Differentiating that nest gives the nested schedule:
// the forward keeps every k-th carry; the backward re-runs a block from its
// carry, stacking the block's k carries, then each layer from its carry.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_DIALECT_REMAT_TRANSFORMS_SCANMODES_H
#define REMAT_DIALECT_REMAT_TRANSFORMS_SCANMODES_H

#include "mlir/IR/Operation.h"
#include "remat/Dialect/Remat/IR/RematOps.h"

namespace remat {

/// The block size of a nested scan of `length` layers: the mode's; when it
/// names none, the divisor k of `length` with the fewest carries kept at
/// once (about length/k + k; the larger on a tie) unless that is over 25%
/// more than ceil(sqrt(length)) keeps, which is then the block size.
int64_t nestedBlockSize(ScanModeAttr mode, int64_t length);

/// Rewrites every `nested` scan under `root` (nested ones included) into
/// the nest of `full` scans described above. Results keep their types and
/// the rewritten scans compute the same values, layer by layer in the same
/// order.
void expandNestedScans(mlir::Operation *root);

} // namespace remat

#endif // REMAT_DIALECT_REMAT_TRANSFORMS_SCANMODES_H
