//===- SliceCopies.cpp - pads and slice insertions as vectorizable copies -===//
//
// One-shot bufferization turns `tensor.pad` into a linalg.map that writes
// the padding value element by element (never vectorized) plus a memref.copy
// of the source into the interior, and a `tensor.insert_slice` of a value
// not computed in place into a memref.copy as well. A copy into a strided
// view (the interior of a padded tensor, the stride-s grid of a convolution
// gradient) lowers to memrefCopy, MLIR's generic runtime copy, one element
// at a time: 37% of a padded 3x3 convolution.
//
// Before tiling, remat-tile-and-vectorize rewrites both into destination
// form, which bufferizes without copies and vectorizes like any other op:
//
//   tensor.pad %src low[...] high[...] { yield %v }
//     -> %t = linalg.fill %v into tensor.empty
//        %s = tensor.extract_slice %t[low][src sizes][1]
//        %c = linalg.copy ins(%src) outs(%s)
//        tensor.insert_slice %c into %t[low][src sizes][1]
//   tensor.insert_slice %src into %dest[o][z][s]
//     -> %s = tensor.extract_slice %dest[o][z][s]
//        %c = linalg.copy ins(%src) outs(%s)
//        tensor.insert_slice %c into %dest[o][z][s]
//
// The same buffers are allocated as before (the padded tensor, the
// destination), so the memory the planner counts does not change.
//
// Once the copy is tiled into loops, bufferization still ends the rewrite
// with a memref.copy of the slice onto itself (the loops' result and a
// second memref.subview of the same slice: it relies on CSE to fold it,
// which the pipeline must not run). remat-drop-self-copies erases such
// copies after bufferization: a copy whose source and target are the same
// view of the same buffer, looking through loop-carried buffers that pass
// through unchanged and through identical subviews.
//
//===----------------------------------------------------------------------===//

#include "SliceCopies.h"

#include "remat/Pipelines/CPU/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"

namespace remat {
#define GEN_PASS_DEF_DROPSELFCOPIES
#include "remat/Pipelines/CPU/Passes.h.inc"
} // namespace remat

using namespace mlir;

namespace {

/// Whether `value` is already computed into the slice `insert` writes: a
/// destination-style op whose init is the same slice of the same tensor.
bool computedInPlace(tensor::InsertSliceOp insert) {
  auto producer = insert.getSource().getDefiningOp<DestinationStyleOpInterface>();
  if (!producer)
    return false;
  auto result = cast<OpResult>(insert.getSource());
  auto slice = producer.getTiedOpOperand(result)
                   ->get()
                   .getDefiningOp<tensor::ExtractSliceOp>();
  return slice && slice.getSource() == insert.getDest() &&
         slice.getMixedOffsets() == insert.getMixedOffsets() &&
         slice.getMixedSizes() == insert.getMixedSizes() &&
         slice.getMixedStrides() == insert.getMixedStrides();
}

/// `source` copied into `dest` at the given slice, in destination form; null
/// (nothing created) when the slice's rank-reduced type is not the source's.
Value copyIntoSlice(RewriterBase &rewriter, Location loc, Value source,
                    Value dest, ArrayRef<OpFoldResult> offsets,
                    ArrayRef<OpFoldResult> sizes,
                    ArrayRef<OpFoldResult> strides) {
  auto sourceType = cast<RankedTensorType>(source.getType());
  auto sliceType = tensor::ExtractSliceOp::inferCanonicalRankReducedResultType(
      sourceType.getRank(), cast<RankedTensorType>(dest.getType()), sizes);
  if (sliceType != sourceType)
    return Value();
  Value slice = tensor::ExtractSliceOp::create(rewriter, loc, sliceType, dest,
                                               offsets, sizes, strides);
  Value copied =
      linalg::CopyOp::create(rewriter, loc, source, slice).getResult(0);
  return tensor::InsertSliceOp::create(rewriter, loc, copied, dest, offsets,
                                       sizes, strides);
}

} // namespace

void remat::rewriteSliceCopies(RewriterBase &rewriter, func::FuncOp func) {
  SmallVector<tensor::PadOp> pads;
  SmallVector<tensor::InsertSliceOp> inserts;
  func.walk([&](Operation *op) {
    if (auto pad = dyn_cast<tensor::PadOp>(op))
      pads.push_back(pad);
    else if (auto insert = dyn_cast<tensor::InsertSliceOp>(op))
      inserts.push_back(insert);
  });

  for (tensor::InsertSliceOp insert : inserts) {
    if (!insert.getSourceType().hasStaticShape() ||
        !insert.getDestType().hasStaticShape() || computedInPlace(insert))
      continue;
    rewriter.setInsertionPoint(insert);
    Value result = copyIntoSlice(rewriter, insert.getLoc(), insert.getSource(),
                                 insert.getDest(), insert.getMixedOffsets(),
                                 insert.getMixedSizes(),
                                 insert.getMixedStrides());
    if (result)
      rewriter.replaceOp(insert, result);
  }

  for (tensor::PadOp pad : pads) {
    Value padding = pad.getConstantPaddingValue();
    RankedTensorType type = pad.getResultType();
    if (!padding || !type.hasStaticShape() ||
        !pad.getSourceType().hasStaticShape() || pad.getNofold())
      continue;
    Location loc = pad.getLoc();
    rewriter.setInsertionPoint(pad);
    // A constant yielded from inside the pad's region goes with the pad:
    // the fill needs a copy of it outside.
    if (pad.getRegion().isAncestor(padding.getParentRegion()))
      padding = rewriter.clone(*padding.getDefiningOp())->getResult(0);
    // The fill and the copy's slice have the source's rank: no rank
    // reduction can get in the way.
    Value empty = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                          type.getElementType());
    Value filled =
        linalg::FillOp::create(rewriter, loc, padding, empty).getResult(0);
    SmallVector<OpFoldResult> sizes, strides;
    for (int64_t size : pad.getSourceType().getShape()) {
      sizes.push_back(rewriter.getIndexAttr(size));
      strides.push_back(rewriter.getIndexAttr(1));
    }
    Value result = copyIntoSlice(rewriter, loc, pad.getSource(), filled,
                                 pad.getMixedLowPad(), sizes, strides);
    rewriter.replaceOp(pad, result);
  }
}

namespace {

/// `value` with loop-carried pass-throughs looked through: the result of an
/// scf.for that yields its iteration argument unchanged (directly or through
/// nested loops that do) is the loop's init. Recurses once per loop level.
Value passThrough(Value value) {
  while (auto result = dyn_cast<OpResult>(value)) {
    auto loop = dyn_cast<scf::ForOp>(result.getOwner());
    if (!loop)
      break;
    unsigned i = result.getResultNumber();
    if (passThrough(loop.getYieldedValues()[i]) != loop.getRegionIterArgs()[i])
      break;
    value = loop.getInits()[i];
  }
  return value;
}

/// Whether `a` and `b` are the same view of the same buffer: equal chains
/// of subviews (walked iteratively) over one value.
bool sameView(Value a, Value b) {
  while (true) {
    a = passThrough(a);
    b = passThrough(b);
    if (a == b)
      return true;
    auto sa = a.getDefiningOp<memref::SubViewOp>();
    auto sb = b.getDefiningOp<memref::SubViewOp>();
    if (!sa || !sb || sa.getType() != sb.getType() ||
        sa.getMixedOffsets() != sb.getMixedOffsets() ||
        sa.getMixedSizes() != sb.getMixedSizes() ||
        sa.getMixedStrides() != sb.getMixedStrides())
      return false;
    a = sa.getSource();
    b = sb.getSource();
  }
}

struct DropSelfCopiesPass final
    : remat::impl::DropSelfCopiesBase<DropSelfCopiesPass> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation().walk([&](memref::CopyOp copy) {
      if (sameView(copy.getSource(), copy.getTarget()))
        copies.push_back(copy);
    });
    for (memref::CopyOp copy : copies)
      copy.erase();
  }
};

} // namespace
