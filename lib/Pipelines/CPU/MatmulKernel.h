//===- MatmulKernel.h - packed register-tiled f32 contractions --*- C++ -*-===//
//
// Private to remat-tile-and-vectorize: the kernels it emits directly in the
// vector dialect instead of tiling and vectorizing a linalg op. One emitter
// (MatmulKernel.cpp) runs every f32 contraction shaped like a matmul; each
// op supplies how to read a scalar of A and how to pack a panel of B: plain
// and transposed matmuls (MatmulKernel.cpp), convolutions and their filter
// gradients as implicit im2col (ConvKernel.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_PIPELINES_MATMULKERNEL_H
#define REMAT_LIB_PIPELINES_MATMULKERNEL_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/PatternMatch.h"
#include "remat/Pipelines/CPU/CpuTarget.h"

#include <functional>

namespace remat {

/// f32 lanes of the kernel's vectors: the width of B's rows in the kernel
/// (one zmm register on AVX-512, two ymm on AVX2).
inline constexpr int64_t kKernelLanes = 16;

/// A contraction the packed kernel computes:
///   C(b, m, n) = C0(b, m, n) + sum_k A(b, m, k) * B(b, k, n)
/// over b < batch, m < m, n < n, k < k, each element summed in increasing k
/// (then b, when the batch is reduced too) as one chain of multiply-adds,
/// fused or not (`fusedMultiplyAdd`).
struct PackedKernelSpec {
  /// The register tile, for the target's vector registers.
  CpuRegisterTile tile = getRegisterTile(CpuKernelFamily::Avx512);
  /// Each step of an element's chain is one fused multiply-add (else a
  /// multiply, then an add).
  bool fusedMultiplyAdd = false;
  /// Batches, run in a loop when `batchLoop`; `batch` is null in the
  /// callbacks otherwise.
  int64_t batch = 1;
  bool batchLoop = false;
  /// C has no batch dimension: every batch accumulates into the same C.
  bool batchReduces = false;
  int64_t m = 0, n = 0, k = 0;
  /// Reduction steps packed at once (the panel's rows), at most k.
  int64_t depth = 0;
  /// The initial C, [batch, M, N] or [M, N].
  mlir::Value c;
  /// C0 is zero: the first block of each element starts from 0.0 without
  /// reading C.
  bool zeroInit = false;
  /// A(b, m, k) as an f32 scalar.
  std::function<mlir::Value(mlir::ImplicitLocOpBuilder &, mlir::Value batch,
                            mlir::Value m, mlir::Value k)>
      readA;
  /// Writes B(b, k0 + i, n + j) into panel[i, j] for i < steps and
  /// j < columns, and zeros for columns up to the next multiple of 16;
  /// returns the new panel.
  std::function<mlir::Value(mlir::ImplicitLocOpBuilder &, mlir::Value batch,
                            mlir::Value n, int64_t columns, mlir::Value k0,
                            int64_t steps, mlir::Value panel)>
      pack;
  /// When set, A is packed per block of rows and reduction steps (tile by
  /// tile, contiguous) before the panels use it, from the `rows` scalars
  /// A(b, m .. m + rows - 1, k) this returns as a vector; `readA` is then
  /// not used. The packed block is a second buffer
  /// (packedABlockElements).
  std::function<mlir::Value(mlir::ImplicitLocOpBuilder &, mlir::Value batch,
                            mlir::Value m, mlir::Value k, int64_t rows)>
      readARows;
  /// Instead of `pack`, when B's rows can be loaded where they are: the 16
  /// lanes B(b, k, n .. n + 15), of which the first `lanes` are valid. The
  /// kernel then allocates no panel.
  std::function<mlir::Value(mlir::ImplicitLocOpBuilder &, mlir::Value batch,
                            mlir::Value k, mlir::Value n, int64_t lanes)>
      readB;
};

/// Emits the kernel for `spec` at `b`'s insertion point: a [depth, 32] f32
/// panel (one buffer; none with `readB`), and the loops over batches,
/// 256-row blocks, reduction blocks, 32-column panels and register tiles
/// (`spec.tile`). Returns the final C.
mlir::Value emitPackedKernel(mlir::ImplicitLocOpBuilder &b,
                             const PackedKernelSpec &spec);

/// Packs a panel whose rows are 16-lane vectors read by
/// `readRow(b, k, column, lanes)`: B(k, column .. column + 15), of which the
/// first `lanes` are valid (the rest must read as zeros).
mlir::Value packRows(
    mlir::ImplicitLocOpBuilder &b, mlir::Value n, int64_t columns,
    mlir::Value k0, int64_t steps, mlir::Value panel,
    llvm::function_ref<mlir::Value(mlir::ImplicitLocOpBuilder &, mlir::Value k,
                                   mlir::Value column, int64_t lanes)>
        readRow);

/// A vector of kKernelLanes f32 zeros.
mlir::Value zeroVector(mlir::ImplicitLocOpBuilder &b);

/// Writes the 16 lanes `row` into `panel` at reduction step `step` of the
/// block and columns `column` .. `column` + 15 (`column` a multiple of 16,
/// below 32), in the panel's layout; returns the new panel.
mlir::Value writePanelRow(mlir::ImplicitLocOpBuilder &b, mlir::Value panel,
                          mlir::Value step, int64_t column, mlir::Value row);

/// Packs a panel from 16-lane vectors read along k by
/// `readColumn(b, column, k, steps)`: B(k .. k + 15, column), of which the
/// first `steps` are valid (the rest must read as zeros), transposed 16x16
/// in registers. Columns past `columns` are zeros without a read.
mlir::Value packColumns(
    mlir::ImplicitLocOpBuilder &b, mlir::Value n, int64_t columns,
    mlir::Value k0, int64_t steps, mlir::Value panel,
    llvm::function_ref<mlir::Value(mlir::ImplicitLocOpBuilder &,
                                   mlir::Value column, mlir::Value k,
                                   int64_t steps)>
        readColumn);

/// Replaces `op`, a linalg.matmul or linalg.batch_matmul on statically
/// shaped f32 tensors with either operand transposed through its indexing
/// maps, by the packed kernel as `choice` says. Fails, changing nothing, for
/// any other op.
llvm::LogicalResult rewriteMatmulAsKernel(mlir::RewriterBase &rewriter,
                                          mlir::linalg::LinalgOp op,
                                          CpuKernelChoice choice);

/// Replaces an f32 2-D convolution (linalg.conv_2d_nchw_fchw, or
/// conv_2d_ngchw_gfchw with one group), or the linalg.generic that
/// convert-remat-to-linalg emits for conv2d_grad_filter (one group), by the
/// packed kernel over an implicit im2col matrix (ConvKernel.cpp). Fails,
/// changing nothing, for any other op.
llvm::LogicalResult rewriteConvolutionAsKernel(mlir::RewriterBase &rewriter,
                                               mlir::linalg::LinalgOp op,
                                               CpuKernelChoice choice);

} // namespace remat

#endif // REMAT_LIB_PIPELINES_MATMULKERNEL_H
