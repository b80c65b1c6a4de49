//===- HostTensor.h - tensors the runner passes to compiled code -*- C++
//-*-===//
//
// A tensor argument or result of a compiled function: its element kind, its
// shape, the data (allocated through the runtime's tracked allocator, so that
// it counts as the planner counts arguments) and the StridedMemRefType
// descriptor the C interface takes.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_RUNNER_HOSTTENSOR_H
#define REMAT_RUNNER_HOSTTENSOR_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace remat {

/// Element types compiled functions exchange.
enum class ElementKind { F32, F16, BF16, I32, I64 };

/// The kind of an MLIR element type, or nullopt when unsupported.
std::optional<ElementKind> elementKindOf(mlir::Type type);
/// Bytes of one element, its numpy dtype ("<f4"...) and its name ("f32").
int64_t elementBytes(ElementKind kind);
llvm::StringRef numpyDtype(ElementKind kind);
llvm::StringRef elementName(ElementKind kind);

/// The most bytes the runner allocates for one tensor (1 TiB, 2^40 B): a
/// larger argument or result is refused with an error before anything is
/// allocated, rather than left to fail in the allocator or to exhaust the
/// machine's memory while it is zero-filled.
constexpr int64_t kMaxTensorBytes = int64_t(1) << 40;

/// The MLIR spelling of a tensor type: "tensor<4x8xf32>".
std::string tensorTypeName(ElementKind kind, llvm::ArrayRef<int64_t> shape);

/// Bytes of a dense tensor of `kind` and `shape`, or nullopt when a
/// dimension is negative or the size does not fit in int64_t.
std::optional<int64_t> tensorBytes(ElementKind kind,
                                   llvm::ArrayRef<int64_t> shape);

/// Why a tensor of `kind` and `shape` cannot be allocated (its size does not
/// fit in 64 bits, or it is over kMaxTensorBytes), or nullopt when it can.
std::optional<std::string> tensorSizeError(ElementKind kind,
                                           llvm::ArrayRef<int64_t> shape);

/// A dense, row-major tensor in tracked memory with its memref descriptor.
class HostTensor {
public:
  /// Allocates a zero-filled tensor; fails with a message when its size does
  /// not fit in 64 bits, is over kMaxTensorBytes or cannot be allocated.
  static llvm::Expected<HostTensor> create(ElementKind kind,
                                           llvm::ArrayRef<int64_t> shape);
  /// As create(), for shapes known to be small: a failure is a fatal error.
  HostTensor(ElementKind kind, llvm::ArrayRef<int64_t> shape);
  /// Adopts a descriptor the compiled code filled (a returned buffer).
  static HostTensor adopt(ElementKind kind, llvm::ArrayRef<int64_t> shape,
                          const int64_t *descriptor);
  HostTensor(HostTensor &&other) noexcept;
  HostTensor &operator=(HostTensor &&other) noexcept;
  HostTensor(const HostTensor &) = delete;
  ~HostTensor();

  ElementKind kind() const { return elementKind; }
  llvm::ArrayRef<int64_t> shape() const { return dims; }
  int64_t numElements() const;
  int64_t sizeInBytes() const {
    return numElements() * elementBytes(elementKind);
  }
  void *data() const { return aligned; }
  /// The start of the allocation (what free() takes).
  void *allocation() const { return allocated; }

  /// Element `i` (row-major) as a double.
  double at(int64_t i) const;
  /// Sets element `i` from a double (rounded to the element type).
  void set(int64_t i, double value);

  /// A StridedMemRefType<T, rank> descriptor: {allocated, aligned, offset,
  /// sizes[rank], strides[rank]} as 64-bit words.
  void *descriptor();
  /// Words in a descriptor of `rank`.
  static size_t descriptorWords(size_t rank) { return 3 + 2 * rank; }

  /// Leaves the buffer allocated (someone else frees it).
  void release() { owned = false; }

private:
  HostTensor() = default;

  ElementKind elementKind = ElementKind::F32;
  llvm::SmallVector<int64_t> dims;
  void *allocated = nullptr;
  void *aligned = nullptr;
  bool owned = false;
  std::vector<int64_t> descriptorStorage;
};

/// Fills `tensor` deterministically from `seed`: floats uniform in [-1, 1),
/// integers uniform in [0, intBound).
void fillDeterministic(HostTensor &tensor, uint64_t seed, int64_t intBound);

/// Reads a .npy file (format 1.0, 2.0 or 3.0) into `tensor`, whose kind and
/// shape the file must have exactly: its header is parsed as the Python
/// dict literal it is (either quote style, any whitespace, trailing
/// commas); the dtype must be the kind's ('<f4', '<f2', '<i4', '<i8'; '<V2'
/// or '|V2' for bf16), big-endian ('>f4'...) is byte-swapped, and
/// Fortran-order data is transposed into row-major order. Returns an error
/// message, naming the file, otherwise.
std::optional<std::string> readNpy(llvm::StringRef path, HostTensor &tensor);

/// Writes a tensor as .npy.
std::optional<std::string> writeNpy(llvm::StringRef path,
                                    const HostTensor &tensor);

} // namespace remat

#endif // REMAT_RUNNER_HOSTTENSOR_H
