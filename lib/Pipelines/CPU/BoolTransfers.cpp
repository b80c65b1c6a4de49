//===- BoolTransfers.cpp - i1 vector transfers element by element ---------===//
//
// A memref of i1 holds one byte per element (LLVM's store size of i1), but
// LLVM loads and stores a vector of i1 as packed bits: `load <48 x i1>`
// reads 6 bytes. So a vector transfer of i1 elements disagrees with the
// scalar layout, and with a transfer of another length: a mask written by
// 48-lane tiles (an f32 arith.cmpf over rows of 96) and read by 32-lane tiles
// (an f16 arith.select) reads the wrong bits. Only foreign ops (arith.cmpf
// and friends on tensors) make i1 tensors; their transfers, once bufferized
// and unrolled to 1-D, become one scalar load or store per element, which
// matches the byte layout everywhere. The arithmetic on the i1 vectors
// themselves stays vectorized.
//
//===----------------------------------------------------------------------===//

#include "remat/Pipelines/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace remat {
#define GEN_PASS_DEF_SCALARIZEBOOLTRANSFERS
#include "remat/Pipelines/CPU/Passes.h.inc"
} // namespace remat

using namespace mlir;

namespace {

/// Whether a transfer of `vectorType` from or to `base` is one this file
/// rewrites: a fixed-length 1-D vector of i1 and a memref of rank >= 1.
bool isBoolTransfer(VectorType vectorType, Value base) {
  auto memref = dyn_cast<MemRefType>(base.getType());
  return memref && memref.getRank() >= 1 &&
         vectorType.getElementType().isInteger(1) &&
         vectorType.getRank() == 1 && !vectorType.isScalable();
}

/// Whether a transfer reads or writes consecutive elements of the memref's
/// innermost dimension, all in bounds, unmasked.
bool isContiguousInBounds(VectorTransferOpInterface op) {
  return !op.getMask() && op.getPermutationMap().isMinorIdentity() &&
         op.isDimInBounds(0);
}

/// `indices` with `offset` added to the innermost one.
SmallVector<Value> shifted(OpBuilder &b, Location loc, ValueRange indices,
                           int64_t offset) {
  SmallVector<Value> result(indices);
  if (offset != 0)
    result.back() = arith::AddIOp::create(
        b, loc, result.back(), arith::ConstantIndexOp::create(b, loc, offset));
  return result;
}

/// One memref.load per element, gathered with vector.from_elements.
Value loadElements(PatternRewriter &rewriter, Location loc, Value base,
                   ValueRange indices, VectorType type) {
  SmallVector<Value> elements;
  for (int64_t i = 0, e = type.getDimSize(0); i < e; ++i)
    elements.push_back(memref::LoadOp::create(
        rewriter, loc, base, shifted(rewriter, loc, indices, i)));
  return vector::FromElementsOp::create(rewriter, loc, type, elements);
}

/// One memref.store per element.
void storeElements(PatternRewriter &rewriter, Location loc, Value vector,
                   Value base, ValueRange indices) {
  auto type = cast<VectorType>(vector.getType());
  for (int64_t i = 0, e = type.getDimSize(0); i < e; ++i) {
    Value element = vector::ExtractOp::create(rewriter, loc, vector, i);
    memref::StoreOp::create(rewriter, loc, element, base,
                            shifted(rewriter, loc, indices, i));
  }
}

struct BoolTransferRead final : OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferReadOp op,
                                PatternRewriter &rewriter) const override {
    if (!isBoolTransfer(op.getVectorType(), op.getBase()) ||
        !isContiguousInBounds(op))
      return failure();
    rewriter.replaceOp(op, loadElements(rewriter, op.getLoc(), op.getBase(),
                                        op.getIndices(), op.getVectorType()));
    return success();
  }
};

struct BoolTransferWrite final : OpRewritePattern<vector::TransferWriteOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferWriteOp op,
                                PatternRewriter &rewriter) const override {
    if (!isBoolTransfer(op.getVectorType(), op.getBase()) ||
        !isContiguousInBounds(op) || op->getNumResults() != 0)
      return failure();
    storeElements(rewriter, op.getLoc(), op.getVector(), op.getBase(),
                  op.getIndices());
    rewriter.eraseOp(op);
    return success();
  }
};

struct BoolLoad final : OpRewritePattern<vector::LoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::LoadOp op,
                                PatternRewriter &rewriter) const override {
    if (!isBoolTransfer(op.getVectorType(), op.getBase()))
      return failure();
    rewriter.replaceOp(op, loadElements(rewriter, op.getLoc(), op.getBase(),
                                        op.getIndices(), op.getVectorType()));
    return success();
  }
};

struct BoolStore final : OpRewritePattern<vector::StoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::StoreOp op,
                                PatternRewriter &rewriter) const override {
    if (!isBoolTransfer(op.getVectorType(), op.getBase()))
      return failure();
    storeElements(rewriter, op.getLoc(), op.getValueToStore(), op.getBase(),
                  op.getIndices());
    rewriter.eraseOp(op);
    return success();
  }
};

struct ScalarizeBoolTransfersPass final
    : remat::impl::ScalarizeBoolTransfersBase<ScalarizeBoolTransfersPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<BoolTransferRead, BoolTransferWrite, BoolLoad, BoolStore>(
        &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

