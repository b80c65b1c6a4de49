//===- ReductionLowering.cpp - broadcast, reductions, softmax -------------===//
//
// Reductions accumulate in f32 (for f16/bf16 too) in a tensor initialized
// with the identity of the combiner. softmax is decomposed: max, exp(x - max)
// written into the result, sum, then an in-place divide; its scratch is the
// two reduced tensors (getLoweringScratchBytes, LoweringScratch.cpp, says so).
//
//===----------------------------------------------------------------------===//

#include "LoweringBuilders.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "remat/Dialect/Remat/IR/RematOps.h"

#include <limits>

using namespace mlir;
using namespace remat;
using namespace remat::lowering;

namespace {

struct BroadcastLowering final : OpConversionPattern<BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType inType = op.getInput().getType();
    RankedTensorType outType = op.getType();
    MLIRContext *ctx = rewriter.getContext();
    SmallVector<AffineExpr> exprs;
    for (auto [i, dim] : llvm::enumerate(op.getDimensions())) {
      // A size-1 dimension expanded to a larger one always reads index 0.
      if (inType.getDimSize(i) == 1 && outType.getDimSize(dim) != 1)
        exprs.push_back(getAffineConstantExpr(0, ctx));
      else
        exprs.push_back(getAffineDimExpr(dim, ctx));
    }
    AffineMap map = AffineMap::get(outType.getRank(), 0, exprs, ctx);
    // Integer tensors broadcast too: copy the element as it is.
    Value result = mapWithMaps(
        rewriter, op.getLoc(), outType, adaptor.getInput(), map,
        [](OpBuilder &, Location, ValueRange args) { return args[0]; });
    rewriter.replaceOp(op, result);
    return success();
  }
};


template <typename OpTy>
struct ReduceLowering final : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType inType = op.getInput().getType();
    RankedTensorType outType = op.getType();
    ArrayRef<int64_t> dims = op.getDimensions();
    bool isMax = std::is_same_v<OpTy, ReduceMaxOp>;
    Value acc = reduceToF32(
        rewriter, loc, adaptor.getInput(), dims, op.getKeepDims(),
        isMax ? -std::numeric_limits<double>::infinity() : 0.0,
        isMax ? maxF : addF);
    Value result;
    if constexpr (std::is_same_v<OpTy, ReduceMeanOp>) {
      int64_t count = 1;
      for (int64_t d : dims)
        count *= inType.getDimSize(d);
      result = scaleInto(rewriter, loc, acc, 1.0 / static_cast<double>(count),
                         outType);
    } else {
      result = castTensor(rewriter, loc, acc, outType.getElementType());
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct SoftmaxLowering final : OpConversionPattern<SoftmaxOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SoftmaxOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    int64_t rank = type.getRank();
    int64_t axis = op.getAxisAttr().getInt();
    Value x = adaptor.getInput();
    Value max = reduceToF32(rewriter, loc, x, {axis}, /*keepDims=*/false,
                            -std::numeric_limits<double>::infinity(), maxF);
    AffineMap reduced =
        reducedMap(rewriter.getContext(), rank, {axis}, /*keepDims=*/false);
    AffineMap identity = rewriter.getMultiDimIdentityMap(rank);
    Value exps = mapWithMaps(
        rewriter, loc, type, ValueRange{x, max}, {identity, reduced},
        [](OpBuilder &b, Location l, ValueRange a) -> Value {
          return math::ExpOp::create(b, l,
                                     arith::SubFOp::create(b, l, a[0], a[1]));
        });
    Value sum = reduceToF32(rewriter, loc, exps, {axis}, false, 0.0, addF);
    // Divide in place: the exponentials' buffer becomes the result.
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    Type elementType = type.getElementType();
    auto divide = linalg::GenericOp::create(
        rewriter, loc, TypeRange{type}, ValueRange{sum}, ValueRange{exps},
        ArrayRef<AffineMap>{reduced, identity}, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value q = arith::DivFOp::create(b, l, toF32(b, l, args[1]), args[0]);
          linalg::YieldOp::create(b, l, fromF32(b, l, q, elementType));
        });
    rewriter.replaceOp(op, divide.getResult(0));
    return success();
  }
};

} // namespace

void remat::lowering::populateReductionPatterns(TypeConverter &converter,
                                                RewritePatternSet &patterns) {
  patterns.add<BroadcastLowering, ReduceLowering<ReduceSumOp>,
               ReduceLowering<ReduceMeanOp>, ReduceLowering<ReduceMaxOp>,
               SoftmaxLowering>(converter, patterns.getContext());
}
