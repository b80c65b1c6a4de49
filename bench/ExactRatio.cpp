//===- ExactRatio.cpp - the greedy's cost against the exact solver's ------===//
//
// How far the greedy and auto (the default: exact up to 60 nodes, the
// search beyond, within 2 s) are from optimal: on generated training graphs
// of at most 300 nodes (transformer blocks, ResNet-like, U-Net-like and
// random training graphs, six of each), at five budgets spread between the
// smallest peak either solver reaches and the unconstrained peak, their
// added cost over the exact solver's, with the exact solver's proven gap
// and the lower bound auto proves. A quality study under a wall-clock limit per
// exact solve, not a timing, so a plain program; it prints Markdown tables.
//
//   remat-bench-exact-ratio [--time-limit=SECONDS] [--large] [--offload]
//                           [--greedy-sweep] [--benchmark_filter=REGEX]
//
// --time-limit bounds each exact solve (default 10 s). --large runs graphs
// of about 1,000 and 3,000 nodes instead. --offload instead compares, at
// 30% and 50% of each graph's unconstrained peak, auto's plan without
// offloading and with every value offloadable, and the exact solver's with
// every value offloadable (within the time limit). --greedy-sweep instead
// compares, at ten budgets from 30% to 93% of each graph's unconstrained
// peak, the greedy with and without its polish against the best plan found
// (theirs or the search's with 400 rounds). --benchmark_filter
// keeps the graphs whose name matches (as Google Benchmark filters; bench/
// run.sh passes the same flags to every binary); other --benchmark_ flags
// are ignored.
//
//===----------------------------------------------------------------------===//

#include "remat/Core/Generators.h"
#include "remat/Core/Solvers.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <regex>
#include <string>
#include <vector>

using namespace remat;

namespace {

/// One generated graph.
struct Graph {
  std::string family;
  std::string name;
  std::function<Problem()> build;
};

/// Six graphs per family, from about 20 to about 300 nodes; with `large`,
/// also graphs of about 1,000 and 3,000 nodes (transformer, ResNet-like
/// with four stages, random training graphs: a U-Net's channels double per
/// level, so its size is bounded by its bytes).
std::vector<Graph> graphs(bool large) {
  std::vector<Graph> list;
  if (large) {
    for (int32_t layers : {20, 60})
      list.push_back(
          {"transformer", "transformer/" + std::to_string(layers),
           [layers] { return transformerTrainingGraph(1, layers); }});
    for (int32_t blocks : {60, 180})
      list.push_back({"resnet", "resnet/" + std::to_string(blocks),
                      [blocks] {
                        ResNetOptions options;
                        options.blocksPerStage = blocks / 4;
                        return resnetTrainingGraph(1, blocks, options);
                      }});
    for (int32_t forward : {330, 1000})
      list.push_back(
          {"random_training", "random_training/" + std::to_string(forward),
           [forward] { return randomTrainingGraph(forward, forward); }});
    return list;
  }
  for (int32_t layers : {1, 2, 3, 4, 5, 6})
    list.push_back({"transformer", "transformer/" + std::to_string(layers),
                    [layers] { return transformerTrainingGraph(1, layers); }});
  for (int32_t blocks : {1, 2, 4, 6, 9, 12})
    list.push_back({"resnet", "resnet/" + std::to_string(blocks),
                    [blocks] { return resnetTrainingGraph(1, blocks); }});
  for (int32_t depth : {1, 2, 3, 4, 5, 6})
    list.push_back({"unet", "unet/" + std::to_string(depth),
                    [depth] { return unetTrainingGraph(1, depth); }});
  for (int32_t forward : {10, 20, 30, 50, 70, 95})
    list.push_back(
        {"random_training", "random_training/" + std::to_string(forward),
         [forward] { return randomTrainingGraph(forward, forward); }});
  return list;
}

/// Where each budget lies between the smallest reachable peak (0) and the
/// unconstrained one (1): keeping everything, at 1, costs nothing to both.
constexpr double kBudgetFractions[] = {0.0, 0.2, 0.4, 0.6, 0.8};

/// One budget of one graph.
struct Row {
  std::string family;
  std::string graph;
  int32_t nodes = 0;
  double fraction = 0;
  int64_t budget = 0;
  SolveResult greedy;
  SolveResult exact;
  SolveResult automatic;
  double exactSeconds = 0;
  double autoSeconds = 0;
  /// greedy cost / exact cost when both fit (1 when both are 0).
  std::optional<double> ratio;
  /// auto's cost / exact cost when both fit.
  std::optional<double> autoRatio;
};

/// Wall-clock seconds `run` takes.
template <typename Fn> double timed(Fn run) {
  auto begin = std::chrono::steady_clock::now();
  run();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - begin)
      .count();
}

/// The added cost, or why there is none: "infeasible" (proven, or the
/// greedy's walk ended above the budget), "none found" (the exact solver's
/// time limit ran out first) or "too large" (the exact solver refused the
/// model).
std::string formatCost(const SolveResult &result) {
  if (!result.feasible) {
    if (result.message.rfind("the problem is too large", 0) == 0)
      return "too large"; // over the exact solver's model size
    return result.message.rfind("no plan within", 0) == 0 ? "none found"
                                                          : "infeasible";
  }
  char text[32];
  std::snprintf(text, sizeof(text), "%.4g", result.cost);
  return text;
}

/// "1.234", or "inf" / "-".
std::string formatRatio(const std::optional<double> &ratio) {
  if (!ratio)
    return "-";
  if (std::isinf(*ratio))
    return "inf";
  char text[32];
  std::snprintf(text, sizeof(text), "%.3f", *ratio);
  return text;
}

/// Byte counts in MiB, for the tables.
std::string mib(int64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.1f",
                static_cast<double>(bytes) / (1024.0 * 1024.0));
  return text;
}

/// `result`'s cost over `reference`'s when both fit (1 when both are 0).
std::optional<double> costRatio(const SolveResult &result,
                                const SolveResult &reference) {
  if (!result.feasible || !reference.feasible)
    return std::nullopt;
  if (reference.cost > 0)
    return result.cost / reference.cost;
  return result.cost > 0 ? std::numeric_limits<double>::infinity() : 1.0;
}

/// What remat-rematerialize gives auto by default.
SolverOptions autoOptions(int64_t budget) {
  SolverOptions options;
  options.budget = budget;
  return options;
}

/// The rows of one graph: its smallest peaks, then both solvers at each
/// budget.
std::vector<Row> measure(const Graph &graph, double timeLimit) {
  Problem problem = graph.build();
  int64_t keepAll = unconstrainedProfile(problem).peak;
  SolverOptions options;
  options.timeLimitSeconds = timeLimit;

  // The smallest peak each solver reaches (the exact one within the time
  // limit, possibly unproven); budgets start at the lower of the two.
  options.budget = 0;
  SolveResult greedyLowest = solveGreedy(problem, options);
  SolveResult exactLowest;
  double lowestSeconds =
      timed([&] { exactLowest = solveExact(problem, options); });
  int64_t low = greedyLowest.minReachablePeak;
  if (exactLowest.minReachablePeak > 0)
    low = std::min(low, exactLowest.minReachablePeak);
  bool proven = exactLowest.message.find("(proven)") != std::string::npos;
  std::printf("| %s | %d | %s | %s | %s | %s | %.1f |\n", graph.name.c_str(),
              problem.size(), mib(keepAll).c_str(),
              mib(greedyLowest.minReachablePeak).c_str(),
              mib(exactLowest.minReachablePeak).c_str(), proven ? "yes" : "no",
              lowestSeconds);
  std::fflush(stdout);

  std::vector<Row> rows;
  for (double fraction : kBudgetFractions) {
    Row row;
    row.family = graph.family;
    row.graph = graph.name;
    row.nodes = problem.size();
    row.fraction = fraction;
    row.budget =
        low + static_cast<int64_t>(std::floor(fraction * (keepAll - low)));
    options.budget = row.budget;
    row.greedy = solveGreedy(problem, options);
    row.exactSeconds = timed([&] { row.exact = solveExact(problem, options); });
    row.autoSeconds = timed([&] {
      row.automatic = solve(SolverKind::Auto, problem, autoOptions(row.budget));
    });
    row.ratio = costRatio(row.greedy, row.exact);
    row.autoRatio = costRatio(row.automatic, row.exact);
    rows.push_back(std::move(row));
  }
  return rows;
}

/// Whether the exact solver proved its plan optimal ("yes"), stopped with a
/// gap ("gap 12.3%"), or found none ("-").
std::string formatProof(const SolveResult &result) {
  if (!result.feasible)
    return "-";
  if (result.optimal)
    return "yes";
  char text[32];
  std::snprintf(text, sizeof(text), "gap %.1f%%", 100.0 * result.gap);
  return text;
}

/// The --offload table: auto at 30% and 50% of the unconstrained peak,
/// recompute-only and with every computed value offloadable, as
/// allow-offload makes it; then the exact solver with offloading, within
/// `timeLimit`.
void printOffloadRows(const Graph &graph, double timeLimit) {
  Problem plain = graph.build();
  Problem offloading = plain;
  for (NodeId id = 0; id < offloading.size(); ++id)
    if (!offloading.node(id).resident)
      offloading.node(id).offloadable = true;
  int64_t keepAll = unconstrainedProfile(plain).peak;
  for (int percent : {50, 30}) {
    int64_t budget = keepAll * percent / 100;
    SolveResult without, with;
    double withoutSeconds = timed([&] {
      without = solve(SolverKind::Auto, plain, autoOptions(budget));
    });
    double withSeconds = timed([&] {
      with = solve(SolverKind::Auto, offloading, autoOptions(budget));
    });
    SolverOptions exactOptions = autoOptions(budget);
    exactOptions.timeLimitSeconds = timeLimit;
    SolveResult exact;
    double exactSeconds =
        timed([&] { exact = solveExact(offloading, exactOptions); });
    std::optional<double> ratio = costRatio(with, without);
    std::printf("| %s | %d | %d%% | %s | %s | %s | %lld | %s | %.2f | %.2f "
                "| %s | %lld | %s | %s | %.2f |\n",
                graph.name.c_str(), plain.size(), percent,
                mib(budget).c_str(), formatCost(without).c_str(),
                formatCost(with).c_str(),
                static_cast<long long>(with.feasible ? with.plan.numOffloads()
                                                     : 0),
                formatRatio(ratio).c_str(), withoutSeconds, withSeconds,
                formatCost(exact).c_str(),
                static_cast<long long>(
                    exact.feasible ? exact.plan.numOffloads() : 0),
                formatProof(exact).c_str(),
                formatRatio(costRatio(with, exact)).c_str(), exactSeconds);
    std::fflush(stdout);
  }
}

/// The median of `values` (not empty).
double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

void printRows(const std::vector<Row> &rows) {
  std::printf("\n| graph | nodes | budget | budget MiB | greedy cost | "
              "exact cost | exact proven | exact gap | auto | auto cost | auto "
              "gap | greedy/exact | auto/exact | exact s | auto s |\n"
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
              "\n");
  for (const Row &row : rows) {
    char gap[32] = "-", autoGap[32] = "-";
    if (row.exact.feasible)
      std::snprintf(gap, sizeof(gap), "%.1f%%", 100 * row.exact.gap);
    if (row.automatic.feasible)
      std::snprintf(autoGap, sizeof(autoGap), "%.1f%%",
                    100 * row.automatic.gap);
    std::printf("| %s | %d | %.0f%% | %s | %s | %s | %s | %s | %s | %s | %s | "
                "%s | %s | %.1f | %.2f |\n",
                row.graph.c_str(), row.nodes, 100 * row.fraction,
                mib(row.budget).c_str(), formatCost(row.greedy).c_str(),
                formatCost(row.exact).c_str(),
                row.exact.feasible ? (row.exact.optimal ? "yes" : "no") : "-",
                gap, toString(row.automatic.solver),
                formatCost(row.automatic).c_str(), autoGap,
                formatRatio(row.ratio).c_str(),
                formatRatio(row.autoRatio).c_str(), row.exactSeconds,
                row.autoSeconds);
  }
}

void printSummary(const std::vector<Row> &rows) {
  std::map<std::string, std::vector<const Row *>> byFamily;
  for (const Row &row : rows) {
    byFamily[row.family].push_back(&row);
    byFamily["all"].push_back(&row);
  }
  std::printf("\n| family | budgets | both feasible | median greedy/exact | "
              "max greedy/exact | median auto/exact | max auto/exact | auto "
              "cheaper than exact | exact proven optimal | greedy "
              "infeasible, exact feasible | max auto s |\n"
              "|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (const auto &[family, list] : byFamily) {
    std::vector<double> ratios, autoRatios;
    int exactFeasible = 0, proven = 0, onlyExact = 0, autoBetter = 0;
    double autoSeconds = 0;
    for (const Row *row : list) {
      if (row->ratio)
        ratios.push_back(*row->ratio);
      if (row->autoRatio) {
        autoRatios.push_back(*row->autoRatio);
        autoBetter += *row->autoRatio < 1 - 1e-9;
      }
      exactFeasible += row->exact.feasible;
      proven += row->exact.feasible && row->exact.optimal;
      onlyExact += row->exact.feasible && !row->greedy.feasible;
      autoSeconds = std::max(autoSeconds, row->autoSeconds);
    }
    auto summary = [](const std::vector<double> &values) {
      if (values.empty())
        return std::make_pair(std::string("-"), std::string("-"));
      return std::make_pair(
          formatRatio(median(values)),
          formatRatio(*std::max_element(values.begin(), values.end())));
    };
    auto [med, max] = summary(ratios);
    auto [autoMed, autoMax] = summary(autoRatios);
    std::printf("| %s | %zu | %zu | %s | %s | %s | %s | %d | %d of %d | %d | "
                "%.2f |\n",
                family.c_str(), list.size(), ratios.size(), med.c_str(),
                max.c_str(), autoMed.c_str(), autoMax.c_str(), autoBetter,
                proven, exactFeasible, onlyExact, autoSeconds);
  }
}

} // namespace

/// The --greedy-sweep table: at ten budgets from 30% to 93% of each
/// graph's unconstrained peak, the greedy with and without its polish
/// against the best plan found (either, or the search's with 400 rounds).
void printGreedySweep(const std::vector<Graph> &list,
                      const std::regex &pattern) {
  std::vector<double> polished, walked;
  double slowest = 0;
  int64_t budgets = 0, cheaper = 0, dearer = 0;
  for (const Graph &graph : list) {
    if (!std::regex_search(graph.name, pattern))
      continue;
    Problem p = graph.build();
    int64_t unconstrained = unconstrainedProfile(p).peak;
    for (int k = 0; k < 10; ++k) {
      SolverOptions options;
      options.budget = static_cast<int64_t>((0.30 + 0.07 * k) *
                                            static_cast<double>(unconstrained));
      auto begin = std::chrono::steady_clock::now();
      SolveResult greedy = solveGreedy(p, options);
      slowest = std::max(slowest, std::chrono::duration<double>(
                                      std::chrono::steady_clock::now() - begin)
                                      .count());
      options.greedyPolish = false;
      SolveResult walk = solveGreedy(p, options);
      options.greedyPolish = true;
      options.searchMaxRounds = 400;
      options.timeLimitSeconds = 60;
      SolveResult search = solveSearch(p, options);
      if (!greedy.feasible || !walk.feasible)
        continue;
      ++budgets;
      double best = std::min(greedy.cost, walk.cost);
      if (search.feasible)
        best = std::min(best, search.cost);
      cheaper += greedy.cost < walk.cost * (1 - 1e-9);
      dearer += greedy.cost > walk.cost * (1 + 1e-9);
      if (best <= 0)
        continue;
      polished.push_back(greedy.cost / best);
      walked.push_back(walk.cost / best);
    }
  }
  auto row = [&](const char *name, std::vector<double> ratios) {
    std::sort(ratios.begin(), ratios.end());
    double logSum = 0;
    for (double r : ratios)
      logSum += std::log(r);
    auto above = [&](double t) {
      return std::count_if(ratios.begin(), ratios.end(),
                           [&](double r) { return r > t; });
    };
    std::printf(
        "| %s | %zu | %.3f | %.3f | %.2f | %ld | %ld | %ld |\n", name,
        ratios.size(),
        ratios.empty() ? 0.0
                       : std::exp(logSum / static_cast<double>(ratios.size())),
        ratios.empty() ? 0.0 : ratios[ratios.size() / 2],
        ratios.empty() ? 0.0 : ratios.back(), static_cast<long>(above(1.1)),
        static_cast<long>(above(1.3)), static_cast<long>(above(1.5)));
  };
  std::printf("| greedy | budgets with a cost | geometric mean / best | "
              "median | max | above 1.1x | above 1.3x | above 1.5x |\n"
              "|---|---|---|---|---|---|---|---|\n");
  row("with its polish", polished);
  row("walks only", walked);
  std::printf("\n%lld budgets both fit; the polish is cheaper at %lld, dearer "
              "at %lld; the greedy took at most %.3f s.\n",
              static_cast<long long>(budgets), static_cast<long long>(cheaper),
              static_cast<long long>(dearer), slowest);
}

int main(int argc, char **argv) {
  double timeLimit = 10.0;
  bool large = false, offload = false, sweep = false;
  std::string filter;
  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i];
    if (std::strncmp(arg, "--time-limit=", 13) == 0) {
      timeLimit = std::atof(arg + 13);
    } else if (std::strcmp(arg, "--large") == 0) {
      large = true;
    } else if (std::strcmp(arg, "--offload") == 0) {
      offload = true;
    } else if (std::strcmp(arg, "--greedy-sweep") == 0) {
      sweep = true;
    } else if (std::strncmp(arg, "--benchmark_filter=", 19) == 0) {
      filter = arg + 19;
    } else if (std::strncmp(arg, "--benchmark_", 12) != 0) {
      std::fprintf(stderr,
                   "usage: %s [--time-limit=SECONDS] [--large] [--offload] "
                   "[--greedy-sweep] [--benchmark_filter=REGEX]\n",
                   argv[0]);
      return 2;
    }
  }
  if (!isExactSolverAvailable()) {
    std::fprintf(stderr, "the exact solver is not built (COIN-OR CBC was not "
                         "found at configure time)\n");
    return 1;
  }
  std::regex pattern(filter.empty() ? std::string(".*") : filter);

  if (sweep) {
    printGreedySweep(graphs(large), pattern);
    return 0;
  }

  if (offload) {
    std::printf("Exact solves limited to %.1f s each.\n\n", timeLimit);
    std::printf("| graph | nodes | budget | budget MiB | recompute only | "
                "with offload | offloads | with/without | s without | s "
                "with | exact with offload | exact offloads | exact proven | "
                "auto/exact (with offload) | exact s |\n"
                "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
                "\n");
    for (const Graph &graph : graphs(large))
      if (std::regex_search(graph.name, pattern))
        printOffloadRows(graph, timeLimit);
    return 0;
  }
  std::printf("Exact solves limited to %.1f s each.\n\n", timeLimit);
  std::printf("| graph | nodes | unconstrained peak MiB | greedy smallest "
              "peak MiB | exact smallest peak MiB | proven | exact s |\n"
              "|---|---|---|---|---|---|---|\n");
  std::vector<Row> rows;
  for (const Graph &graph : graphs(large)) {
    if (!std::regex_search(graph.name, pattern))
      continue;
    std::vector<Row> graphRows = measure(graph, timeLimit);
    rows.insert(rows.end(), graphRows.begin(), graphRows.end());
  }
  printRows(rows);
  printSummary(rows);
  return 0;
}
