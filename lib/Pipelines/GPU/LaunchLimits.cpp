//===- LaunchLimits.cpp - remat-gpu-launch-limits -------------------------===//
//
// A kernel's grid comes from its op's shape: the tiles of 16 of the first
// two parallel dimensions and the whole third (remat-lower-gpu's mapping).
// A shape whose grid a GPU cannot launch is refused here, at the op, rather
// than by the driver at run time.
//
//===----------------------------------------------------------------------===//

#include "remat/Pipelines/GPU/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include <array>

namespace remat {
#define GEN_PASS_DEF_GPULAUNCHLIMITS
#include "remat/Pipelines/GPU/Passes.h.inc"
} // namespace remat

using namespace mlir;

namespace {

/// CUDA's limits for compute capability 7.0 and later (the CUDA C++
/// Programming Guide's table of technical specifications).
constexpr std::array<int64_t, 3> kMaxGrid = {2147483647, 65535, 65535};
constexpr std::array<int64_t, 3> kMaxBlock = {1024, 1024, 64};
constexpr int64_t kMaxThreadsPerBlock = 1024;

struct GpuLaunchLimitsPass final
    : remat::impl::GpuLaunchLimitsBase<GpuLaunchLimitsPass> {
  void runOnOperation() override {
    getOperation().walk([&](gpu::LaunchOp launch) {
      gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
      gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
      std::array<Value, 3> gridSizes = {grid.x, grid.y, grid.z};
      std::array<Value, 3> blockSizes = {block.x, block.y, block.z};
      std::array<int64_t, 3> g{}, t{};
      for (int i = 0; i < 3; ++i) {
        std::optional<int64_t> gi = getConstantIntValue(gridSizes[i]);
        std::optional<int64_t> ti = getConstantIntValue(blockSizes[i]);
        if (!gi || !ti)
          return; // sizes not known here: nothing to check
        g[i] = *gi;
        t[i] = *ti;
      }
      bool gridTooLarge = false, blockTooLarge = false;
      for (int i = 0; i < 3; ++i) {
        gridTooLarge |= g[i] > kMaxGrid[i];
        blockTooLarge |= t[i] > kMaxBlock[i];
      }
      blockTooLarge |= t[0] * t[1] * t[2] > kMaxThreadsPerBlock;
      if (!gridTooLarge && !blockTooLarge)
        return;
      InFlightDiagnostic diag = launch.emitError()
                                << "remat-lower-gpu: this op's kernel needs ";
      if (gridTooLarge)
        diag << "a grid of " << g[0] << " x " << g[1] << " x " << g[2]
             << " blocks, more than a GPU launches (at most " << kMaxGrid[0]
             << " x " << kMaxGrid[1] << " x " << kMaxGrid[2]
             << "); the grid tiles the op's first two parallel dimensions "
                "by 16 and spans its third, so the second may have at most "
             << kMaxGrid[1] * 16 << " elements and the third " << kMaxGrid[2]
             << ": reshape the tensors so that the largest dimension comes "
                "first";
      else
        diag << "blocks of " << t[0] << " x " << t[1] << " x " << t[2]
             << " threads, more than a GPU launches (at most " << kMaxBlock[0]
             << " x " << kMaxBlock[1] << " x " << kMaxBlock[2] << ", "
             << kMaxThreadsPerBlock << " in all)";
      signalPassFailure();
    });
  }
};

} // namespace
