//===- LoweringScratch.cpp - temporaries of convert-remat-to-linalg ------===//
//
// What each lowering in this folder allocates besides the op's results,
// each temporary a buffer of its own (see LoweringScratch.h). Gradient ops:
// f32 row statistics and accumulators, and the grids that turn scatters into
// gathers (GradientLowering.cpp). Forward ops: f32 accumulators of 16-bit
// results, row statistics, padded inputs (the other files).
//
//===----------------------------------------------------------------------===//

#include "remat/Conversion/LoweringScratch.h"

#include "remat/Dialect/Remat/IR/RematOps.h"
#include "remat/Dialect/Remat/IR/TypeSize.h"
#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>
#include <initializer_list>

using namespace mlir;
using namespace remat;

namespace {

/// Buffer sizes on a target whose buffers are multiples of `alignment`.
struct Buffers {
  int64_t alignment;

  int64_t bytes(int64_t raw) const {
    return (raw + alignment - 1) / alignment * alignment;
  }
  /// One f32 buffer of `elements`.
  int64_t f32(int64_t elements) const { return bytes(4 * elements); }
  /// A buffer of `type`.
  int64_t of(Type type) const { return bytes(getTypeBytes(type).value_or(0)); }
  /// `elements` elements of `type`'s element type.
  int64_t elements(RankedTensorType type, int64_t count) const {
    return bytes(count * getElementBytes(type.getElementType()).value_or(4));
  }
  /// An f32 accumulator of `type`'s shape when its elements are not f32
  /// already (for f32, the accumulator is the result itself).
  int64_t f32Accumulator(RankedTensorType type) const {
    return type.getElementType().isF32() ? 0 : f32(type.getNumElements());
  }
  /// A lowering that accumulates into an f32 tensor of `result`'s shape
  /// while `temps` are live, frees them, then converts the accumulator into
  /// the result. For an f32 result the accumulator is the result itself.
  int64_t accumulate(RankedTensorType result, int64_t temps) const;
};

int64_t numElements(Value value) {
  return cast<ShapedType>(value.getType()).getNumElements();
}

/// Scratch of a lowering that runs in stages, freeing each temporary at its
/// last use: the most any stage holds at once (its temporaries plus the
/// results allocated by then) less all the results, which the memory model
/// counts for the whole op already.
int64_t stagedScratch(std::initializer_list<int64_t> stages, int64_t results) {
  return std::max<int64_t>(0, std::max(stages) - results);
}

int64_t Buffers::accumulate(RankedTensorType result, int64_t temps) const {
  int64_t acc = f32Accumulator(result);
  if (acc == 0)
    return temps;
  int64_t resultBytes = of(result);
  return stagedScratch({temps + acc, acc + resultBytes}, resultBytes);
}

/// Elements of the stride-1 grid a pooling or convolution gradient spreads
/// its `channels` gradient channels over: the input grid [N, ., H, W]
/// widened by the window's reach.
int64_t gridElements(RankedTensorType input, int64_t channels, int64_t reachH,
                     int64_t reachW) {
  return input.getDimSize(0) * channels * (input.getDimSize(2) + reachH) *
         (input.getDimSize(3) + reachW);
}

/// Elements of an NCHW tensor padded by [top, left, bottom, right], 0 when
/// the padding is all zero (the lowering pads nothing then).
int64_t paddedElements(RankedTensorType type, ArrayRef<int64_t> pad) {
  if (llvm::all_of(pad, [](int64_t p) { return p == 0; }))
    return 0;
  return type.getDimSize(0) * type.getDimSize(1) *
         (type.getDimSize(2) + pad[0] + pad[2]) *
         (type.getDimSize(3) + pad[1] + pad[3]);
}

/// Elements of `type` with `dims` reduced away.
int64_t reducedElements(RankedTensorType type, ArrayRef<int64_t> dims) {
  int64_t n = 1;
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (!llvm::is_contained(dims, d))
      n *= type.getDimSize(d);
  return n;
}

} // namespace

int64_t remat::getLoweringScratchBytes(Operation *op, int64_t alignment,
                                       int64_t kernelBytes) {
  Buffers b{std::max<int64_t>(alignment, 1)};
  return llvm::TypeSwitch<Operation *, int64_t>(op)
      //===--------------------------------------------------------------===//
      // Gradient ops.
      //===--------------------------------------------------------------===//
      .Case([&](ReduceMaxGradOp g) {
        return b.f32(numElements(g.getGrad())); // the tie counts
      })
      .Case([&](SoftmaxGradOp g) {
        RankedTensorType type = g.getType();
        int64_t axisSize = type.getDimSize(g.getAxisAttr().getInt());
        return b.f32(type.getNumElements() / std::max<int64_t>(axisSize, 1));
      })
      .Case([&](MaxPool2DGradOp g) {
        // Only the f32 accumulator of a 16-bit result.
        return b.accumulate(g.getType(), 0);
      })
      .Case([&](AvgPool2DGradOp g) {
        RankedTensorType result = g.getType();
        ArrayRef<int64_t> k = g.getKernel();
        int64_t grid =
            gridElements(result, result.getDimSize(1), k[0] - 1, k[1] - 1);
        // The gradient grid, summed into the accumulator (scaled in place).
        return b.accumulate(result, b.elements(result, grid));
      })
      .Case([&](Conv2DGradInputOp g) {
        RankedTensorType result = g.getType(), filter = g.getFilter().getType();
        ArrayRef<int64_t> dilations = g.getDilations();
        int64_t grid = gridElements(result, filter.getDimSize(0),
                                    (filter.getDimSize(2) - 1) * dilations[0],
                                    (filter.getDimSize(3) - 1) * dilations[1]);
        // The gradient grid and the reversed filter (and the kernel's
        // temporaries), then the accumulator.
        return b.accumulate(result, b.elements(result, grid) +
                                        b.elements(filter,
                                                   filter.getNumElements()) +
                                        kernelBytes);
      })
      .Case([&](Conv2DGradFilterOp g) {
        RankedTensorType input = g.getInput().getType();
        // The padded input (and the kernel's temporaries), then the
        // accumulator.
        return b.accumulate(
            g.getType(),
            b.elements(input, paddedElements(input, g.getPadding())) +
                kernelBytes);
      })
      .Case([&](LayerNormGradOp g) {
        int64_t rows = numElements(g.getInput()) /
                       std::max<int64_t>(numElements(g.getBiasGrad()), 1);
        int64_t row = b.f32(rows);
        RankedTensorType paramType = g.getBiasGrad().getType();
        int64_t dx = b.of(g.getInputGrad().getType());
        int64_t param = b.of(paramType);
        int64_t acc = b.f32Accumulator(paramType), sum = acc ? acc : param;
        // Mean, rstd and the two gradient sums per row + dx; mean, rstd + dx
        // + the weight gradient's f32 sum; + the bias gradient's sum; their
        // conversions.
        return stagedScratch({4 * row + dx, 2 * row + dx + sum, dx + 2 * sum,
                              dx + 2 * acc + param, dx + acc + 2 * param},
                             dx + 2 * param);
      })
      .Case([&](BatchNormGradOp g) {
        RankedTensorType paramType = g.getWeightGrad().getType();
        int64_t channel = b.f32(numElements(g.getWeight()));
        int64_t dx = b.of(g.getInputGrad().getType());
        int64_t param = b.of(paramType);
        // sumDy is the bias gradient itself for f32, else converted into it.
        int64_t acc = b.f32Accumulator(paramType), sumDy = acc ? acc : param;
        // sumDy + dot + three f32 coefficients + the weight gradient; sumDy
        // + the coefficients + both parameter gradients; the coefficients +
        // dx.
        return stagedScratch({sumDy + 4 * channel + param,
                              acc + 3 * channel + 2 * param,
                              3 * channel + 2 * param + dx},
                             dx + 2 * param);
      })
      .Case([&](EmbeddingGradOp g) { return b.f32Accumulator(g.getType()); })
      .Case([&](CrossEntropyGradOp g) {
        return 2 * b.f32(numElements(g.getLabels())); // row maxima and sums
      })
      //===--------------------------------------------------------------===//
      // Forward ops.
      //===--------------------------------------------------------------===//
      // Sums, maxima and means accumulate in f32; for f32 results the
      // accumulator is the result itself (reduce_mean divides in place).
      .Case<ReduceSumOp, ReduceMaxOp, ReduceMeanOp>([&](auto r) {
        return b.f32Accumulator(cast<RankedTensorType>(r.getType()));
      })
      // softmax: the row maxima, freed once the exponentials are in the
      // result, then the row sums (the exponentials are divided in place).
      .Case([&](SoftmaxOp s) {
        return b.f32(reducedElements(s.getType(), {s.getAxisAttr().getInt()}));
      })
      // layer_norm: the sums and the sums of squared deviations per row.
      .Case([&](LayerNormOp n) {
        return 2 * b.f32(reducedElements(n.getType(), n.getAxes()));
      })
      // batch_norm: the sums and sums of squares per channel (the mean and
      // variance results are separate).
      .Case([&](BatchNormOp n) {
        return 2 * b.f32(n.getMean().getType().getNumElements());
      })
      // matmul: an f32 accumulator for a 16-bit result (the kernel's
      // temporaries live with it).
      .Case([&](MatmulOp m) { return b.accumulate(m.getType(), kernelBytes); })
      // Convolution and pooling: a padded copy of the input when there is
      // padding (and the kernel's temporaries), freed once the f32
      // accumulator (16-bit results only) is filled. avg_pool2d divides in
      // place.
      .Case([&](Conv2DOp c) {
        RankedTensorType input = c.getInput().getType();
        return b.accumulate(
            c.getType(),
            b.elements(input, paddedElements(input, c.getPadding())) +
                kernelBytes);
      })
      .Case<MaxPool2DOp, AvgPool2DOp>([&](auto p) {
        RankedTensorType input = p.getInput().getType();
        return b.accumulate(
            p.getType(),
            b.elements(input, paddedElements(input, p.getPadding())));
      })
      // cross_entropy: the row maxima and row sums, freed once the 0-d total
      // (the f32 result, or its f32 accumulator) is summed.
      .Case([&](CrossEntropyOp c) {
        return b.accumulate(c.getType(),
                            2 * b.f32(c.getLabels().getType().getNumElements()));
      })
      // mse: the 0-d f32 total, for 16-bit results.
      .Case([&](MseOp m) { return b.f32Accumulator(m.getType()); })
      .Default([](Operation *) { return int64_t(0); });
}
