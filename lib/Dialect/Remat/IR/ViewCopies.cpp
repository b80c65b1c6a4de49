//===- ViewCopies.cpp - views the CPU lowering must copy ------------------===//

#include "remat/Dialect/Remat/IR/ViewCopies.h"

#include "remat/Dialect/Remat/IR/RematOps.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;
using namespace remat;

namespace {

/// Whether `op` is one of the ops that lower to views.
bool isViewKind(Operation *op) {
  return op && isa<ReshapeOp, SliceOp, NameOp>(op);
}

/// Whether `value` leaves the function: returned by func.return, directly
/// or as a result of the checkpoints that yield it.
bool isReturned(Value value) {
  llvm::SmallVector<Value> worklist{value};
  while (!worklist.empty()) {
    Value current = worklist.pop_back_val();
    for (OpOperand &use : current.getUses()) {
      Operation *user = use.getOwner();
      if (isa<func::ReturnOp>(user))
        return true;
      if (isa<YieldOp>(user))
        if (auto checkpoint = dyn_cast<CheckpointOp>(user->getParentOp()))
          worklist.push_back(checkpoint.getResult(use.getOperandNumber()));
    }
  }
  return false;
}

/// Whether `value` lives for the whole call: a function argument or a
/// constant.
bool isResident(Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value))
    return isa<func::FuncOp>(arg.getOwner()->getParentOp());
  Operation *def = value.getDefiningOp();
  return def && def->hasTrait<OpTrait::ConstantLike>();
}

/// Whether a slice of a contiguous buffer is contiguous: unit strides, and
/// some dimension d such that the slice takes one index of every dimension
/// before d and all of every dimension after it (a range of rows of a
/// stacked tensor, for instance). A reshape of it is then a view too.
bool isContiguousSlice(SliceOp slice) {
  ArrayRef<int64_t> source =
      cast<RankedTensorType>(slice.getInput().getType()).getShape();
  ArrayRef<int64_t> result = slice.getType().getShape();
  if (llvm::any_of(slice.getEffectiveStrides(),
                   [](int64_t stride) { return stride != 1; }))
    return false;
  // The first dimension taken partly: after it every one is taken whole,
  // before it every one has size 1.
  size_t d = 0;
  while (d < result.size() && result[d] == 1)
    ++d;
  for (size_t i = d + 1; i < result.size(); ++i)
    if (result[i] != source[i])
      return false;
  return true;
}

} // namespace

bool remat::viewNeedsCopy(Operation *op) {
  if (!isViewKind(op))
    return false;
  // The chain of view ops `op` reads through, `op` first, up to the value
  // they all alias. Decided from the root down, iteratively: whether a view
  // copies depends on whether the views below it do.
  llvm::SmallVector<Operation *> chain{op};
  while (isViewKind(chain.back()->getOperand(0).getDefiningOp()))
    chain.push_back(chain.back()->getOperand(0).getDefiningOp());
  bool resident = isResident(chain.back()->getOperand(0));
  // Through any slice (a returned view is then not the identity layout the
  // C interface returns), and through a non-contiguous one (a reshape of it
  // would be a collapse of a strided buffer).
  bool throughSlice = false, throughStrided = false;
  bool copies = false;
  for (Operation *view : llvm::reverse(chain)) {
    bool slice = isa<SliceOp>(view);
    copies =
        (isa<ReshapeOp>(view) && throughStrided) ||
        (isReturned(view->getResult(0)) && (slice || throughSlice || resident));
    if (copies) {
      // A fresh, contiguous buffer of the function's own.
      resident = throughSlice = throughStrided = false;
    } else {
      throughSlice |= slice;
      throughStrided |= slice && !isContiguousSlice(cast<SliceOp>(view));
    }
  }
  return copies;
}
