//===- GraphProblem.cpp - a function as a rematerialization problem -------===//

#include "remat/Analysis/GraphProblem.h"

#include "remat/Analysis/RegionPeak.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "remat/Dialect/Remat/IR/FlatSchedule.h"
#include "remat/Dialect/Remat/IR/RematOps.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace remat;

std::string GraphProblem::describe(NodeId id) const {
  const Node &node = problem.node(id);
  std::string text = node.name;
  for (const std::string &tag : tags[id])
    text += " \"" + tag + "\"";
  return text;
}

Location GraphProblem::location(NodeId id) const { return locations[id]; }

bool remat::isViewOp(Operation *op, const TargetMemoryModel &target) {
  if (op->getNumResults() != 1 || op->getNumOperands() == 0)
    return false;
  if (isa<RematCostOpInterface>(op))
    return target.isView(op);
  return isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp,
             tensor::ExtractSliceOp, tensor::CastOp, tensor::ReshapeOp>(op);
}

bool remat::hasSideResults(Operation *op) {
  return isa<BatchNormOp, LayerNormGradOp, BatchNormGradOp, MaximumGradOp,
             ScanOp, RevolveScanOp>(op);
}

namespace {

/// Builds the problem op by op, in program order.
class GraphBuilder {
public:
  GraphBuilder(func::FuncOp func, const CostModelOptions &options)
      : func(func), options(options), target(*options.target) {}

  FailureOr<GraphProblem> build();

private:
  /// Checks that `type` can be sized; `describeValue` names it for errors.
  LogicalResult
  checkType(Operation *anchor, Type type,
            llvm::function_ref<void(InFlightDiagnostic &)> describeValue);
  /// Refuses code whose memory cannot be modelled: calls, regions of
  /// several blocks.
  LogicalResult checkNestedCode();
  LogicalResult addArguments(Block &block);
  LogicalResult addOp(Operation *op);
  NodeId addResident(Value value, std::string name, Operation *op);
  /// A returned argument or constant (or a view of one): the compiled
  /// function returns a fresh copy of it, made at the return. A node of
  /// its own, without an op, computed after every op and returned.
  void addReturnCopy(Operation *returnOp, Value value, NodeId resident);
  void addComputeNode(Operation *op);
  /// Node ids an op reads: its operands and values its regions capture.
  llvm::SmallVector<NodeId> inputsOf(Operation *op);

  func::FuncOp func;
  const CostModelOptions &options;
  const TargetMemoryModel &target;
  GraphProblem graph;
};

} // namespace

LogicalResult GraphBuilder::checkType(
    Operation *anchor, Type type,
    llvm::function_ref<void(InFlightDiagnostic &)> describeValue) {
  if (isa<BaseMemRefType>(type)) {
    InFlightDiagnostic diag = anchor->emitError();
    describeValue(diag);
    diag << " is a memref (" << type
         << "); remat-rematerialize works on tensor-level IR: run it before "
            "bufferization";
    return failure();
  }
  auto shaped = dyn_cast<ShapedType>(type);
  if (shaped && !shaped.hasStaticShape()) {
    InFlightDiagnostic diag = anchor->emitError();
    describeValue(diag);
    diag << " has dynamic shape " << type
         << "; remat plans memory for statically shaped values only: make "
            "the shape static (e.g. specialize the function)";
    return failure();
  }
  if (shaped && getElementBytes(shaped.getElementType()) &&
      !getTypeBytes(shaped)) {
    InFlightDiagnostic diag = anchor->emitError();
    describeValue(diag);
    diag << " has type " << type << ", larger than the "
         << kMaxModeledTensorBytes << " bytes (256 TiB) remat models";
    return failure();
  }
  return success();
}

/// The cycle of functions that `caller`'s call of `callee` leads into, its
/// first function repeated at the end (@f -> @g -> @f, or @g -> @g when a
/// callee recurses on its own), or an empty list when no path from
/// `callee` in the call graph comes back to a function on it. An iterative
/// depth-first search; each function is entered once.
static SmallVector<StringAttr> recursionThrough(FunctionOpInterface caller,
                                                FunctionOpInterface callee) {
  auto calleesOf = [](Operation *function) {
    SmallVector<Operation *> targets;
    function->walk([&](CallOpInterface call) {
      auto symbol =
          dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
      Operation *target =
          symbol ? SymbolTable::lookupNearestSymbolFrom(call, symbol) : nullptr;
      if (target && isa<FunctionOpInterface>(target))
        targets.push_back(target);
    });
    return targets;
  };
  struct Frame {
    Operation *function;
    SmallVector<Operation *> callees;
    size_t next = 0;
  };
  // The path from `caller` down, and the functions whose calls are done.
  SmallVector<Frame> path;
  path.push_back({caller.getOperation(), {callee.getOperation()}});
  llvm::DenseSet<Operation *> onPath{caller.getOperation()}, done;
  while (!path.empty()) {
    if (path.back().next == path.back().callees.size()) {
      onPath.erase(path.back().function);
      done.insert(path.back().function);
      path.pop_back();
      continue;
    }
    Operation *next = path.back().callees[path.back().next++];
    if (onPath.contains(next)) {
      SmallVector<StringAttr> cycle;
      auto from = llvm::find_if(
          path, [&](const Frame &frame) { return frame.function == next; });
      for (auto it = from; it != path.end(); ++it)
        cycle.push_back(SymbolTable::getSymbolName(it->function));
      cycle.push_back(SymbolTable::getSymbolName(next));
      return cycle;
    }
    if (done.contains(next))
      continue;
    onPath.insert(next);
    path.push_back({next, calleesOf(next)});
  }
  return {};
}

LogicalResult GraphBuilder::checkNestedCode() {
  WalkResult walk = func.walk([&](Operation *op) {
    // A call's memory depends on how its callee is planned and lowered
    // (the caller's buffers could not be freed at their last use across
    // it): the planner works on one function with its callees in place.
    if (auto call = dyn_cast<CallOpInterface>(op)) {
      InFlightDiagnostic diag = op->emitOpError();
      auto callee =
          dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
      if (callee)
        diag << "calls " << callee << "; ";
      auto function =
          callee ? SymbolTable::lookupNearestSymbolFrom<FunctionOpInterface>(
                       op, callee)
                 : nullptr;
      SmallVector<StringAttr> cycle;
      if (function && !function.isExternal())
        cycle = recursionThrough(func, function);
      if (function && function.isExternal()) {
        diag << "it has no body in this module, so remat cannot know what "
                "it allocates: define it in the module, or plan a function "
                "that does not call it";
      } else if (!cycle.empty()) {
        diag << "the call is recursive (";
        llvm::interleave(
            cycle, diag,
            [&](StringAttr name) { diag << "@" << name.getValue(); }, " -> ");
        diag << "), and the depth of a recursion, so its memory, is not "
                "known before it runs: write the repetition as a loop "
                "(remat.scan over stacked layers) or unroll it";
      } else
        diag << "remat-rematerialize plans the memory of one function with "
                "everything it runs in place: inline the callee first (e.g. "
                "remat-opt -inline before -remat-rematerialize)";
      return WalkResult::interrupt();
    }
    // Every region the memory model enters must be one block: a region of
    // several has no single program order to count buffers in.
    for (Region &region : op->getRegions())
      if (!region.empty() && !region.hasOneBlock() && op != func) {
        op->emitOpError("has a region of ")
            << region.getBlocks().size()
            << " blocks: remat models the memory of single-block regions "
               "only; plan the function before lowering to control flow";
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

NodeId GraphBuilder::addResident(Value value, std::string name, Operation *op) {
  Node node;
  node.name = std::move(name);
  node.bytes = target.getMemoryBytes(value.getType());
  node.resident = true;
  NodeId id = graph.problem.addNode(std::move(node));
  graph.ops.push_back(op);
  graph.results.push_back({0, op ? op->getNumResults() : 0});
  graph.residentValues.push_back(value);
  graph.locations.push_back(value.getLoc());
  graph.flops.push_back(0);
  graph.tags.emplace_back();
  graph.origins[value] = ValueOrigin{id, 0, {}};
  return id;
}

void GraphBuilder::addReturnCopy(Operation *returnOp, Value value,
                                 NodeId resident) {
  Node node;
  node.name = "copy of " + graph.problem.node(resident).name + " returned";
  node.bytes = target.getMemoryBytes(value.getType());
  node.inputs.push_back(resident);
  node.isOutput = true;
  node.recomputable = false;
  node.mustSave = true;
  node.returnCopy = true;
  graph.problem.addNode(std::move(node));
  graph.ops.push_back(nullptr);
  graph.results.push_back({0, 0});
  graph.residentValues.push_back(Value());
  graph.locations.push_back(returnOp->getLoc());
  graph.flops.push_back(0);
  graph.tags.emplace_back();
}

LogicalResult GraphBuilder::addArguments(Block &block) {
  for (BlockArgument arg : block.getArguments()) {
    if (failed(checkType(func, arg.getType(), [&](InFlightDiagnostic &diag) {
          diag << "argument #" << arg.getArgNumber();
        })))
      return failure();
    addResident(arg, "argument #" + std::to_string(arg.getArgNumber()),
                nullptr);
  }
  return success();
}

llvm::SmallVector<NodeId> GraphBuilder::inputsOf(Operation *op) {
  llvm::SetVector<Value> read;
  for (Value operand : op->getOperands())
    read.insert(operand);
  if (op->getNumRegions() != 0)
    getUsedValuesDefinedAbove(op->getRegions(), read);
  llvm::SmallVector<NodeId> inputs;
  for (Value value : read) {
    auto it = graph.origins.find(value);
    if (it == graph.origins.end())
      continue; // defined inside a region of the op itself
    if (!llvm::is_contained(inputs, it->second.node))
      inputs.push_back(it->second.node);
  }
  return inputs;
}

void GraphBuilder::addComputeNode(Operation *op) {
  Node node;
  node.name = op->getName().getStringRef().str();
  // Each result is a buffer of its own, in device memory unless it is an
  // offloaded (#remat.host) copy, which the budget does not cover.
  auto deviceBytes = [&](Value result) -> int64_t {
    return isHostTensorType(result.getType())
               ? 0
               : target.getMemoryBytes(result.getType());
  };
  bool split = hasSideResults(op) && op->getNumResults() > 1;
  unsigned held = split ? 1 : op->getNumResults();
  int64_t bytes = 0, sideBytes = 0, hostBytes = 0;
  // Host bytes live with the result that holds them: the held results' on
  // this node, each side result's on its own node below (an offloading
  // scan's stack lives until the reverse scan reads it, long after the
  // carry).
  auto hostBytesOf = [&](Value result) -> int64_t {
    return isHostTensorType(result.getType())
               ? target.getMemoryBytes(result.getType())
               : 0;
  };
  for (OpResult result : op->getResults()) {
    (result.getResultNumber() < held ? bytes : sideBytes) +=
        deviceBytes(result);
    if (result.getResultNumber() < held)
      hostBytes += hostBytesOf(result);
  }
  node.bytes = bytes;
  node.hostBytes = hostBytes;
  int64_t flops, read, written;
  if (auto cost = dyn_cast<RematCostOpInterface>(op)) {
    flops = cost.flops();
    read = cost.bytesRead();
    written = cost.bytesWritten();
  } else {
    // Foreign op: one FLOP per result element, its operands read once.
    flops = 0;
    for (Type type : op->getResultTypes())
      if (auto shaped = dyn_cast<ShapedType>(type))
        flops += shaped.getNumElements();
    read = remat::detail::sumTensorBytes(op->getOperandTypes());
    written = remat::detail::sumTensorBytes(op->getResultTypes());
  }
  // What the op allocates while it runs: its own temporaries, or those of
  // the regions or the callee it runs; and its side results.
  node.scratchBytes = nestedScratchBytes(op, target) + sideBytes;
  node.cost = static_cast<double>(flops) +
              options.bytesWeight * static_cast<double>(read + written);
  node.recomputable = isRecomputable(op);
  // Only what remat.offload can move (OffloadOp::isOffloadableType).
  node.offloadable = options.allowOffload && held != 0 &&
                     llvm::all_of(op->getResults().take_front(held),
                                  [](Value value) {
                                    return OffloadOp::isOffloadableType(
                                        value.getType());
                                  });
  for (NodeId input : inputsOf(op))
    node.inputs.push_back(input);
  NodeId id = graph.problem.addNode(std::move(node));
  graph.ops.push_back(op);
  graph.results.push_back({0, held});
  graph.residentValues.push_back(Value());
  graph.locations.push_back(op->getLoc());
  graph.flops.push_back(flops);
  graph.tags.emplace_back();
  for (OpResult result : op->getResults().take_front(held))
    graph.origins[result] = ValueOrigin{id, result.getResultNumber(), {}};

  // Each side result: computed with the op (it reads the op's node, which
  // ends at the op's step), kept until its last use.
  for (OpResult result : op->getResults().drop_front(held)) {
    Node side;
    side.name = op->getName().getStringRef().str() + " result " +
                std::to_string(result.getResultNumber());
    side.bytes = deviceBytes(result);
    side.hostBytes = hostBytesOf(result);
    side.recomputable = false;
    side.withPrevious = true;
    side.inputs.push_back(id);
    NodeId sideId = graph.problem.addNode(std::move(side));
    graph.ops.push_back(op);
    graph.results.push_back({result.getResultNumber(), 1});
    graph.residentValues.push_back(Value());
    graph.locations.push_back(op->getLoc());
    graph.flops.push_back(0);
    graph.tags.emplace_back();
    graph.origins[result] = ValueOrigin{sideId, result.getResultNumber(), {}};
  }
}

LogicalResult GraphBuilder::addOp(Operation *op) {
  for (OpResult result : op->getResults())
    if (failed(checkType(op, result.getType(), [&](InFlightDiagnostic &diag) {
          diag << "result #" << result.getResultNumber();
        })))
      return failure();
  graph.schedule.push_back(op);
  if (op->hasTrait<OpTrait::ConstantLike>()) {
    addResident(op->getResult(0), op->getName().getStringRef().str(), op);
    return success();
  }
  if (isViewOp(op, target)) {
    auto it = graph.origins.find(op->getOperand(0));
    if (it != graph.origins.end()) {
      ValueOrigin origin = it->second;
      origin.views.push_back(op);
      graph.origins[op->getResult(0)] = origin;
      if (auto name = dyn_cast<NameOp>(op))
        graph.tags[origin.node].push_back(name.getTag().str());
      return success();
    }
  }
  addComputeNode(op);
  return success();
}

FailureOr<GraphProblem> GraphBuilder::build() {
  Region &body = func.getBody();
  if (body.empty())
    return func.emitError("cannot plan memory for an external function");
  if (!body.hasOneBlock())
    return func.emitError("remat-rematerialize needs a function body with "
                          "one block; @")
           << func.getSymName() << " has " << body.getBlocks().size()
           << " blocks (run it before lowering to control flow)";
  graph.target = &target;
  graph.problem.transferCostPerByte = options.transferCostPerByte;
  if (failed(checkNestedCode()))
    return failure();
  Block &block = body.front();
  if (failed(addArguments(block)))
    return failure();

  // Program order, with checkpoint bodies in place.
  for (auto [op, checkpointEnd] : flattenCheckpoints(block)) {
    if (checkpointEnd) {
      // The checkpoint's results are the values its body yields.
      auto owner = cast<CheckpointOp>(op);
      for (auto [result, yielded] :
           llvm::zip(owner.getResults(), owner.getYield().getValues())) {
        auto it = graph.origins.find(yielded);
        if (it == graph.origins.end())
          continue;
        // A copy: inserting `result` may grow the map under `it`.
        ValueOrigin origin = it->second;
        graph.origins[result] = std::move(origin);
      }
      continue;
    }
    if (isa<func::ReturnOp>(op)) {
      for (Value value : op->getOperands()) {
        auto it = graph.origins.find(value);
        if (it == graph.origins.end())
          continue;
        if (graph.problem.node(it->second.node).resident)
          addReturnCopy(op, value, it->second.node);
        else
          graph.problem.node(it->second.node).isOutput = true;
      }
      continue;
    }
    if (failed(addOp(op)))
      return failure();
  }
  return std::move(graph);
}

FailureOr<GraphProblem>
remat::buildGraphProblem(func::FuncOp func, const CostModelOptions &options) {
  if (!options.target) {
    func.emitError("remat: no target memory model to size the function for "
                   "(CostModelOptions::target)");
    return failure();
  }
  return GraphBuilder(func, options).build();
}
