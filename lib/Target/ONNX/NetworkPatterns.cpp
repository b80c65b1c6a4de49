//===- NetworkPatterns.cpp - ONNX network layers to remat -----------------===//
//
// Convolution, normalization, pooling, matrix products, softmax and
// reductions. BatchNormalization is imported for training: it normalizes
// with the batch's statistics (as torch.nn.BatchNorm2d in train()), so the
// running mean and variance are not read.
//
//===----------------------------------------------------------------------===//

#include "NodeContext.h"

#include "remat/Dialect/Remat/IR/RematOps.h"

using namespace mlir;
using namespace remat;
using namespace remat::onnx_import;

namespace {

/// The attribute `name` of a 2-D window op as two values, `fallback` when
/// absent; failure after an error when it has another length.
FailureOr<SmallVector<int64_t>> pair(NodeContext &ctx, StringRef name,
                                     int64_t fallback) {
  std::optional<std::vector<int64_t>> values = ctx.intsAttr(name);
  if (!values)
    return SmallVector<int64_t>{fallback, fallback};
  if (values->size() != 2) {
    ctx.emitError() << "'" << name << "' has " << values->size()
                    << " values; remat supports 2-D windows (NCHW)";
    return failure();
  }
  return SmallVector<int64_t>(values->begin(), values->end());
}

/// ONNX's pads [top, left, bottom, right] (remat's order), computed for
/// auto_pad SAME_UPPER/SAME_LOWER from the input and output sizes.
FailureOr<SmallVector<int64_t>>
padding(NodeContext &ctx, ArrayRef<int64_t> inputHW, ArrayRef<int64_t> outputHW,
        ArrayRef<int64_t> kernel, ArrayRef<int64_t> strides,
        ArrayRef<int64_t> dilations) {
  std::string autoPad = ctx.stringAttr("auto_pad").value_or("NOTSET");
  if (autoPad == "NOTSET") {
    std::optional<std::vector<int64_t>> pads = ctx.intsAttr("pads");
    if (!pads)
      return SmallVector<int64_t>{0, 0, 0, 0};
    if (pads->size() != 4) {
      ctx.emitError() << "'pads' has " << pads->size()
                      << " values; remat supports 2-D windows (4 pads)";
      return failure();
    }
    return SmallVector<int64_t>(pads->begin(), pads->end());
  }
  if (autoPad == "VALID")
    return SmallVector<int64_t>{0, 0, 0, 0};
  if (autoPad != "SAME_UPPER" && autoPad != "SAME_LOWER") {
    ctx.emitError() << "unknown auto_pad '" << autoPad << "'";
    return failure();
  }
  SmallVector<int64_t> pads(4);
  for (int d = 0; d < 2; ++d) {
    int64_t total = std::max<int64_t>(
        (outputHW[d] - 1) * strides[d] + (kernel[d] - 1) * dilations[d] + 1 -
            inputHW[d],
        0);
    int64_t small = total / 2, large = total - small;
    pads[d] = autoPad == "SAME_UPPER" ? small : large;
    pads[d + 2] = autoPad == "SAME_UPPER" ? large : small;
  }
  return pads;
}

/// `bias` ([C]) added to `value` ([N, C, ...]) along dimension 1.
Value addChannelBias(NodeContext &ctx, Value value, Value bias) {
  auto type = cast<RankedTensorType>(value.getType());
  Value wide = BroadcastOp::create(ctx.builder, ctx.loc, type, bias,
                                   ctx.builder.getDenseI64ArrayAttr({1}));
  return AddOp::create(ctx.builder, ctx.loc, value, wide);
}

LogicalResult convertConv(NodeContext &ctx) {
  FailureOr<Value> x = ctx.input(0), w = ctx.input(1);
  FailureOr<RankedTensorType> type = ctx.outputType(0);
  if (failed(x) || failed(w) || failed(type))
    return failure();
  auto input = cast<RankedTensorType>(x->getType());
  auto filter = cast<RankedTensorType>(w->getType());
  if (input.getRank() != 4)
    return ctx.emitError() << "input is " << input
                           << "; remat supports 2-D convolutions (NCHW)";
  FailureOr<SmallVector<int64_t>> strides = pair(ctx, "strides", 1);
  FailureOr<SmallVector<int64_t>> dilations = pair(ctx, "dilations", 1);
  if (failed(strides) || failed(dilations))
    return failure();
  FailureOr<SmallVector<int64_t>> pads =
      padding(ctx, input.getShape().drop_front(2),
              type->getShape().drop_front(2), filter.getShape().drop_front(2),
              *strides, *dilations);
  if (failed(pads))
    return failure();
  Value conv = Conv2DOp::create(
      ctx.builder, ctx.loc, *type, *x, *w,
      ctx.builder.getDenseI64ArrayAttr(*strides),
      ctx.builder.getDenseI64ArrayAttr(*pads),
      ctx.builder.getDenseI64ArrayAttr(*dilations),
      ctx.builder.getI64IntegerAttr(ctx.intAttr("group", 1)));
  if (ctx.hasInput(2)) {
    FailureOr<Value> bias = ctx.input(2);
    if (failed(bias))
      return failure();
    conv = addChannelBias(ctx, conv, *bias);
  }
  ctx.setOutput(0, conv);
  return success();
}

/// ConvTranspose (U-Net's upsampling, torch.nn.ConvTranspose2d): the
/// gradient of a conv2d with respect to its input, remat.conv2d_grad_input,
/// whose weight layout [C_in, C_out/group, KH, KW] it shares; the output
/// size (with output_padding) is what shape inference gave.
LogicalResult convertConvTranspose(NodeContext &ctx) {
  FailureOr<Value> x = ctx.input(0), w = ctx.input(1);
  FailureOr<RankedTensorType> type = ctx.outputType(0);
  if (failed(x) || failed(w) || failed(type))
    return failure();
  auto input = cast<RankedTensorType>(x->getType());
  if (input.getRank() != 4)
    return ctx.emitError() << "input is " << input
                           << "; remat supports 2-D transposed convolutions "
                              "(NCHW)";
  std::string autoPad = ctx.stringAttr("auto_pad").value_or("NOTSET");
  if (autoPad != "NOTSET" && autoPad != "VALID")
    return ctx.emitError() << "auto_pad=" << autoPad
                           << " is not supported; export with explicit "
                              "'pads' (torch.onnx.export does)";
  if (ctx.intsAttr("output_shape"))
    return ctx.emitError() << "'output_shape' is not supported; export with "
                              "'pads' and 'output_padding' (torch.onnx.export "
                              "does)";
  FailureOr<SmallVector<int64_t>> strides = pair(ctx, "strides", 1);
  FailureOr<SmallVector<int64_t>> dilations = pair(ctx, "dilations", 1);
  FailureOr<SmallVector<int64_t>> outputPadding =
      pair(ctx, "output_padding", 0);
  if (failed(strides) || failed(dilations) || failed(outputPadding))
    return failure();
  for (int d = 0; d < 2; ++d)
    if ((*outputPadding)[d] >= (*strides)[d])
      return ctx.emitError()
             << "output_padding " << (*outputPadding)[d]
             << " is not smaller than the stride " << (*strides)[d]
             << ": those rows or columns would have no input";
  // The pads of the forward conv2d whose input gradient this is: from the
  // output (its input) to the input (its output).
  auto filter = cast<RankedTensorType>(w->getType());
  FailureOr<SmallVector<int64_t>> pads = padding(
      ctx, type->getShape().drop_front(2), input.getShape().drop_front(2),
      filter.getShape().drop_front(2), *strides, *dilations);
  if (failed(pads))
    return failure();
  Value conv = Conv2DGradInputOp::create(
      ctx.builder, ctx.loc, *type, *x, *w,
      ctx.builder.getDenseI64ArrayAttr(*strides),
      ctx.builder.getDenseI64ArrayAttr(*pads),
      ctx.builder.getDenseI64ArrayAttr(*dilations),
      ctx.builder.getI64IntegerAttr(ctx.intAttr("group", 1)));
  if (ctx.hasInput(2)) {
    FailureOr<Value> bias = ctx.input(2);
    if (failed(bias))
      return failure();
    conv = addChannelBias(ctx, conv, *bias);
  }
  ctx.setOutput(0, conv);
  return success();
}

LogicalResult convertBatchNorm(NodeContext &ctx) {
  FailureOr<Value> x = ctx.input(0), scale = ctx.input(1), bias = ctx.input(2);
  if (failed(x) || failed(scale) || failed(bias))
    return failure();
  // Training mode: the batch's statistics (the running ones, inputs 3 and
  // 4, are not read). A training-mode export also returns the updated
  // running statistics (outputs 1 and 2): accepted while nothing reads
  // them, since remat's batch_norm does not update running statistics.
  for (int i = 1; i < ctx.node.output_size(); ++i)
    if (!ctx.node.output(i).empty() &&
        ctx.isConsumed(ctx.node.output(i)))
      return ctx.emitError()
             << "output #" << i << " ('" << ctx.node.output(i)
             << "', a running statistic) is used, which remat does not "
                "support: remat's batch_norm uses the batch's statistics "
                "and does not update running ones";
  // What remat.batch_norm's result types are inferred from, checked first:
  // building it from a corrupt model's operands would abort.
  auto input = cast<RankedTensorType>(x->getType());
  float epsilon = ctx.floatAttr("epsilon", 1e-5f);
  if (input.getRank() < 2)
    return ctx.emitError() << "input is " << input
                           << "; BatchNormalization takes rank 2 or more "
                              "(N, C, ...)";
  if (!(epsilon >= 0.0f))
    return ctx.emitError() << "epsilon is " << epsilon
                           << "; it must be non-negative";
  for (auto [name, value] : {std::pair{"scale", *scale}, {"B", *bias}}) {
    auto type = cast<RankedTensorType>(value.getType());
    if (type.getShape() != ArrayRef<int64_t>{input.getDimSize(1)} ||
        type.getElementType() != input.getElementType())
      return ctx.emitError() << "'" << name << "' is " << type
                             << "; for an input " << input << " it must be "
                             << RankedTensorType::get({input.getDimSize(1)},
                                                      input.getElementType());
  }
  auto op = BatchNormOp::create(ctx.builder, ctx.loc, *x, *scale, *bias,
                                ctx.builder.getF64FloatAttr(epsilon));
  ctx.setOutput(0, op.getResult());
  return success();
}

template <typename PoolOp>
LogicalResult convertPool(NodeContext &ctx) {
  FailureOr<Value> x = ctx.input(0);
  FailureOr<RankedTensorType> type = ctx.outputType(0);
  if (failed(x) || failed(type))
    return failure();
  auto input = cast<RankedTensorType>(x->getType());
  if (input.getRank() != 4)
    return ctx.emitError() << "input is " << input
                           << "; remat supports 2-D pooling (NCHW)";
  if (ctx.intAttr("ceil_mode", 0) != 0)
    return ctx.emitError() << "ceil_mode=1 is not supported";
  if (ctx.node.output_size() > 1 && !ctx.node.output(1).empty())
    return ctx.emitError() << "its indices output is not supported";
  std::optional<std::vector<int64_t>> kernelAttr = ctx.intsAttr("kernel_shape");
  if (!kernelAttr || kernelAttr->size() != 2)
    return ctx.emitError() << "needs a 2-D 'kernel_shape'";
  SmallVector<int64_t> kernel(kernelAttr->begin(), kernelAttr->end());
  FailureOr<SmallVector<int64_t>> strides = pair(ctx, "strides", 1);
  FailureOr<SmallVector<int64_t>> dilations = pair(ctx, "dilations", 1);
  if (failed(strides) || failed(dilations))
    return failure();
  if ((*dilations)[0] != 1 || (*dilations)[1] != 1)
    return ctx.emitError() << "dilated pooling is not supported";
  FailureOr<SmallVector<int64_t>> pads =
      padding(ctx, input.getShape().drop_front(2),
              type->getShape().drop_front(2), kernel, *strides, *dilations);
  if (failed(pads))
    return failure();
  bool padded = llvm::any_of(*pads, [](int64_t p) { return p != 0; });
  if (std::is_same_v<PoolOp, AvgPool2DOp> && padded &&
      ctx.intAttr("count_include_pad", 0) == 0)
    return ctx.emitError()
           << "averages over padding with count_include_pad=0, which remat "
              "does not support (remat.avg_pool2d divides by the whole "
              "window, as count_include_pad=1)";
  ctx.setOutput(0, PoolOp::create(ctx.builder, ctx.loc, *type, *x,
                                  ctx.builder.getDenseI64ArrayAttr(kernel),
                                  ctx.builder.getDenseI64ArrayAttr(*strides),
                                  ctx.builder.getDenseI64ArrayAttr(*pads)));
  return success();
}

/// GlobalAveragePool: the mean over H and W, kept as 1 x 1.
LogicalResult convertGlobalAveragePool(NodeContext &ctx) {
  FailureOr<Value> x = ctx.input(0);
  FailureOr<RankedTensorType> type = ctx.outputType(0);
  if (failed(x) || failed(type))
    return failure();
  auto input = cast<RankedTensorType>(x->getType());
  SmallVector<int64_t> dims;
  for (int64_t d = 2; d < input.getRank(); ++d)
    dims.push_back(d);
  ctx.setOutput(0, ReduceMeanOp::create(ctx.builder, ctx.loc, *type, *x,
                                        ctx.builder.getDenseI64ArrayAttr(dims),
                                        ctx.builder.getUnitAttr()));
  return success();
}

/// `value`'s source when it is a remat.transpose that swaps only its last
/// two dimensions (PyTorch's `k.transpose(-2, -1)`, `x @ W.t()`), perhaps
/// under the names the importer tags values with, which a matmul reads in
/// place through its transpose flag; null otherwise.
Value swappedLastTwoSource(Value value) {
  auto transpose = withoutNames(value).getDefiningOp<TransposeOp>();
  if (!transpose)
    return {};
  ArrayRef<int64_t> perm = transpose.getPermutation();
  int64_t rank = perm.size();
  if (rank < 2 || perm[rank - 1] != rank - 2 || perm[rank - 2] != rank - 1)
    return {};
  for (int64_t i = 0; i < rank - 2; ++i)
    if (perm[i] != i)
      return {};
  return transpose.getInput();
}

/// A matrix product of [..., M, K] by [K, N]: batched operands of equal
/// rank map to remat.matmul as they are; a batched left operand by a
/// matrix is flattened to [B * M, K] and back. An operand transposed in
/// its last two dimensions is read through the matmul's transpose flag
/// rather than copied.
FailureOr<Value> matmul(NodeContext &ctx, Value a, Value b, bool transA,
                        bool transB, RankedTensorType resultType) {
  auto sameRank = [&] {
    return cast<RankedTensorType>(a.getType()).getRank() ==
           cast<RankedTensorType>(b.getType()).getRank();
  };
  if (Value source = swappedLastTwoSource(b);
      source &&
      (sameRank() || cast<RankedTensorType>(b.getType()).getRank() == 2)) {
    b = source;
    transB = !transB;
  }
  if (Value source = swappedLastTwoSource(a); source && sameRank()) {
    a = source;
    transA = !transA;
  }
  auto lhs = cast<RankedTensorType>(a.getType());
  auto rhs = cast<RankedTensorType>(b.getType());
  UnitAttr ta = transA ? ctx.builder.getUnitAttr() : UnitAttr();
  UnitAttr tb = transB ? ctx.builder.getUnitAttr() : UnitAttr();
  if (lhs.getRank() == rhs.getRank() && lhs.getRank() >= 2)
    return Value(MatmulOp::create(ctx.builder, ctx.loc, resultType, a, b, ta,
                                  tb));
  if (lhs.getRank() > 2 && rhs.getRank() == 2 && !transA) {
    int64_t rows = 1;
    for (int64_t d : lhs.getShape().drop_back())
      rows *= d;
    int64_t k = lhs.getShape().back();
    auto flat = RankedTensorType::get({rows, k}, lhs.getElementType());
    Value a2 = ReshapeOp::create(ctx.builder, ctx.loc, flat, a);
    auto product = RankedTensorType::get(
        {rows, resultType.getShape().back()}, resultType.getElementType());
    Value m = MatmulOp::create(ctx.builder, ctx.loc, product, a2, b, ta, tb);
    return Value(ReshapeOp::create(ctx.builder, ctx.loc, resultType, m));
  }
  ctx.emitError() << "multiplies " << lhs << " by " << rhs
                  << "; remat supports matrices, batches of equal rank, and "
                     "a batch by a matrix";
  return failure();
}

LogicalResult convertMatMul(NodeContext &ctx) {
  FailureOr<Value> a = ctx.input(0), b = ctx.input(1);
  FailureOr<RankedTensorType> type = ctx.outputType(0);
  if (failed(a) || failed(b) || failed(type))
    return failure();
  FailureOr<Value> product = matmul(ctx, *a, *b, false, false, *type);
  if (failed(product))
    return failure();
  ctx.setOutput(0, *product);
  return success();
}

/// Gemm: alpha * op(A) op(B) + beta * C, C broadcast to the result.
LogicalResult convertGemm(NodeContext &ctx) {
  FailureOr<Value> a = ctx.input(0), b = ctx.input(1);
  FailureOr<RankedTensorType> type = ctx.outputType(0);
  if (failed(a) || failed(b) || failed(type))
    return failure();
  FailureOr<Value> product =
      matmul(ctx, *a, *b, ctx.intAttr("transA", 0) != 0,
             ctx.intAttr("transB", 0) != 0, *type);
  if (failed(product))
    return failure();
  Value result = *product;
  float alpha = ctx.floatAttr("alpha", 1.0f), beta = ctx.floatAttr("beta", 1.0f);
  if (alpha != 1.0f)
    result = ScaleOp::create(ctx.builder, ctx.loc, result,
                             ctx.builder.getF64FloatAttr(alpha));
  if (ctx.hasInput(2) && beta != 0.0f) {
    FailureOr<Value> c = ctx.input(2);
    if (failed(c))
      return failure();
    Value bias = ctx.broadcastTo(*c, *type);
    if (beta != 1.0f)
      bias = ScaleOp::create(ctx.builder, ctx.loc, bias,
                             ctx.builder.getF64FloatAttr(beta));
    result = AddOp::create(ctx.builder, ctx.loc, result, bias);
  }
  ctx.setOutput(0, result);
  return success();
}

/// `axis` (which may count from the end) in [0, rank); failure after an
/// error when out of range.
FailureOr<int64_t> normalizeAxis(NodeContext &ctx, int64_t axis,
                                 int64_t rank) {
  int64_t normalized = axis < 0 ? axis + rank : axis;
  if (normalized < 0 || normalized >= rank) {
    ctx.emitError() << "axis " << axis << " is out of range for rank "
                    << rank;
    return failure();
  }
  return normalized;
}

LogicalResult convertSoftmax(NodeContext &ctx) {
  FailureOr<Value> x = ctx.input(0);
  if (failed(x))
    return failure();
  int64_t rank = cast<RankedTensorType>(x->getType()).getRank();
  // Before opset 13 Softmax flattens the input to 2-D at `axis` (default
  // 1): one softmax axis only when that axis is the last.
  bool coerced = ctx.opset() < 13;
  FailureOr<int64_t> axis =
      normalizeAxis(ctx, ctx.intAttr("axis", coerced ? 1 : -1), rank);
  if (failed(axis))
    return failure();
  if (coerced && *axis != rank - 1)
    return ctx.emitError() << "before opset 13 Softmax normalizes over every "
                              "dimension from axis "
                           << *axis
                           << " on; remat normalizes over one (export with "
                              "opset 13 or later)";
  ctx.setOutput(0, SoftmaxOp::create(ctx.builder, ctx.loc, *x,
                                     ctx.builder.getI64IntegerAttr(*axis)));
  return success();
}

LogicalResult convertLayerNorm(NodeContext &ctx) {
  FailureOr<Value> x = ctx.input(0);
  if (failed(x))
    return failure();
  auto type = cast<RankedTensorType>(x->getType());
  FailureOr<int64_t> axis =
      normalizeAxis(ctx, ctx.intAttr("axis", -1), type.getRank());
  if (failed(axis))
    return failure();
  for (int i = 1; i < ctx.node.output_size(); ++i)
    if (!ctx.node.output(i).empty())
      return ctx.emitError() << "its mean and inverse deviation outputs are "
                                "not supported";
  Value scale, bias;
  if (ctx.hasInput(1)) {
    FailureOr<Value> v = ctx.input(1);
    if (failed(v))
      return failure();
    scale = *v;
  }
  if (ctx.hasInput(2)) {
    FailureOr<Value> v = ctx.input(2);
    if (failed(v))
      return failure();
    bias = *v;
  }
  SmallVector<int64_t> axes;
  for (int64_t d = *axis; d < type.getRank(); ++d)
    axes.push_back(d);
  ctx.setOutput(0, LayerNormOp::create(
                       ctx.builder, ctx.loc, type, *x, scale, bias,
                       ctx.builder.getDenseI64ArrayAttr(axes),
                       ctx.builder.getF64FloatAttr(
                           ctx.floatAttr("epsilon", 1e-5f))));
  return success();
}

template <typename ReduceOp>
LogicalResult convertReduce(NodeContext &ctx) {
  FailureOr<Value> x = ctx.input(0);
  FailureOr<RankedTensorType> type = ctx.outputType(0);
  if (failed(x) || failed(type))
    return failure();
  int64_t rank = cast<RankedTensorType>(x->getType()).getRank();
  // Axes: an attribute up to opset 17, an input from 18 (ReduceSum: 13).
  std::optional<std::vector<int64_t>> axes = ctx.intsAttr("axes");
  if (!axes && ctx.hasInput(1)) {
    axes = ctx.constantInts(1);
    if (!axes)
      return ctx.emitError() << "its axes must be a constant";
  }
  SmallVector<int64_t> dims;
  if (!axes || axes->empty()) {
    if (ctx.intAttr("noop_with_empty_axes", 0) != 0) {
      ctx.setOutput(0, *x);
      return success();
    }
    for (int64_t d = 0; d < rank; ++d)
      dims.push_back(d);
  } else {
    for (int64_t axis : *axes) {
      FailureOr<int64_t> d = normalizeAxis(ctx, axis, rank);
      if (failed(d))
        return failure();
      dims.push_back(*d);
    }
    llvm::sort(dims);
  }
  UnitAttr keep = ctx.intAttr("keepdims", 1) ? ctx.builder.getUnitAttr()
                                             : UnitAttr();
  ctx.setOutput(0, ReduceOp::create(ctx.builder, ctx.loc, *type, *x,
                                    ctx.builder.getDenseI64ArrayAttr(dims),
                                    keep));
  return success();
}

} // namespace

void remat::onnx_import::populateNetworkPatterns(
    llvm::StringMap<OpPattern> &patterns) {
  patterns["Conv"] = convertConv;
  patterns["ConvTranspose"] = convertConvTranspose;
  patterns["BatchNormalization"] = convertBatchNorm;
  patterns["MaxPool"] = convertPool<MaxPool2DOp>;
  patterns["AveragePool"] = convertPool<AvgPool2DOp>;
  patterns["GlobalAveragePool"] = convertGlobalAveragePool;
  patterns["MatMul"] = convertMatMul;
  patterns["Gemm"] = convertGemm;
  patterns["Softmax"] = convertSoftmax;
  patterns["LayerNormalization"] = convertLayerNorm;
  patterns["ReduceMean"] = convertReduce<ReduceMeanOp>;
  patterns["ReduceSum"] = convertReduce<ReduceSumOp>;
  patterns["ReduceMax"] = convertReduce<ReduceMaxOp>;
}
