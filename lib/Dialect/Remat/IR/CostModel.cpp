//===- CostModel.cpp - RematCostOpInterface for every op ------------------===//
//
// FLOP counts: a multiply-add is two FLOPs; transcendental functions count as
// the fixed per-element numbers documented on each op. These are the recompute
// costs the planner trades against bytes, so they follow the real formulas
// (2*M*N*K for matmul, 2*N*F*(C/g)*KH*KW*OH*OW for conv2d), not estimates.
// Products that can pass 2^63 saturate (FlopCount.h).
//
//===----------------------------------------------------------------------===//

#include "remat/Dialect/Remat/IR/FlopCount.h"
#include "remat/Dialect/Remat/IR/KernelScratch.h"
#include "remat/Dialect/Remat/IR/RegionPeak.h"
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

/// Scratch of a lowering that runs in stages, freeing each temporary at its
/// last use: the most any stage holds at once (its temporaries plus the
/// results allocated by then) less all the results, which the memory model
/// counts for the whole op already.
static int64_t stagedScratch(std::initializer_list<int64_t> stages,
                             int64_t results) {
  return std::max<int64_t>(0, std::max(stages) - results);
}

/// Scratch of a lowering that accumulates into an f32 tensor of `result`'s
/// shape while `temps` are live, frees them, then converts the accumulator
/// into the result. For an f32 result the accumulator is the result itself.
static int64_t accumulateScratch(RankedTensorType result, int64_t temps) {
  int64_t acc = f32AccumulatorBytes(result);
  if (acc == 0)
    return temps;
  int64_t bytes = getMemoryBytes(result);
  return stagedScratch({temps + acc, acc + bytes}, bytes);
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
  int64_t window = saturatingProduct({k[0], k[1]});
  // Every input element scans each window that may cover it for its first
  // maximum (a compare and a select per position), then adds its gradient.
  return saturatingProduct({numElements(getInput()), window,
                            saturatingAdd(saturatingProduct({2, window}), 1)});
}
int64_t MaxPool2DGradOp::scratchBytes() {
  // Only the f32 accumulator of a 16-bit result.
  return accumulateScratch(getType(), 0);
}

int64_t AvgPool2DGradOp::flops() {
  ArrayRef<int64_t> k = getKernel();
  return saturatingProduct({numElements(getResult()),
                            saturatingAdd(saturatingProduct({k[0], k[1]}), 1)});
}
int64_t AvgPool2DGradOp::scratchBytes() {
  RankedTensorType result = getType();
  ArrayRef<int64_t> k = getKernel();
  int64_t grid = gridElements(result, result.getDimSize(1), k[0] - 1, k[1] - 1);
  // The gradient grid, summed into the accumulator (scaled in place).
  return accumulateScratch(result, elementBytes(result, grid));
}

int64_t Conv2DGradInputOp::flops() {
  RankedTensorType filter = getFilter().getType();
  int64_t perInput = (filter.getDimSize(0) / getGroups()) *
                     filter.getDimSize(2) * filter.getDimSize(3);
  // Every input element correlates (F/groups) * KH * KW grid cells.
  return saturatingProduct({2, numElements(getResult()), perInput});
}
int64_t Conv2DGradInputOp::scratchBytes() {
  RankedTensorType result = getType(), filter = getFilter().getType();
  ArrayRef<int64_t> dilations = getDilations();
  int64_t grid = gridElements(result, filter.getDimSize(0),
                              (filter.getDimSize(2) - 1) * dilations[0],
                              (filter.getDimSize(3) - 1) * dilations[1]);
  // The gradient grid and the reversed filter (and the kernel's panel,
  // unless it reads the grid in place: a stride-1 correlation), then the
  // accumulator.
  int64_t panel =
      convReadsInputInPlace(result.getDimSize(3), 1)
          ? 0
          : convPanelBytes({result, filter, getGrad().getType()}, getGroups(),
                           filter.getDimSize(0) * filter.getDimSize(2) *
                               filter.getDimSize(3));
  return accumulateScratch(
      result, elementBytes(result, grid) +
                  elementBytes(filter, filter.getNumElements()) + panel);
}

int64_t Conv2DGradFilterOp::flops() {
  RankedTensorType grad = getGrad().getType();
  int64_t perWeight =
      grad.getDimSize(0) * grad.getDimSize(2) * grad.getDimSize(3);
  // Every weight is an N * OH * OW-long dot product.
  return saturatingProduct({2, numElements(getResult()), perWeight});
}
int64_t Conv2DGradFilterOp::scratchBytes() {
  RankedTensorType input = getInput().getType(), grad = getGrad().getType();
  // The padded input (and the kernel's panel), then the accumulator.
  int64_t panel = convPanelBytes({input, grad, getType()}, getGroups(),
                                 grad.getDimSize(2) * grad.getDimSize(3));
  return accumulateScratch(
      getType(),
      elementBytes(input, paddedElements(input, getPadding())) + panel);
}

int64_t LayerNormGradOp::flops() {
  int64_t elements = numElements(getInput());
  int64_t rows = elements / std::max<int64_t>(numElements(getBiasGrad()), 1);
  return (getWeight() ? 25 : 22) * elements + 4 * rows;
}
int64_t LayerNormGradOp::scratchBytes() {
  int64_t rows = numElements(getInput()) /
                 std::max<int64_t>(numElements(getBiasGrad()), 1);
  int64_t row = f32Bytes(rows);
  RankedTensorType paramType = getBiasGrad().getType();
  int64_t dx = getMemoryBytes(getInputGrad().getType());
  int64_t param = getMemoryBytes(paramType);
  int64_t acc = f32AccumulatorBytes(paramType), sum = acc ? acc : param;
  // Mean, rstd and the two gradient sums per row + dx; mean, rstd + dx + the
  // weight gradient's f32 sum; + the bias gradient's sum; their conversions.
  return stagedScratch({4 * row + dx, 2 * row + dx + sum, dx + 2 * sum,
                        dx + 2 * acc + param, dx + acc + 2 * param},
                       dx + 2 * param);
}

int64_t BatchNormGradOp::flops() {
  return 9 * numElements(getInput()) + 8 * numElements(getWeight());
}
int64_t BatchNormGradOp::scratchBytes() {
  RankedTensorType paramType = getWeightGrad().getType();
  int64_t channel = f32Bytes(numElements(getWeight()));
  int64_t dx = getMemoryBytes(getInputGrad().getType());
  int64_t param = getMemoryBytes(paramType);
  // sumDy is the bias gradient itself for f32, else converted into it.
  int64_t acc = f32AccumulatorBytes(paramType), sumDy = acc ? acc : param;
  // sumDy + dot + three f32 coefficients + the weight gradient; sumDy + the
  // coefficients + both parameter gradients; the coefficients + dx.
  return stagedScratch({sumDy + 4 * channel + param,
                        acc + 3 * channel + 2 * param,
                        3 * channel + 2 * param + dx},
                       dx + 2 * param);
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

// Sums, maxima and means accumulate in f32; for f32 results the accumulator
// is the result itself (reduce_mean divides in place).
int64_t ReduceSumOp::scratchBytes() { return f32AccumulatorBytes(getType()); }
int64_t ReduceMaxOp::scratchBytes() { return f32AccumulatorBytes(getType()); }
int64_t ReduceMeanOp::scratchBytes() { return f32AccumulatorBytes(getType()); }

// softmax: the row maxima, freed once the exponentials are in the result,
// then the row sums (the exponentials are divided in place).
int64_t SoftmaxOp::scratchBytes() {
  RankedTensorType type = getType();
  return f32Bytes(reducedElements(type, {getAxisAttr().getInt()}));
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

// Convolution and pooling: a padded copy of the input when there is
// padding, freed once the f32 accumulator (16-bit results only) is filled.
// avg_pool2d divides in place.
int64_t Conv2DOp::scratchBytes() {
  RankedTensorType input = getInput().getType(), filter = getFilter().getType();
  // The kernel's panel, unless it reads the input in place.
  int64_t panel =
      convReadsInputInPlace(getType().getDimSize(3), getStrides()[1])
          ? 0
          : convPanelBytes({input, filter, getType()}, getGroupsAttr().getInt(),
                           filter.getDimSize(1) * filter.getDimSize(2) *
                               filter.getDimSize(3));
  return accumulateScratch(
      getType(),
      elementBytes(input, paddedElements(input, getPadding())) + panel);
}
int64_t MaxPool2DOp::scratchBytes() {
  RankedTensorType input = getInput().getType();
  return accumulateScratch(
      getType(), elementBytes(input, paddedElements(input, getPadding())));
}
int64_t AvgPool2DOp::scratchBytes() {
  RankedTensorType input = getInput().getType();
  return accumulateScratch(
      getType(), elementBytes(input, paddedElements(input, getPadding())));
}

// cross_entropy: the row maxima and row sums, freed once the 0-d total (the
// f32 result, or its f32 accumulator) is summed.
int64_t CrossEntropyOp::scratchBytes() {
  return accumulateScratch(
      getType(), 2 * f32Bytes(getLabels().getType().getNumElements()));
}
// mse: the 0-d f32 total, for 16-bit results.
int64_t MseOp::scratchBytes() { return f32AccumulatorBytes(getType()); }

//===----------------------------------------------------------------------===//
// Scratch of a scan: one iteration's temporaries.
//===----------------------------------------------------------------------===//

int64_t ScanOp::scratchBytes() { return blockPeakBytes(getBody().front()); }

// Scratch of a Revolve scan's backward: the current carries (restored from
// a slot, advanced in place) and one step of either region. The slots are
// its snapshot operands, updated in place.
int64_t RevolveScanOp::scratchBytes() {
  int64_t current = 0;
  for (Value snapshot : getSnapshots()) {
    auto type = cast<RankedTensorType>(snapshot.getType());
    current += getMemoryBytes(RankedTensorType::get(
        type.getShape().drop_front(), type.getElementType()));
  }
  return current + std::max(blockPeakBytes(getForward().front()),
                            blockPeakBytes(getBackward().front()));
}
