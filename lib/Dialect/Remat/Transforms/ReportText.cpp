//===- ReportText.cpp - the text report -----------------------------------===//
//
// Like JAX's print_saved_residuals, but for the planned program: each value
// saved for the backward pass and each value kept across the peak, with its
// size, type, name, producing op, location and why it is kept, plus the
// totals before and after.
//
//===----------------------------------------------------------------------===//

#include "remat/Dialect/Remat/Transforms/PlanReport.h"

#include "remat/Dialect/Remat/IR/FlopCount.h"

#include "mlir/IR/Location.h"
#include "remat/Core/ByteSize.h"
#include "remat/Core/SavedBudget.h"
#include "llvm/Support/Format.h"

using namespace mlir;
using namespace remat;

std::string remat::formatLocation(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return (file.getFilename().getValue() + ":" + Twine(file.getLine()) + ":" +
            Twine(file.getColumn()))
        .str();
  if (auto name = dyn_cast<NameLoc>(loc))
    return name.getName().str();
  if (auto fused = dyn_cast<FusedLoc>(loc))
    if (!fused.getLocations().empty())
      return formatLocation(fused.getLocations().front());
  if (auto callSite = dyn_cast<CallSiteLoc>(loc))
    return formatLocation(callSite.getCallee());
  return "unknown";
}

static std::string bytesAndExact(int64_t bytes) {
  return formatBytes(bytes) + " (" + std::to_string(bytes) + " B)";
}

/// Describes the execution at `index` of `profile`.
static std::string describeExecution(const GraphProblem &graph,
                                     const MemoryProfile &profile,
                                     size_t index) {
  if (profile.executions.empty())
    return "(empty function)";
  const Execution &exec = profile.executions[index];
  if (exec.kind == Execution::Kind::Return)
    return "the return";
  std::string text;
  switch (exec.kind) {
  case Execution::Kind::Recompute:
    text = "recomputing ";
    break;
  case Execution::Kind::Offload:
    text = "offloading ";
    break;
  case Execution::Kind::Reload:
    text = "reloading ";
    break;
  default:
    break;
  }
  return text + graph.describe(exec.node) + " at " +
         formatLocation(graph.location(exec.node)) + " (step " +
         std::to_string(exec.anchor) + ")";
}

static void writeOne(const FunctionReport &report, llvm::raw_ostream &os) {
  const GraphProblem &graph = *report.graph;
  const MemoryProfile &after = report.result.profile;
  const Plan &plan = report.result.plan;
  os << "remat-rematerialize report for @" << report.function << "\n";
  os << "  solver: " << toString(report.result.solver);
  if (report.result.solver == SolverKind::Exact ||
      report.result.solver == SolverKind::Search)
    os << (report.result.optimal ? " (optimal)" : " (not proven optimal)")
       << ", gap " << llvm::format("%.2f%%", 100.0 * report.result.gap);
  if (report.result.lowerBound > 0)
    os << ", proven lower bound on the added cost "
       << llvm::format("%.6g", report.result.lowerBound);
  os << "\n  budget: ";
  if (report.saved)
    os << "peak " << bytesAndExact(*report.budget)
       << " (the unplanned peak) and the saved-for-backward budget below"
       << (report.result.feasible ? ", met" : ", NOT met");
  else if (report.requestedBudget)
    os << bytesAndExact(*report.requestedBudget)
       << (report.budgetText.empty() ? "" : " from '" + report.budgetText + "'")
       << ", NOT met; best-effort: planned to the smallest reachable peak, "
       << bytesAndExact(*report.budget);
  else if (report.budget)
    os << bytesAndExact(*report.budget)
       << (report.budgetText.empty() ? "" : " from '" + report.budgetText + "'")
       << (report.result.feasible ? ", met" : ", NOT met");
  else
    os << "none (policies only)";
  os << "\n";
  if (report.saved)
    os << "  saved-for-backward budget: " << bytesAndExact(report.saved->budget)
       << (report.budgetText.empty() ? "" : " from '" + report.budgetText + "'")
       << "; saved " << bytesAndExact(report.saved->saved) << ", was "
       << bytesAndExact(report.saved->unplanned) << "\n";
  double change = report.before.peak == 0
                      ? 0.0
                      : 100.0 * static_cast<double>(after.peak -
                                                    report.before.peak) /
                            static_cast<double>(report.before.peak);
  os << "  peak: " << bytesAndExact(report.before.peak) << " before -> "
     << bytesAndExact(after.peak) << " after ("
     << llvm::format("%+.1f%%", change) << ")\n";
  os << "  peak at: " << describeExecution(graph, after, after.peakIndex)
     << "\n";
  if (!after.live.empty()) {
    size_t p = after.peakIndex;
    os << "  at the peak: arguments " << formatBytes(after.resident)
       << ", kept for later " << formatBytes(after.kept[p])
       << ", temporaries " << formatBytes(after.working[p]) << "\n";
  }
  RecomputeSummary summary = summarizeRecomputation(graph, after);
  int64_t total = totalFlops(graph), added = summary.flopsAdded;
  // Counts saturate at 2^63 - 1 (FlopCount.h): say so rather than print
  // a wrapped or clipped figure as if it were exact.
  auto count = [](int64_t flops) {
    return flops == kSaturatedFlops ? std::string("at least 2^63")
                                    : std::to_string(flops);
  };
  os << "  recomputed: " << summary.recomputations << " value(s), +"
     << count(added) << " FLOPs ("
     << llvm::format("%+.1f%%", total ? 100.0 * static_cast<double>(added) /
                                            static_cast<double>(total)
                                      : 0.0)
     << " of " << count(total) << ")\n";
  if (summary.moves)
    os << "  moved: " << summary.moves << " value(s) computed later instead "
       << "of earlier, " << count(summary.flopsMoved) << " FLOPs not added\n";
  os << "  offloaded: " << plan.numOffloads() << " value(s), host peak "
     << formatBytes(after.hostPeak) << "\n";

  int64_t keptBytes = 0;
  for (NodeId id : after.keptAtPeak)
    keptBytes += graph.problem.node(id).bytes;
  os << "  kept across the peak: " << after.keptAtPeak.size() << " value(s), "
     << formatBytes(keptBytes) << "\n";
  if (!after.keptAtPeak.empty())
    os << llvm::format("    %12s  %-20s  %-8s  %s\n", "bytes", "reason", "pass",
                       "value (location)");
  for (NodeId id : after.keptAtPeak)
    os << llvm::format("    %12lld  %-20s  %-8s  ",
                       static_cast<long long>(graph.problem.node(id).bytes),
                       keepReason(graph, id).c_str(),
                       passName(graph.problem.node(id)))
       << graph.describe(id) << " (" << formatLocation(graph.location(id))
       << ")\n";

  // Like jax.ad_checkpoint.print_saved_residuals: what the backward pass
  // reads from the forward pass, and why the plan keeps it.
  size_t start = backwardStart(graph.problem, after);
  if (start < after.executions.size()) {
    std::vector<SavedValue> saved = savedForBackward(report);
    int64_t device = 0, host = 0;
    for (const SavedValue &value : saved)
      (value.host ? host : device) += graph.problem.node(value.node).bytes;
    os << "  saved for the backward pass: " << saved.size() << " value(s), "
       << formatBytes(device) << " on the device, " << formatBytes(host)
       << " in host memory\n";
    for (const SavedValue &value : saved) {
      NodeId id = value.node;
      os << llvm::format("    %10s  ",
                         formatBytes(graph.problem.node(id).bytes).c_str())
         << (value.host ? "host " : "")
         << (id < static_cast<NodeId>(report.names.size())
                 ? report.names[id] + " : " + report.types[id]
                 : std::string())
         << " = " << graph.problem.node(id).name << " ("
         << formatLocation(graph.location(id)) << ", forward): "
         << value.reason << "\n";
    }
  }

  bool anyMoved = false;
  for (Step s = 0; s < static_cast<Step>(plan.recomputeBefore.size()); ++s) {
    for (NodeId id : plan.recomputeBefore[s]) {
      if (!anyMoved)
        os << "  rematerialized:\n";
      anyMoved = true;
      os << "    " << (summary.isMove(s, id) ? "move" : "recompute") << " "
         << graph.describe(id) << " (" << formatLocation(graph.location(id))
         << ", " << graph.problem.node(id).bytes << " B) before step " << s
         << "\n";
    }
    for (NodeId id : plan.reloadBefore[s]) {
      if (!anyMoved)
        os << "  rematerialized:\n";
      anyMoved = true;
      os << "    reload " << graph.describe(id) << " ("
         << formatLocation(graph.location(id)) << ", "
         << graph.problem.node(id).bytes << " B) before step " << s << "\n";
    }
  }
  if (!report.result.message.empty())
    os << "  note: " << report.result.message << "\n";
}

void remat::writeTextReport(ArrayRef<FunctionReport> reports,
                            llvm::raw_ostream &os) {
  for (const FunctionReport &report : reports)
    writeOne(report, os);
}
