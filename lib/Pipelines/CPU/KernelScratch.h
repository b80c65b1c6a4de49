//===- KernelScratch.h - buffers the CPU kernels allocate -------*- C++ -*-===//
//
// Some CPU kernels of remat-lower-cpu allocate buffers of their own beyond
// what convert-remat-to-linalg allocates: the packed f32 kernel of
// remat-tile-and-vectorize (MatmulKernel.cpp, ConvKernel.cpp) packs panels
// of its right-hand operand into one buffer per op and, for some matmuls
// whose left-hand operand is stored transposed (matmulPacksTransposedA),
// blocks of that operand into a second one. It runs f32
// matmuls (reduction length K), conv2d and the correlation of
// conv2d_grad_input with one group (C * KH * KW, resp. F * KH * KW; no
// panel when it reads the input in place), and conv2d_grad_filter with one
// group (OH * OW). The sizes live here, shared by the kernels and by the
// CPU memory model (MemoryModel.cpp), so that the peak the planner
// computes is the peak the tracked allocator measures.
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

/// Rows of the packed panel of a convolution whose reduction of length `k`
/// runs over filter windows of `window` positions (KH * KW): whole windows
/// per panel (252 rows for 3x3 filters), so that the kernel packs a
/// channel's window at constant offsets from one base, without dividing
/// the step by the window (ConvKernel.cpp); as a matmul's where a window
/// exceeds kPackedPanelDepth.
inline int64_t convPanelRows(int64_t k, int64_t window) {
  if (k <= kPackedPanelDepth || window <= 0 || window > kPackedPanelDepth)
    return packedPanelRows(k);
  return kPackedPanelDepth / window * window;
}

/// Elements of a convolution's packed panel (convPanelRows).
inline int64_t convPanelElements(int64_t k, int64_t window) {
  return convPanelRows(k, window) * kPackedPanelColumns;
}

/// Rows of C (and of A) per block of the packed kernel: a block of A of
/// 256 rows x 256 steps (256 KiB) stays in L2 while every panel of B
/// streams past it.
inline constexpr int64_t kPackedRowBlock = 256;

/// Whether the kernel packs A for a matmul whose A is stored [K, M]
/// (transpose_a), with `m` rows and `n` columns of C. Read in place, A is
/// read down its columns, one cache line per step at a stride of M floats:
/// from M = 512 (2 KiB) the lines a register tile streams through fall in
/// one or two sets of L1 and conflict, and the kernel ran at 0.75x
/// OpenBLAS at M = 1024 on Zen 3 (0.96x packed). Packing costs one pass
/// over each block of A, which the N / 32 panels that reuse it must pay
/// for: with N = 64 (the attention's batched [256, 256]^T x [256, 64]) it
/// cost 20%. (A stored [M, K] with K >= 512 has the same conflicts between
/// its rows; packing it gained 0-3%, within the noise, and is not done.)
inline bool matmulPacksTransposedA(int64_t m, int64_t n) {
  return m >= 512 && n >= 256;
}

/// Elements of the packed block of A of a contraction with `m` rows and
/// reduction blocks of `depth` steps (when the kernel packs A:
/// matmulPacksTransposedA).
inline int64_t packedABlockElements(int64_t m, int64_t depth) {
  return std::min(m, kPackedRowBlock) * depth;
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
