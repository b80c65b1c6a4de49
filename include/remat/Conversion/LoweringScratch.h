//===- LoweringScratch.h - temporaries of convert-remat-to-linalg -*- C++ -*-===//
//
// The buffers convert-remat-to-linalg's lowering of an op allocates besides
// its results (f32 accumulators of 16-bit results, row statistics, padded
// copies, the grids that turn scatters into gathers), which every target
// that lowers through it allocates too. Each target's memory model
// (TargetMemoryModel) adds what its own kernels allocate. Kept beside the
// lowering it mirrors: change one, change the other (the integration tests
// measure both against each other).
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_CONVERSION_LOWERINGSCRATCH_H
#define REMAT_CONVERSION_LOWERINGSCRATCH_H

#include <cstdint>

namespace mlir {
class Operation;
} // namespace mlir

namespace remat {

/// Bytes of the temporaries the lowering of `op` (a remat op without
/// regions; 0 for any other op) allocates while it runs, each a buffer
/// rounded up to `alignment` bytes. `kernelBytes` is what the target's
/// kernel for a contraction (matmul, conv2d, conv2d_grad_input,
/// conv2d_grad_filter) allocates on top, live with the lowering's first
/// stage (before a 16-bit result's f32 accumulator is converted); it is
/// ignored for other ops.
int64_t getLoweringScratchBytes(mlir::Operation *op, int64_t alignment,
                                int64_t kernelBytes = 0);

} // namespace remat

#endif // REMAT_CONVERSION_LOWERINGSCRATCH_H
