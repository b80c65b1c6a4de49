//===- Passes.h - remat conversion passes -----------------------*- C++ -*-===//

#ifndef REMAT_CONVERSION_PASSES_H
#define REMAT_CONVERSION_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"

namespace remat {

/// Adds the patterns lowering every remat op to tensor-level upstream IR.
/// `converter` maps #remat.host tensors to plain tensors (see
/// makeHostStrippingConverter). Views marked with kCopyViewAttrName
/// (ViewCopies.h, as convert-remat-to-linalg marks them) are copied.
void populateRematToLinalgPatterns(mlir::TypeConverter &converter,
                                   mlir::RewritePatternSet &patterns);

/// The type converter of the lowering: identity, except that tensors with
/// the #remat.host encoding lose it.
void configureHostStrippingConverter(mlir::TypeConverter &converter);

#define GEN_PASS_DECL
#include "remat/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "remat/Conversion/Passes.h.inc"

} // namespace remat

#endif // REMAT_CONVERSION_PASSES_H
