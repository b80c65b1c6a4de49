//===- MemoryTracker.cpp - remat runtime: measured memory -----------------===//
//
// The allocator behind compiled code: counts live device and host bytes
// (what remat-rematerialize planned) and keeps freed memory in the process.
// glibc serves blocks above its mmap threshold (128 KiB at first) with fresh
// mmaps and unmaps them on free, so every activation of a training step would
// be page-faulted in again, zero-filled, on every call; like PyTorch's
// caching CPU allocator, the tracker keeps those pages mapped instead: no
// block is served by mmap (glibc falls back to it only when the heap cannot
// grow), and the heap top is never trimmed. On the transformer training
// step this takes the page faults of a steady-state call from ~6,700 to ~0;
// on a 10,000-layer scan, whose stacks are over 32 MiB (the largest mmap
// threshold glibc accepts, the limit before), from ~120,000 to ~100 and
// the step from 1.47 s to 0.21 s.
// REMAT_RUNTIME_RETURN_MEMORY=1 keeps glibc's defaults.
//
// Compiled code cannot handle a null buffer: an allocation it asks for that
// cannot be satisfied prints "remat-runtime: out of memory allocating N
// bytes" and ends the process with exit status 1 (remat_runtime_alloc, the
// host program's entry point, returns null instead).
// REMAT_RUNTIME_MEMORY_LIMIT=BYTES refuses allocations that would take the
// live device bytes over BYTES, as a device of that size would (host,
// offloaded bytes are not limited): out-of-memory behaviour without
// exhausting the machine.
//
//===----------------------------------------------------------------------===//

#include "remat/Runtime/MemoryTracker.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <limits>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <mutex>
#include <optional>
#include <unordered_map>

namespace {

struct Allocation {
  uint64_t size;
  bool host;
};

/// Keeps freed blocks in the process instead of returning them to the OS
/// (see the file comment), unless REMAT_RUNTIME_RETURN_MEMORY is set.
void keepFreedMemory() {
#if defined(__GLIBC__)
  if (std::getenv("REMAT_RUNTIME_RETURN_MEMORY"))
    return;
  constexpr int kLargestMmapThreshold = 32 << 20; // glibc's upper limit
  mallopt(M_MMAP_THRESHOLD, kLargestMmapThreshold);
  mallopt(M_TRIM_THRESHOLD, std::numeric_limits<int>::max());
  // Blocks above the threshold too come from the heap, where freed pages
  // stay mapped (glibc still maps them when the heap cannot grow).
  mallopt(M_MMAP_MAX, 0);
#endif
}

/// The REMAT_RUNTIME_MEMORY_LIMIT in bytes; no limit when it is unset.
/// A value that is not a non-negative decimal integer is reported once and
/// ignored.
std::optional<int64_t> readMemoryLimit() {
  const char *text = std::getenv("REMAT_RUNTIME_MEMORY_LIMIT");
  if (!text)
    return std::nullopt;
  char *end = nullptr;
  errno = 0;
  unsigned long long value = std::strtoull(text, &end, 10);
  if (*text < '0' || *text > '9' || *end != '\0' || errno == ERANGE ||
      value > static_cast<unsigned long long>(
                  std::numeric_limits<int64_t>::max())) {
    std::fprintf(stderr,
                 "remat-runtime: ignoring REMAT_RUNTIME_MEMORY_LIMIT='%s': "
                 "expected a byte count\n",
                 text);
    return std::nullopt;
  }
  return static_cast<int64_t>(value);
}

struct Tracker {
  Tracker() { keepFreedMemory(); }

  /// REMAT_TRACE_ALLOCATIONS=1 prints every allocation and free to stderr.
  bool trace = std::getenv("REMAT_TRACE_ALLOCATIONS") != nullptr;
  std::optional<int64_t> limit = readMemoryLimit();
  std::mutex mutex;
  std::unordered_map<void *, Allocation> live;
  int64_t current = 0, peak = 0;
  int64_t currentHost = 0, peakHost = 0;
  int64_t allocations = 0;

  /// A block of `size` bytes aligned to `alignment` (a power of two), in
  /// host memory (offloaded values) or device memory, or null when the
  /// system has no memory for it, or when it would take the live device
  /// bytes over the limit.
  void *allocate(uint64_t alignment, uint64_t size, bool host) {
    // Sizes are counted in int64; a size that does not fit (or whose
    // rounding overflows), like an alignment over 1 GiB, is one no system
    // satisfies.
    if (alignment > (uint64_t(1) << 30) ||
        size > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()) -
                   alignment)
      return nullptr;
    std::lock_guard<std::mutex> lock(mutex);
    if (!host && limit &&
        static_cast<int64_t>(size) > *limit - std::min(current, *limit))
      return nullptr;
    // aligned_alloc needs a size that is a multiple of the alignment; the
    // tracker counts the requested bytes, which is what the planner models.
    uint64_t rounded = (std::max<uint64_t>(size, 1) + alignment - 1) /
                       alignment * alignment;
    void *ptr = std::aligned_alloc(alignment, rounded);
    if (!ptr)
      return nullptr;
    live[ptr] = {size, host};
    ++allocations;
    if (host) {
      currentHost += static_cast<int64_t>(size);
      peakHost = std::max(peakHost, currentHost);
    } else {
      current += static_cast<int64_t>(size);
      peak = std::max(peak, current);
    }
    if (trace)
      std::fprintf(stderr, "remat-runtime: alloc %p %llu B (%s), live %lld B\n",
                   ptr, static_cast<unsigned long long>(size),
                   host ? "host" : "device", static_cast<long long>(current));
    return ptr;
  }

  void release(void *ptr) {
    if (!ptr)
      return;
    {
      std::lock_guard<std::mutex> lock(mutex);
      auto it = live.find(ptr);
      if (it != live.end()) {
        if (it->second.host)
          currentHost -= static_cast<int64_t>(it->second.size);
        else
          current -= static_cast<int64_t>(it->second.size);
        if (trace)
          std::fprintf(stderr, "remat-runtime: free %p %llu B, live %lld B\n",
                       ptr, static_cast<unsigned long long>(it->second.size),
                       static_cast<long long>(current));
        live.erase(it);
      }
    }
    std::free(ptr);
  }
};

Tracker &tracker() {
  static Tracker instance;
  return instance;
}

/// An allocation for compiled code, which dereferences what it gets: when
/// it fails, says so and ends the process (stdio flushed, no destructors:
/// the compiled function is still on the stack).
void *allocateOrExit(uint64_t alignment, uint64_t size, bool host) {
  if (void *ptr = tracker().allocate(alignment, size, host))
    return ptr;
  Tracker &t = tracker();
  if (t.limit)
    std::fprintf(stderr,
                 "remat-runtime: out of memory allocating %llu bytes "
                 "(%lld bytes live, REMAT_RUNTIME_MEMORY_LIMIT=%lld)\n",
                 static_cast<unsigned long long>(size),
                 static_cast<long long>(t.current),
                 static_cast<long long>(*t.limit));
  else
    std::fprintf(stderr,
                 "remat-runtime: out of memory allocating %llu bytes "
                 "(%lld bytes live)\n",
                 static_cast<unsigned long long>(size),
                 static_cast<long long>(t.current));
  std::fflush(nullptr);
  std::_Exit(1);
}

/// `size` rounded up to the 64-byte granules the compiled code's buffers
/// come in (what the planner counts), or nullopt when that overflows.
std::optional<uint64_t> plannedGranules(uint64_t size) {
  if (size > std::numeric_limits<uint64_t>::max() - 63)
    return std::nullopt;
  return (size + 63) / 64 * 64;
}

} // namespace

extern "C" {

void *_mlir_memref_to_llvm_alloc(uint64_t size) {
  return allocateOrExit(16, size, /*host=*/false);
}

void *_mlir_memref_to_llvm_aligned_alloc(uint64_t alignment, uint64_t size) {
  return allocateOrExit(std::max<uint64_t>(alignment, 16), size,
                        /*host=*/false);
}

void *remat_runtime_host_alloc(uint64_t alignment, uint64_t size) {
  // Counted as the device's buffers are, which is what the planner's host
  // bytes count; a size without granules is one no system satisfies.
  return allocateOrExit(std::max<uint64_t>(alignment, 16),
                        plannedGranules(size).value_or(
                            std::numeric_limits<uint64_t>::max()),
                        /*host=*/true);
}

void _mlir_memref_to_llvm_free(void *ptr) { tracker().release(ptr); }

void *remat_runtime_alloc(uint64_t size) {
  std::optional<uint64_t> granules = plannedGranules(size);
  if (!granules)
    return nullptr;
  return tracker().allocate(64, *granules, /*host=*/false);
}

void remat_runtime_free(void *ptr) { tracker().release(ptr); }

void remat_runtime_reset_peak(void) {
  Tracker &t = tracker();
  std::lock_guard<std::mutex> lock(t.mutex);
  t.peak = t.current;
  t.peakHost = t.currentHost;
  t.allocations = 0;
}

int64_t remat_runtime_current_bytes(void) { return tracker().current; }
int64_t remat_runtime_peak_bytes(void) { return tracker().peak; }
int64_t remat_runtime_current_host_bytes(void) {
  return tracker().currentHost;
}
int64_t remat_runtime_peak_host_bytes(void) { return tracker().peakHost; }
int64_t remat_runtime_num_allocations(void) { return tracker().allocations; }

} // extern "C"
