//===- FlopCount.h - FLOP counts that saturate instead of wrapping -*- C++
//-*-===//
//
// A FLOP count is an int64_t. The product of a tensor's element count (up to
// 2^48) and a reduction length can pass 2^63, so counts saturate at
// kSaturatedFlops (about 9.2e18) instead of wrapping to small or negative
// numbers; reports print a saturated count as "at least".
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_DIALECT_REMAT_IR_FLOPCOUNT_H
#define REMAT_DIALECT_REMAT_IR_FLOPCOUNT_H

#include <cstdint>
#include <initializer_list>
#include <limits>

namespace remat {

/// The largest FLOP count; a count that reaches it is saturated.
inline constexpr int64_t kSaturatedFlops = std::numeric_limits<int64_t>::max();

/// The product of non-negative `factors`, saturated at kSaturatedFlops.
inline int64_t saturatingProduct(std::initializer_list<int64_t> factors) {
  int64_t product = 1;
  for (int64_t factor : factors)
    if (__builtin_mul_overflow(product, factor, &product))
      return kSaturatedFlops;
  return product;
}

/// `a + b` for non-negative counts, saturated at kSaturatedFlops.
inline int64_t saturatingAdd(int64_t a, int64_t b) {
  int64_t sum;
  return __builtin_add_overflow(a, b, &sum) ? kSaturatedFlops : sum;
}

} // namespace remat

#endif // REMAT_DIALECT_REMAT_IR_FLOPCOUNT_H
