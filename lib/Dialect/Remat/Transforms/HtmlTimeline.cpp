//===- HtmlTimeline.cpp - the SVG panels of the HTML report ---------------===//
//
// Positions: every execution sits at its step (anchor) plus its rank among
// the executions of that step, so that the before and after panels share
// an x axis although the plan adds executions. The axis starts at the first
// execution (arguments and constants have none) and ends at the return.
// Long schedules are merged into at most kColumns columns, each drawn at
// the execution with the most live bytes it covers.
//
//===----------------------------------------------------------------------===//

#include "HtmlTimeline.h"

#include "remat/Core/ByteSize.h"
#include "remat/Core/SavedBudget.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"

#include <algorithm>
#include <cmath>
#include <map>

using namespace mlir;
using namespace remat;
using namespace remat::html;

std::string html::escape(llvm::StringRef text) {
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

std::string html::rowId(size_t function, NodeId node) {
  return "f" + std::to_string(function) + "-v" + std::to_string(node);
}

std::string html::describeValue(const FunctionReport &report, NodeId node) {
  const GraphProblem &graph = *report.graph;
  std::string text;
  if (node < static_cast<NodeId>(report.names.size()))
    text = report.names[node] + " : " + report.types[node] + " = ";
  text += graph.problem.node(node).name + " (" +
          formatLocation(graph.location(node)) + ", " +
          passName(graph.problem.node(node)) + "), " +
          formatBytes(graph.problem.node(node).bytes);
  return text;
}

namespace {

constexpr int kWidth = 960, kLeft = 80, kRight = 110, kPanel = 200,
              kTopPad = 16, kAxis = 34, kHostPanel = 70, kLanesMax = 240;
constexpr size_t kColumns = 1200;

/// What one execution does, in words.
std::string describeExecution(const GraphProblem &graph,
                              const MemoryProfile &profile, size_t index) {
  const Execution &exec = profile.executions[index];
  std::string text = "step " + std::to_string(exec.anchor) + ": ";
  switch (exec.kind) {
  case Execution::Kind::Compute:
    break;
  case Execution::Kind::Recompute:
    text += "recompute ";
    break;
  case Execution::Kind::Offload:
    text += "offload ";
    break;
  case Execution::Kind::Reload:
    text += "reload ";
    break;
  case Execution::Kind::Return:
    return text + "return";
  }
  return text + graph.describe(exec.node) + " at " +
         formatLocation(graph.location(exec.node));
}

/// Host bytes at every execution: host copies from their first offload to
/// their last reload.
std::vector<int64_t> hostBytes(const GraphProblem &graph,
                               const MemoryProfile &profile) {
  size_t n = profile.executions.size();
  std::vector<int64_t> delta(n + 1, 0), bytes(n, 0);
  for (const Lifetime &life : profile.lifetimes)
    if (life.kind == Lifetime::Kind::Host) {
      delta[life.first] += graph.problem.node(life.node).bytes;
      delta[life.last + 1] -= graph.problem.node(life.node).bytes;
    }
  int64_t running = 0;
  for (size_t i = 0; i < n; ++i)
    bytes[i] = running += delta[i];
  return bytes;
}

class Timeline {
public:
  Timeline(const FunctionReport &report, size_t function,
           ArrayRef<SavedValue> saved, llvm::raw_ostream &os)
      : report(report), graph(*report.graph), function(function), os(os) {
    for (const SavedValue &value : saved)
      reasons[{value.node, value.first}] = value.reason;
    const MemoryProfile &after = report.result.profile;
    maxBytes = std::max(report.before.peak, after.peak);
    if (report.budget)
      maxBytes = std::max(maxBytes, *report.budget);
    maxBytes = std::max<int64_t>(maxBytes, 1);
    end = graph.problem.size() + 1.0;
    start = end - 1;
    for (const MemoryProfile *profile : {&report.before, &after})
      if (!profile->executions.empty())
        start = std::min<double>(start, profile->executions.front().anchor);
  }

  void write();

private:
  /// The x position of every execution (see the file comment).
  std::vector<double> positions(const MemoryProfile &profile) const;
  double xOf(double position) const {
    return kLeft + (kWidth - kLeft - kRight) * (position - start) /
                       std::max(end - start, 1.0);
  }
  double yOf(int64_t bytes, double top, double height, int64_t scale) const {
    return top + height * (1.0 - static_cast<double>(bytes) /
                                     static_cast<double>(scale) / 1.05);
  }
  void writeMemoryPanel(const MemoryProfile &profile, const char *which,
                        bool markers);
  void writeHostPanel(const MemoryProfile &profile);
  void writeLifetimes(const MemoryProfile &profile);
  void writeXAxis(double baseline);
  void writeBoundary(const MemoryProfile &profile,
                     const std::vector<double> &x, double top, double bottom,
                     bool labels = true);

  const FunctionReport &report;
  const GraphProblem &graph;
  size_t function;
  llvm::raw_ostream &os;
  /// Why each saved copy, by (node, first execution), is saved.
  std::map<std::pair<NodeId, size_t>, std::string> reasons;
  int64_t maxBytes;
  double start, end;
};

} // namespace

std::vector<double> Timeline::positions(const MemoryProfile &profile) const {
  std::vector<double> x(profile.executions.size());
  size_t n = x.size();
  for (size_t i = 0; i < n;) {
    size_t j = i;
    while (j < n && profile.executions[j].anchor == profile.executions[i].anchor)
      ++j;
    for (size_t k = i; k < j; ++k)
      x[k] = profile.executions[i].anchor +
             static_cast<double>(k - i) / static_cast<double>(j - i);
    i = j;
  }
  return x;
}

void Timeline::writeXAxis(double baseline) {
  os << llvm::format("<line class=\"axis\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" "
                     "y2=\"%.1f\"/>\n",
                     kLeft, baseline, kWidth - kRight, baseline);
  os << llvm::format("<text class=\"tick start\" x=\"%d\" y=\"%.1f\">step "
                     "%d (first op)</text>\n",
                     kLeft, baseline + 14, static_cast<int>(start));
  os << llvm::format("<text class=\"tick\" x=\"%d\" y=\"%.1f\">step %d "
                     "(return)</text>\n",
                     kWidth - kRight, baseline + 14, graph.problem.size());
}

void Timeline::writeBoundary(const MemoryProfile &profile,
                             const std::vector<double> &x, double top,
                             double bottom, bool labels) {
  size_t b = backwardStart(graph.problem, profile);
  if (b >= x.size())
    return;
  double px = xOf(x[b]);
  os << llvm::format("<line class=\"boundary\" x1=\"%.1f\" y1=\"%.1f\" "
                     "x2=\"%.1f\" y2=\"%.1f\"><title>the backward pass "
                     "starts: ",
                     px, top, px, bottom)
     << escape(describeExecution(graph, profile, b)) << "</title></line>\n";
  if (!labels)
    return;
  os << llvm::format("<text class=\"phase\" x=\"%.1f\" y=\"%.1f\">forward "
                     "&#8592;</text>\n",
                     px - 4, top + 10);
  os << llvm::format("<text class=\"phase start\" x=\"%.1f\" y=\"%.1f\">"
                     "&#8594; backward</text>\n",
                     px + 4, top + 10);
}

void Timeline::writeMemoryPanel(const MemoryProfile &profile,
                                const char *which, bool markers) {
  std::vector<double> x = positions(profile);
  int height = kTopPad + kPanel + kAxis;
  double top = kTopPad, bottom = kTopPad + kPanel;
  os << "<h3>Device memory " << which << " the plan</h3>\n";
  os << "<svg class=\"panel\" viewBox=\"0 0 " << kWidth << " " << height
     << "\" width=\"" << kWidth << "\" height=\"" << height << "\">\n";
  // Columns: the execution with the most live bytes of each.
  struct Column {
    double x;
    size_t index;
  };
  std::vector<Column> columns;
  double bucketWidth = (end - start) / static_cast<double>(kColumns);
  for (size_t i = 0; i < x.size(); ++i) {
    bool merge = x.size() > kColumns && !columns.empty() &&
                 static_cast<int64_t>((columns.back().x - start) /
                                      bucketWidth) ==
                     static_cast<int64_t>((x[i] - start) / bucketWidth);
    if (!merge)
      columns.push_back({x[i], i});
    else if (profile.live[i] > profile.live[columns.back().index])
      columns.back().index = i;
  }
  // Each column reaches to the next one (the last to the return).
  auto rightOf = [&](size_t c) {
    return xOf(c + 1 < columns.size() ? columns[c + 1].x : end);
  };
  // Stacked areas: arguments, then kept for later, then temporaries.
  auto area = [&](const char *cls, auto lower, auto upper) {
    if (columns.empty())
      return;
    os << "<polygon class=\"" << cls << "\" points=\"";
    for (size_t c = 0; c < columns.size(); ++c) {
      double y = yOf(upper(columns[c].index), top, kPanel, maxBytes);
      os << llvm::format("%.1f,%.1f %.1f,%.1f ", xOf(columns[c].x), y,
                         rightOf(c), y);
    }
    for (size_t c = columns.size(); c-- > 0;) {
      double y = yOf(lower(columns[c].index), top, kPanel, maxBytes);
      os << llvm::format("%.1f,%.1f %.1f,%.1f ", rightOf(c), y,
                         xOf(columns[c].x), y);
    }
    os << "\"/>\n";
  };
  auto zero = [](size_t) { return int64_t(0); };
  auto args = [&](size_t) { return profile.resident; };
  auto kept = [&](size_t i) { return profile.resident + profile.kept[i]; };
  auto live = [&](size_t i) { return profile.live[i]; };
  area("arguments", zero, args);
  area("kept", args, kept);
  area("temporaries", kept, live);
  // Byte ticks.
  os << llvm::format("<line class=\"axis\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" "
                     "y2=\"%.1f\"/>\n",
                     kLeft, top, kLeft, bottom);
  for (int tick = 0; tick <= 4; ++tick) {
    int64_t bytes = maxBytes * tick / 4;
    os << llvm::format("<text class=\"tick\" x=\"%d\" y=\"%.1f\">", kLeft - 4,
                       yOf(bytes, top, kPanel, maxBytes) + 4)
       << escape(formatBytes(bytes)) << "</text>\n";
  }
  double budgetY = -100;
  if (report.budget) {
    double y = budgetY = yOf(*report.budget, top, kPanel, maxBytes);
    os << llvm::format("<line class=\"budget\" x1=\"%d\" y1=\"%.1f\" "
                       "x2=\"%d\" y2=\"%.1f\"/>\n",
                       kLeft, y, kWidth - kRight, y);
    os << llvm::format("<text class=\"budget-label\" x=\"%d\" y=\"%.1f\">",
                       kWidth - kRight + 4, y + 4)
       << "budget " << escape(formatBytes(*report.budget)) << "</text>\n";
  }
  writeBoundary(profile, x, top, bottom);
  // The peak.
  if (!x.empty()) {
    size_t p = profile.peakIndex;
    double px = xOf(x[p]), py = yOf(profile.peak, top, kPanel, maxBytes);
    os << llvm::format("<circle class=\"peak\" cx=\"%.1f\" cy=\"%.1f\" "
                       "r=\"4\"/>\n",
                       px, py);
    // In the right margin, clear of the budget's label.
    double ly = std::max(top + 10, py + 4);
    if (std::abs(ly - (budgetY + 4)) < 12)
      ly = budgetY + 4 + (ly > budgetY + 4 ? 12 : -12);
    os << llvm::format("<text class=\"peak-label\" x=\"%d\" y=\"%.1f\">",
                       kWidth - kRight + 4, ly)
       << "peak " << escape(formatBytes(profile.peak)) << "</text>\n";
  }
  // Recomputations, offloads and reloads, below the axis.
  if (markers)
    for (size_t i = 0; i < x.size(); ++i) {
      const Execution &exec = profile.executions[i];
      const char *cls = exec.kind == Execution::Kind::Recompute ? "recompute"
                        : exec.kind == Execution::Kind::Offload ? "offload"
                        : exec.kind == Execution::Kind::Reload  ? "reload"
                                                                : nullptr;
      if (!cls)
        continue;
      double px = xOf(x[i]);
      os << llvm::format("<path class=\"marker %s\" d=\"M%.1f %.1f l-4 8 "
                         "h8 z\"><title>",
                         cls, px, bottom + 1)
         << escape(describeExecution(graph, profile, i)) << "</title></path>\n";
    }
  writeXAxis(bottom + 12);
  // Hover targets, one per column, each in this panel only.
  for (size_t ci = 0; ci < columns.size(); ++ci) {
    const Column &c = columns[ci];
    os << llvm::format("<rect class=\"hover\" x=\"%.1f\" y=\"%.1f\" "
                       "width=\"%.1f\" height=\"%d\"><title>",
                       xOf(c.x), top, std::max(rightOf(ci) - xOf(c.x), 0.5),
                       kPanel)
       << escape(std::string(which) + " the plan, " +
                 describeExecution(graph, profile, c.index) + "\nlive " +
                 formatBytes(profile.live[c.index]) + " = arguments " +
                 formatBytes(profile.resident) + " + kept for later " +
                 formatBytes(profile.kept[c.index]) + " + temporaries " +
                 formatBytes(profile.working[c.index]))
       << "</title></rect>\n";
  }
  os << "</svg>\n";
}

void Timeline::writeHostPanel(const MemoryProfile &profile) {
  if (profile.hostPeak == 0)
    return;
  std::vector<double> x = positions(profile);
  std::vector<int64_t> host = hostBytes(graph, profile);
  int height = kTopPad + kHostPanel + kAxis;
  double top = kTopPad, bottom = kTopPad + kHostPanel;
  os << "<h3>Host memory after the plan (its own axis)</h3>\n";
  os << "<svg class=\"panel\" viewBox=\"0 0 " << kWidth << " " << height
     << "\" width=\"" << kWidth << "\" height=\"" << height << "\">\n";
  os << "<polygon class=\"host\" points=\"";
  os << llvm::format("%.1f,%.1f ", xOf(x.empty() ? start : x.front()), bottom);
  for (size_t i = 0; i < x.size(); ++i) {
    double next = i + 1 < x.size() ? x[i + 1] : end;
    double y = yOf(host[i], top, kHostPanel, profile.hostPeak);
    os << llvm::format("%.1f,%.1f %.1f,%.1f ", xOf(x[i]), y, xOf(next), y);
  }
  os << llvm::format("%.1f,%.1f\"/>\n", xOf(end), bottom);
  os << llvm::format("<line class=\"axis\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" "
                     "y2=\"%.1f\"/>\n",
                     kLeft, top, kLeft, bottom);
  os << llvm::format("<text class=\"tick\" x=\"%d\" y=\"%.1f\">", kLeft - 4,
                     yOf(profile.hostPeak, top, kHostPanel, profile.hostPeak) +
                         4)
     << escape(formatBytes(profile.hostPeak)) << "</text>\n";
  os << llvm::format("<text class=\"tick\" x=\"%d\" y=\"%.1f\">0 B</text>\n",
                     kLeft - 4, bottom);
  writeBoundary(profile, x, top, bottom);
  writeXAxis(bottom + 12);
  os << "</svg>\n";
}

void Timeline::writeLifetimes(const MemoryProfile &profile) {
  std::vector<double> x = positions(profile);
  if (x.empty() || profile.lifetimes.empty())
    return;
  // Lanes: each copy in the first lane free at its start.
  std::vector<size_t> order(profile.lifetimes.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  llvm::sort(order, [&](size_t a, size_t b) {
    return std::make_pair(profile.lifetimes[a].first, a) <
           std::make_pair(profile.lifetimes[b].first, b);
  });
  std::vector<size_t> laneEnd, lane(order.size());
  for (size_t i : order) {
    const Lifetime &life = profile.lifetimes[i];
    size_t l = 0;
    while (l < laneEnd.size() && laneEnd[l] >= life.first)
      ++l;
    if (l == laneEnd.size())
      laneEnd.push_back(0);
    laneEnd[l] = life.last;
    lane[i] = l;
  }
  double laneHeight =
      std::clamp(static_cast<double>(kLanesMax) /
                     static_cast<double>(laneEnd.size()),
                 1.0, 8.0);
  double top = kTopPad;
  double bottom = top + laneHeight * static_cast<double>(laneEnd.size());
  int height = static_cast<int>(bottom) + kAxis;
  os << "<h3>Value lifetimes after the plan</h3>\n<p class=\"note\">One "
        "band per copy of a value, from the execution that makes it to its "
        "last read; hover a band for its row, click a saved value's band to "
        "go to it in the table.</p>\n";
  os << "<svg class=\"panel\" viewBox=\"0 0 " << kWidth << " " << height
     << "\" width=\"" << kWidth << "\" height=\"" << height << "\">\n";
  for (size_t i = 0; i < profile.lifetimes.size(); ++i) {
    const Lifetime &life = profile.lifetimes[i];
    const char *cls = life.kind == Lifetime::Kind::Recomputed ? "recomputed"
                      : life.kind == Lifetime::Kind::Reloaded ? "reloaded"
                      : life.kind == Lifetime::Kind::Host
                          ? "host"
                          : passName(graph.problem.node(life.node));
    double x0 = xOf(x[life.first]);
    double x1 = xOf(life.last + 1 < x.size() ? x[life.last + 1] : end);
    std::string title = describeValue(report, life.node) + "\n" + cls +
                        " copy, " +
                        describeExecution(graph, profile, life.first) +
                        " until " +
                        describeExecution(graph, profile, life.last);
    auto reason = reasons.find({life.node, life.first});
    bool saved = reason != reasons.end() &&
                 (life.kind == Lifetime::Kind::Original ||
                  life.kind == Lifetime::Kind::Host);
    if (saved)
      title += "\nsaved for the backward pass: " + reason->second;
    if (saved)
      os << "<a href=\"#" << rowId(function, life.node) << "\">";
    os << llvm::format("<rect class=\"life %s\" x=\"%.1f\" y=\"%.1f\" "
                       "width=\"%.1f\" height=\"%.1f\"><title>",
                       cls, x0, top + laneHeight * lane[i],
                       std::max(x1 - x0, 1.0), std::max(laneHeight - 0.5, 0.5))
       << escape(title) << "</title></rect>";
    os << (saved ? "</a>\n" : "\n");
  }
  writeBoundary(profile, x, top, bottom, /*labels=*/false);
  writeXAxis(bottom + 12);
  os << "</svg>\n";
}

void Timeline::write() {
  writeMemoryPanel(report.before, "before", /*markers=*/false);
  writeMemoryPanel(report.result.profile, "after", /*markers=*/true);
  writeHostPanel(report.result.profile);
  writeLifetimes(report.result.profile);
}

void html::writeTimeline(const FunctionReport &report, size_t function,
                         ArrayRef<SavedValue> saved, llvm::raw_ostream &os) {
  Timeline(report, function, saved, os).write();
}
