/*===- MemoryTracker.h - remat runtime: measured memory ---------*- C -*-===*\
|*                                                                          *|
|* The tracked allocator behind compiled code. Code lowered by remat's CPU  *|
|* pipeline allocates through _mlir_memref_to_llvm_aligned_alloc/_free      *|
|* (finalize-memref-to-llvm{use-generic-functions}) and host buffers        *|
|* (remat.offload, the #remat.host memory space) through                    *|
|* remat_runtime_host_alloc (remat-lower-host-memory); this library         *|
|* implements them and counts live device and host bytes apart.             *|
|*                                                                          *|
|* Set REMAT_TRACE_ALLOCATIONS=1 to print every allocation and free.       *|
|* Freed blocks of up to 32 MiB stay mapped in the process (no page faults  *|
|* on the next call); REMAT_RUNTIME_RETURN_MEMORY=1 returns them to the OS  *|
|* as glibc does by default.                                                *|
|*                                                                          *|
|* Link libRematRuntime with code compiled by remat, or let remat-run's JIT *|
|* resolve the symbols. Not thread-safe across concurrent calls of          *|
|* compiled functions (the counters are process-wide).                      *|
\*===----------------------------------------------------------------------===*/

#ifndef REMAT_RUNTIME_MEMORYTRACKER_H
#define REMAT_RUNTIME_MEMORYTRACKER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The allocator entry points the compiled code calls. */
void *_mlir_memref_to_llvm_alloc(uint64_t size);
void *_mlir_memref_to_llvm_aligned_alloc(uint64_t alignment, uint64_t size);
void _mlir_memref_to_llvm_free(void *ptr);
/* Host memory (offloaded values), freed by _mlir_memref_to_llvm_free. Like
 * the device allocators, ends the process when it cannot allocate. */
void *remat_runtime_host_alloc(uint64_t alignment, uint64_t size);

/* Allocate and free tracked device memory from the host program (e.g. the
 * arguments of a call, so that they count as the planner counts them). */
void *remat_runtime_alloc(uint64_t size);
void remat_runtime_free(void *ptr);

/* Resets the peaks to the current live bytes (and the allocation count). */
void remat_runtime_reset_peak(void);

/* Live and peak device bytes since the last reset. */
int64_t remat_runtime_current_bytes(void);
int64_t remat_runtime_peak_bytes(void);

/* Live and peak host bytes (offloaded values). */
int64_t remat_runtime_current_host_bytes(void);
int64_t remat_runtime_peak_host_bytes(void);

/* Allocations made since the last reset. */
int64_t remat_runtime_num_allocations(void);

#ifdef __cplusplus
}
#endif

#endif /* REMAT_RUNTIME_MEMORYTRACKER_H */
