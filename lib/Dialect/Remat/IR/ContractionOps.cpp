//===- ContractionOps.cpp - matmul, conv2d and pooling --------------------===//

#include "OpDiagnostics.h"
#include "ShapeRules.h"
#include "remat/Dialect/Remat/IR/RematOps.h"
#include "remat/Dialect/Remat/IR/TypeSize.h"

using namespace mlir;
using namespace remat;
using namespace remat::detail;

//===----------------------------------------------------------------------===//
// MatmulOp
//===----------------------------------------------------------------------===//

LogicalResult MatmulOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  RankedTensorType lhs = getRankedType(adaptor.getLhs());
  RankedTensorType rhs = getRankedType(adaptor.getRhs());
  if (!lhs || !rhs)
    return failure();
  if (lhs.getElementType() != rhs.getElementType())
    return emitInferError<MatmulOp>(loc, "operand element types differ: ",
                                    lhs.getElementType(), " and ",
                                    rhs.getElementType());
  int64_t rank = lhs.getRank();
  if (rank < 2 || rhs.getRank() < 2)
    return emitInferError<MatmulOp>(
        loc, "operands must have rank 2 or more, got ", lhs.getRank(),
        " (lhs) and ", rhs.getRank(), " (rhs)");
  if (rhs.getRank() != rank)
    return emitInferError<MatmulOp>(loc, "operands must have the same rank, got ",
                                    rank, " (lhs) and ", rhs.getRank(),
                                    " (rhs)");
  ArrayRef<int64_t> lhsShape = lhs.getShape(), rhsShape = rhs.getShape();
  if (lhsShape.drop_back(2) != rhsShape.drop_back(2))
    return emitInferError<MatmulOp>(
        loc, "batch dimensions differ: lhs ",
        formatList(lhsShape.drop_back(2)), " vs rhs ",
        formatList(rhsShape.drop_back(2)));
  bool ta = adaptor.getTransposeA(), tb = adaptor.getTransposeB();
  int64_t m = lhsShape[rank - (ta ? 1 : 2)];
  int64_t kl = lhsShape[rank - (ta ? 2 : 1)];
  int64_t kr = rhsShape[rank - (tb ? 1 : 2)];
  int64_t n = rhsShape[rank - (tb ? 2 : 1)];
  if (kl != kr)
    return emitInferError<MatmulOp>(
        loc, "contracting dimensions differ: lhs ", formatList(lhsShape),
        (ta ? " (transposed)" : ""), " has K = ", kl, " but rhs ",
        formatList(rhsShape), (tb ? " (transposed)" : ""), " has K = ", kr);
  SmallVector<int64_t> shape(lhsShape.drop_back(2));
  shape.append({m, n});
  results.push_back(RankedTensorType::get(shape, lhs.getElementType()));
  return success();
}

//===----------------------------------------------------------------------===//
// Windowed ops (conv2d, pooling)
//===----------------------------------------------------------------------===//

/// Output size of one spatial dimension of a windowed op, or a negative value
/// when the window does not fit (or its extent overflows int64).
static int64_t windowOutputSize(int64_t in, int64_t padBefore,
                                int64_t padAfter, int64_t kernel,
                                int64_t stride, int64_t dilation) {
  int64_t span, padded;
  if (__builtin_mul_overflow(dilation, kernel - 1, &span) ||
      __builtin_add_overflow(span, 1, &span) ||
      __builtin_add_overflow(in, padBefore, &padded) ||
      __builtin_add_overflow(padded, padAfter, &padded) || padded < span)
    return -1;
  return (padded - span) / stride + 1;
}

/// Checks strides/padding/dilations and returns the output [OH, OW].
static FailureOr<SmallVector<int64_t, 2>>
inferWindow(std::optional<Location> loc, StringRef opName,
            RankedTensorType input, ArrayRef<int64_t> kernel,
            ArrayRef<int64_t> strides, ArrayRef<int64_t> padding,
            ArrayRef<int64_t> dilations) {
  for (int64_t s : strides)
    if (s <= 0)
      return emitInferErrorFor(loc, opName, "strides must be positive, got ",
                               formatList(strides));
  for (int64_t d : dilations)
    if (d <= 0)
      return emitInferErrorFor(loc, opName,
                               "dilations must be positive, got ",
                               formatList(dilations));
  for (int64_t p : padding)
    if (p < 0)
      return emitInferErrorFor(loc, opName,
                               "padding must be non-negative, got ",
                               formatList(padding));
  SmallVector<int64_t, 2> out;
  for (int i = 0; i < 2; ++i) {
    int64_t size =
        windowOutputSize(input.getDimSize(2 + i), padding[i], padding[2 + i],
                         kernel[i], strides[i], dilations[i]);
    if (size <= 0)
      return emitInferErrorFor(
          loc, opName, "window of size ", kernel[i], " (dilation ",
          dilations[i], ") does not fit spatial dimension ", 2 + i,
          " of size ", input.getDimSize(2 + i), " with padding ", padding[i],
          " + ", padding[2 + i]);
    out.push_back(size);
  }
  return out;
}

FailureOr<RankedTensorType> remat::detail::inferConv2DType(
    std::optional<Location> loc, StringRef opName, RankedTensorType input,
    RankedTensorType filter, ArrayRef<int64_t> strides,
    ArrayRef<int64_t> padding, ArrayRef<int64_t> dilations, int64_t groups) {
  if (input.getRank() != 4)
    return emitInferErrorFor(
        loc, opName, "input must have rank 4 (N, C, H, W), got rank ",
        input.getRank());
  if (filter.getRank() != 4)
    return emitInferErrorFor(
        loc, opName,
        "filter must have rank 4 (F, C/groups, KH, KW), got rank ",
        filter.getRank());
  if (input.getElementType() != filter.getElementType())
    return emitInferErrorFor(loc, opName, "operand element types differ: ",
                             input.getElementType(), " and ",
                             filter.getElementType());
  if (groups <= 0)
    return emitInferErrorFor(loc, opName, "groups must be positive, got ",
                             groups);
  int64_t channels = input.getDimSize(1), features = filter.getDimSize(0);
  if (channels % groups != 0 || features % groups != 0)
    return emitInferErrorFor(
        loc, opName, "input channels (", channels, ") and filter features (",
        features, ") must be multiples of groups (", groups, ")");
  if (filter.getDimSize(1) != channels / groups)
    return emitInferErrorFor(
        loc, opName, "filter dimension 1 must be input channels / groups = ",
        channels / groups, ", got ", filter.getDimSize(1));
  ArrayRef<int64_t> kernel = filter.getShape().drop_front(2);
  FailureOr<SmallVector<int64_t, 2>> spatial =
      inferWindow(loc, opName, input, kernel, strides, padding, dilations);
  if (failed(spatial))
    return failure();
  return RankedTensorType::get(
      {input.getDimSize(0), features, (*spatial)[0], (*spatial)[1]},
      input.getElementType());
}

LogicalResult Conv2DOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  RankedTensorType input = getRankedType(adaptor.getInput());
  RankedTensorType filter = getRankedType(adaptor.getFilter());
  if (!input || !filter)
    return failure();
  FailureOr<RankedTensorType> type = inferConv2DType(
      loc, getOperationName(), input, filter, adaptor.getStrides(),
      adaptor.getPadding(), adaptor.getDilations(),
      adaptor.getGroupsAttr().getInt());
  if (failed(type))
    return failure();
  results.push_back(*type);
  return success();
}

FailureOr<RankedTensorType> remat::detail::inferPoolType(
    std::optional<Location> loc, StringRef opName, RankedTensorType input,
    ArrayRef<int64_t> kernel, std::optional<ArrayRef<int64_t>> strides,
    ArrayRef<int64_t> padding) {
  if (input.getRank() != 4)
    return emitInferErrorFor(
        loc, opName, "input must have rank 4 (N, C, H, W), got rank ",
        input.getRank());
  for (int64_t k : kernel)
    if (k <= 0)
      return emitInferErrorFor(loc, opName, "kernel must be positive, got ",
                               formatList(kernel));
  for (int i = 0; i < 2; ++i)
    if (padding[i] >= kernel[i] || padding[2 + i] >= kernel[i])
      return emitInferErrorFor(
          loc, opName, "padding ", formatList(padding),
          " must be smaller than the kernel ", formatList(kernel),
          " so that every window holds an input element");
  int64_t ones[2] = {1, 1};
  FailureOr<SmallVector<int64_t, 2>> spatial =
      inferWindow(loc, opName, input, kernel, strides.value_or(kernel),
                  padding, ones);
  if (failed(spatial))
    return failure();
  // Padding below the kernel still lets a huge padding admit a huge window
  // over a small input. The lowering builds the window (a KH x KW f32
  // tensor) and the padded input: both must be tensors remat models.
  if (!getTypeBytes(RankedTensorType::get(
          kernel, Float32Type::get(input.getContext()))))
    return emitInferErrorFor(
        loc, opName, "kernel ", formatList(kernel),
        " is too large: its window, of f32, would be over the ",
        kMaxModeledTensorBytes, " bytes (256 TiB) remat models");
  SmallVector<int64_t, 4> paddedShape;
  for (int64_t d : input.getShape().take_front(2))
    paddedShape.push_back(ShapedType::isDynamic(d) ? 1 : d);
  // inferWindow checked that these sums do not overflow.
  paddedShape.push_back(input.getDimSize(2) + padding[0] + padding[2]);
  paddedShape.push_back(input.getDimSize(3) + padding[1] + padding[3]);
  auto padded = RankedTensorType::get(paddedShape, input.getElementType());
  if (getElementBytes(input.getElementType()) && !getTypeBytes(padded))
    return emitInferErrorFor(
        loc, opName, "padding ", formatList(padding),
        " makes the padded input ", padded, ", over the ",
        kMaxModeledTensorBytes, " bytes (256 TiB) remat models");
  return RankedTensorType::get(
      {input.getDimSize(0), input.getDimSize(1), (*spatial)[0],
       (*spatial)[1]},
      input.getElementType());
}

/// Result-type inference of the forward pooling ops.
template <typename OpTy>
static LogicalResult inferPool(std::optional<Location> loc,
                               typename OpTy::Adaptor adaptor,
                               SmallVectorImpl<Type> &results) {
  RankedTensorType input = getRankedType(adaptor.getInput());
  if (!input)
    return failure();
  FailureOr<RankedTensorType> type =
      inferPoolType(loc, OpTy::getOperationName(), input, adaptor.getKernel(),
                    adaptor.getStrides(), adaptor.getPadding());
  if (failed(type))
    return failure();
  results.push_back(*type);
  return success();
}

LogicalResult MaxPool2DOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &results) {
  return inferPool<MaxPool2DOp>(loc, adaptor, results);
}

LogicalResult AvgPool2DOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &results) {
  return inferPool<AvgPool2DOp>(loc, adaptor, results);
}
