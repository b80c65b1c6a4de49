//===- PoolKernel.h - the CPU kernel of tiled-window max pooling -*- C++
//-*-===//
//
// Private to remat-tile-and-vectorize (PoolKernel.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_PIPELINES_CPU_POOLKERNEL_H
#define REMAT_LIB_PIPELINES_CPU_POOLKERNEL_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace remat {

/// Replaces `op`, the marked linalg.generic of a max_pool2d_grad whose
/// windows tile the input exactly (kTiledMaxPoolGradAttr,
/// remat/Conversion/WindowMaximum.h), by vector code over 16 windows at a
/// time. Fails, changing nothing, for any other op, and for windows wider
/// than 4 or larger than 16 positions (which keep the vectorized generic).
llvm::LogicalResult
rewriteTiledMaxPoolGradAsKernel(mlir::RewriterBase &rewriter,
                                mlir::linalg::LinalgOp op);

} // namespace remat

#endif // REMAT_LIB_PIPELINES_CPU_POOLKERNEL_H
