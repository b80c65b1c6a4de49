//===- StructureLowering.cpp - checkpoint, scan, offload, reload ----------===//
//
// A checkpoint region is inlined (its policy has done its work by now). A
// scan becomes an scf.for over the layers whose iteration arguments are the
// carries and the stacked per-layer outputs; each iteration reads a
// rank-reduced slice of every stacked operand and inserts its outputs in
// place. offload/reload copy into a fresh buffer: page-aligned for host
// memory, so the runtime can tell the two apart.
//
//===----------------------------------------------------------------------===//

#include "LoweringBuilders.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
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
Value newAlignedTensor(OpBuilder &b, Location loc, RankedTensorType type,
                       int64_t alignment) {
  auto memrefType = MemRefType::get(type.getShape(), type.getElementType());
  Value buffer = memref::AllocOp::create(b, loc, memrefType,
                                         b.getI64IntegerAttr(alignment));
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

struct ScanLowering final : OpConversionPattern<ScanOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned numCarries = op.getNumCarries();
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
    // The carries are updated in place (below), in a copy of each init: an
    // init may be a function argument, which the caller still owns.
    SmallVector<Value> iterInits;
    for (Value init : adaptor.getInits())
      iterInits.push_back(bufferization::AllocTensorOp::create(
          rewriter, loc, cast<RankedTensorType>(init.getType()), ValueRange{},
          init));
    // Stacked outputs in host memory (an offload scan's carries) are
    // allocated as remat.offload's copies are, page-aligned.
    for (Value result : op.getResults().drop_front(numCarries)) {
      auto type = cast<RankedTensorType>(result.getType());
      iterInits.push_back(
          isHostTensorType(type)
              ? newAlignedTensor(rewriter, loc,
                                 RankedTensorType::get(type.getShape(),
                                                       type.getElementType()),
                                 kHostBufferAlignment)
              : emptyTensor(rewriter, loc, type));
    }
    Value lb = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value ub = arith::ConstantIndexOp::create(rewriter, loc, op.getLength());
    Value step = arith::ConstantIndexOp::create(rewriter, loc, 1);
    auto loop = scf::ForOp::create(rewriter, loc, lb, ub, step, iterInits);
    Block *loopBody = loop.getBody();
    rewriter.setInsertionPointToStart(loopBody);
    // The layer this iteration runs: L - 1 - i for a reverse scan.
    Value iv = loop.getInductionVar();
    if (op.getReverse())
      iv = arith::SubIOp::create(
          rewriter, loc,
          arith::ConstantIndexOp::create(rewriter, loc, op.getLength() - 1),
          iv);
    // Block arguments of the scan body: carries, then layer slices.
    SmallVector<Value> bodyArgs(
        loop.getRegionIterArgs().take_front(numCarries));
    for (Value x : adaptor.getXs()) {
      auto stacked = cast<RankedTensorType>(x.getType());
      SmallVector<OpFoldResult> offsets, sizes, strides;
      layerSlice(rewriter, stacked, iv, offsets, sizes, strides);
      auto sliceType = RankedTensorType::get(stacked.getShape().drop_front(),
                                             stacked.getElementType());
      bodyArgs.push_back(tensor::ExtractSliceOp::create(
          rewriter, loc, sliceType, x, offsets, sizes, strides));
    }
    // Remove the implicit terminator scf.for created, if any, then move the
    // body in.
    if (!loopBody->empty() && isa<scf::YieldOp>(loopBody->back()))
      rewriter.eraseOp(&loopBody->back());
    YieldOp yield = op.getYield();
    // The body's carry arguments: the conversion rewriter replaces their
    // uses only when it commits, so the yield still names them.
    SmallVector<Value> bodyCarries(
        op.getBody().front().getArguments().take_front(numCarries));
    rewriter.inlineBlockBefore(&op.getBody().front(), loopBody,
                               loopBody->end(), bodyArgs);
    rewriter.setInsertionPoint(yield);
    // Each new carry is written into its iteration argument, so that the
    // loop yields values equivalent to its iteration arguments (what
    // One-Shot Bufferize needs to bufferize it without per-iteration
    // allocations).
    // A carry yielded unchanged is already there. The stacked outputs are
    // inserted first: one may be the incoming carry (autodiff stacks it),
    // which must be read before the new carry overwrites it.
    SmallVector<Value> stackedNext;
    SmallVector<OffloadOp> offloads;
    for (auto [i, y] :
         llvm::enumerate(yield.getValues().drop_front(numCarries))) {
      Value acc = loop.getRegionIterArgs()[numCarries + i];
      auto stacked = cast<RankedTensorType>(acc.getType());
      SmallVector<OpFoldResult> offsets, sizes, strides;
      layerSlice(rewriter, stacked, iv, offsets, sizes, strides);
      // An offloaded value is inserted straight into the host stack: that
      // copy is the transfer, and the offload's own copy goes.
      if (auto offload = y.getDefiningOp<OffloadOp>();
          offload &&
          isHostTensorType(op.getResult(numCarries + i).getType())) {
        y = offload.getInput();
        offloads.push_back(offload);
      }
      stackedNext.push_back(tensor::InsertSliceOp::create(
          rewriter, loc, y, acc, offsets, sizes, strides));
    }
    SmallVector<Value> next;
    for (auto [carry, bodyCarry, value] :
         llvm::zip(loop.getRegionIterArgs().take_front(numCarries),
                   bodyCarries, yield.getValues().take_front(numCarries)))
      next.push_back(value == carry || value == bodyCarry
                         ? Value(carry)
                         : bufferization::MaterializeInDestinationOp::create(
                               rewriter, loc, value, carry)
                               .getResult());
    llvm::append_range(next, stackedNext);
    rewriter.replaceOpWithNewOp<scf::YieldOp>(yield, next);
    for (OffloadOp offload : offloads)
      rewriter.eraseOp(offload);
    rewriter.replaceOp(op, loop.getResults());
    return success();
  }
};

/// Copies `input` into a new buffer with the given alignment, as a tensor.
Value copyToNewBuffer(OpBuilder &b, Location loc, Value input,
                      int64_t alignment) {
  auto type = cast<RankedTensorType>(input.getType());
  auto memrefType = MemRefType::get(type.getShape(), type.getElementType());
  Value source = bufferization::ToBufferOp::create(b, loc, memrefType, input,
                                                   /*read_only=*/true);
  Value buffer = memref::AllocOp::create(b, loc, memrefType,
                                         b.getI64IntegerAttr(alignment));
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
                                           adaptor.getInput(),
                                           kHostBufferAlignment));
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
                                           kDeviceBufferAlignment));
    return success();
  }
};

} // namespace

void remat::lowering::populateStructurePatterns(TypeConverter &converter,
                                                RewritePatternSet &patterns) {
  patterns.add<CheckpointLowering, ScanLowering, OffloadLowering,
               ReloadLowering>(converter, patterns.getContext());
}
