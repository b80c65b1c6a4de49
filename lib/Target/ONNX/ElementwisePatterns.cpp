//===- ElementwisePatterns.cpp - ONNX elementwise ops to remat ------------===//
//
// Unary ops map one to one; binary ops broadcast their operands to the
// output's shape first (ONNX's numpy broadcasting: trailing dimensions
// align, size-1 dimensions stretch) with remat.broadcast.
//
//===----------------------------------------------------------------------===//

#include "NodeContext.h"

#include "remat/Dialect/Remat/IR/RematOps.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace remat;
using namespace remat::onnx_import;

namespace {

template <typename OpTy>
LogicalResult convertUnary(NodeContext &ctx) {
  FailureOr<Value> x = ctx.input(0);
  if (failed(x))
    return failure();
  ctx.setOutput(0, OpTy::create(ctx.builder, ctx.loc, *x));
  return success();
}

template <typename OpTy>
LogicalResult convertBinary(NodeContext &ctx) {
  if (ctx.node.input_size() != 2)
    return ctx.emitError() << "takes 2 inputs here, got "
                           << ctx.node.input_size();
  FailureOr<Value> lhs = ctx.input(0), rhs = ctx.input(1);
  FailureOr<RankedTensorType> type = ctx.outputType(0);
  if (failed(lhs) || failed(rhs) || failed(type))
    return failure();
  if (getElementTypeOrSelf(lhs->getType()) !=
      getElementTypeOrSelf(rhs->getType()))
    return ctx.emitError() << "operands have different element types ("
                           << lhs->getType() << ", " << rhs->getType()
                           << "); insert a Cast";
  Value a = ctx.broadcastTo(*lhs, *type);
  Value b = ctx.broadcastTo(*rhs, *type);
  ctx.setOutput(0, OpTy::create(ctx.builder, ctx.loc, a, b));
  return success();
}

LogicalResult convertIdentity(NodeContext &ctx) {
  FailureOr<Value> x = ctx.input(0);
  if (failed(x))
    return failure();
  ctx.setOutput(0, *x);
  return success();
}

/// Dropout: in training mode with a ratio above 0, remat.dropout with the
/// function's `dropout_seed` argument, each node at its own counter (so
/// that two dropouts draw different masks); otherwise the identity. Its
/// mask output is refused when something reads it.
LogicalResult convertDropout(NodeContext &ctx) {
  FailureOr<Value> x = ctx.input(0);
  if (failed(x))
    return failure();
  if (ctx.node.output_size() > 1 && !ctx.node.output(1).empty() &&
      ctx.isConsumed(ctx.node.output(1)))
    return ctx.emitError() << "its mask output is used, which remat does "
                              "not support";
  FailureOr<double> rate = ctx.dropoutRate();
  if (failed(rate))
    return ctx.emitError() << "its ratio or training_mode is not a constant";
  // (Written so that a NaN ratio fails too: the seed argument exists only
  // for positive ratios.)
  if (!(*rate >= 0 && *rate < 1))
    return ctx.emitError() << "its ratio " << *rate << " is not in [0, 1)";
  if (*rate == 0) {
    ctx.setOutput(0, *x);
    return success();
  }
  auto type = cast<RankedTensorType>(x->getType());
  if (!isa<FloatType>(type.getElementType()))
    return ctx.emitError() << "drops " << type
                           << "; remat imports Dropout of floats only";
  ctx.setOutput(0, ctx.dropout(*x, *rate));
  return success();
}

/// Input `i` as a float number when it is a constant scalar (a
/// single-element initializer or a Constant node, which the importer
/// imports as remat.constant), else nullopt.
std::optional<double> constantScalar(NodeContext &ctx, int i) {
  if (!ctx.hasInput(i))
    return std::nullopt;
  FailureOr<Value> value = ctx.input(i);
  if (failed(value))
    return std::nullopt;
  // A Constant node's value carries its ONNX name (remat.name).
  auto constant = withoutNames(*value).getDefiningOp<ConstantOp>();
  if (!constant)
    return std::nullopt;
  auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
  if (!dense || !dense.isSplat() || !isa<FloatType>(dense.getElementType()))
    return std::nullopt;
  return dense.getSplatValue<APFloat>().convertToDouble();
}

/// `mask` negated when it is a constant (under its name), else null.
Value negatedConstantMask(NodeContext &ctx, Value mask) {
  auto constant = withoutNames(mask).getDefiningOp<ConstantOp>();
  if (!constant)
    return {};
  auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
  if (!dense || !dense.getElementType().isInteger(1))
    return {};
  SmallVector<bool> negated;
  for (bool bit : dense.getValues<bool>())
    negated.push_back(!bit);
  return ConstantOp::create(ctx.builder, ctx.loc,
                            DenseElementsAttr::get(dense.getType(), negated));
}

/// Where(condition, x, y): the three broadcast to the output's shape (numpy
/// rules), the condition a boolean tensor (a constant mask, typically). A
/// constant scalar on the true side (PyTorch exports masked_fill(mask,
/// -inf) so), or on the false side under a constant mask, makes
/// remat.masked_fill, which makes no tensor of the constant.
LogicalResult convertWhere(NodeContext &ctx) {
  FailureOr<Value> cond = ctx.input(0), x = ctx.input(1), y = ctx.input(2);
  FailureOr<RankedTensorType> type = ctx.outputType(0);
  if (failed(cond) || failed(x) || failed(y) || failed(type))
    return failure();
  if (!getElementTypeOrSelf(cond->getType()).isInteger(1))
    return ctx.emitError() << "its condition is " << cond->getType()
                           << "; expected a tensor of BOOL";
  if (!isa<FloatType>(type->getElementType()))
    return ctx.emitError() << "selects " << *type
                           << "; remat imports Where of floats only";
  if (getElementTypeOrSelf(x->getType()) != getElementTypeOrSelf(y->getType()))
    return ctx.emitError() << "operands have different element types ("
                           << x->getType() << ", " << y->getType()
                           << "); insert a Cast";
  // masked_fill(input, mask, fill): the other side where the mask is false.
  Value input, mask;
  std::optional<double> fill = constantScalar(ctx, 1);
  if (fill) {
    input = *y;
    mask = *cond;
  } else if ((fill = constantScalar(ctx, 2))) {
    input = *x;
    mask = negatedConstantMask(ctx, *cond);
  }
  if (fill && mask) {
    ctx.setOutput(0, MaskedFillOp::create(ctx.builder, ctx.loc,
                                          ctx.broadcastTo(input, *type),
                                          ctx.broadcastTo(mask, *type),
                                          ctx.builder.getF64FloatAttr(*fill)));
    return success();
  }
  ctx.setOutput(0, WhereOp::create(
                       ctx.builder, ctx.loc, ctx.broadcastTo(*cond, *type),
                       ctx.broadcastTo(*x, *type), ctx.broadcastTo(*y, *type)));
  return success();
}

/// Output 0 as input `i`, broadcast to the output, times `factor`
/// (remat.scale); failure without a diagnostic when the types do not allow
/// it, so that the caller falls back to the binary op.
LogicalResult scaleInput(NodeContext &ctx, int i, double factor) {
  FailureOr<Value> x = ctx.input(i);
  FailureOr<RankedTensorType> type = ctx.outputType(0);
  if (failed(x) || failed(type) ||
      getElementTypeOrSelf(x->getType()) != type->getElementType())
    return failure();
  ctx.setOutput(0, ScaleOp::create(ctx.builder, ctx.loc,
                                   ctx.broadcastTo(*x, *type),
                                   ctx.builder.getF64FloatAttr(factor)));
  return success();
}

/// Mul by a constant scalar (an attention scale, GELU's coefficients) is
/// remat.scale: no tensor of the constant is made, and the backward pass
/// keeps none (a mul's gradient reads the other operand). The product is
/// the same bits.
LogicalResult convertMul(NodeContext &ctx) {
  if (ctx.node.input_size() == 2)
    for (int i : {1, 0})
      if (std::optional<double> c = constantScalar(ctx, i))
        if (succeeded(scaleInput(ctx, 1 - i, *c)))
          return success();
  return convertBinary<MulOp>(ctx);
}

/// Div by a constant power of two is remat.scale by its reciprocal, which is
/// exact (x / 2^k and x * 2^-k round the same real number); other divisions
/// stay divisions.
LogicalResult convertDiv(NodeContext &ctx) {
  if (ctx.node.input_size() == 2)
    if (std::optional<double> c = constantScalar(ctx, 1);
        c && std::isfinite(*c) && *c != 0.0) {
      int exponent = 0;
      if (std::fabs(std::frexp(*c, &exponent)) == 0.5 &&
          succeeded(scaleInput(ctx, 0, 1.0 / *c)))
        return success();
    }
  return convertBinary<DivOp>(ctx);
}

/// Pow with a constant exponent of 2 (x * x) or 0.5 (sqrt), the forms
/// exported layer norms and RMS norms use.
LogicalResult convertPow(NodeContext &ctx) {
  FailureOr<Value> x = ctx.input(0);
  if (failed(x))
    return failure();
  std::optional<double> exponent = constantScalar(ctx, 1);
  if (exponent == 2.0) {
    ctx.setOutput(0, MulOp::create(ctx.builder, ctx.loc, *x, *x));
    return success();
  }
  if (exponent == 3.0) {
    // GPT-2's tanh GELU: x * x * x, as PyTorch computes pow(x, 3).
    Value square = MulOp::create(ctx.builder, ctx.loc, *x, *x);
    ctx.setOutput(0, MulOp::create(ctx.builder, ctx.loc, square, *x));
    return success();
  }
  if (exponent == 0.5) {
    ctx.setOutput(0, SqrtOp::create(ctx.builder, ctx.loc, *x));
    return success();
  }
  return ctx.emitError() << "only a constant exponent of 2, 3 or 0.5 is "
                            "supported";
}

/// Clip with constant bounds (ReLU6 in MobileNetV2) as remat.clamp; without
/// bounds it is the identity. The bounds are inputs from opset 11,
/// attributes before.
LogicalResult convertClip(NodeContext &ctx) {
  FailureOr<Value> x = ctx.input(0);
  if (failed(x))
    return failure();
  auto type = cast<RankedTensorType>(x->getType());
  if (!isa<FloatType>(type.getElementType()))
    return ctx.emitError() << "clips " << type
                           << "; remat imports Clip of floats only";
  std::optional<double> lo, hi;
  if (ctx.opset() < 11) {
    float inf = std::numeric_limits<float>::infinity();
    if (float v = ctx.floatAttr("min", -inf); v != -inf)
      lo = v;
    if (float v = ctx.floatAttr("max", inf); v != inf)
      hi = v;
  } else {
    for (int i : {1, 2}) {
      if (!ctx.hasInput(i))
        continue;
      std::optional<double> bound = constantScalar(ctx, i);
      if (!bound)
        return ctx.emitError()
               << "its " << (i == 1 ? "min" : "max")
               << " is not a constant scalar; remat imports Clip with "
                  "constant bounds";
      (i == 1 ? lo : hi) = bound;
    }
  }
  // An infinite bound bounds nothing; min above max sets every value to
  // max (the ONNX specification).
  if (lo && std::isinf(*lo))
    lo.reset();
  if (hi && std::isinf(*hi))
    hi.reset();
  if (lo && hi && *lo > *hi)
    lo = hi;
  if (!lo && !hi) {
    ctx.setOutput(0, *x);
    return success();
  }
  Builder &b = ctx.builder;
  Value y = ClampOp::create(ctx.builder, ctx.loc, *x,
                            lo ? b.getF64FloatAttr(*lo) : FloatAttr(),
                            hi ? b.getF64FloatAttr(*hi) : FloatAttr());
  ctx.setOutput(0, y);
  return success();
}

/// Cast between float types is `remat.convert`; to the value's own type it
/// is the value (exporters emit such casts). Casts inside shape computations
/// are folded, not imported; a cast from or to an integer type of a value
/// that is computed at run time has no remat equivalent.
LogicalResult convertCast(NodeContext &ctx) {
  FailureOr<Value> x = ctx.input(0);
  FailureOr<RankedTensorType> type = ctx.outputType(0);
  if (failed(x) || failed(type))
    return failure();
  Type from = getElementTypeOrSelf(x->getType());
  Type to = type->getElementType();
  if (from == to) {
    ctx.setOutput(0, *x);
    return success();
  }
  if (!isa<FloatType>(from) || !isa<FloatType>(to))
    return ctx.emitError()
           << "casts " << x->getType() << " to " << *type
           << ": remat converts only between float types (f32, f16, bf16) "
              "at run time; a Cast of integers is imported only inside a "
              "shape computation";
  ctx.setOutput(0, ConvertOp::create(ctx.builder, ctx.loc, *type, *x));
  return success();
}

} // namespace

void remat::onnx_import::populateElementwisePatterns(
    llvm::StringMap<OpPattern> &patterns) {
  patterns["Relu"] = convertUnary<ReluOp>;
  patterns["Tanh"] = convertUnary<TanhOp>;
  patterns["Sigmoid"] = convertUnary<SigmoidOp>;
  patterns["Exp"] = convertUnary<ExpOp>;
  patterns["Sin"] = convertUnary<SinOp>;
  patterns["Cos"] = convertUnary<CosOp>;
  patterns["Erf"] = convertUnary<ErfOp>;
  patterns["Log"] = convertUnary<LogOp>;
  patterns["Sqrt"] = convertUnary<SqrtOp>;
  patterns["Neg"] = convertUnary<NegOp>;
  patterns["Add"] = convertBinary<AddOp>;
  patterns["Sub"] = convertBinary<SubOp>;
  patterns["Mul"] = convertMul;
  patterns["Div"] = convertDiv;
  patterns["Max"] = convertBinary<MaximumOp>;
  patterns["Identity"] = convertIdentity;
  patterns["Dropout"] = convertDropout;
  patterns["Pow"] = convertPow;
  patterns["Clip"] = convertClip;
  patterns["Cast"] = convertCast;
  patterns["Where"] = convertWhere;
}
