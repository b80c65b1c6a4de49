//===- ShapeLowering.cpp - embedding, reshape, transpose, slice, concat ---===//
//
// reshape and slice become views (collapse/expand_shape, extract_slice),
// or copies where a view cannot stay one (ViewCopies.h);
// transpose is linalg.transpose; concat inserts each input into one new
// tensor; embedding is a gather written as linalg.generic + tensor.extract,
// reading zeros for out-of-range ids.
//
//===----------------------------------------------------------------------===//

#include "LoweringBuilders.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "remat/Dialect/Remat/IR/RematOps.h"
#include "remat/Dialect/Remat/IR/ViewCopies.h"

using namespace mlir;
using namespace remat;
using namespace remat::lowering;

namespace {

struct EmbeddingLowering final : OpConversionPattern<EmbeddingOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(EmbeddingOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    int64_t rank = type.getRank();
    Value table = adaptor.getTable();
    int64_t rows = op.getTable().getType().getDimSize(0);
    Type elementType = type.getElementType();
    MLIRContext *ctx = rewriter.getContext();
    SmallVector<AffineExpr> idExprs;
    for (int64_t d = 0; d + 1 < rank; ++d)
      idExprs.push_back(getAffineDimExpr(d, ctx));
    SmallVector<AffineMap> maps{AffineMap::get(rank, 0, idExprs, ctx),
                                rewriter.getMultiDimIdentityMap(rank)};
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{type}, ValueRange{adaptor.getIds()},
        ValueRange{emptyTensor(rewriter, loc, type)}, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value id = arith::IndexCastOp::create(b, l, b.getIndexType(), args[0]);
          Value zero = arith::ConstantIndexOp::create(b, l, 0);
          Value limit = arith::ConstantIndexOp::create(b, l, rows);
          Value inRange = arith::AndIOp::create(
              b, l,
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, id, zero),
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, id, limit));
          Value row = arith::SelectOp::create(b, l, inRange, id, zero);
          Value col = linalg::IndexOp::create(b, l, rank - 1);
          Value v = tensor::ExtractOp::create(b, l, table, ValueRange{row, col});
          Value zeroValue = fromF32(b, l, f32Constant(b, l, 0.0), elementType);
          Value selected =
              arith::SelectOp::create(b, l, inRange, v, zeroValue);
          linalg::YieldOp::create(b, l, selected);
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

/// Row-major reshape as views: collapse to one dimension, expand to the
/// target.
Value reshapeByViews(OpBuilder &b, Location loc, Value input,
                     RankedTensorType target) {
  auto type = cast<RankedTensorType>(input.getType());
  if (type == target)
    return input;
  auto flatType =
      RankedTensorType::get({type.getNumElements()}, type.getElementType());
  auto allDims = [](int64_t rank) {
    ReassociationIndices group;
    for (int64_t d = 0; d < rank; ++d)
      group.push_back(d);
    return group;
  };
  Value flat = input;
  if (type.getRank() == 0)
    flat = tensor::ExpandShapeOp::create(b, loc, flatType, input,
                                         ArrayRef<ReassociationIndices>{});
  else if (type.getRank() > 1)
    flat = tensor::CollapseShapeOp::create(
        b, loc, flatType, input,
        ArrayRef<ReassociationIndices>{allDims(type.getRank())});
  if (target.getRank() == 1)
    return flat;
  if (target.getRank() == 0)
    return tensor::CollapseShapeOp::create(b, loc, target, flat,
                                           ArrayRef<ReassociationIndices>{});
  return tensor::ExpandShapeOp::create(
      b, loc, target, flat,
      ArrayRef<ReassociationIndices>{allDims(target.getRank())});
}

struct ReshapeLowering final : OpConversionPattern<ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // A copy where a view would make bufferization copy anyway, out of the
    // plan's sight (ViewCopies.h): the copy is taken before the reshape, so
    // that the reshape is a view of a contiguous buffer.
    Value input = adaptor.getInput();
    if (op->hasAttr(kCopyViewAttrName))
      input = copyTensor(rewriter, op.getLoc(), input);
    rewriter.replaceOp(
        op, reshapeByViews(rewriter, op.getLoc(), input, op.getType()));
    return success();
  }
};

struct TransposeLowering final : OpConversionPattern<TransposeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TransposeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value init = emptyTensor(rewriter, op.getLoc(), op.getType());
    auto transpose = linalg::TransposeOp::create(
        rewriter, op.getLoc(), adaptor.getInput(), init,
        op.getPermutation());
    rewriter.replaceOp(op, transpose.getResult());
    return success();
  }
};

struct SliceLowering final : OpConversionPattern<SliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value slice = tensor::ExtractSliceOp::create(
        rewriter, op.getLoc(), op.getType(), adaptor.getInput(), ValueRange{},
        ValueRange{}, ValueRange{}, op.getStart(), op.getType().getShape(),
        op.getEffectiveStrides());
    // A returned slice is copied here, where the plan counts it
    // (ViewCopies.h).
    if (op->hasAttr(kCopyViewAttrName))
      slice = copyTensor(rewriter, op.getLoc(), slice);
    rewriter.replaceOp(op, slice);
    return success();
  }
};

struct ConcatLowering final : OpConversionPattern<ConcatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ConcatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    int64_t dim = op.getDimAttr().getInt();
    Value result = emptyTensor(rewriter, loc, type);
    int64_t offset = 0;
    for (Value input : adaptor.getInputs()) {
      auto inType = cast<RankedTensorType>(input.getType());
      SmallVector<int64_t> offsets(type.getRank(), 0);
      offsets[dim] = offset;
      SmallVector<int64_t> strides(type.getRank(), 1);
      result = tensor::InsertSliceOp::create(
          rewriter, loc, input, result, ValueRange{}, ValueRange{},
          ValueRange{}, offsets, inType.getShape(), strides);
      offset += inType.getDimSize(dim);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void remat::lowering::populateShapePatterns(TypeConverter &converter,
                                            RewritePatternSet &patterns) {
  patterns.add<EmbeddingLowering, ReshapeLowering, TransposeLowering,
               SliceLowering, ConcatLowering>(converter,
                                              patterns.getContext());
}
