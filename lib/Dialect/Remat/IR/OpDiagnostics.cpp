//===- OpDiagnostics.cpp - helpers for verifiers and type inference -------===//

#include "OpDiagnostics.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

std::string remat::detail::formatList(ArrayRef<int64_t> values) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << '[';
  llvm::interleaveComma(values, os);
  os << ']';
  return text;
}

std::optional<std::string>
remat::detail::checkDimensionList(ArrayRef<int64_t> dims, int64_t rank,
                                  bool sorted) {
  llvm::SmallVector<bool> seen(rank, false);
  for (auto [i, dim] : llvm::enumerate(dims)) {
    if (dim < 0 || dim >= rank)
      return "dimension " + std::to_string(dim) +
             " is out of range for rank " + std::to_string(rank);
    if (seen[dim])
      return "dimension " + std::to_string(dim) + " appears more than once";
    if (sorted && i > 0 && dims[i - 1] > dim)
      return "dimensions must be strictly increasing, got " +
             formatList(dims);
    seen[dim] = true;
  }
  return std::nullopt;
}

RankedTensorType remat::detail::getRankedType(Value value) {
  return value ? dyn_cast<RankedTensorType>(value.getType())
               : RankedTensorType();
}
