//===- CostModel.cpp - RematCostOpInterface for every op ------------------===//
//
// FLOP counts: a multiply-add is two FLOPs; transcendental functions count as
// the fixed per-element numbers documented on each op. These are the recompute
// costs the planner trades against bytes, so they follow the real formulas
// (2*M*N*K for matmul, 2*N*F*(C/g)*KH*KW*OH*OW for conv2d), not estimates.
//
//===----------------------------------------------------------------------===//

#include "remat/Dialect/Remat/IR/KernelScratch.h"
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

//===----------------------------------------------------------------------===//
// Gradient ops. Their scratch is what convert-remat-to-linalg allocates
// beyond the results (GradientLowering.cpp): f32 row statistics and
// accumulators, and the grids that turn scatters into gathers.
//===----------------------------------------------------------------------===//

/// Bytes of one f32 buffer of `elements` (each temporary is its own buffer).
static int64_t f32Bytes(int64_t elements) { return bufferBytes(4 * elements); }

/// Bytes of an f32 accumulator of `type`'s shape when its elements are not
/// f32 already (for f32, the accumulator is the result itself).
static int64_t f32AccumulatorBytes(RankedTensorType type) {
  return type.getElementType().isF32() ? 0 : f32Bytes(type.getNumElements());
}

/// Bytes of the panel the packed CPU kernel allocates for a convolution
/// with reduction length `k` (KernelScratch.h): f32 operands and one group
/// only; other convolutions keep the linalg lowering, which packs nothing.
static int64_t convPanelBytes(ArrayRef<RankedTensorType> types, int64_t groups,
                              int64_t k) {
  if (groups != 1 || llvm::any_of(types, [](RankedTensorType type) {
        return !type.getElementType().isF32();
      }))
    return 0;
  return f32Bytes(packedPanelElements(k));
}

/// Bytes of `elements` elements of `type`'s element type.
static int64_t elementBytes(RankedTensorType type, int64_t elements) {
  return bufferBytes(elements *
                     getElementBytes(type.getElementType()).value_or(4));
}

/// Elements of the stride-1 grid a pooling or convolution gradient spreads
/// its `channels` gradient channels over: the input grid [N, ., H, W]
/// widened by the window's reach.
static int64_t gridElements(RankedTensorType input, int64_t channels,
                            int64_t reachH, int64_t reachW) {
  return input.getDimSize(0) * channels * (input.getDimSize(2) + reachH) *
         (input.getDimSize(3) + reachW);
}

/// Elements of an NCHW tensor padded by [top, left, bottom, right], 0 when
/// the padding is all zero (the lowering pads nothing then).
static int64_t paddedElements(RankedTensorType type, ArrayRef<int64_t> pad) {
  if (llvm::all_of(pad, [](int64_t p) { return p == 0; }))
    return 0;
  return type.getDimSize(0) * type.getDimSize(1) *
         (type.getDimSize(2) + pad[0] + pad[2]) *
         (type.getDimSize(3) + pad[1] + pad[3]);
}

int64_t ReluGradOp::flops() { return numElements(getResult()); }
int64_t GeluGradOp::flops() {
  int64_t perElement = getApproximation() == GeluApproximation::Tanh ? 17 : 11;
  return perElement * numElements(getResult());
}
int64_t MaximumGradOp::flops() { return 2 * numElements(getGrad()); }

int64_t ReduceMaxGradOp::flops() { return 4 * numElements(getInput()); }
int64_t ReduceMaxGradOp::scratchBytes() {
  return f32Bytes(numElements(getGrad())); // the tie counts
}

int64_t SoftmaxGradOp::flops() { return 4 * numElements(getResult()); }
int64_t SoftmaxGradOp::scratchBytes() {
  RankedTensorType type = getType();
  int64_t axisSize = type.getDimSize(getAxisAttr().getInt());
  return f32Bytes(type.getNumElements() / std::max<int64_t>(axisSize, 1));
}

int64_t MaxPool2DGradOp::flops() {
  ArrayRef<int64_t> k = getKernel();
  int64_t window = k[0] * k[1];
  // Finding each window's first maximum, then gathering per input element.
  return 2 * numElements(getGrad()) * window +
         2 * numElements(getInput()) * window;
}
int64_t MaxPool2DGradOp::scratchBytes() {
  RankedTensorType input = getInput().getType();
  ArrayRef<int64_t> k = getKernel();
  int64_t grid = gridElements(input, input.getDimSize(1), k[0] - 1, k[1] - 1);
  return elementBytes(input, paddedElements(input, getPadding())) +
         2 * f32Bytes(numElements(getGrad())) + // winner values and positions
         elementBytes(input, grid) + f32Bytes(grid) + // gradient, winners
         f32AccumulatorBytes(input);
}

int64_t AvgPool2DGradOp::flops() {
  ArrayRef<int64_t> k = getKernel();
  return numElements(getResult()) * (k[0] * k[1] + 1);
}
int64_t AvgPool2DGradOp::scratchBytes() {
  RankedTensorType result = getType();
  ArrayRef<int64_t> k = getKernel();
  int64_t grid = gridElements(result, result.getDimSize(1), k[0] - 1, k[1] - 1);
  return elementBytes(result, grid) + f32Bytes(result.getNumElements());
}

int64_t Conv2DGradInputOp::flops() {
  RankedTensorType filter = getFilter().getType();
  int64_t perInput = (filter.getDimSize(0) / getGroups()) *
                     filter.getDimSize(2) * filter.getDimSize(3);
  // Every input element correlates (F/groups) * KH * KW grid cells.
  return 2 * numElements(getResult()) * perInput;
}
int64_t Conv2DGradInputOp::scratchBytes() {
  RankedTensorType result = getType(), filter = getFilter().getType();
  ArrayRef<int64_t> dilations = getDilations();
  int64_t grid = gridElements(result, filter.getDimSize(0),
                              (filter.getDimSize(2) - 1) * dilations[0],
                              (filter.getDimSize(3) - 1) * dilations[1]);
  // The grid, the reversed filter, the kernel's panel and the accumulator.
  int64_t panel = convPanelBytes(
      {result, filter, getGrad().getType()}, getGroups(),
      filter.getDimSize(0) * filter.getDimSize(2) * filter.getDimSize(3));
  return elementBytes(result, grid) +
         elementBytes(result, filter.getNumElements()) + panel +
         f32AccumulatorBytes(result);
}

int64_t Conv2DGradFilterOp::flops() {
  RankedTensorType grad = getGrad().getType();
  int64_t perWeight =
      grad.getDimSize(0) * grad.getDimSize(2) * grad.getDimSize(3);
  // Every weight is an N * OH * OW-long dot product.
  return 2 * numElements(getResult()) * perWeight;
}
int64_t Conv2DGradFilterOp::scratchBytes() {
  RankedTensorType input = getInput().getType(), grad = getGrad().getType();
  int64_t panel = convPanelBytes({input, grad, getType()}, getGroups(),
                                 grad.getDimSize(2) * grad.getDimSize(3));
  return elementBytes(input, paddedElements(input, getPadding())) + panel +
         f32AccumulatorBytes(getType());
}

int64_t LayerNormGradOp::flops() {
  int64_t elements = numElements(getInput());
  int64_t rows = elements / std::max<int64_t>(numElements(getBiasGrad()), 1);
  return (getWeight() ? 25 : 22) * elements + 4 * rows;
}
int64_t LayerNormGradOp::scratchBytes() {
  int64_t rows = numElements(getInput()) /
                 std::max<int64_t>(numElements(getBiasGrad()), 1);
  // Sum, mean, squares, rstd and the two gradient sums per row.
  return 6 * f32Bytes(rows) + f32AccumulatorBytes(getWeightGrad().getType()) +
         f32AccumulatorBytes(getBiasGrad().getType());
}

int64_t BatchNormGradOp::flops() {
  return 9 * numElements(getInput()) + 8 * numElements(getWeight());
}
int64_t BatchNormGradOp::scratchBytes() {
  // Two sums and three coefficients per channel.
  return 5 * f32Bytes(numElements(getWeight()));
}

int64_t EmbeddingGradOp::flops() { return numElements(getGrad()); }
int64_t EmbeddingGradOp::scratchBytes() {
  return f32AccumulatorBytes(getType());
}

int64_t CrossEntropyGradOp::flops() { return 10 * numElements(getLogits()); }
int64_t CrossEntropyGradOp::scratchBytes() {
  return 2 * f32Bytes(numElements(getLabels())); // row maxima and sums
}

int64_t SliceGradOp::flops() { return 0; }

//===----------------------------------------------------------------------===//
// Scratch of the forward ops: what their lowering (RematToLinalg) allocates
// besides the results, each temporary a buffer of its own.
//===----------------------------------------------------------------------===//

/// Elements of `type` with `dims` reduced away.
static int64_t reducedElements(RankedTensorType type, ArrayRef<int64_t> dims) {
  int64_t n = 1;
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (!llvm::is_contained(dims, d))
      n *= type.getDimSize(d);
  return n;
}

// Sums and maxima accumulate in f32; for f32 results the accumulator is the
// result itself. reduce_mean always divides into a new tensor.
int64_t ReduceSumOp::scratchBytes() { return f32AccumulatorBytes(getType()); }
int64_t ReduceMaxOp::scratchBytes() { return f32AccumulatorBytes(getType()); }
int64_t ReduceMeanOp::scratchBytes() {
  return f32Bytes(getType().getNumElements());
}

// softmax: the row maxima and the row sums (the exponentials are divided in
// place into the result).
int64_t SoftmaxOp::scratchBytes() {
  RankedTensorType type = getType();
  return 2 * f32Bytes(reducedElements(type, {getAxisAttr().getInt()}));
}

// layer_norm: the sums and the sums of squared deviations per row.
int64_t LayerNormOp::scratchBytes() {
  return 2 * f32Bytes(reducedElements(getType(), getAxes()));
}

// batch_norm: the sums and sums of squares per channel (the mean and
// variance results are separate).
int64_t BatchNormOp::scratchBytes() {
  return 2 * f32Bytes(getMean().getType().getNumElements());
}

// Contractions: an f32 accumulator for 16-bit results, a padded copy of the
// input when there is padding.
// An f32 matmul packs panels of its right-hand operand into one buffer of its
// own (KernelScratch.h); 16-bit ones accumulate into an f32 tensor instead.
int64_t MatmulOp::scratchBytes() {
  RankedTensorType lhs = getLhs().getType();
  if (!lhs.getElementType().isF32() ||
      !getRhs().getType().getElementType().isF32() ||
      !getType().getElementType().isF32())
    return f32AccumulatorBytes(getType());
  int64_t k = lhs.getDimSize(lhs.getRank() - (getTransposeA() ? 2 : 1));
  return f32Bytes(packedPanelElements(k));
}
int64_t Conv2DOp::scratchBytes() {
  RankedTensorType input = getInput().getType(), filter = getFilter().getType();
  int64_t padded = paddedElements(input, getPadding());
  int64_t panel = convPanelBytes(
      {input, filter, getType()}, getGroupsAttr().getInt(),
      filter.getDimSize(1) * filter.getDimSize(2) * filter.getDimSize(3));
  return (padded ? elementBytes(input, padded) : 0) + panel +
         f32AccumulatorBytes(getType());
}
int64_t MaxPool2DOp::scratchBytes() {
  RankedTensorType input = getInput().getType();
  int64_t padded = paddedElements(input, getPadding());
  return (padded ? elementBytes(input, padded) : 0) +
         f32AccumulatorBytes(getType());
}
// avg_pool2d sums into an f32 tensor, then divides into the result.
int64_t AvgPool2DOp::scratchBytes() {
  RankedTensorType input = getInput().getType();
  int64_t padded = paddedElements(input, getPadding());
  return (padded ? elementBytes(input, padded) : 0) +
         f32Bytes(getType().getNumElements());
}

// cross_entropy: the row maxima, the row sums and the 0-d total.
int64_t CrossEntropyOp::scratchBytes() {
  return 2 * f32Bytes(getLabels().getType().getNumElements()) + f32Bytes(1);
}
// mse: the 0-d total.
int64_t MseOp::scratchBytes() { return f32Bytes(1); }
