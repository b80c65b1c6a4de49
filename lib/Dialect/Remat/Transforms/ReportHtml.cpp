//===- ReportHtml.cpp - the HTML memory timeline --------------------------===//
//
// A self-contained page (inline SVG and CSS, no script, no network): for each
// function, live device memory over the schedule before and after the plan,
// the budget, the two peaks marked, and a tooltip on every column saying
// which op runs there and what is live. Long schedules are drawn in at most
// kColumns columns, each showing the largest value it covers.
//
//===----------------------------------------------------------------------===//

#include "remat/Dialect/Remat/Transforms/PlanReport.h"

#include "remat/Core/ByteSize.h"
#include "llvm/Support/Format.h"

#include <algorithm>

using namespace mlir;
using namespace remat;

namespace {

constexpr int kWidth = 960, kHeight = 320, kLeft = 70, kRight = 20, kTop = 20,
              kBottom = 40;
constexpr size_t kColumns = 1200;

/// HTML-escapes text.
std::string escape(llvm::StringRef text) {
  std::string out;
  for (char c : text) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

/// One drawn column: the largest live value among the executions it covers.
struct Column {
  double x;     ///< Schedule position (step + fraction within the step).
  int64_t live; ///< Largest live bytes in the column.
  size_t index; ///< Execution holding that value.
};

/// Positions executions by step (several executions of one step share it)
/// and merges them into at most kColumns columns.
std::vector<Column> columnsOf(const MemoryProfile &profile, int32_t steps) {
  std::vector<Column> all;
  size_t n = profile.executions.size();
  for (size_t i = 0; i < n;) {
    size_t j = i;
    while (j < n && profile.executions[j].anchor == profile.executions[i].anchor)
      ++j;
    for (size_t k = i; k < j; ++k)
      all.push_back({profile.executions[i].anchor +
                         static_cast<double>(k - i) / static_cast<double>(j - i),
                     profile.live[k], k});
    i = j;
  }
  if (all.size() <= kColumns)
    return all;
  std::vector<Column> merged;
  double width = (steps + 1.0) / static_cast<double>(kColumns);
  for (const Column &c : all) {
    size_t bucket = static_cast<size_t>(c.x / width);
    if (merged.empty() ||
        static_cast<size_t>(merged.back().x / width) != bucket) {
      merged.push_back(c);
      continue;
    }
    if (c.live > merged.back().live) {
      merged.back().live = c.live;
      merged.back().index = c.index;
    }
  }
  return merged;
}

class HtmlChart {
public:
  HtmlChart(const FunctionReport &report, llvm::raw_ostream &os)
      : report(report), graph(*report.graph), os(os) {
    steps = graph.problem.size();
    maxBytes = std::max(report.before.peak, report.result.profile.peak);
    if (report.budget)
      maxBytes = std::max(maxBytes, *report.budget);
    maxBytes = std::max<int64_t>(maxBytes, 1);
  }

  void write();

private:
  double xOf(double position) const {
    return kLeft + (kWidth - kLeft - kRight) * position / (steps + 1.0);
  }
  double yOf(int64_t bytes) const {
    return kTop + (kHeight - kTop - kBottom) *
                      (1.0 - static_cast<double>(bytes) /
                                 static_cast<double>(maxBytes) / 1.05);
  }
  std::string tooltip(const MemoryProfile &profile, size_t index,
                      const char *which) const;
  void writeSeries(const MemoryProfile &profile, const char *cls,
                   const char *which);
  void writeTables();

  const FunctionReport &report;
  const GraphProblem &graph;
  llvm::raw_ostream &os;
  int32_t steps;
  int64_t maxBytes;
};

} // namespace

std::string HtmlChart::tooltip(const MemoryProfile &profile, size_t index,
                               const char *which) const {
  const Execution &exec = profile.executions[index];
  std::string text = std::string(which) + ", step " +
                     std::to_string(exec.anchor) + ": ";
  switch (exec.kind) {
  case Execution::Kind::Compute:
    text += graph.describe(exec.node);
    break;
  case Execution::Kind::Recompute:
    text += "recompute " + graph.describe(exec.node);
    break;
  case Execution::Kind::Offload:
    text += "offload " + graph.describe(exec.node);
    break;
  case Execution::Kind::Reload:
    text += "reload " + graph.describe(exec.node);
    break;
  case Execution::Kind::Return:
    text += "return";
    break;
  }
  if (exec.node >= 0)
    text += " at " + formatLocation(graph.location(exec.node));
  text += "\nlive " + formatBytes(profile.live[index]) + " = arguments " +
          formatBytes(profile.resident) + " + kept " +
          formatBytes(profile.kept[index]) + " + temporaries " +
          formatBytes(profile.working[index]);
  return text;
}

void HtmlChart::writeSeries(const MemoryProfile &profile, const char *cls,
                            const char *which) {
  std::vector<Column> columns = columnsOf(profile, steps);
  if (columns.empty())
    return;
  os << "<polyline class=\"" << cls << "\" points=\"";
  for (const Column &c : columns)
    os << llvm::format("%.1f,%.1f ", xOf(c.x), yOf(c.live));
  os << "\"/>\n";
  double width = std::max(1.0, (kWidth - kLeft - kRight) /
                                   static_cast<double>(columns.size()));
  for (const Column &c : columns)
    os << llvm::format("<rect class=\"hover\" x=\"%.1f\" y=\"%d\" "
                       "width=\"%.1f\" height=\"%d\"><title>",
                       xOf(c.x) - width / 2, kTop, width,
                       kHeight - kTop - kBottom)
       << escape(tooltip(profile, c.index, which)) << "</title></rect>\n";
  // The peak marker.
  size_t p = profile.peakIndex;
  double position = 0;
  for (const Column &c : columns)
    if (c.index == p)
      position = c.x;
  os << llvm::format("<circle class=\"peak %s\" cx=\"%.1f\" cy=\"%.1f\" "
                     "r=\"4\"><title>",
                     cls, xOf(position), yOf(profile.peak))
     << escape(std::string(which) + " peak: " + formatBytes(profile.peak) +
               "\n" + tooltip(profile, p, which))
     << "</title></circle>\n";
  os << llvm::format("<text class=\"label %s\" x=\"%.1f\" y=\"%.1f\">", cls,
                     xOf(position) + 6, yOf(profile.peak) - 6)
     << escape(std::string(which) + " peak " + formatBytes(profile.peak))
     << "</text>\n";
}

void HtmlChart::writeTables() {
  const MemoryProfile &after = report.result.profile;
  os << "<h3>Kept across the peak</h3>\n<table><tr><th>bytes</th><th>reason"
        "</th><th>value</th><th>location</th></tr>\n";
  for (NodeId id : after.keptAtPeak)
    os << "<tr><td class=\"num\">" << graph.problem.node(id).bytes
       << "</td><td>" << escape(keepReason(graph, id)) << "</td><td>"
       << escape(graph.describe(id)) << "</td><td>"
       << escape(formatLocation(graph.location(id))) << "</td></tr>\n";
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

void HtmlChart::write() {
  const MemoryProfile &after = report.result.profile;
  os << "<section><h2>@" << escape(report.function) << "</h2>\n<p>solver "
     << toString(report.result.solver) << "; budget "
     << (report.budget ? formatBytes(*report.budget) : std::string("none"))
     << (report.budget ? (report.result.feasible ? " (met)" : " (NOT met)")
                       : "")
     << "; peak " << formatBytes(report.before.peak) << " &rarr; "
     << formatBytes(after.peak) << "; "
     << report.result.plan.numRecomputations() << " recomputation(s), +"
     << addedFlops(graph, report.result.plan) << " FLOPs; "
     << report.result.plan.numOffloads() << " offload(s)</p>\n";
  os << "<svg viewBox=\"0 0 " << kWidth << " " << kHeight
     << "\" width=\"" << kWidth << "\" height=\"" << kHeight << "\">\n";
  // Axes and labels.
  os << llvm::format("<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" "
                     "y2=\"%d\"/>\n",
                     kLeft, kHeight - kBottom, kWidth - kRight,
                     kHeight - kBottom);
  os << llvm::format("<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" "
                     "y2=\"%d\"/>\n",
                     kLeft, kTop, kLeft, kHeight - kBottom);
  for (int tick = 0; tick <= 4; ++tick) {
    int64_t bytes = maxBytes * tick / 4;
    os << llvm::format("<text class=\"tick\" x=\"%d\" y=\"%.1f\">", kLeft - 4,
                       yOf(bytes) + 4)
       << escape(formatBytes(bytes)) << "</text>\n";
  }
  os << llvm::format("<text class=\"tick\" x=\"%d\" y=\"%d\">step 0</text>\n",
                     kLeft + 24, kHeight - kBottom + 16);
  os << llvm::format("<text class=\"tick\" x=\"%d\" y=\"%d\">step %d"
                     "</text>\n",
                     kWidth - kRight, kHeight - kBottom + 16, steps);
  if (report.budget)
    os << llvm::format("<line class=\"budget\" x1=\"%d\" y1=\"%.1f\" "
                       "x2=\"%d\" y2=\"%.1f\"><title>budget ",
                       kLeft, yOf(*report.budget), kWidth - kRight,
                       yOf(*report.budget))
       << escape(formatBytes(*report.budget)) << "</title></line>\n";
  writeSeries(report.before, "before", "before");
  writeSeries(after, "after", "after");
  os << "</svg>\n<p class=\"legend\"><span class=\"before\">&#9632; "
        "before</span> <span class=\"after\">&#9632; after</span> "
        "<span class=\"budget\">&#9632; budget</span></p>\n";
  writeTables();
  os << "</section>\n";
}

void remat::writeHtmlReport(ArrayRef<FunctionReport> reports,
                            llvm::raw_ostream &os) {
  os << R"(<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>remat memory timeline</title>
<style>
body { font-family: sans-serif; margin: 2em; color: #222; }
svg { background: #fafafa; border: 1px solid #ddd; }
polyline { fill: none; stroke-width: 1.5; }
polyline.before { stroke: #999; }
polyline.after { stroke: #1f6fd1; }
circle.peak.before { fill: #999; }
circle.peak.after { fill: #d11f1f; }
text.label { font-size: 11px; }
text.label.after { fill: #d11f1f; }
text.tick { font-size: 10px; text-anchor: end; fill: #555; }
line.axis { stroke: #333; }
line.budget { stroke: #d11f1f; stroke-dasharray: 6 4; }
rect.hover { fill: transparent; }
rect.hover:hover { fill: rgba(31, 111, 209, 0.12); }
.legend .before { color: #999; } .legend .after { color: #1f6fd1; }
.legend .budget { color: #d11f1f; }
table { border-collapse: collapse; margin-bottom: 1em; }
td, th { border: 1px solid #ddd; padding: 2px 8px; font-size: 12px; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
</style></head><body>
<h1>remat memory timeline</h1>
<p>Live device memory at every execution of the schedule, before and after
rematerialization. Hover over the chart for the op at each step.</p>
)";
  for (const FunctionReport &report : reports)
    HtmlChart(report, os).write();
  os << "</body></html>\n";
}
