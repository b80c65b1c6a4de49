//===- ElementwisePatterns.cpp - ONNX elementwise ops to remat ------------===//
//
// Unary ops map one to one; binary ops broadcast their operands to the
// output's shape first (ONNX's numpy broadcasting: trailing dimensions
// align, size-1 dimensions stretch) with remat.broadcast.
//
//===----------------------------------------------------------------------===//

#include "NodeContext.h"

#include "remat/Dialect/Remat/IR/RematOps.h"

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

/// `value` broadcast to `type`'s shape (nothing when it has it already).
Value broadcastTo(NodeContext &ctx, Value value, RankedTensorType type) {
  auto from = cast<RankedTensorType>(value.getType());
  if (from.getShape() == type.getShape())
    return value;
  int64_t offset = type.getRank() - from.getRank();
  SmallVector<int64_t> dims;
  for (int64_t d = 0; d < from.getRank(); ++d)
    dims.push_back(offset + d);
  auto result =
      RankedTensorType::get(type.getShape(), from.getElementType());
  return BroadcastOp::create(ctx.builder, ctx.loc, result, value,
                             ctx.builder.getDenseI64ArrayAttr(dims));
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
  Value a = broadcastTo(ctx, *lhs, *type);
  Value b = broadcastTo(ctx, *rhs, *type);
  ctx.setOutput(0, OpTy::create(ctx.builder, ctx.loc, a, b));
  return success();
}

/// Identity, and Dropout as inference runs it (its output #1, the mask, is
/// not supported).
LogicalResult convertIdentity(NodeContext &ctx) {
  FailureOr<Value> x = ctx.input(0);
  if (failed(x))
    return failure();
  if (ctx.node.output_size() > 1 && !ctx.node.output(1).empty())
    return ctx.emitError() << "its mask output is not supported";
  ctx.setOutput(0, *x);
  return success();
}

/// Pow with a constant exponent of 2 (x * x) or 0.5 (sqrt), the forms
/// exported layer norms and RMS norms use.
LogicalResult convertPow(NodeContext &ctx) {
  FailureOr<Value> x = ctx.input(0);
  if (failed(x))
    return failure();
  std::optional<double> exponent;
  if (ctx.hasInput(1)) {
    // The exponent is a float scalar constant in exported models.
    FailureOr<Value> e = ctx.input(1);
    if (succeeded(e))
      if (auto constant = e->getDefiningOp<ConstantOp>())
        if (auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
            dense && dense.isSplat() &&
            isa<FloatType>(dense.getElementType()))
          exponent =
              dense.getSplatValue<APFloat>().convertToDouble();
  }
  if (exponent == 2.0) {
    ctx.setOutput(0, MulOp::create(ctx.builder, ctx.loc, *x, *x));
    return success();
  }
  if (exponent == 0.5) {
    ctx.setOutput(0, SqrtOp::create(ctx.builder, ctx.loc, *x));
    return success();
  }
  return ctx.emitError() << "only a constant exponent of 2 or 0.5 is "
                            "supported";
}

} // namespace

void remat::onnx_import::populateElementwisePatterns(
    llvm::StringMap<OpPattern> &patterns) {
  patterns["Relu"] = convertUnary<ReluOp>;
  patterns["Tanh"] = convertUnary<TanhOp>;
  patterns["Sigmoid"] = convertUnary<SigmoidOp>;
  patterns["Exp"] = convertUnary<ExpOp>;
  patterns["Log"] = convertUnary<LogOp>;
  patterns["Sqrt"] = convertUnary<SqrtOp>;
  patterns["Neg"] = convertUnary<NegOp>;
  patterns["Add"] = convertBinary<AddOp>;
  patterns["Sub"] = convertBinary<SubOp>;
  patterns["Mul"] = convertBinary<MulOp>;
  patterns["Div"] = convertBinary<DivOp>;
  patterns["Max"] = convertBinary<MaximumOp>;
  patterns["Identity"] = convertIdentity;
  patterns["Dropout"] = convertIdentity;
  patterns["Pow"] = convertPow;
}
