//===- ShapeOps.cpp - embedding, reshape, transpose, slice, concat --------===//

#include "OpDiagnostics.h"
#include "ShapeRules.h"
#include "remat/Dialect/Remat/IR/RematOps.h"

using namespace mlir;
using namespace remat;
using namespace remat::detail;

LogicalResult EmbeddingOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &results) {
  RankedTensorType table = getRankedType(adaptor.getTable());
  RankedTensorType ids = getRankedType(adaptor.getIds());
  if (!table || !ids)
    return failure();
  if (table.getRank() != 2)
    return emitInferError<EmbeddingOp>(
        loc, "table must have rank 2 (rows, features), got rank ",
        table.getRank());
  SmallVector<int64_t> shape(ids.getShape());
  shape.push_back(table.getDimSize(1));
  results.push_back(RankedTensorType::get(shape, table.getElementType()));
  return success();
}

LogicalResult ReshapeOp::verify() {
  RankedTensorType in = getInput().getType(), out = getResult().getType();
  if (in.getElementType() != out.getElementType())
    return emitOpError("result element type ")
           << out.getElementType() << " differs from the input's "
           << in.getElementType();
  if (in.getNumElements() != out.getNumElements())
    return emitOpError("cannot reshape ")
           << in.getNumElements() << " elements " << formatList(in.getShape())
           << " into " << out.getNumElements() << " elements "
           << formatList(out.getShape());
  return success();
}

LogicalResult TransposeOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &results) {
  RankedTensorType input = getRankedType(adaptor.getInput());
  if (!input)
    return failure();
  ArrayRef<int64_t> perm = adaptor.getPermutation();
  if (static_cast<int64_t>(perm.size()) != input.getRank())
    return emitInferError<TransposeOp>(
        loc, "permutation ", formatList(perm), " must have ",
        input.getRank(), " entries, one per input dimension");
  if (auto error = checkDimensionList(perm, input.getRank(), false))
    return emitInferError<TransposeOp>(loc, "permutation ", formatList(perm),
                                       " is not a permutation: ", *error);
  SmallVector<int64_t> shape;
  for (int64_t p : perm)
    shape.push_back(input.getDimSize(p));
  results.push_back(RankedTensorType::get(shape, input.getElementType()));
  return success();
}

SmallVector<int64_t> SliceOp::getEffectiveStrides() {
  if (auto strides = getStrides())
    return SmallVector<int64_t>(*strides);
  return SmallVector<int64_t>(getStart().size(), 1);
}

FailureOr<RankedTensorType> remat::detail::inferSliceType(
    std::optional<Location> loc, StringRef opName, RankedTensorType input,
    ArrayRef<int64_t> start, ArrayRef<int64_t> limit,
    std::optional<ArrayRef<int64_t>> givenStrides) {
  int64_t rank = input.getRank();
  SmallVector<int64_t> strides(rank, 1);
  if (givenStrides)
    strides.assign(givenStrides->begin(), givenStrides->end());
  if (static_cast<int64_t>(start.size()) != rank ||
      static_cast<int64_t>(limit.size()) != rank)
    return emitInferErrorFor(
        loc, opName, "start and limit need one entry per dimension (", rank,
        "), got ", start.size(), " and ", limit.size());
  if (static_cast<int64_t>(strides.size()) != rank)
    return emitInferErrorFor(
        loc, opName, "strides need one entry per dimension (", rank,
        "), got ", strides.size());
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) {
    if (strides[d] <= 0)
      return emitInferErrorFor(loc, opName, "strides must be positive, got ",
                               formatList(strides));
    if (start[d] < 0 || start[d] > limit[d] ||
        limit[d] > input.getDimSize(d))
      return emitInferErrorFor(
          loc, opName, "dimension ", d, ": need 0 <= start <= limit <= ",
          input.getDimSize(d), ", got start ", start[d], " and limit ",
          limit[d]);
    // ceil((limit - start) / stride), without overflowing for huge strides.
    int64_t extent = limit[d] - start[d];
    shape.push_back(extent / strides[d] + (extent % strides[d] != 0));
  }
  return RankedTensorType::get(shape, input.getElementType());
}

LogicalResult SliceOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &results) {
  RankedTensorType input = getRankedType(adaptor.getInput());
  if (!input)
    return failure();
  FailureOr<RankedTensorType> type =
      inferSliceType(loc, getOperationName(), input, adaptor.getStart(),
                     adaptor.getLimit(), adaptor.getStrides());
  if (failed(type))
    return failure();
  results.push_back(*type);
  return success();
}

LogicalResult ConcatOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  ValueRange inputs = adaptor.getInputs();
  if (inputs.empty())
    return emitInferError<ConcatOp>(loc, "needs at least one input");
  RankedTensorType first = getRankedType(inputs.front());
  if (!first)
    return failure();
  int64_t rank = first.getRank(), dim = adaptor.getDimAttr().getInt();
  if (dim < 0 || dim >= rank)
    return emitInferError<ConcatOp>(loc, "dim ", dim,
                                    " is out of range for rank ", rank);
  SmallVector<int64_t> shape(first.getShape());
  for (auto [i, value] : llvm::enumerate(inputs.drop_front())) {
    RankedTensorType type = getRankedType(value);
    if (!type)
      return failure();
    if (type.getElementType() != first.getElementType() ||
        type.getRank() != rank)
      return emitInferError<ConcatOp>(loc, "input ", i + 1, " has type ",
                                      type, ", incompatible with input 0 ",
                                      first);
    for (int64_t d = 0; d < rank; ++d) {
      if (d != dim && type.getDimSize(d) != shape[d])
        return emitInferError<ConcatOp>(
            loc, "input ", i + 1, " has size ", type.getDimSize(d),
            " in dimension ", d, " where input 0 has ", shape[d],
            "; only dimension ", dim, " may differ");
    }
    if (__builtin_add_overflow(shape[dim], type.getDimSize(dim), &shape[dim]))
      return emitInferError<ConcatOp>(loc, "the concatenated dimension ", dim,
                                      " overflows int64");
  }
  results.push_back(RankedTensorType::get(shape, first.getElementType()));
  return success();
}

LogicalResult ConstantOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange, DictionaryAttr,
    OpaqueProperties properties, RegionRange, SmallVectorImpl<Type> &results) {
  auto *props = properties.as<Properties *>();
  if (!props || !props->value)
    return failure();
  results.push_back(props->value.getType());
  return success();
}
