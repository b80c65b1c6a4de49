//===- ByteSize.h - parse and print byte sizes ------------------*- C++ -*-===//
//
// Budgets are written with units, as people write memory sizes: "64MiB",
// "1.5GB", "123456" (bytes; a bare number below 1024 needs a unit), or a
// share of the unconstrained peak, "50%".
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_CORE_BYTESIZE_H
#define REMAT_CORE_BYTESIZE_H

#include <cstdint>
#include <string>
#include <variant>

namespace remat {

/// A budget as written: absolute bytes or a fraction of the unconstrained
/// peak.
struct BudgetSpec {
  bool isFraction = false;
  /// Valid when !isFraction.
  int64_t bytes = 0;
  /// Valid when isFraction: 0.5 for "50%".
  double fraction = 0;

  /// The budget in bytes, given the unconstrained peak.
  int64_t resolve(int64_t unconstrainedPeak) const;
};

/// Parses a budget. Units: B, KB/MB/GB/TB (powers of 1000), KiB/MiB/GiB/TiB
/// (powers of 1024), case-insensitive, optionally separated by a space; a
/// bare number is bytes, from 1024 up (below that a unit is required, so that
/// "75" meant as 75% is not read as 75 bytes; "75B" is 75 bytes); "N%" is a
/// share of the unconstrained peak. On error returns a sentence saying what
/// was expected.
std::variant<BudgetSpec, std::string> parseBudget(const std::string &text);

/// Parses a size in bytes as parseBudget does, without shares; `noun` names
/// it in errors ("min-remat-bytes").
std::variant<int64_t, std::string> parseSize(const std::string &text,
                                             const std::string &noun);

/// "1.50 MiB" style rendering (binary units, 3 significant digits), exact
/// bytes for sizes under 1 KiB.
std::string formatBytes(int64_t bytes);

} // namespace remat

#endif // REMAT_CORE_BYTESIZE_H
