//===- GradientOps.cpp - verification of the fused backward ops -----------===//
//
// Each gradient op is checked against the forward op it differentiates,
// through the forward's own shape rule (ShapeRules.h): the gradient of a
// result must have the type the forward op infers, and an explicit result
// type (the input of an avg_pool2d, a conv2d input or filter, an embedding
// table, a sliced value) must be one for which the forward op produces the
// gradient's type. relu_grad, gelu_grad and maximum_grad need nothing beyond
// their ODS traits.
//
//===----------------------------------------------------------------------===//

#include "OpDiagnostics.h"
#include "ShapeRules.h"
#include "remat/Dialect/Remat/IR/RematOps.h"

using namespace mlir;
using namespace remat;
using namespace remat::detail;

//===----------------------------------------------------------------------===//
// Reductions and softmax
//===----------------------------------------------------------------------===//

/// Finishes the result-type inference of a gradient op whose result has the
/// type of the forward op's `input`: `grad` (named `what` in the error, with
/// any operand that must share its type) must have `forward`, the type the
/// forward op `forwardName` infers.
template <typename OpTy>
static LogicalResult inferInputGradType(std::optional<Location> loc,
                                        StringRef what, RankedTensorType grad,
                                        RankedTensorType input,
                                        FailureOr<RankedTensorType> forward,
                                        StringRef forwardName,
                                        SmallVectorImpl<Type> &results) {
  if (failed(forward))
    return failure();
  if (grad != *forward)
    return emitInferError<OpTy>(loc, what,
                                " must have the type of the forward ",
                                forwardName, " result, ", *forward, ", got ",
                                grad);
  results.push_back(input);
  return success();
}

LogicalResult
ReduceMaxGradOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                  Adaptor adaptor,
                                  SmallVectorImpl<Type> &results) {
  RankedTensorType grad = getRankedType(adaptor.getGrad());
  RankedTensorType input = getRankedType(adaptor.getInput());
  if (!grad || !input || !adaptor.getDimensionsAttr())
    return failure();
  return inferInputGradType<ReduceMaxGradOp>(
      loc, "grad and max", grad, input,
      inferReducedType(loc, getOperationName(), input, adaptor.getDimensions(),
                       adaptor.getKeepDims()),
      "reduce_max", results);
}

LogicalResult SoftmaxGradOp::verify() {
  int64_t rank = getOutput().getType().getRank();
  int64_t axis = getAxisAttr().getInt();
  if (axis < 0 || axis >= rank)
    return emitOpError("axis ") << axis << " is out of range for rank " << rank;
  return success();
}

//===----------------------------------------------------------------------===//
// Pooling and convolution
//===----------------------------------------------------------------------===//

/// Checks that the explicit result type of a gradient op that stands for a
/// forward NCHW operand (`what`: "input", "filter") has rank 4.
static LogicalResult checkRank4Result(Operation *op, RankedTensorType type,
                                      StringRef what, StringRef layout) {
  if (type.getRank() == 4)
    return success();
  return op->emitOpError("result (the forward ")
         << what << ") must have rank 4 (" << layout << "), got rank "
         << type.getRank();
}

/// Checks that `grad` has `expected`, the type of the forward result.
static LogicalResult checkGradType(Operation *op, RankedTensorType grad,
                                   RankedTensorType expected,
                                   StringRef forward) {
  if (grad == expected)
    return success();
  return op->emitOpError("grad must have the type of the forward ")
         << forward << " result, " << expected << ", got " << grad;
}

LogicalResult
MaxPool2DGradOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                  Adaptor adaptor,
                                  SmallVectorImpl<Type> &results) {
  RankedTensorType grad = getRankedType(adaptor.getGrad());
  RankedTensorType input = getRankedType(adaptor.getInput());
  if (!grad || !input || !adaptor.getKernelAttr())
    return failure();
  // The parser infers the result type before it fills in default-valued
  // attributes, so an omitted padding arrives as a null attribute here.
  SmallVector<int64_t, 4> padding(4, 0);
  if (DenseI64ArrayAttr given = adaptor.getPaddingAttr())
    padding.assign(given.asArrayRef().begin(), given.asArrayRef().end());
  return inferInputGradType<MaxPool2DGradOp>(
      loc, "grad", grad, input,
      inferPoolType(loc, getOperationName(), input, adaptor.getKernel(),
                    adaptor.getStrides(), padding),
      "max_pool2d", results);
}

LogicalResult AvgPool2DGradOp::verify() {
  RankedTensorType result = getType();
  if (failed(checkRank4Result(*this, result, "input", "N, C, H, W")))
    return failure();
  FailureOr<RankedTensorType> pooled =
      inferPoolType(getLoc(), getOperationName(), result, getKernel(),
                    getStrides(), getPadding());
  if (failed(pooled))
    return failure();
  return checkGradType(*this, getGrad().getType(), *pooled, "avg_pool2d");
}

/// Checks a convolution gradient whose result stands for the forward
/// `role` ("input" or "filter", rank 4 in `layout`): the forward conv2d of
/// `input` with `filter` under the op's window attributes must produce the
/// gradient's type.
template <typename OpTy>
static LogicalResult verifyConv2DGrad(OpTy op, RankedTensorType input,
                                      RankedTensorType filter, StringRef role,
                                      StringRef layout) {
  if (failed(checkRank4Result(op, op.getType(), role, layout)))
    return failure();
  FailureOr<RankedTensorType> expected = inferConv2DType(
      op.getLoc(), op.getOperationName(), input, filter, op.getStrides(),
      op.getPadding(), op.getDilations(), op.getGroupsAttr().getInt());
  if (failed(expected))
    return failure();
  return checkGradType(op, op.getGrad().getType(), *expected, "conv2d");
}

LogicalResult Conv2DGradInputOp::verify() {
  return verifyConv2DGrad(*this, getType(), getFilter().getType(), "input",
                          "N, C, H, W");
}

LogicalResult Conv2DGradFilterOp::verify() {
  return verifyConv2DGrad(*this, getInput().getType(), getType(), "filter",
                          "F, C/groups, KH, KW");
}

//===----------------------------------------------------------------------===//
// Normalization
//===----------------------------------------------------------------------===//

LogicalResult
LayerNormGradOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                  Adaptor adaptor,
                                  SmallVectorImpl<Type> &results) {
  RankedTensorType input = getRankedType(adaptor.getInput());
  if (!input || !adaptor.getAxesAttr() || !adaptor.getEpsilonAttr())
    return failure();
  FailureOr<SmallVector<int64_t>> paramShape = inferLayerNormParamShape(
      loc, getOperationName(), input, adaptor.getAxes(),
      adaptor.getEpsilon().convertToDouble(), adaptor.getWeight());
  if (failed(paramShape))
    return failure();
  auto paramType = RankedTensorType::get(*paramShape, input.getElementType());
  results.append({input, paramType, paramType});
  return success();
}

LogicalResult
BatchNormGradOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                  Adaptor adaptor,
                                  SmallVectorImpl<Type> &results) {
  RankedTensorType input = getRankedType(adaptor.getInput());
  if (!input || !adaptor.getEpsilonAttr())
    return failure();
  FailureOr<int64_t> channels = inferBatchNormChannels(
      loc, getOperationName(), input, adaptor.getEpsilon().convertToDouble(),
      adaptor.getWeight());
  if (failed(channels))
    return failure();
  auto channelType = RankedTensorType::get({*channels}, input.getElementType());
  results.append({input, channelType, channelType});
  return success();
}

//===----------------------------------------------------------------------===//
// Gather, loss and shape
//===----------------------------------------------------------------------===//

LogicalResult EmbeddingGradOp::verify() {
  RankedTensorType grad = getGrad().getType(), result = getType();
  ArrayRef<int64_t> ids = getIds().getType().getShape();
  if (result.getRank() != 2)
    return emitOpError("result (the table) must have rank 2 (rows, "
                       "features), got rank ")
           << result.getRank();
  if (result.getElementType() != grad.getElementType())
    return emitOpError("result element type ")
           << result.getElementType() << " differs from the grad's "
           << grad.getElementType();
  SmallVector<int64_t> expected(ids);
  expected.push_back(result.getDimSize(1));
  if (grad.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("grad must have the ids' shape followed by the "
                       "table's features, ")
           << formatList(expected) << ", got " << formatList(grad.getShape());
  return success();
}

LogicalResult
CrossEntropyGradOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                     Adaptor adaptor,
                                     SmallVectorImpl<Type> &results) {
  RankedTensorType grad = getRankedType(adaptor.getGrad());
  RankedTensorType logits = getRankedType(adaptor.getLogits());
  RankedTensorType labels = getRankedType(adaptor.getLabels());
  if (!grad || !logits || !labels)
    return failure();
  if (failed(
          checkCrossEntropyOperands(loc, getOperationName(), logits, labels)))
    return failure();
  if (grad.getElementType() != logits.getElementType())
    return emitInferError<CrossEntropyGradOp>(
        loc, "grad element type ", grad.getElementType(),
        " differs from the logits' ", logits.getElementType());
  results.push_back(logits);
  return success();
}

LogicalResult SliceGradOp::verify() {
  RankedTensorType result = getType();
  FailureOr<RankedTensorType> expected =
      inferSliceType(getLoc(), getOperationName(), result, getStart(),
                     getLimit(), getStrides());
  if (failed(expected))
    return failure();
  return checkGradType(*this, getGrad().getType(), *expected, "slice");
}
