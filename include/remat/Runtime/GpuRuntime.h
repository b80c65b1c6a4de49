/*===- GpuRuntime.h - remat runtime: NVIDIA GPUs ----------------*- C -*-===*\
|*                                                                          *|
|* The runtime behind code lowered by remat-lower-gpu, over the CUDA driver *|
|* API. libcuda is loaded with dlopen on first use (REMAT_CUDA_DRIVER names *|
|* another file), so this library links and loads on machines without a    *|
|* driver; there every entry point fails cleanly and says why.              *|
|*                                                                          *|
|* It implements the mgpu* functions MLIR 22's GPU-to-LLVM lowering calls  *|
|* (modules, launches, streams, events, memory), with a tracked device      *|
|* allocator: live and peak device bytes, each allocation rounded up to     *|
|* REMAT_GPU_GRANULE bytes (cuMemAlloc's alignment), counted like the CPU   *|
|* runtime's (MemoryTracker.h). Host buffers for offloaded values are       *|
|* pinned (page-locked) and counted apart.                                  *|
|*                                                                          *|
|* CUDA errors in the mgpu* calls, which return nothing, are recorded: the  *|
|* first one is kept (remat_gpu_first_error) and printed on stderr once.    *|
|* Not thread-safe across concurrent calls of compiled functions.           *|
\*===----------------------------------------------------------------------===*/

#ifndef REMAT_RUNTIME_GPURUNTIME_H
#define REMAT_RUNTIME_GPURUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Device allocations are counted in multiples of this many bytes. */
#define REMAT_GPU_GRANULE 256

/* Loads the driver and makes device 0's primary context ready. Returns 1
 * when a device can be used; otherwise 0, with the reason (no libcuda, no
 * device, an error of cuInit) in `why` (NUL-terminated, at most `size`
 * bytes) when given. Safe to call more than once. */
int remat_gpu_available(char *why, size_t size);

/* The first CUDA error since the last remat_gpu_clear_error, as
 * "cuFoo failed: CUDA_ERROR_BAR (message)", or NULL when none. */
const char *remat_gpu_first_error(void);
void remat_gpu_clear_error(void);

/* Tracked device memory from the host program (the arguments of a call, so
 * that they count as the planner counts them); NULL on failure. */
void *remat_gpu_alloc(uint64_t size);
void remat_gpu_free(void *ptr);

/* Synchronous copies between host and device memory; 1 on success. */
int remat_gpu_copy_to_device(void *device, const void *host, uint64_t size);
int remat_gpu_copy_to_host(void *host, const void *device, uint64_t size);

/* Pinned host memory, counted as host bytes; NULL on failure. */
void *remat_gpu_host_alloc(uint64_t size);
void remat_gpu_host_free(void *ptr);

/* Device time of compiled code, measured with CUDA events:
 * remat_gpu_timer_start arms the timer (1 on success); the next stream that
 * compiled code creates records the start, each synchronization of it the
 * stop, and remat_gpu_timer_stop_ms returns the milliseconds between the
 * first start and the last stop (-1 when no stream was created and
 * synchronized since the start, or on a CUDA error). */
int remat_gpu_timer_start(void);
double remat_gpu_timer_stop_ms(void);

/* Live and peak device (and pinned host) bytes since the last reset, and
 * the device allocations made since then. */
void remat_gpu_reset_peak(void);
int64_t remat_gpu_current_bytes(void);
int64_t remat_gpu_peak_bytes(void);
int64_t remat_gpu_current_host_bytes(void);
int64_t remat_gpu_peak_host_bytes(void);
int64_t remat_gpu_num_allocations(void);

/* The ABI of MLIR 22's GPU-to-LLVM lowering (its CUDA runtime wrappers'),
 * with opaque pointers for the driver's handles. */
void *mgpuModuleLoad(void *data, uint64_t size);
void *mgpuModuleLoadJIT(void *data, int32_t optLevel);
void mgpuModuleUnload(void *module);
void *mgpuModuleGetFunction(void *module, const char *name);
void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smem, void *stream,
                      void **params, void **extra, size_t paramsCount);
void *mgpuStreamCreate(void);
void mgpuStreamDestroy(void *stream);
void mgpuStreamSynchronize(void *stream);
void mgpuStreamWaitEvent(void *stream, void *event);
void *mgpuEventCreate(void);
void mgpuEventDestroy(void *event);
void mgpuEventSynchronize(void *event);
void mgpuEventRecord(void *event, void *stream);
void *mgpuMemAlloc(uint64_t size, void *stream, int8_t isHostShared);
void mgpuMemFree(void *ptr, void *stream);
void mgpuMemcpy(void *dst, void *src, size_t size, void *stream);
void mgpuMemset32(void *dst, uint32_t value, size_t count, void *stream);
void mgpuMemset16(void *dst, uint16_t value, size_t count, void *stream);
void mgpuSetDefaultDevice(int32_t device);

#ifdef __cplusplus
}
#endif

#endif /* REMAT_RUNTIME_GPURUNTIME_H */
