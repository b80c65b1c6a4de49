//===- Folders.cpp - folds and canonicalizations --------------------------===//
//
// Only the obvious, exact rewrites: transpose of transpose, reshape of
// reshape, multiplication by one, broadcast to the same shape, double
// negation, merging scales, and a scan of one layer as its body. remat.name is never folded away: policies and
// reports need its tag.
//
//===----------------------------------------------------------------------===//

#include "remat/Dialect/Remat/IR/RematOps.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace remat;

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

OpFoldResult NegOp::fold(FoldAdaptor) {
  if (auto inner = getInput().getDefiningOp<NegOp>())
    return inner.getInput();
  return {};
}

/// A conversion to the operand's own type is the operand; so is a round trip
/// through f32, which holds every f16 and bf16 value exactly (a round trip
/// through a narrower type rounds, and is kept).
OpFoldResult ConvertOp::fold(FoldAdaptor) {
  if (getInput().getType() == getType())
    return getInput();
  if (auto inner = getInput().getDefiningOp<ConvertOp>())
    if (inner.getInput().getType() == getType() &&
        getElementTypeOrSelf(inner.getType()).isF32())
      return inner.getInput();
  return {};
}

OpFoldResult MulOp::fold(FoldAdaptor) {
  if (matchPattern(getRhs(), m_OneFloat()))
    return getLhs();
  if (matchPattern(getLhs(), m_OneFloat()))
    return getRhs();
  return {};
}

OpFoldResult AddOp::fold(FoldAdaptor) {
  // x + (-0.0) == x for every x, including -0.0 (x + 0.0 is not: -0.0 + 0.0
  // is +0.0), so only the negative zero folds.
  if (matchPattern(getRhs(), m_NegZeroFloat()))
    return getLhs();
  if (matchPattern(getLhs(), m_NegZeroFloat()))
    return getRhs();
  return {};
}

OpFoldResult ScaleOp::fold(FoldAdaptor) {
  if (getFactor().convertToDouble() == 1.0)
    return getInput();
  return {};
}

namespace {
/// scale(scale(x, a), b) -> scale(x, a * b).
struct MergeScales final : OpRewritePattern<ScaleOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ScaleOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getInput().getDefiningOp<ScaleOp>();
    if (!inner)
      return failure();
    double factor = inner.getFactor().convertToDouble() *
                    op.getFactor().convertToDouble();
    rewriter.replaceOpWithNewOp<ScaleOp>(op, inner.getInput(),
                                         rewriter.getF64FloatAttr(factor));
    return success();
  }
};
} // namespace

void ScaleOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                          MLIRContext *context) {
  patterns.add<MergeScales>(context);
}

OpFoldResult BroadcastOp::fold(FoldAdaptor) {
  if (getInput().getType() != getResult().getType())
    return {};
  // Same shape and rank: with strictly increasing dims, they are the identity.
  return getInput();
}

OpFoldResult ReshapeOp::fold(FoldAdaptor) {
  if (getInput().getType() == getResult().getType())
    return getInput();
  if (auto inner = getInput().getDefiningOp<ReshapeOp>()) {
    getInputMutable().assign(inner.getInput());
    if (getInput().getType() == getResult().getType())
      return getInput();
    return getResult();
  }
  return {};
}

OpFoldResult TransposeOp::fold(FoldAdaptor) {
  ArrayRef<int64_t> perm = getPermutation();
  auto isIdentity = [](ArrayRef<int64_t> p) {
    for (auto [i, v] : llvm::enumerate(p))
      if (static_cast<int64_t>(i) != v)
        return false;
    return true;
  };
  if (isIdentity(perm))
    return getInput();
  auto inner = getInput().getDefiningOp<TransposeOp>();
  if (!inner)
    return {};
  // result[i] = input[perm[i]] = x[innerPerm[perm[i]]].
  ArrayRef<int64_t> innerPerm = inner.getPermutation();
  SmallVector<int64_t> composed;
  for (int64_t p : perm)
    composed.push_back(innerPerm[p]);
  if (isIdentity(composed))
    return inner.getInput();
  getInputMutable().assign(inner.getInput());
  setPermutation(composed);
  return getResult();
}

namespace {
/// A scan of one layer is its body, run once: each slice is its stacked
/// operand reshaped to drop the leading 1, each stacked output the yielded
/// value reshaped to add it back (reshapes are views: nothing is copied).
struct InlineSingleLayerScan final : OpRewritePattern<ScanOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ScanOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getXs().empty() || op.getLength() != 1)
      return rewriter.notifyMatchFailure(op, "not a scan of one layer");
    Block &body = op.getBody().front();
    unsigned numCarries = op.getNumCarries();
    IRMapping mapping;
    for (auto [arg, init] :
         llvm::zip(body.getArguments().take_front(numCarries), op.getInits()))
      mapping.map(arg, init);
    for (auto [arg, stacked] :
         llvm::zip(body.getArguments().drop_front(numCarries), op.getXs()))
      mapping.map(arg, ReshapeOp::create(rewriter, op.getLoc(), arg.getType(),
                                         stacked));
    for (Operation &nested : body.without_terminator())
      rewriter.clone(nested, mapping);
    SmallVector<Value> results;
    for (auto [i, yielded] : llvm::enumerate(op.getYield().getValues())) {
      Value value = mapping.lookupOrDefault(yielded);
      if (i >= numCarries)
        value = ReshapeOp::create(rewriter, op.getLoc(),
                                  op.getResult(i).getType(), value);
      results.push_back(value);
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};
} // namespace

void ScanOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                         MLIRContext *context) {
  patterns.add<InlineSingleLayerScan>(context);
}
