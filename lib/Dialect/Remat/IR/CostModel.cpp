//===- CostModel.cpp - RematCostOpInterface for every op ------------------===//
//
// FLOP counts: a multiply-add is two FLOPs; transcendental functions count as
// the fixed per-element numbers documented on each op. These are the recompute
// costs the planner trades against bytes, so they follow the real formulas
// (2*M*N*K for matmul, 2*N*F*(C/g)*KH*KW*OH*OW for conv2d), not estimates.
// Products that can pass 2^63 saturate (FlopCount.h). What the compiled code
// allocates besides the values (scratch, view copies, buffer granules) is
// the target's, not the dialect's: TargetMemoryModel.h.
//
//===----------------------------------------------------------------------===//

#include "remat/Dialect/Remat/IR/FlopCount.h"
#include "remat/Dialect/Remat/IR/RematOps.h"
#include "remat/Dialect/Remat/IR/ViewCopies.h"

#include "remat/Core/RevolveScan.h"

#include <algorithm>

using namespace mlir;
using namespace remat;

/// Element count of a statically shaped tensor value.
static int64_t numElements(Value value) {
  return cast<ShapedType>(value.getType()).getNumElements();
}

/// FLOPs of every op nested in `region`, each once.
static int64_t regionFlops(Region &region) {
  int64_t total = 0;
  region.walk([&](Operation *op) {
    if (op->getParentRegion() != &region)
      return;
    if (auto cost = dyn_cast<RematCostOpInterface>(op))
      total = saturatingAdd(total, cost.flops());
  });
  return total;
}

// Elementwise unary.
int64_t NegOp::flops() { return numElements(getResult()); }
int64_t ExpOp::flops() { return numElements(getResult()); }
int64_t SinOp::flops() { return numElements(getResult()); }
int64_t CosOp::flops() { return numElements(getResult()); }
int64_t ErfOp::flops() { return numElements(getResult()); }
int64_t LogOp::flops() { return numElements(getResult()); }
int64_t SqrtOp::flops() { return numElements(getResult()); }
int64_t RsqrtOp::flops() { return 2 * numElements(getResult()); }
int64_t TanhOp::flops() { return numElements(getResult()); }
int64_t SigmoidOp::flops() { return 4 * numElements(getResult()); }
int64_t ReluOp::flops() { return numElements(getResult()); }
int64_t ClampOp::flops() {
  return numElements(getResult()) *
         (int64_t(getMin().has_value()) + int64_t(getMax().has_value()));
}
int64_t WhereOp::flops() { return numElements(getResult()); }
int64_t MaskedFillOp::flops() { return numElements(getResult()); }
int64_t ConvertOp::flops() { return numElements(getResult()); }
int64_t GeluOp::flops() {
  int64_t perElement = getApproximation() == GeluApproximation::Tanh ? 8 : 5;
  return perElement * numElements(getResult());
}

// Elementwise binary.
int64_t AddOp::flops() { return numElements(getResult()); }
int64_t SubOp::flops() { return numElements(getResult()); }
int64_t MulOp::flops() { return numElements(getResult()); }
int64_t DivOp::flops() { return numElements(getResult()); }
int64_t MaximumOp::flops() { return numElements(getResult()); }
int64_t ScaleOp::flops() { return numElements(getResult()); }

// Broadcast and reductions.
int64_t BroadcastOp::flops() { return 0; }
int64_t ReduceSumOp::flops() { return numElements(getInput()); }
int64_t ReduceMeanOp::flops() {
  return numElements(getInput()) + numElements(getResult());
}
int64_t ReduceMaxOp::flops() { return numElements(getInput()); }

// Contractions.
int64_t MatmulOp::flops() {
  RankedTensorType lhs = getLhs().getType();
  int64_t k = lhs.getDimSize(lhs.getRank() - (getTransposeA() ? 2 : 1));
  // The result holds B * M * N elements, each a K-long dot product.
  return saturatingProduct({2, numElements(getResult()), k});
}

int64_t Conv2DOp::flops() {
  RankedTensorType filter = getFilter().getType();
  int64_t perOutput = filter.getDimSize(1) * filter.getDimSize(2) *
                      filter.getDimSize(3); // (C/g) * KH * KW
  // The result holds N * F * OH * OW elements.
  return saturatingProduct({2, numElements(getResult()), perOutput});
}

int64_t MaxPool2DOp::flops() {
  ArrayRef<int64_t> k = getKernel();
  return saturatingProduct({numElements(getResult()), k[0], k[1]});
}

int64_t AvgPool2DOp::flops() {
  ArrayRef<int64_t> k = getKernel();
  return saturatingProduct({numElements(getResult()),
                            saturatingAdd(saturatingProduct({k[0], k[1]}), 1)});
}

// Normalization and attention pieces.
int64_t SoftmaxOp::flops() { return 5 * numElements(getResult()); }
int64_t LayerNormOp::flops() { return 8 * numElements(getResult()); }
int64_t BatchNormOp::flops() { return 8 * numElements(getResult()); }

// Gather and shape ops move data; they do no arithmetic.
int64_t EmbeddingOp::flops() { return 0; }
int64_t EmbeddingOp::bytesRead() {
  // Only the gathered rows and the ids are read, not the whole table.
  return detail::sumTensorBytes(getResult().getType()) +
         detail::sumTensorBytes(getIds().getType());
}
// Views move nothing, except where the lowering has to copy them
// (ViewCopies.h): then they read and write their result's bytes.
int64_t ReshapeOp::flops() { return 0; }
bool ReshapeOp::isView() { return !viewNeedsCopy(*this); }
int64_t ReshapeOp::bytesRead() {
  return isView() ? 0 : detail::sumTensorBytes(getResult().getType());
}
int64_t ReshapeOp::bytesWritten() { return bytesRead(); }
int64_t TransposeOp::flops() { return 0; }
int64_t SliceOp::flops() { return 0; }
bool SliceOp::isView() { return !viewNeedsCopy(*this); }
int64_t SliceOp::bytesRead() {
  return isView() ? 0 : detail::sumTensorBytes(getResult().getType());
}
int64_t SliceOp::bytesWritten() { return bytesRead(); }
int64_t ConcatOp::flops() { return 0; }

// Losses.
int64_t CrossEntropyOp::flops() {
  return 4 * numElements(getLogits()) + 2 * numElements(getLabels());
}
int64_t MseOp::flops() { return 3 * numElements(getPrediction()); }

// Dropout and constants.
int64_t DropoutOp::flops() { return 4 * numElements(getResult()); }
int64_t ConstantOp::flops() { return 0; }

// Graph structure.
int64_t NameOp::flops() { return 0; }
bool NameOp::isView() { return !viewNeedsCopy(*this); }
int64_t NameOp::bytesRead() {
  return isView() ? 0 : detail::sumTensorBytes(getResult().getType());
}
int64_t NameOp::bytesWritten() { return bytesRead(); }
int64_t CheckpointOp::flops() { return regionFlops(getBody()); }
int64_t ScanOp::flops() {
  return saturatingProduct({getLength(), regionFlops(getBody())});
}
// The backward of a Revolve scan: its advances run the forward region, its
// turns the backward one once per layer.
int64_t RevolveScanOp::flops() {
  int64_t length = getLength();
  RevolveScanPlan plan = planRevolveScan(length, getSlots());
  return saturatingAdd(
      saturatingProduct({plan.backwardAdvances, regionFlops(getForward())}),
      saturatingProduct({length, regionFlops(getBackward())}));
}
// Its stores and restores copy one carry (a row of every snapshot stack)
// to or from a slot: each reads and writes those bytes, besides what the
// operands and results count (the slot stacks once). The FLOPs leave them
// out, so without them a schedule with more slots would look cheaper than
// it is (on the deep scans of docs/performance.md, revolve looked 1% cheaper
// than nested where it ran 2-4% slower).
static int64_t revolveSlotCopyBytes(RevolveScanOp op) {
  RevolveScanPlan plan = planRevolveScan(op.getLength(), op.getSlots());
  int64_t copies = 0;
  for (const RevolveScanStep &step : plan.backward)
    if (step.kind == RevolveScanStep::Kind::Store ||
        step.kind == RevolveScanStep::Kind::Restore)
      ++copies;
  int64_t carryBytes = 0;
  for (Value snapshot : op.getSnapshots()) {
    auto type = cast<RankedTensorType>(snapshot.getType());
    carryBytes = saturatingAdd(
        carryBytes,
        remat::detail::sumTensorBytes(snapshot.getType()) /
            std::max<int64_t>(1, type.getDimSize(0)));
  }
  return saturatingProduct({copies, carryBytes});
}
int64_t RevolveScanOp::bytesRead() {
  return saturatingAdd(remat::detail::sumTensorBytes(getOperandTypes()),
                       revolveSlotCopyBytes(*this));
}
int64_t RevolveScanOp::bytesWritten() {
  return saturatingAdd(remat::detail::sumTensorBytes(getResultTypes()),
                       revolveSlotCopyBytes(*this));
}
int64_t OffloadOp::flops() { return 0; }
int64_t ReloadOp::flops() { return 0; }

//===----------------------------------------------------------------------===//
// Gradient ops. (What their lowering allocates besides the results is the
// target's memory model: LoweringScratch.h.)
//===----------------------------------------------------------------------===//

int64_t ReluGradOp::flops() { return numElements(getResult()); }
int64_t ClampGradOp::flops() {
  return numElements(getResult()) *
         (int64_t(getMin().has_value()) + int64_t(getMax().has_value()));
}
int64_t GeluGradOp::flops() {
  int64_t perElement = getApproximation() == GeluApproximation::Tanh ? 17 : 11;
  return perElement * numElements(getResult());
}
int64_t MaximumGradOp::flops() { return 2 * numElements(getGrad()); }
int64_t WhereGradOp::flops() { return numElements(getGrad()); }

int64_t ReduceMaxGradOp::flops() { return 4 * numElements(getInput()); }

int64_t SoftmaxGradOp::flops() { return 4 * numElements(getResult()); }

int64_t MaxPool2DGradOp::flops() {
  ArrayRef<int64_t> k = getKernel();
  int64_t window = saturatingProduct({k[0], k[1]});
  // Every input element scans each window that may cover it for its first
  // maximum (a compare and a select per position), then adds its gradient.
  return saturatingProduct({numElements(getInput()), window,
                            saturatingAdd(saturatingProduct({2, window}), 1)});
}

int64_t AvgPool2DGradOp::flops() {
  ArrayRef<int64_t> k = getKernel();
  return saturatingProduct({numElements(getResult()),
                            saturatingAdd(saturatingProduct({k[0], k[1]}), 1)});
}

int64_t Conv2DGradInputOp::flops() {
  RankedTensorType filter = getFilter().getType();
  int64_t perInput = (filter.getDimSize(0) / getGroups()) *
                     filter.getDimSize(2) * filter.getDimSize(3);
  // Every input element correlates (F/groups) * KH * KW grid cells.
  return saturatingProduct({2, numElements(getResult()), perInput});
}

int64_t Conv2DGradFilterOp::flops() {
  RankedTensorType grad = getGrad().getType();
  int64_t perWeight =
      grad.getDimSize(0) * grad.getDimSize(2) * grad.getDimSize(3);
  // Every weight is an N * OH * OW-long dot product.
  return saturatingProduct({2, numElements(getResult()), perWeight});
}

int64_t LayerNormGradOp::flops() {
  int64_t elements = numElements(getInput());
  int64_t rows = elements / std::max<int64_t>(numElements(getBiasGrad()), 1);
  return (getWeight() ? 25 : 22) * elements + 4 * rows;
}

int64_t BatchNormGradOp::flops() {
  return 9 * numElements(getInput()) + 8 * numElements(getWeight());
}

int64_t EmbeddingGradOp::flops() { return numElements(getGrad()); }

int64_t CrossEntropyGradOp::flops() { return 10 * numElements(getLogits()); }

int64_t SliceGradOp::flops() { return 0; }
