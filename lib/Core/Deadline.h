//===- Deadline.h - wall-clock time left of a limit -------------*- C++ -*-===//
//
// A time limit turned into a point on the steady clock, for the solvers
// that stop at one (the exact solver's stages, CBC's LPs).
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_CORE_DEADLINE_H
#define REMAT_LIB_CORE_DEADLINE_H

#include <algorithm>
#include <chrono>

namespace remat {

/// Wall-clock time left of a limit.
class Deadline {
  /// Limits beyond a year are a year (and stay within the clock's range).
  static constexpr double kLongestLimit = 365.0 * 24 * 3600;

public:
  explicit Deadline(double seconds)
      : end(std::chrono::steady_clock::now() +
            std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                std::chrono::duration<double>(
                    std::clamp(seconds, 0.0, kLongestLimit)))) {}

  double remaining() const {
    return std::max(0.0, std::chrono::duration<double>(
                             end - std::chrono::steady_clock::now())
                             .count());
  }

  bool passed() const { return std::chrono::steady_clock::now() >= end; }

private:
  std::chrono::steady_clock::time_point end;
};

} // namespace remat

#endif // REMAT_LIB_CORE_DEADLINE_H
