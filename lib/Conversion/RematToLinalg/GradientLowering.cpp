//===- GradientLowering.cpp - the fused backward ops to linalg ------------===//
//
// Elementwise gradients are one linalg.generic each. Gradients that scatter
// into the forward input (pooling, transposed convolution) are written as
// gathers: the result gradient is spread over a stride-1 grid of the input's
// size plus the window (tensor.insert_slice with the forward strides into a
// zero tensor), then every input element sums the window positions that may
// cover it: linalg.pooling_nchw_sum for avg_pool2d_grad, a dilated
// linalg.conv_2d_ngchw_gfchw with the reversed filter for
// conv2d_grad_input. max_pool2d_grad gathers instead (tensor.extract of the
// gradient, each window's maximum found anew): no grid. Indexing maps stay
// increasing in every loop (linalg tiling needs that). Reductions and
// normalization gradients are reductions plus elementwise maps.
// embedding_grad is the one true scatter: an scf.for over the ids that adds
// each gradient row into its table row. f16/bf16 compute and accumulate in
// f32; what each lowering allocates beyond its results is
// getLoweringScratchBytes (LoweringScratch.cpp).
//
//===----------------------------------------------------------------------===//

#include "LoweringBuilders.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "remat/Conversion/WindowMaximum.h"
#include "remat/Dialect/Remat/IR/RematOps.h"

#include <limits>

using namespace mlir;
using namespace remat;
using namespace remat::lowering;

namespace {

/// An f32 constant.
Value cst(OpBuilder &b, Location loc, double v) {
  return f32Constant(b, loc, v);
}

/// Reduction combiners: acc + value, max(acc, value).
Value sumCombine(OpBuilder &b, Location loc, ValueRange a) {
  return arith::AddFOp::create(b, loc, a[0], a[1]);
}
Value maxCombine(OpBuilder &b, Location loc, ValueRange a) {
  return arith::MaximumFOp::create(b, loc, a[0], a[1]);
}

/// f32 arithmetic: x * y, x - y, x + y.
Value mul(OpBuilder &b, Location loc, Value x, Value y) {
  return arith::MulFOp::create(b, loc, x, y);
}
Value sub(OpBuilder &b, Location loc, Value x, Value y) {
  return arith::SubFOp::create(b, loc, x, y);
}
Value add(OpBuilder &b, Location loc, Value x, Value y) {
  return arith::AddFOp::create(b, loc, x, y);
}

/// `type`'s shape with f32 elements.
RankedTensorType f32Like(RankedTensorType type) {
  return RankedTensorType::get(type.getShape(),
                               Float32Type::get(type.getContext()));
}

/// The map from an iteration space of `rank` dims to the given `dims`.
AffineMap selectDims(MLIRContext *ctx, int64_t rank, ArrayRef<int64_t> dims) {
  SmallVector<AffineExpr> exprs;
  for (int64_t d : dims)
    exprs.push_back(getAffineDimExpr(d, ctx));
  return AffineMap::get(rank, 0, exprs, ctx);
}

/// The dimensions of [0, rank) not in `dims`.
SmallVector<int64_t> complementDims(int64_t rank, ArrayRef<int64_t> dims) {
  SmallVector<int64_t> rest;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(dims, d))
      rest.push_back(d);
  return rest;
}

/// iterator types: `parallel` parallel loops followed by `reduction`
/// reduction loops.
SmallVector<utils::IteratorType> iterators(int64_t parallel,
                                           int64_t reduction) {
  SmallVector<utils::IteratorType> types(parallel,
                                         utils::IteratorType::parallel);
  types.append(reduction, utils::IteratorType::reduction);
  return types;
}

/// `grid` (an NCHW tensor) with `source[n, c, i, j]` written at
/// `[n, c, offsets[0] + i * strides[0], offsets[1] + j * strides[1]]`.
/// Source rows and columns that land outside the grid are dropped (they are
/// gradients of padding only).
Value spreadOverGrid(OpBuilder &b, Location loc, Value source, Value grid,
                     ArrayRef<int64_t> offsets, ArrayRef<int64_t> strides) {
  auto sourceType = cast<RankedTensorType>(source.getType());
  auto gridType = cast<RankedTensorType>(grid.getType());
  SmallVector<int64_t> from{0, 0},
      sizes{sourceType.getDimSize(0), sourceType.getDimSize(1)};
  SmallVector<int64_t> to{0, 0}, step{1, 1};
  for (int i = 0; i < 2; ++i) {
    int64_t extent = sourceType.getDimSize(2 + i);
    int64_t last = gridType.getDimSize(2 + i) - 1;
    int64_t offset = offsets[i], stride = strides[i];
    int64_t lo = offset >= 0 ? 0 : (-offset + stride - 1) / stride;
    int64_t hi =
        last < offset ? -1 : std::min(extent - 1, (last - offset) / stride);
    if (lo > hi)
      return grid;
    from.push_back(lo);
    sizes.push_back(hi - lo + 1);
    to.push_back(offset + lo * stride);
    step.push_back(stride);
  }
  MLIRContext *ctx = b.getContext();
  SmallVector<OpFoldResult> ones = getAsIndexOpFoldResult(ctx, {1, 1, 1, 1});
  SmallVector<OpFoldResult> sizeAttrs = getAsIndexOpFoldResult(ctx, sizes);
  Value part = source;
  if (ArrayRef<int64_t>(sizes) != sourceType.getShape())
    part = tensor::ExtractSliceOp::create(
        b, loc, source, getAsIndexOpFoldResult(ctx, from), sizeAttrs, ones);
  return tensor::InsertSliceOp::create(
      b, loc, part, grid, getAsIndexOpFoldResult(ctx, to), sizeAttrs,
      getAsIndexOpFoldResult(ctx, step));
}

/// Views an NCHW-like tensor with `groups` groups in dimension `dim` (0 or
/// 1) as a rank-5 tensor [..., groups, size/groups, ...] (a view).
Value splitGroups(OpBuilder &b, Location loc, Value value, int64_t dim,
                  int64_t groups) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape(type.getShape());
  shape[dim] /= groups;
  shape.insert(shape.begin() + dim, groups);
  SmallVector<ReassociationIndices> reassociation;
  for (int64_t d = 0, out = 0; d < 4; ++d) {
    if (d == dim) {
      reassociation.push_back({out, out + 1});
      out += 2;
    } else {
      reassociation.push_back({out++});
    }
  }
  return tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get(shape, type.getElementType()), value,
      reassociation);
}

/// The inverse of splitGroups: merges dimensions `dim` and `dim + 1` of a
/// rank-5 tensor.
Value mergeGroups(OpBuilder &b, Location loc, Value value, int64_t dim) {
  SmallVector<ReassociationIndices> reassociation;
  for (int64_t d = 0; d < 5; ++d) {
    if (d == dim) {
      reassociation.push_back({d, d + 1});
      ++d;
    } else {
      reassociation.push_back({d});
    }
  }
  return tensor::CollapseShapeOp::create(b, loc, value, reassociation);
}

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

/// relu_grad: select(x > 0, g, 0).
struct ReluGradLowering final : OpConversionPattern<ReluGradOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReluGradOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value result = mapElementwise(
        rewriter, op.getLoc(), op.getType(),
        ValueRange{adaptor.getGrad(), adaptor.getInput()},
        [](OpBuilder &b, Location l, ValueRange a) -> Value {
          Value zero = cst(b, l, 0.0);
          Value positive = arith::CmpFOp::create(
              b, l, arith::CmpFPredicate::OGT, a[1], zero);
          return arith::SelectOp::create(b, l, positive, a[0], zero);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// clamp_grad: select(min < y < max, g, 0), the bounds rounded to the
/// element type as the clamp rounded them.
struct ClampGradLowering final : OpConversionPattern<ClampGradOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ClampGradOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type element = op.getType().getElementType();
    std::optional<APFloat> min = op.getMin(), max = op.getMax();
    Value result = mapElementwise(
        rewriter, op.getLoc(), op.getType(),
        ValueRange{adaptor.getGrad(), adaptor.getOutput()},
        [&](OpBuilder &b, Location l, ValueRange a) -> Value {
          Value inside;
          auto require = [&](Value c) {
            inside = inside ? arith::AndIOp::create(b, l, inside, c) : c;
          };
          if (min)
            require(arith::CmpFOp::create(
                b, l, arith::CmpFPredicate::OGT, a[1],
                f32ConstantIn(b, l, min->convertToDouble(), element)));
          if (max)
            require(arith::CmpFOp::create(
                b, l, arith::CmpFPredicate::OLT, a[1],
                f32ConstantIn(b, l, max->convertToDouble(), element)));
          return arith::SelectOp::create(b, l, inside, a[0], cst(b, l, 0.0));
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// gelu'(x) for the tanh approximation (16 FLOPs).
Value geluTanhDerivative(OpBuilder &b, Location l, Value x) {
  constexpr double k = 0.7978845608028654, c = 0.044715;
  Value x2 = mul(b, l, x, x);
  Value inner = add(b, l, x, mul(b, l, mul(b, l, x2, cst(b, l, c)), x));
  Value t = math::TanhOp::create(b, l, mul(b, l, inner, cst(b, l, k)));
  // 0.5 (1 + t) + 0.5 x (1 - t^2) k (1 + 3 c x^2)
  Value left = add(b, l, mul(b, l, t, cst(b, l, 0.5)), cst(b, l, 0.5));
  Value sech2 = sub(b, l, cst(b, l, 1.0), mul(b, l, t, t));
  Value du = add(b, l, mul(b, l, x2, cst(b, l, 3.0 * c * k)), cst(b, l, k));
  Value right = mul(b, l, mul(b, l, mul(b, l, x, cst(b, l, 0.5)), sech2), du);
  return add(b, l, left, right);
}

/// gelu'(x) for the exact (erf) form (10 FLOPs).
Value geluErfDerivative(OpBuilder &b, Location l, Value x) {
  // 0.5 (1 + erf(x / sqrt(2))) + x exp(-x^2 / 2) / sqrt(2 pi)
  Value e =
      math::ErfOp::create(b, l, mul(b, l, x, cst(b, l, 0.7071067811865476)));
  Value cdf = add(b, l, mul(b, l, e, cst(b, l, 0.5)), cst(b, l, 0.5));
  Value gauss =
      math::ExpOp::create(b, l, mul(b, l, mul(b, l, x, x), cst(b, l, -0.5)));
  Value pdf = mul(b, l, gauss, cst(b, l, 0.3989422804014327));
  return add(b, l, cdf, mul(b, l, x, pdf));
}

/// gelu_grad: g * gelu'(x), elementwise.
struct GeluGradLowering final : OpConversionPattern<GeluGradOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(GeluGradOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    bool isTanh = op.getApproximation() == GeluApproximation::Tanh;
    Value result =
        mapElementwise(rewriter, op.getLoc(), op.getType(),
                       ValueRange{adaptor.getGrad(), adaptor.getInput()},
                       [&](OpBuilder &b, Location l, ValueRange a) -> Value {
                         Value derivative = isTanh
                                                ? geluTanhDerivative(b, l, a[1])
                                                : geluErfDerivative(b, l, a[1]);
                         return mul(b, l, a[0], derivative);
                       });
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// maximum_grad: both gradients from one linalg.generic.
struct MaximumGradLowering final : OpConversionPattern<MaximumGradOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MaximumGradOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = op.getLhsGrad().getType();
    AffineMap id = rewriter.getMultiDimIdentityMap(type.getRank());
    SmallVector<Value> results = mapWithMapsMulti(
        rewriter, op.getLoc(), {type, type},
        ValueRange{adaptor.getGrad(), adaptor.getLhs(), adaptor.getRhs()},
        {id, id, id},
        [](OpBuilder &b, Location l, ValueRange a) -> SmallVector<Value> {
          Value zero = cst(b, l, 0.0);
          Value toLhs = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OGE,
                                              a[1], a[2]);
          Value toRhs = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLT,
                                              a[1], a[2]);
          return {arith::SelectOp::create(b, l, toLhs, a[0], zero),
                  arith::SelectOp::create(b, l, toRhs, a[0], zero)};
        });
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// where_grad: the cotangent where the condition selects the op's side,
/// zero elsewhere.
struct WhereGradLowering final : OpConversionPattern<WhereGradOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(WhereGradOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    bool falseSide = op.getFalseSide();
    Value result = mapElementwise(
        rewriter, op.getLoc(), op.getType(),
        ValueRange{adaptor.getCondition(), adaptor.getGrad()},
        [falseSide](OpBuilder &b, Location l, ValueRange a) -> Value {
          Value zero = cst(b, l, 0.0);
          return falseSide ? arith::SelectOp::create(b, l, a[0], zero, a[1])
                           : arith::SelectOp::create(b, l, a[0], a[1], zero);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Reductions and softmax
//===----------------------------------------------------------------------===//

/// reduce_max_grad: the tie count of each group, then g / count where
/// x == max.
struct ReduceMaxGradLowering final : OpConversionPattern<ReduceMaxGradOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReduceMaxGradOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    int64_t rank = type.getRank();
    ArrayRef<int64_t> dims = op.getDimensions();
    bool keepDims = op.getKeepDims();
    Value x = adaptor.getInput(), max = adaptor.getMax();
    AffineMap reduced = reducedMap(rewriter.getContext(), rank, dims, keepDims);
    // count = sum(x == max) over each reduced group.
    Value count = reduceToF32(
        rewriter, loc, x, dims, keepDims, 0.0, sumCombine,
        [](OpBuilder &b, Location l, ValueRange a) -> Value {
          Value hit = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ,
                                            a[0], a[1]);
          return arith::SelectOp::create(b, l, hit, cst(b, l, 1.0),
                                         cst(b, l, 0.0));
        },
        max, reduced);
    Value result = mapWithMaps(
        rewriter, loc, type, ValueRange{x, adaptor.getGrad(), max, count},
        {rewriter.getMultiDimIdentityMap(rank), reduced, reduced, reduced},
        [](OpBuilder &b, Location l, ValueRange a) -> Value {
          Value hit = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ,
                                            a[0], a[2]);
          Value share = arith::DivFOp::create(b, l, a[1], a[3]);
          return arith::SelectOp::create(b, l, hit, share, cst(b, l, 0.0));
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// softmax_grad: sum(g * y) along the axis, then y * (g - sum).
struct SoftmaxGradLowering final : OpConversionPattern<SoftmaxGradOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SoftmaxGradOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    int64_t rank = type.getRank();
    int64_t axis = op.getAxisAttr().getInt();
    Value g = adaptor.getGrad(), y = adaptor.getOutput();
    AffineMap id = rewriter.getMultiDimIdentityMap(rank);
    // dot = sum(g * y) along the axis.
    Value dot = reduceToF32(
        rewriter, loc, g, {axis}, /*keepDims=*/false, 0.0, sumCombine,
        [](OpBuilder &b, Location l, ValueRange a) {
          return mul(b, l, a[0], a[1]);
        },
        y, id);
    AffineMap reduced =
        reducedMap(rewriter.getContext(), rank, {axis}, /*keepDims=*/false);
    Value result = mapWithMaps(rewriter, loc, type, ValueRange{g, y, dot},
                               {id, id, reduced},
                               [](OpBuilder &b, Location l, ValueRange a) {
                                 return mul(b, l, a[1], sub(b, l, a[0], a[2]));
                               });
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pooling and convolution
//===----------------------------------------------------------------------===//

/// max_pool2d_grad for windows that tile the input exactly (stride =
/// kernel, no padding, f32): each input element lies in exactly one window,
/// so it gets that window's gradient if it is the window's first maximum,
/// else 0. One branch-free linalg.generic over the input, which
/// remat-tile-and-vectorize vectorizes (the window reads become gathers);
/// the result is `0 + picked`, the general lowering's sum with its one
/// non-zero term, so both give the same bits. Marked kTiledMaxPoolGradAttr,
/// for targets with a kernel of their own.
Value tiledWindowsMaxPoolGrad(OpBuilder &b, Location loc, MaxPool2DGradOp op,
                              Value input, Value grad) {
  RankedTensorType type = op.getType();
  ArrayRef<int64_t> kernel = op.getKernel();
  int64_t kh = kernel[0], kw = kernel[1];
  AffineMap identity = b.getMultiDimIdentityMap(4);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{type}, ValueRange{}, emptyTensor(b, loc, type),
      ArrayRef<AffineMap>{identity}, iterators(4, 0),
      [&](OpBuilder &nb, Location l, ValueRange) {
        auto constIndex = [&](int64_t v) -> Value {
          return arith::ConstantIndexOp::create(nb, l, v);
        };
        Value n = linalg::IndexOp::create(nb, l, 0);
        Value c = linalg::IndexOp::create(nb, l, 1);
        Value h = linalg::IndexOp::create(nb, l, 2);
        Value w = linalg::IndexOp::create(nb, l, 3);
        Value oh = arith::DivUIOp::create(nb, l, h, constIndex(kh));
        Value ow = arith::DivUIOp::create(nb, l, w, constIndex(kw));
        Value top = arith::MulIOp::create(nb, l, oh, constIndex(kh));
        Value left = arith::MulIOp::create(nb, l, ow, constIndex(kw));
        // This element's position in its window.
        Value wanted = arith::AddIOp::create(
            nb, l,
            arith::MulIOp::create(nb, l, arith::SubIOp::create(nb, l, h, top),
                                  constIndex(kw)),
            arith::SubIOp::create(nb, l, w, left));
        auto [best, bestAt] = firstWindowMaximum(
            nb, l, kh, kw, nb.getF32Type(), nb.getIndexType(),
            [&](int64_t p, int64_t q) {
              Value row = arith::AddIOp::create(nb, l, top, constIndex(p));
              Value col = arith::AddIOp::create(nb, l, left, constIndex(q));
              Value x = tensor::ExtractOp::create(nb, l, input,
                                                  ValueRange{n, c, row, col});
              return std::make_pair(x, Value());
            });
        (void)best;
        Value won = arith::CmpIOp::create(nb, l, arith::CmpIPredicate::eq,
                                          bestAt, wanted);
        Value g = tensor::ExtractOp::create(nb, l, grad,
                                            ValueRange{n, c, oh, ow});
        Value picked = arith::SelectOp::create(nb, l, won, g, cst(nb, l, 0.0));
        linalg::YieldOp::create(nb, l, add(nb, l, cst(nb, l, 0.0), picked));
      });
  generic->setAttr(kTiledMaxPoolGradAttr, b.getUnitAttr());
  return generic.getResult(0);
}

/// max_pool2d_grad: every input element sums the gradients of the windows
/// whose first maximum it is. Input row h sits at window row i of window oh
/// when oh * stride + i = h + pad_top. For each window covering the element
/// (window positions visited in descending order), the window's first
/// maximum is found anew by scanning it: padding never wins, a NaN beats any
/// number, among equals the earlier position wins. Nothing but the
/// accumulator is allocated: no padded copy, no tensor of winners (which
/// would outlive the input, the one operand a backward pass often reads
/// last here). Windows that tile the input exactly take a faster path
/// (tiledWindowsMaxPoolGrad).
struct MaxPool2DGradLowering final : OpConversionPattern<MaxPool2DGradOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MaxPool2DGradOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    RankedTensorType type = op.getType();
    RankedTensorType gradType = op.getGrad().getType();
    ArrayRef<int64_t> kernel = op.getKernel(), padding = op.getPadding();
    SmallVector<int64_t, 2> strides = op.getEffectiveStrides();
    bool hasPadding = llvm::any_of(padding, [](int64_t p) { return p != 0; });
    Value input = adaptor.getInput(), grad = adaptor.getGrad();
    int64_t kh = kernel[0], kw = kernel[1];
    if (!hasPadding && strides[0] == kh && strides[1] == kw &&
        type.getDimSize(2) == gradType.getDimSize(2) * kh &&
        type.getDimSize(3) == gradType.getDimSize(3) * kw &&
        type.getElementType().isF32() &&
        gradType.getElementType().isF32()) {
      rewriter.replaceOp(op,
                         tiledWindowsMaxPoolGrad(rewriter, loc, op, input, grad));
      return success();
    }
    Value acc = filledTensor(rewriter, loc, f32Like(type), 0.0);
    AffineExpr d[6];
    bindDims(ctx, d[0], d[1], d[2], d[3], d[4], d[5]);
    AffineMap windowMap = AffineMap::get(6, 0, {d[4], d[5]}, ctx);
    AffineMap outMap = AffineMap::get(6, 0, {d[0], d[1], d[2], d[3]}, ctx);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{acc.getType()},
        ValueRange{windowTensor(rewriter, loc, kernel)}, acc,
        ArrayRef<AffineMap>{windowMap, outMap}, iterators(4, 2),
        [&](OpBuilder &b, Location l, ValueRange args) {
          auto index = [&](int64_t dim) -> Value {
            return linalg::IndexOp::create(b, l, dim);
          };
          auto constIndex = [&](int64_t v) -> Value {
            return arith::ConstantIndexOp::create(b, l, v);
          };
          auto cmpi = [&](arith::CmpIPredicate p, Value u, Value v) -> Value {
            return arith::CmpIOp::create(b, l, p, u, v);
          };
          auto both = [&](Value u, Value v) -> Value {
            return arith::AndIOp::create(b, l, u, v);
          };
          auto addi = [&](Value u, Value v) -> Value {
            return arith::AddIOp::create(b, l, u, v);
          };
          auto inRange = [&](Value v, int64_t size) {
            return both(cmpi(arith::CmpIPredicate::sge, v, constIndex(0)),
                        cmpi(arith::CmpIPredicate::slt, v, constIndex(size)));
          };
          // Loop a runs over window rows i = KH - 1 - a: the window, if any,
          // whose row i is input row h starts at padded row
          // h + pad_top - i = h + a + (pad_top - KH + 1); same for columns.
          Value valid = arith::ConstantOp::create(b, l, b.getBoolAttr(true));
          SmallVector<Value, 2> window;
          for (int dim = 0; dim < 2; ++dim) {
            Value start = addi(addi(index(2 + dim), index(4 + dim)),
                               constIndex(padding[dim] - kernel[dim] + 1));
            Value stride = constIndex(strides[dim]);
            Value at = arith::DivSIOp::create(b, l, start, stride);
            Value aligned = cmpi(arith::CmpIPredicate::eq,
                                 arith::RemSIOp::create(b, l, start, stride),
                                 constIndex(0));
            valid = both(
                valid,
                both(both(cmpi(arith::CmpIPredicate::sge, start, constIndex(0)),
                          aligned),
                     inRange(at, gradType.getDimSize(2 + dim))));
            window.push_back(at);
          }
          // linalg.index may not sit in the scf.if below: read them here.
          Value n = index(0), c = index(1);
          // This element's position in the window:
          // (KH - 1 - a) * KW + (KW - 1 - b) = KH * KW - 1 - (a * KW + b).
          Value flat = addi(
              arith::MulIOp::create(b, l, index(4), constIndex(kw)), index(5));
          Value wanted =
              arith::SubIOp::create(b, l, constIndex(kh * kw - 1), flat);
          // Only the windows that hold this element are scanned.
          auto covered = scf::IfOp::create(b, l, TypeRange{b.getF32Type()},
                                           valid, /*addThenBlock=*/true,
                                           /*addElseBlock=*/true);
          {
            OpBuilder::InsertionGuard guard(b);
            b.setInsertionPointToStart(&covered.getElseRegion().front());
            scf::YieldOp::create(b, l, cst(b, l, 0.0));
            b.setInsertionPointToStart(&covered.getThenRegion().front());
            // The window's first maximum, scanning it in row-major order.
            auto [best, bestAt] = firstWindowMaximum(
                b, l, kh, kw, b.getF32Type(), b.getIndexType(),
                [&](int64_t p, int64_t q) {
                  Value row =
                      addi(arith::MulIOp::create(b, l, window[0],
                                                 constIndex(strides[0])),
                           constIndex(p - padding[0]));
                  Value col =
                      addi(arith::MulIOp::create(b, l, window[1],
                                                 constIndex(strides[1])),
                           constIndex(q - padding[1]));
                  Value inside = both(inRange(row, type.getDimSize(2)),
                                      inRange(col, type.getDimSize(3)));
                  if (hasPadding) {
                    row = arith::SelectOp::create(b, l, inside, row,
                                                  constIndex(0));
                    col = arith::SelectOp::create(b, l, inside, col,
                                                  constIndex(0));
                  }
                  Value x = toF32(b, l,
                                  tensor::ExtractOp::create(
                                      b, l, input, ValueRange{n, c, row, col}));
                  return std::make_pair(x, hasPadding ? inside : Value());
                });
            (void)best;
            Value won = cmpi(arith::CmpIPredicate::eq, bestAt, wanted);
            Value g =
                toF32(b, l,
                      tensor::ExtractOp::create(
                          b, l, grad, ValueRange{n, c, window[0], window[1]}));
            Value picked =
                arith::SelectOp::create(b, l, won, g, cst(b, l, 0.0));
            scf::YieldOp::create(b, l, picked);
          }
          linalg::YieldOp::create(b, l,
                                  add(b, l, args[1], covered.getResult(0)));
        });
    rewriter.replaceOp(op, castTensor(rewriter, loc, generic.getResult(0),
                                      type.getElementType()));
    return success();
  }
};

/// avg_pool2d_grad: window sums over the spread gradient, scaled by
/// 1 / (KH * KW).
struct AvgPool2DGradLowering final : OpConversionPattern<AvgPool2DGradOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(AvgPool2DGradOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    ArrayRef<int64_t> kernel = op.getKernel(), padding = op.getPadding();
    // As for max_pool2d_grad: every input element sums the KH x KW grid
    // cells that hold windows covering it.
    SmallVector<int64_t> gridShape{type.getDimSize(0), type.getDimSize(1),
                                   type.getDimSize(2) + kernel[0] - 1,
                                   type.getDimSize(3) + kernel[1] - 1};
    Value grid = spreadOverGrid(
        rewriter, loc, adaptor.getGrad(),
        filledTensor(rewriter, loc,
                     RankedTensorType::get(gridShape, type.getElementType()),
                     0.0),
        {kernel[0] - 1 - padding[0], kernel[1] - 1 - padding[1]},
        op.getEffectiveStrides());
    Value window = windowTensor(rewriter, loc, kernel);
    Value init = filledTensor(rewriter, loc, f32Like(type), 0.0);
    Value sum =
        linalg::PoolingNchwSumOp::create(
            rewriter, loc, TypeRange{init.getType()}, ValueRange{grid, window},
            ValueRange{init}, rewriter.getI64VectorAttr({1, 1}),
            rewriter.getI64VectorAttr({1, 1}))
            .getResult(0);
    Value result =
        scaleInto(rewriter, loc, sum,
                  1.0 / static_cast<double>(kernel[0] * kernel[1]), type);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// The filter of the transposed convolution: [F, C/G, KH, KW] regrouped as
/// [G, C/G, F/G, KH, KW] (gfchw, input and output channels swapped) with
/// both spatial dimensions reversed. Written as a gather (tensor.extract at
/// computed indices): the reversal as an indexing map would have negative
/// coefficients, which linalg tiling does not support.
Value transposedFilter(OpBuilder &b, Location loc, Value filter,
                       int64_t groups) {
  auto type = cast<RankedTensorType>(filter.getType());
  int64_t features = type.getDimSize(0) / groups;
  int64_t kh = type.getDimSize(2), kw = type.getDimSize(3);
  auto resultType = RankedTensorType::get(
      {groups, type.getDimSize(1), features, kh, kw}, type.getElementType());
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{resultType}, ValueRange{},
      emptyTensor(b, loc, resultType), b.getMultiDimIdentityMap(5),
      iterators(5, 0), [&](OpBuilder &nb, Location l, ValueRange) {
        auto index = [&](int64_t dim) -> Value {
          return linalg::IndexOp::create(nb, l, dim);
        };
        auto constIndex = [&](int64_t v) -> Value {
          return arith::ConstantIndexOp::create(nb, l, v);
        };
        Value f = arith::AddIOp::create(
            nb, l, arith::MulIOp::create(nb, l, index(0), constIndex(features)),
            index(2));
        Value r = arith::SubIOp::create(nb, l, constIndex(kh - 1), index(3));
        Value c = arith::SubIOp::create(nb, l, constIndex(kw - 1), index(4));
        Value v = tensor::ExtractOp::create(nb, l, filter,
                                            ValueRange{f, index(1), r, c});
        linalg::YieldOp::create(nb, l, v);
      });
  return generic.getResult(0);
}

/// conv2d_grad_input: the transposed convolution.
struct Conv2DGradInputLowering final : OpConversionPattern<Conv2DGradInputOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(Conv2DGradInputOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    RankedTensorType gradType = op.getGrad().getType();
    RankedTensorType filterType = op.getFilter().getType();
    ArrayRef<int64_t> strides = op.getStrides(), padding = op.getPadding(),
                      dilations = op.getDilations();
    int64_t groups = op.getGroupsAttr().getInt();
    int64_t kh = filterType.getDimSize(2), kw = filterType.getDimSize(3);
    int64_t reachH = (kh - 1) * dilations[0], reachW = (kw - 1) * dilations[1];
    // The gradient on a stride-1 grid: grid row r holds output row oh when
    // r = oh * stride_h + reach_h - pad_top, so that input row h meets
    // filter row kh at grid row h + reach_h - kh * dilation_h: a dilated
    // stride-1 correlation with the reversed filter.
    SmallVector<int64_t> gridShape{
        gradType.getDimSize(0), gradType.getDimSize(1),
        type.getDimSize(2) + reachH, type.getDimSize(3) + reachW};
    Value grid = spreadOverGrid(
        rewriter, loc, adaptor.getGrad(),
        filledTensor(rewriter, loc,
                     RankedTensorType::get(gridShape, type.getElementType()),
                     0.0),
        {reachH - padding[0], reachW - padding[1]}, strides);
    // [N, G, F/G, ., .] x [G, C/G, F/G, KH, KW] -> [N, G, C/G, H, W].
    Value grid5 = splitGroups(rewriter, loc, grid, 1, groups);
    Value filter = transposedFilter(rewriter, loc, adaptor.getFilter(), groups);
    SmallVector<int64_t> accShape{type.getDimSize(0), groups,
                                  type.getDimSize(1) / groups,
                                  type.getDimSize(2), type.getDimSize(3)};
    Value acc = filledTensor(
        rewriter, loc, RankedTensorType::get(accShape, rewriter.getF32Type()),
        0.0);
    Value sum =
        linalg::Conv2DNgchwGfchwOp::create(
            rewriter, loc, TypeRange{acc.getType()}, ValueRange{grid5, filter},
            acc, rewriter.getI64VectorAttr({1, 1}),
            rewriter.getI64VectorAttr(dilations))
            .getResult(0);
    Value result = mergeGroups(rewriter, loc, sum, 1);
    rewriter.replaceOp(
        op, castTensor(rewriter, loc, result, type.getElementType()));
    return success();
  }
};

/// conv2d_grad_filter: one linalg.generic contracting over (n, oh, ow).
struct Conv2DGradFilterLowering final
    : OpConversionPattern<Conv2DGradFilterOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(Conv2DGradFilterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    RankedTensorType type = op.getType();
    ArrayRef<int64_t> strides = op.getStrides(), dilations = op.getDilations();
    int64_t groups = op.getGroupsAttr().getInt();
    Value input =
        padSpatial(rewriter, loc, adaptor.getInput(), op.getPadding(), 0.0);
    // [N, G, C/G, H', W'] x [N, G, F/G, OH, OW] -> [G, F/G, C/G, KH, KW].
    Value input5 = splitGroups(rewriter, loc, input, 1, groups);
    Value grad5 = splitGroups(rewriter, loc, adaptor.getGrad(), 1, groups);
    SmallVector<int64_t> accShape{groups, type.getDimSize(0) / groups,
                                  type.getDimSize(1), type.getDimSize(2),
                                  type.getDimSize(3)};
    Value acc = filledTensor(
        rewriter, loc, RankedTensorType::get(accShape, rewriter.getF32Type()),
        0.0);
    // Loops: g, f, c, kh, kw (parallel), n, oh, ow (reduction).
    AffineExpr d[8];
    bindDims(ctx, d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]);
    SmallVector<AffineMap> maps{
        AffineMap::get(8, 0,
                       {d[5], d[0], d[2],
                        d[6] * strides[0] + d[3] * dilations[0],
                        d[7] * strides[1] + d[4] * dilations[1]},
                       ctx),
        AffineMap::get(8, 0, {d[5], d[0], d[1], d[6], d[7]}, ctx),
        AffineMap::get(8, 0, {d[0], d[1], d[2], d[3], d[4]}, ctx)};
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{acc.getType()}, ValueRange{input5, grad5}, acc,
        maps, iterators(5, 3), [](OpBuilder &b, Location l, ValueRange args) {
          Value product = mul(b, l, toF32(b, l, args[0]), toF32(b, l, args[1]));
          linalg::YieldOp::create(b, l, add(b, l, args[2], product));
        });
    Value result = mergeGroups(rewriter, loc, generic.getResult(0), 0);
    rewriter.replaceOp(
        op, castTensor(rewriter, loc, result, type.getElementType()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Normalization
//===----------------------------------------------------------------------===//

/// layer_norm_grad: row statistics, the two gradient sums, dx, then the
/// parameter gradients.
struct LayerNormGradLowering final : OpConversionPattern<LayerNormGradOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(LayerNormGradOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    RankedTensorType type = op.getInputGrad().getType();
    Type elementType = type.getElementType();
    int64_t rank = type.getRank();
    ArrayRef<int64_t> axes = op.getAxes();
    SmallVector<int64_t> others = complementDims(rank, axes);
    int64_t count = 1;
    for (int64_t a : axes)
      count *= type.getDimSize(a);
    double inverse = 1.0 / static_cast<double>(count);
    double eps = op.getEpsilon().convertToDouble();
    Value x = adaptor.getInput(), g = adaptor.getGrad(),
          weight = adaptor.getWeight();
    AffineMap id = rewriter.getMultiDimIdentityMap(rank);
    AffineMap row = reducedMap(ctx, rank, axes, false);
    AffineMap param = selectDims(ctx, rank, axes);

    // Row statistics: mean, then rstd = 1 / sqrt(mean((x - mean)^2) + eps).
    auto scaleRows = [&](Value rows, double offset, bool rsqrt) {
      auto rowType = cast<RankedTensorType>(rows.getType());
      return mapElementwise(
          rewriter, loc, rowType, rows,
          [&](OpBuilder &b, Location l, ValueRange a) -> Value {
            Value v = mul(b, l, a[0], cst(b, l, inverse));
            if (!rsqrt)
              return v;
            return math::RsqrtOp::create(b, l, add(b, l, v, cst(b, l, offset)));
          });
    };
    Value sum = reduceToF32(rewriter, loc, x, axes, false, 0.0, sumCombine);
    Value mean = scaleRows(sum, 0.0, false);
    Value squares = reduceToF32(
        rewriter, loc, x, axes, false, 0.0, sumCombine,
        [](OpBuilder &b, Location l, ValueRange a) {
          Value dev = sub(b, l, a[0], a[1]);
          return mul(b, l, dev, dev);
        },
        mean, row);
    Value rstd = scaleRows(squares, eps, true);

    // Scalar helpers over (g, x, mean, rstd[, weight]) read in that order.
    SmallVector<Value> operands{g, x, mean, rstd};
    SmallVector<AffineMap> operandMaps{row, row};
    if (weight) {
      operands.push_back(weight);
      operandMaps.push_back(param);
    }
    auto xhat = [](OpBuilder &b, Location l, ValueRange a) {
      return mul(b, l, sub(b, l, a[1], a[2]), a[3]);
    };
    auto dxhat = [&](OpBuilder &b, Location l, ValueRange a) {
      return weight ? mul(b, l, a[0], a[4]) : a[0];
    };
    // The reductions' extra inputs are the operands after g, read through
    // maps from g's iteration space.
    ValueRange extras = ValueRange(operands).drop_front();
    SmallVector<AffineMap> extraMaps{id};
    llvm::append_range(extraMaps, operandMaps);

    Value sumDxhat = reduceToF32(rewriter, loc, g, axes, false, 0.0, sumCombine,
                                 dxhat, extras, extraMaps);
    Value sumDxhatXhat = reduceToF32(
        rewriter, loc, g, axes, false, 0.0, sumCombine,
        [&](OpBuilder &b, Location l, ValueRange a) {
          return mul(b, l, dxhat(b, l, a), xhat(b, l, a));
        },
        extras, extraMaps);

    // dx = rstd / N * (N * dxhat - sum(dxhat) - xhat * sum(dxhat * xhat)).
    SmallVector<Value> dxInputs(operands);
    dxInputs.append({sumDxhat, sumDxhatXhat});
    SmallVector<AffineMap> dxMaps(extraMaps);
    dxMaps.insert(dxMaps.begin(), id);
    dxMaps.append({row, row});
    unsigned sumsAt = operands.size();
    Value dx = mapWithMaps(
        rewriter, loc, type, dxInputs, dxMaps,
        [&](OpBuilder &b, Location l, ValueRange a) {
          Value t =
              sub(b, l, mul(b, l, dxhat(b, l, a), cst(b, l, count)), a[sumsAt]);
          t = sub(b, l, t, mul(b, l, xhat(b, l, a), a[sumsAt + 1]));
          return mul(b, l, t, mul(b, l, a[3], cst(b, l, inverse)));
        });

    // dweight = sum(g * xhat), dbias = sum(g) over the other dimensions.
    Value dweight = reduceToF32(
        rewriter, loc, g, others, false, 0.0, sumCombine,
        [&](OpBuilder &b, Location l, ValueRange a) {
          return mul(b, l, a[0], xhat(b, l, a));
        },
        extras.take_front(3), ArrayRef<AffineMap>(extraMaps).take_front(3));
    Value dbias = reduceToF32(rewriter, loc, g, others, false, 0.0, sumCombine);
    rewriter.replaceOp(op, {dx, castTensor(rewriter, loc, dweight, elementType),
                            castTensor(rewriter, loc, dbias, elementType)});
    return success();
  }
};

/// batch_norm_grad: two channel sums, the per-channel coefficients and
/// parameter gradients, then dx.
struct BatchNormGradLowering final : OpConversionPattern<BatchNormGradOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BatchNormGradOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    RankedTensorType type = op.getInputGrad().getType();
    RankedTensorType channelType = op.getWeightGrad().getType();
    int64_t rank = type.getRank();
    SmallVector<int64_t> dims = complementDims(rank, {1});
    double inverse = static_cast<double>(channelType.getDimSize(0)) /
                     static_cast<double>(type.getNumElements());
    double eps = op.getEpsilon().convertToDouble();
    Value g = adaptor.getGrad(), x = adaptor.getInput(),
          mean = adaptor.getMean();
    AffineMap id = rewriter.getMultiDimIdentityMap(rank);
    AffineMap channel = selectDims(ctx, rank, {1});
    Value sumDy = reduceToF32(rewriter, loc, g, dims, false, 0.0, sumCombine);
    Value dot = reduceToF32(rewriter, loc, g, dims, false, 0.0, sumCombine,
                            [](OpBuilder &b, Location l, ValueRange a) {
                              return mul(b, l, a[0], sub(b, l, a[1], a[2]));
                            },
                            ValueRange{x, mean}, {id, channel});
    // Per channel: the coefficients of dx and the weight gradient. The bias
    // gradient is sumDy itself (converted for f16/bf16): no copy of it.
    RankedTensorType coefType = f32Like(channelType);
    AffineMap id1 = rewriter.getMultiDimIdentityMap(1);
    SmallVector<Value> perChannel = mapWithMapsMulti(
        rewriter, loc, {coefType, coefType, coefType, channelType},
        ValueRange{adaptor.getVariance(), adaptor.getWeight(), sumDy, dot},
        {id1, id1, id1, id1},
        [&](OpBuilder &b, Location l, ValueRange a) -> SmallVector<Value> {
          Value invstd =
              math::RsqrtOp::create(b, l, add(b, l, a[0], cst(b, l, eps)));
          Value gradScale = mul(b, l, invstd, a[1]);
          Value gradMean = mul(b, l, a[2], cst(b, l, inverse));
          Value projScale = mul(b, l, mul(b, l, a[3], cst(b, l, inverse)),
                                mul(b, l, invstd, invstd));
          return {gradScale, gradMean, projScale, mul(b, l, a[3], invstd)};
        });
    Value biasGrad =
        castTensor(rewriter, loc, sumDy, channelType.getElementType());
    // dx = (g - gradMean - (x - mean) * projScale) * gradScale.
    Value dx = mapWithMaps(
        rewriter, loc, type,
        ValueRange{g, x, mean, perChannel[0], perChannel[1], perChannel[2]},
        {id, id, channel, channel, channel, channel},
        [](OpBuilder &b, Location l, ValueRange a) {
          Value t = sub(b, l, a[0], a[4]);
          t = sub(b, l, t, mul(b, l, sub(b, l, a[1], a[2]), a[5]));
          return mul(b, l, t, a[3]);
        });
    rewriter.replaceOp(op, {dx, perChannel[3], biasGrad});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Gather, loss and shape
//===----------------------------------------------------------------------===//

/// embedding_grad: a loop over the ids adding gradient rows into an f32
/// table.
struct EmbeddingGradLowering final : OpConversionPattern<EmbeddingGradOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(EmbeddingGradOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    RankedTensorType type = op.getType();
    RankedTensorType idsType = op.getIds().getType();
    int64_t rows = type.getDimSize(0), features = type.getDimSize(1);
    ArrayRef<int64_t> idsShape = idsType.getShape();
    Value ids = adaptor.getIds(), grad = adaptor.getGrad();
    Value table = filledTensor(rewriter, loc, f32Like(type), 0.0);
    auto index = [&](OpBuilder &b, Location l, int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, l, v);
    };
    // One iteration per id (row-major): table[ids[s]] += grad[s].
    auto loop = scf::ForOp::create(
        rewriter, loc, index(rewriter, loc, 0),
        index(rewriter, loc, idsType.getNumElements()), index(rewriter, loc, 1),
        ValueRange{table},
        [&](OpBuilder &b, Location l, Value s, ValueRange iterArgs) {
          SmallVector<Value> position(idsShape.size());
          Value rest = s;
          for (int64_t d = static_cast<int64_t>(idsShape.size()) - 1; d >= 0;
               --d) {
            Value size = index(b, l, idsShape[d]);
            position[d] = arith::RemUIOp::create(b, l, rest, size);
            if (d > 0)
              rest = arith::DivUIOp::create(b, l, rest, size);
          }
          Value id = arith::IndexCastOp::create(
              b, l, b.getIndexType(),
              tensor::ExtractOp::create(b, l, ids, position));
          Value zero = index(b, l, 0);
          Value inRange = arith::AndIOp::create(
              b, l,
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, id, zero),
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, id,
                                    index(b, l, rows)));
          Value row = arith::SelectOp::create(b, l, inRange, id, zero);
          // grad[position, :] and table[row, :] as rank-1 slices.
          SmallVector<OpFoldResult> gradOffsets(position.begin(),
                                                position.end());
          gradOffsets.push_back(b.getIndexAttr(0));
          SmallVector<int64_t> gradSizes(idsShape.size(), 1);
          gradSizes.push_back(features);
          SmallVector<int64_t> ones(gradSizes.size(), 1);
          auto gradRowType = RankedTensorType::get(
              {features},
              cast<RankedTensorType>(grad.getType()).getElementType());
          Value gradRow = tensor::ExtractSliceOp::create(
              b, l, gradRowType, grad, gradOffsets,
              getAsIndexOpFoldResult(ctx, gradSizes),
              getAsIndexOpFoldResult(ctx, ones));
          SmallVector<OpFoldResult> tableOffsets{row, b.getIndexAttr(0)};
          SmallVector<OpFoldResult> tableSizes =
              getAsIndexOpFoldResult(ctx, {1, features});
          SmallVector<OpFoldResult> unit = getAsIndexOpFoldResult(ctx, {1, 1});
          auto tableRowType = RankedTensorType::get({features}, b.getF32Type());
          Value tableRow = tensor::ExtractSliceOp::create(
              b, l, tableRowType, iterArgs[0], tableOffsets, tableSizes, unit);
          AffineMap id1 = b.getMultiDimIdentityMap(1);
          auto update = linalg::GenericOp::create(
              b, l, TypeRange{tableRowType}, gradRow, tableRow,
              ArrayRef<AffineMap>{id1, id1}, iterators(1, 0),
              [&](OpBuilder &nb, Location nl, ValueRange args) {
                Value v = arith::SelectOp::create(
                    nb, nl, inRange, toF32(nb, nl, args[0]), cst(nb, nl, 0.0));
                linalg::YieldOp::create(nb, nl, add(nb, nl, args[1], v));
              });
          Value next = tensor::InsertSliceOp::create(b, l, update.getResult(0),
                                                     iterArgs[0], tableOffsets,
                                                     tableSizes, unit);
          scf::YieldOp::create(b, l, next);
        });
    rewriter.replaceOp(op, castTensor(rewriter, loc, loop.getResult(0),
                                      type.getElementType()));
    return success();
  }
};

/// cross_entropy_grad: row maxima and sums of exponentials, then
/// (softmax - onehot) * g / R.
struct CrossEntropyGradLowering final
    : OpConversionPattern<CrossEntropyGradOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CrossEntropyGradOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    RankedTensorType type = op.getType();
    int64_t rank = type.getRank(), classDim = rank - 1;
    int64_t rows =
        type.getNumElements() / std::max<int64_t>(type.getDimSize(classDim), 1);
    Value logits = adaptor.getLogits();
    AffineMap row = reducedMap(ctx, rank, {classDim}, false);
    Value max =
        reduceToF32(rewriter, loc, logits, {classDim}, false,
                    -std::numeric_limits<double>::infinity(), maxCombine);
    Value sum = reduceToF32(
        rewriter, loc, logits, {classDim}, false, 0.0, sumCombine,
        [](OpBuilder &b, Location l, ValueRange a) -> Value {
          return math::ExpOp::create(b, l, sub(b, l, a[0], a[1]));
        },
        max, row);
    double inverse = 1.0 / static_cast<double>(rows);
    // (exp(x - max) / sum - (class == label)) * grad / R.
    Value result = mapWithMaps(
        rewriter, loc, type,
        ValueRange{logits, max, sum, adaptor.getLabels(), adaptor.getGrad()},
        {rewriter.getMultiDimIdentityMap(rank), row, row, row,
         AffineMap::get(rank, 0, {}, ctx)},
        [&](OpBuilder &b, Location l, ValueRange a) -> Value {
          Value p = arith::DivFOp::create(
              b, l, math::ExpOp::create(b, l, sub(b, l, a[0], a[1])), a[2]);
          Value label =
              arith::IndexCastOp::create(b, l, b.getIndexType(), a[3]);
          Value hot = arith::CmpIOp::create(
              b, l, arith::CmpIPredicate::eq,
              linalg::IndexOp::create(b, l, classDim), label);
          Value target = arith::SelectOp::create(b, l, hot, cst(b, l, 1.0),
                                                 cst(b, l, 0.0));
          return mul(b, l, sub(b, l, p, target),
                     mul(b, l, a[4], cst(b, l, inverse)));
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// slice_grad: zeros with the gradient inserted at the sliced positions.
struct SliceGradLowering final : OpConversionPattern<SliceGradOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SliceGradOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value zeros = filledTensor(rewriter, loc, op.getType(), 0.0);
    rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(
        op, adaptor.getGrad(), zeros, ValueRange{}, ValueRange{}, ValueRange{},
        op.getStart(), op.getGrad().getType().getShape(),
        op.getEffectiveStrides());
    return success();
  }
};

} // namespace

void remat::lowering::populateGradientPatterns(TypeConverter &converter,
                                               RewritePatternSet &patterns) {
  patterns
      .add<ReluGradLowering, GeluGradLowering, MaximumGradLowering,
           WhereGradLowering, ClampGradLowering, ReduceMaxGradLowering,
           SoftmaxGradLowering, MaxPool2DGradLowering, AvgPool2DGradLowering,
           Conv2DGradInputLowering, Conv2DGradFilterLowering,
           LayerNormGradLowering, BatchNormGradLowering, EmbeddingGradLowering,
           CrossEntropyGradLowering, SliceGradLowering>(converter,
                                                        patterns.getContext());
}
