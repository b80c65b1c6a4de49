//===- FakeCudaDriver.cpp - a CUDA driver stand-in for tests -------------===//
//
// A test double of the CUDA driver API for machines without a GPU: what
// libRematGpuRuntime resolves, over host memory. Device memory is malloc'd
// host memory (so copies are memcpy), modules are accepted when they look
// like PTX, and kernel launches are counted but NOT executed: outputs are
// meaningless. It exists to test everything around the kernels on any
// machine: remat-run --target=gpu's lowering, JIT linking, module loading
// from the embedded binary, argument and result copies (from and to live
// device buffers only), and that every device buffer is freed. With
// REMAT_FAKE_CUDA_LOG=1 it prints, at exit, the modules loaded, the kernels
// launched and the device bytes still allocated; with
// REMAT_FAKE_CUDA_PTX=<file> it appends the PTX of each module loaded to
// that file.
//
// Loaded by tests with REMAT_CUDA_DRIVER=<this library>; never installed.
//
//===----------------------------------------------------------------------===//

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unordered_map>

namespace {

constexpr int kSuccess = 0;
constexpr int kInvalidValue = 1;
constexpr int kOutOfMemory = 2;
constexpr int kInvalidPtx = 218;

struct State {
  std::mutex mutex;
  std::unordered_map<uintptr_t, size_t> device; ///< address -> bytes
  int64_t liveBytes = 0, modules = 0, launches = 0, badFrees = 0;
  ~State() {
    const char *log = std::getenv("REMAT_FAKE_CUDA_LOG");
    if (log && *log == '1')
      std::fprintf(stderr,
                   "fake-cuda: %lld module(s) loaded from PTX, %lld kernel "
                   "launch(es), %lld B live at exit, %lld bad free(s)\n",
                   static_cast<long long>(modules),
                   static_cast<long long>(launches),
                   static_cast<long long>(liveBytes),
                   static_cast<long long>(badFrees));
  }
};

State &state() {
  static State s;
  return s;
}

int allocate(unsigned long long *ptr, size_t size) {
  void *block = nullptr;
  if (posix_memalign(&block, 256, size ? size : 1) != 0)
    return kOutOfMemory;
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.device[reinterpret_cast<uintptr_t>(block)] = size;
  s.liveBytes += static_cast<int64_t>(size);
  *ptr = reinterpret_cast<uintptr_t>(block);
  return kSuccess;
}

/// Whether [ptr, ptr + size) lies in one live device allocation: a copy
/// from or to anything else fails as the real driver's does.
bool live(unsigned long long ptr, size_t size) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  uintptr_t p = static_cast<uintptr_t>(ptr);
  for (const auto &[base, bytes] : s.device)
    if (p >= base && p - base <= bytes && size <= bytes - (p - base))
      return true;
  return false;
}

int release(unsigned long long ptr) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  auto it = s.device.find(static_cast<uintptr_t>(ptr));
  if (it == s.device.end()) {
    ++s.badFrees;
    return kInvalidValue;
  }
  s.liveBytes -= static_cast<int64_t>(it->second);
  s.device.erase(it);
  std::free(reinterpret_cast<void *>(ptr));
  return kSuccess;
}

/// A fresh opaque handle (context, module, function, stream, event): a
/// distinct non-null value that owns nothing, as a real driver's handles
/// own nothing the caller frees (a function belongs to its module), so
/// that the sanitizer build's leak checker has nothing to report.
void *handle() {
  static std::atomic<uintptr_t> next{0};
  return reinterpret_cast<void *>((++next) << 4);
}

int loadModule(void **module, const void *image) {
  const char *text = static_cast<const char *>(image);
  if (!text || !std::strstr(text, ".version") || !std::strstr(text, ".entry"))
    return kInvalidPtx;
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  ++s.modules;
  if (const char *path = std::getenv("REMAT_FAKE_CUDA_PTX"); path && *path) {
    if (FILE *file = std::fopen(path, "a")) {
      std::fputs(text, file);
      std::fclose(file);
    }
  }
  *module = handle();
  return kSuccess;
}

} // namespace

extern "C" {
int cuInit(unsigned) { return kSuccess; }
int cuDeviceGetCount(int *count) {
  *count = 1;
  return kSuccess;
}
int cuDeviceGet(int *device, int ordinal) {
  *device = ordinal;
  return ordinal == 0 ? kSuccess : kInvalidValue;
}
int cuDevicePrimaryCtxRetain(void **context, int) {
  *context = handle();
  return kSuccess;
}
int cuCtxPushCurrent_v2(void *) { return kSuccess; }
int cuCtxPopCurrent_v2(void **) { return kSuccess; }
int cuGetErrorName(int, const char **name) {
  *name = "FAKE_CUDA_ERROR";
  return kSuccess;
}
int cuGetErrorString(int, const char **text) {
  *text = "an error of the fake CUDA driver";
  return kSuccess;
}
int cuModuleLoadData(void **module, const void *image) {
  return loadModule(module, image);
}
int cuModuleLoadDataEx(void **module, const void *image, unsigned, int *,
                       void **) {
  return loadModule(module, image);
}
int cuModuleUnload(void *) { return kSuccess; }
int cuModuleGetFunction(void **function, void *, const char *) {
  *function = handle();
  return kSuccess;
}
int cuLaunchKernel(void *, unsigned, unsigned, unsigned, unsigned, unsigned,
                   unsigned, unsigned, void *, void **, void **) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  ++s.launches;
  return kSuccess;
}
int cuStreamCreate(void **stream, unsigned) {
  *stream = handle();
  return kSuccess;
}
int cuStreamDestroy_v2(void *) { return kSuccess; }
int cuStreamSynchronize(void *) { return kSuccess; }
int cuStreamWaitEvent(void *, void *, unsigned) { return kSuccess; }
int cuEventCreate(void **event, unsigned) {
  *event = handle();
  return kSuccess;
}
int cuEventDestroy_v2(void *) { return kSuccess; }
int cuEventSynchronize(void *) { return kSuccess; }
int cuEventRecord(void *, void *) { return kSuccess; }
int cuEventElapsedTime(float *ms, void *, void *) {
  *ms = 0;
  return kSuccess;
}
int cuMemAlloc_v2(unsigned long long *ptr, size_t size) {
  return allocate(ptr, size);
}
int cuMemAllocManaged(unsigned long long *ptr, size_t size, unsigned) {
  return allocate(ptr, size);
}
int cuMemFree_v2(unsigned long long ptr) { return release(ptr); }
int cuMemcpyHtoD_v2(unsigned long long dst, const void *src, size_t size) {
  if (!live(dst, size))
    return kInvalidValue;
  std::memcpy(reinterpret_cast<void *>(dst), src, size);
  return kSuccess;
}
int cuMemcpyDtoH_v2(void *dst, unsigned long long src, size_t size) {
  if (!live(src, size))
    return kInvalidValue;
  std::memcpy(dst, reinterpret_cast<const void *>(src), size);
  return kSuccess;
}
int cuMemcpyAsync(unsigned long long dst, unsigned long long src, size_t size,
                  void *) {
  std::memmove(reinterpret_cast<void *>(dst),
               reinterpret_cast<const void *>(src), size);
  return kSuccess;
}
int cuMemsetD32Async(unsigned long long dst, unsigned value, size_t count,
                     void *) {
  auto *words = reinterpret_cast<uint32_t *>(dst);
  for (size_t i = 0; i < count; ++i)
    words[i] = value;
  return kSuccess;
}
int cuMemsetD16Async(unsigned long long dst, unsigned short value,
                     size_t count, void *) {
  auto *halves = reinterpret_cast<uint16_t *>(dst);
  for (size_t i = 0; i < count; ++i)
    halves[i] = value;
  return kSuccess;
}
int cuMemHostAlloc(void **ptr, size_t size, unsigned) {
  *ptr = std::malloc(size ? size : 1);
  return *ptr ? kSuccess : kOutOfMemory;
}
int cuMemFreeHost(void *ptr) {
  std::free(ptr);
  return kSuccess;
}
} // extern "C"
