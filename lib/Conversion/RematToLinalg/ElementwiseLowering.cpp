//===- ElementwiseLowering.cpp - elementwise ops to linalg.generic --------===//
//
// Each elementwise op becomes a linalg.generic over identity maps whose body
// computes in f32. Dropout computes its mask from a counter-based hash of
// (seed, counter + row-major index), the SplitMix64 finalizer, so a
// recomputation reproduces it bit for bit. Foreign elementwise ops on tensors
// (arith, math) become the same kind of linalg.generic, computing in their
// own types.
//
//===----------------------------------------------------------------------===//

#include "LoweringBuilders.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "remat/Dialect/Remat/IR/RematOps.h"
#include "remat/Dialect/Remat/IR/ViewCopies.h"

#include <cmath>

using namespace mlir;
using namespace remat;
using namespace remat::lowering;

namespace {

Value cst(OpBuilder &b, Location loc, double v) { return f32Constant(b, loc, v); }

/// The scalar body of each elementwise op, on f32 values.
Value scalarOf(NegOp, OpBuilder &b, Location loc, ValueRange a) {
  return arith::NegFOp::create(b, loc, a[0]);
}
Value scalarOf(ExpOp, OpBuilder &b, Location loc, ValueRange a) {
  return math::ExpOp::create(b, loc, a[0]);
}
Value scalarOf(LogOp, OpBuilder &b, Location loc, ValueRange a) {
  return math::LogOp::create(b, loc, a[0]);
}
Value scalarOf(SqrtOp, OpBuilder &b, Location loc, ValueRange a) {
  return math::SqrtOp::create(b, loc, a[0]);
}
Value scalarOf(RsqrtOp, OpBuilder &b, Location loc, ValueRange a) {
  return math::RsqrtOp::create(b, loc, a[0]);
}
Value scalarOf(TanhOp, OpBuilder &b, Location loc, ValueRange a) {
  return math::TanhOp::create(b, loc, a[0]);
}
Value scalarOf(SinOp, OpBuilder &b, Location loc, ValueRange a) {
  return math::SinOp::create(b, loc, a[0]);
}
Value scalarOf(CosOp, OpBuilder &b, Location loc, ValueRange a) {
  return math::CosOp::create(b, loc, a[0]);
}
Value scalarOf(ErfOp, OpBuilder &b, Location loc, ValueRange a) {
  return math::ErfOp::create(b, loc, a[0]);
}
Value scalarOf(SigmoidOp, OpBuilder &b, Location loc, ValueRange a) {
  Value e = math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, a[0]));
  Value d = arith::AddFOp::create(b, loc, cst(b, loc, 1.0), e);
  return arith::DivFOp::create(b, loc, cst(b, loc, 1.0), d);
}
Value scalarOf(ReluOp, OpBuilder &b, Location loc, ValueRange a) {
  return arith::MaximumFOp::create(b, loc, a[0], cst(b, loc, 0.0));
}
Value scalarOf(ClampOp op, OpBuilder &b, Location loc, ValueRange a) {
  Type element = op.getType().getElementType();
  Value y = a[0];
  if (std::optional<APFloat> min = op.getMin())
    y = arith::MaximumFOp::create(
        b, loc, y, f32ConstantIn(b, loc, min->convertToDouble(), element));
  if (std::optional<APFloat> max = op.getMax())
    y = arith::MinimumFOp::create(
        b, loc, y, f32ConstantIn(b, loc, max->convertToDouble(), element));
  return y;
}
Value scalarOf(GeluOp op, OpBuilder &b, Location loc, ValueRange a) {
  Value x = a[0];
  Value half = arith::MulFOp::create(b, loc, x, cst(b, loc, 0.5));
  Value inner;
  if (op.getApproximation() == GeluApproximation::Tanh) {
    // 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
    Value x3 = arith::MulFOp::create(
        b, loc, arith::MulFOp::create(b, loc, x, x), x);
    Value poly = arith::AddFOp::create(
        b, loc, x, arith::MulFOp::create(b, loc, x3, cst(b, loc, 0.044715)));
    Value scaled =
        arith::MulFOp::create(b, loc, poly, cst(b, loc, 0.7978845608028654));
    inner = math::TanhOp::create(b, loc, scaled);
  } else {
    // 0.5 x (1 + erf(x / sqrt(2)))
    inner = math::ErfOp::create(
        b, loc, arith::MulFOp::create(b, loc, x, cst(b, loc, 0.7071067811865476)));
  }
  return arith::MulFOp::create(
      b, loc, half, arith::AddFOp::create(b, loc, cst(b, loc, 1.0), inner));
}
/// The body computes in f32: the operand is widened and the result rounded
/// to its type (mapElementwise's conversions), which is the conversion.
Value scalarOf(ConvertOp, OpBuilder &, Location, ValueRange a) { return a[0]; }
Value scalarOf(WhereOp, OpBuilder &b, Location loc, ValueRange a) {
  return arith::SelectOp::create(b, loc, a[0], a[1], a[2]);
}
Value scalarOf(AddOp, OpBuilder &b, Location loc, ValueRange a) {
  return arith::AddFOp::create(b, loc, a[0], a[1]);
}
Value scalarOf(SubOp, OpBuilder &b, Location loc, ValueRange a) {
  return arith::SubFOp::create(b, loc, a[0], a[1]);
}
Value scalarOf(MulOp, OpBuilder &b, Location loc, ValueRange a) {
  return arith::MulFOp::create(b, loc, a[0], a[1]);
}
Value scalarOf(DivOp, OpBuilder &b, Location loc, ValueRange a) {
  return arith::DivFOp::create(b, loc, a[0], a[1]);
}
Value scalarOf(MaximumOp, OpBuilder &b, Location loc, ValueRange a) {
  return arith::MaximumFOp::create(b, loc, a[0], a[1]);
}
Value scalarOf(MaskedFillOp op, OpBuilder &b, Location loc, ValueRange a) {
  Value fill = f32ConstantIn(b, loc, op.getValue().convertToDouble(),
                             op.getType().getElementType());
  return arith::SelectOp::create(b, loc, a[1], fill, a[0]);
}
Value scalarOf(ScaleOp op, OpBuilder &b, Location loc, ValueRange a) {
  return arith::MulFOp::create(
      b, loc, a[0], cst(b, loc, op.getFactor().convertToDouble()));
}

/// Any op whose operands are all same-shaped tensors, lowered elementwise.
template <typename OpTy>
struct ElementwiseLowering final : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getResult().getType());
    Value result = mapElementwise(
        rewriter, op.getLoc(), type, adaptor.getOperands(),
        [&](OpBuilder &b, Location loc, ValueRange args) {
          return scalarOf(op, b, loc, args);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// An i64 constant from its bit pattern.
Value i64Constant(OpBuilder &b, Location loc, uint64_t bits) {
  return arith::ConstantOp::create(
      b, loc, b.getI64IntegerAttr(static_cast<int64_t>(bits)));
}

/// z ^= z >> shift
Value xorShift(OpBuilder &b, Location loc, Value z, int shift) {
  Value s = arith::ShRUIOp::create(b, loc, z, i64Constant(b, loc, shift));
  return arith::XOrIOp::create(b, loc, z, s);
}

struct DropoutLowering final : OpConversionPattern<DropoutOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DropoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    double rate = op.getRate().convertToDouble();
    int64_t counter = op.getCounterAttr().getInt();
    Value seed = adaptor.getSeed();
    ArrayRef<int64_t> shape = type.getShape();
    Value result = mapElementwise(
        rewriter, op.getLoc(), type, adaptor.getInput(),
        [&](OpBuilder &b, Location loc, ValueRange args) -> Value {
          // Row-major index of this element.
          Value flat = i64Constant(b, loc, 0);
          for (size_t d = 0; d < shape.size(); ++d) {
            Value idx = arith::IndexCastOp::create(
                b, loc, b.getI64Type(), linalg::IndexOp::create(b, loc, d));
            flat = arith::AddIOp::create(
                b, loc,
                arith::MulIOp::create(b, loc, flat,
                                      i64Constant(b, loc, shape[d])),
                idx);
          }
          // SplitMix64 of seed * golden + (counter + index).
          Value z = arith::AddIOp::create(
              b, loc,
              arith::MulIOp::create(b, loc, seed,
                                    i64Constant(b, loc, 0x9E3779B97F4A7C15ULL)),
              arith::AddIOp::create(b, loc, flat,
                                    i64Constant(b, loc, counter)));
          z = xorShift(b, loc, z, 30);
          z = arith::MulIOp::create(b, loc, z,
                                    i64Constant(b, loc, 0xBF58476D1CE4E5B9ULL));
          z = xorShift(b, loc, z, 27);
          z = arith::MulIOp::create(b, loc, z,
                                    i64Constant(b, loc, 0x94D049BB133111EBULL));
          z = xorShift(b, loc, z, 31);
          // The top 24 bits as a uniform number top / 2^24 in [0, 1); keep
          // iff it is >= rate, i.e. top >= ceil(rate * 2^24), compared in
          // integers (rate rounded to f32 can fall on a multiple of 2^-24
          // below rate and keep one value too many).
          Value top = arith::ShRUIOp::create(b, loc, z, i64Constant(b, loc, 40));
          Value keep = arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::uge, top,
              i64Constant(b, loc,
                          static_cast<uint64_t>(std::ceil(rate * 16777216.0))));
          Value scaled = arith::MulFOp::create(b, loc, args[0],
                                               cst(b, loc, 1.0 / (1.0 - rate)));
          return arith::SelectOp::create(b, loc, keep, scaled,
                                         cst(b, loc, 0.0));
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ConstantLowering final : OpConversionPattern<ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto value = dyn_cast<TypedAttr>(op.getValue());
    if (!value)
      return rewriter.notifyMatchFailure(op, "constant is not a typed attr");
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, value);
    return success();
  }
};

struct NameLowering final : OpConversionPattern<NameOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(NameOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // The identity, or a copy where the caller must own the result
    // (ViewCopies.h).
    Value input = adaptor.getInput();
    if (op->hasAttr(kCopyViewAttrName))
      input = copyTensor(rewriter, op.getLoc(), input);
    rewriter.replaceOp(op, input);
    return success();
  }
};

/// A foreign elementwise op on tensors (isForeignElementwiseOnTensors: the
/// arith and math ops, among others): a linalg.generic over identity maps
/// whose body is the same op on the elements, in the op's own element types
/// (no f32 detour: its semantics are the op's), with a new tensor per
/// result. Scalar operands are used as they are in every element.
///
///   %r = arith.addf %a, %b : tensor<4xf32>
/// becomes
///   %e = tensor.empty() : tensor<4xf32>
///   %r = linalg.generic {identity maps, ["parallel"]}
///       ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
///   ^bb0(%x: f32, %y: f32, %out: f32):
///     %s = arith.addf %x, %y : f32
///     linalg.yield %s : f32
///   } -> tensor<4xf32>
///
/// Each result gets a buffer of its own, never an operand's: that is what
/// the planner counts for a foreign op (its results, no scratch), and an
/// argument is never overwritten.
struct ForeignElementwiseLowering final : ConversionPattern {
  ForeignElementwiseLowering(const TypeConverter &converter, MLIRContext *ctx)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {
  }

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isForeignElementwiseOnTensors(op))
      return rewriter.notifyMatchFailure(op, "not elementwise on tensors");
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(),
                                                resultTypes)))
      return rewriter.notifyMatchFailure(op, "result types not converted");
    Location loc = op->getLoc();
    auto first = cast<RankedTensorType>(resultTypes.front());
    AffineMap identity =
        rewriter.getMultiDimIdentityMap(static_cast<unsigned>(first.getRank()));
    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    for (Value operand : operands)
      if (isa<RankedTensorType>(operand.getType())) {
        inputs.push_back(operand);
        maps.push_back(identity);
      }
    SmallVector<Value> inits;
    SmallVector<Type> elementTypes;
    for (Type type : resultTypes) {
      auto tensor = cast<RankedTensorType>(type);
      inits.push_back(emptyTensor(rewriter, loc, tensor));
      elementTypes.push_back(tensor.getElementType());
      maps.push_back(identity);
    }
    SmallVector<utils::IteratorType> iterators(first.getRank(),
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, resultTypes, inputs, inits, maps, iterators,
        [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
          // Tensor operands read their element, scalars are used as they are.
          SmallVector<Value> scalarOperands;
          unsigned next = 0;
          for (Value operand : operands)
            scalarOperands.push_back(isa<RankedTensorType>(operand.getType())
                                         ? args[next++]
                                         : operand);
          OperationState state(bodyLoc, op->getName());
          state.addOperands(scalarOperands);
          state.addTypes(elementTypes);
          // The op's own attributes (predicate, fastmath, ...); discardable
          // ones (remat.recomputed, ...) describe the tensor op, not this.
          ArrayRef<StringAttr> inherent = op->getName().getAttributeNames();
          for (NamedAttribute attr : op->getAttrDictionary())
            if (llvm::is_contained(inherent, attr.getName()))
              state.addAttribute(attr.getName(), attr.getValue());
          Operation *scalar = b.create(state);
          linalg::YieldOp::create(b, bodyLoc, scalar->getResults());
        });
    rewriter.replaceOp(op, generic->getResults());
    return success();
  }
};

} // namespace

void remat::lowering::populateElementwisePatterns(
    TypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<ElementwiseLowering<NegOp>, ElementwiseLowering<ExpOp>,
               ElementwiseLowering<LogOp>, ElementwiseLowering<SqrtOp>,
               ElementwiseLowering<RsqrtOp>, ElementwiseLowering<TanhOp>,
               ElementwiseLowering<SinOp>, ElementwiseLowering<CosOp>,
               ElementwiseLowering<ErfOp>, ElementwiseLowering<SigmoidOp>,
               ElementwiseLowering<ReluOp>, ElementwiseLowering<ClampOp>,
               ElementwiseLowering<GeluOp>, ElementwiseLowering<ConvertOp>,
               ElementwiseLowering<WhereOp>, ElementwiseLowering<MaskedFillOp>,
               ElementwiseLowering<AddOp>, ElementwiseLowering<SubOp>,
               ElementwiseLowering<MulOp>, ElementwiseLowering<DivOp>,
               ElementwiseLowering<MaximumOp>, ElementwiseLowering<ScaleOp>,
               DropoutLowering, ConstantLowering, NameLowering,
               ForeignElementwiseLowering>(converter, ctx);
}
