//===- KernelScratch.h - buffers the CPU kernels allocate -------*- C++ -*-===//
//
// Some CPU kernels of remat-lower-cpu allocate a small buffer of their own
// beyond what convert-remat-to-linalg allocates: the packed f32 kernel of
// remat-tile-and-vectorize (MatmulKernel.cpp, ConvKernel.cpp) packs panels
// of its right-hand operand into one buffer per op. It runs f32 matmuls
// (reduction length K), conv2d and the correlation of conv2d_grad_input with
// one group (C * KH * KW, resp. F * KH * KW; no panel when it reads the
// input in place), and conv2d_grad_filter with one group (OH * OW). The
// sizes live here, shared by the kernels and by the CPU memory model
// (MemoryModel.cpp), so that the peak the planner computes is the peak the
// tracked allocator measures.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_PIPELINES_CPU_KERNELSCRATCH_H
#define REMAT_LIB_PIPELINES_CPU_KERNELSCRATCH_H

#include <algorithm>
#include <cstdint>

namespace remat {

/// Columns of the packed kernel's panel: two AVX-512 vectors of f32, the
/// width of its register tile.
inline constexpr int64_t kPackedPanelColumns = 32;

/// The longest stretch of the reduction dimension the kernel packs at once
/// (a panel of 256 x 32 f32 is 32 KiB and stays in L1/L2); longer
/// reductions run in blocks of this length.
inline constexpr int64_t kPackedPanelDepth = 256;

/// Rows of the packed panel for a reduction of length `k`.
inline int64_t packedPanelRows(int64_t k) {
  return std::min(k, kPackedPanelDepth);
}

/// Elements of the packed panel of a contraction with reduction length `k`:
/// one buffer per op, live while it runs.
inline int64_t packedPanelElements(int64_t k) {
  return packedPanelRows(k) * kPackedPanelColumns;
}

/// Whether the kernel reads a convolution's input in place, allocating no
/// panel (conv2d, and the correlation of conv2d_grad_input, whose output
/// width is the input's and whose stride is 1): each row of 16 output
/// pixels is then one vector load of the input.
inline bool convReadsInputInPlace(int64_t outputWidth, int64_t strideW) {
  return outputWidth % 16 == 0 && strideW == 1;
}

} // namespace remat

#endif // REMAT_LIB_PIPELINES_CPU_KERNELSCRATCH_H
