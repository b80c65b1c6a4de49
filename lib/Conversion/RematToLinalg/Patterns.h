//===- Patterns.h - remat-to-linalg pattern families ------------*- C++ -*-===//

#ifndef REMAT_LIB_CONVERSION_REMATTOLINALG_PATTERNS_H
#define REMAT_LIB_CONVERSION_REMATTOLINALG_PATTERNS_H

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"
#include "remat/Dialect/Remat/IR/RematDialect.h"

namespace remat::lowering {

/// Unary and binary elementwise ops, scale, dropout, constants, names.
void populateElementwisePatterns(mlir::TypeConverter &converter,
                                 mlir::RewritePatternSet &patterns);
/// broadcast, reduce_sum/mean/max, softmax.
void populateReductionPatterns(mlir::TypeConverter &converter,
                               mlir::RewritePatternSet &patterns);
/// matmul, conv2d, max_pool2d, avg_pool2d.
void populateContractionPatterns(mlir::TypeConverter &converter,
                                 mlir::RewritePatternSet &patterns);
/// layer_norm, batch_norm.
void populateNormalizationPatterns(mlir::TypeConverter &converter,
                                   mlir::RewritePatternSet &patterns);
/// embedding, reshape, transpose, slice, concat.
void populateShapePatterns(mlir::TypeConverter &converter,
                           mlir::RewritePatternSet &patterns);
/// cross_entropy, mse.
void populateLossPatterns(mlir::TypeConverter &converter,
                          mlir::RewritePatternSet &patterns);
/// The fused backward ops (relu_grad ... slice_grad).
void populateGradientPatterns(mlir::TypeConverter &converter,
                              mlir::RewritePatternSet &patterns);
/// checkpoint, scan, offload, reload.
void populateStructurePatterns(mlir::TypeConverter &converter,
                               mlir::RewritePatternSet &patterns);

/// Alignment of the buffers offload and reload copy into (a cache line,
/// enough for AVX-512), as one-shot bufferization aligns its own.
inline constexpr int64_t kBufferAlignmentBytes = 64;

/// The memory space of host buffers (offloaded values): #remat.host.
inline mlir::Attribute hostMemorySpace(mlir::OpBuilder &b) {
  return HostMemoryAttr::get(b.getContext());
}

} // namespace remat::lowering

#endif // REMAT_LIB_CONVERSION_REMATTOLINALG_PATTERNS_H
