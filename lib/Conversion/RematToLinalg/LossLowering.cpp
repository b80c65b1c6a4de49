//===- LossLowering.cpp - cross_entropy and mse ---------------------------===//
//
// cross_entropy over rows r of [R, C] logits: max_r, then
// sum_r = sum_c exp(x - max_r), then the mean over rows of
// log(sum_r) + max_r - x[r, label_r]: the max and sum rows are its scratch.
// mse is one reduction of (p - t)^2 to a scalar.
//
//===----------------------------------------------------------------------===//

#include "LoweringBuilders.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "remat/Dialect/Remat/IR/RematOps.h"

#include <limits>

using namespace mlir;
using namespace remat;
using namespace remat::lowering;

namespace {


/// Views `value` as rank 2 ([rows, last]) or rank 1 ([rows]).
Value viewAs(OpBuilder &b, Location loc, Value value,
             ArrayRef<int64_t> shape) {
  auto type = cast<RankedTensorType>(value.getType());
  auto target = RankedTensorType::get(shape, type.getElementType());
  if (type == target)
    return value;
  if (type.getRank() == 0)
    return tensor::ExpandShapeOp::create(b, loc, target, value,
                                         ArrayRef<ReassociationIndices>{});
  SmallVector<ReassociationIndices> groups;
  ReassociationIndices lead;
  int64_t keepLast = target.getRank() == 2 ? 1 : 0;
  for (int64_t d = 0; d < type.getRank() - keepLast; ++d)
    lead.push_back(d);
  groups.push_back(lead);
  if (keepLast)
    groups.push_back({type.getRank() - 1});
  if (type.getRank() < target.getRank())
    return tensor::ExpandShapeOp::create(
        b, loc, target, value,
        ArrayRef<ReassociationIndices>{{0, 1}});
  return tensor::CollapseShapeOp::create(b, loc, target, value, groups);
}

struct CrossEntropyLowering final : OpConversionPattern<CrossEntropyOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CrossEntropyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType logitsType = op.getLogits().getType();
    int64_t classes = logitsType.getDimSize(logitsType.getRank() - 1);
    int64_t rows = logitsType.getNumElements() / std::max<int64_t>(classes, 1);
    MLIRContext *ctx = rewriter.getContext();
    Value logits = viewAs(rewriter, loc, adaptor.getLogits(), {rows, classes});
    Value labels = viewAs(rewriter, loc, adaptor.getLabels(), {rows});
    AffineMap rowMap = AffineMap::get(2, 0, getAffineDimExpr(0, ctx), ctx);
    Value max = reduceToF32(rewriter, loc, logits, {1}, false,
                            -std::numeric_limits<double>::infinity(), maxF);
    Value sum = reduceToF32(
        rewriter, loc, logits, {1}, false, 0.0, addF,
        [](OpBuilder &b, Location l, ValueRange a) -> Value {
          return math::ExpOp::create(b, l,
                                     arith::SubFOp::create(b, l, a[0], a[1]));
        },
        max, rowMap);
    // loss = sum_r (log(sum_r) + max_r - x[r, label_r]), reduced over rows.
    AffineMap id1 = rewriter.getMultiDimIdentityMap(1);
    Value total = reduceToF32(
        rewriter, loc, sum, {0}, false, 0.0, addF,
        [&](OpBuilder &b, Location l, ValueRange a) -> Value {
          Value row = linalg::IndexOp::create(b, l, 0);
          Value label = arith::IndexCastOp::create(b, l, b.getIndexType(), a[2]);
          Value zero = arith::ConstantIndexOp::create(b, l, 0);
          Value limit = arith::ConstantIndexOp::create(b, l, classes);
          Value inRange = arith::AndIOp::create(
              b, l,
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, label,
                                    zero),
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, label,
                                    limit));
          Value col = arith::SelectOp::create(b, l, inRange, label, zero);
          Value picked = toF32(
              b, l, tensor::ExtractOp::create(b, l, logits, ValueRange{row, col}));
          picked = arith::SelectOp::create(b, l, inRange, picked,
                                           f32Constant(b, l, 0.0));
          Value lse = arith::AddFOp::create(b, l, math::LogOp::create(b, l, a[0]),
                                            a[1]);
          return arith::SubFOp::create(b, l, lse, picked);
        },
        ValueRange{max, labels}, {id1, id1});
    Value result = scaleInto(rewriter, loc, total,
                             1.0 / static_cast<double>(rows), op.getType());
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct MseLowering final : OpConversionPattern<MseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getPrediction().getType();
    int64_t rank = type.getRank();
    SmallVector<int64_t> all;
    for (int64_t d = 0; d < rank; ++d)
      all.push_back(d);
    Value total = reduceToF32(
        rewriter, loc, adaptor.getPrediction(), all, false, 0.0, addF,
        [](OpBuilder &b, Location l, ValueRange a) -> Value {
          Value d = arith::SubFOp::create(b, l, a[0], a[1]);
          return arith::MulFOp::create(b, l, d, d);
        },
        adaptor.getTarget(), rewriter.getMultiDimIdentityMap(rank));
    Value result = scaleInto(rewriter, loc, total,
                             1.0 / static_cast<double>(type.getNumElements()),
                             op.getType());
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void remat::lowering::populateLossPatterns(TypeConverter &converter,
                                           RewritePatternSet &patterns) {
  patterns.add<CrossEntropyLowering, MseLowering>(converter,
                                                  patterns.getContext());
}
