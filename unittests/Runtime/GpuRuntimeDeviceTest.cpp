//===- GpuRuntimeDeviceTest.cpp - the GPU runtime on a device -------------===//
//
// On a machine with an NVIDIA driver and device (skipped elsewhere): the
// tracked allocator counts live and peak bytes in REMAT_GPU_GRANULE units
// as the planner will, copies round-trip, pinned host memory is counted
// apart, the mgpu* stream and memory calls work together, and misuse (a
// pointer the runtime did not allocate) is an error, not a crash.
//
//===----------------------------------------------------------------------===//

#include "remat/Runtime/GpuRuntime.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace {

class GpuRuntimeDeviceTest : public ::testing::Test {
protected:
  void SetUp() override {
    char why[256] = {0};
    if (!remat_gpu_available(why, sizeof(why)))
      GTEST_SKIP() << "no CUDA device: " << why;
    remat_gpu_clear_error();
    remat_gpu_reset_peak();
  }
  void TearDown() override {
    const char *error = remat_gpu_first_error();
    EXPECT_EQ(error, nullptr) << error;
  }
};

TEST_F(GpuRuntimeDeviceTest, CountsLiveAndPeakBytesInGranules) {
  int64_t before = remat_gpu_current_bytes();
  void *a = remat_gpu_alloc(1000); // 4 granules of 256
  void *b = mgpuMemAlloc(256, nullptr, 0);
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(remat_gpu_current_bytes() - before, 1024 + 256);
  remat_gpu_free(a);
  EXPECT_EQ(remat_gpu_current_bytes() - before, 256);
  EXPECT_EQ(remat_gpu_peak_bytes() - before, 1024 + 256);
  mgpuMemFree(b, nullptr);
  EXPECT_EQ(remat_gpu_current_bytes(), before);
  EXPECT_EQ(remat_gpu_num_allocations(), 2);
  remat_gpu_reset_peak();
  EXPECT_EQ(remat_gpu_peak_bytes(), before);
}

TEST_F(GpuRuntimeDeviceTest, CopiesRoundTrip) {
  std::vector<float> in(1000), out(1000, 0.0f);
  for (size_t i = 0; i < in.size(); ++i)
    in[i] = static_cast<float>(i) * 0.5f - 7.0f;
  void *device = remat_gpu_alloc(in.size() * sizeof(float));
  ASSERT_NE(device, nullptr);
  ASSERT_EQ(remat_gpu_copy_to_device(device, in.data(),
                                     in.size() * sizeof(float)),
            1);
  // Device to device on a stream, then back.
  void *stream = mgpuStreamCreate();
  ASSERT_NE(stream, nullptr);
  void *copy = mgpuMemAlloc(in.size() * sizeof(float), stream, 0);
  mgpuMemcpy(copy, device, in.size() * sizeof(float), stream);
  mgpuStreamSynchronize(stream);
  ASSERT_EQ(remat_gpu_copy_to_host(out.data(), copy,
                                   out.size() * sizeof(float)),
            1);
  EXPECT_EQ(std::memcmp(in.data(), out.data(), in.size() * sizeof(float)), 0);
  // memset32 writes words.
  mgpuMemset32(copy, 0x3f800000u, in.size(), stream); // 1.0f
  mgpuStreamSynchronize(stream);
  ASSERT_EQ(remat_gpu_copy_to_host(out.data(), copy,
                                   out.size() * sizeof(float)),
            1);
  EXPECT_EQ(out.front(), 1.0f);
  EXPECT_EQ(out.back(), 1.0f);
  mgpuMemFree(copy, stream);
  mgpuStreamDestroy(stream);
  remat_gpu_free(device);
}

TEST_F(GpuRuntimeDeviceTest, PinnedHostMemoryIsCountedApart) {
  int64_t device = remat_gpu_current_bytes();
  int64_t host = remat_gpu_current_host_bytes();
  void *pinned = remat_gpu_host_alloc(300);
  ASSERT_NE(pinned, nullptr);
  std::memset(pinned, 0xab, 300);
  EXPECT_EQ(remat_gpu_current_host_bytes() - host, 512);
  EXPECT_EQ(remat_gpu_current_bytes(), device);
  remat_gpu_host_free(pinned);
  EXPECT_EQ(remat_gpu_current_host_bytes(), host);
}

TEST_F(GpuRuntimeDeviceTest, TimerMeasuresFromStreamCreationToItsLastSync) {
  // Nothing created and synchronized since the start: no measurement.
  ASSERT_EQ(remat_gpu_timer_start(), 1);
  EXPECT_EQ(remat_gpu_timer_stop_ms(), -1.0);
  // A stream as compiled code uses one: a copy on it, then a sync.
  ASSERT_EQ(remat_gpu_timer_start(), 1);
  void *stream = mgpuStreamCreate();
  ASSERT_NE(stream, nullptr);
  const uint64_t bytes = 64 << 20;
  void *device = mgpuMemAlloc(bytes, stream, 0);
  ASSERT_NE(device, nullptr);
  mgpuMemset32(device, 0, bytes / 4, stream);
  mgpuStreamSynchronize(stream);
  double ms = remat_gpu_timer_stop_ms();
  EXPECT_GT(ms, 0.0);
  EXPECT_LT(ms, 10000.0);
  mgpuMemFree(device, stream);
  mgpuStreamDestroy(stream);
  // Stopped: a later stream records nothing.
  EXPECT_EQ(remat_gpu_timer_stop_ms(), -1.0);
}

TEST_F(GpuRuntimeDeviceTest, ForeignPointersAreErrors) {
  int local = 0;
  remat_gpu_free(&local);
  const char *error = remat_gpu_first_error();
  ASSERT_NE(error, nullptr);
  EXPECT_NE(std::string(error).find("not allocated by the runtime"),
            std::string::npos)
      << error;
  remat_gpu_clear_error();
}

TEST_F(GpuRuntimeDeviceTest, BadPtxIsAnErrorWithTheJitLog) {
  void *module =
      mgpuModuleLoadJIT(const_cast<char *>(".version 8.0\n.target sm_90\n"
                                           "this is not ptx\n"),
                        2);
  EXPECT_EQ(module, nullptr);
  const char *error = remat_gpu_first_error();
  ASSERT_NE(error, nullptr);
  EXPECT_NE(std::string(error).find("cuModuleLoadDataEx"), std::string::npos)
      << error;
  remat_gpu_clear_error();
}

} // namespace
