//===- GpuRuntimeNoDriverTest.cpp - the GPU runtime without a driver ------===//
//
// With no CUDA driver to load (REMAT_CUDA_DRIVER names a file that does not
// exist, set before the runtime's first use: this program runs on machines
// with and without a GPU alike), every entry point fails cleanly: no crash,
// null handles, nothing counted, and the reason kept as the first error.
//
//===----------------------------------------------------------------------===//

#include "remat/Runtime/GpuRuntime.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <string>

namespace {

constexpr const char *kMissingDriver = "/nonexistent/remat-test/libcuda.so.1";

class NoDriver : public ::testing::Environment {
public:
  void SetUp() override { setenv("REMAT_CUDA_DRIVER", kMissingDriver, 1); }
};

const ::testing::Environment *const environment =
    ::testing::AddGlobalTestEnvironment(new NoDriver);

TEST(GpuRuntimeNoDriverTest, SaysWhyNoDeviceCanBeUsed) {
  char why[256] = {0};
  EXPECT_EQ(remat_gpu_available(why, sizeof(why)), 0);
  std::string reason = why;
  EXPECT_NE(reason.find("cannot load the CUDA driver"), std::string::npos)
      << reason;
  EXPECT_NE(reason.find(kMissingDriver), std::string::npos) << reason;
  // A short buffer gets a terminated prefix.
  char tiny[8];
  EXPECT_EQ(remat_gpu_available(tiny, sizeof(tiny)), 0);
  EXPECT_EQ(std::string(tiny), reason.substr(0, 7));
}

TEST(GpuRuntimeNoDriverTest, EveryEntryPointFailsCleanly) {
  remat_gpu_clear_error();
  EXPECT_EQ(remat_gpu_first_error(), nullptr);
  EXPECT_EQ(remat_gpu_alloc(1024), nullptr);
  const char *error = remat_gpu_first_error();
  ASSERT_NE(error, nullptr);
  EXPECT_EQ(std::string(error).rfind("remat_gpu_alloc: cannot load", 0), 0u)
      << error;

  // The first error is kept; later failures do not replace it.
  EXPECT_EQ(mgpuMemAlloc(64, nullptr, 0), nullptr);
  EXPECT_EQ(mgpuMemAlloc(64, nullptr, 1), nullptr);
  EXPECT_EQ(mgpuStreamCreate(), nullptr);
  EXPECT_EQ(mgpuEventCreate(), nullptr);
  EXPECT_EQ(mgpuModuleLoadJIT(const_cast<char *>(".version 8.0"), 2),
            nullptr);
  EXPECT_EQ(mgpuModuleLoad(nullptr, 0), nullptr);
  EXPECT_EQ(mgpuModuleGetFunction(nullptr, "k"), nullptr);
  mgpuLaunchKernel(nullptr, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr,
                   0);
  mgpuStreamSynchronize(nullptr);
  mgpuStreamDestroy(nullptr);
  mgpuMemFree(nullptr, nullptr);
  mgpuMemcpy(nullptr, nullptr, 0, nullptr);
  mgpuMemset32(nullptr, 0, 0, nullptr);
  EXPECT_EQ(remat_gpu_copy_to_device(nullptr, nullptr, 0), 0);
  EXPECT_EQ(remat_gpu_copy_to_host(nullptr, nullptr, 0), 0);
  EXPECT_EQ(remat_gpu_host_alloc(16), nullptr);
  EXPECT_EQ(remat_gpu_timer_start(), 0);
  EXPECT_EQ(remat_gpu_timer_stop_ms(), -1.0);
  EXPECT_EQ(std::string(remat_gpu_first_error()), std::string(error));

  EXPECT_EQ(remat_gpu_current_bytes(), 0);
  EXPECT_EQ(remat_gpu_peak_bytes(), 0);
  EXPECT_EQ(remat_gpu_current_host_bytes(), 0);
  EXPECT_EQ(remat_gpu_num_allocations(), 0);
  remat_gpu_clear_error();
  EXPECT_EQ(remat_gpu_first_error(), nullptr);
}

} // namespace
