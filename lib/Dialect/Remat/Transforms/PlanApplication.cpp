//===- PlanApplication.cpp - rewrite IR according to a plan ---------------===//
//
// Follows a plan that verifyPlan accepted, anchor by anchor, in the same
// order as the replay: reloads, recomputations, the original op, offloads.
// Each node's latest copy is tracked as SSA values; every read is rewired to
// the latest copy, re-applying view ops (names, reshapes, slices) on top of a
// new copy where the read went through views. Nothing else moves, so no live
// range is extended beyond what the plan says.
//
//===----------------------------------------------------------------------===//

#include "remat/Dialect/Remat/Transforms/PlanApplication.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "remat/Dialect/Remat/IR/RematOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace remat;

void remat::inlineCheckpoints(func::FuncOp func) {
  // The checkpoints in pre-order, found without recursion (nests are deep).
  // Outer ones are inlined first: a body's ops, the checkpoints nested in it
  // included, then move once, into the block that held the checkpoint, and
  // each op moves once in all (inner-first would move the ops of a nest N
  // deep N times).
  SmallVector<CheckpointOp> checkpoints;
  SmallVector<Operation *> stack{func};
  while (!stack.empty()) {
    Operation *op = stack.pop_back_val();
    if (auto checkpoint = dyn_cast<CheckpointOp>(op))
      checkpoints.push_back(checkpoint);
    for (Region &region : llvm::reverse(op->getRegions()))
      for (Block &block : llvm::reverse(region))
        for (Operation &inner : llvm::reverse(block))
          stack.push_back(&inner);
  }
  for (CheckpointOp checkpoint : checkpoints) {
    Block &body = checkpoint.getBody().front();
    YieldOp yield = checkpoint.getYield();
    SmallVector<Value> yielded(yield.getValues());
    yield.erase();
    Block *parent = checkpoint->getBlock();
    parent->getOperations().splice(checkpoint->getIterator(),
                                   body.getOperations());
    checkpoint.replaceAllUsesWith(yielded);
    checkpoint.erase();
  }
}

namespace {

/// Rewrites one function.
class PlanApplier {
public:
  PlanApplier(func::FuncOp func, const GraphProblem &graph, const Plan &plan)
      : func(func), graph(graph), plan(plan), builder(func.getContext()),
        current(graph.problem.size()), host(graph.problem.size()) {
    // Numbers go on after those an earlier plan of the function gave.
    func.walk([&](Operation *op) {
      if (auto number = op->getAttrOfType<IntegerAttr>(kCopyAttr))
        nextCopy = std::max(nextCopy, number.getInt() + 1);
    });
  }

  ApplyStats run();

private:
  /// The values of `node`'s latest device copy, one per result.
  ValueRange latest(NodeId node) const { return current[node]; }

  /// The value a read of `value` should use now, cloning views at the
  /// builder's insertion point when the node's copy changed.
  Value materialize(Value value);

  /// Clones node `id`'s op at the builder's insertion point.
  void recompute(NodeId id);

  /// Rewires the reads of `op` (operands and captured values).
  void rewireReads(Operation *op);

  /// Numbers a recomputed clone or a reload (kCopyAttr), so that CSE does
  /// not merge two copies of one value the plan keeps apart.
  void numberCopy(Operation *op) {
    op->setAttr(kCopyAttr, builder.getI64IntegerAttr(nextCopy++));
  }

  func::FuncOp func;
  const GraphProblem &graph;
  const Plan &plan;
  OpBuilder builder;
  /// Latest copy of each node (empty until computed; resident: the value).
  std::vector<SmallVector<Value, 1>> current;
  /// Host copies of offloaded nodes.
  std::vector<SmallVector<Value, 1>> host;
  /// Views cloned on top of a copy: (view op, base value) -> clone result.
  llvm::DenseMap<std::pair<Operation *, Value>, Value> viewClones;
  /// The original value each value this rewrite made stands for (a
  /// recomputed or reloaded result, a cloned view). A read already rewired
  /// to a copy must be resolved from its original when the reading op is
  /// itself recomputed later: the copy that was latest then may not be now.
  llvm::DenseMap<Value, Value> originalOf;
  ApplyStats stats;
  int64_t nextCopy = 0;
};

} // namespace

Value PlanApplier::materialize(Value value) {
  if (Value original = originalOf.lookup(value))
    value = original;
  auto it = graph.origins.find(value);
  if (it == graph.origins.end())
    return value; // defined inside the reading op's own regions
  const ValueOrigin &origin = it->second;
  if (graph.problem.node(origin.node).resident)
    return value;
  ValueRange copy = latest(origin.node);
  Value base = copy[origin.resultNumber];
  Operation *nodeOp = graph.ops[origin.node];
  if (base == nodeOp->getResult(origin.resultNumber))
    return value; // still the original copy: the original views are valid
  for (Operation *view : origin.views) {
    auto key = std::make_pair(view, base);
    auto found = viewClones.find(key);
    if (found != viewClones.end()) {
      base = found->second;
      continue;
    }
    IRMapping mapping;
    mapping.map(view->getOperand(0), base);
    Operation *clone = builder.clone(*view, mapping);
    viewClones[key] = clone->getResult(0);
    originalOf[clone->getResult(0)] = view->getResult(0);
    base = clone->getResult(0);
  }
  return base;
}

void PlanApplier::rewireReads(Operation *op) {
  for (OpOperand &operand : op->getOpOperands()) {
    Value now = materialize(operand.get());
    if (now != operand.get())
      operand.set(now);
  }
  if (op->getNumRegions() == 0)
    return;
  llvm::SetVector<Value> captured;
  getUsedValuesDefinedAbove(op->getRegions(), captured);
  for (Value value : captured) {
    Value now = materialize(value);
    if (now == value)
      continue;
    value.replaceUsesWithIf(now, [&](OpOperand &use) {
      return op->isProperAncestor(use.getOwner());
    });
  }
}

void PlanApplier::recompute(NodeId id) {
  Operation *original = graph.ops[id];
  IRMapping mapping;
  for (Value operand : original->getOperands())
    mapping.map(operand, materialize(operand));
  if (original->getNumRegions() != 0) {
    llvm::SetVector<Value> captured;
    getUsedValuesDefinedAbove(original->getRegions(), captured);
    for (Value value : captured)
      mapping.map(value, materialize(value));
  }
  Operation *clone = builder.clone(*original, mapping);
  clone->setAttr(kRecomputedAttr, builder.getUnitAttr());
  numberCopy(clone);
  for (auto [copy, result] :
       llvm::zip(clone->getResults(), original->getResults()))
    originalOf[copy] = result;
  current[id].assign(clone->result_begin(), clone->result_end());
  ++stats.recomputed;
}

ApplyStats PlanApplier::run() {
  const Problem &problem = graph.problem;
  for (NodeId id = 0; id < problem.size(); ++id)
    if (problem.node(id).resident)
      current[id].push_back(graph.residentValues[id]);

  Operation *terminator = func.getBody().front().getTerminator();
  auto listAt = [](const std::vector<std::vector<NodeId>> &lists, Step s) {
    static const std::vector<NodeId> empty;
    return lists.empty() ? empty : lists[s];
  };
  // The op that followed the latest op before anything was inserted after
  // it: a side result's step is the end of its op, so what runs before that
  // step runs before this op (after what earlier steps put there).
  Operation *afterLatest = nullptr;
  for (Step s = 0; s <= problem.size(); ++s) {
    bool side = s < problem.size() && graph.isSideResult(s);
    // A node without an op (a copy the return makes) runs at the return.
    Operation *anchorOp = s == problem.size() || graph.isReturnCopy(s)
                              ? terminator
                          : side ? afterLatest
                                 : graph.ops[s];
    const auto &reloads = listAt(plan.reloadBefore, s);
    const auto &recomputes = listAt(plan.recomputeBefore, s);
    if (anchorOp)
      builder.setInsertionPoint(anchorOp);
    for (NodeId id : reloads) {
      // The node's results come back; its op's other results (side results,
      // nodes of their own) are not read through this node.
      auto [first, count] = graph.results[id];
      for (unsigned i = 0; i < count; ++i) {
        auto reload =
            ReloadOp::create(builder, host[id][i].getLoc(), host[id][i]);
        numberCopy(reload);
        Value reloaded = reload;
        originalOf[reloaded] = graph.ops[id]->getResult(first + i);
        current[id][first + i] = reloaded;
      }
    }
    for (NodeId id : recomputes)
      recompute(id);
    if (s == problem.size()) {
      rewireReads(terminator);
      break;
    }
    if (problem.node(s).resident || !graph.ops[s])
      continue;
    Operation *op = graph.ops[s];
    if (!side) {
      rewireReads(op);
      afterLatest = op->getNextNode();
    }
    current[s].assign(op->result_begin(), op->result_end());
    const auto &offloads = listAt(plan.offloadAfter, s);
    if (!offloads.empty()) {
      if (side)
        builder.setInsertionPoint(anchorOp);
      else
        builder.setInsertionPointAfter(op);
    }
    for (NodeId id : offloads) {
      auto [first, count] = graph.results[id];
      SmallVector<Value, 1> copies;
      for (Value value : ValueRange(current[id]).slice(first, count))
        copies.push_back(OffloadOp::create(builder, value.getLoc(), value));
      host[id] = copies;
      ++stats.offloaded;
    }
  }

  // Originals (and their views) whose every read moved to a copy are dead.
  // Exactly these are what the plan's rewritten replay drops
  // (replayAsRewritten, PlanVerifier.cpp): the unused ops that may be
  // recomputed, a dropout marked for recomputation included (its mask is a
  // function of its seed and counter).
  for (Operation *op : llvm::reverse(graph.schedule))
    if (op->use_empty() && (isMemoryEffectFree(op) || isRecomputable(op)) &&
        !op->hasTrait<OpTrait::ConstantLike>())
      op->erase();
  return stats;
}

ApplyStats remat::applyPlan(func::FuncOp func, const GraphProblem &graph,
                            const Plan &plan) {
  return PlanApplier(func, graph, plan).run();
}

void remat::annotatePlan(func::FuncOp func, const GraphProblem &graph,
                         const Plan &plan, const MemoryProfile &before,
                         const MemoryProfile &after) {
  Builder b(func.getContext());
  const Problem &problem = graph.problem;
  std::vector<SmallVector<int64_t>> recomputeAt(problem.size()),
      reloadAt(problem.size()), offloadAfter(problem.size());
  for (Step s = 0; s < static_cast<Step>(plan.recomputeBefore.size()); ++s) {
    for (NodeId id : plan.recomputeBefore[s])
      recomputeAt[id].push_back(s);
    for (NodeId id : plan.reloadBefore[s])
      reloadAt[id].push_back(s);
    for (NodeId id : plan.offloadAfter[s])
      offloadAfter[id].push_back(s);
  }
  llvm::SmallDenseSet<NodeId> keptAtPeak(after.keptAtPeak.begin(),
                                         after.keptAtPeak.end());
  for (NodeId id = 0; id < problem.size(); ++id) {
    Operation *op = graph.ops[id];
    // Side results are kept with their op: its node speaks for it.
    if (!op || problem.node(id).resident || graph.isSideResult(id))
      continue;
    op->setAttr("remat.step", b.getI64IntegerAttr(id));
    StringRef decision = "keep";
    if (!offloadAfter[id].empty())
      decision = "offload";
    else if (!recomputeAt[id].empty())
      decision = "recompute";
    op->setAttr("remat.decision", b.getStringAttr(decision));
    if (!recomputeAt[id].empty())
      op->setAttr("remat.recompute_at", b.getDenseI64ArrayAttr(recomputeAt[id]));
    if (!offloadAfter[id].empty()) {
      op->setAttr("remat.offload_after",
                  b.getDenseI64ArrayAttr(offloadAfter[id]));
      op->setAttr("remat.reload_at", b.getDenseI64ArrayAttr(reloadAt[id]));
    }
    if (keptAtPeak.contains(id))
      op->setAttr("remat.kept_at_peak", b.getUnitAttr());
  }
  func->setAttr("remat.peak_before", b.getI64IntegerAttr(before.peak));
  func->setAttr("remat.peak_after", b.getI64IntegerAttr(after.peak));
}
