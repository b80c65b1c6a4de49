//===- ReductionOps.cpp - broadcast and reductions ------------------------===//

#include "OpDiagnostics.h"
#include "ShapeRules.h"
#include "remat/Dialect/Remat/IR/RematOps.h"

using namespace mlir;
using namespace remat;
using namespace remat::detail;

LogicalResult BroadcastOp::verify() {
  RankedTensorType inType = getInput().getType();
  RankedTensorType outType = getResult().getType();
  ArrayRef<int64_t> dims = getDimensions();
  if (inType.getElementType() != outType.getElementType())
    return emitOpError("result element type ")
           << outType.getElementType() << " differs from the input's "
           << inType.getElementType();
  if (static_cast<int64_t>(dims.size()) != inType.getRank())
    return emitOpError("needs one result dimension per input dimension: "
                       "input has rank ")
           << inType.getRank() << " but dims has " << dims.size()
           << " entries";
  if (outType.getRank() < inType.getRank())
    return emitOpError("result rank ")
           << outType.getRank() << " is smaller than the input rank "
           << inType.getRank();
  if (auto error = checkDimensionList(dims, outType.getRank(), true))
    return emitOpError("dims: ") << *error;
  for (auto [i, dim] : llvm::enumerate(dims)) {
    int64_t inSize = inType.getDimSize(i);
    int64_t outSize = outType.getDimSize(dim);
    if (inSize != 1 && inSize != outSize)
      return emitOpError("input dimension ")
             << i << " has size " << inSize << " but maps to result dimension "
             << dim << " of size " << outSize
             << "; it must be equal or 1";
  }
  return success();
}

FailureOr<RankedTensorType>
remat::detail::inferReducedType(std::optional<Location> loc, StringRef opName,
                                RankedTensorType input, ArrayRef<int64_t> dims,
                                bool keepDims) {
  if (auto error = checkDimensionList(dims, input.getRank(), false))
    return emitInferErrorFor(loc, opName, "dims: ", *error);
  SmallVector<int64_t> shape;
  for (int64_t d = 0, e = input.getRank(); d < e; ++d) {
    if (!llvm::is_contained(dims, d))
      shape.push_back(input.getDimSize(d));
    else if (keepDims)
      shape.push_back(1);
  }
  return RankedTensorType::get(shape, input.getElementType());
}

/// Shared result-type inference and verification of the reductions.
template <typename OpTy>
static LogicalResult inferReduction(std::optional<Location> loc,
                                    typename OpTy::Adaptor adaptor,
                                    SmallVectorImpl<Type> &results) {
  RankedTensorType type = getRankedType(adaptor.getInput());
  if (!type)
    return failure();
  FailureOr<RankedTensorType> reduced =
      inferReducedType(loc, OpTy::getOperationName(), type,
                       adaptor.getDimensions(), adaptor.getKeepDims());
  if (failed(reduced))
    return failure();
  results.push_back(*reduced);
  return success();
}

LogicalResult ReduceSumOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &results) {
  return inferReduction<ReduceSumOp>(loc, adaptor, results);
}

LogicalResult ReduceMeanOp::inferReturnTypes(MLIRContext *,
                                             std::optional<Location> loc,
                                             Adaptor adaptor,
                                             SmallVectorImpl<Type> &results) {
  return inferReduction<ReduceMeanOp>(loc, adaptor, results);
}

LogicalResult ReduceMaxOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &results) {
  return inferReduction<ReduceMaxOp>(loc, adaptor, results);
}
