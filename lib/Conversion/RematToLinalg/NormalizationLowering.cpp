//===- NormalizationLowering.cpp - layer_norm and batch_norm --------------===//
//
// Two-pass statistics in f32: a sum, then a sum of squared deviations from
// the mean (more accurate than E[x^2] - E[x]^2), then one elementwise pass
// that normalizes and applies the affine parameters. The sums are the
// scratch of layer_norm; for batch_norm the statistics are results.
//
//===----------------------------------------------------------------------===//

#include "LoweringBuilders.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "remat/Dialect/Remat/IR/RematOps.h"

using namespace mlir;
using namespace remat;
using namespace remat::lowering;

namespace {


/// (x - sum / count)^2, for the second statistics pass.
Value squaredDeviation(OpBuilder &b, Location loc, Value x, Value sum,
                       double inverseCount) {
  Value mean =
      arith::MulFOp::create(b, loc, sum, f32Constant(b, loc, inverseCount));
  Value d = arith::SubFOp::create(b, loc, x, mean);
  return arith::MulFOp::create(b, loc, d, d);
}

/// (x - mean) * rsqrt(var + eps), with mean = sum/count, var = sq/count.
Value normalize(OpBuilder &b, Location loc, Value x, Value sum, Value sq,
                double inverseCount, double eps) {
  Value inv = f32Constant(b, loc, inverseCount);
  Value mean = arith::MulFOp::create(b, loc, sum, inv);
  Value var = arith::MulFOp::create(b, loc, sq, inv);
  Value denom = math::RsqrtOp::create(
      b, loc, arith::AddFOp::create(b, loc, var, f32Constant(b, loc, eps)));
  return arith::MulFOp::create(b, loc, arith::SubFOp::create(b, loc, x, mean),
                               denom);
}

struct LayerNormLowering final : OpConversionPattern<LayerNormOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(LayerNormOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    int64_t rank = type.getRank();
    ArrayRef<int64_t> axes = op.getAxes();
    MLIRContext *ctx = rewriter.getContext();
    int64_t count = 1;
    for (int64_t a : axes)
      count *= type.getDimSize(a);
    double inverse = 1.0 / static_cast<double>(count);
    double eps = op.getEpsilon().convertToDouble();
    Value x = adaptor.getInput();
    AffineMap reduced = reducedMap(ctx, rank, axes, false);
    Value sum = reduceToF32(rewriter, loc, x, axes, false, 0.0, addF);
    Value sq = reduceToF32(
        rewriter, loc, x, axes, false, 0.0, addF,
        [&](OpBuilder &b, Location l, ValueRange a) {
          return squaredDeviation(b, l, a[0], a[1], inverse);
        },
        sum, reduced);
    SmallVector<AffineExpr> axisExprs;
    for (int64_t a : axes)
      axisExprs.push_back(getAffineDimExpr(a, ctx));
    AffineMap paramMap = AffineMap::get(rank, 0, axisExprs, ctx);
    SmallVector<Value> inputs{x, sum, sq};
    SmallVector<AffineMap> maps{rewriter.getMultiDimIdentityMap(rank), reduced,
                                reduced};
    Value weight = adaptor.getWeight(), bias = adaptor.getBias();
    if (weight) {
      inputs.push_back(weight);
      maps.push_back(paramMap);
    }
    if (bias) {
      inputs.push_back(bias);
      maps.push_back(paramMap);
    }
    Value result = mapWithMaps(
        rewriter, loc, type, inputs, maps,
        [&](OpBuilder &b, Location l, ValueRange a) {
          Value y = normalize(b, l, a[0], a[1], a[2], inverse, eps);
          unsigned next = 3;
          if (weight)
            y = arith::MulFOp::create(b, l, y, a[next++]);
          if (bias)
            y = arith::AddFOp::create(b, l, y, a[next++]);
          return y;
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct BatchNormLowering final : OpConversionPattern<BatchNormOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BatchNormOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getResult().getType();
    RankedTensorType statType = op.getMean().getType();
    int64_t rank = type.getRank();
    MLIRContext *ctx = rewriter.getContext();
    SmallVector<int64_t> dims{0};
    int64_t count = type.getDimSize(0);
    for (int64_t d = 2; d < rank; ++d) {
      dims.push_back(d);
      count *= type.getDimSize(d);
    }
    double inverse = 1.0 / static_cast<double>(count);
    double eps = op.getEpsilon().convertToDouble();
    Value x = adaptor.getInput();
    AffineMap channel = AffineMap::get(rank, 0, getAffineDimExpr(1, ctx), ctx);
    Value sum = reduceToF32(rewriter, loc, x, dims, false, 0.0, addF);
    Value sq = reduceToF32(
        rewriter, loc, x, dims, false, 0.0, addF,
        [&](OpBuilder &b, Location l, ValueRange a) {
          return squaredDeviation(b, l, a[0], a[1], inverse);
        },
        sum, channel);
    auto scaleBy = [&](Value stat) {
      return mapElementwise(
          rewriter, loc, statType, stat,
          [&](OpBuilder &b, Location l, ValueRange a) -> Value {
            return arith::MulFOp::create(b, l, a[0], f32Constant(b, l, inverse));
          });
    };
    Value mean = scaleBy(sum);
    Value var = scaleBy(sq);
    Value result = mapWithMaps(
        rewriter, loc, type,
        ValueRange{x, sum, sq, adaptor.getWeight(), adaptor.getBias()},
        {rewriter.getMultiDimIdentityMap(rank), channel, channel, channel,
         channel},
        [&](OpBuilder &b, Location l, ValueRange a) -> Value {
          Value y = normalize(b, l, a[0], a[1], a[2], inverse, eps);
          return arith::AddFOp::create(b, l,
                                       arith::MulFOp::create(b, l, y, a[3]),
                                       a[4]);
        });
    rewriter.replaceOp(op, {result, mean, var});
    return success();
  }
};

} // namespace

void remat::lowering::populateNormalizationPatterns(
    TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<LayerNormLowering, BatchNormLowering>(converter,
                                                     patterns.getContext());
}
