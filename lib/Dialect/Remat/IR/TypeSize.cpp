//===- TypeSize.cpp - byte sizes of tensor types --------------------------===//

#include "remat/Dialect/Remat/IR/TypeSize.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;

std::optional<int64_t> remat::getElementBytes(Type type) {
  if (isa<IndexType>(type))
    return 8;
  if (type.isIntOrFloat())
    return (static_cast<int64_t>(type.getIntOrFloatBitWidth()) + 7) / 8;
  if (auto complex = dyn_cast<ComplexType>(type)) {
    if (auto bytes = getElementBytes(complex.getElementType()))
      return 2 * *bytes;
  }
  return std::nullopt;
}

std::optional<int64_t> remat::getTypeBytes(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type)) {
    if (!shaped.hasStaticShape())
      return std::nullopt;
    auto elementBytes = getElementBytes(shaped.getElementType());
    if (!elementBytes)
      return std::nullopt;
    // Checked: getNumElements() itself overflows on absurd shapes. An
    // empty tensor is 0 bytes whatever its other dimensions.
    if (llvm::is_contained(shaped.getShape(), 0))
      return 0;
    int64_t bytes = *elementBytes;
    for (int64_t dim : shaped.getShape())
      if (__builtin_mul_overflow(bytes, dim, &bytes) ||
          bytes > kMaxModeledTensorBytes)
        return std::nullopt;
    return bytes;
  }
  return getElementBytes(type);
}

bool remat::isNonEmptyAndModelable(ShapedType type) {
  if (!type.hasStaticShape() || llvm::is_contained(type.getShape(), 0))
    return false;
  return getTypeBytes(type).has_value();
}

int64_t remat::detail::sumTensorBytes(TypeRange types) {
  int64_t total = 0;
  for (Type type : types)
    total += getTypeBytes(type).value_or(0);
  return total;
}
