//===- MemoryModel.cpp - what remat-lower-cpu allocates -------------------===//
//
// Beside the kernels it must match: the panel the packed f32 kernels of
// remat-tile-and-vectorize allocate (MatmulKernel.cpp, ConvKernel.cpp,
// sized by KernelScratch.h) on top of what convert-remat-to-linalg's
// lowering allocates (LoweringScratch.h).
//
//===----------------------------------------------------------------------===//

#include "remat/Pipelines/CPU/MemoryModel.h"

#include "KernelScratch.h"

#include "remat/Conversion/LoweringScratch.h"
#include "remat/Dialect/Remat/IR/RematOps.h"
#include "remat/Dialect/Remat/IR/ViewCopies.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace remat;

namespace {

/// Buffer alignment and granule: one-shot bufferization aligns allocations
/// to 64 bytes and the aligned allocator takes sizes that are multiples of
/// it (a cache line, an AVX-512 vector).
constexpr int64_t kCpuBufferAlignment = 64;

bool allF32(std::initializer_list<Type> types) {
  return llvm::all_of(types, [](Type type) {
    return cast<ShapedType>(type).getElementType().isF32();
  });
}

class CpuMemoryModel final : public TargetMemoryModel {
public:
  StringRef getName() const override { return "cpu"; }
  int64_t getBufferAlignment() const override { return kCpuBufferAlignment; }
  bool hasHostMemory() const override { return true; }
  /// A one-thread memcpy, and the one-thread training steps of
  /// docs/performance.md (round figures: 4 FLOPs per byte moved).
  double getHostLinkBandwidth() const override { return 10e9; }
  double getFlopRate() const override { return 40e9; }
  bool viewNeedsCopy(Operation *op) const override {
    return remat::viewNeedsCopy(op);
  }
  int64_t getScratchBytes(Operation *op) const override {
    return getLoweringScratchBytes(op, kCpuBufferAlignment,
                                   kernelScratchBytes(op));
  }

private:
  /// One f32 panel of the packed kernel for a reduction of length `k`.
  int64_t panelBytes(int64_t k) const {
    return getBufferBytes(4 * packedPanelElements(k));
  }

  /// The panel of a convolution over `channels` windows of `window`
  /// positions (convPanelRows).
  int64_t convPanelBytes(int64_t channels, int64_t window) const {
    return getBufferBytes(4 * convPanelElements(channels * window, window));
  }

  /// Bytes of the buffers the packed kernel allocates for `op`: the panel
  /// for f32 matmuls (reduction length K; where the kernel packs A stored
  /// [K, M], also its block of A), f32 convolutions with one group (C * KH *
  /// KW, none when the kernel reads the input in place), the correlation of
  /// conv2d_grad_input (F * KH * KW, none in place) and conv2d_grad_filter
  /// (OH * OW); 0 for other ops, which keep the linalg lowering.
  int64_t kernelScratchBytes(Operation *op) const {
    return llvm::TypeSwitch<Operation *, int64_t>(op)
        .Case([&](MatmulOp m) -> int64_t {
          RankedTensorType lhs = m.getLhs().getType();
          if (!allF32({lhs, m.getRhs().getType(), m.getType()}))
            return 0;
          int64_t rank = lhs.getRank();
          bool transposeA = m.getTransposeA();
          int64_t k = lhs.getDimSize(rank - (transposeA ? 2 : 1));
          int64_t rows = lhs.getDimSize(rank - (transposeA ? 1 : 2));
          int64_t columns = m.getType().getDimSize(rank - 1);
          if (!transposeA || !matmulPacksTransposedA(rows, columns))
            return panelBytes(k);
          // The packed block of A too.
          return panelBytes(k) +
                 getBufferBytes(4 *
                                packedABlockElements(rows, packedPanelRows(k)));
        })
        .Case([&](Conv2DOp c) -> int64_t {
          RankedTensorType filter = c.getFilter().getType();
          if (c.getGroupsAttr().getInt() != 1 ||
              !allF32({c.getInput().getType(), filter, c.getType()}) ||
              convReadsInputInPlace(c.getType().getDimSize(3),
                                    c.getStrides()[1]))
            return 0;
          return convPanelBytes(filter.getDimSize(1),
                                filter.getDimSize(2) * filter.getDimSize(3));
        })
        .Case([&](Conv2DGradInputOp g) -> int64_t {
          RankedTensorType result = g.getType(), filter = g.getFilter().getType();
          if (g.getGroups() != 1 ||
              !allF32({result, filter, g.getGrad().getType()}) ||
              convReadsInputInPlace(result.getDimSize(3), 1))
            return 0;
          return convPanelBytes(filter.getDimSize(0),
                                filter.getDimSize(2) * filter.getDimSize(3));
        })
        .Case([&](Conv2DGradFilterOp g) -> int64_t {
          RankedTensorType grad = g.getGrad().getType();
          if (g.getGroups() != 1 ||
              !allF32({g.getInput().getType(), grad, g.getType()}))
            return 0;
          return panelBytes(grad.getDimSize(2) * grad.getDimSize(3));
        })
        .Default([](Operation *) -> int64_t { return 0; });
  }
};

} // namespace

const TargetMemoryModel &remat::getCpuMemoryModel() {
  static CpuMemoryModel model;
  return model;
}

void remat::registerCpuMemoryModel() {
  registerTargetMemoryModel(std::make_unique<CpuMemoryModel>());
}
