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
// Walks are iterative (training graphs are deep), and nothing rescans a
// checkpoint nest per region: step 4 numbers the ops once, so that "is this
// use inside that region" is two comparisons, and its cost is the number of
// yields it adds; step 5 is a worklist. Both are linear in the size of the
// joint graph they produce, whatever the nesting depth.
//
//===----------------------------------------------------------------------===//

#include "remat/Dialect/Remat/Transforms/Passes.h"

#include "FunctionOption.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "remat/Analysis/GraphProblem.h"
#include "remat/Core/ByteSize.h"
#include "remat/Core/Plan.h"
#include "remat/Core/RevolveScan.h"
#include "remat/Dialect/Remat/IR/FlatSchedule.h"
#include "remat/Dialect/Remat/IR/RematOps.h"
#include "remat/Dialect/Remat/IR/TypeSize.h"
#include "remat/Dialect/Remat/Transforms/ScanModes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Format.h"

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

/// Whether `type` is a tensor of an element type remat ops compute in
/// whose shape is unranked or dynamic: an argument the user means to
/// differentiate, which remat-autodiff must refuse rather than skip.
bool isUnshapedComputeTensor(Type type) {
  auto tensor = dyn_cast<TensorType>(type);
  return tensor &&
         isa<Float32Type, Float16Type, BFloat16Type>(tensor.getElementType()) &&
         !tensor.hasStaticShape();
}

/// Whether `type` holds floats: a tensor of any shape, another shaped type,
/// or a scalar.
bool isFloatValue(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return isa<FloatType>(shaped.getElementType());
  return isa<FloatType>(type);
}

/// Whether `type` is a float tensor remat ops compute in (f32, f16, bf16),
/// so that its gradient can be built: f64 has no remat ops, hence no rules.
bool isDifferentiableTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && !tensor.getEncoding() &&
         isa<Float32Type, Float16Type, BFloat16Type>(tensor.getElementType());
}

/// Numbers every op nested in a root in pre-order, without recursion, so
/// that whether an op lies inside another is two comparisons.
class OpNumbering {
public:
  explicit OpNumbering(Operation *root) {
    // (op, false): enter it; (op, true): its subtree is done.
    SmallVector<std::pair<Operation *, bool>> stack{{root, false}};
    while (!stack.empty()) {
      auto [op, done] = stack.pop_back_val();
      if (done) {
        range[op].second = next - 1;
        continue;
      }
      range[op] = {next, next};
      ++next;
      if (op->getNumRegions() == 0)
        continue;
      stack.push_back({op, true});
      for (Region &region : llvm::reverse(op->getRegions()))
        for (Block &block : llvm::reverse(region))
          for (Operation &inner : llvm::reverse(block))
            stack.push_back({&inner, false});
    }
  }

  /// Whether `op` is nested (at any depth) in `ancestor`'s regions.
  bool isProperAncestor(Operation *ancestor, Operation *op) const {
    auto outer = range.find(ancestor), inner = range.find(op);
    return outer != range.end() && inner != range.end() &&
           outer->second.first < inner->second.first &&
           inner->second.first <= outer->second.second;
  }

private:
  /// Each op's number and the largest number in its subtree.
  llvm::DenseMap<Operation *, std::pair<unsigned, unsigned>> range;
  unsigned next = 0;
};

/// `root` and the ops nested in it, inner ops before the op that holds
/// them, in program order otherwise; without recursion.
std::vector<Operation *> postOrder(Operation *root) {
  std::vector<Operation *> order;
  SmallVector<std::pair<Operation *, bool>> stack{{root, false}};
  while (!stack.empty()) {
    auto [op, expanded] = stack.pop_back_val();
    if (expanded || op->getNumRegions() == 0) {
      order.push_back(op);
      continue;
    }
    stack.push_back({op, true});
    for (Region &region : llvm::reverse(op->getRegions()))
      for (Block &block : llvm::reverse(region))
        for (Operation &inner : llvm::reverse(block))
          stack.push_back({&inner, false});
  }
  return order;
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
  /// `autoModes` replaces the modes of @f's `auto` scans, in pre-order
  /// (an `auto` scan past its end is differentiated as `full`); `name` is
  /// the new function's (default: @f_grad).
  Differentiator(func::FuncOp forward, ArrayRef<unsigned> wrt, unsigned loss,
                 ArrayRef<ScanModeAttr> autoModes = {}, std::string name = "")
      : forward(forward), wrtOption(wrt), lossIndex(loss),
        autoModes(autoModes), gradName(std::move(name)),
        builder(forward.getContext()) {}

  /// The new function (after a successful run).
  func::FuncOp getGrad() { return grad; }

  LogicalResult run();

private:
  LogicalResult checkOptions();
  /// Adds `grad` to the cotangent of `value`.
  void accumulate(Value value, Value grad, IntegerAttr tag);
  /// Builds the VJP of one op; failure after a diagnostic.
  LogicalResult differentiateOp(Operation *op);
  /// The VJP of a scan: a reverse scan (see the definition).
  LogicalResult differentiateScan(ScanOp scan);
  /// Fills the forward region of `backward`, a Revolve scan's backward,
  /// with a copy of `forwardScan`'s layer that computes the next carries
  /// only.
  void buildRevolveForward(RevolveScanOp backward, ScanOp forwardScan);
  /// For mode `none`: makes `forward` stack the values of the ops of its
  /// body (`originals`) that `backward` reads through their copies
  /// (`recomputed`), and `backward` read those slices instead; of a
  /// checkpoint region's values, those its policy saves (docs/autodiff.md).
  /// Returns the two new scans.
  std::pair<ScanOp, ScanOp> stackResiduals(ScanOp forward, ScanOp backward,
                                           ArrayRef<Operation *> originals,
                                           ArrayRef<Operation *> recomputed);
  /// Whether `op` reads an active value: as an operand, or, for an op of
  /// another dialect, from inside its regions.
  bool readsActive(Operation *op) const;
  /// Marks the values of `schedule` that depend on an active value.
  void propagateActivity(ArrayRef<FlatScheduleEntry> schedule);
  /// Sweeps `schedule` backwards, building VJPs at the builder's point.
  LogicalResult sweep(ArrayRef<FlatScheduleEntry> schedule);
  /// A zero tensor of `type`.
  Value zeros(Location loc, Type type);
  /// Erases `op` (and what its regions hold), first dropping every record
  /// of its values: a value created later may reuse an erased one's
  /// storage, and must not inherit its activity or cotangent.
  void eraseOp(Operation *op);
  /// Makes every checkpoint yield the values its backward reads.
  void exposeResiduals();
  void removeDeadForwardOps();

  func::FuncOp forward, grad;
  ArrayRef<unsigned> wrtOption;
  SmallVector<unsigned> wrt;
  unsigned lossIndex;
  ArrayRef<ScanModeAttr> autoModes;
  std::string gradName;
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
  Type resultType = type.getResult(lossIndex);
  auto lossType = dyn_cast<RankedTensorType>(resultType);
  if (!lossType || lossType.getRank() != 0 ||
      !isa<FloatType>(lossType.getElementType())) {
    InFlightDiagnostic diag =
        forward.emitError("remat-autodiff: the loss (result #")
        << lossIndex << " of @" << forward.getSymName()
        << ") must be a 0-d float tensor such as tensor<f32>, but has type "
        << resultType << "; ";
    auto tensor = dyn_cast<TensorType>(resultType);
    Type element = getElementTypeOrSelf(resultType);
    if (!isa<FloatType>(element))
      diag << "a loss must be a float to have a gradient";
    else if (!tensor)
      diag << "remat ops compute on tensors: return the loss as a "
           << RankedTensorType::get({}, element)
           << " (the result of a remat reduction over all dims)";
    else if (tensor.hasStaticShape() && tensor.getNumElements() == 1)
      diag << "it has one element: make it 0-d (remat.reshape to "
           << RankedTensorType::get({}, element)
           << ", or a reduction over all dims)";
    else
      diag << "reduce it to one element first (e.g. remat.reduce_mean over "
              "all dims)";
    return diag;
  }
  if (!isDifferentiableTensor(lossType))
    return forward.emitError("remat-autodiff: the loss (result #")
           << lossIndex << " of @" << forward.getSymName() << ") has type "
           << lossType
           << "; remat-autodiff differentiates f32, f16 and bf16 values, "
              "the element types remat ops compute in (compute the loss in "
              "one of them)";
  // By default every argument with a gradient: float tensors remat ops
  // compute in. Integer and f64 arguments get none (as jax.grad's argnums
  // would leave them out).
  if (wrtOption.empty()) {
    for (unsigned i = 0; i < type.getNumInputs(); ++i)
      if (isDifferentiableTensor(type.getInput(i)) ||
          isUnshapedComputeTensor(type.getInput(i)))
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
    if (!isDifferentiableTensor(type.getInput(index)))
      return forward.emitError("remat-autodiff: argument #")
             << index << " of @" << forward.getSymName() << " has type "
             << type.getInput(index)
             << "; remat-autodiff differentiates tensors of f32, f16 and "
                "bf16, the element types remat ops compute in (exclude it "
                "with wrt=, or convert it first)";
    if (!llvm::is_contained(wrt, index))
      wrt.push_back(index);
  }
  // A gradient is a tensor of the argument's type, built from remat ops.
  for (unsigned index : wrt)
    if (isUnshapedComputeTensor(type.getInput(index)))
      return forward.emitError("remat-autodiff: argument #")
             << index << " of @" << forward.getSymName() << " has type "
             << type.getInput(index)
             << ", whose shape is not static: remat-autodiff builds "
                "gradients of tensors with static shapes (give it one, or "
                "exclude it with wrt=)";
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
  if (!anyGrad || !readsActive(op))
    return success();
  if (auto scan = dyn_cast<ScanOp>(op))
    return differentiateScan(scan);
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

Value Differentiator::zeros(Location loc, Type type) {
  auto tensor = cast<RankedTensorType>(type);
  return ConstantOp::create(
      builder, loc,
      DenseElementsAttr::get(
          tensor, builder.getFloatAttr(tensor.getElementType(), 0.0)));
}

void Differentiator::eraseOp(Operation *op) {
  op->walk([&](Operation *inner) {
    for (Value result : inner->getResults()) {
      active.erase(result);
      adjoints.erase(result);
    }
    for (Region &region : inner->getRegions())
      for (Block &block : region)
        for (Value arg : block.getArguments()) {
          active.erase(arg);
          adjoints.erase(arg);
        }
  });
  op->erase();
}

bool Differentiator::readsActive(Operation *op) const {
  if (llvm::any_of(op->getOperands(),
                   [&](Value v) { return active.contains(v); }))
    return true;
  // An op of another dialect with regions (scf.execute_region, say) reads
  // what the ops inside read from outside: its results depend on that as
  // much as on an operand.
  if (op->getNumRegions() == 0 || op->getName().getDialectNamespace() ==
                                      RematDialect::getDialectNamespace())
    return false;
  WalkResult found = op->walk([&](Operation *inner) {
    for (Value v : inner->getOperands())
      if (active.contains(v) &&
          !op->isAncestor(v.getParentRegion()->getParentOp()))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return found.wasInterrupted();
}

void Differentiator::propagateActivity(ArrayRef<FlatScheduleEntry> schedule) {
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
    bool anyActive = readsActive(op);
    // Every float result of an active op is active, whatever its shape:
    // the sweep then refuses an op without a gradient rule (a cast to an
    // unranked tensor, a tensor.extract) instead of giving what it feeds a
    // zero gradient.
    if (anyActive)
      for (Value result : op->getResults())
        if (isFloatValue(result.getType()))
          active.insert(result);
  }
}

LogicalResult Differentiator::sweep(ArrayRef<FlatScheduleEntry> schedule) {
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
  return success();
}

/// The VJP of `scan` (L layers, carries c, stacked operands xs, stacked
/// outputs ys), as jax.lax.scan's transpose with the layer recomputed
/// (`remat=True`): the forward scan also stacks the carry each layer
/// starts from; the backward is a reverse scan over those carries, the
/// stacked operands and the cotangents of ys, carrying the carries'
/// cotangent. Each of its iterations re-runs the layer's forward from its
/// carry, then that layer's VJP; it yields the carry cotangent for the layer
/// before and, stacked, the gradients of the layer's slices: the stacked
/// parameter gradients. That is mode `full`; the others differ in what the
/// forward stacks: `offload` stacks the carries in host memory and the
/// backward reloads each; `none` stacks what each layer's VJP reads
/// (stackResiduals), and the backward recomputes nothing but what a
/// checkpoint region in the body does not save; `nested` was
/// rewritten into full scans before (ScanModes.h); `revolve` stores only
/// Revolve's first checkpoints and the backward is a remat.revolve_scan
/// running the rest of its schedule, whose backward region is built as
/// the reverse scan's body is; `auto` was resolved before.
LogicalResult Differentiator::differentiateScan(ScanOp scan) {
  Location loc = scan.getLoc();
  unsigned numCarries = scan.getNumCarries();
  unsigned numXs = scan.getXs().size();
  // Gradients of values the body reads from above would have to be summed
  // over the layers: not supported, say how to write it instead.
  llvm::SetVector<Value> captured;
  getUsedValuesDefinedAbove(scan.getBody(), captured);
  for (Value value : captured)
    if (active.contains(value))
      return scan.emitError("remat-autodiff: the scan body reads a value "
                            "from outside that the loss depends on; pass it "
                            "in as a carry or a stacked operand so that its "
                            "gradient can be accumulated over the layers");

  // The cotangents of the results (before the forward scan is replaced).
  SmallVector<Value> resultGrads;
  for (Value result : scan.getResults())
    resultGrads.push_back(adjoints.lookup(result));

  // 1. The forward scan, also stacking each layer's incoming carry: in
  // host memory for `offload` (carries that can be moved); for `revolve`,
  // only the carries Revolve checkpoints before its first turn (a scan
  // with no carry, or of one layer, has nothing to checkpoint: it is
  // differentiated as `full`).
  ScanModeAttr modeAttr = scan.getMode();
  ScanModeKind mode = modeAttr.getKind();
  int64_t length = scan.getLength();
  if (mode == ScanModeKind::Revolve && (numCarries == 0 || length < 2)) {
    mode = ScanModeKind::Full;
    modeAttr = ScanModeAttr::get(scan.getContext(), mode, 0);
  }
  bool revolve = mode == ScanModeKind::Revolve;
  int64_t slots = 0, slotRows = 0;
  if (revolve) {
    slots = modeAttr.getRevolveSlots(length);
    RevolveScanPlan plan = planRevolveScan(length, slots);
    if (!plan.ok())
      return scan.emitError("remat-autodiff: ") << plan.error;
    slotRows = plan.slotRows;
  }
  SmallVector<bool> offloaded;
  SmallVector<Type> forwardTypes(scan.getResultTypes());
  for (Value init : scan.getInits()) {
    auto type = cast<RankedTensorType>(init.getType());
    bool moved = mode == ScanModeKind::Offload &&
                 OffloadOp::isOffloadableType(type);
    offloaded.push_back(moved);
    SmallVector<int64_t> shape{revolve ? slotRows : length};
    llvm::append_range(shape, type.getShape());
    forwardTypes.push_back(RankedTensorType::get(
        shape, type.getElementType(),
        moved ? HostMemoryAttr::get(type.getContext()) : Attribute()));
  }
  ScanOp forwardScan;
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(scan);
    forwardScan = ScanOp::create(builder, loc, forwardTypes, scan.getInits(),
                                 scan.getXs(), modeAttr, scan.getReverse());
    forwardScan.setSnapshots(revolve);
  }
  forwardScan->setDiscardableAttrs(scan->getDiscardableAttrDictionary());
  forwardScan.getBody().getBlocks().clear();
  forwardScan.getBody().takeBody(scan.getBody());
  YieldOp forwardYield = forwardScan.getYield();
  SmallVector<Value> yielded(forwardYield.getValues());
  llvm::DenseSet<Operation *> transfers; // not part of the layer
  for (auto [arg, moved] : llvm::zip(
           forwardScan.getBody().front().getArguments().take_front(numCarries),
           offloaded)) {
    if (revolve)
      break; // the scan stores its snapshots itself
    if (!moved) {
      yielded.push_back(arg);
      continue;
    }
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(forwardYield);
    auto offload = OffloadOp::create(builder, loc, arg);
    transfers.insert(offload);
    yielded.push_back(offload);
  }
  forwardYield->setOperands(yielded);
  for (auto [oldResult, newResult] :
       llvm::zip(scan.getResults(), forwardScan.getResults()))
    oldResult.replaceAllUsesWith(newResult);
  for (Value result : forwardScan.getResults().take_front(scan.getNumResults()))
    if (isFloatTensor(result.getType()))
      active.insert(result);
  SmallVector<Value> stackedCarries(
      forwardScan.getResults().drop_front(scan.getNumResults()));
  Block &body = forwardScan.getBody().front();

  // 2. The backward scan's operands: the differentiable carries'
  // cotangents (zeros where none flows), the stacked carries, the stacked
  // operands, and the stacked outputs' cotangents that exist.
  SmallVector<unsigned> diffCarries, diffXs, seededYs;
  for (unsigned i = 0; i < numCarries; ++i)
    if (isDifferentiableTensor(scan.getInits()[i].getType()))
      diffCarries.push_back(i);
  for (unsigned i = 0; i < numXs; ++i)
    if (isDifferentiableTensor(scan.getXs()[i].getType()) &&
        active.contains(scan.getXs()[i]))
      diffXs.push_back(i);
  for (unsigned i = numCarries; i < scan.getNumResults(); ++i)
    if (resultGrads[i])
      seededYs.push_back(i);
  SmallVector<Value> backInits, backXs, seeds;
  SmallVector<Type> backTypes;
  for (unsigned i : diffCarries) {
    Value g = resultGrads[i];
    backInits.push_back(g ? g : zeros(loc, scan.getInits()[i].getType()));
    backTypes.push_back(scan.getInits()[i].getType());
  }
  for (unsigned i : seededYs)
    seeds.push_back(resultGrads[i]);
  for (unsigned i : diffXs)
    backTypes.push_back(scan.getXs()[i].getType());
  // A reverse scan over the stacked carries, or for `revolve` the Revolve
  // schedule, whose backward region has the same arguments.
  ScanOp backward;
  RevolveScanOp revolveBackward;
  if (revolve) {
    revolveBackward = RevolveScanOp::create(
        builder, loc, backTypes, stackedCarries, backInits,
        forwardScan.getXs(), seeds, slots, scan.getReverse());
    buildRevolveForward(revolveBackward, forwardScan);
  } else {
    llvm::append_range(backXs, stackedCarries);
    llvm::append_range(backXs, forwardScan.getXs());
    llvm::append_range(backXs, seeds);
    backward = ScanOp::create(builder, loc, backTypes, backInits, backXs,
                              modeAttr, !scan.getReverse());
  }
  // The end of its body is where the layer's forward and VJP go.
  Block &backBody = revolve ? revolveBackward.getBackward().front()
                            : backward.getBody().front();
  unsigned numDiffCarries = diffCarries.size();
  ValueRange carryGrads = backBody.getArguments().take_front(numDiffCarries);
  SmallVector<Value> carries(
      backBody.getArguments().slice(numDiffCarries, numCarries));
  ValueRange slices =
      backBody.getArguments().slice(numDiffCarries + numCarries, numXs);
  ValueRange yGrads =
      backBody.getArguments().drop_front(numDiffCarries + numCarries + numXs);

  // 3. The layer's forward, recomputed from its carry (reloaded if it was
  // offloaded) and slices.
  builder.setInsertionPointToEnd(&backBody);
  for (auto [carry, moved] : llvm::zip(carries, offloaded))
    if (moved)
      carry = ReloadOp::create(builder, loc, carry);
  IRMapping mapping;
  for (auto [arg, carry] :
       llvm::zip(body.getArguments().take_front(numCarries), carries))
    mapping.map(arg, carry);
  for (auto [arg, slice] :
       llvm::zip(body.getArguments().drop_front(numCarries), slices))
    mapping.map(arg, slice);
  SmallVector<Operation *> recomputed;
  SmallVector<Operation *> originals;
  for (Operation &op : body.without_terminator()) {
    if (transfers.contains(&op))
      continue;
    originals.push_back(&op);
    recomputed.push_back(builder.clone(op, mapping));
  }

  // 4. Its VJP, seeded with the carry and output cotangents.
  for (auto [index, arg] : llvm::enumerate(carries))
    if (llvm::is_contained(diffCarries, index))
      active.insert(arg);
  for (unsigned i : diffXs)
    active.insert(slices[i]);
  std::vector<FlatScheduleEntry> schedule = flattenCheckpoints(backBody);
  propagateActivity(schedule);
  for (auto [k, i] : llvm::enumerate(diffCarries))
    accumulate(mapping.lookupOrDefault(forwardYield.getValues()[i]),
               carryGrads[k], IntegerAttr());
  for (auto [k, i] : llvm::enumerate(seededYs))
    accumulate(mapping.lookupOrDefault(forwardYield.getValues()[i]), yGrads[k],
               IntegerAttr());
  if (failed(sweep(schedule)))
    return failure();
  SmallVector<Value> backYield;
  for (unsigned i : diffCarries) {
    Value g = adjoints.lookup(carries[i]);
    backYield.push_back(g ? g : zeros(loc, carries[i].getType()));
  }
  for (unsigned i : diffXs) {
    Value g = adjoints.lookup(slices[i]);
    backYield.push_back(g ? g : zeros(loc, slices[i].getType()));
  }
  YieldOp::create(builder, loc, backYield);
  if (revolve)
    builder.setInsertionPointAfter(revolveBackward);
  else
    builder.setInsertionPointAfter(backward);
  // `none`: what the VJP reads of the layer is stacked by the forward scan
  // instead of recomputed.
  if (mode == ScanModeKind::None)
    std::tie(forwardScan, backward) =
        stackResiduals(forwardScan, backward, originals, recomputed);

  // 5. The scan's operand gradients: the carries' at layer 0 and the
  // stacked parameter gradients.
  Operation *backwardOp =
      revolve ? revolveBackward.getOperation() : backward.getOperation();
  for (auto [k, i] : llvm::enumerate(diffCarries))
    if (active.contains(forwardScan.getInits()[i]))
      accumulate(forwardScan.getInits()[i], backwardOp->getResult(k),
                 IntegerAttr());
  for (auto [k, i] : llvm::enumerate(diffXs))
    accumulate(forwardScan.getXs()[i],
               backwardOp->getResult(numDiffCarries + k), IntegerAttr());
  if (auto tag = scan->getAttrOfType<IntegerAttr>(kForwardIdAttr))
    backwardOp->setAttr(kVjpOfAttr, tag);
  eraseOp(scan);
  return success();
}

void Differentiator::buildRevolveForward(RevolveScanOp backward,
                                         ScanOp forwardScan) {
  Block &layer = forwardScan.getBody().front();
  Block &region = backward.getForward().front();
  IRMapping mapping;
  mapping.map(layer.getArguments(), region.getArguments());
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(&region);
  for (Operation &op : layer.without_terminator())
    builder.clone(op, mapping);
  SmallVector<Value> carries;
  for (Value carry : forwardScan.getYield().getValues().take_front(
           forwardScan.getNumCarries()))
    carries.push_back(mapping.lookupOrDefault(carry));
  YieldOp::create(builder, backward.getLoc(), carries);
  // What only the per-layer outputs needed goes: advancing computes the
  // carries alone.
  SmallVector<Operation *> ops;
  for (Operation &op : region.without_terminator())
    ops.push_back(&op);
  for (Operation *op : llvm::reverse(ops)) // users before what they read
    if (isOpTriviallyDead(op))
      op->erase();
}

/// The type of `slice` stacked over `length` layers.
static RankedTensorType stackedOver(int64_t length, Type slice) {
  auto type = cast<RankedTensorType>(slice);
  SmallVector<int64_t> shape{length};
  llvm::append_range(shape, type.getShape());
  return RankedTensorType::get(shape, type.getElementType(),
                               type.getEncoding());
}

/// Whether the backward keeps recomputing `op` under mode `none` rather than
/// stacking its results: views and constants, which cost nothing to redo,
/// and checkpoint regions, whose insides their policy governs.
static bool recomputedUnderNone(Operation *op) {
  return op->hasTrait<OpTrait::ConstantLike>() || isa<CheckpointOp>(op) ||
         isa<ReshapeOp, SliceOp, NameOp>(op);
}

/// What a checkpoint policy says of `op`'s values, as the planner asks it
/// (lib/Analysis/PolicyConstraints.cpp): by the remat.name tags of its
/// results (an untagged value asks with no name), and whether it is a dot
/// (a matmul; a convolution counts as batched, as in JAX).
static std::pair<bool, bool> policyDecision(PolicyAttr policy, Operation *op) {
  bool isDot = false, hasBatchDims = false;
  if (auto matmul = dyn_cast<MatmulOp>(op)) {
    isDot = true;
    hasBatchDims = matmul.getNumBatchDims() > 0;
  } else if (isa<Conv2DOp>(op)) {
    isDot = hasBatchDims = true;
  }
  SmallVector<StringRef> tags;
  for (Value result : op->getResults())
    for (Operation *user : result.getUsers())
      if (auto name = dyn_cast<NameOp>(user))
        tags.push_back(name.getTag());
  if (tags.empty())
    tags.push_back("");
  bool saveable = false, offloaded = false;
  for (StringRef tag : tags) {
    saveable |= policy.isSaveable(tag, isDot, hasBatchDims);
    offloaded |= policy.isOffloaded(tag, isDot, hasBatchDims);
  }
  return {saveable, offloaded};
}

std::pair<ScanOp, ScanOp>
Differentiator::stackResiduals(ScanOp forward, ScanOp backward,
                               ArrayRef<Operation *> originals,
                               ArrayRef<Operation *> recomputed) {
  Block &backBody = backward.getBody().front();
  llvm::DenseSet<Operation *> copies(recomputed.begin(), recomputed.end());
  llvm::DenseSet<Operation *> kept;
  // Users first: a copy is needed when an op that stays reads it (a VJP op,
  // the yield, or a copy that stays).
  auto stays = [&](OpOperand &use) {
    Operation *top = backBody.findAncestorOpInBlock(*use.getOwner());
    return !copies.contains(top) || kept.contains(top);
  };
  struct Residual {
    Value copy, value;
    bool offloaded = false; // stacked in host memory
  };
  SmallVector<Residual> residuals;
  SmallVector<Operation *> deadInside; // ops of region copies, users first

  // A checkpoint region of the layer, as JAX's scan(checkpoint(f, policy))
  // has it: of the region's values the backward needs (read by the VJP, or
  // by the region's own re-run for what it does need), those its policy
  // saves are stacked (in host memory when it offloads them), the rest are
  // recomputed in the backward from them and the region's inputs. Ops of
  // nested regions go with their region. Users first, so that a value only
  // a stacked one needs is not re-run either.
  auto stackRegion = [&](CheckpointOp copy, CheckpointOp original) {
    Block &copyBody = copy.getBody().front();
    Block &originalBody = original.getBody().front();
    SmallVector<Operation *> copyOps, originalOps;
    for (Operation &op : copyBody.without_terminator())
      copyOps.push_back(&op);
    for (Operation &op : originalBody.without_terminator())
      originalOps.push_back(&op);
    if (copyOps.size() != originalOps.size())
      return;
    Operation *yield = copyBody.getTerminator();
    PolicyAttr policy = copy.getPolicy();
    llvm::DenseSet<Operation *> live;
    auto counts = [&](OpOperand &use) {
      Operation *owner = use.getOwner();
      if (owner == yield)
        return llvm::any_of(
            copy->getResult(use.getOperandNumber()).getUses(), stays);
      if (Operation *top = copyBody.findAncestorOpInBlock(*owner))
        return live.contains(top);
      return stays(use);
    };
    for (int64_t k = copyOps.size() - 1; k >= 0; --k) {
      Operation *op = copyOps[k];
      SmallVector<unsigned> used;
      for (OpResult result : op->getResults())
        if (llvm::any_of(result.getUses(), counts))
          used.push_back(result.getResultNumber());
      if (used.empty()) {
        deadInside.push_back(op);
        continue;
      }
      if (op->getNumRegions() == 0 && !recomputedUnderNone(op) &&
          isMemoryEffectFree(op)) {
        auto [saveable, offloaded] = policyDecision(policy, originalOps[k]);
        if (saveable || offloaded) {
          for (unsigned r : used)
            residuals.push_back(
                {op->getResult(r), originalOps[k]->getResult(r),
                 offloaded && OffloadOp::isOffloadableType(
                                  op->getResult(r).getType())});
          deadInside.push_back(op);
          continue;
        }
      }
      live.insert(op);
    }
  };

  for (int64_t i = recomputed.size() - 1; i >= 0; --i) {
    Operation *copy = recomputed[i];
    SmallVector<unsigned> needed;
    for (OpResult result : copy->getResults())
      if (llvm::any_of(result.getUses(), stays))
        needed.push_back(result.getResultNumber());
    // A value inside a copy's regions read from outside it (a checkpoint
    // body's value its VJP reads, yielded later by exposeResiduals) keeps
    // the whole copy.
    bool innerNeeded = false;
    copy->walk([&](Operation *inner) {
      if (inner == copy)
        return;
      for (Value result : inner->getResults())
        for (OpOperand &use : result.getUses())
          if (backBody.findAncestorOpInBlock(*use.getOwner()) != copy &&
              stays(use))
            innerNeeded = true;
    });
    if (auto region = dyn_cast<CheckpointOp>(copy);
        region && (innerNeeded || !needed.empty())) {
      kept.insert(copy);
      stackRegion(region, cast<CheckpointOp>(originals[i]));
      continue;
    }
    if (innerNeeded) {
      kept.insert(copy);
      continue;
    }
    if (needed.empty())
      continue;
    if (recomputedUnderNone(copy)) {
      kept.insert(copy);
      continue;
    }
    for (unsigned r : needed)
      residuals.push_back({copy->getResult(r), originals[i]->getResult(r)});

  }
  if (residuals.empty())
    return {forward, backward};
  std::reverse(residuals.begin(), residuals.end());

  // The forward scan, stacking the residuals too.
  int64_t length = forward.getLength();
  SmallVector<Type> types(forward.getResultTypes());
  for (const Residual &residual : residuals) {
    auto type = cast<RankedTensorType>(residual.value.getType());
    if (residual.offloaded)
      type = RankedTensorType::get(type.getShape(), type.getElementType(),
                                   HostMemoryAttr::get(type.getContext()));
    types.push_back(stackedOver(length, type));
  }
  builder.setInsertionPoint(forward);
  auto newForward =
      ScanOp::create(builder, forward.getLoc(), types, forward.getInits(),
                     forward.getXs(), forward.getMode(), forward.getReverse());
  newForward->setDiscardableAttrs(forward->getDiscardableAttrDictionary());
  newForward.getBody().getBlocks().clear();
  newForward.getBody().takeBody(forward.getBody());
  for (const Residual &residual : residuals) {
    Value value = residual.value;
    if (residual.offloaded) {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPoint(newForward.getYield());
      value = OffloadOp::create(builder, value.getLoc(), value);
    }
    newForward.getYield().getValuesMutable().append(value);
  }
  for (auto [old, now] :
       llvm::zip(forward.getResults(), newForward.getResults())) {
    if (active.contains(old))
      active.insert(now);
    old.replaceAllUsesWith(now);
  }
  eraseOp(forward);

  // The backward scan, reading their slices.
  SmallVector<Value> xs(backward.getXs());
  llvm::append_range(
      xs, newForward.getResults().take_back(residuals.size()));
  builder.setInsertionPoint(backward);
  auto newBackward = ScanOp::create(
      builder, backward.getLoc(), backward.getResultTypes(),
      backward.getInits(), xs, backward.getMode(), backward.getReverse());
  newBackward->setDiscardableAttrs(backward->getDiscardableAttrDictionary());
  newBackward.getBody().getBlocks().clear();
  newBackward.getBody().takeBody(backward.getBody());
  for (const Residual &residual : residuals) {
    auto type = cast<RankedTensorType>(residual.copy.getType());
    if (residual.offloaded)
      type = RankedTensorType::get(type.getShape(), type.getElementType(),
                                   HostMemoryAttr::get(type.getContext()));
    Value slice = backBody.addArgument(type, residual.copy.getLoc());
    if (residual.offloaded) {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(&backBody);
      slice = ReloadOp::create(builder, residual.copy.getLoc(), slice);
    }
    Value(residual.copy).replaceAllUsesWith(slice);
  }
  for (Operation *op : deadInside)
    if (llvm::all_of(op->getResults(),
                     [](Value result) { return result.use_empty(); }))
      eraseOp(op);
  for (Operation *copy : llvm::reverse(recomputed))
    if (!kept.contains(copy) && copy->use_empty())
      eraseOp(copy);
  backward.replaceAllUsesWith(newBackward.getResults());
  eraseOp(backward);
  builder.setInsertionPointAfter(newBackward);
  return {newForward, newBackward};
}

void Differentiator::exposeResiduals() {
  // 1. Analysis, on the IR as it is. A value defined directly in a
  //    checkpoint body and read outside it escapes that region, and maybe
  //    its parents: a read nested in k fewer of the enclosing checkpoints
  //    than the definition needs the value yielded k times. Each use records
  //    its k, each value the largest (how far its copies must climb).
  OpNumbering numbering(grad);
  std::vector<Operation *> order = postOrder(grad);
  SmallVector<CheckpointOp> checkpoints; // inner ones first
  for (Operation *op : order)
    if (auto checkpoint = dyn_cast<CheckpointOp>(op))
      checkpoints.push_back(checkpoint);
  if (checkpoints.empty())
    return;

  /// One escaping value: its copies after 0, 1, ... escapes (copies[0] is
  /// the value itself; a checkpoint's result when the value is one), and
  /// how many escapes its reads need.
  struct Escape {
    SmallVector<Value, 2> copies;
    unsigned need = 0;
  };
  std::vector<Escape> escapes;
  llvm::DenseMap<Value, unsigned> escapeOf;
  struct Read {
    Operation *owner;
    unsigned operand;
    unsigned escape, level;
  };
  std::vector<Read> reads;
  for (CheckpointOp checkpoint : checkpoints) {
    for (Operation &op : checkpoint.getBody().front()) {
      for (Value value : op.getResults()) {
        for (OpOperand &use : value.getUses()) {
          Operation *owner = use.getOwner();
          unsigned level = 0;
          for (Operation *region = checkpoint;
               isa<CheckpointOp>(region) &&
               !numbering.isProperAncestor(region, owner);
               region = region->getParentOp())
            ++level;
          if (level == 0)
            continue;
          auto [it, inserted] = escapeOf.try_emplace(value, escapes.size());
          if (inserted)
            escapes.push_back({{value}, 0});
          Escape &escape = escapes[it->second];
          escape.need = std::max(escape.need, level);
          reads.push_back({owner, use.getOperandNumber(), it->second, level});
        }
      }
    }
  }
  if (escapes.empty())
    return;

  // 2. Widen the checkpoints, inner ones first: each yields, after its own
  //    results, every value of its body (its own ops' results and its
  //    widened children's results) whose copies must climb past it, in the
  //    order of the body.
  /// The escapes a widened checkpoint's extra results carry, in order.
  llvm::DenseMap<Operation *, SmallVector<unsigned>> carried;
  for (CheckpointOp checkpoint : checkpoints) {
    SmallVector<unsigned> items;
    SmallVector<Value> yielded;
    auto add = [&](Value value, unsigned escape, unsigned done) {
      if (escapes[escape].need <= done)
        return;
      items.push_back(escape);
      yielded.push_back(value);
    };
    for (Operation &op : checkpoint.getBody().front()) {
      auto extra = carried.find(&op);
      unsigned own = extra == carried.end()
                         ? op.getNumResults()
                         : op.getNumResults() - extra->second.size();
      for (Value value : op.getResults().take_front(own)) {
        auto it = escapeOf.find(value);
        if (it != escapeOf.end())
          add(value, it->second, 0);
      }
      if (extra == carried.end())
        continue;
      for (auto [value, escape] :
           llvm::zip(op.getResults().drop_front(own), extra->second))
        add(value, escape, escapes[escape].copies.size() - 1);
    }
    if (items.empty())
      continue;
    SmallVector<Type> types(checkpoint.getResultTypes());
    for (Value value : yielded)
      types.push_back(value.getType());
    builder.setInsertionPoint(checkpoint);
    auto widened = CheckpointOp::create(builder, checkpoint.getLoc(), types,
                                        checkpoint.getPolicy());
    widened->setDiscardableAttrs(checkpoint->getDiscardableAttrDictionary());
    widened.getBody().takeBody(checkpoint.getBody());
    widened.getYield().getValuesMutable().append(yielded);
    unsigned numOwn = checkpoint.getNumResults();
    // The old results' reads move to the new ones (those outside the parent
    // are set again below), and so do the records naming them.
    for (auto [old, now] :
         llvm::zip(checkpoint.getResults(), widened.getResults())) {
      auto it = escapeOf.find(old);
      if (it == escapeOf.end())
        continue;
      unsigned escape = it->second;
      escapeOf.erase(it);
      escapeOf[now] = escape;
      escapes[escape].copies[0] = now;
    }
    checkpoint.replaceAllUsesWith(widened.getResults().take_front(numOwn));
    checkpoint.erase();
    for (auto [i, escape] : llvm::enumerate(items))
      escapes[escape].copies.push_back(widened.getResult(numOwn + i));
    carried[widened] = std::move(items);
  }

  // 3. Each read outside the definition's region takes the copy that
  //    escaped as many regions as it needs.
  for (const Read &read : reads)
    read.owner->setOperand(read.operand,
                           escapes[read.escape].copies[read.level]);
}

void Differentiator::removeDeadForwardOps() {
  // Inner ops first, so that whether an op with regions (a checkpoint) is
  // free of memory effects is known from its body's ops without recursing.
  std::vector<Operation *> order = postOrder(grad);
  llvm::DenseMap<Operation *, bool> regionsEffectFree;
  auto effectFree = [&](Operation *op) {
    auto it = regionsEffectFree.find(op);
    return it != regionsEffectFree.end() ? it->second : isMemoryEffectFree(op);
  };
  for (Operation *op : order) {
    if (op->getNumRegions() == 0 || op == grad)
      continue;
    // As mlir::isMemoryEffectFree, with the nested ops' answers cached.
    bool free = false;
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (effects && !effects.hasNoEffect())
      free = false;
    else if (!op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      free = static_cast<bool>(effects);
    else
      free = llvm::all_of(op->getRegions(), [&](Region &region) {
        return llvm::all_of(region.getOps(), [&](Operation &inner) {
          return effectFree(&inner);
        });
      });
    regionsEffectFree[op] = free;
  }

  auto isDead = [&](Operation *op) {
    return op != grad && op->use_empty() && op->getNumResults() != 0 &&
           !op->hasTrait<OpTrait::IsTerminator>() && effectFree(op);
  };
  // A worklist: erasing an op can make the producers of its operands dead.
  llvm::DenseSet<Operation *> erased;
  SmallVector<Operation *> worklist(order.begin(), order.end());
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (erased.contains(op) || !isDead(op))
      continue;
    SmallVector<Operation *> producers;
    for (Value operand : op->getOperands())
      if (Operation *producer = operand.getDefiningOp())
        producers.push_back(producer);
    // Values its regions read from above lose a use too.
    if (op->getNumRegions() != 0) {
      for (Operation *inner : postOrder(op)) {
        erased.insert(inner);
        for (Value operand : inner->getOperands())
          if (Operation *producer = operand.getDefiningOp())
            producers.push_back(producer);
      }
    }
    erased.insert(op);
    op->erase();
    for (Operation *producer : producers)
      if (!erased.contains(producer))
        worklist.push_back(producer);
  }
}

LogicalResult Differentiator::run() {
  if (failed(checkOptions()))
    return failure();
  ModuleOp module = forward->getParentOfType<ModuleOp>();
  std::string name = gradName.empty()
                         ? (forward.getSymName() + "_grad").str()
                         : gradName;
  if (module.lookupSymbol(name))
    return forward.emitError("remat-autodiff: cannot create @")
           << name << ": a symbol with that name exists";

  grad = cast<func::FuncOp>(forward->clone());
  grad.setSymName(name);
  module.insert(std::next(Block::iterator(forward)), grad);
  // `auto` scans take the modes chosen for them; nested scans become nests
  // of full ones, which the scan VJP handles.
  unsigned autoIndex = 0;
  grad.walk<WalkOrder::PreOrder>([&](ScanOp scan) {
    if (scan.getMode().getKind() != ScanModeKind::Auto)
      return;
    scan.setModeAttr(autoIndex < autoModes.size()
                         ? autoModes[autoIndex]
                         : ScanModeAttr::get(scan.getContext(),
                                             ScanModeKind::Full, 0));
    ++autoIndex;
  });
  expandNestedScans(grad);
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
  for (const FlatScheduleEntry &entry : schedule)
    if (!entry.checkpointEnd && entry.op->getNumResults() != 0)
      entry.op->setAttr(kForwardIdAttr, b.getI64IntegerAttr(nextId++));
  propagateActivity(schedule);

  // Seed and sweep backwards, building before the return.
  Value loss = ret.getOperand(lossIndex);
  builder.setInsertionPoint(ret);
  auto lossType = cast<RankedTensorType>(loss.getType());
  Value seed = ConstantOp::create(
      builder, ret.getLoc(),
      DenseElementsAttr::get(
          lossType, builder.getFloatAttr(lossType.getElementType(), 1.0)));
  adjoints[loss] = seed;
  if (failed(sweep(schedule)))
    return failure();

  // Return the loss and the gradients (zeros where none flows).
  SmallVector<Value> results{loss};
  for (unsigned index : wrt) {
    Value arg = body.getArgument(index);
    Value g = adjoints.lookup(arg);
    results.push_back(g ? g : zeros(ret.getLoc(), arg.getType()));
  }
  func::ReturnOp::create(builder, ret.getLoc(), results);
  ret.erase();
  // Tools (remat-run --check-gradients) find the primal and the argument of
  // each gradient here.
  SmallVector<int64_t> wrtIndices(wrt.begin(), wrt.end());
  grad->setAttr(kPrimalAttr, FlatSymbolRefAttr::get(forward.getSymNameAttr()));
  grad->setAttr(kWrtAttr, b.getDenseI64ArrayAttr(wrtIndices));
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
      if (failed(findTargets(targets)))
        return signalPassFailure();
    } else {
      for (const std::string &name : functions) {
        FailureOr<func::FuncOp> func = lookupFunctionOption(
            module, name, "remat-autodiff", "to differentiate");
        if (failed(func))
          return signalPassFailure();
        targets.push_back(*func);
      }
    }
    FailureOr<const TargetMemoryModel *> model =
        targetOption(module, "remat-autodiff", target, allowOffload);
    if (failed(model))
      return signalPassFailure();
    targetModel = *model;
    FailureOr<double> price = transferCostOption(
        module, "remat-autodiff", offloadBandwidth, flopRate, *targetModel);
    if (failed(price))
      return signalPassFailure();
    transferCostPerByte = *price;
    std::optional<BudgetSpec> budgetSpec;
    if (!budget.empty()) {
      auto parsed = parseBudget(budget);
      if (auto *error = std::get_if<std::string>(&parsed)) {
        emitOptionError(module) << "remat-autodiff: invalid budget: " << *error;
        return signalPassFailure();
      }
      budgetSpec = std::get<BudgetSpec>(parsed);
    }
    for (func::FuncOp func : targets) {
      if (failed(checkHostMemory(func, *targetModel, "remat-autodiff")))
        return signalPassFailure();
      FailureOr<SmallVector<ScanModeAttr>> modes =
          chooseAutoModes(func, budgetSpec);
      if (failed(modes) ||
          failed(Differentiator(func, wrt, loss, *modes).run()))
        return signalPassFailure();
    }
  }

private:
  /// The price of a byte moved to or from host memory (FLOP-equivalents).
  double transferCostPerByte = 4.0;
  /// The memory model of target=.
  const TargetMemoryModel *targetModel = nullptr;

  /// What one choice of modes for the `auto` scans gives: the joint graph's
  /// unconstrained peak and its cost (the planner's: FLOPs plus bytes moved,
  /// host transfers included).
  struct Evaluation {
    int64_t peak = 0;
    double cost = 0;
  };

  /// Differentiates `func` with `modes` for its auto scans into a scratch
  /// function, models it and erases it. Failure (diagnostics swallowed:
  /// the real run repeats them) when it cannot be differentiated or
  /// modelled.
  FailureOr<Evaluation> evaluate(func::FuncOp func,
                                 ArrayRef<ScanModeAttr> modes) {
    ScopedDiagnosticHandler quiet(func.getContext(),
                                  [](Diagnostic &) { return success(); });
    Differentiator candidate(func, wrt, loss, modes,
                             "__remat_autodiff_auto_candidate");
    LogicalResult built = candidate.run();
    func::FuncOp grad = candidate.getGrad();
    if (failed(built)) {
      if (grad)
        grad.erase();
      return failure();
    }
    CostModelOptions costOptions;
    costOptions.transferCostPerByte = transferCostPerByte;
    costOptions.target = targetModel;
    FailureOr<GraphProblem> graph = buildGraphProblem(grad, costOptions);
    Evaluation result;
    if (succeeded(graph)) {
      result.peak = unconstrainedProfile(graph->problem).peak;
      for (NodeId id = 0; id < graph->problem.size(); ++id)
        result.cost += graph->problem.node(id).cost;
      // The planner's price of moving a byte to host memory and back, for
      // what offload scans stack there (their cost model counts no FLOPs
      // for it).
      grad.walk([&](OffloadOp offload) {
        int64_t layers = 1;
        for (Operation *parent = offload->getParentOp(); parent != grad;
             parent = parent->getParentOp())
          if (auto scan = dyn_cast<ScanOp>(parent))
            layers *= scan.getLength();
        result.cost += 2.0 * graph->problem.transferCostPerByte *
                       static_cast<double>(layers) *
                       static_cast<double>(
                           getTypeBytes(offload.getInput().getType())
                               .value_or(0));
      });
    }
    grad.erase();
    if (failed(graph))
      return failure();
    return result;
  }

  /// The modes of `func`'s `auto` scans, in pre-order: for each in turn,
  /// the mode (none, full, nested with its default block, offload with
  /// allow-offload, or revolve with the most slots that fit) that makes the joint graph
  /// cheapest while its unconstrained peak fits the budget, the scans after
  /// it counted as `full`. Without a budget
  /// every auto scan is `none`: nothing asks for memory to be saved. When no
  /// mode fits, the one with the smallest peak, with a warning naming that
  /// peak (remat-rematerialize may still reach the budget by recomputing
  /// outside the scan). A remark on each scan lists what each mode gives.
  FailureOr<SmallVector<ScanModeAttr>>
  chooseAutoModes(func::FuncOp func, std::optional<BudgetSpec> budgetSpec) {
    SmallVector<ScanOp> scans;
    func.walk<WalkOrder::PreOrder>([&](ScanOp scan) {
      if (scan.getMode().getKind() == ScanModeKind::Auto)
        scans.push_back(scan);
    });
    MLIRContext *context = func.getContext();
    auto modeOf = [&](ScanModeKind kind) {
      return ScanModeAttr::get(context, kind, 0);
    };
    SmallVector<ScanModeAttr> chosen;
    if (scans.empty())
      return chosen;
    if (!budgetSpec) {
      chosen.assign(scans.size(), modeOf(ScanModeKind::None));
      return chosen;
    }
    // Percentages are of the peak with every auto scan keeping everything.
    SmallVector<ScanModeAttr> none(scans.size(), modeOf(ScanModeKind::None));
    FailureOr<Evaluation> base = evaluate(func, none);
    if (failed(base))
      return chosen; // the real run reports why
    int64_t budgetBytes = budgetSpec->resolve(base->peak);
    for (ScanOp scan : scans) {
      SmallVector<ScanModeAttr> candidates{
          modeOf(ScanModeKind::None), modeOf(ScanModeKind::Full),
          ScanModeAttr::get(context, ScanModeKind::Nested,
                            nestedBlockSize(modeOf(ScanModeKind::Nested),
                                            scan.getLength()))};
      if (allowOffload &&
          llvm::any_of(scan.getInits().getTypes(), [](Type type) {
            return OffloadOp::isOffloadableType(type);
          }))
        candidates.push_back(modeOf(ScanModeKind::Offload));
      std::optional<std::pair<ScanModeAttr, Evaluation>> best, smallest;
      // What each mode tried gives, listed in the remark: the fixed modes,
      // then revolve by slot count.
      SmallVector<std::pair<ScanModeAttr, Evaluation>> tried;
      auto consider = [&](ScanModeAttr mode) -> std::optional<Evaluation> {
        SmallVector<ScanModeAttr> modes(chosen);
        modes.push_back(mode);
        FailureOr<Evaluation> result = evaluate(func, modes);
        if (failed(result))
          return std::nullopt;
        tried.push_back({mode, *result});
        if (!smallest || result->peak < smallest->second.peak)
          smallest = {mode, *result};
        if (result->peak <= budgetBytes &&
            (!best || result->cost < best->second.cost))
          best = {mode, *result};
        return *result;
      };
      for (ScanModeAttr mode : candidates)
        consider(mode);
      // Revolve, with the most slots whose peak fits (the fewest forward
      // steps: the chain solver's optimum at that memory), found by
      // bisection: the peak grows with the slots, the cost falls.
      int64_t length = scan.getLength();
      if (scan.getNumCarries() != 0 && length >= 2) {
        auto revolve = [&](int64_t slots) {
          return ScanModeAttr::get(context, ScanModeKind::Revolve, slots);
        };
        std::optional<Evaluation> fewest = consider(revolve(1));
        std::optional<Evaluation> most;
        if (fewest && fewest->peak <= budgetBytes && length > 2)
          most = consider(revolve(length - 1));
        if (most && most->peak > budgetBytes) {
          int64_t fits = 1, over = length - 1; // peak(fits) fits, peak(over) not
          while (over - fits > 1) {
            int64_t mid = fits + (over - fits) / 2;
            std::optional<Evaluation> result = consider(revolve(mid));
            if (result && result->peak <= budgetBytes)
              fits = mid;
            else
              over = mid;
          }
        }
      }
      if (!smallest)
        return chosen; // the real run reports why
      std::stable_sort(tried.begin(), tried.end(),
                       [](const auto &a, const auto &b) {
                         bool revolveA = a.first.getKind() ==
                                         ScanModeKind::Revolve;
                         bool revolveB = b.first.getKind() ==
                                         ScanModeKind::Revolve;
                         if (revolveA != revolveB)
                           return revolveB;
                         return revolveA &&
                                a.first.getBlockSize() < b.first.getBlockSize();
                       });
      std::string table;
      llvm::raw_string_ostream os(table);
      for (const auto &[mode, result] : tried)
        os << "\n  " << mode << ": peak " << formatBytes(result.peak)
           << ", cost " << llvm::format("%.4g", result.cost);
      if (best) {
        chosen.push_back(best->first);
        scan.emitRemark("remat-autodiff: auto chose ")
            << best->first << " under a budget of "
            << formatBytes(budgetBytes) << " (peak "
            << formatBytes(best->second.peak) << "):" << os.str();
        continue;
      }
      chosen.push_back(smallest->first);
      scan.emitWarning("remat-autodiff: no remat mode of this scan fits a "
                       "budget of ")
          << formatBytes(budgetBytes) << " (" << budgetBytes
          << " B): the smallest peak, " << formatBytes(smallest->second.peak)
          << " (" << smallest->second.peak << " B), is with "
          << smallest->first
          << "; it is used, and remat-rematerialize must recompute the "
             "rest (or use budget="
          << smallest->second.peak << " or more):" << os.str();
    }
    return chosen;
  }

  /// The functions to differentiate when `functions` names none: every
  /// defined public function whose result #loss is a 0-d float tensor
  /// (gradients already made, @*_grad, excepted). Finding none is a
  /// warning, or an error on each function where an explicit loss= is out
  /// of range.
  LogicalResult findTargets(SmallVectorImpl<func::FuncOp> &targets) {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> outOfRange, notScalar;
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal() || !func.isPublic() ||
          func.getSymName().ends_with("_grad"))
        continue;
      FunctionType type = func.getFunctionType();
      if (loss >= type.getNumResults()) {
        outOfRange.push_back(func);
        continue;
      }
      auto lossType = dyn_cast<RankedTensorType>(type.getResult(loss));
      if (lossType && lossType.getRank() == 0 &&
          isa<FloatType>(lossType.getElementType()))
        targets.push_back(func);
      else
        notScalar.push_back(func);
    }
    if (!targets.empty())
      return success();
    if (loss.hasValue() && !outOfRange.empty()) {
      for (func::FuncOp func : outOfRange)
        func.emitError("remat-autodiff: loss=")
            << static_cast<unsigned>(loss) << " is out of range: @"
            << func.getSymName() << " has "
            << func.getFunctionType().getNumResults() << " result(s)";
      return failure();
    }
    InFlightDiagnostic diag =
        mlir::emitWarning(module.getLoc(),
                          "remat-autodiff: found nothing to differentiate: no "
                          "public func.func with a body has a 0-d float tensor "
                          "as result #")
        << static_cast<unsigned>(loss)
        << " (the loss); name the functions with functions= and the loss "
           "with loss=, on tensor-level IR (before lowering)";
    // Say why each candidate was passed over: a loss that is not reduced
    // to a scalar is the usual slip.
    for (func::FuncOp func : notScalar)
      diag.attachNote(func.getLoc())
          << "@" << func.getSymName() << "'s result #"
          << static_cast<unsigned>(loss) << " is "
          << func.getFunctionType().getResult(loss)
          << ", not a 0-d float tensor: reduce it to the scalar loss (e.g. "
             "remat.reduce_mean over every dimension), or name the loss "
             "result with loss=";
    return success();
  }
};

} // namespace
