//===- StructureLowering.cpp - checkpoint, scan, offload, reload ----------===//
//
// A checkpoint region is inlined (its policy has done its work by now). A
// scan becomes an scf.for over the layers whose iteration arguments are the
// carries and the stacked per-layer outputs; each iteration reads a
// rank-reduced slice of every stacked operand and inserts its outputs in
// place; a scan with snapshots (a Revolve scan's forward) is a loop over
// the segments between them, storing the carries at each start, around the
// loop over the segment's layers. The backward of a Revolve scan is a loop
// over its schedule's actions, a constant table, with an scf.index_switch
// on each action's kind. offload/reload copy into a fresh buffer, in the
// #remat.host memory space for host memory: each target's pipeline
// allocates that space through its own entry point (the CPU pipeline's
// remat-lower-host-memory), so that host and device bytes are counted apart.
//
//===----------------------------------------------------------------------===//

#include "LoweringBuilders.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "remat/Core/RevolveScan.h"
#include "remat/Dialect/Remat/IR/RematOps.h"

using namespace mlir;
using namespace remat;
using namespace remat::lowering;

namespace {

struct CheckpointLowering final : OpConversionPattern<CheckpointOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CheckpointOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Block &body = op.getBody().front();
    YieldOp yield = op.getYield();
    SmallVector<Value> yielded(yield.getValues());
    rewriter.eraseOp(yield);
    rewriter.inlineBlockBefore(&body, op);
    rewriter.replaceOp(op, yielded);
    return success();
  }
};

/// A new, uninitialized buffer of `type` with the given alignment, as a
/// tensor.
Value newHostTensor(OpBuilder &b, Location loc, RankedTensorType type) {
  auto memrefType =
      MemRefType::get(type.getShape(), type.getElementType(),
                      MemRefLayoutAttrInterface(), hostMemorySpace(b));
  Value buffer = memref::AllocOp::create(
      b, loc, memrefType, b.getI64IntegerAttr(kBufferAlignmentBytes));
  return bufferization::ToTensorOp::create(b, loc, type, buffer,
                                           /*restrict=*/true,
                                           /*writable=*/true);
}

/// Offsets/sizes/strides selecting layer `iv` of a stacked tensor.
void layerSlice(OpBuilder &b, RankedTensorType stacked, Value iv,
                SmallVectorImpl<OpFoldResult> &offsets,
                SmallVectorImpl<OpFoldResult> &sizes,
                SmallVectorImpl<OpFoldResult> &strides) {
  offsets.push_back(iv);
  sizes.push_back(b.getIndexAttr(1));
  strides.push_back(b.getIndexAttr(1));
  for (int64_t d = 1; d < stacked.getRank(); ++d) {
    offsets.push_back(b.getIndexAttr(0));
    sizes.push_back(b.getIndexAttr(stacked.getDimSize(d)));
    strides.push_back(b.getIndexAttr(1));
  }
}

/// Rank-reduced slice `iv` of a stacked tensor.
Value layerOf(OpBuilder &b, Location loc, Value stacked, Value iv) {
  auto type = cast<RankedTensorType>(stacked.getType());
  SmallVector<OpFoldResult> offsets, sizes, strides;
  layerSlice(b, type, iv, offsets, sizes, strides);
  auto sliceType =
      RankedTensorType::get(type.getShape().drop_front(), type.getElementType());
  return tensor::ExtractSliceOp::create(b, loc, sliceType, stacked, offsets,
                                        sizes, strides);
}

/// `value` inserted as slice `iv` of `stacked`.
Value insertLayer(OpBuilder &b, Location loc, Value value, Value stacked,
                  Value iv) {
  SmallVector<OpFoldResult> offsets, sizes, strides;
  layerSlice(b, cast<RankedTensorType>(stacked.getType()), iv, offsets, sizes,
             strides);
  return tensor::InsertSliceOp::create(b, loc, value, stacked, offsets, sizes,
                                       strides);
}

/// The layer iteration `iteration` of a scan of `length` layers runs:
/// L - 1 - i when `reverse`.
Value layerIndex(OpBuilder &b, Location loc, Value iteration, int64_t length,
                 bool reverse) {
  if (!reverse)
    return iteration;
  return arith::SubIOp::create(
      b, loc, arith::ConstantIndexOp::create(b, loc, length - 1), iteration);
}

/// Moves `body` to the insertion point as one iteration at `layer`. Its
/// arguments are `numCarries` carries, then `whole.size()` whole values,
/// then one slice of each of `stacked`; it yields the new carries then
/// per-layer outputs. The carry arguments become `carries` (tensors it may
/// overwrite) and each new carry is written into them, each per-layer
/// output into its slice of the matching `outputs` stack. Returns the
/// updated carries then the updated stacks: values equivalent to `carries`
/// and `outputs`, which is what One-Shot Bufferize needs to update them in
/// place in a loop. A per-layer output marked in `hostOutputs` is a
/// remat.offload of a device value into a host stack; the value is inserted
/// straight into that stack (that copy is the transfer).
SmallVector<Value> inlineLayer(ConversionPatternRewriter &rewriter,
                               Location loc, Block &body, unsigned numCarries,
                               ValueRange carries, ValueRange whole,
                               ValueRange stacked, ValueRange outputs,
                               ArrayRef<bool> hostOutputs, Value layer) {
  SmallVector<Value> bodyArgs(carries);
  llvm::append_range(bodyArgs, whole);
  for (Value x : stacked)
    bodyArgs.push_back(layerOf(rewriter, loc, x, layer));
  auto yield = cast<YieldOp>(body.getTerminator());
  // The body's carry arguments: the conversion rewriter replaces their uses
  // only when it commits, so the yield still names them.
  SmallVector<Value> bodyCarries(body.getArguments().take_front(numCarries));
  Block *into = rewriter.getInsertionBlock();
  rewriter.inlineBlockBefore(&body, into, rewriter.getInsertionPoint(),
                             bodyArgs);
  rewriter.setInsertionPoint(yield);
  // The stacked outputs are inserted first: one may be the incoming carry
  // (autodiff stacks it), which must be read before the new carry
  // overwrites it.
  SmallVector<Value> next, stackedNext;
  SmallVector<OffloadOp> offloads;
  for (auto [i, y] : llvm::enumerate(yield.getValues().drop_front(numCarries))) {
    if (auto offload = y.getDefiningOp<OffloadOp>();
        offload && !hostOutputs.empty() && hostOutputs[i]) {
      y = offload.getInput();
      offloads.push_back(offload);
    }
    stackedNext.push_back(insertLayer(rewriter, loc, y, outputs[i], layer));
  }
  // A carry yielded unchanged is already there.
  for (auto [carry, bodyCarry, value] :
       llvm::zip(carries, bodyCarries, yield.getValues().take_front(numCarries)))
    next.push_back(value == carry || value == bodyCarry
                       ? Value(carry)
                       : bufferization::MaterializeInDestinationOp::create(
                             rewriter, loc, value, carry)
                             .getResult());
  llvm::append_range(next, stackedNext);
  rewriter.eraseOp(yield);
  for (OffloadOp offload : offloads)
    rewriter.eraseOp(offload);
  return next;
}

/// An scf.for from `lb` to `ub` over `iterInits`, with an empty body and the
/// insertion point at its start.
scf::ForOp emptyLoop(ConversionPatternRewriter &rewriter, Location loc,
                     Value lb, Value ub, ValueRange iterInits) {
  Value step = arith::ConstantIndexOp::create(rewriter, loc, 1);
  auto loop = scf::ForOp::create(rewriter, loc, lb, ub, step, iterInits);
  Block *body = loop.getBody();
  // Remove the implicit terminator scf.for created, if any.
  if (!body->empty() && isa<scf::YieldOp>(body->back()))
    rewriter.eraseOp(&body->back());
  rewriter.setInsertionPointToStart(body);
  return loop;
}

/// A constant 1-d or 2-d i32 table, read with `readTable`.
Value tableConstant(OpBuilder &b, Location loc, ArrayRef<int32_t> values,
                    ArrayRef<int64_t> shape) {
  auto type = RankedTensorType::get(shape, b.getI32Type());
  return arith::ConstantOp::create(
      b, loc, type, DenseElementsAttr::get(type, values));
}

/// Element `indices` of an i32 table, as an index.
Value readTable(OpBuilder &b, Location loc, Value table, ValueRange indices) {
  Value element = tensor::ExtractOp::create(b, loc, table, indices);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), element);
}

/// Fresh copies of `inits` to update in place: an init may be a function
/// argument, which the caller still owns.
SmallVector<Value> copiesOf(OpBuilder &b, Location loc, ValueRange inits) {
  SmallVector<Value> copies;
  for (Value init : inits)
    copies.push_back(bufferization::AllocTensorOp::create(
        b, loc, cast<RankedTensorType>(init.getType()), ValueRange{}, init));
  return copies;
}

struct ScanLowering final : OpConversionPattern<ScanOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned numCarries = op.getNumCarries();
    unsigned numOutputs = op.getYield().getValues().size() - numCarries;
    // A per-layer output in host memory must be a remat.offload of a device
    // value made for the stack alone (what remat-autodiff builds).
    for (auto [i, y] :
         llvm::enumerate(op.getYield().getValues().drop_front(numCarries))) {
      auto offload = y.getDefiningOp<OffloadOp>();
      if (isHostTensorType(y.getType()) && (!offload || !offload->hasOneUse()))
        return rewriter.notifyMatchFailure(
            op, "a host per-layer output must be a remat.offload used only "
                "by the yield");
    }
    int64_t slotRows = 0;
    SmallVector<int64_t> snapshots = op.getSnapshotLayers(&slotRows);
    if (op.getSnapshots() && snapshots.empty())
      return rewriter.notifyMatchFailure(op, "no Revolve schedule");
    // The carries are updated in place, in a copy of each init.
    SmallVector<Value> iterInits = copiesOf(rewriter, loc, adaptor.getInits());
    // Stacked outputs in host memory (an offload scan's carries) are
    // allocated as remat.offload's copies are, in host memory; the snapshot
    // stacks are left for the loop to fill.
    for (Value result : op.getResults().drop_front(numCarries)) {
      auto type = cast<RankedTensorType>(result.getType());
      iterInits.push_back(
          isHostTensorType(type)
              ? newHostTensor(rewriter, loc,
                              RankedTensorType::get(type.getShape(),
                                                    type.getElementType()))
              : emptyTensor(rewriter, loc, type));
    }
    SmallVector<bool> hostOutputs;
    for (Value result : op.getResults().slice(numCarries, numOutputs))
      hostOutputs.push_back(isHostTensorType(result.getType()));
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    int64_t length = op.getLength();
    // The loop over layers [lb, ub), carrying the carries and the stacks.
    auto layerLoop = [&](Value lb, Value ub, ValueRange inits) {
      scf::ForOp loop = emptyLoop(rewriter, loc, lb, ub, inits);
      ValueRange args = loop.getRegionIterArgs();
      Value layer = layerIndex(rewriter, loc, loop.getInductionVar(), length,
                               op.getReverse());
      SmallVector<Value> next = inlineLayer(
          rewriter, loc, op.getBody().front(), numCarries,
          args.take_front(numCarries), {}, adaptor.getXs(),
          args.slice(numCarries, numOutputs), hostOutputs, layer);
      scf::YieldOp::create(rewriter, loc, next);
      rewriter.setInsertionPointAfter(loop);
      return loop;
    };
    if (snapshots.empty()) {
      Value ub = arith::ConstantIndexOp::create(rewriter, loc, length);
      rewriter.replaceOp(op, layerLoop(zero, ub, iterInits).getResults());
      return success();
    }
    // With snapshots: a loop over the segments between them, storing the
    // carries at each segment's start, around the loop over its layers.
    SmallVector<int32_t> bounds(snapshots.begin(), snapshots.end());
    bounds.push_back(static_cast<int32_t>(length));
    Value table = tableConstant(rewriter, loc, bounds,
                                {static_cast<int64_t>(bounds.size())});
    Value segments =
        arith::ConstantIndexOp::create(rewriter, loc, snapshots.size());
    scf::ForOp outer = emptyLoop(rewriter, loc, zero, segments, iterInits);
    Value k = outer.getInductionVar();
    ValueRange outerArgs = outer.getRegionIterArgs();
    Value begin = readTable(rewriter, loc, table, {k});
    Value next = arith::AddIOp::create(
        rewriter, loc, k, arith::ConstantIndexOp::create(rewriter, loc, 1));
    Value end = readTable(rewriter, loc, table, {next});
    SmallVector<Value> stored;
    for (auto [carry, slots] :
         llvm::zip(outerArgs.take_front(numCarries),
                   outerArgs.drop_front(numCarries + numOutputs)))
      stored.push_back(insertLayer(rewriter, loc, carry, slots, k));
    scf::ForOp inner = layerLoop(
        begin, end, outerArgs.take_front(numCarries + numOutputs));
    SmallVector<Value> outerNext(inner.getResults());
    llvm::append_range(outerNext, stored);
    scf::YieldOp::create(rewriter, loc, outerNext);
    rewriter.replaceOp(op, outer.getResults());
    return success();
  }
};

/// The backward of a Revolve scan: a loop over the schedule's actions
/// (RevolveScan.h), a constant table of (kind, a, b), switching on the
/// kind. The slots are the snapshot operands, updated in place; the current
/// carries are one buffer each; the cotangents and the stacked per-layer
/// outputs are updated in place as in a scan.
struct RevolveScanLowering final : OpConversionPattern<RevolveScanOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(RevolveScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t length = op.getLength();
    RevolveScanPlan plan = planRevolveScan(length, op.getSlots());
    if (!plan.ok())
      return rewriter.notifyMatchFailure(op, plan.error);
    unsigned numCarries = adaptor.getSnapshots().size();
    unsigned numInits = adaptor.getInits().size();
    unsigned numOutputs = op.getNumResults() - numInits;
    SmallVector<int32_t> table;
    for (const RevolveScanStep &step : plan.backward) {
      table.push_back(static_cast<int32_t>(step.kind));
      table.push_back(step.a);
      table.push_back(step.b);
    }
    int64_t numActions = static_cast<int64_t>(plan.backward.size());
    Value actions = tableConstant(rewriter, loc, table, {numActions, 3});

    // Iteration arguments: slots, current carries, cotangents, stacks. The
    // slots are the snapshots, written in place, unless a snapshot is an
    // argument of the function, which the caller still owns.
    SmallVector<Value> iterInits;
    for (auto [original, snapshot] :
         llvm::zip(op.getSnapshots(), adaptor.getSnapshots()))
      iterInits.push_back(isa<BlockArgument>(original)
                              ? copiesOf(rewriter, loc, snapshot).front()
                              : snapshot);
    for (Value snapshot : adaptor.getSnapshots()) {
      auto type = cast<RankedTensorType>(snapshot.getType());
      iterInits.push_back(bufferization::AllocTensorOp::create(
          rewriter, loc,
          RankedTensorType::get(type.getShape().drop_front(),
                                type.getElementType()),
          ValueRange{}));
    }
    llvm::append_range(iterInits, copiesOf(rewriter, loc, adaptor.getInits()));
    for (Value result : op.getResults().drop_front(numInits))
      iterInits.push_back(emptyTensor(
          rewriter, loc, cast<RankedTensorType>(result.getType())));
    SmallVector<Type> types;
    for (Value init : iterInits)
      types.push_back(init.getType());

    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    Value two = arith::ConstantIndexOp::create(rewriter, loc, 2);
    Value count = arith::ConstantIndexOp::create(rewriter, loc, numActions);
    scf::ForOp loop = emptyLoop(rewriter, loc, zero, count, iterInits);
    Value a = loop.getInductionVar();
    Value kind = readTable(rewriter, loc, actions, {a, zero});
    Value first = readTable(rewriter, loc, actions, {a, one});
    Value second = readTable(rewriter, loc, actions, {a, two});
    auto args = loop.getRegionIterArgs();
    ValueRange slots = args.take_front(numCarries);
    ValueRange current = args.slice(numCarries, numCarries);
    ValueRange cotangents = args.slice(2 * numCarries, numInits);
    ValueRange outputs = args.take_back(numOutputs);

    using Kind = RevolveScanStep::Kind;
    auto sw = scf::IndexSwitchOp::create(
        rewriter, loc, types, kind,
        ArrayRef<int64_t>{static_cast<int64_t>(Kind::Advance),
                          static_cast<int64_t>(Kind::Store),
                          static_cast<int64_t>(Kind::Restore)},
        3);
    auto yieldAll = [&](ValueRange newSlots, ValueRange newCurrent,
                        ValueRange newCotangents, ValueRange newOutputs) {
      SmallVector<Value> values(newSlots);
      llvm::append_range(values, newCurrent);
      llvm::append_range(values, newCotangents);
      llvm::append_range(values, newOutputs);
      scf::YieldOp::create(rewriter, loc, values);
    };

    // Advance: layers [first, second) with the forward region.
    rewriter.createBlock(&sw.getCaseRegions()[0]);
    {
      scf::ForOp advance = emptyLoop(rewriter, loc, first, second, current);
      Value layer = layerIndex(rewriter, loc, advance.getInductionVar(),
                               length, op.getReverse());
      SmallVector<Value> next = inlineLayer(
          rewriter, loc, op.getForward().front(), numCarries,
          advance.getRegionIterArgs(), {}, adaptor.getXs(), {}, {}, layer);
      scf::YieldOp::create(rewriter, loc, next);
      rewriter.setInsertionPointAfter(advance);
      yieldAll(slots, advance.getResults(), cotangents, outputs);
    }
    // Store: the current carries into slot `first`.
    rewriter.createBlock(&sw.getCaseRegions()[1]);
    {
      SmallVector<Value> stored;
      for (auto [carry, stack] : llvm::zip(current, slots))
        stored.push_back(insertLayer(rewriter, loc, carry, stack, first));
      yieldAll(stored, current, cotangents, outputs);
    }
    // Restore: slot `first` into the current carries.
    rewriter.createBlock(&sw.getCaseRegions()[2]);
    {
      SmallVector<Value> restored;
      for (auto [carry, stack] : llvm::zip(current, slots))
        restored.push_back(bufferization::MaterializeInDestinationOp::create(
                               rewriter, loc,
                               layerOf(rewriter, loc, stack, first), carry)
                               .getResult());
      yieldAll(slots, restored, cotangents, outputs);
    }
    // Turn (the default): layer `first` with the backward region, whose
    // carries are the cotangents and whose slices are the current carries
    // and the layer's slices of xs and seeds.
    rewriter.createBlock(&sw.getDefaultRegion());
    {
      Value layer = layerIndex(rewriter, loc, first, length, op.getReverse());
      SmallVector<Value> stacked(adaptor.getXs());
      llvm::append_range(stacked, adaptor.getSeeds());
      SmallVector<Value> next = inlineLayer(
          rewriter, loc, op.getBackward().front(), numInits, cotangents,
          current, stacked, outputs, {}, layer);
      yieldAll(slots, current, ArrayRef<Value>(next).take_front(numInits),
               ArrayRef<Value>(next).drop_front(numInits));
    }
    rewriter.setInsertionPointAfter(sw);
    scf::YieldOp::create(rewriter, loc, sw.getResults());
    rewriter.replaceOp(op, loop.getResults().drop_front(2 * numCarries));
    return success();
  }
};

/// Copies `input` into a new buffer with the given alignment, as a tensor.
Value copyToNewBuffer(OpBuilder &b, Location loc, Value input,
                      Attribute fromSpace, Attribute toSpace) {
  auto type = cast<RankedTensorType>(input.getType());
  // The source may be a slice (a layer of a host stack): read it through a
  // fully dynamic strided view, which any layout casts to, rather than an
  // identity one, for which bufferization would copy it first.
  SmallVector<int64_t> dynamicStrides(type.getRank(), ShapedType::kDynamic);
  auto sourceType = MemRefType::get(
      type.getShape(), type.getElementType(),
      StridedLayoutAttr::get(b.getContext(), ShapedType::kDynamic,
                             dynamicStrides),
      fromSpace);
  auto bufferType =
      MemRefType::get(type.getShape(), type.getElementType(),
                      MemRefLayoutAttrInterface(), toSpace);
  Value source = bufferization::ToBufferOp::create(b, loc, sourceType, input,
                                                   /*read_only=*/true);
  Value buffer = memref::AllocOp::create(
      b, loc, bufferType, b.getI64IntegerAttr(kBufferAlignmentBytes));
  memref::CopyOp::create(b, loc, source, buffer);
  return bufferization::ToTensorOp::create(b, loc, type, buffer,
                                           /*restrict=*/true,
                                           /*writable=*/true);
}

struct OffloadLowering final : OpConversionPattern<OffloadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OffloadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, copyToNewBuffer(rewriter, op.getLoc(),
                                           adaptor.getInput(), Attribute(),
                                           hostMemorySpace(rewriter)));
    return success();
  }
};

struct ReloadLowering final : OpConversionPattern<ReloadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReloadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, copyToNewBuffer(rewriter, op.getLoc(),
                                           adaptor.getInput(),
                                           hostMemorySpace(rewriter),
                                           Attribute()));
    return success();
  }
};

} // namespace

void remat::lowering::populateStructurePatterns(TypeConverter &converter,
                                                RewritePatternSet &patterns) {
  patterns.add<CheckpointLowering, ScanLowering, RevolveScanLowering,
               OffloadLowering, ReloadLowering>(converter,
                                                patterns.getContext());
}
