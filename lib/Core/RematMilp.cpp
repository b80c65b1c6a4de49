//===- RematMilp.cpp - the MILP of rematerialization plans ----------------===//
//
// Builds the model described in RematMilp.h and maps plans to points and
// back. Columns are laid out as: the R block of each node (one column per
// stage of its range), the O column and L block of each node that may be
// offloaded, the S blocks, P, then per stage its F, prefix and U columns.
//
//===----------------------------------------------------------------------===//

#include "RematMilp.h"
#include "PlanPruning.h"
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

/// Whether the model has R variables for `node` (a node that must be
/// offloaded goes to host memory instead, as the replay requires).
static bool canRecompute(const Node &node) {
  return !node.resident && node.recomputable && !node.mustSave &&
         !node.mustOffload;
}

/// Whether the model has O and L variables for `node`.
static bool canOffload(const Node &node) {
  return !node.resident && !node.mustSave &&
         (node.offloadable || node.mustOffload);
}

/// The cost of one transfer of `node` (an offload or a reload), as
/// measureAddedCost charges it.
static double transferCost(const Problem &problem, const Node &node) {
  return static_cast<double>(node.bytes) * problem.transferCostPerByte;
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

int64_t RematMilp::estimateColumns(const Problem &problem) {
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
    if (canOffload(node))
      total += span + 1; // L, O
  }
  return total + problem.size() + 1;
}

RematMilp::RematMilp(const Problem &problem)
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
    if (canOffload(node))
      largestCost = std::max(largestCost, transferCost(problem, node));
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

  // side results: nothing runs between an op's results (verifyPlan places
  // what a plan anchors at a side result's step after the op's last
  // result), so no copy is made in the stage of a side result. Without
  // this the model could read a value there that the replay reads only
  // after the op, past a keep limit at the op's end.
  for (NodeId id = 0; id < numNodes; ++id)
    for (int stage = firstStage[id]; stage <= lastStage[id]; ++stage) {
      Step step = stages[stage];
      if (step >= numNodes || !problem.node(step).withPrevious)
        continue;
      for (int column : {rColumn(stage, id), lColumn(stage, id)})
        if (column >= 0)
          program.setColumnBounds(column, 0.0, 0.0);
    }

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

const std::vector<NodeId> &RematMilp::readsOf(Step step) const {
  return reads[step];
}

void RematMilp::computeStagesAndRanges() {
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

int RematMilp::rColumn(int stage, NodeId node) const {
  if (node >= numNodes || rBase[node] < 0 || stage < firstStage[node] ||
      stage > lastStage[node])
    return -1;
  return rBase[node] + (stage - firstStage[node]);
}

int RematMilp::lColumn(int stage, NodeId node) const {
  if (node >= numNodes || lBase[node] < 0 || stage < firstStage[node] ||
      stage > lastStage[node])
    return -1;
  return lBase[node] + (stage - firstStage[node]);
}

void RematMilp::appendMade(std::vector<LinearProgram::Term> &terms, int stage,
                           NodeId node, double coefficient) const {
  if (int r = rColumn(stage, node); r >= 0)
    terms.push_back({r, coefficient});
  if (int l = lColumn(stage, node); l >= 0)
    terms.push_back({l, coefficient});
}

int RematMilp::sColumn(int stage, NodeId node) const {
  if (node >= numNodes || sBase[node] < 0 || stage < firstStage[node] ||
      stage > lastStage[node])
    return -1;
  return sBase[node] + (stage - firstStage[node]);
}

void RematMilp::buildColumns() {
  rBase.assign(numNodes, -1);
  lBase.assign(numNodes, -1);
  sBase.assign(numNodes, -1);
  for (NodeId id = 0; id < numNodes; ++id) {
    const Node &node = problem.node(id);
    if (!canRecompute(node) || firstStage[id] > lastStage[id])
      continue;
    rBase[id] = program.numColumns();
    for (int stage = firstStage[id]; stage <= lastStage[id]; ++stage)
      binaries.push_back(
          program.addColumn(0.0, 1.0, weightedRecomputeCost(node) / costUnit,
                            /*integer=*/true));
  }
  // host: L[t][i] <= O[i].
  for (NodeId id = 0; id < numNodes; ++id) {
    const Node &node = problem.node(id);
    if (!canOffload(node) || firstStage[id] > lastStage[id])
      continue;
    if (oColumn.empty())
      oColumn.assign(numNodes, -1);
    double transfer = transferCost(problem, node) / costUnit;
    oColumn[id] = program.addColumn(0.0, 1.0, transfer, /*integer=*/true);
    binaries.push_back(oColumn[id]);
    lBase[id] = program.numColumns();
    for (int stage = firstStage[id]; stage <= lastStage[id]; ++stage) {
      int l = program.addColumn(0.0, 1.0, transfer, /*integer=*/true);
      binaries.push_back(l);
      program.addRow({{l, 1.0}, {oColumn[id], -1.0}},
                     -LinearProgram::kInfinity, 0.0);
    }
  }
  for (NodeId id = 0; id < numNodes; ++id) {
    if (firstStage[id] > lastStage[id])
      continue;
    sBase[id] = program.numColumns();
    // Holding the original copy into its first stage, or offloading it,
    // costs the node: a plan that does neither (a move) computes it only
    // where it recomputes it. With an offload the cost sits on a column
    // H >= S, H >= O (the original is read by the offload).
    const Node &node = problem.node(id);
    double moveCredit =
        canRecompute(node) ? weightedMoveCredit(node) / costUnit : 0.0;
    offset += moveCredit;
    int offload = oColumn.empty() ? -1 : oColumn[id];
    for (int stage = firstStage[id]; stage <= lastStage[id]; ++stage)
      program.addColumn(
          0.0, 1.0,
          stage == firstStage[id] && offload < 0 ? moveCredit : 0.0,
          /*integer=*/false);
    if (offload >= 0 && moveCredit != 0) {
      int held = program.addColumn(0.0, 1.0, moveCredit, /*integer=*/false);
      for (int source : {sBase[id], offload})
        program.addRow({{held, 1.0}, {source, -1.0}}, 0.0,
                       LinearProgram::kInfinity);
      originalColumn.push_back({held, id});
    }
  }
  pColumn = program.addColumn(unitsOf(lowerBound - resident),
                              LinearProgram::kInfinity, 0.0,
                              /*integer=*/false);
}

void RematMilp::buildStage(int stage) {
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
    appendMade(terms, stage - 1, id, -1.0);
    program.addRow(std::move(terms), -inf, 0.0);
  }

  // depend: every input of a computation is in memory in this stage.
  for (size_t q = 0; q + 1 < numCandidates; ++q) {
    NodeId reader = model.candidates[q];
    int r = rColumn(stage, reader);
    for (NodeId input : reads[reader]) {
      std::vector<Term> terms = {{r, 1.0}, {sColumn(stage, input), -1.0}};
      appendMade(terms, stage, input, -1.0);
      program.addRow(std::move(terms), -inf, 0.0);
    }
  }
  std::vector<char> stepReads(static_cast<size_t>(step), 0);
  for (NodeId input : readsOf(step)) {
    stepReads[input] = 1;
    std::vector<Term> terms = {{sColumn(stage, input), 1.0}};
    appendMade(terms, stage, input, 1.0);
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
    appendMade(present, stage, input, -1.0);
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
      // Held copies, and reloads: they run first.
      for (NodeId id : held) {
        double units = unitsOf(problem.node(id).bytes);
        terms.push_back({sColumn(stage, id), -units});
        if (int l = lColumn(stage, id); l >= 0)
          terms.push_back({l, -units});
      }
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

double RematMilp::peakUnitsFor(int64_t budget) const {
  if (budget - resident >= memoryCeiling)
    return LinearProgram::kInfinity;
  // Half a byte of slack. Peaks are whole bytes, so it admits no plan above
  // the budget; without it, a budget that a plan meets exactly can be lost
  // to rounding: the memory rows sum bytes / unit, and CBC's preprocessing
  // then proves the program infeasible at P = budget.
  return (static_cast<double>(budget - resident) + kBudgetSlackBytes) /
         static_cast<double>(unit);
}

LinearProgram RematMilp::minCostProgram(int64_t budget) const {
  // P has no cost here: fixed at the budget, the memory rows become bounds
  // on U in the solver's presolve.
  LinearProgram copy = program;
  double upper = std::min(peakUnitsFor(budget), unitsOf(memoryCeiling));
  copy.setColumnBounds(pColumn, upper, upper);
  return copy;
}

LinearProgram
RematMilp::minPeakProgram(std::optional<int64_t> budget,
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
RematMilp::pointForPlan(const Plan &plan, std::string *why) const {
  auto fail = [&](std::string reason) -> std::optional<std::vector<double>> {
    if (why)
      *why = std::move(reason);
    return std::nullopt;
  };
  for (const auto *lists :
       {&plan.recomputeBefore, &plan.reloadBefore, &plan.offloadAfter})
    if (!lists->empty() && lists->size() != static_cast<size_t>(numNodes) + 1)
      return fail("the plan is not sized for the problem");
  // The plan as verifyPlan replays it: what is anchored at a side result's
  // step runs after the op's last result.
  Plan placed = placeAnchorsAfterSideResults(problem, plan);

  std::vector<double> values(static_cast<size_t>(program.numColumns()), 0.0);
  // Sets the binaries of `lists` (recomputations or reloads): column(stage,
  // node) gives the variable.
  auto setCopies = [&](const std::vector<std::vector<NodeId>> &lists,
                       int (RematMilp::*column)(int, NodeId) const,
                       const char *what) -> std::optional<std::string> {
    for (Step step = 0; step < static_cast<Step>(lists.size()); ++step)
      for (NodeId id : lists[step]) {
        int c = id >= 0 && id < numNodes
                    ? (this->*column)(stageAtOrAfter[step], id)
                    : -1;
        if (c < 0)
          return "node " + std::to_string(id) + " is " + what +
                 " before step " + std::to_string(step) +
                 ", where the model has no variable";
        if (values[c] != 0)
          return "node " + std::to_string(id) + " is " + what +
                 " twice in the stage of step " + std::to_string(step);
        values[c] = 1.0;
      }
    return std::nullopt;
  };
  if (std::optional<std::string> error =
          setCopies(placed.recomputeBefore, &RematMilp::rColumn, "recomputed"))
    return fail(*error);
  if (std::optional<std::string> error =
          setCopies(placed.reloadBefore, &RematMilp::lColumn, "reloaded"))
    return fail(*error);
  for (const std::vector<NodeId> &list : placed.offloadAfter)
    for (NodeId id : list) {
      if (id < 0 || id >= numNodes || oColumn.empty() || oColumn[id] < 0)
        return fail("node " + std::to_string(id) +
                    " is offloaded, where the model has no variable");
      values[oColumn[id]] = 1.0;
    }
  // Whether the stage makes a copy of the node (computes, recomputes or
  // reloads it).
  auto madeIn = [&](int stage, NodeId id) {
    if (id == stages[stage])
      return true;
    int r = rColumn(stage, id), l = lColumn(stage, id);
    return (r >= 0 && values[r] > 0.5) || (l >= 0 && values[l] > 0.5);
  };
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
      needed = !madeIn(stage, id) && (readAt[sColumn(stage, id)] || needed);
      values[sColumn(stage, id)] = needed ? 1.0 : 0.0;
    }
  }

  for (auto [held, id] : originalColumn)
    values[held] = std::max(values[sColumn(firstStage[id], id)],
                            values[oColumn[id]]);

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
    for (NodeId id = 0; id < model.step; ++id) {
      if (int s = sColumn(stage, id); s >= 0 && values[s] > 0.5)
        bytes += problem.node(id).bytes;
      if (int l = lColumn(stage, id); l >= 0 && values[l] > 0.5)
        bytes += problem.node(id).bytes;
    }
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

Plan RematMilp::planForPoint(const std::vector<double> &values) const {
  Plan plan = Plan::keepAll(problem);
  for (int stage = 0; stage < static_cast<int>(stages.size()); ++stage) {
    for (NodeId id : stageModels[stage].candidates) {
      int r = rColumn(stage, id);
      if (r >= 0 && values[r] > 0.5)
        plan.recomputeBefore[stages[stage]].push_back(id);
    }
    for (NodeId id = 0; id < stages[stage]; ++id)
      if (int l = lColumn(stage, id); l >= 0 && values[l] > 0.5)
        plan.reloadBefore[stages[stage]].push_back(id);
  }
  for (NodeId id = 0; id < static_cast<NodeId>(oColumn.size()); ++id)
    if (oColumn[id] >= 0 && values[oColumn[id]] > 0.5)
      plan.offloadAfter[id].push_back(id);
  dropUnreadCopies(problem, plan);
  return plan;
}

int64_t RematMilp::peakBytes(const std::vector<double> &values) const {
  double peak = 0;
  for (const MemoryRow &row : memoryRows) {
    double r = row.rColumn < 0 ? 1.0 : values[row.rColumn];
    peak = std::max(peak, values[row.uColumn] * static_cast<double>(unit) +
                              static_cast<double>(row.scratch) * r);
  }
  return resident + static_cast<int64_t>(std::llround(peak));
}
