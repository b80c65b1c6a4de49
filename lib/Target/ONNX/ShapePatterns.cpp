//===- ShapePatterns.cpp - ONNX shape and data-movement ops to remat ------===//
//
// Reshape, Flatten, Squeeze and Unsqueeze all become remat.reshape to the
// shape ONNX's shape inference gave their output (their shape operands are
// folded away); Transpose, Concat, Slice with constant bounds, Gather of
// rows (an embedding) and Constant map to their remat ops.
//
//===----------------------------------------------------------------------===//

#include "NodeContext.h"

#include "remat/Dialect/Remat/IR/RematOps.h"

using namespace mlir;
using namespace remat;
using namespace remat::onnx_import;

namespace {

LogicalResult convertReshape(NodeContext &ctx) {
  FailureOr<Value> x = ctx.input(0);
  FailureOr<RankedTensorType> type = ctx.outputType(0);
  if (failed(x) || failed(type))
    return failure();
  if (x->getType() == *type) {
    ctx.setOutput(0, *x);
    return success();
  }
  ctx.setOutput(0, ReshapeOp::create(ctx.builder, ctx.loc, *type, *x));
  return success();
}

/// Expand (numpy broadcasting to a shape): remat.broadcast to the inferred
/// output type (small expands of constants are folded instead).
LogicalResult convertExpand(NodeContext &ctx) {
  FailureOr<Value> x = ctx.input(0);
  FailureOr<RankedTensorType> type = ctx.outputType(0);
  if (failed(x) || failed(type))
    return failure();
  ctx.setOutput(0, ctx.broadcastTo(*x, *type));
  return success();
}

LogicalResult convertTranspose(NodeContext &ctx) {
  FailureOr<Value> x = ctx.input(0);
  FailureOr<RankedTensorType> type = ctx.outputType(0);
  if (failed(x) || failed(type))
    return failure();
  int64_t rank = cast<RankedTensorType>(x->getType()).getRank();
  SmallVector<int64_t> perm;
  if (std::optional<std::vector<int64_t>> attr = ctx.intsAttr("perm"))
    perm.assign(attr->begin(), attr->end());
  else
    for (int64_t d = rank - 1; d >= 0; --d)
      perm.push_back(d);
  ctx.setOutput(0, TransposeOp::create(ctx.builder, ctx.loc, *type, *x,
                                       ctx.builder.getDenseI64ArrayAttr(perm)));
  return success();
}

LogicalResult convertConcat(NodeContext &ctx) {
  FailureOr<RankedTensorType> type = ctx.outputType(0);
  if (failed(type))
    return failure();
  SmallVector<Value> inputs;
  for (int i = 0; i < ctx.node.input_size(); ++i) {
    FailureOr<Value> v = ctx.input(i);
    if (failed(v))
      return failure();
    inputs.push_back(*v);
  }
  int64_t axis = ctx.intAttr("axis", 0);
  if (axis < 0)
    axis += type->getRank();
  ctx.setOutput(0, ConcatOp::create(ctx.builder, ctx.loc, *type, inputs,
                                    ctx.builder.getI64IntegerAttr(axis)));
  return success();
}

/// Slice with constant starts, ends, axes and steps (inputs since opset 10).
LogicalResult convertSlice(NodeContext &ctx) {
  FailureOr<Value> x = ctx.input(0);
  FailureOr<RankedTensorType> type = ctx.outputType(0);
  if (failed(x) || failed(type))
    return failure();
  auto input = cast<RankedTensorType>(x->getType());
  int64_t rank = input.getRank();
  std::optional<std::vector<int64_t>> starts = ctx.constantInts(1);
  std::optional<std::vector<int64_t>> ends = ctx.constantInts(2);
  std::optional<std::vector<int64_t>> axes = ctx.constantInts(3);
  std::optional<std::vector<int64_t>> steps = ctx.constantInts(4);
  if (!starts || !ends || (ctx.hasInput(3) && !axes) ||
      (ctx.hasInput(4) && !steps))
    return ctx.emitError() << "its starts, ends, axes and steps must be "
                              "constants";
  SmallVector<int64_t> start(rank, 0), limit(input.getShape()),
      stride(rank, 1);
  for (size_t i = 0; i < starts->size(); ++i) {
    int64_t axis = axes ? (*axes)[i] : static_cast<int64_t>(i);
    if (axis < 0)
      axis += rank;
    int64_t step = steps ? (*steps)[i] : 1;
    if (axis < 0 || axis >= rank || step <= 0)
      return ctx.emitError() << "slices axis " << axis << " with step "
                             << step
                             << "; remat supports positive steps in range";
    int64_t size = input.getDimSize(axis);
    auto clamp = [&](int64_t v) {
      if (v < 0)
        v += size;
      return std::min(std::max<int64_t>(v, 0), size);
    };
    start[axis] = clamp((*starts)[i]);
    limit[axis] = clamp((*ends)[i]);
    stride[axis] = step;
  }
  bool strided = llvm::any_of(stride, [](int64_t s) { return s != 1; });
  ctx.setOutput(0, SliceOp::create(
                       ctx.builder, ctx.loc, *type, *x,
                       ctx.builder.getDenseI64ArrayAttr(start),
                       ctx.builder.getDenseI64ArrayAttr(limit),
                       strided ? ctx.builder.getDenseI64ArrayAttr(stride)
                               : DenseI64ArrayAttr()));
  return success();
}

/// Gather of rows of a float table by integer ids: an embedding lookup.
LogicalResult convertGather(NodeContext &ctx) {
  FailureOr<Value> table = ctx.input(0), ids = ctx.input(1);
  FailureOr<RankedTensorType> type = ctx.outputType(0);
  if (failed(table) || failed(ids) || failed(type))
    return failure();
  auto tableType = cast<RankedTensorType>(table->getType());
  if (ctx.intAttr("axis", 0) != 0 || tableType.getRank() != 2 ||
      !isa<FloatType>(tableType.getElementType()))
    return ctx.emitError()
           << "gathers from " << tableType << " along axis "
           << ctx.intAttr("axis", 0)
           << "; remat supports rows of a 2-D float table (an embedding)";
  ctx.setOutput(0,
                EmbeddingOp::create(ctx.builder, ctx.loc, *type, *table, *ids));
  return success();
}

LogicalResult convertConstant(NodeContext &ctx) {
  const onnx::TensorProto *tensor = ctx.tensorAttr("value");
  if (!tensor)
    return ctx.emitError() << "only the 'value' form of Constant is "
                              "supported";
  FailureOr<RankedTensorType> type = ctx.outputType(0);
  if (failed(type))
    return failure();
  DenseElementsAttr data = readElements(*tensor, *type);
  if (!data)
    return ctx.emitError() << "cannot read its value as " << *type
                           << " (external data, or a size that does not "
                              "match)";
  ctx.setOutput(0, ConstantOp::create(ctx.builder, ctx.loc, data));
  return success();
}

/// ConstantOfShape: its (folded) shape is the inferred output type; its
/// value a one-element tensor (0.0 of float by default).
LogicalResult convertConstantOfShape(NodeContext &ctx) {
  FailureOr<RankedTensorType> type = ctx.outputType(0);
  if (failed(type))
    return failure();
  Attribute element;
  if (const onnx::TensorProto *tensor = ctx.tensorAttr("value")) {
    DenseElementsAttr data = readElements(
        *tensor, RankedTensorType::get({1}, type->getElementType()));
    if (!data)
      return ctx.emitError() << "cannot read its value as one element of "
                             << type->getElementType();
    element = *data.value_begin<Attribute>();
  } else {
    element = ctx.builder.getZeroAttr(type->getElementType());
  }
  ctx.setOutput(0, ConstantOp::create(ctx.builder, ctx.loc,
                                      DenseElementsAttr::get(*type, element)));
  return success();
}

/// Split along `axis` into the outputs' inferred types (whether the sizes
/// come from the split input, the attribute or an even split): one
/// remat.slice each.
LogicalResult convertSplit(NodeContext &ctx) {
  FailureOr<Value> x = ctx.input(0);
  if (failed(x))
    return failure();
  auto type = cast<RankedTensorType>(x->getType());
  int64_t axis = ctx.intAttr("axis", 0);
  if (axis < 0)
    axis += type.getRank();
  if (axis < 0 || axis >= type.getRank())
    return ctx.emitError() << "axis " << ctx.intAttr("axis", 0)
                           << " is out of range for " << type;
  int64_t offset = 0;
  for (int i = 0; i < ctx.node.output_size(); ++i) {
    FailureOr<RankedTensorType> out = ctx.outputType(i);
    if (failed(out))
      return failure();
    SmallVector<int64_t> start(type.getRank(), 0);
    SmallVector<int64_t> limit(type.getShape());
    start[axis] = offset;
    limit[axis] = offset + out->getDimSize(axis);
    offset = limit[axis];
    if (offset > type.getDimSize(axis))
      return ctx.emitError() << "its outputs are longer than the input's "
                             << type.getDimSize(axis) << " along axis "
                             << axis;
    ctx.setOutput(i, SliceOp::create(ctx.builder, ctx.loc, *out, *x,
                                     ctx.builder.getDenseI64ArrayAttr(start),
                                     ctx.builder.getDenseI64ArrayAttr(limit),
                                     DenseI64ArrayAttr()));
  }
  return success();
}

} // namespace

void remat::onnx_import::populateShapePatterns(
    llvm::StringMap<OpPattern> &patterns) {
  patterns["Reshape"] = convertReshape;
  patterns["ConstantOfShape"] = convertConstantOfShape;
  patterns["Split"] = convertSplit;
  patterns["Flatten"] = convertReshape;
  patterns["Squeeze"] = convertReshape;
  patterns["Unsqueeze"] = convertReshape;
  patterns["Transpose"] = convertTranspose;
  patterns["Concat"] = convertConcat;
  patterns["Slice"] = convertSlice;
  patterns["Gather"] = convertGather;
  patterns["Expand"] = convertExpand;
  patterns["Constant"] = convertConstant;
}

bool remat::onnx_import::isShapeComputation(StringRef opType) {
  return llvm::is_contained(
      {"Shape", "Gather", "Unsqueeze", "Squeeze", "Concat", "Constant",
       "Cast", "Slice", "Mul", "Div", "Add", "Sub", "Reshape",
       "ConstantOfShape", "Range", "Equal", "Where", "Expand"},
      opType);
}
