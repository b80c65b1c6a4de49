//===- OutlineKernels.cpp - each kernel's loop nest in a function ---------===//
//
// remat-lower-cpu ends its memref stage with the whole training step in one
// function, every kernel a loop nest in it. LLVM's loop passes do work per
// loop that grows with the function around it (ScalarEvolution walks the
// conditions dominating a loop back to the entry block), so compile time
// grows with the square of the step: 93 s for a MobileNetV2 step, 39 s of
// it in IndVarSimplify. This pass moves each top-level loop nest into a
// private `no_inline` function and calls it; nests that print the same
// share one function. Everything that allocates or frees stays in the step.
//
//===----------------------------------------------------------------------===//

#include "remat/Pipelines/CPU/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"

#include <limits>

namespace remat {
#define GEN_PASS_DEF_OUTLINEKERNELS
#include "remat/Pipelines/CPU/Passes.h.inc"
} // namespace remat

using namespace mlir;

namespace {

/// Whether `op` must stay in the step: it allocates or frees memory that
/// outlives a call (the stack's does not), or calls a function (whose
/// allocations the pass cannot see).
bool staysInStep(Operation *op) {
  if (isa<CallOpInterface>(op))
    return true;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return false;
  SmallVector<MemoryEffects::EffectInstance> list;
  effects.getEffects(list);
  return llvm::any_of(list, [](const MemoryEffects::EffectInstance &e) {
    return isa<MemoryEffects::Allocate, MemoryEffects::Free>(e.getEffect()) &&
           !isa<SideEffects::AutomaticAllocationScopeResource>(e.getResource());
  });
}

/// What a nest reads from outside it: the values it takes as arguments, in
/// order of first use, and the constants it clones.
struct Captures {
  llvm::SetVector<Value> arguments;
  llvm::SetVector<Operation *> constants;
};

/// The captures of `nest`, or failure when it must stay in the step: an op
/// in it stays (staysInStep), or it reads a buffer outside the default
/// memory space (host buffers, whose types remat-lower-host-memory rewrites
/// in the step only).
FailureOr<Captures> capture(Operation *nest) {
  Captures captures;
  WalkResult walk = nest->walk([&](Operation *op) {
    if (staysInStep(op))
      return WalkResult::interrupt();
    for (Value operand : op->getOperands()) {
      Operation *scope = operand.getParentRegion()->getParentOp();
      if (nest->isAncestor(scope))
        continue;
      auto memref = dyn_cast<BaseMemRefType>(operand.getType());
      if (memref && memref.getMemorySpace())
        return WalkResult::interrupt();
      Operation *def = operand.getDefiningOp();
      if (def && def->getNumOperands() == 0 && def->getNumRegions() == 0 &&
          matchPattern(def, m_Constant()))
        captures.constants.insert(def);
      else
        captures.arguments.insert(operand);
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  return captures;
}

/// The buffer `value` is a view of: through view ops (subview, reshapes,
/// casts) to the allocation, global or argument they start from.
Value bufferRoot(Value value) {
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>())
    value = view.getViewSource();
  return value;
}

/// Which arguments of a kernel can be `llvm.noalias`: the buffers that no
/// other argument can reach, views of an allocation (or global) that no
/// other argument is a view of. Within the call, memory reached through one
/// is reached through nothing else, as LLVM's noalias requires. The step's
/// own arguments are never (a caller may pass one buffer twice), and when
/// an argument's buffer cannot be traced to an allocation, a global or an
/// argument of the step (a loop-carried buffer, a select of two), it might
/// be any of the others: then none is.
SmallVector<bool> distinctBuffers(const Captures &captures) {
  SmallVector<Value> roots;
  bool traced = true;
  for (Value value : captures.arguments) {
    if (!isa<BaseMemRefType>(value.getType())) {
      roots.push_back(Value());
      continue;
    }
    Value root = bufferRoot(value);
    auto argument = dyn_cast<BlockArgument>(root);
    Operation *def = root.getDefiningOp();
    traced &=
        (argument &&
         isa<FunctionOpInterface>(argument.getOwner()->getParentOp())) ||
        isa_and_nonnull<memref::AllocOp, memref::AllocaOp, memref::GetGlobalOp>(
            def);
    roots.push_back(def ? root : Value());
  }
  SmallVector<bool> distinct;
  for (Value root : roots)
    distinct.push_back(traced && root && llvm::count(roots, root) == 1);
  return distinct;
}

/// The text that identifies a kernel: the function printed whole, without
/// locations and without eliding any constant, whatever the command line
/// asks of the printer.
std::string kernelKey(func::FuncOp kernel) {
  OpPrintingFlags flags;
  flags.enableDebugInfo(false, false)
      .elideLargeElementsAttrs(std::numeric_limits<int64_t>::max())
      .elideLargeResourceString(std::numeric_limits<int64_t>::max())
      .printGenericOpForm(false);
  std::string text;
  llvm::raw_string_ostream os(text);
  kernel->print(os, flags);
  return text;
}

struct OutlineKernelsPass final
    : remat::impl::OutlineKernelsBase<OutlineKernelsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The nests to outline, each with the function it leaves, found
    // before any function is added.
    SmallVector<std::pair<Operation *, func::FuncOp>> nests;
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal())
        continue;
      // In program order; a nest that stays is looked into.
      func.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (op->getNumRegions() == 0)
          return WalkResult::advance();
        if (failed(capture(op)))
          return WalkResult::advance();
        nests.emplace_back(op, func);
        return WalkResult::skip();
      });
    }

    SymbolTable symbols(module);
    llvm::StringMap<func::FuncOp> byKey;
    // Where the next new kernel goes: after its parent's last one.
    DenseMap<Operation *, Operation *> last;
    for (auto [nest, parent] : nests) {
      Operation *&after = last.try_emplace(parent, parent).first->second;
      if (func::FuncOp kernel = outline(nest, parent, after, symbols, byKey))
        after = kernel;
    }
  }

  /// Replaces `nest` with a call of its kernel: a new function, inserted
  /// after `after` and returned, or the one an earlier nest that printed
  /// the same made (then it returns null).
  func::FuncOp outline(Operation *nest, func::FuncOp parent, Operation *after,
                       SymbolTable &symbols,
                       llvm::StringMap<func::FuncOp> &byKey) {
    // Captured now: the results of a nest outlined before are calls'.
    Captures captures = *capture(nest);
    Location loc = nest->getLoc();
    OpBuilder b(&getContext());
    SmallVector<Type> argumentTypes;
    for (Value value : captures.arguments)
      argumentTypes.push_back(value.getType());
    // Named when kept, so that the name does not tell kernels apart.
    auto kernel = func::FuncOp::create(
        b, loc, "kernel",
        b.getFunctionType(argumentTypes, nest->getResultTypes()));
    Block *entry = kernel.addEntryBlock();
    b.setInsertionPointToStart(entry);
    IRMapping map;
    map.map(captures.arguments.getArrayRef(), entry->getArguments());
    for (Operation *constant : captures.constants)
      b.clone(*constant, map);
    Operation *copy = b.clone(*nest, map);
    func::ReturnOp::create(b, loc, copy->getResults());
    // Private, and internal and noinline once an llvm.func (func-to-llvm
    // carries both attributes over): inlined back, the kernels would make
    // the step one function again.
    kernel.setPrivate();
    kernel->setAttr(
        "llvm.linkage",
        LLVM::LinkageAttr::get(&getContext(), LLVM::Linkage::Internal));
    kernel->setAttr("passthrough", b.getArrayAttr(b.getStringAttr("noinline")));

    // Arguments are noalias where every call passes a distinct buffer: set
    // for a new kernel, kept on a shared one only where this call agrees.
    auto [it, isNew] = byKey.try_emplace(kernelKey(kernel), kernel);
    StringRef noAlias = LLVM::LLVMDialect::getNoAliasAttrName();
    for (auto [i, distinct] : llvm::enumerate(distinctBuffers(captures))) {
      if (isNew && distinct)
        kernel.setArgAttr(i, noAlias, b.getUnitAttr());
      else if (!isNew && !distinct)
        it->second.removeArgAttr(i, b.getStringAttr(noAlias));
    }
    if (isNew) {
      // Kept, named after its parent (symbols.insert makes the name
      // unique).
      kernel.setSymName((parent.getSymName() + "_kernel").str());
      symbols.insert(kernel, std::next(Block::iterator(after)));
    } else {
      kernel.erase();
    }
    b.setInsertionPoint(nest);
    auto call = func::CallOp::create(b, loc, it->second,
                                     captures.arguments.getArrayRef());
    nest->replaceAllUsesWith(call.getResults());
    nest->erase();
    return isNew ? kernel : func::FuncOp();
  }
};

} // namespace
