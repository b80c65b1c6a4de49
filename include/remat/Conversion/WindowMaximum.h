//===- WindowMaximum.h - the first maximum of a pooling window --*- C++ -*-===//
//
// What max_pool2d_grad means by a window's maximum, shared by the linalg
// lowering of convert-remat-to-linalg (on scalars) and by the CPU kernel
// that replaces its tiled-window form (on vectors, PoolKernel.cpp), so that
// both compute the same bits.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_CONVERSION_WINDOWMAXIMUM_H
#define REMAT_CONVERSION_WINDOWMAXIMUM_H

#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <utility>

namespace remat {

/// The first maximum of a KH x KW window, scanned in row-major order: its
/// value and its position p * KW + q (KH * KW when nothing wins). A NaN
/// beats any number, among equals the earlier position wins, and an element
/// `read(p, q)` reports outside the input (padding) never wins; `read`
/// returns the element (of `valueType`) and that flag (null: always inside).
/// Elementwise: `valueType` is f32 or a vector of f32, `positionType` an
/// integer or index type, or a vector of one of the same shape.
std::pair<mlir::Value, mlir::Value> firstWindowMaximum(
    mlir::OpBuilder &b, mlir::Location l, int64_t kh, int64_t kw,
    mlir::Type valueType, mlir::Type positionType,
    llvm::function_ref<std::pair<mlir::Value, mlir::Value>(int64_t, int64_t)>
        read);

/// Marks the linalg.generic of max_pool2d_grad whose windows tile the input
/// exactly (stride = kernel, no padding, f32): no inputs, one output of the
/// input's type, each element reading its window of the captured input and
/// its window's gradient with tensor.extract. A target may replace it by a
/// kernel of its own (the CPU's: PoolKernel.cpp); without the mark it is an
/// ordinary linalg.generic.
inline constexpr llvm::StringLiteral kTiledMaxPoolGradAttr =
    "remat.tiled_max_pool2d_grad";

} // namespace remat

#endif // REMAT_CONVERSION_WINDOWMAXIMUM_H
