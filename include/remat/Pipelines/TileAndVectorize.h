//===- TileAndVectorize.h - CPU tiling and vectorization --------*- C++ -*-===//

#ifndef REMAT_PIPELINES_TILEANDVECTORIZE_H
#define REMAT_PIPELINES_TILEANDVECTORIZE_H

#include "mlir/Pass/Pass.h"

namespace remat {

/// Tiles and vectorizes linalg ops on tensors for the host CPU: f32 matmuls
/// (any transposition, batched or not), convolutions and filter gradients
/// with one group to a packed kernel with 8x32 register tiles; other matmuls
/// to 8x32 register tiles with the accumulator hoisted out of the reduction
/// loop as vectors; elementwise ops, fills, transposes and reductions along
/// their innermost dimension; exp, log, tanh and erf to polynomial
/// approximations. Ops it cannot vectorize (grouped convolutions, gathers)
/// are left for convert-linalg-to-loops.
std::unique_ptr<mlir::Pass> createTileAndVectorizePass();

/// Registers remat-tile-and-vectorize.
void registerTileAndVectorizePass();

} // namespace remat

#endif // REMAT_PIPELINES_TILEANDVECTORIZE_H
