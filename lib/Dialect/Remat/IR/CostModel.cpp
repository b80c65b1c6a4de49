//===- CostModel.cpp - RematCostOpInterface for every op ------------------===//
//
// FLOP counts: a multiply-add is two FLOPs; transcendental functions count as
// the fixed per-element numbers documented on each op. These are the recompute
// costs the planner trades against bytes, so they follow the real formulas
// (2*M*N*K for matmul, 2*N*F*(C/g)*KH*KW*OH*OW for conv2d), not estimates.
//
//===----------------------------------------------------------------------===//

#include "remat/Dialect/Remat/IR/RematOps.h"

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
      total += cost.flops();
  });
  return total;
}

// Elementwise unary.
int64_t NegOp::flops() { return numElements(getResult()); }
int64_t ExpOp::flops() { return numElements(getResult()); }
int64_t LogOp::flops() { return numElements(getResult()); }
int64_t SqrtOp::flops() { return numElements(getResult()); }
int64_t RsqrtOp::flops() { return 2 * numElements(getResult()); }
int64_t TanhOp::flops() { return numElements(getResult()); }
int64_t SigmoidOp::flops() { return 4 * numElements(getResult()); }
int64_t ReluOp::flops() { return numElements(getResult()); }
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
  return 2 * numElements(getResult()) * k;
}

int64_t Conv2DOp::flops() {
  RankedTensorType filter = getFilter().getType();
  int64_t perOutput = filter.getDimSize(1) * filter.getDimSize(2) *
                      filter.getDimSize(3); // (C/g) * KH * KW
  // The result holds N * F * OH * OW elements.
  return 2 * numElements(getResult()) * perOutput;
}

int64_t MaxPool2DOp::flops() {
  ArrayRef<int64_t> k = getKernel();
  return numElements(getResult()) * k[0] * k[1];
}

int64_t AvgPool2DOp::flops() {
  ArrayRef<int64_t> k = getKernel();
  return numElements(getResult()) * (k[0] * k[1] + 1);
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
int64_t ReshapeOp::flops() { return 0; }
bool ReshapeOp::isView() { return true; }
int64_t ReshapeOp::bytesRead() { return 0; }
int64_t ReshapeOp::bytesWritten() { return 0; }
int64_t TransposeOp::flops() { return 0; }
int64_t SliceOp::flops() { return 0; }
bool SliceOp::isView() { return true; }
int64_t SliceOp::bytesRead() { return 0; }
int64_t SliceOp::bytesWritten() { return 0; }
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
bool NameOp::isView() { return true; }
int64_t NameOp::bytesRead() { return 0; }
int64_t NameOp::bytesWritten() { return 0; }
int64_t CheckpointOp::flops() { return regionFlops(getBody()); }
int64_t ScanOp::flops() { return getLength() * regionFlops(getBody()); }
int64_t OffloadOp::flops() { return 0; }
int64_t ReloadOp::flops() { return 0; }
