//===- ContractionLowering.cpp - matmul, conv2d and pooling to named ops --===//
//
// matmul -> linalg.matmul / linalg.batch_matmul (transposes as indexing
// maps; more than one batch dimension is collapsed into one, a view).
// conv2d -> linalg.conv_2d_nchw_fchw, or conv_2d_ngchw_gfchw for groups > 1
// through views; padding through tensor.pad. Pooling -> pooling_nchw_max /
// pooling_nchw_sum. f16/bf16 accumulate into an f32 tensor that is then
// truncated; that tensor (and a padded copy of the input) is the op's
// scratch.
//
//===----------------------------------------------------------------------===//

#include "LoweringBuilders.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "remat/Dialect/Remat/IR/RematOps.h"

#include <limits>

using namespace mlir;
using namespace remat;
using namespace remat::lowering;

namespace {

/// The accumulator type of a contraction producing `type`: f32, same shape.
RankedTensorType accumulatorType(RankedTensorType type) {
  return RankedTensorType::get(type.getShape(),
                               Float32Type::get(type.getContext()));
}

/// Collapses the leading `count` dimensions into one (a view).
Value collapseLeading(OpBuilder &b, Location loc, Value value, int64_t count) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<ReassociationIndices> groups;
  ReassociationIndices first;
  for (int64_t d = 0; d < count; ++d)
    first.push_back(d);
  groups.push_back(first);
  for (int64_t d = count; d < type.getRank(); ++d)
    groups.push_back({d});
  return tensor::CollapseShapeOp::create(b, loc, value, groups);
}

struct MatmulLowering final : OpConversionPattern<MatmulOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MatmulOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    int64_t batchDims = op.getNumBatchDims();
    Value lhs = adaptor.getLhs(), rhs = adaptor.getRhs();
    RankedTensorType resultType = type;
    if (batchDims > 1) {
      lhs = collapseLeading(rewriter, loc, lhs, batchDims);
      rhs = collapseLeading(rewriter, loc, rhs, batchDims);
      SmallVector<int64_t> shape{1};
      for (int64_t d = 0; d < batchDims; ++d)
        shape[0] *= type.getDimSize(d);
      shape.append({type.getDimSize(type.getRank() - 2),
                    type.getDimSize(type.getRank() - 1)});
      resultType = RankedTensorType::get(shape, type.getElementType());
    }
    RankedTensorType accType = accumulatorType(resultType);
    Value init = filledTensor(rewriter, loc, accType, 0.0);
    MLIRContext *ctx = rewriter.getContext();
    bool ta = op.getTransposeA(), tb = op.getTransposeB();
    Value acc;
    if (batchDims == 0) {
      AffineExpr m = getAffineDimExpr(0, ctx), n = getAffineDimExpr(1, ctx),
                 k = getAffineDimExpr(2, ctx);
      auto map = [&](ArrayRef<AffineExpr> e) {
        return AffineMap::get(3, 0, e, ctx);
      };
      SmallVector<AffineMap> maps{map(ta ? ArrayRef<AffineExpr>{k, m}
                                         : ArrayRef<AffineExpr>{m, k}),
                                  map(tb ? ArrayRef<AffineExpr>{n, k}
                                         : ArrayRef<AffineExpr>{k, n}),
                                  map({m, n})};
      auto matmul = linalg::MatmulOp::create(rewriter, loc, TypeRange{accType},
                                             ValueRange{lhs, rhs},
                                             ValueRange{init});
      if (ta || tb)
        matmul.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
      acc = matmul.getResult(0);
    } else {
      AffineExpr bb = getAffineDimExpr(0, ctx), m = getAffineDimExpr(1, ctx),
                 n = getAffineDimExpr(2, ctx), k = getAffineDimExpr(3, ctx);
      auto map = [&](ArrayRef<AffineExpr> e) {
        return AffineMap::get(4, 0, e, ctx);
      };
      SmallVector<AffineMap> maps{map(ta ? ArrayRef<AffineExpr>{bb, k, m}
                                         : ArrayRef<AffineExpr>{bb, m, k}),
                                  map(tb ? ArrayRef<AffineExpr>{bb, n, k}
                                         : ArrayRef<AffineExpr>{bb, k, n}),
                                  map({bb, m, n})};
      auto matmul = linalg::BatchMatmulOp::create(
          rewriter, loc, TypeRange{accType}, ValueRange{lhs, rhs},
          ValueRange{init});
      if (ta || tb)
        matmul.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
      acc = matmul.getResult(0);
    }
    Value result = castTensor(rewriter, loc, acc, type.getElementType());
    if (batchDims > 1) {
      SmallVector<ReassociationIndices> groups;
      ReassociationIndices first;
      for (int64_t d = 0; d < batchDims; ++d)
        first.push_back(d);
      groups.push_back(first);
      groups.push_back({batchDims});
      groups.push_back({batchDims + 1});
      result = tensor::ExpandShapeOp::create(rewriter, loc, type, result,
                                             groups);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct Conv2DLowering final : OpConversionPattern<Conv2DOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(Conv2DOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    int64_t groups = op.getGroupsAttr().getInt();
    Value input = padSpatial(rewriter, loc, adaptor.getInput(),
                             op.getPadding(), 0.0);
    Value filter = adaptor.getFilter();
    auto strides = rewriter.getI64VectorAttr(op.getStrides());
    auto dilations = rewriter.getI64VectorAttr(op.getDilations());
    RankedTensorType accType = accumulatorType(type);
    Value acc;
    if (groups == 1) {
      Value init = filledTensor(rewriter, loc, accType, 0.0);
      acc = linalg::Conv2DNchwFchwOp::create(
                rewriter, loc, TypeRange{accType}, ValueRange{input, filter},
                ValueRange{init}, strides, dilations)
                .getResult(0);
    } else {
      // [N, C, H, W] -> [N, G, C/G, H, W]; [F, C/G, KH, KW] ->
      // [G, F/G, C/G, KH, KW]; result [N, G, F/G, OH, OW].
      auto inType = cast<RankedTensorType>(input.getType());
      auto fType = cast<RankedTensorType>(filter.getType());
      int64_t c = inType.getDimSize(1), f = fType.getDimSize(0);
      auto groupedIn = RankedTensorType::get(
          {inType.getDimSize(0), groups, c / groups, inType.getDimSize(2),
           inType.getDimSize(3)},
          inType.getElementType());
      auto groupedFilter = RankedTensorType::get(
          {groups, f / groups, fType.getDimSize(1), fType.getDimSize(2),
           fType.getDimSize(3)},
          fType.getElementType());
      auto groupedAcc = RankedTensorType::get(
          {type.getDimSize(0), groups, f / groups, type.getDimSize(2),
           type.getDimSize(3)},
          rewriter.getF32Type());
      Value in5 = tensor::ExpandShapeOp::create(
          rewriter, loc, groupedIn, input,
          ArrayRef<ReassociationIndices>{{0}, {1, 2}, {3}, {4}});
      Value f5 = tensor::ExpandShapeOp::create(
          rewriter, loc, groupedFilter, filter,
          ArrayRef<ReassociationIndices>{{0, 1}, {2}, {3}, {4}});
      Value init = filledTensor(rewriter, loc, groupedAcc, 0.0);
      // The filter view is [G, F/G, ...]: the GFCHW kernel layout (FGCHW
      // would read it as [F/G, G, ...]).
      Value out5 = linalg::Conv2DNgchwGfchwOp::create(
                       rewriter, loc, TypeRange{groupedAcc},
                       ValueRange{in5, f5}, ValueRange{init}, strides,
                       dilations)
                       .getResult(0);
      acc = tensor::CollapseShapeOp::create(
          rewriter, loc, accType, out5,
          ArrayRef<ReassociationIndices>{{0}, {1, 2}, {3}, {4}});
    }
    rewriter.replaceOp(op,
                       castTensor(rewriter, loc, acc, type.getElementType()));
    return success();
  }
};

template <typename OpTy>
struct PoolLowering final : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    constexpr bool isMax = std::is_same_v<OpTy, MaxPool2DOp>;
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    double identity = isMax ? -std::numeric_limits<double>::infinity() : 0.0;
    Value input =
        padSpatial(rewriter, loc, adaptor.getInput(), op.getPadding(),
                   identity);
    ArrayRef<int64_t> kernel = op.getKernel();
    Value window = windowTensor(rewriter, loc, kernel);
    RankedTensorType accType = accumulatorType(type);
    Value init = filledTensor(rewriter, loc, accType, identity);
    auto strides = rewriter.getI64VectorAttr(op.getEffectiveStrides());
    auto dilations = rewriter.getI64VectorAttr({1, 1});
    Value acc;
    if constexpr (isMax)
      acc = linalg::PoolingNchwMaxOp::create(
                rewriter, loc, TypeRange{accType}, ValueRange{input, window},
                ValueRange{init}, strides, dilations)
                .getResult(0);
    else
      acc = linalg::PoolingNchwSumOp::create(
                rewriter, loc, TypeRange{accType}, ValueRange{input, window},
                ValueRange{init}, strides, dilations)
                .getResult(0);
    Value result;
    if constexpr (isMax) {
      result = castTensor(rewriter, loc, acc, type.getElementType());
    } else {
      result =
          scaleInto(rewriter, loc, acc,
                    1.0 / static_cast<double>(kernel[0] * kernel[1]), type);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void remat::lowering::populateContractionPatterns(TypeConverter &converter,
                                                  RewritePatternSet &patterns) {
  patterns.add<MatmulLowering, Conv2DLowering, PoolLowering<MaxPool2DOp>,
               PoolLowering<AvgPool2DOp>>(converter, patterns.getContext());
}
