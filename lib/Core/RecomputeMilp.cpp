//===- RecomputeMilp.cpp - the MILP of recompute-only plans ---------------===//
//
// Builds the model described in RecomputeMilp.h and maps plans to points and
// back. Columns are laid out as: the R block of each node (one column per
// stage of its range), the S blocks, P, then per stage its F, prefix and U
// columns.
//
//===----------------------------------------------------------------------===//

#include "RecomputeMilp.h"
#include "WeightedCost.h"

#include <algorithm>
#include <cassert>
#include <cmath>

using namespace remat;

/// Readers of one input in one stage above which the free rows use prefix-sum
/// columns instead of writing every prefix out (quadratic in the readers).
static constexpr size_t kDirectReaderLimit = 8;

/// Bytes a budget is loosened by in the model (see peakUnitsFor).
static constexpr double kBudgetSlackBytes = 0.5;

/// Whether the model has R variables for `node`.
static bool canRecompute(const Node &node) {
  return !node.resident && node.recomputable && !node.mustSave;
}

/// Unique non-resident inputs of every node.
static std::vector<std::vector<NodeId>> uniqueReads(const Problem &problem) {
  std::vector<std::vector<NodeId>> reads(problem.size());
  for (NodeId id = 0; id < problem.size(); ++id) {
    std::vector<NodeId> &list = reads[id];
    for (NodeId input : problem.node(id).inputs)
      if (!problem.node(input).resident)
        list.push_back(input);
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
  }
  return reads;
}

/// horizon[i]: the latest step at which a copy of i can be read (-1: never).
/// A reader that may be recomputed can read i as late as it can be read.
static std::vector<Step>
computeHorizons(const Problem &problem,
                const std::vector<std::vector<NodeId>> &reads) {
  std::vector<Step> horizon(problem.size(), -1);
  for (NodeId id = 0; id < problem.size(); ++id)
    if (problem.node(id).isOutput && !problem.node(id).resident)
      horizon[id] = problem.size();
  for (NodeId reader = problem.size() - 1; reader >= 0; --reader) {
    const Node &node = problem.node(reader);
    if (node.resident)
      continue;
    Step reach =
        canRecompute(node) ? std::max(reader, horizon[reader]) : reader;
    for (NodeId input : reads[reader])
      horizon[input] = std::max(horizon[input], reach);
  }
  return horizon;
}

int64_t RecomputeMilp::estimateColumns(const Problem &problem) {
  std::vector<std::vector<NodeId>> reads = uniqueReads(problem);
  std::vector<Step> horizon = computeHorizons(problem, reads);
  // Stages between i and its horizon, counted as steps (an upper bound).
  int64_t total = 0;
  for (NodeId id = 0; id < problem.size(); ++id) {
    const Node &node = problem.node(id);
    if (node.resident || horizon[id] <= id)
      continue;
    int64_t span = horizon[id] - id;
    total += span; // S
    if (canRecompute(node))
      total += span * (2 + static_cast<int64_t>(reads[id].size())); // R, U, F
  }
  return total + problem.size() + 1;
}

RecomputeMilp::RecomputeMilp(const Problem &problem)
    : problem(problem), numNodes(problem.size()) {
  assert(!problem.check() && "the exact solver needs a valid problem");
  reads = uniqueReads(problem);
  reads.emplace_back(); // the return's reads, filled below
  for (NodeId id = 0; id < numNodes; ++id)
    if (problem.node(id).isOutput && !problem.node(id).resident)
      reads.back().push_back(id);

  // Scales: bytes in units of the largest value or scratch, costs in units
  // of the largest cost, so the coefficients lie in [0, 1].
  int64_t largest = 1;
  double largestCost = 0;
  int64_t allBytes = 0, largestScratch = 0;
  for (const Node &node : problem.getNodes()) {
    if (node.resident)
      continue;
    largest = std::max({largest, node.bytes, node.scratchBytes});
    allBytes += node.bytes;
    largestScratch = std::max(largestScratch, node.scratchBytes);
    if (canRecompute(node))
      largestCost = std::max(largestCost, weightedRecomputeCost(node));
  }
  unit = largest;
  costUnit = largestCost > 0 ? largestCost : 1.0;
  resident = problem.residentBytes();
  memoryCeiling = 2 * allBytes + largestScratch;

  // Every step holds its inputs, its result and its scratch at once; the
  // return holds the outputs.
  int64_t largestStep = 0;
  for (Step step = 0; step <= numNodes; ++step) {
    if (step < numNodes && problem.node(step).resident)
      continue;
    int64_t bytes = 0;
    for (NodeId input : readsOf(step))
      bytes += problem.node(input).bytes;
    if (step < numNodes)
      bytes += problem.node(step).bytes + problem.node(step).scratchBytes;
    largestStep = std::max(largestStep, bytes);
  }
  lowerBound = resident + largestStep;

  computeStagesAndRanges();
  buildColumns();
  for (int stage = 0; stage < static_cast<int>(stages.size()); ++stage)
    buildStage(stage);

  // keep: no copy made before the first stage after its keep limit is held
  // into it (reads after the limit need a copy made after it).
  for (NodeId id = 0; id < numNodes; ++id) {
    Step limit = problem.node(id).keepLimit;
    if (limit == kNoKeepLimit || limit >= numNodes)
      continue;
    int held = sColumn(stageAtOrAfter[limit + 1], id);
    if (held >= 0)
      program.setColumnBounds(held, 0.0, 0.0);
  }
}

const std::vector<NodeId> &RecomputeMilp::readsOf(Step step) const {
  return reads[step];
}

void RecomputeMilp::computeStagesAndRanges() {
  for (Step step = 0; step < numNodes; ++step)
    if (!problem.node(step).resident)
      stages.push_back(step);
  stages.push_back(numNodes);
  stageAtOrAfter.assign(static_cast<size_t>(numNodes) + 1, 0);
  int next = static_cast<int>(stages.size()) - 1;
  for (Step step = numNodes; step >= 0; --step) {
    if (next > 0 && stages[next - 1] >= step)
      --next;
    stageAtOrAfter[step] = next;
  }

  std::vector<Step> horizon = computeHorizons(problem, reads);
  firstStage.assign(numNodes, 0);
  lastStage.assign(numNodes, -1);
  for (NodeId id = 0; id < numNodes; ++id) {
    if (problem.node(id).resident || horizon[id] <= id)
      continue;
    firstStage[id] = stageAtOrAfter[id + 1];
    // The horizon is a reader's step or N: always a stage.
    lastStage[id] = stageAtOrAfter[horizon[id]];
  }
}

int RecomputeMilp::rColumn(int stage, NodeId node) const {
  if (node >= numNodes || rBase[node] < 0 || stage < firstStage[node] ||
      stage > lastStage[node])
    return -1;
  return rBase[node] + (stage - firstStage[node]);
}

int RecomputeMilp::sColumn(int stage, NodeId node) const {
  if (node >= numNodes || sBase[node] < 0 || stage < firstStage[node] ||
      stage > lastStage[node])
    return -1;
  return sBase[node] + (stage - firstStage[node]);
}

void RecomputeMilp::buildColumns() {
  rBase.assign(numNodes, -1);
  sBase.assign(numNodes, -1);
  for (NodeId id = 0; id < numNodes; ++id) {
    const Node &node = problem.node(id);
    if (!canRecompute(node) || firstStage[id] > lastStage[id])
      continue;
    rBase[id] = program.numColumns();
    for (int stage = firstStage[id]; stage <= lastStage[id]; ++stage)
      rColumns.push_back(
          program.addColumn(0.0, 1.0, weightedRecomputeCost(node) / costUnit,
                            /*integer=*/true));
  }
  for (NodeId id = 0; id < numNodes; ++id) {
    if (firstStage[id] > lastStage[id])
      continue;
    sBase[id] = program.numColumns();
    // Holding the original copy into its first stage costs the node: a plan
    // that does not (a move) computes it only where it recomputes it.
    const Node &node = problem.node(id);
    double moveCredit =
        canRecompute(node) ? weightedMoveCredit(node) / costUnit : 0.0;
    offset += moveCredit;
    for (int stage = firstStage[id]; stage <= lastStage[id]; ++stage)
      program.addColumn(0.0, 1.0, stage == firstStage[id] ? moveCredit : 0.0,
                        /*integer=*/false);
  }
  pColumn = program.addColumn(unitsOf(lowerBound - resident),
                              LinearProgram::kInfinity, 0.0,
                              /*integer=*/false);
}

void RecomputeMilp::buildStage(int stage) {
  using Term = LinearProgram::Term;
  const double inf = LinearProgram::kInfinity;
  Step step = stages[stage];
  StageModel model;
  model.step = step;
  for (NodeId id = 0; id < step; ++id)
    if (rColumn(stage, id) >= 0)
      model.candidates.push_back(id);
  model.candidates.push_back(step);
  size_t numCandidates = model.candidates.size();

  // hold: a copy is held entering this stage only if it was held entering
  // the previous one or made there. Entering its first stage, a node's
  // original copy is always available (R[i][i] = 1): no row.
  std::vector<NodeId> held;
  for (NodeId id = 0; id < step; ++id) {
    int s = sColumn(stage, id);
    if (s < 0)
      continue;
    held.push_back(id);
    if (stage == firstStage[id])
      continue;
    std::vector<Term> terms = {{s, 1.0}, {sColumn(stage - 1, id), -1.0}};
    if (int r = rColumn(stage - 1, id); r >= 0)
      terms.push_back({r, -1.0});
    program.addRow(std::move(terms), -inf, 0.0);
  }

  // depend: every input of a computation is in memory in this stage.
  for (size_t q = 0; q + 1 < numCandidates; ++q) {
    NodeId reader = model.candidates[q];
    int r = rColumn(stage, reader);
    for (NodeId input : reads[reader]) {
      std::vector<Term> terms = {{r, 1.0}, {sColumn(stage, input), -1.0}};
      if (int ri = rColumn(stage, input); ri >= 0)
        terms.push_back({ri, -1.0});
      program.addRow(std::move(terms), -inf, 0.0);
    }
  }
  std::vector<char> stepReads(static_cast<size_t>(step), 0);
  for (NodeId input : readsOf(step)) {
    stepReads[input] = 1;
    std::vector<Term> terms = {{sColumn(stage, input), 1.0}};
    if (int ri = rColumn(stage, input); ri >= 0)
      terms.push_back({ri, 1.0});
    program.addRow(std::move(terms), 1.0, inf);
  }

  // free: Checkmate's hazards, summed per input. frees[q] lists (input, F)
  // freed after candidate q.
  std::vector<std::vector<NodeId>> readersOf(static_cast<size_t>(step));
  for (size_t q = 0; q + 1 < numCandidates; ++q)
    for (NodeId input : reads[model.candidates[q]])
      readersOf[input].push_back(model.candidates[q]);
  std::vector<size_t> positionOf(static_cast<size_t>(step) + 1, 0);
  for (size_t q = 0; q < numCandidates; ++q)
    positionOf[model.candidates[q]] = q;
  std::vector<std::vector<std::pair<NodeId, int>>> frees(numCandidates);
  for (NodeId input = 0; input < step; ++input) {
    if (readersOf[input].empty() || stepReads[input])
      continue;
    FreeGroup group;
    group.input = input;
    group.readers = std::move(readersOf[input]);
    size_t m = group.readers.size();
    for (size_t l = 0; l < m; ++l) {
      int f = program.addColumn(0.0, 1.0, 0.0, /*integer=*/false);
      group.fColumns.push_back(f);
      frees[positionOf[group.readers[l]]].push_back({input, f});
    }
    // prefix[l]: terms summing F of readers 0..l (a single prefix column
    // when there are many readers).
    std::vector<std::vector<Term>> prefix(m);
    for (size_t l = 0; l < m; ++l) {
      if (m <= kDirectReaderLimit || l == 0) {
        if (l > 0)
          prefix[l] = prefix[l - 1];
        prefix[l].push_back({group.fColumns[l], 1.0});
        continue;
      }
      int sum = program.addColumn(0.0, 1.0, 0.0, /*integer=*/false);
      group.qColumns.push_back(sum);
      std::vector<Term> terms = prefix[l - 1];
      for (Term &term : terms)
        term.coefficient = -term.coefficient;
      terms.push_back({group.fColumns[l], -1.0});
      terms.push_back({sum, 1.0});
      program.addRow(std::move(terms), 0.0, 0.0);
      prefix[l] = {{sum, 1.0}};
    }
    for (size_t l = 1; l < m; ++l) {
      std::vector<Term> terms = prefix[l - 1];
      terms.push_back({rColumn(stage, group.readers[l]), 1.0});
      program.addRow(std::move(terms), -inf, 1.0);
    }
    if (int heldOnNext = sColumn(stage + 1, input); heldOnNext >= 0) {
      std::vector<Term> terms = prefix[m - 1];
      terms.push_back({heldOnNext, 1.0});
      program.addRow(std::move(terms), -inf, 1.0);
    }
    // Only a copy that is there can be freed.
    std::vector<Term> present = prefix[m - 1];
    present.push_back({sColumn(stage, input), -1.0});
    if (int r = rColumn(stage, input); r >= 0)
      present.push_back({r, -1.0});
    program.addRow(std::move(present), -inf, 0.0);
    model.frees.push_back(std::move(group));
  }

  // memory: U along the candidates, each within P.
  auto bytesOf = [&](NodeId id) {
    return id < numNodes ? problem.node(id).bytes : int64_t(0);
  };
  auto scratchOf = [&](NodeId id) {
    return id < numNodes ? problem.node(id).scratchBytes : int64_t(0);
  };
  for (size_t q = 0; q < numCandidates; ++q) {
    NodeId node = model.candidates[q];
    int u = program.addColumn(0.0, inf, 0.0, /*integer=*/false);
    model.uColumns.push_back(u);
    std::vector<Term> terms = {{u, 1.0}};
    if (q == 0) {
      for (NodeId id : held)
        terms.push_back({sColumn(stage, id), -unitsOf(problem.node(id).bytes)});
    } else {
      terms.push_back({model.uColumns[q - 1], -1.0});
      for (auto [input, f] : frees[q - 1])
        terms.push_back({f, unitsOf(problem.node(input).bytes)});
    }
    int r = node == step ? -1 : rColumn(stage, node);
    double constant = 0;
    if (r >= 0)
      terms.push_back({r, -unitsOf(bytesOf(node))});
    else
      constant = unitsOf(bytesOf(node));
    program.addRow(std::move(terms), constant, constant);

    std::vector<Term> limit = {{u, 1.0}, {pColumn, -1.0}};
    double scratch = unitsOf(scratchOf(node));
    if (r >= 0)
      limit.push_back({r, scratch});
    program.addRow(std::move(limit), -inf, r >= 0 ? 0.0 : -scratch);
    memoryRows.push_back({u, scratchOf(node), r});
  }
  stageModels.push_back(std::move(model));
}

double RecomputeMilp::peakUnitsFor(int64_t budget) const {
  if (budget - resident >= memoryCeiling)
    return LinearProgram::kInfinity;
  // Half a byte of slack. Peaks are whole bytes, so it admits no plan above
  // the budget; without it, a budget that a plan meets exactly can be lost
  // to rounding: the memory rows sum bytes / unit, and CBC's preprocessing
  // then proves the program infeasible at P = budget.
  return (static_cast<double>(budget - resident) + kBudgetSlackBytes) /
         static_cast<double>(unit);
}

LinearProgram RecomputeMilp::minCostProgram(int64_t budget) const {
  // P has no cost here: fixed at the budget, the memory rows become bounds
  // on U in the solver's presolve.
  LinearProgram copy = program;
  double upper = std::min(peakUnitsFor(budget), unitsOf(memoryCeiling));
  copy.setColumnBounds(pColumn, upper, upper);
  return copy;
}

LinearProgram
RecomputeMilp::minPeakProgram(std::optional<int64_t> budget,
                              std::optional<double> maxCost) const {
  LinearProgram copy = program;
  copy.clearObjective();
  copy.setObjective(pColumn, 1.0);
  if (budget) {
    double upper = peakUnitsFor(*budget);
    copy.setColumnBounds(pColumn, std::min(copy.columnLower(pColumn), upper),
                         upper);
  }
  if (maxCost) {
    std::vector<LinearProgram::Term> terms;
    for (int column = 0; column < program.numColumns(); ++column)
      if (program.objective(column) != 0)
        terms.push_back({column, program.objective(column)});
    copy.addRow(std::move(terms), -LinearProgram::kInfinity,
                *maxCost / costUnit + offset);
  }
  return copy;
}

std::optional<std::vector<double>>
RecomputeMilp::pointForPlan(const Plan &plan, std::string *why) const {
  auto fail = [&](std::string reason) -> std::optional<std::vector<double>> {
    if (why)
      *why = std::move(reason);
    return std::nullopt;
  };
  if (plan.numOffloads() > 0 ||
      std::any_of(plan.reloadBefore.begin(), plan.reloadBefore.end(),
                  [](const auto &list) { return !list.empty(); }))
    return fail("the plan offloads, which the model does not represent");
  if (!plan.recomputeBefore.empty() &&
      plan.recomputeBefore.size() != static_cast<size_t>(numNodes) + 1)
    return fail("the plan is not sized for the problem");

  std::vector<double> values(static_cast<size_t>(program.numColumns()), 0.0);
  for (Step step = 0; step < static_cast<Step>(plan.recomputeBefore.size());
       ++step)
    for (NodeId id : plan.recomputeBefore[step]) {
      int r = id >= 0 && id < numNodes ? rColumn(stageAtOrAfter[step], id) : -1;
      if (r < 0)
        return fail("node " + std::to_string(id) +
                    " is recomputed before step " + std::to_string(step) +
                    ", where the model has no variable");
      if (values[r] != 0)
        return fail("node " + std::to_string(id) +
                    " is recomputed twice in the stage of step " +
                    std::to_string(step));
      values[r] = 1.0;
    }
  auto rValue = [&](int stage, NodeId id) {
    if (id == stages[stage])
      return true;
    int r = rColumn(stage, id);
    return r >= 0 && values[r] > 0.5;
  };

  // S: a copy is held into a stage when it is read there or held on, and the
  // stage does not make a newer one. readAt is indexed by S column.
  std::vector<char> readAt(values.size(), 0);
  for (int stage = 0; stage < static_cast<int>(stages.size()); ++stage)
    for (NodeId reader : stageModels[stage].candidates)
      if (rValue(stage, reader))
        for (NodeId input : readsOf(reader))
          readAt[sColumn(stage, input)] = 1;
  for (NodeId id = 0; id < numNodes; ++id) {
    bool needed = false;
    for (int stage = lastStage[id]; stage >= firstStage[id]; --stage) {
      needed = !rValue(stage, id) && (readAt[sColumn(stage, id)] || needed);
      values[sColumn(stage, id)] = needed ? 1.0 : 0.0;
    }
  }

  // F: a copy is freed after its last reader in the stage unless held on.
  for (int stage = 0; stage < static_cast<int>(stages.size()); ++stage)
    for (const FreeGroup &group : stageModels[stage].frees) {
      int next = sColumn(stage + 1, group.input);
      bool heldOn = next >= 0 && values[next] > 0.5;
      size_t m = group.readers.size();
      for (size_t l = m; l-- > 0;)
        if (rValue(stage, group.readers[l])) {
          values[group.fColumns[l]] = heldOn ? 0.0 : 1.0;
          break;
        }
      double sum = values[group.fColumns[0]];
      for (size_t l = 1; l < m; ++l) {
        sum += values[group.fColumns[l]];
        if (!group.qColumns.empty())
          values[group.qColumns[l - 1]] = sum;
      }
    }

  // U along each stage, in bytes, then P.
  int64_t peak = 0;
  size_t row = 0;
  for (int stage = 0; stage < static_cast<int>(stages.size()); ++stage) {
    const StageModel &model = stageModels[stage];
    int64_t bytes = 0;
    for (NodeId id = 0; id < model.step; ++id)
      if (int s = sColumn(stage, id); s >= 0 && values[s] > 0.5)
        bytes += problem.node(id).bytes;
    std::vector<int64_t> freed(model.candidates.size(), 0);
    for (const FreeGroup &group : model.frees)
      for (size_t l = 0; l < group.readers.size(); ++l)
        if (values[group.fColumns[l]] > 0.5)
          freed[std::find(model.candidates.begin(), model.candidates.end(),
                          group.readers[l]) -
                model.candidates.begin()] += problem.node(group.input).bytes;
    for (size_t q = 0; q < model.candidates.size(); ++q, ++row) {
      NodeId node = model.candidates[q];
      bool runs = rValue(stage, node);
      if (q > 0)
        bytes -= freed[q - 1];
      if (runs && node < numNodes)
        bytes += problem.node(node).bytes;
      values[model.uColumns[q]] = unitsOf(bytes);
      int64_t scratch = runs ? memoryRows[row].scratch : 0;
      peak = std::max(peak, bytes + scratch);
    }
  }
  values[pColumn] = std::max(unitsOf(peak), program.columnLower(pColumn));
  return values;
}

/// Removes recomputations no read binds to, repeating while removing one
/// leaves another unread (its inputs' recomputations, say).
static void dropUnreadRecomputations(const Problem &problem, Plan &plan) {
  constexpr int kOriginal = -1;
  for (bool changed = true; changed;) {
    changed = false;
    // One copy per recomputation, in replay order; current[node] is the copy
    // reads bind to (kOriginal: the node's own computation, or resident).
    std::vector<int> current(problem.size(), kOriginal);
    std::vector<char> read;
    auto readAll = [&](const std::vector<NodeId> &inputs) {
      for (NodeId input : inputs)
        if (current[input] != kOriginal)
          read[current[input]] = 1;
    };
    for (Step step = 0; step <= problem.size(); ++step) {
      for (NodeId id : plan.recomputeBefore[step]) {
        readAll(problem.node(id).inputs);
        current[id] = static_cast<int>(read.size());
        read.push_back(0);
      }
      if (step == problem.size()) {
        for (NodeId id = 0; id < problem.size(); ++id)
          if (problem.node(id).isOutput && current[id] != kOriginal)
            read[current[id]] = 1;
      } else if (!problem.node(step).resident) {
        readAll(problem.node(step).inputs);
      }
    }
    size_t copy = 0;
    for (std::vector<NodeId> &list : plan.recomputeBefore) {
      std::vector<NodeId> kept;
      for (NodeId id : list)
        if (read[copy++])
          kept.push_back(id);
        else
          changed = true;
      list = std::move(kept);
    }
  }
}

Plan RecomputeMilp::planForPoint(const std::vector<double> &values) const {
  Plan plan = Plan::keepAll(problem);
  for (int stage = 0; stage < static_cast<int>(stages.size()); ++stage)
    for (NodeId id : stageModels[stage].candidates) {
      int r = rColumn(stage, id);
      if (r >= 0 && values[r] > 0.5)
        plan.recomputeBefore[stages[stage]].push_back(id);
    }
  dropUnreadRecomputations(problem, plan);
  return plan;
}

int64_t RecomputeMilp::peakBytes(const std::vector<double> &values) const {
  double peak = 0;
  for (const MemoryRow &row : memoryRows) {
    double r = row.rColumn < 0 ? 1.0 : values[row.rColumn];
    peak = std::max(peak, values[row.uColumn] * static_cast<double>(unit) +
                              static_cast<double>(row.scratch) * r);
  }
  return resident + static_cast<int64_t>(std::llround(peak));
}
