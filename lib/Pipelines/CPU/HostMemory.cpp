//===- HostMemory.cpp - remat-lower-host-memory ---------------------------===//
//
// Host buffers (the #remat.host memory space that convert-remat-to-linalg
// gives offloaded values) become allocations through the runtime's host
// entry point, and the memory space leaves every type: on the CPU it is the
// same memory, told apart only by the tracked allocator's counters.
//
//===----------------------------------------------------------------------===//

#include "remat/Pipelines/CPU/Passes.h"

#include "../HostBuffers.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace remat {
#define GEN_PASS_DEF_LOWERHOSTMEMORY
#include "remat/Pipelines/CPU/Passes.h.inc"
} // namespace remat

using namespace mlir;

namespace {

/// The runtime's entry point for host buffers (MemoryTracker.h).
constexpr StringLiteral kHostAllocFunction = "remat_runtime_host_alloc";

/// Alignment of a host buffer whose alloc names none (as bufferization's).
constexpr int64_t kDefaultAlignment = 64;

struct LowerHostMemoryPass final
    : remat::impl::LowerHostMemoryBase<LowerHostMemoryPass> {
  using LowerHostMemoryBase::LowerHostMemoryBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<SmallVector<memref::AllocOp>> allocs =
        remat::collectHostAllocations(module);
    if (failed(allocs))
      return signalPassFailure();
    // remat_runtime_host_alloc(alignment, bytes).
    if (trackAllocations)
      for (memref::AllocOp alloc : *allocs) {
        int64_t alignment = static_cast<int64_t>(
            alloc.getAlignment().value_or(kDefaultAlignment));
        if (failed(remat::replaceWithAllocationCall(alloc, kHostAllocFunction,
                                                    {alignment})))
          return signalPassFailure();
      }
    remat::dropHostMemorySpace(module);
  }
};

} // namespace
