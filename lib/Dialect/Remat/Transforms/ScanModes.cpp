//===- ScanModes.cpp - nested scans as nests of full scans ----------------===//

#include "remat/Dialect/Remat/Transforms/ScanModes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace remat;

int64_t remat::nestedBlockSize(ScanModeAttr mode, int64_t length) {
  if (mode.getBlockSize() > 0)
    return mode.getBlockSize();
  int64_t root = 1;
  while (root * root < length)
    ++root;
  // The carries kept at once are about L/k + k. A k dividing L avoids the
  // scan over the rest, and the slicing of the stacked operands it needs;
  // take the best divisor unless it keeps over a quarter more carries than
  // ceil(sqrt(L)) does.
  int64_t best = 1;
  for (int64_t k = 1; k * k <= length; ++k) {
    if (length % k != 0)
      continue;
    for (int64_t d : {k, length / k})
      if (length / d + d < length / best + best ||
          (length / d + d == length / best + best && d > best))
        best = d;
  }
  if (4 * (length / best + best) <= 5 * (length / root + root))
    return best;
  return root;
}

namespace {

/// `type` with `leading` in place of its dimension 0.
RankedTensorType withLeading(RankedTensorType type,
                             ArrayRef<int64_t> leading) {
  SmallVector<int64_t> shape(leading);
  llvm::append_range(shape, type.getShape().drop_front());
  return RankedTensorType::get(shape, type.getElementType(),
                               type.getEncoding());
}

/// Rows [begin, end) of a stacked tensor (a view).
Value rows(OpBuilder &b, Location loc, Value stacked, int64_t begin,
           int64_t end) {
  auto type = cast<RankedTensorType>(stacked.getType());
  SmallVector<int64_t> start(type.getRank(), 0);
  SmallVector<int64_t> limit(type.getShape());
  start[0] = begin;
  limit[0] = end;
  return SliceOp::create(b, loc, stacked, b.getDenseI64ArrayAttr(start),
                         b.getDenseI64ArrayAttr(limit), DenseI64ArrayAttr());
}

/// A full scan like `scan` (its body cloned, or moved when `take`) over
/// `inits` and `xs`.
ScanOp fullScanLike(OpBuilder &b, ScanOp scan, ValueRange inits, ValueRange xs,
                    int64_t length, bool take) {
  unsigned numCarries = scan.getNumCarries();
  TypeRange resultTypes = scan.getResultTypes();
  SmallVector<Type> types(resultTypes.take_front(numCarries));
  for (Type y : resultTypes.drop_front(numCarries))
    types.push_back(withLeading(cast<RankedTensorType>(y), {length}));
  auto full = ScanModeAttr::get(b.getContext(), ScanModeKind::Full, 0);
  auto result = ScanOp::create(b, scan.getLoc(), types, inits, xs, full,
                               scan.getReverse());
  result.getBody().getBlocks().clear();
  if (take) {
    result.getBody().takeBody(scan.getBody());
  } else {
    IRMapping mapping;
    scan.getBody().cloneInto(&result.getBody(), mapping);
  }
  return result;
}

void expand(ScanOp scan) {
  OpBuilder b(scan);
  Location loc = scan.getLoc();
  int64_t length = scan.getLength();
  int64_t k = nestedBlockSize(scan.getMode(), length);
  int64_t blocks = length / k, rest = length % k;
  bool reverse = scan.getReverse();
  unsigned numCarries = scan.getNumCarries();
  // The blocks cover [0, blocks*k), the rest the layers after; reversed,
  // the rest is [0, rest), run last.
  int64_t mainBegin = reverse ? rest : 0;
  int64_t mainEnd = mainBegin + blocks * k;
  SmallVector<Value> mainXs, restXs;
  for (Value x : scan.getXs()) {
    auto type = cast<RankedTensorType>(x.getType());
    Value part = rest == 0 ? x : rows(b, loc, x, mainBegin, mainEnd);
    mainXs.push_back(
        ReshapeOp::create(b, loc, withLeading(type, {blocks, k}), part));
    if (rest != 0)
      restXs.push_back(reverse ? rows(b, loc, x, 0, rest)
                               : rows(b, loc, x, mainEnd, length));
  }

  // The outer scan over blocks; its body, the inner scan over a block.
  TypeRange resultTypes = scan.getResultTypes();
  SmallVector<Type> outerTypes(resultTypes.take_front(numCarries));
  for (Type y : resultTypes.drop_front(numCarries))
    outerTypes.push_back(withLeading(cast<RankedTensorType>(y), {blocks, k}));
  auto full = ScanModeAttr::get(b.getContext(), ScanModeKind::Full, 0);
  auto outer = ScanOp::create(b, loc, outerTypes, scan.getInits(), mainXs,
                              full, reverse);
  outer->setDiscardableAttrs(scan->getDiscardableAttrDictionary());
  // The rest first: it clones the body the block scan then takes.
  ScanOp restScan;
  if (rest != 0) {
    restScan = fullScanLike(b, scan, outer.getResults().take_front(numCarries),
                            restXs, rest, /*take=*/false);
    restScan->setDiscardableAttrs(scan->getDiscardableAttrDictionary());
  }
  {
    OpBuilder::InsertionGuard guard(b);
    Block &outerBody = outer.getBody().front();
    b.setInsertionPointToEnd(&outerBody);
    auto args = outerBody.getArguments();
    ScanOp inner = fullScanLike(b, scan, args.take_front(numCarries),
                                args.drop_front(numCarries), k, /*take=*/true);
    YieldOp::create(b, loc, inner.getResults());
  }

  // The results: the last carries; the stacked outputs in layer order.
  SmallVector<Value> results(
      (restScan ? restScan : outer).getResults().take_front(numCarries));
  for (unsigned i = numCarries; i < scan.getNumResults(); ++i) {
    auto type = cast<RankedTensorType>(scan.getResult(i).getType());
    Value blocked = ReshapeOp::create(
        b, loc, withLeading(type, {blocks * k}), outer.getResult(i));
    if (rest == 0) {
      results.push_back(blocked);
      continue;
    }
    Value tail = restScan.getResult(i);
    SmallVector<Value> parts =
        reverse ? SmallVector<Value>{tail, blocked} : SmallVector<Value>{blocked, tail};
    results.push_back(ConcatOp::create(b, loc, type, parts, uint64_t(0)));
  }
  scan.replaceAllUsesWith(results);
  scan.erase();
}

} // namespace

void remat::expandNestedScans(Operation *root) {
  // One at a time: expanding a scan moves its body and clones it.
  while (true) {
    ScanOp next;
    root->walk([&](ScanOp scan) {
      if (scan.getMode().getKind() != ScanModeKind::Nested)
        return WalkResult::advance();
      next = scan;
      return WalkResult::interrupt();
    });
    if (!next)
      return;
    expand(next);
  }
}
