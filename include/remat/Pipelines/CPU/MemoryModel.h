//===- MemoryModel.h - what remat-lower-cpu allocates -----------*- C++ -*-===//
//
// The CPU target's memory model (TargetMemoryModel), registered as "cpu":
// 64-byte buffers (one-shot bufferization's alignment, the tracked
// allocator's granule), convert-remat-to-linalg's temporaries plus the
// packed kernels' panels (KernelScratch.h), the shared rule for views that
// become copies, and host memory counted apart by the runtime.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_PIPELINES_CPU_MEMORYMODEL_H
#define REMAT_PIPELINES_CPU_MEMORYMODEL_H

#include "remat/Analysis/TargetMemoryModel.h"

namespace remat {

/// The CPU model (one instance per process).
const TargetMemoryModel &getCpuMemoryModel();

/// Registers the CPU model as "cpu" (idempotent). registerRematDialects and
/// registerCpuPipeline call it.
void registerCpuMemoryModel();

} // namespace remat

#endif // REMAT_PIPELINES_CPU_MEMORYMODEL_H
