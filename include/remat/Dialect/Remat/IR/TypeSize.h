//===- TypeSize.h - byte sizes of tensor types ------------------*- C++ -*-===//
//
// The memory model's unit: a value's size is its element count times its
// element size in bytes.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_DIALECT_REMAT_IR_TYPESIZE_H
#define REMAT_DIALECT_REMAT_IR_TYPESIZE_H

#include "mlir/IR/TypeRange.h"
#include "mlir/IR/Types.h"
#include <cstdint>
#include <optional>

namespace remat {

/// Bytes of one element of `type` (rounded up to whole bytes), or nullopt for
/// a type that has no fixed width.
std::optional<int64_t> getElementBytes(mlir::Type type);

/// Bytes of a statically shaped tensor or memref, or of a scalar int/float/
/// index (8 for index); nullopt for anything else (dynamic shapes included)
/// and for sizes over kMaxModeledTensorBytes.
std::optional<int64_t> getTypeBytes(mlir::Type type);

/// The largest tensor remat models: 2^48 bytes (256 TiB). Sizes stay far
/// from int64 overflow when summed over a whole schedule.
inline constexpr int64_t kMaxModeledTensorBytes = int64_t(1) << 48;

/// Whether `type` has no dimension of size 0 and at most kMaxModeledTensorBytes
/// (its element count computed without overflow).
bool isNonEmptyAndModelable(mlir::ShapedType type);

namespace detail {
/// The sum of getTypeBytes over `types`, counting unsized types as 0. Used by
/// the cost interface's default bytesRead/bytesWritten.
int64_t sumTensorBytes(mlir::TypeRange types);
} // namespace detail

} // namespace remat

#endif // REMAT_DIALECT_REMAT_IR_TYPESIZE_H
