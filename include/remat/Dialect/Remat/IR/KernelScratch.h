//===- KernelScratch.h - buffers the CPU kernels allocate -------*- C++ -*-===//
//
// Some CPU kernels of remat-lower-cpu allocate a small buffer of their own
// beyond what convert-remat-to-linalg allocates: the f32 matmul kernel packs
// a panel of its right-hand operand (remat-tile-and-vectorize,
// MatmulKernel.cpp). The sizes live here, shared by the kernels and by the
// cost model's scratchBytes (CostModel.cpp), so that the peak the planner
// computes is the peak the tracked allocator measures.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_DIALECT_REMAT_IR_KERNELSCRATCH_H
#define REMAT_DIALECT_REMAT_IR_KERNELSCRATCH_H

#include <algorithm>
#include <cstdint>

namespace remat {

/// Columns of the matmul kernel's packed right-hand panel: two AVX-512
/// vectors of f32, the width of its register tile.
inline constexpr int64_t kMatmulPanelColumns = 32;

/// The longest stretch of the reduction dimension the matmul kernel packs
/// at once (a panel of 256 x 32 f32 is 32 KiB and stays in L1/L2); longer
/// reductions run in blocks of this length.
inline constexpr int64_t kMatmulPanelDepth = 256;

/// Rows of the packed panel for a reduction of length `k`.
inline int64_t matmulPanelRows(int64_t k) {
  return std::min(k, kMatmulPanelDepth);
}

/// Elements of the packed panel of an f32 matmul with reduction length `k`:
/// one buffer per matmul, live while it runs.
inline int64_t matmulPanelElements(int64_t k) {
  return matmulPanelRows(k) * kMatmulPanelColumns;
}

} // namespace remat

#endif // REMAT_DIALECT_REMAT_IR_KERNELSCRATCH_H
