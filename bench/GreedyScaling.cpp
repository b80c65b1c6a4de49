//===- GreedyScaling.cpp - greedy solve time against graph size -----------===//
//
// Solves generated training graphs of 1k to 100k nodes at half their
// unconstrained peak with the greedy solver. The time is a whole solve:
// policy plan, incremental walk, and the final verifyPlan replay. Counters
// say what the solve reached, so a speedup that lowers quality shows.
//
//===----------------------------------------------------------------------===//

#include "remat/Core/Generators.h"
#include "remat/Core/Solvers.h"

#include "benchmark/benchmark.h"

#include <map>
#include <utility>

using namespace remat;

namespace {

/// The graph families measured.
enum class Family {
  /// transformerTrainingGraph with default dimensions, layers chosen for
  /// the size.
  Transformer,
  /// randomTrainingGraph: a random layered forward DAG and its backward.
  RandomTraining,
  /// randomDag alone: short-lived values and a flat profile, so the greedy
  /// stops above half the peak; it measures how fast it gets there.
  RandomDag,
};

/// A generated graph of about `nodes` nodes.
Problem generate(Family family, int64_t nodes) {
  switch (family) {
  case Family::Transformer: {
    int32_t base = transformerTrainingGraph(1, 0).size();
    int32_t perLayer = transformerTrainingGraph(1, 1).size() - base;
    int32_t layers =
        std::max<int32_t>(1, static_cast<int32_t>((nodes - base) / perLayer));
    return transformerTrainingGraph(1, layers);
  }
  case Family::RandomTraining: {
    // The backward pass roughly triples the forward; size it in two tries.
    int32_t forward = static_cast<int32_t>(nodes / 3);
    double ratio =
        static_cast<double>(randomTrainingGraph(1, forward).size()) / forward;
    return randomTrainingGraph(1, static_cast<int32_t>(nodes / ratio));
  }
  case Family::RandomDag:
    return randomDag(1, static_cast<int32_t>(nodes));
  }
  return Problem();
}

/// Graphs are built once per (family, size), outside the timed loop.
const Problem &cachedGraph(Family family, int64_t nodes) {
  static std::map<std::pair<Family, int64_t>, Problem> cache;
  auto key = std::make_pair(family, nodes);
  auto it = cache.find(key);
  if (it == cache.end())
    it = cache.emplace(key, generate(family, nodes)).first;
  return it->second;
}

void greedyAtHalfPeak(benchmark::State &state, Family family) {
  const Problem &problem = cachedGraph(family, state.range(0));
  int64_t unconstrained = unconstrainedProfile(problem).peak;
  SolverOptions options;
  options.budget = unconstrained / 2;
  SolveResult result;
  for (auto _ : state) {
    result = solveGreedy(problem, options);
    benchmark::DoNotOptimize(result.profile.peak);
  }
  double totalCost = 0;
  for (const Node &node : problem.getNodes())
    totalCost += node.cost;
  state.counters["nodes"] = problem.size();
  state.counters["peak_before"] = static_cast<double>(unconstrained);
  state.counters["peak_after"] = static_cast<double>(result.profile.peak);
  state.counters["peak_ratio"] =
      static_cast<double>(result.profile.peak) / unconstrained;
  state.counters["feasible"] = result.feasible;
  state.counters["recomputations"] =
      static_cast<double>(result.plan.numRecomputations());
  state.counters["offloads"] = static_cast<double>(result.plan.numOffloads());
  state.counters["cost_ratio"] = totalCost > 0 ? result.cost / totalCost : 0;
}

void sizes(benchmark::internal::Benchmark *b) {
  for (int64_t nodes : {1000, 10000, 30000, 100000})
    b->Arg(nodes);
  b->Unit(benchmark::kMillisecond);
}

} // namespace

BENCHMARK_CAPTURE(greedyAtHalfPeak, transformer, Family::Transformer)
    ->Apply(sizes);
BENCHMARK_CAPTURE(greedyAtHalfPeak, random_training, Family::RandomTraining)
    ->Apply(sizes);
BENCHMARK_CAPTURE(greedyAtHalfPeak, random_dag, Family::RandomDag)
    ->Apply(sizes);

BENCHMARK_MAIN();
