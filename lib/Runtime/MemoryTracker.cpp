//===- MemoryTracker.cpp - remat runtime: measured memory -----------------===//
//
// The allocator behind compiled code: counts live device and host bytes
// (what remat-rematerialize planned) and keeps freed memory in the process.
// glibc serves blocks above its mmap threshold (128 KiB at first) with fresh
// mmaps and unmaps them on free, so every activation of a training step would
// be page-faulted in again, zero-filled, on every call; like PyTorch's
// caching CPU allocator, the tracker keeps those pages mapped instead (the
// largest mmap threshold glibc accepts, 32 MiB, and no trimming of the heap
// top). On the transformer training step this takes the page faults of a
// steady-state call from ~6,700 to ~0.
// REMAT_RUNTIME_RETURN_MEMORY=1 keeps glibc's defaults.
//
//===----------------------------------------------------------------------===//

#include "remat/Runtime/MemoryTracker.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <limits>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <mutex>
#include <unordered_map>

namespace {

/// Alignment that marks a host (offloaded) buffer; must match
/// kHostBufferAlignment in the remat-to-linalg lowering.
constexpr uint64_t kHostAlignment = 4096;

struct Allocation {
  uint64_t size;
  bool host;
};

/// Keeps freed blocks of up to 32 MiB in the process instead of returning
/// them to the OS (see the file comment), unless REMAT_RUNTIME_RETURN_MEMORY
/// is set.
void keepFreedMemory() {
#if defined(__GLIBC__)
  if (std::getenv("REMAT_RUNTIME_RETURN_MEMORY"))
    return;
  constexpr int kLargestMmapThreshold = 32 << 20; // glibc's upper limit
  mallopt(M_MMAP_THRESHOLD, kLargestMmapThreshold);
  mallopt(M_TRIM_THRESHOLD, std::numeric_limits<int>::max());
#endif
}

struct Tracker {
  Tracker() { keepFreedMemory(); }

  /// REMAT_TRACE_ALLOCATIONS=1 prints every allocation and free to stderr.
  bool trace = std::getenv("REMAT_TRACE_ALLOCATIONS") != nullptr;
  std::mutex mutex;
  std::unordered_map<void *, Allocation> live;
  int64_t current = 0, peak = 0;
  int64_t currentHost = 0, peakHost = 0;
  int64_t allocations = 0;

  void *allocate(uint64_t alignment, uint64_t size) {
    // aligned_alloc needs a size that is a multiple of the alignment; the
    // tracker counts the requested bytes, which is what the planner models.
    uint64_t rounded = (std::max<uint64_t>(size, 1) + alignment - 1) /
                       alignment * alignment;
    void *ptr = std::aligned_alloc(alignment, rounded);
    if (!ptr)
      return nullptr;
    bool host = alignment == kHostAlignment;
    std::lock_guard<std::mutex> lock(mutex);
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

} // namespace

extern "C" {

void *_mlir_memref_to_llvm_alloc(uint64_t size) {
  return tracker().allocate(16, size);
}

void *_mlir_memref_to_llvm_aligned_alloc(uint64_t alignment, uint64_t size) {
  return tracker().allocate(std::max<uint64_t>(alignment, 16), size);
}

void _mlir_memref_to_llvm_free(void *ptr) { tracker().release(ptr); }

void *remat_runtime_alloc(uint64_t size) {
  // Sized like the compiled code's buffers (64-byte granules), which is what
  // the planner counts.
  return tracker().allocate(64, (size + 63) / 64 * 64);
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
