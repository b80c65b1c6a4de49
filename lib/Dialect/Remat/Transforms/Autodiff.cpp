//===- Autodiff.cpp - the remat-autodiff pass -----------------------------===//
//
// Reverse-mode differentiation of a function body, op by op:
//   1. clone @f into @f_grad and number its forward ops (remat.fwd_id);
//   2. find the active values: those depending on a selected argument;
//   3. walk the forward ops backwards (checkpoint bodies included), asking
//      each active op with a cotangent for its VJP through
//      RematGradientOpInterface, tagging what it builds with remat.vjp_of and
//      summing the cotangents of values read several times;
//   4. let checkpoint regions yield the values their backward reads;
//   5. return the loss and the gradients; drop forward ops nothing needs.
// Walks are iterative (training graphs are deep).
//
//===----------------------------------------------------------------------===//

#include "remat/Dialect/Remat/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "remat/Analysis/GraphProblem.h"
#include "remat/Dialect/Remat/IR/FlatSchedule.h"
#include "remat/Dialect/Remat/IR/RematOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"

namespace remat {
#define GEN_PASS_DEF_AUTODIFF
#include "remat/Dialect/Remat/Transforms/Passes.h.inc"
} // namespace remat

using namespace mlir;
using namespace remat;

namespace {

/// Whether `type` is a tensor of floats (the values that carry gradients).
bool isFloatTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && isa<FloatType>(tensor.getElementType());
}

/// Collects the ops a VJP rule creates.
struct CreatedOps final : OpBuilder::Listener {
  void notifyOperationInserted(Operation *op, OpBuilder::InsertPoint) override {
    ops.push_back(op);
  }
  SmallVector<Operation *> ops;
};

/// Differentiates one function.
class Differentiator {
public:
  Differentiator(func::FuncOp forward, ArrayRef<unsigned> wrt, unsigned loss)
      : forward(forward), wrtOption(wrt), lossIndex(loss),
        builder(forward.getContext()) {}

  LogicalResult run();

private:
  LogicalResult checkOptions();
  /// Adds `grad` to the cotangent of `value`.
  void accumulate(Value value, Value grad, IntegerAttr tag);
  /// Builds the VJP of one op; failure after a diagnostic.
  LogicalResult differentiateOp(Operation *op);
  /// Makes every checkpoint yield the values its backward reads.
  void exposeResiduals();
  void removeDeadForwardOps();

  func::FuncOp forward, grad;
  ArrayRef<unsigned> wrtOption;
  SmallVector<unsigned> wrt;
  unsigned lossIndex;
  OpBuilder builder;
  llvm::DenseSet<Value> active;
  llvm::DenseMap<Value, Value> adjoints;
};

} // namespace

LogicalResult Differentiator::checkOptions() {
  // (External functions are never targets: see runOnOperation.)
  Region &body = forward.getBody();
  if (!body.hasOneBlock())
    return forward.emitError("remat-autodiff: @")
           << forward.getSymName() << " has " << body.getBlocks().size()
           << " blocks; remat-autodiff differentiates a function body of one "
              "block (straight-line code; use remat.scan for loops)";
  FunctionType type = forward.getFunctionType();
  if (lossIndex >= type.getNumResults())
    return forward.emitError("remat-autodiff: loss=")
           << lossIndex << " is out of range: @" << forward.getSymName()
           << " has " << type.getNumResults() << " result(s)";
  auto lossType = dyn_cast<RankedTensorType>(type.getResult(lossIndex));
  if (!lossType || lossType.getRank() != 0 ||
      !isa<FloatType>(lossType.getElementType()))
    return forward.emitError("remat-autodiff: the loss (result #")
           << lossIndex << " of @" << forward.getSymName()
           << ") must be a scalar, a 0-d float tensor, but has type "
           << type.getResult(lossIndex)
           << "; reduce it first (e.g. remat.reduce_mean over all dims)";
  if (wrtOption.empty()) {
    for (unsigned i = 0; i < type.getNumInputs(); ++i)
      if (isFloatTensor(type.getInput(i)))
        wrt.push_back(i);
  }
  for (unsigned index : wrtOption) {
    if (index >= type.getNumInputs())
      return forward.emitError("remat-autodiff: wrt=")
             << index << " is out of range: @" << forward.getSymName()
             << " has " << type.getNumInputs() << " argument(s)";
    if (!isFloatTensor(type.getInput(index)))
      return forward.emitError("remat-autodiff: argument #")
             << index << " of @" << forward.getSymName() << " has type "
             << type.getInput(index)
             << ", which is not a float tensor and has no gradient";
    if (!llvm::is_contained(wrt, index))
      wrt.push_back(index);
  }
  // A gradient is a tensor of the argument's type, built from remat ops.
  for (unsigned index : wrt)
    if (!isNonEmptyAndModelable(cast<ShapedType>(type.getInput(index))))
      return forward.emitError("remat-autodiff: argument #")
             << index << " of @" << forward.getSymName() << " has type "
             << type.getInput(index)
             << ": its gradient would be an empty or over-large tensor, "
                "which remat ops do not take (exclude it with wrt=)";
  return success();
}

void Differentiator::accumulate(Value value, Value grad, IntegerAttr tag) {
  auto it = adjoints.find(value);
  if (it == adjoints.end()) {
    adjoints[value] = grad;
    return;
  }
  auto sum = AddOp::create(builder, grad.getLoc(), it->second, grad);
  if (tag)
    sum->setAttr(kVjpOfAttr, tag);
  it->second = sum;
}

LogicalResult Differentiator::differentiateOp(Operation *op) {
  SmallVector<Value> resultGrads;
  bool anyGrad = false;
  for (Value result : op->getResults()) {
    Value g = adjoints.lookup(result);
    resultGrads.push_back(g);
    anyGrad |= static_cast<bool>(g);
  }
  bool anyActive = llvm::any_of(op->getOperands(),
                                [&](Value v) { return active.contains(v); });
  if (!anyGrad || !anyActive)
    return success();
  auto rule = dyn_cast<RematGradientOpInterface>(op);
  if (!rule)
    return op->emitError("remat-autodiff: no gradient rule for '")
           << op->getName()
           << "', which lies on a path from a differentiated argument to "
              "the loss (differentiate fewer arguments with wrt=, or "
              "express it with remat ops)";
  CreatedOps created;
  builder.setListener(&created);
  SmallVector<Value> operandGrads;
  LogicalResult built = rule.buildVJP(builder, resultGrads, operandGrads);
  builder.setListener(nullptr);
  auto tag = op->getAttrOfType<IntegerAttr>(kForwardIdAttr);
  for (Operation *newOp : created.ops)
    newOp->setAttr(kVjpOfAttr, tag);
  if (failed(built))
    return failure();
  if (operandGrads.size() != op->getNumOperands())
    return op->emitError("remat-autodiff: the gradient rule of '")
           << op->getName() << "' returned " << operandGrads.size()
           << " operand gradient(s) for " << op->getNumOperands()
           << " operand(s)";
  for (auto [operand, g] : llvm::zip(op->getOperands(), operandGrads)) {
    if (!g || !active.contains(operand))
      continue;
    if (g.getType() != operand.getType())
      return op->emitError("remat-autodiff: the gradient rule of '")
             << op->getName() << "' produced type " << g.getType()
             << " for an operand of type " << operand.getType();
    accumulate(operand, g, tag);
  }
  return success();
}

void Differentiator::exposeResiduals() {
  SmallVector<CheckpointOp> checkpoints;
  grad.walk([&](CheckpointOp op) { checkpoints.push_back(op); });
  // Post-order: inner checkpoints first, so that a value two regions deep
  // is yielded by the inner one, then by the outer one.
  for (CheckpointOp checkpoint : checkpoints) {
    llvm::SetVector<Value> escaping;
    checkpoint.getBody().walk([&](Operation *inner) {
      for (Value result : inner->getResults())
        for (Operation *user : result.getUsers())
          if (!checkpoint->isAncestor(user))
            escaping.insert(result);
    });
    if (escaping.empty())
      continue;
    SmallVector<Type> types(checkpoint.getResultTypes());
    for (Value value : escaping)
      types.push_back(value.getType());
    builder.setInsertionPoint(checkpoint);
    auto widened = CheckpointOp::create(builder, checkpoint.getLoc(), types,
                                        checkpoint.getPolicy());
    widened->setDiscardableAttrs(checkpoint->getDiscardableAttrDictionary());
    widened.getBody().takeBody(checkpoint.getBody());
    YieldOp yield = widened.getYield();
    yield.getValuesMutable().append(escaping.getArrayRef());
    checkpoint.replaceAllUsesWith(
        widened.getResults().take_front(checkpoint.getNumResults()));
    checkpoint.erase();
    for (auto [i, escaped] : llvm::enumerate(escaping)) {
      Value value = escaped;
      Value result = widened.getResult(types.size() - escaping.size() + i);
      value.replaceUsesWithIf(result, [&](OpOperand &use) {
        return !widened->isAncestor(use.getOwner());
      });
    }
  }
}

void Differentiator::removeDeadForwardOps() {
  // Iterate to a fixed point: erasing an op can make its operands dead.
  bool changed = true;
  while (changed) {
    changed = false;
    SmallVector<Operation *> dead;
    grad.walk<WalkOrder::PostOrder>([&](Operation *op) {
      if (op != grad && op->use_empty() && op->getNumResults() != 0 &&
          !op->hasTrait<OpTrait::IsTerminator>() && isMemoryEffectFree(op))
        dead.push_back(op);
    });
    for (Operation *op : llvm::reverse(dead)) {
      op->erase();
      changed = true;
    }
  }
}

LogicalResult Differentiator::run() {
  if (failed(checkOptions()))
    return failure();
  ModuleOp module = forward->getParentOfType<ModuleOp>();
  std::string name = (forward.getSymName() + "_grad").str();
  if (module.lookupSymbol(name))
    return forward.emitError("remat-autodiff: cannot create @")
           << name << ": a symbol with that name exists";

  grad = cast<func::FuncOp>(forward->clone());
  grad.setSymName(name);
  module.insert(std::next(Block::iterator(forward)), grad);
  Block &body = grad.getBody().front();
  auto ret = cast<func::ReturnOp>(body.getTerminator());
  // The forward ops in program order, checkpoint bodies in place (the
  // return is not one of them).
  std::vector<FlatScheduleEntry> schedule = flattenCheckpoints(body);
  llvm::erase_if(schedule, [&](const FlatScheduleEntry &entry) {
    return entry.op == ret.getOperation();
  });

  // Number the forward ops; find the active values.
  Builder b(forward.getContext());
  int64_t nextId = 0;
  for (unsigned index : wrt)
    active.insert(body.getArgument(index));
  for (const FlatScheduleEntry &entry : schedule) {
    Operation *op = entry.op;
    if (entry.checkpointEnd) {
      auto checkpoint = cast<CheckpointOp>(op);
      for (auto [result, yielded] : llvm::zip(
               checkpoint.getResults(), checkpoint.getYield().getValues()))
        if (active.contains(yielded))
          active.insert(result);
      continue;
    }
    if (op->getNumResults() != 0)
      op->setAttr(kForwardIdAttr, b.getI64IntegerAttr(nextId++));
    bool anyActive = llvm::any_of(op->getOperands(),
                                  [&](Value v) { return active.contains(v); });
    if (anyActive)
      for (Value result : op->getResults())
        if (isFloatTensor(result.getType()))
          active.insert(result);
  }

  // Seed and sweep backwards, building before the return.
  Value loss = ret.getOperand(lossIndex);
  builder.setInsertionPoint(ret);
  auto lossType = cast<RankedTensorType>(loss.getType());
  Value seed = ConstantOp::create(
      builder, ret.getLoc(),
      DenseElementsAttr::get(
          lossType, builder.getFloatAttr(lossType.getElementType(), 1.0)));
  adjoints[loss] = seed;
  for (const FlatScheduleEntry &entry : llvm::reverse(schedule)) {
    if (entry.checkpointEnd) {
      auto checkpoint = cast<CheckpointOp>(entry.op);
      for (auto [result, yielded] : llvm::zip(
               checkpoint.getResults(), checkpoint.getYield().getValues()))
        if (Value g = adjoints.lookup(result))
          accumulate(yielded, g, IntegerAttr());
      continue;
    }
    if (failed(differentiateOp(entry.op)))
      return failure();
  }

  // Return the loss and the gradients (zeros where none flows).
  SmallVector<Value> results{loss};
  for (unsigned index : wrt) {
    Value arg = body.getArgument(index);
    Value g = adjoints.lookup(arg);
    if (!g) {
      auto type = cast<RankedTensorType>(arg.getType());
      g = ConstantOp::create(
          builder, ret.getLoc(),
          DenseElementsAttr::get(
              type, builder.getFloatAttr(type.getElementType(), 0.0)));
    }
    results.push_back(g);
  }
  func::ReturnOp::create(builder, ret.getLoc(), results);
  ret.erase();
  // Tools (remat-run --check-gradients) find the primal and the argument of
  // each gradient here.
  SmallVector<int64_t> wrtIndices(wrt.begin(), wrt.end());
  grad->setAttr("remat.primal",
                FlatSymbolRefAttr::get(forward.getSymNameAttr()));
  grad->setAttr("remat.wrt", b.getDenseI64ArrayAttr(wrtIndices));
  grad.setFunctionType(FunctionType::get(grad.getContext(),
                                         grad.getArgumentTypes(),
                                         ValueRange(results).getTypes()));
  exposeResiduals();
  removeDeadForwardOps();
  return success();
}

namespace {

struct AutodiffPass final : remat::impl::AutodiffBase<AutodiffPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> targets;
    if (functions.empty()) {
      for (auto func : module.getOps<func::FuncOp>()) {
        FunctionType type = func.getFunctionType();
        auto lossType = loss < type.getNumResults()
                            ? dyn_cast<RankedTensorType>(type.getResult(loss))
                            : RankedTensorType();
        if (!func.isExternal() && func.isPublic() && lossType &&
            lossType.getRank() == 0 &&
            isa<FloatType>(lossType.getElementType()) &&
            !func.getSymName().ends_with("_grad"))
          targets.push_back(func);
      }
    } else {
      for (const std::string &name : functions) {
        auto func = module.lookupSymbol<func::FuncOp>(name);
        if (!func || func.isExternal()) {
          module.emitError("remat-autodiff: no function named '")
              << name << "' to differentiate (functions option)";
          return signalPassFailure();
        }
        targets.push_back(func);
      }
    }
    for (func::FuncOp func : targets)
      if (failed(Differentiator(func, wrt, loss).run()))
        return signalPassFailure();
  }
};

} // namespace
