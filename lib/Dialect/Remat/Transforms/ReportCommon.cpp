//===- ReportCommon.cpp - facts shared by the report formats --------------===//

#include "remat/Dialect/Remat/Transforms/PlanReport.h"

#include "mlir/IR/AsmState.h"
#include "remat/Core/ByteSize.h"
#include "remat/Core/SavedBudget.h"
#include "remat/Dialect/Remat/IR/FlopCount.h"
#include "remat/Dialect/Remat/IR/RematOps.h"
#include "llvm/ADT/DenseSet.h"

#include <algorithm>
#include <tuple>

using namespace mlir;
using namespace remat;

std::string remat::keepReason(const GraphProblem &graph, NodeId id) {
  const Node &node = graph.problem.node(id);
  if (node.belowMinRematBytes)
    return "must (min-remat-bytes)";
  if (node.mustSave)
    return "must (must_save)";
  if (graph.isSideResult(id))
    return "must (side result)";
  if (!node.recomputable && !node.offloadable)
    return "must (side effects)";
  if (node.isOutput)
    return "must (output)";
  // A value of a checkpoint region is kept where its policy lets it be:
  // saveable, or not yet at the region's backward pass.
  if (node.policySaveable || node.policyGoverned)
    return "policy";
  return "solver";
}

int64_t remat::totalFlops(const GraphProblem &graph) {
  int64_t total = 0;
  for (int64_t flops : graph.flops)
    total = saturatingAdd(total, flops);
  return total;
}

RecomputeSummary remat::summarizeRecomputation(const GraphProblem &graph,
                                               const MemoryProfile &profile) {
  RecomputeSummary summary;
  // A node's move is its first recomputation (findMoves).
  llvm::DenseSet<NodeId> movedNodes;
  for (const PlanMove &move : findMoves(graph.problem, profile)) {
    summary.moved.insert({move.anchor, move.node});
    movedNodes.insert(move.node);
  }
  for (const Lifetime &life : profile.lifetimes) {
    if (life.kind != Lifetime::Kind::Recomputed)
      continue;
    int64_t flops = graph.flops[life.node];
    if (movedNodes.erase(life.node)) {
      ++summary.moves;
      summary.flopsMoved = saturatingAdd(summary.flopsMoved, flops);
      continue;
    }
    ++summary.recomputations;
    summary.flopsAdded = saturatingAdd(summary.flopsAdded, flops);
  }
  return summary;
}

void remat::recordValueFacts(func::FuncOp func, FunctionReport &report) {
  const GraphProblem &graph = *report.graph;
  size_t n = static_cast<size_t>(graph.problem.size());
  report.names.assign(n, "");
  report.types.assign(n, "");
  report.policies.assign(n, "");
  AsmState state(func);
  for (NodeId id = 0; id < graph.problem.size(); ++id) {
    SmallVector<Value> values;
    if (Operation *op = graph.ops[id]) {
      auto [first, count] = graph.results[id];
      for (unsigned i = first; i < first + count && i < op->getNumResults();
           ++i)
        values.push_back(op->getResult(i));
      // The policy of the innermost region the op lies in.
      if (auto region = op->getParentOfType<CheckpointOp>()) {
        std::string policy;
        llvm::raw_string_ostream os(policy);
        os << region.getPolicy();
        // "#remat.policy<dots_saveable>" as written on the op: "<...>".
        llvm::StringRef text(policy);
        text.consume_front("#remat.policy");
        report.policies[id] = (text + " (the remat.checkpoint at " +
                               formatLocation(region.getLoc()) + ")")
                                  .str();
      }
    } else if (graph.residentValues[id]) {
      values.push_back(graph.residentValues[id]);
    }
    std::string types, name;
    llvm::raw_string_ostream typeOs(types), nameOs(name);
    for (auto [i, value] : llvm::enumerate(values)) {
      typeOs << (i ? ", " : "") << value.getType();
      if (i == 0)
        value.printAsOperand(nameOs, state);
    }
    report.types[id] = types;
    report.names[id] = graph.tags[id].empty() ? name : graph.tags[id].front();
  }
}

const char *remat::passName(const Node &node) {
  return node.adjointOf == kNotAdjoint ? "forward" : "backward";
}

/// Why `id`, saved for the backward pass, is saved: the class and the
/// sentence.
static std::pair<std::string, std::string>
saveReason(const FunctionReport &report, NodeId id, bool host,
           bool keptAtPeak) {
  const GraphProblem &graph = *report.graph;
  const Node &node = graph.problem.node(id);
  std::string policy = id < static_cast<NodeId>(report.policies.size())
                           ? report.policies[id]
                           : "";
  std::string bytes = formatBytes(node.bytes);
  std::string flops = std::to_string(graph.flops[id]);
  if (node.belowMinRematBytes)
    return {"min-bytes", "smaller than min-remat-bytes: never rematerialized"};
  if (node.mustSave)
    return {"mark", "must_save mark"};
  if (graph.isSideResult(id))
    return {"side-result", "side result of its op, kept with it"};
  if (host) {
    if (node.mustOffload)
      return {"policy", "offloaded by checkpoint policy " + policy};
    return {"offload", "offloaded: moving " + bytes +
                           " to host memory and back is cheaper than "
                           "recomputing it (" +
                           flops + " FLOP)"};
  }
  if (!node.recomputable && !node.offloadable)
    return {"side-effects", "not recomputable (side effects)"};
  if (node.policySaveable)
    return {"policy", "saveable under checkpoint policy " + policy};
  if (node.policyGoverned)
    return {"policy", "checkpoint policy " + policy +
                          " does not save it: kept only for reads before "
                          "its region's backward pass"};
  if (node.preference == Preference::PreferSave)
    return {"mark", "prefer_save mark"};
  if (!report.budget)
    return {"no-budget", "needed by the backward pass (no budget: what the "
                         "backward pass reads is kept)"};
  if (keptAtPeak)
    return {"cost", "cheaper to keep: recomputing costs " + flops +
                        " FLOP for " + bytes};
  return {"budget", "needed by the backward pass and within the budget (not "
                    "live at the peak)"};
}

std::vector<SavedValue> remat::savedForBackward(const FunctionReport &report) {
  const GraphProblem &graph = *report.graph;
  const MemoryProfile &profile = report.result.profile;
  size_t start = backwardStart(graph.problem, profile);
  std::vector<SavedValue> saved;
  if (start == profile.executions.size())
    return saved;
  llvm::DenseSet<NodeId> atPeak(profile.keptAtPeak.begin(),
                                profile.keptAtPeak.end());
  for (const Lifetime &life : profile.lifetimes) {
    if (!isSavedForBackward(graph.problem, life, start))
      continue;
    bool host = life.kind == Lifetime::Kind::Host;
    SavedValue value;
    value.node = life.node;
    value.host = host;
    value.first = life.first;
    value.last = life.last;
    std::tie(value.kind, value.reason) =
        saveReason(report, life.node, host, atPeak.contains(life.node));
    saved.push_back(std::move(value));
  }
  llvm::sort(saved, [](const SavedValue &a, const SavedValue &b) {
    return std::make_pair(a.node, a.host) < std::make_pair(b.node, b.host);
  });
  return saved;
}
