//===- RematDialect.cpp - the remat dialect -------------------------------===//

#include "remat/Dialect/Remat/IR/RematDialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "remat/Dialect/Remat/IR/RematOps.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace remat;

#include "remat/Dialect/Remat/IR/RematDialect.cpp.inc"
#include "remat/Dialect/Remat/IR/RematEnums.cpp.inc"
#include "remat/Dialect/Remat/IR/RematInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "remat/Dialect/Remat/IR/RematAttrs.cpp.inc"

namespace {
/// Every remat op can be inlined: none refers to its enclosing function, and
/// checkpoint and scan bodies are self-contained. remat-rematerialize
/// refuses calls and asks for `-inline` first, which needs this.
struct RematInlinerInterface final : DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Operation *, bool) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void RematDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "remat/Dialect/Remat/IR/RematOps.cpp.inc"
      >();
  registerAttributes();
  addInterfaces<RematInlinerInterface>();
}

void RematDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "remat/Dialect/Remat/IR/RematAttrs.cpp.inc"
      >();
}

Operation *RematDialect::materializeConstant(OpBuilder &builder,
                                             Attribute value, Type type,
                                             Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, type, elements);
}

/// Whether `mark` asks for recomputation (must_ or prefer_recompute).
static bool isRecomputeMark(CheckpointMark mark) {
  return mark == CheckpointMark::MustRecompute ||
         mark == CheckpointMark::PreferRecompute;
}

/// Checks the discardable attributes users write: `remat.mark` must be a
/// #remat.mark, and a recompute mark must sit on an op that can be
/// recomputed (no side effects; dropout can, its mask being a function of
/// its seed and counter). The other `remat.` attributes are the passes'
/// bookkeeping and are not checked here.
LogicalResult RematDialect::verifyOperationAttribute(Operation *op,
                                                     NamedAttribute attr) {
  if (attr.getName() != kMarkAttrName)
    return success();
  auto mark = dyn_cast<CheckpointMarkAttr>(attr.getValue());
  if (!mark)
    return op->emitOpError("'")
           << kMarkAttrName << "' must be a #remat.mark<...> (must_save, "
           << "prefer_save, must_recompute or prefer_recompute), got "
           << attr.getValue();
  if (op->getNumResults() == 0)
    return op->emitOpError("has no result for '")
           << kMarkAttrName << "' to mark";
  if (isRecomputeMark(mark.getValue()) && !isRecomputable(op))
    return op->emitOpError("cannot be recomputed (it has side effects), so "
                           "it cannot be marked ")
           << stringifyCheckpointMark(mark.getValue())
           << "; mark it must_save or prefer_save, or drop the mark";
  return success();
}

bool remat::isRecomputable(Operation *op) {
  if (op->getNumResults() == 0)
    return false;
  if (isMemoryEffectFree(op))
    return true;
  // Dropout only when the user asks: its mask is a function of the seed and
  // the counter, so a recomputation reproduces it.
  auto mark = op->getAttrOfType<CheckpointMarkAttr>(kMarkAttrName);
  return isa<DropoutOp>(op) && mark && isRecomputeMark(mark.getValue());
}

bool remat::isHostTensorType(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && isa_and_nonnull<HostMemoryAttr>(tensor.getEncoding());
}
