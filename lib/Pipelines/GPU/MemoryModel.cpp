//===- MemoryModel.cpp - what remat-lower-gpu allocates -------------------===//
//
// Beside the pipeline it must match (GpuPipeline.cpp): the front half is the
// CPU pipeline's without remat-tile-and-vectorize, so an op's temporaries
// are convert-remat-to-linalg's alone (LoweringScratch.h); every buffer is a
// gpu.alloc, which libRematGpuRuntime counts in REMAT_GPU_GRANULE-byte
// granules; offloaded values are pinned host buffers, counted apart.
//
//===----------------------------------------------------------------------===//

#include "remat/Pipelines/GPU/MemoryModel.h"

#include "remat/Conversion/LoweringScratch.h"
#include "remat/Dialect/Remat/IR/ViewCopies.h"
#include "remat/Runtime/GpuRuntime.h"

using namespace mlir;
using namespace remat;

namespace {

class GpuMemoryModel final : public TargetMemoryModel {
public:
  StringRef getName() const override { return "gpu"; }
  int64_t getBufferAlignment() const override { return REMAT_GPU_GRANULE; }
  /// Offloaded values live in pinned host memory (remat-gpu-host-memory),
  /// which the runtime counts apart.
  bool hasHostMemory() const override { return true; }
  /// Pinned copies over PCIe 5.0 x16 (H100/H200, the default sm_90: about
  /// 50 GB/s each way), against 5 TFLOP/s, what untiled f32 kernels on
  /// CUDA cores (remat-lower-gpu today) may reach, well under the chip's
  /// 67. Datasheet figures and an estimate, not measured: no device was
  /// available. A byte moved costs 100 FLOPs, against the CPU's 4, so the
  /// GPU recomputes what the CPU would offload.
  double getHostLinkBandwidth() const override { return 50e9; }
  double getFlopRate() const override { return 5e12; }
  bool viewNeedsCopy(Operation *op) const override {
    return remat::viewNeedsCopy(op);
  }
  int64_t getScratchBytes(Operation *op) const override {
    return getLoweringScratchBytes(op, REMAT_GPU_GRANULE);
  }
};

} // namespace

const TargetMemoryModel &remat::getGpuMemoryModel() {
  static GpuMemoryModel model;
  return model;
}

void remat::registerGpuMemoryModel() {
  registerTargetMemoryModel(std::make_unique<GpuMemoryModel>());
}
