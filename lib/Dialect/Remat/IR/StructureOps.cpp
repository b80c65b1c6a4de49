//===- StructureOps.cpp - name, checkpoint, scan, offload, reload ---------===//

#include "OpDiagnostics.h"
#include "remat/Dialect/Remat/IR/RematOps.h"

#include "remat/Core/RevolveScan.h"

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
  // As every remat op's: the planner sizes what a region keeps.
  for (auto [index, type] : llvm::enumerate(getResultTypes()))
    if (auto shaped = dyn_cast<ShapedType>(type);
        shaped && !shaped.hasStaticShape())
      return emitOpError("result #")
             << index << " has type " << type
             << ", whose shape is not static: a checkpoint region yields "
                "statically shaped tensors (the planner sizes what it keeps)";
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

/// The results of a loop over `length` layers whose body yields
/// `yielded`: the `carries`, which it must yield first (else an error on
/// `op` starting with `mustYield`), then each per-layer output stacked.
static FailureOr<SmallVector<Type>>
expectedScanResults(Operation *op, StringRef mustYield, TypeRange carries,
                    TypeRange yielded, int64_t length) {
  if (yielded.size() < carries.size() ||
      yielded.take_front(carries.size()) != carries)
    return op->emitOpError(mustYield)
           << " (" << carries << ") first, got (" << yielded << ")";
  SmallVector<Type> results(carries);
  for (Type y : yielded.drop_front(carries.size())) {
    auto tensor = dyn_cast<RankedTensorType>(y);
    if (!tensor)
      return op->emitOpError("per-layer output must be a ranked tensor, got ")
             << y;
    results.push_back(stackedType(length, tensor));
  }
  return results;
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
  bool snapshots = succeeded(parser.parseOptionalKeyword("snapshots"));
  if (parseBoundOperands(parser, args, inits, initTypes, /*sliced=*/false) ||
      parser.parseKeyword("over") ||
      parseBoundOperands(parser, args, xs, xsTypes, /*sliced=*/true) ||
      parser.parseArrowTypeList(resultTypes))
    return failure();
  Properties &props = result.getOrAddProperties<Properties>();
  props.mode = mode;
  if (reverse)
    props.reverse = parser.getBuilder().getUnitAttr();
  if (snapshots)
    props.snapshots = parser.getBuilder().getUnitAttr();
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
  if (getSnapshots())
    p << " snapshots";
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
                                     {"mode", "reverse", "snapshots",
                                      "operandSegmentSizes"});
}

/// Checks the stacked operands `xs` of a loop over layers: at least one,
/// each of rank 1 or more, all with the same dimension 0 (the layers).
static LogicalResult verifyStackedOperands(Operation *op, ValueRange xs) {
  if (xs.empty())
    return op->emitOpError("needs at least one stacked operand in 'over' to "
                           "give the number of layers");
  // Ranks first: the number of layers is dimension 0 of the first operand.
  for (auto [i, x] : llvm::enumerate(xs)) {
    auto type = cast<RankedTensorType>(x.getType());
    if (type.getRank() == 0)
      return op->emitOpError("stacked operand ")
             << i << " must have rank 1 or more, got " << type;
  }
  int64_t length = cast<RankedTensorType>(xs.front().getType()).getDimSize(0);
  for (auto [i, x] : llvm::enumerate(xs)) {
    auto type = cast<RankedTensorType>(x.getType());
    if (type.getDimSize(0) != length)
      return op->emitOpError("stacked operands must all have ")
             << length << " layers (dimension 0), but operand " << i
             << " has " << type.getDimSize(0);
  }
  return success();
}

LogicalResult ScanOp::verify() {
  if (failed(verifyStackedOperands(*this, getXs())))
    return failure();
  int64_t length = getLength();
  ScanModeAttr mode = getMode();
  if (mode.getKind() == ScanModeKind::Nested && mode.getBlockSize() > length)
    return emitOpError("nested block size ")
           << mode.getBlockSize() << " exceeds the number of layers "
           << length;
  if (mode.getKind() == ScanModeKind::Revolve && mode.getBlockSize() != 0 &&
      mode.getBlockSize() >= length)
    return emitOpError("revolve slot count ")
           << mode.getBlockSize() << " must be below the number of layers "
           << length << " (with L - 1 slots every carry is kept, which is "
           << "mode full)";
  if (getSnapshots()) {
    if (mode.getKind() != ScanModeKind::Revolve)
      return emitOpError("only a 'revolve' scan stores snapshots, not ")
             << mode;
    if (length < 2)
      return emitOpError("a revolve scan with snapshots needs at least 2 "
                         "layers, got ")
             << length;
  }
  return success();
}

SmallVector<int64_t> ScanOp::getSnapshotLayers(int64_t *slotRows) {
  *slotRows = 0;
  int64_t length = getLength();
  if (!getSnapshots() || getMode().getKind() != ScanModeKind::Revolve ||
      length < 2)
    return {};
  RevolveScanPlan plan =
      planRevolveScan(length, getMode().getRevolveSlots(length));
  if (!plan.ok())
    return {};
  *slotRows = plan.slotRows;
  return SmallVector<int64_t>(plan.snapshots.begin(), plan.snapshots.end());
}

LogicalResult ScanOp::verifyRegions() {
  Block &block = getBody().front();
  SmallVector<Type> expectedArgs(getInits().getTypes());
  for (Value x : getXs())
    expectedArgs.push_back(sliceType(cast<RankedTensorType>(x.getType())));
  if (TypeRange(block.getArgumentTypes()) != TypeRange(expectedArgs))
    return emitOpError("body arguments must be the carries then one slice "
                       "of each stacked operand, (")
           << TypeRange(expectedArgs) << "), got ("
           << block.getArgumentTypes() << ")";
  FailureOr<SmallVector<Type>> results = expectedScanResults(
      *this, "body must yield the new carries", getInits().getTypes(),
      getYield().getValues().getTypes(), getLength());
  if (failed(results))
    return failure();
  SmallVector<Type> expectedResults = std::move(*results);
  int64_t slotRows = 0;
  if (getSnapshots()) {
    getSnapshotLayers(&slotRows);
    for (Type carry : getInits().getTypes())
      expectedResults.push_back(
          stackedType(slotRows, cast<RankedTensorType>(carry)));
  }
  if (getResultTypes() != TypeRange(expectedResults)) {
    InFlightDiagnostic diag =
        emitOpError("results must be the carries then the per-layer "
                    "outputs stacked over ")
        << getLength() << " layers";
    if (getSnapshots())
      diag << ", then the carries' " << slotRows << " snapshots";
    return diag << ", (" << TypeRange(expectedResults) << "), got ("
                << getResultTypes() << ")";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// RevolveScanOp
//===----------------------------------------------------------------------===//

void RevolveScanOp::build(OpBuilder &builder, OperationState &state,
                          TypeRange resultTypes, ValueRange snapshots,
                          ValueRange inits, ValueRange xs, ValueRange seeds,
                          int64_t slots, bool reverse) {
  state.addOperands(snapshots);
  state.addOperands(inits);
  state.addOperands(xs);
  state.addOperands(seeds);
  state.addTypes(resultTypes);
  Properties &props = state.getOrAddProperties<Properties>();
  props.slots = builder.getI64IntegerAttr(slots);
  if (reverse)
    props.reverse = builder.getUnitAttr();
  props.operandSegmentSizes = {
      static_cast<int32_t>(snapshots.size()), static_cast<int32_t>(inits.size()),
      static_cast<int32_t>(xs.size()), static_cast<int32_t>(seeds.size())};
  Region *forward = state.addRegion();
  Region *backward = state.addRegion();
  // The regions' blocks (empty); the op goes where the builder was.
  OpBuilder::InsertionGuard guard(builder);
  auto sliceOf = [](Value stacked) -> Type {
    return sliceType(cast<RankedTensorType>(stacked.getType()));
  };
  Block *forwardBlock = builder.createBlock(forward);
  for (Value snapshot : snapshots)
    forwardBlock->addArgument(sliceOf(snapshot), snapshot.getLoc());
  for (Value x : xs)
    forwardBlock->addArgument(sliceOf(x), x.getLoc());
  Block *backwardBlock = builder.createBlock(backward);
  for (Value init : inits)
    backwardBlock->addArgument(init.getType(), init.getLoc());
  for (Value snapshot : snapshots)
    backwardBlock->addArgument(sliceOf(snapshot), snapshot.getLoc());
  for (Value x : xs)
    backwardBlock->addArgument(sliceOf(x), x.getLoc());
  for (Value seed : seeds)
    backwardBlock->addArgument(sliceOf(seed), seed.getLoc());
}

int64_t RevolveScanOp::getLength() {
  if (getXs().empty())
    return 0;
  return cast<RankedTensorType>(getXs().front().getType()).getDimSize(0);
}

YieldOp RevolveScanOp::getForwardYield() {
  return cast<YieldOp>(getForward().front().getTerminator());
}

YieldOp RevolveScanOp::getBackwardYield() {
  return cast<YieldOp>(getBackward().front().getTerminator());
}

LogicalResult RevolveScanOp::verify() {
  if (failed(verifyStackedOperands(*this, getXs())))
    return failure();
  int64_t length = getLength();
  for (auto [i, seed] : llvm::enumerate(getSeeds())) {
    auto type = cast<RankedTensorType>(seed.getType());
    if (type.getRank() == 0 || type.getDimSize(0) != length)
      return emitOpError("seeds must all have ")
             << length << " layers (dimension 0), but operand " << i
             << " is " << type;
  }
  RevolveScanPlan plan = planRevolveScan(length, getSlots());
  if (!plan.ok())
    return emitOpError() << plan.error;
  for (auto [i, snapshot] : llvm::enumerate(getSnapshots())) {
    auto type = cast<RankedTensorType>(snapshot.getType());
    if (type.getRank() == 0 || type.getDimSize(0) != plan.slotRows)
      return emitOpError("snapshot ")
             << i << " must hold the " << plan.slotRows
             << " slots Revolve uses for " << length << " layers and "
             << getSlots() << " slots (dimension 0), got " << type;
  }
  return success();
}

LogicalResult RevolveScanOp::verifyRegions() {
  SmallVector<Type> carries;
  for (Value snapshot : getSnapshots())
    carries.push_back(sliceType(cast<RankedTensorType>(snapshot.getType())));
  SmallVector<Type> xsSlices, seedSlices;
  for (Value x : getXs())
    xsSlices.push_back(sliceType(cast<RankedTensorType>(x.getType())));
  for (Value seed : getSeeds())
    seedSlices.push_back(sliceType(cast<RankedTensorType>(seed.getType())));

  SmallVector<Type> forwardArgs(carries);
  llvm::append_range(forwardArgs, xsSlices);
  Block &forward = getForward().front();
  if (TypeRange(forward.getArgumentTypes()) != TypeRange(forwardArgs))
    return emitOpError("forward region arguments must be the carries then "
                       "one slice of each stacked operand, (")
           << TypeRange(forwardArgs) << "), got ("
           << forward.getArgumentTypes() << ")";
  if (getForwardYield().getValues().getTypes() != TypeRange(carries))
    return emitOpError("forward region must yield the next carries (")
           << TypeRange(carries) << "), got ("
           << getForwardYield().getValues().getTypes() << ")";

  SmallVector<Type> backwardArgs(getInits().getTypes());
  llvm::append_range(backwardArgs, carries);
  llvm::append_range(backwardArgs, xsSlices);
  llvm::append_range(backwardArgs, seedSlices);
  Block &backward = getBackward().front();
  if (TypeRange(backward.getArgumentTypes()) != TypeRange(backwardArgs))
    return emitOpError("backward region arguments must be the cotangents, "
                       "the carries, then one slice of each stacked operand "
                       "and of each seed, (")
           << TypeRange(backwardArgs) << "), got ("
           << backward.getArgumentTypes() << ")";
  FailureOr<SmallVector<Type>> expectedResults = expectedScanResults(
      *this, "backward region must yield the cotangents",
      getInits().getTypes(), getBackwardYield().getValues().getTypes(),
      getLength());
  if (failed(expectedResults))
    return failure();
  if (getResultTypes() != TypeRange(*expectedResults))
    return emitOpError("results must be the cotangents then the per-layer "
                       "outputs stacked over ")
           << getLength() << " layers, (" << TypeRange(*expectedResults)
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
