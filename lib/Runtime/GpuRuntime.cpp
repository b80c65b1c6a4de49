//===- GpuRuntime.cpp - remat runtime: NVIDIA GPUs ------------------------===//
//
// The CUDA driver API, loaded with dlopen, behind MLIR 22's mgpu* ABI and a
// tracked device allocator (GpuRuntime.h). The driver's types and the few
// enum values used are declared here, as the driver API defines them
// (cuda.h), so that this file builds without the CUDA toolkit.
//
// Upstream's wrappers (mlir/lib/ExecutionEngine/CudaRuntimeWrappers.cpp)
// link libcuda and print errors; these also count device bytes, keep the
// first error for the host program, and refuse to run when no driver or
// device is there instead of crashing.
//
//===----------------------------------------------------------------------===//

#include "remat/Runtime/GpuRuntime.h"

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <unordered_map>

namespace {

//===----------------------------------------------------------------------===//
// The driver API, as cuda.h declares it
//===----------------------------------------------------------------------===//

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = void *;
using CUmodule = void *;
using CUfunction = void *;
using CUstream = void *;
using CUevent = void *;
using CUjit_option = int;

constexpr CUresult CUDA_SUCCESS = 0;
constexpr unsigned CU_STREAM_NON_BLOCKING = 0x1;
constexpr unsigned CU_EVENT_DISABLE_TIMING = 0x2;
constexpr unsigned CU_MEM_ATTACH_GLOBAL = 0x1;
constexpr CUjit_option CU_JIT_ERROR_LOG_BUFFER = 5;
constexpr CUjit_option CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;
constexpr CUjit_option CU_JIT_OPTIMIZATION_LEVEL = 7;

/// The driver entry points used, resolved by name (the _v2 names where
/// cuda.h maps the plain name to one).
struct Driver {
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDeviceGetCount)(int *);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuCtxPushCurrent)(CUcontext);
  CUresult (*cuCtxPopCurrent)(CUcontext *);
  CUresult (*cuGetErrorName)(CUresult, const char **);
  CUresult (*cuGetErrorString)(CUresult, const char **);
  CUresult (*cuModuleLoadData)(CUmodule *, const void *);
  CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned,
                                 CUjit_option *, void **);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, unsigned, CUstream,
                             void **, void **);
  CUresult (*cuStreamCreate)(CUstream *, unsigned);
  CUresult (*cuStreamDestroy)(CUstream);
  CUresult (*cuStreamSynchronize)(CUstream);
  CUresult (*cuStreamWaitEvent)(CUstream, CUevent, unsigned);
  CUresult (*cuEventCreate)(CUevent *, unsigned);
  CUresult (*cuEventDestroy)(CUevent);
  CUresult (*cuEventSynchronize)(CUevent);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
  CUresult (*cuMemAllocManaged)(CUdeviceptr *, size_t, unsigned);
  CUresult (*cuMemFree)(CUdeviceptr);
  CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void *, size_t);
  CUresult (*cuMemcpyDtoH)(void *, CUdeviceptr, size_t);
  CUresult (*cuMemcpyAsync)(CUdeviceptr, CUdeviceptr, size_t, CUstream);
  CUresult (*cuMemsetD32Async)(CUdeviceptr, unsigned, size_t, CUstream);
  CUresult (*cuMemsetD16Async)(CUdeviceptr, unsigned short, size_t, CUstream);
  CUresult (*cuMemHostAlloc)(void **, size_t, unsigned);
  CUresult (*cuMemFreeHost)(void *);
};

/// Resolves `name` in `library` into `slot`; when the driver lacks it, the
/// first such name goes into `missing`.
template <typename Function>
void resolve(void *library, const char *name, Function &slot,
             std::string &missing) {
  slot = reinterpret_cast<Function>(dlsym(library, name));
  if (!slot && missing.empty())
    missing = name;
}

//===----------------------------------------------------------------------===//
// State
//===----------------------------------------------------------------------===//

struct Allocation {
  uint64_t bytes; ///< As counted: rounded up to REMAT_GPU_GRANULE.
  bool host;
};

struct Runtime {
  std::once_flag loaded;
  bool ready = false;
  std::string unavailable; ///< Why not ready.
  Driver driver{};
  CUcontext context = nullptr;
  int32_t device = 0;

  std::mutex mutex; ///< Guards what follows.
  std::unordered_map<void *, Allocation> allocations;
  int64_t current = 0, peak = 0, currentHost = 0, peakHost = 0;
  int64_t numAllocations = 0;
  std::string firstError;

  /// The device timer (remat_gpu_timer_start): timing-enabled events
  /// recorded on the first stream compiled code creates and at each of its
  /// synchronizations. Guarded by timerMutex (not `mutex`, which check()
  /// takes to record an error).
  std::mutex timerMutex;
  bool timing = false, timerStarted = false, timerStopped = false;
  CUevent timerStart = nullptr, timerStop = nullptr;
};

Runtime &runtime() {
  // Never destroyed: compiled code may still free buffers while the
  // process's statics are destroyed.
  static Runtime *instance = new Runtime();
  return *instance;
}

/// Records a failed driver call: the first error is kept (and printed).
void record(const std::string &message) {
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  if (!rt.firstError.empty())
    return;
  rt.firstError = message;
  std::fprintf(stderr, "remat-gpu-runtime: %s\n", message.c_str());
}

/// `call` named `what`, checked: false (recorded) unless it succeeded.
bool check(CUresult result, const char *what) {
  if (result == CUDA_SUCCESS)
    return true;
  Runtime &rt = runtime();
  const char *name = nullptr, *text = nullptr;
  if (rt.driver.cuGetErrorName)
    rt.driver.cuGetErrorName(result, &name);
  if (rt.driver.cuGetErrorString)
    rt.driver.cuGetErrorString(result, &text);
  std::string message = std::string(what) + " failed: " +
                        (name ? name : "error " + std::to_string(result));
  if (text)
    message += std::string(" (") + text + ")";
  record(message);
  return false;
}

void load(Runtime &rt) {
  const char *path = std::getenv("REMAT_CUDA_DRIVER");
  const char *file = path && *path ? path : "libcuda.so.1";
  void *library = dlopen(file, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *error = dlerror();
    rt.unavailable = std::string("cannot load the CUDA driver ") + file +
                     " (" + (error ? error : "unknown error") +
                     "): is an NVIDIA driver installed?";
    return;
  }
  Driver &d = rt.driver;
  std::string missing;
  auto get = [&](const char *name, auto &slot) {
    resolve(library, name, slot, missing);
  };
  get("cuInit", d.cuInit);
  get("cuDeviceGetCount", d.cuDeviceGetCount);
  get("cuDeviceGet", d.cuDeviceGet);
  get("cuDevicePrimaryCtxRetain", d.cuDevicePrimaryCtxRetain);
  get("cuCtxPushCurrent_v2", d.cuCtxPushCurrent);
  get("cuCtxPopCurrent_v2", d.cuCtxPopCurrent);
  get("cuGetErrorName", d.cuGetErrorName);
  get("cuGetErrorString", d.cuGetErrorString);
  get("cuModuleLoadData", d.cuModuleLoadData);
  get("cuModuleLoadDataEx", d.cuModuleLoadDataEx);
  get("cuModuleUnload", d.cuModuleUnload);
  get("cuModuleGetFunction", d.cuModuleGetFunction);
  get("cuLaunchKernel", d.cuLaunchKernel);
  get("cuStreamCreate", d.cuStreamCreate);
  get("cuStreamDestroy_v2", d.cuStreamDestroy);
  get("cuStreamSynchronize", d.cuStreamSynchronize);
  get("cuStreamWaitEvent", d.cuStreamWaitEvent);
  get("cuEventCreate", d.cuEventCreate);
  get("cuEventDestroy_v2", d.cuEventDestroy);
  get("cuEventSynchronize", d.cuEventSynchronize);
  get("cuEventRecord", d.cuEventRecord);
  get("cuEventElapsedTime", d.cuEventElapsedTime);
  get("cuMemAlloc_v2", d.cuMemAlloc);
  get("cuMemAllocManaged", d.cuMemAllocManaged);
  get("cuMemFree_v2", d.cuMemFree);
  get("cuMemcpyHtoD_v2", d.cuMemcpyHtoD);
  get("cuMemcpyDtoH_v2", d.cuMemcpyDtoH);
  get("cuMemcpyAsync", d.cuMemcpyAsync);
  get("cuMemsetD32Async", d.cuMemsetD32Async);
  get("cuMemsetD16Async", d.cuMemsetD16Async);
  get("cuMemHostAlloc", d.cuMemHostAlloc);
  get("cuMemFreeHost", d.cuMemFreeHost);
  if (!missing.empty()) {
    rt.unavailable = std::string(file) + " lacks " + missing +
                     ": it is not a CUDA driver, or one older than remat "
                     "needs";
    return;
  }
  auto fail = [&](CUresult result, const char *what) {
    const char *name = nullptr;
    d.cuGetErrorName(result, &name);
    rt.unavailable = std::string(what) + " failed: " +
                     (name ? name : "error " + std::to_string(result));
  };
  if (CUresult r = d.cuInit(0); r != CUDA_SUCCESS)
    return fail(r, "cuInit");
  int count = 0;
  if (CUresult r = d.cuDeviceGetCount(&count); r != CUDA_SUCCESS)
    return fail(r, "cuDeviceGetCount");
  if (rt.device < 0 || rt.device >= count) {
    rt.unavailable = "no CUDA device " + std::to_string(rt.device) + " (" +
                     std::to_string(count) + " found)";
    return;
  }
  CUdevice device = 0;
  if (CUresult r = d.cuDeviceGet(&device, rt.device); r != CUDA_SUCCESS)
    return fail(r, "cuDeviceGet");
  if (CUresult r = d.cuDevicePrimaryCtxRetain(&rt.context, device);
      r != CUDA_SUCCESS)
    return fail(r, "cuDevicePrimaryCtxRetain");
  rt.ready = true;
}

/// The runtime, loaded on first use; nullptr (recorded once) when no device
/// can be used.
Runtime *ready(const char *caller) {
  Runtime &rt = runtime();
  std::call_once(rt.loaded, [&] { load(rt); });
  if (rt.ready)
    return &rt;
  record(std::string(caller) + ": " + rt.unavailable);
  return nullptr;
}

/// Makes the device's primary context current for the scope.
class ScopedContext {
public:
  explicit ScopedContext(Runtime &rt) : rt(rt) {
    pushed = check(rt.driver.cuCtxPushCurrent(rt.context), "cuCtxPushCurrent");
  }
  ~ScopedContext() {
    if (pushed)
      check(rt.driver.cuCtxPopCurrent(nullptr), "cuCtxPopCurrent");
  }

private:
  Runtime &rt;
  bool pushed;
};

/// Runs `body` with the driver, in the device's context; false (recorded)
/// when no device can be used.
template <typename Body> bool inContext(const char *caller, Body body) {
  Runtime *rt = ready(caller);
  if (!rt)
    return false;
  ScopedContext scope(*rt);
  body(rt->driver);
  return true;
}

uint64_t granules(uint64_t size) {
  uint64_t granule = REMAT_GPU_GRANULE;
  if (size > UINT64_MAX - (granule - 1))
    return UINT64_MAX / granule * granule;
  return (size + granule - 1) / granule * granule;
}

void track(Runtime &rt, void *ptr, uint64_t size, bool host) {
  std::lock_guard<std::mutex> lock(rt.mutex);
  uint64_t bytes = granules(size);
  rt.allocations[ptr] = {bytes, host};
  int64_t &current = host ? rt.currentHost : rt.current;
  int64_t &peak = host ? rt.peakHost : rt.peak;
  current += static_cast<int64_t>(bytes);
  peak = current > peak ? current : peak;
  if (!host)
    ++rt.numAllocations;
}

/// Forgets `ptr`; false when it was not allocated here (or is host memory
/// freed as device memory, or the reverse).
bool untrack(Runtime &rt, void *ptr, bool host) {
  std::lock_guard<std::mutex> lock(rt.mutex);
  auto it = rt.allocations.find(ptr);
  if (it == rt.allocations.end() || it->second.host != host)
    return false;
  (host ? rt.currentHost : rt.current) -=
      static_cast<int64_t>(it->second.bytes);
  rt.allocations.erase(it);
  return true;
}

/// Where an allocation lives.
enum class Memory { Device, Managed, PinnedHost };

void *allocate(const char *caller, uint64_t size, Memory memory) {
  Runtime *rt = ready(caller);
  if (!rt)
    return nullptr;
  ScopedContext scope(*rt);
  // A zero-size buffer still gets an address of its own.
  size_t request = size == 0 ? 1 : size;
  void *result = nullptr;
  CUdeviceptr ptr = 0;
  bool ok = false;
  switch (memory) {
  case Memory::Device:
    ok = check(rt->driver.cuMemAlloc(&ptr, request), "cuMemAlloc");
    result = reinterpret_cast<void *>(ptr);
    break;
  case Memory::Managed:
    ok = check(
        rt->driver.cuMemAllocManaged(&ptr, request, CU_MEM_ATTACH_GLOBAL),
        "cuMemAllocManaged");
    result = reinterpret_cast<void *>(ptr);
    break;
  case Memory::PinnedHost:
    ok = check(rt->driver.cuMemHostAlloc(&result, request, 0),
               "cuMemHostAlloc");
    break;
  }
  if (!ok)
    return nullptr;
  track(*rt, result, size, /*host=*/memory == Memory::PinnedHost);
  return result;
}

/// Frees what `allocate` returned (`host`: pinned host memory); a pointer
/// it did not return is an error, recorded, and left alone.
void release(const char *caller, void *ptr, bool host) {
  if (!ptr)
    return;
  Runtime *rt = ready(caller);
  if (!rt)
    return;
  if (!untrack(*rt, ptr, host)) {
    record(std::string(caller) + ": " + (host ? "host" : "device") +
           " pointer not allocated by the runtime");
    return;
  }
  ScopedContext scope(*rt);
  if (host)
    check(rt->driver.cuMemFreeHost(ptr), "cuMemFreeHost");
  else
    check(rt->driver.cuMemFree(reinterpret_cast<CUdeviceptr>(ptr)),
          "cuMemFree");
}

/// Loads a module with the driver's JIT options: the error log is part of
/// the recorded error.
void *loadModule(const char *caller, void *data, int32_t optLevel,
                 bool jit) {
  Runtime *rt = ready(caller);
  if (!rt)
    return nullptr;
  ScopedContext scope(*rt);
  CUmodule module = nullptr;
  if (!jit) {
    check(rt->driver.cuModuleLoadData(&module, data), "cuModuleLoadData");
    return module;
  }
  char log[8192] = {0};
  CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                            CU_JIT_OPTIMIZATION_LEVEL};
  void *values[] = {log, reinterpret_cast<void *>(sizeof(log)),
                    reinterpret_cast<void *>(static_cast<intptr_t>(
                        optLevel < 0 ? 0 : (optLevel > 4 ? 4 : optLevel)))};
  CUresult result = rt->driver.cuModuleLoadDataEx(&module, data, 3, options,
                                                  values);
  if (result != CUDA_SUCCESS && log[0]) {
    record(std::string("cuModuleLoadDataEx (PTX JIT) failed: ") + log);
    return nullptr;
  }
  check(result, "cuModuleLoadDataEx");
  return module;
}

} // namespace

//===----------------------------------------------------------------------===//
// Host program entry points
//===----------------------------------------------------------------------===//

extern "C" int remat_gpu_available(char *why, size_t size) {
  Runtime &rt = runtime();
  std::call_once(rt.loaded, [&] { load(rt); });
  if (!rt.ready && why && size > 0) {
    std::strncpy(why, rt.unavailable.c_str(), size - 1);
    why[size - 1] = '\0';
  }
  return rt.ready ? 1 : 0;
}

extern "C" const char *remat_gpu_first_error(void) {
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  return rt.firstError.empty() ? nullptr : rt.firstError.c_str();
}

extern "C" void remat_gpu_clear_error(void) {
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  rt.firstError.clear();
}

extern "C" void *remat_gpu_alloc(uint64_t size) {
  return allocate("remat_gpu_alloc", size, Memory::Device);
}

extern "C" void remat_gpu_free(void *ptr) {
  release("remat_gpu_free", ptr, /*host=*/false);
}

extern "C" int remat_gpu_copy_to_device(void *device, const void *host,
                                        uint64_t size) {
  bool ok = false;
  inContext("remat_gpu_copy_to_device", [&](Driver &d) {
    ok = check(
        d.cuMemcpyHtoD(reinterpret_cast<CUdeviceptr>(device), host, size),
        "cuMemcpyHtoD");
  });
  return ok ? 1 : 0;
}

extern "C" int remat_gpu_copy_to_host(void *host, const void *device,
                                      uint64_t size) {
  bool ok = false;
  inContext("remat_gpu_copy_to_host", [&](Driver &d) {
    ok = check(
        d.cuMemcpyDtoH(host, reinterpret_cast<CUdeviceptr>(device), size),
        "cuMemcpyDtoH");
  });
  return ok ? 1 : 0;
}

extern "C" void *remat_gpu_host_alloc(uint64_t size) {
  return allocate("remat_gpu_host_alloc", size, Memory::PinnedHost);
}

extern "C" void remat_gpu_host_free(void *ptr) {
  release("remat_gpu_host_free", ptr, /*host=*/true);
}

extern "C" void remat_gpu_reset_peak(void) {
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  rt.peak = rt.current;
  rt.peakHost = rt.currentHost;
  rt.numAllocations = 0;
}

extern "C" int remat_gpu_timer_start(void) {
  bool ok = inContext("remat_gpu_timer_start", [&](Driver &d) {
    Runtime &rt = runtime();
    std::lock_guard<std::mutex> lock(rt.timerMutex);
    // Timing-enabled events (mgpuEventCreate's disable timing).
    if (!rt.timerStart && !check(d.cuEventCreate(&rt.timerStart, 0),
                                 "cuEventCreate"))
      return;
    if (!rt.timerStop &&
        !check(d.cuEventCreate(&rt.timerStop, 0), "cuEventCreate"))
      return;
    rt.timing = true;
    rt.timerStarted = rt.timerStopped = false;
  });
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.timerMutex);
  return ok && rt.timing ? 1 : 0;
}

extern "C" double remat_gpu_timer_stop_ms(void) {
  double result = -1.0;
  inContext("remat_gpu_timer_stop_ms", [&](Driver &d) {
    Runtime &rt = runtime();
    std::lock_guard<std::mutex> lock(rt.timerMutex);
    bool measured = rt.timing && rt.timerStarted && rt.timerStopped;
    rt.timing = false;
    if (!measured ||
        !check(d.cuEventSynchronize(rt.timerStop), "cuEventSynchronize"))
      return;
    float ms = 0;
    if (check(d.cuEventElapsedTime(&ms, rt.timerStart, rt.timerStop),
              "cuEventElapsedTime"))
      result = ms;
  });
  return result;
}

extern "C" int64_t remat_gpu_current_bytes(void) {
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  return rt.current;
}

extern "C" int64_t remat_gpu_peak_bytes(void) {
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  return rt.peak;
}

extern "C" int64_t remat_gpu_current_host_bytes(void) {
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  return rt.currentHost;
}

extern "C" int64_t remat_gpu_peak_host_bytes(void) {
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  return rt.peakHost;
}

extern "C" int64_t remat_gpu_num_allocations(void) {
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  return rt.numAllocations;
}

//===----------------------------------------------------------------------===//
// MLIR's mgpu* ABI
//===----------------------------------------------------------------------===//

extern "C" void *mgpuModuleLoad(void *data, uint64_t /*size*/) {
  return loadModule("mgpuModuleLoad", data, 0, /*jit=*/false);
}

extern "C" void *mgpuModuleLoadJIT(void *data, int32_t optLevel) {
  return loadModule("mgpuModuleLoadJIT", data, optLevel, /*jit=*/true);
}

extern "C" void mgpuModuleUnload(void *module) {
  if (module)
    inContext("mgpuModuleUnload", [&](Driver &d) {
      check(d.cuModuleUnload(module), "cuModuleUnload");
    });
}

extern "C" void *mgpuModuleGetFunction(void *module, const char *name) {
  CUfunction function = nullptr;
  if (module)
    inContext("mgpuModuleGetFunction", [&](Driver &d) {
      std::string what = std::string("cuModuleGetFunction(") + name + ")";
      check(d.cuModuleGetFunction(&function, module, name), what.c_str());
    });
  return function;
}

extern "C" void mgpuLaunchKernel(void *function, intptr_t gridX,
                                 intptr_t gridY, intptr_t gridZ,
                                 intptr_t blockX, intptr_t blockY,
                                 intptr_t blockZ, int32_t smem, void *stream,
                                 void **params, void **extra,
                                 size_t /*paramsCount*/) {
  if (!function) {
    record("mgpuLaunchKernel: no kernel (its module did not load)");
    return;
  }
  inContext("mgpuLaunchKernel", [&](Driver &d) {
    auto u = [](intptr_t value) { return static_cast<unsigned>(value); };
    check(d.cuLaunchKernel(function, u(gridX), u(gridY), u(gridZ), u(blockX),
                           u(blockY), u(blockZ), u(smem), stream, params,
                           extra),
          "cuLaunchKernel");
  });
}

extern "C" void *mgpuStreamCreate(void) {
  CUstream stream = nullptr;
  inContext("mgpuStreamCreate", [&](Driver &d) {
    if (!check(d.cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING),
               "cuStreamCreate"))
      return;
    Runtime &rt = runtime();
    std::lock_guard<std::mutex> lock(rt.timerMutex);
    if (rt.timing && !rt.timerStarted)
      rt.timerStarted = d.cuEventRecord(rt.timerStart, stream) == CUDA_SUCCESS;
  });
  return stream;
}

extern "C" void mgpuStreamDestroy(void *stream) {
  if (stream)
    inContext("mgpuStreamDestroy", [&](Driver &d) {
      check(d.cuStreamDestroy(stream), "cuStreamDestroy");
    });
}

extern "C" void mgpuStreamSynchronize(void *stream) {
  inContext("mgpuStreamSynchronize", [&](Driver &d) {
    Runtime &rt = runtime();
    {
      std::lock_guard<std::mutex> lock(rt.timerMutex);
      if (rt.timing && rt.timerStarted)
        rt.timerStopped =
            d.cuEventRecord(rt.timerStop, stream) == CUDA_SUCCESS;
    }
    check(d.cuStreamSynchronize(stream), "cuStreamSynchronize");
  });
}

extern "C" void mgpuStreamWaitEvent(void *stream, void *event) {
  inContext("mgpuStreamWaitEvent", [&](Driver &d) {
    check(d.cuStreamWaitEvent(stream, event, 0), "cuStreamWaitEvent");
  });
}

extern "C" void *mgpuEventCreate(void) {
  CUevent event = nullptr;
  inContext("mgpuEventCreate", [&](Driver &d) {
    check(d.cuEventCreate(&event, CU_EVENT_DISABLE_TIMING), "cuEventCreate");
  });
  return event;
}

extern "C" void mgpuEventDestroy(void *event) {
  if (event)
    inContext("mgpuEventDestroy", [&](Driver &d) {
      check(d.cuEventDestroy(event), "cuEventDestroy");
    });
}

extern "C" void mgpuEventSynchronize(void *event) {
  inContext("mgpuEventSynchronize", [&](Driver &d) {
    check(d.cuEventSynchronize(event), "cuEventSynchronize");
  });
}

extern "C" void mgpuEventRecord(void *event, void *stream) {
  inContext("mgpuEventRecord", [&](Driver &d) {
    check(d.cuEventRecord(event, stream), "cuEventRecord");
  });
}

// The allocation is synchronous (cuMemAlloc), as upstream's: the stream
// orders nothing here. Host-shared buffers are managed memory.
extern "C" void *mgpuMemAlloc(uint64_t size, void * /*stream*/,
                              int8_t isHostShared) {
  return allocate("mgpuMemAlloc", size,
                  isHostShared ? Memory::Managed : Memory::Device);
}

extern "C" void mgpuMemFree(void *ptr, void * /*stream*/) {
  release("mgpuMemFree", ptr, /*host=*/false);
}

// Unified addressing: the driver tells host from device pointers.
extern "C" void mgpuMemcpy(void *dst, void *src, size_t size, void *stream) {
  inContext("mgpuMemcpy", [&](Driver &d) {
    check(d.cuMemcpyAsync(reinterpret_cast<CUdeviceptr>(dst),
                          reinterpret_cast<CUdeviceptr>(src), size, stream),
          "cuMemcpyAsync");
  });
}

extern "C" void mgpuMemset32(void *dst, uint32_t value, size_t count,
                             void *stream) {
  inContext("mgpuMemset32", [&](Driver &d) {
    check(d.cuMemsetD32Async(reinterpret_cast<CUdeviceptr>(dst), value, count,
                             stream),
          "cuMemsetD32Async");
  });
}

extern "C" void mgpuMemset16(void *dst, uint16_t value, size_t count,
                             void *stream) {
  inContext("mgpuMemset16", [&](Driver &d) {
    check(d.cuMemsetD16Async(reinterpret_cast<CUdeviceptr>(dst), value, count,
                             stream),
          "cuMemsetD16Async");
  });
}

extern "C" void mgpuSetDefaultDevice(int32_t device) {
  // Only before first use: the context is device 0's (or this one's) from
  // then on.
  runtime().device = device;
}
