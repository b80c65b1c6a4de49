//===- MemoryModel.h - what remat-lower-gpu allocates -----------*- C++ -*-===//
//
// The GPU target's memory model (TargetMemoryModel), registered as "gpu":
// buffers in REMAT_GPU_GRANULE-byte granules (cuMemAlloc's alignment, the
// tracked device allocator's unit), convert-remat-to-linalg's temporaries
// and nothing else (the GPU kernels allocate no panels), the shared rule for
// views that become copies, and pinned host memory for offloaded values,
// counted apart by the runtime.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_PIPELINES_GPU_MEMORYMODEL_H
#define REMAT_PIPELINES_GPU_MEMORYMODEL_H

#include "remat/Analysis/TargetMemoryModel.h"

namespace remat {

/// The GPU model (one instance per process).
const TargetMemoryModel &getGpuMemoryModel();

/// Registers the GPU model as "gpu" (idempotent). registerRematDialects and
/// registerGpuPipeline call it.
void registerGpuMemoryModel();

} // namespace remat

#endif // REMAT_PIPELINES_GPU_MEMORYMODEL_H
