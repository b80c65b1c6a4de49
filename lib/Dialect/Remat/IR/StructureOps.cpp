//===- StructureOps.cpp - name, checkpoint, scan, offload, reload ---------===//

#include "OpDiagnostics.h"
#include "remat/Dialect/Remat/IR/RematOps.h"

#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace remat;
using namespace remat::detail;

//===----------------------------------------------------------------------===//
// NameOp
//===----------------------------------------------------------------------===//

LogicalResult NameOp::verify() {
  if (getTag().empty())
    return emitOpError("tag must not be empty");
  return success();
}

//===----------------------------------------------------------------------===//
// CheckpointOp
//===----------------------------------------------------------------------===//

YieldOp CheckpointOp::getYield() {
  return cast<YieldOp>(getBody().front().getTerminator());
}

LogicalResult CheckpointOp::verify() {
  TypeRange yielded = getYield().getValues().getTypes();
  if (yielded != getResultTypes())
    return emitOpError("body yields ")
           << yielded.size() << " value(s) of type(s) (" << yielded
           << ") but the op has result type(s) (" << getResultTypes() << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// ScanOp
//===----------------------------------------------------------------------===//

/// The type of one layer's slice of a stacked operand (in host memory when
/// the stack is: `offload` scans stack their carries there).
static RankedTensorType sliceType(RankedTensorType stacked) {
  return RankedTensorType::get(stacked.getShape().drop_front(),
                               stacked.getElementType(), stacked.getEncoding());
}

/// The type of per-layer outputs stacked along a new leading dimension.
static RankedTensorType stackedType(int64_t length, RankedTensorType slice) {
  SmallVector<int64_t> shape{length};
  llvm::append_range(shape, slice.getShape());
  return RankedTensorType::get(shape, slice.getElementType(),
                               slice.getEncoding());
}

void ScanOp::build(OpBuilder &builder, OperationState &state,
                   TypeRange resultTypes, ValueRange inits, ValueRange xs,
                   ScanModeAttr mode, bool reverse) {
  state.addOperands(inits);
  state.addOperands(xs);
  state.addTypes(resultTypes);
  Properties &props = state.getOrAddProperties<Properties>();
  props.mode = mode;
  if (reverse)
    props.reverse = builder.getUnitAttr();
  props.operandSegmentSizes = {static_cast<int32_t>(inits.size()),
                               static_cast<int32_t>(xs.size())};
  Region *body = state.addRegion();
  // The op is inserted where the builder was: not in its own new body.
  OpBuilder::InsertionGuard guard(builder);
  Block *block = builder.createBlock(body);
  for (Value init : inits)
    block->addArgument(init.getType(), init.getLoc());
  for (Value x : xs)
    block->addArgument(sliceType(cast<RankedTensorType>(x.getType())),
                       x.getLoc());
}

YieldOp ScanOp::getYield() {
  return cast<YieldOp>(getBody().front().getTerminator());
}

int64_t ScanOp::getLength() {
  if (getXs().empty())
    return 0;
  return cast<RankedTensorType>(getXs().front().getType()).getDimSize(0);
}

/// Parses `(%arg = %operand : type, ...)`; block arguments get `argType(type)`.
static ParseResult
parseBoundOperands(OpAsmParser &parser,
                   SmallVectorImpl<OpAsmParser::Argument> &args,
                   SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands,
                   SmallVectorImpl<Type> &types, bool sliced) {
  return parser.parseCommaSeparatedList(
      OpAsmParser::Delimiter::Paren, [&]() -> ParseResult {
        OpAsmParser::Argument arg;
        OpAsmParser::UnresolvedOperand operand;
        Type type;
        SMLoc loc = parser.getCurrentLocation();
        if (parser.parseArgument(arg) || parser.parseEqual() ||
            parser.parseOperand(operand) || parser.parseColonType(type))
          return failure();
        auto tensor = dyn_cast<RankedTensorType>(type);
        if (!tensor || (sliced && tensor.getRank() == 0))
          return parser.emitError(loc, "expected a ranked tensor type")
                 << (sliced ? " of rank 1 or more (stacked along dimension 0)"
                            : "")
                 << ", got " << type;
        arg.type = sliced ? Type(sliceType(tensor)) : type;
        args.push_back(arg);
        operands.push_back(operand);
        types.push_back(type);
        return success();
      });
}

ParseResult ScanOp::parse(OpAsmParser &parser, OperationState &result) {
  ScanModeAttr mode;
  SmallVector<OpAsmParser::Argument> args;
  SmallVector<OpAsmParser::UnresolvedOperand> inits, xs;
  SmallVector<Type> initTypes, xsTypes, resultTypes;
  if (parser.parseKeyword("mode") ||
      parser.parseCustomAttributeWithFallback(mode))
    return failure();
  bool reverse = succeeded(parser.parseOptionalKeyword("reverse"));
  if (parseBoundOperands(parser, args, inits, initTypes, /*sliced=*/false) ||
      parser.parseKeyword("over") ||
      parseBoundOperands(parser, args, xs, xsTypes, /*sliced=*/true) ||
      parser.parseArrowTypeList(resultTypes))
    return failure();
  Properties &props = result.getOrAddProperties<Properties>();
  props.mode = mode;
  if (reverse)
    props.reverse = parser.getBuilder().getUnitAttr();
  props.operandSegmentSizes = {static_cast<int32_t>(inits.size()),
                               static_cast<int32_t>(xs.size())};
  if (parser.resolveOperands(inits, initTypes, parser.getNameLoc(),
                             result.operands) ||
      parser.resolveOperands(xs, xsTypes, parser.getNameLoc(),
                             result.operands))
    return failure();
  result.addTypes(resultTypes);
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, args) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  return success();
}

void ScanOp::print(OpAsmPrinter &p) {
  Block &block = getBody().front();
  p << " mode ";
  p.printStrippedAttrOrType(getMode());
  if (getReverse())
    p << " reverse";
  auto printBound = [&](ValueRange operands, unsigned firstArg) {
    p << " (";
    llvm::interleaveComma(llvm::enumerate(operands), p, [&](auto it) {
      p << block.getArgument(firstArg + it.index()) << " = " << it.value()
        << " : " << it.value().getType();
    });
    p << ")";
  };
  printBound(getInits(), 0);
  p << " over";
  printBound(getXs(), getNumCarries());
  p << " -> (" << getResultTypes() << ") ";
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false);
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs(),
                                     {"mode", "reverse", "operandSegmentSizes"});
}

LogicalResult ScanOp::verify() {
  if (getXs().empty())
    return emitOpError("needs at least one stacked operand in 'over' to give "
                       "the number of layers");
  // Ranks first: the number of layers is dimension 0 of the first operand.
  for (auto [i, x] : llvm::enumerate(getXs())) {
    auto type = cast<RankedTensorType>(x.getType());
    if (type.getRank() == 0)
      return emitOpError("stacked operand ")
             << i << " must have rank 1 or more, got " << type;
  }
  int64_t length = getLength();
  for (auto [i, x] : llvm::enumerate(getXs())) {
    auto type = cast<RankedTensorType>(x.getType());
    if (type.getDimSize(0) != length)
      return emitOpError("stacked operands must all have ")
             << length << " layers (dimension 0), but operand " << i
             << " has " << type.getDimSize(0);
  }
  ScanModeAttr mode = getMode();
  if (mode.getBlockSize() > length)
    return emitOpError("nested block size ")
           << mode.getBlockSize() << " exceeds the number of layers "
           << length;
  return success();
}

LogicalResult ScanOp::verifyRegions() {
  Block &block = getBody().front();
  unsigned numCarries = getNumCarries();
  SmallVector<Type> expectedArgs(getInits().getTypes());
  for (Value x : getXs())
    expectedArgs.push_back(sliceType(cast<RankedTensorType>(x.getType())));
  if (TypeRange(block.getArgumentTypes()) != TypeRange(expectedArgs))
    return emitOpError("body arguments must be the carries then one slice "
                       "of each stacked operand, (")
           << TypeRange(expectedArgs) << "), got ("
           << block.getArgumentTypes() << ")";
  TypeRange yielded = getYield().getValues().getTypes();
  if (yielded.size() < numCarries ||
      yielded.take_front(numCarries) != getInits().getTypes())
    return emitOpError("body must yield the new carries (")
           << getInits().getTypes() << ") first, got (" << yielded << ")";
  SmallVector<Type> expectedResults(getInits().getTypes());
  for (Type y : yielded.drop_front(numCarries)) {
    auto tensor = dyn_cast<RankedTensorType>(y);
    if (!tensor)
      return emitOpError("per-layer output must be a ranked tensor, got ")
             << y;
    expectedResults.push_back(stackedType(getLength(), tensor));
  }
  if (getResultTypes() != TypeRange(expectedResults))
    return emitOpError("results must be the carries then the per-layer "
                       "outputs stacked over ")
           << getLength() << " layers, (" << TypeRange(expectedResults)
           << "), got (" << getResultTypes() << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// OffloadOp / ReloadOp
//===----------------------------------------------------------------------===//

bool OffloadOp::isOffloadableType(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || tensor.getEncoding() || !tensor.hasStaticShape())
    return false;
  // Element types with a byte size are exactly those the CPU lowering
  // copies (memref.copy) and the planner counts; the bound keeps byte
  // counts from overflowing, as for every remat op.
  return getElementBytes(tensor.getElementType()).has_value() &&
         getTypeBytes(tensor).has_value();
}

bool ReloadOp::isHostCopyType(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !isa_and_nonnull<HostMemoryAttr>(tensor.getEncoding()))
    return false;
  return OffloadOp::isOffloadableType(
      RankedTensorType::get(tensor.getShape(), tensor.getElementType()));
}

LogicalResult OffloadOp::inferReturnTypes(MLIRContext *context,
                                          std::optional<Location>,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &results) {
  RankedTensorType input = getRankedType(adaptor.getInput());
  if (!input)
    return failure();
  results.push_back(RankedTensorType::get(input.getShape(),
                                          input.getElementType(),
                                          HostMemoryAttr::get(context)));
  return success();
}

LogicalResult ReloadOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location>,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  RankedTensorType input = getRankedType(adaptor.getInput());
  if (!input)
    return failure();
  results.push_back(
      RankedTensorType::get(input.getShape(), input.getElementType()));
  return success();
}
