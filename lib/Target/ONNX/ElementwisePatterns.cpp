//===- ElementwisePatterns.cpp - ONNX elementwise ops to remat ------------===//
//
// Unary ops map one to one; binary ops broadcast their operands to the
// output's shape first (ONNX's numpy broadcasting: trailing dimensions
// align, size-1 dimensions stretch) with remat.broadcast.
//
//===----------------------------------------------------------------------===//

#include "NodeContext.h"

#include "remat/Dialect/Remat/IR/RematOps.h"

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

/// Where(condition, x, y): the three broadcast to the output's shape (numpy
/// rules), the condition a boolean tensor (a constant mask, typically).
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
  ctx.setOutput(0, WhereOp::create(
                       ctx.builder, ctx.loc, ctx.broadcastTo(*cond, *type),
                       ctx.broadcastTo(*x, *type), ctx.broadcastTo(*y, *type)));
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
  if (*rate == 0) {
    ctx.setOutput(0, *x);
    return success();
  }
  if (*rate < 0 || *rate >= 1)
    return ctx.emitError() << "its ratio " << *rate << " is not in [0, 1)";
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
  Value v = *value;
  if (auto name = v.getDefiningOp<NameOp>())
    v = name.getInput();
  auto constant = v.getDefiningOp<ConstantOp>();
  if (!constant)
    return std::nullopt;
  auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
  if (!dense || !dense.isSplat() || !isa<FloatType>(dense.getElementType()))
    return std::nullopt;
  return dense.getSplatValue<APFloat>().convertToDouble();
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

/// `value` as a 0-d constant broadcast to `type`.
Value splat(NodeContext &ctx, RankedTensorType type, double value) {
  auto scalarType = RankedTensorType::get({}, type.getElementType());
  auto data = DenseElementsAttr::get(
      scalarType, ctx.builder.getFloatAttr(type.getElementType(), value));
  Value scalar = ConstantOp::create(ctx.builder, ctx.loc, data);
  return BroadcastOp::create(ctx.builder, ctx.loc, type, scalar,
                             ctx.builder.getDenseI64ArrayAttr({}));
}

/// Clip with constant bounds (ReLU6 in MobileNetV2): max(x, min), then
/// min(y, max) as -max(-y, -max). The bounds are inputs from opset 11,
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
  Value y = *x;
  if (lo)
    y = MaximumOp::create(ctx.builder, ctx.loc, y, splat(ctx, type, *lo));
  if (hi) {
    Value negated = NegOp::create(ctx.builder, ctx.loc, y);
    y = NegOp::create(
        ctx.builder, ctx.loc,
        MaximumOp::create(ctx.builder, ctx.loc, negated,
                          splat(ctx, type, -*hi)));
  }
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
  patterns["Mul"] = convertBinary<MulOp>;
  patterns["Div"] = convertBinary<DivOp>;
  patterns["Max"] = convertBinary<MaximumOp>;
  patterns["Identity"] = convertIdentity;
  patterns["Dropout"] = convertDropout;
  patterns["Pow"] = convertPow;
  patterns["Clip"] = convertClip;
  patterns["Cast"] = convertCast;
  patterns["Where"] = convertWhere;
}
