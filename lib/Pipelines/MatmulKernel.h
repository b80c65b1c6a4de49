//===- MatmulKernel.h - packed register-tiled f32 matmuls -------*- C++ -*-===//
//
// Private to remat-tile-and-vectorize: the kernels it emits directly in the
// vector dialect instead of tiling and vectorizing a linalg op.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_PIPELINES_MATMULKERNEL_H
#define REMAT_LIB_PIPELINES_MATMULKERNEL_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace remat {

/// Replaces `op`, a linalg.matmul or linalg.batch_matmul on statically
/// shaped f32 tensors with either operand transposed through its indexing
/// maps, by a packed, register-tiled loop nest on tensors (see
/// MatmulKernel.cpp). Fails, changing nothing, for any other op.
llvm::LogicalResult rewriteMatmulAsKernel(mlir::RewriterBase &rewriter,
                                          mlir::linalg::LinalgOp op);

} // namespace remat

#endif // REMAT_LIB_PIPELINES_MATMULKERNEL_H
