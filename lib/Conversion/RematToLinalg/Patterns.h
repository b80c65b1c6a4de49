//===- Patterns.h - remat-to-linalg pattern families ------------*- C++ -*-===//

#ifndef REMAT_LIB_CONVERSION_REMATTOLINALG_PATTERNS_H
#define REMAT_LIB_CONVERSION_REMATTOLINALG_PATTERNS_H

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

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

/// Alignment of host (offloaded) buffers. The runtime's tracked allocator
/// counts page-aligned allocations as host memory, the rest as device.
inline constexpr int64_t kHostBufferAlignment = 4096;
/// Alignment of device buffers (a cache line, enough for AVX-512).
inline constexpr int64_t kDeviceBufferAlignment = 64;

} // namespace remat::lowering

#endif // REMAT_LIB_CONVERSION_REMATTOLINALG_PATTERNS_H
