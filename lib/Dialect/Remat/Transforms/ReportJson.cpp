//===- ReportJson.cpp - the JSON report -----------------------------------===//
//
// The text report's facts, machine-readable, plus the memory profile before
// and after: one entry per execution with its kind, node, step and live,
// kept and working bytes, and every copy's lifetime.
//
//===----------------------------------------------------------------------===//

#include "remat/Dialect/Remat/Transforms/PlanReport.h"

#include "remat/Core/ByteSize.h"
#include "remat/Core/SavedBudget.h"
#include "llvm/Support/JSON.h"

using namespace mlir;
using namespace remat;

static const char *kindName(Execution::Kind kind) {
  switch (kind) {
  case Execution::Kind::Compute:
    return "compute";
  case Execution::Kind::Recompute:
    return "recompute";
  case Execution::Kind::Offload:
    return "offload";
  case Execution::Kind::Reload:
    return "reload";
  case Execution::Kind::Return:
    return "return";
  }
  return "unknown";
}

static const char *lifetimeKindName(Lifetime::Kind kind) {
  switch (kind) {
  case Lifetime::Kind::Original:
    return "original";
  case Lifetime::Kind::Recomputed:
    return "recomputed";
  case Lifetime::Kind::Reloaded:
    return "reloaded";
  case Lifetime::Kind::Host:
    return "host";
  }
  return "unknown";
}

static void writeProfile(llvm::json::OStream &j, const GraphProblem &graph,
                         const MemoryProfile &profile) {
  j.object([&] {
    j.attribute("peak", profile.peak);
    j.attribute("peak_index", static_cast<int64_t>(profile.peakIndex));
    j.attribute("resident", profile.resident);
    j.attribute("host_peak", profile.hostPeak);
    j.attributeArray("executions", [&] {
      for (size_t i = 0; i < profile.executions.size(); ++i) {
        const Execution &exec = profile.executions[i];
        j.object([&] {
          j.attribute("kind", kindName(exec.kind));
          j.attribute("step", static_cast<int64_t>(exec.anchor));
          if (exec.node >= 0) {
            j.attribute("node", static_cast<int64_t>(exec.node));
            j.attribute("value", graph.describe(exec.node));
          }
          j.attribute("live", profile.live[i]);
          j.attribute("kept", profile.kept[i]);
          j.attribute("working", profile.working[i]);
        });
      }
    });
    // [node, kind, first execution, last execution] per copy.
    j.attributeArray("lifetimes", [&] {
      for (const Lifetime &life : profile.lifetimes)
        j.array([&] {
          j.value(static_cast<int64_t>(life.node));
          j.value(lifetimeKindName(life.kind));
          j.value(static_cast<int64_t>(life.first));
          j.value(static_cast<int64_t>(life.last));
        });
    });
  });
}

static void writeValue(llvm::json::OStream &j, const FunctionReport &report,
                       NodeId id) {
  const GraphProblem &graph = *report.graph;
  j.attribute("node", static_cast<int64_t>(id));
  j.attribute("value", graph.describe(id));
  if (id < static_cast<NodeId>(report.names.size())) {
    j.attribute("name", report.names[id]);
    j.attribute("type", report.types[id]);
  }
  j.attribute("op", graph.problem.node(id).name);
  j.attribute("location", formatLocation(graph.location(id)));
  j.attribute("pass", passName(graph.problem.node(id)));
  j.attribute("bytes", graph.problem.node(id).bytes);
  j.attribute("bytes_human", formatBytes(graph.problem.node(id).bytes));
  j.attribute("flops", graph.flops[id]);
}

static void writeOne(llvm::json::OStream &j, const FunctionReport &report) {
  const GraphProblem &graph = *report.graph;
  const SolveResult &result = report.result;
  const Plan &plan = result.plan;
  j.object([&] {
    j.attribute("function", report.function);
    j.attribute("solver", toString(result.solver));
    if (report.budget)
      j.attribute("budget", *report.budget);
    else
      j.attribute("budget", nullptr);
    j.attribute("budget_text", report.budgetText);
    // best-effort: the budget asked for, not met; `budget` is then the
    // smallest peak the solver reached, which the plan meets.
    if (report.requestedBudget)
      j.attribute("requested_budget", *report.requestedBudget);
    else
      j.attribute("requested_budget", nullptr);
    j.attribute("best_effort", report.requestedBudget.has_value());
    j.attribute("budget_kind", report.saved ? "saved" : "peak");
    if (report.saved)
      j.attributeObject("saved_budget", [&] {
        j.attribute("budget", report.saved->budget);
        j.attribute("saved", report.saved->saved);
        j.attribute("unplanned", report.saved->unplanned);
      });
    j.attribute("feasible", result.feasible);
    if (result.solver == SolverKind::Exact ||
        result.solver == SolverKind::Search) {
      j.attribute("optimal", result.optimal);
      j.attribute("gap", result.gap);
    }
    // Whether the exact solver proved the plan's peak the smallest among
    // the cheapest plans: what makes its peaks monotone in the budget.
    if (result.solver == SolverKind::Exact)
      j.attribute("peak_minimized", result.peakMinimized);
    // The weighted added cost no plan within the budget beats (0: none
    // computed).
    j.attribute("lower_bound", result.lowerBound);
    if (!result.feasible)
      j.attribute("min_reachable_peak", result.minReachablePeak);
    j.attribute("peak_before", report.before.peak);
    j.attribute("peak_after", result.profile.peak);
    // The same plan's peak in the solvers' model, where an unread original
    // still runs at its step: what budgets are checked against (a budget
    // below it is refused even when peak_after is within it).
    j.attribute("solver_peak", report.solverPeak);
    j.attribute("flops_total", totalFlops(graph));
    RecomputeSummary summary = summarizeRecomputation(graph, result.profile);
    j.attribute("flops_added", summary.flopsAdded);
    j.attribute("flops_moved", summary.flopsMoved);
    j.attribute("moves", summary.moves);
    j.attribute("cost_added", result.cost);
    if (!result.profile.live.empty()) {
      size_t p = result.profile.peakIndex;
      j.attributeObject("split_at_peak", [&] {
        j.attribute("arguments", result.profile.resident);
        j.attribute("kept", result.profile.kept[p]);
        j.attribute("temporaries", result.profile.working[p]);
      });
    }
    size_t start = backwardStart(graph.problem, result.profile);
    if (start < result.profile.executions.size())
      j.attribute("backward_start", static_cast<int64_t>(start));
    else
      j.attribute("backward_start", nullptr);
    j.attributeArray("saved_for_backward", [&] {
      for (const SavedValue &value : savedForBackward(report))
        j.object([&] {
          writeValue(j, report, value.node);
          j.attribute("memory", value.host ? "host" : "device");
          j.attribute("reason_kind", value.kind);
          j.attribute("reason", value.reason);
          j.attribute("from", static_cast<int64_t>(value.first));
          j.attribute("to", static_cast<int64_t>(value.last));
        });
    });
    j.attributeArray("kept_at_peak", [&] {
      for (NodeId id : result.profile.keptAtPeak)
        j.object([&] {
          writeValue(j, report, id);
          j.attribute("reason", keepReason(graph, id));
        });
    });
    j.attributeArray("recomputed", [&] {
      for (Step s = 0; s < static_cast<Step>(plan.recomputeBefore.size()); ++s)
        for (NodeId id : plan.recomputeBefore[s])
          j.object([&] {
            writeValue(j, report, id);
            j.attribute("before_step", static_cast<int64_t>(s));
            j.attribute("move", summary.isMove(s, id));
          });
    });
    j.attributeArray("offloaded", [&] {
      for (Step s = 0; s < static_cast<Step>(plan.offloadAfter.size()); ++s)
        for (NodeId id : plan.offloadAfter[s])
          j.object([&] {
            writeValue(j, report, id);
            j.attribute("after_step", static_cast<int64_t>(s));
          });
    });
    j.attributeArray("reloaded", [&] {
      for (Step s = 0; s < static_cast<Step>(plan.reloadBefore.size()); ++s)
        for (NodeId id : plan.reloadBefore[s])
          j.object([&] {
            writeValue(j, report, id);
            j.attribute("before_step", static_cast<int64_t>(s));
          });
    });
    j.attributeBegin("profile_before");
    writeProfile(j, graph, report.before);
    j.attributeEnd();
    j.attributeBegin("profile_after");
    writeProfile(j, graph, result.profile);
    j.attributeEnd();
    if (!result.message.empty())
      j.attribute("message", result.message);
  });
}

void remat::writeJsonReport(ArrayRef<FunctionReport> reports,
                            llvm::raw_ostream &os) {
  llvm::json::OStream j(os, /*IndentSize=*/1);
  j.object([&] {
    j.attribute("version", 1);
    j.attributeArray("functions", [&] {
      for (const FunctionReport &report : reports)
        writeOne(j, report);
    });
  });
  os << "\n";
}
