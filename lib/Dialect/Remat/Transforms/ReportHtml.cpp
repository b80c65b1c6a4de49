//===- ReportHtml.cpp - the HTML memory timeline --------------------------===//
//
// A self-contained page (inline SVG and CSS, no script, no network): for each
// function a summary, the timeline panels (HtmlTimeline.h) and the tables
// the text report prints: the values saved for the backward pass and why,
// the values kept across the peak, and what was rematerialized.
//
//===----------------------------------------------------------------------===//

#include "remat/Dialect/Remat/Transforms/PlanReport.h"

#include "HtmlTimeline.h"
#include "remat/Core/ByteSize.h"

using namespace mlir;
using namespace remat;
using namespace remat::html;

static void writeTables(const FunctionReport &report, size_t function,
                        ArrayRef<SavedValue> saved, llvm::raw_ostream &os) {
  const GraphProblem &graph = *report.graph;
  const MemoryProfile &after = report.result.profile;
  auto name = [&](NodeId id) {
    return id < static_cast<NodeId>(report.names.size()) ? report.names[id]
                                                         : std::string();
  };
  auto type = [&](NodeId id) {
    return id < static_cast<NodeId>(report.types.size()) ? report.types[id]
                                                         : std::string();
  };
  os << "<h3>Saved for the backward pass</h3>\n<table><tr><th>bytes</th>"
        "<th>memory</th><th>name</th><th>type</th><th>op</th><th>location"
        "</th><th>pass</th><th>reason</th></tr>\n";
  for (const SavedValue &value : saved) {
    NodeId id = value.node;
    os << "<tr id=\"" << rowId(function, id) << "\"><td class=\"num\">"
       << escape(formatBytes(graph.problem.node(id).bytes)) << "</td><td>"
       << (value.host ? "host" : "device") << "</td><td>" << escape(name(id))
       << "</td><td>" << escape(type(id)) << "</td><td>"
       << escape(graph.problem.node(id).name) << "</td><td>"
       << escape(formatLocation(graph.location(id))) << "</td><td>"
       << passName(graph.problem.node(id)) << "</td><td>"
       << escape(value.reason) << "</td></tr>\n";
  }
  os << "</table>\n<h3>Kept across the peak</h3>\n<table><tr><th>bytes</th>"
        "<th>reason</th><th>name</th><th>value</th><th>location</th>"
        "<th>pass</th></tr>\n";
  for (NodeId id : after.keptAtPeak)
    os << "<tr><td class=\"num\">" << graph.problem.node(id).bytes
       << "</td><td>" << escape(keepReason(graph, id)) << "</td><td>"
       << escape(name(id)) << "</td><td>" << escape(graph.describe(id))
       << "</td><td>" << escape(formatLocation(graph.location(id)))
       << "</td><td>" << passName(graph.problem.node(id)) << "</td></tr>\n";
  os << "</table>\n<h3>Rematerialized</h3>\n<table><tr><th>action</th>"
        "<th>value</th><th>bytes</th><th>step</th><th>location</th></tr>\n";
  const Plan &plan = report.result.plan;
  auto row = [&](const char *action, NodeId id, Step s) {
    os << "<tr><td>" << action << "</td><td>" << escape(graph.describe(id))
       << "</td><td class=\"num\">" << graph.problem.node(id).bytes
       << "</td><td class=\"num\">" << s << "</td><td>"
       << escape(formatLocation(graph.location(id))) << "</td></tr>\n";
  };
  for (Step s = 0; s < static_cast<Step>(plan.recomputeBefore.size()); ++s) {
    for (NodeId id : plan.reloadBefore[s])
      row("reload", id, s);
    for (NodeId id : plan.recomputeBefore[s])
      row("recompute", id, s);
    for (NodeId id : plan.offloadAfter[s])
      row("offload", id, s);
  }
  os << "</table>\n";
}

static void writeFunction(const FunctionReport &report, size_t function,
                          llvm::raw_ostream &os) {
  const MemoryProfile &after = report.result.profile;
  std::vector<SavedValue> saved = savedForBackward(report);
  RecomputeSummary summary =
      summarizeRecomputation(*report.graph, report.result.profile);
  os << "<section><h2>@" << escape(report.function) << "</h2>\n<p>solver "
     << toString(report.result.solver) << "; budget "
     << (report.budget ? formatBytes(*report.budget) : std::string("none"))
     << (report.budget ? (report.result.feasible ? " (met)" : " (NOT met)")
                       : "")
     << "; peak " << formatBytes(report.before.peak) << " &rarr; "
     << formatBytes(after.peak) << "; " << summary.recomputations
     << " recomputation(s), +" << summary.flopsAdded << " FLOPs; "
     << summary.moves << " move(s); " << report.result.plan.numOffloads()
     << " offload(s), host peak " << formatBytes(after.hostPeak) << "</p>\n";
  writeTimeline(report, function, saved, os);
  writeTables(report, function, saved, os);
  os << "</section>\n";
}

void remat::writeHtmlReport(ArrayRef<FunctionReport> reports,
                            llvm::raw_ostream &os) {
  os << R"(<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>remat memory timeline</title>
<style>
body { font-family: sans-serif; margin: 2em; color: #222; }
svg.panel { background: #fafafa; border: 1px solid #ddd; display: block; }
polygon.arguments { fill: #c9c9c9; }
polygon.kept { fill: #7fb0e8; }
polygon.temporaries { fill: #f2b46d; }
polygon.host { fill: #b48ad8; }
circle.peak { fill: #d11f1f; }
text.peak-label, text.budget-label { font-size: 11px; fill: #d11f1f; }
text.tick { font-size: 10px; text-anchor: end; fill: #555; }
text.tick.start, text.phase.start { text-anchor: start; }
text.phase { font-size: 10px; text-anchor: end; fill: #444; }
line.axis { stroke: #333; }
line.budget { stroke: #d11f1f; stroke-dasharray: 6 4; stroke-width: 1.5; }
line.boundary { stroke: #333; stroke-dasharray: 2 3; }
path.marker.recompute { fill: #2a9d3f; }
path.marker.offload { fill: #8a4fc4; }
path.marker.reload { fill: #c44f8a; }
rect.hover { fill: transparent; }
rect.hover:hover { fill: rgba(31, 111, 209, 0.15); }
rect.life.forward { fill: #5b8fd0; }
rect.life.backward { fill: #e0904a; }
rect.life.recomputed { fill: #2a9d3f; }
rect.life.reloaded { fill: #c44f8a; }
rect.life.host { fill: #b48ad8; }
rect.life:hover { stroke: #000; stroke-width: 1; }
.legend span { margin-right: 1.2em; font-size: 12px; }
.swatch { display: inline-block; width: 10px; height: 10px;
          margin-right: 4px; vertical-align: middle; }
p.note { font-size: 12px; color: #555; }
table { border-collapse: collapse; margin-bottom: 1em; }
td, th { border: 1px solid #ddd; padding: 2px 8px; font-size: 12px; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
tr:target { background: #fff3b0; }
</style></head><body>
<h1>remat memory timeline</h1>
<p>Live device memory at every execution of the schedule, before and after
rematerialization, stacked by kind; hover over a panel for the op at each
step, over a marker for the recomputation, offload or reload it stands for,
and over a lifetime band for the value it holds.</p>
<p class="legend">
<span><i class="swatch" style="background:#c9c9c9"></i>arguments</span>
<span><i class="swatch" style="background:#7fb0e8"></i>kept for later</span>
<span><i class="swatch" style="background:#f2b46d"></i>temporaries</span>
<span><i class="swatch" style="background:#b48ad8"></i>host memory</span>
<span><i class="swatch" style="background:#2a9d3f"></i>recompute</span>
<span><i class="swatch" style="background:#8a4fc4"></i>offload</span>
<span><i class="swatch" style="background:#c44f8a"></i>reload</span>
<span><i class="swatch" style="background:#5b8fd0"></i>forward value</span>
<span><i class="swatch" style="background:#e0904a"></i>backward value</span>
<span style="color:#d11f1f">- - budget</span>
<span>&#8942; forward / backward</span>
</p>
)";
  for (size_t i = 0; i < reports.size(); ++i)
    writeFunction(reports[i], i, os);
  os << "</body></html>\n";
}
