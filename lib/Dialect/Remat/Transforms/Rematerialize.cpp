//===- Rematerialize.cpp - the remat-rematerialize pass -------------------===//
//
// Decide, check, rewrite, explain:
//   1. build the memory problem of each function (Analysis),
//   2. turn checkpoint policies and marks into constraints (Analysis),
//   3. solve under the budget (Core: greedy | exact | chain | policy | auto),
//   4. the solver's plan has been replayed by verifyPlan, independently,
//   5. rewrite the IR to follow it (PlanApplication) or, with
//      analysis-only, write the decisions onto the ops,
//   6. report (text, JSON, HTML).
//
//===----------------------------------------------------------------------===//

#include "remat/Dialect/Remat/Transforms/Passes.h"

#include "FunctionOption.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/FileUtilities.h"
#include "remat/Analysis/GraphProblem.h"
#include "remat/Core/ByteSize.h"
#include "remat/Core/SavedBudget.h"
#include "remat/Core/Solvers.h"
#include "remat/Dialect/Remat/IR/RematOps.h"
#include "remat/Dialect/Remat/Transforms/PlanApplication.h"
#include "remat/Dialect/Remat/Transforms/PlanReport.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/ToolOutputFile.h"

#include <memory>

namespace remat {
#define GEN_PASS_DEF_REMATERIALIZE
#include "remat/Dialect/Remat/Transforms/Passes.h.inc"
} // namespace remat

using namespace mlir;
using namespace remat;

namespace {

struct RematerializePass final
    : remat::impl::RematerializeBase<RematerializePass> {
  using Base::Base;

  void runOnOperation() override;

private:
  /// Parsed options; failure after emitting a diagnostic on the module.
  LogicalResult parseOptions();
  /// Plans one function; failure after emitting diagnostics.
  LogicalResult planFunction(func::FuncOp func);
  /// Emits the infeasible-budget error on the op where the smallest
  /// reachable peak occurs.
  void reportInfeasible(func::FuncOp func, const GraphProblem &graph,
                        const SolveResult &result, int64_t budgetBytes);
  /// Without allow-offload: the peak the greedy reaches under `budgetBytes`
  /// when it may offload, if that meets the budget (said in the error).
  std::optional<int64_t> peakWithOffload(func::FuncOp func,
                                         int64_t budgetBytes);
  /// The problem of `func` with its policies, min-remat-bytes and backward
  /// pass applied; fails after a diagnostic.
  FailureOr<GraphProblem> buildProblem(func::FuncOp func, bool offloadable);
  LogicalResult writeReports();

  SolverKind solverKind = SolverKind::Auto;
  std::optional<BudgetSpec> budgetSpec;
  int64_t minBytes = 0;
  double transferCostPerByte = 4.0;
  /// The memory model of target= (set in initialize options).
  const TargetMemoryModel *targetModel = nullptr;
  bool savedKind = false;
  std::vector<std::shared_ptr<GraphProblem>> graphs;
  std::vector<FunctionReport> reports;
};

} // namespace

LogicalResult RematerializePass::parseOptions() {
  ModuleOp module = getOperation();
  std::optional<SolverKind> kind = parseSolverKind(solver);
  if (!kind)
    return emitOptionError(module)
           << "remat-rematerialize: unknown solver '" << solver
           << "'; expected greedy, exact, search, chain, policy or auto";
  solverKind = *kind;
  if (solverKind == SolverKind::Exact && !isExactSolverAvailable())
    return emitOptionError(module)
           << "remat-rematerialize: solver=exact is not available: remat was "
              "built without COIN-OR CBC (install coinor-libcbc-dev and "
              "reconfigure), or use solver=greedy";
  if (solverKind == SolverKind::Chain && allowOffload)
    return emitOptionError(module)
           << "remat-rematerialize: solver=chain does not model offloading, "
              "so allow-offload would be ignored; use solver=exact, search, "
              "greedy or auto to offload, or drop allow-offload";
  if (!(timeLimit > 0))
    return emitOptionError(module)
           << "remat-rematerialize: time-limit must be a "
              "positive number of seconds, got "
           << timeLimit;
  FailureOr<const TargetMemoryModel *> model =
      targetOption(module, "remat-rematerialize", target, allowOffload);
  if (failed(model))
    return failure();
  targetModel = *model;
  FailureOr<double> price = transferCostOption(
      module, "remat-rematerialize", offloadBandwidth, flopRate, *targetModel);
  if (failed(price))
    return failure();
  transferCostPerByte = *price;
  if (!budget.empty()) {
    auto parsed = parseBudget(budget);
    if (auto *error = std::get_if<std::string>(&parsed))
      return emitOptionError(module)
             << "remat-rematerialize: invalid budget: " << *error;
    budgetSpec = std::get<BudgetSpec>(parsed);
  }
  if (budgetKind != "peak" && budgetKind != "saved")
    return emitOptionError(module)
           << "remat-rematerialize: unknown budget-kind '" << budgetKind
           << "'; expected peak or saved";
  savedKind = budgetKind == "saved";
  if (savedKind && !budgetSpec)
    return emitOptionError(module)
           << "remat-rematerialize: budget-kind=saved needs a budget (e.g. "
              "budget=50% of what the unplanned step saves)";
  if (savedKind &&
      (solverKind == SolverKind::Policy || solverKind == SolverKind::Chain))
    return emitOptionError(module)
           << "remat-rematerialize: budget-kind=saved bounds the bytes alive "
              "where the backward pass starts, which solver="
           << solver << " cannot do; use solver=greedy, exact, search or auto";
  minBytes = 0;
  if (!minRematBytes.empty()) {
    auto parsed = parseSize(minRematBytes, "min-remat-bytes");
    if (auto *error = std::get_if<std::string>(&parsed))
      return emitOptionError(module)
             << "remat-rematerialize: invalid min-remat-bytes: " << *error;
    minBytes = std::get<int64_t>(parsed);
  }
  return success();
}

/// min-remat-bytes: computed values smaller than `minBytes` are never
/// recomputed or offloaded, unless a checkpoint policy or a mark decides them
/// (a keep limit or an offloading policy wins: the user asked for it there).
static void protectSmallValues(GraphProblem &graph, int64_t minBytes) {
  if (minBytes <= 0)
    return;
  for (NodeId id = 0; id < graph.problem.size(); ++id) {
    Node &node = graph.problem.node(id);
    if (node.resident || node.isOutput || node.bytes >= minBytes ||
        node.mustSave || node.mustOffload || node.keepLimit != kNoKeepLimit)
      continue;
    node.mustSave = true;
    node.belowMinRematBytes = true;
  }
}

/// Tells the chain solver which nodes form the backward pass: a node whose
/// op carries remat.vjp_of is the adjoint of the node of the forward op with
/// that remat.fwd_id (kAdjointOfUnknown when that op is a view or absent).
static void markAdjoints(GraphProblem &graph) {
  llvm::DenseMap<int64_t, NodeId> forwardNode;
  auto record = [&](Operation *op, NodeId id) {
    if (op->hasAttr(kVjpOfAttr) || op->hasAttr(kRecomputedAttr))
      return;
    if (auto fwd = op->getAttrOfType<IntegerAttr>(kForwardIdAttr))
      forwardNode.try_emplace(fwd.getInt(), id);
  };
  for (NodeId id = 0; id < graph.problem.size(); ++id)
    if (graph.ops[id] && !graph.isSideResult(id) &&
        !graph.problem.node(id).resident)
      record(graph.ops[id], id);
  for (Operation *op : graph.schedule) {
    if (!isViewOp(op, *graph.target))
      continue;
    auto origin = graph.origins.find(op->getResult(0));
    if (origin != graph.origins.end() && origin->second.node >= 0 &&
        !graph.problem.node(origin->second.node).resident)
      record(op, origin->second.node);
  }
  bool backward = false;
  for (NodeId id = 0; id < graph.problem.size(); ++id) {
    // The copies the return makes run after everything: in a training
    // step, at the end of the backward pass.
    if (graph.isReturnCopy(id)) {
      if (backward)
        graph.problem.node(id).adjointOf = kAdjointOfUnknown;
      continue;
    }
    Operation *op = graph.ops[id];
    if (!op || graph.problem.node(id).resident)
      continue;
    auto vjp = op->getAttrOfType<IntegerAttr>(kVjpOfAttr);
    if (!vjp)
      continue;
    auto it = forwardNode.find(vjp.getInt());
    bool known = it != forwardNode.end() && it->second < id &&
                 !graph.problem.node(it->second).resident &&
                 !graph.ops[it->second]->hasAttr(kVjpOfAttr);
    graph.problem.node(id).adjointOf = known ? it->second : kAdjointOfUnknown;
    backward = true;
  }
}

void RematerializePass::reportInfeasible(func::FuncOp func,
                                         const GraphProblem &graph,
                                         const SolveResult &result,
                                         int64_t budgetBytes) {
  const MemoryProfile &profile = result.minPeakProfile.executions.empty()
                                     ? result.profile
                                     : result.minPeakProfile;
  int64_t reachable =
      result.minReachablePeak ? result.minReachablePeak : profile.peak;
  Operation *anchor = func;
  if (!profile.executions.empty()) {
    const Execution &exec = profile.executions[profile.peakIndex];
    if (exec.kind == Execution::Kind::Return)
      anchor = func.getBody().front().getTerminator();
    else if (graph.ops[exec.node])
      anchor = graph.ops[exec.node];
  }
  InFlightDiagnostic diag = anchor->emitError();
  // Backward ops carry their forward op's location: say which one it is.
  StringRef where = anchor->hasAttr(kVjpOfAttr)
                        ? "here, in the backward pass of this op"
                        : "here";
  diag << "remat-rematerialize: a budget of " << formatBytes(budgetBytes)
       << " (" << budgetBytes << " B) is infeasible for @" << func.getSymName()
       << ": the smallest peak the " << toString(result.solver)
       << " solver reaches is " << formatBytes(reachable) << " (" << reachable
       << " B), " << where;
  if (!profile.live.empty())
    diag.attachNote(func.getLoc())
        << "at that point arguments take " << formatBytes(profile.resident)
        << ", values kept for later "
        << formatBytes(profile.kept[profile.peakIndex])
        << " and this op's operands, results and scratch "
        << formatBytes(profile.working[profile.peakIndex])
        << "; use budget=" << reachable
        << " or more, or best-effort to plan to that peak";
  if (!result.message.empty())
    diag.attachNote(func.getLoc()) << result.message;
  if (!allowOffload)
    if (std::optional<int64_t> peak = peakWithOffload(func, budgetBytes))
      diag.attachNote(func.getLoc())
          << "this budget needs offloading: with allow-offload the greedy "
             "solver meets it (peak "
          << formatBytes(*peak) << ", " << *peak << " B); add allow-offload";
}

std::optional<int64_t> RematerializePass::peakWithOffload(func::FuncOp func,
                                                          int64_t budgetBytes) {
  // The same problem with every value offloadable; its diagnostics (policy
  // warnings) were given once already.
  ScopedDiagnosticHandler quiet(func.getContext(),
                                [](Diagnostic &) { return success(); });
  FailureOr<GraphProblem> built = buildProblem(func, /*offloadable=*/true);
  if (failed(built))
    return std::nullopt;
  SolverOptions options;
  options.budget = budgetBytes;
  SolveResult result = solveGreedy(built->problem, options);
  if (!result.feasible)
    return std::nullopt;
  return result.profile.peak;
}

FailureOr<GraphProblem> RematerializePass::buildProblem(func::FuncOp func,
                                                        bool offloadable) {
  CostModelOptions costOptions;
  costOptions.allowOffload = offloadable;
  costOptions.transferCostPerByte = transferCostPerByte;
  costOptions.target = targetModel;
  FailureOr<GraphProblem> graph = buildGraphProblem(func, costOptions);
  if (failed(graph) || failed(applyPolicies(*graph)))
    return failure();
  protectSmallValues(*graph, minBytes);
  markAdjoints(*graph);
  if (auto error = graph->problem.check()) {
    func.emitError("remat-rematerialize: inconsistent constraints: ") << *error;
    return failure();
  }
  return graph;
}

LogicalResult RematerializePass::planFunction(func::FuncOp func) {
  if (failed(checkHostMemory(func, *targetModel, "remat-rematerialize")))
    return failure();
  FailureOr<GraphProblem> built = buildProblem(func, allowOffload);
  if (failed(built))
    return failure();
  // Offloading policies need host memory too.
  if (!targetModel->hasHostMemory()) {
    bool offloads = false;
    for (NodeId id = 0; id < built->problem.size(); ++id)
      if (built->problem.node(id).mustOffload && built->ops[id]) {
        built->ops[id]->emitOpError()
            << "is offloaded by its checkpoint's policy, but target '"
            << targetModel->getName()
            << "' has no host memory; use a policy that saves or recomputes "
               "it instead";
        offloads = true;
      }
    if (offloads)
      return failure();
  }
  graphs.push_back(std::make_shared<GraphProblem>(std::move(*built)));
  GraphProblem &graph = *graphs.back();

  MemoryProfile before = unconstrainedProfile(graph.problem);
  SolverOptions options;
  options.timeLimitSeconds = timeLimit;
  // Auto returns within 2 s unless a time limit is asked for.
  if (timeLimit.hasValue()) {
    options.autoTimeLimitSeconds = timeLimit;
    options.autoSearchRounds = 0; // search for as long as asked
  }
  if (verbose) {
    std::string name = func.getSymName().str();
    options.progress = [name](const std::string &line) {
      llvm::errs() << "remat-rematerialize: @" << name << ": " << line
                   << "\n";
    };
  }
  SolverKind kind = solverKind;
  std::optional<int64_t> budgetBytes;
  if (budgetSpec) {
    budgetBytes = budgetSpec->resolve(before.peak);
    options.budget = *budgetBytes;
  } else if (kind == SolverKind::Auto) {
    kind = SolverKind::Policy;
  }
  SolveResult result;
  std::optional<SavedBudgetReport> savedReport;
  if (savedKind) {
    // The budget bounds the bytes saved for the backward pass: a bound on
    // the step where it starts, within the unconstrained peak.
    int64_t unplannedSaved = savedDeviceBytes(graph.problem, before);
    int64_t savedBudget = budgetSpec->resolve(unplannedSaved);
    SavedBudgetResult searched =
        solveSavedBudget(kind, graph.problem, options, savedBudget);
    if (!searched.result.feasible) {
      // best-effort takes the plan of fewest saved bytes, which meets its
      // own peak budget.
      bool usable = searched.result.profile.peak <= searched.peakBudget;
      if (!bestEffort || !usable) {
        func.emitError("remat-rematerialize: a saved-for-backward budget of ")
            << formatBytes(savedBudget) << " (" << savedBudget
            << " B) is infeasible for @" << func.getSymName()
            << ": the fewest bytes the " << toString(searched.result.solver)
            << " solver saves is " << formatBytes(searched.minSaved) << " ("
            << searched.minSaved << " B); use budget=" << searched.minSaved
            << " or more, or best-effort";
        return failure();
      }
      mlir::emitWarning(func.getLoc(),
                        "remat-rematerialize: a saved-for-backward budget of ")
          << formatBytes(savedBudget) << " (" << savedBudget
          << " B) is infeasible for @" << func.getSymName()
          << "; best-effort: planned to the fewest saved bytes the "
          << toString(searched.result.solver) << " solver reaches, "
          << formatBytes(searched.minSaved) << " (" << searched.minSaved
          << " B)";
      searched.result.feasible = true;
    }
    savedReport =
        SavedBudgetReport{savedBudget, searched.saved, searched.savedUnplanned};
    budgetBytes = searched.peakBudget;
    result = std::move(searched.result);
  } else {
    result = solve(kind, graph.problem, options);
  }
  // best-effort: plan to the smallest peak the solver reaches, as XLA does.
  std::optional<int64_t> requestedBudget;
  if (!result.feasible && budgetBytes && bestEffort &&
      result.minReachablePeak > *budgetBytes) {
    SolverOptions reachable = options;
    reachable.budget = result.minReachablePeak;
    SolveResult retry = solve(kind, graph.problem, reachable);
    if (retry.feasible) {
      mlir::emitWarning(func.getLoc(), "remat-rematerialize: a budget of ")
          << formatBytes(*budgetBytes) << " (" << *budgetBytes
          << " B) is infeasible for @" << func.getSymName()
          << "; best-effort: planned to the smallest peak the "
          << toString(retry.solver) << " solver reaches, "
          << formatBytes(retry.profile.peak) << " (" << retry.profile.peak
          << " B)";
      requestedBudget = budgetBytes;
      budgetBytes = reachable.budget;
      result = std::move(retry);
    }
  }
  if (!result.feasible) {
    if (budgetBytes && result.plan.recomputeBefore.size() ==
                           static_cast<size_t>(graph.problem.size()) + 1) {
      reportInfeasible(func, graph, result, *budgetBytes);
    } else {
      // The chain solver names the op that breaks the chain.
      Operation *where = func;
      if (result.subject >= 0 && graph.ops[result.subject])
        where = graph.ops[result.subject];
      InFlightDiagnostic diag = where->emitError("remat-rematerialize: the ")
                                << toString(result.solver)
                                << " solver found no plan for @"
                                << func.getSymName();
      if (!result.message.empty())
        diag << ": " << result.message;
    }
    return failure();
  }

  // The plan as the rewritten function runs it: the solvers' replay keeps
  // the original computation of every move, which the rewrite erases (with
  // its bytes and the reads that kept its operands alive), so the peak
  // recorded and reported is the compiled code's, never above the solver's.
  int64_t solverPeak = result.profile.peak;
  Verification rewritten = replayAsRewritten(graph.problem, result.plan);
  if (rewritten.ok())
    result.profile = std::move(rewritten.profile);

  peakBefore = std::max<uint64_t>(peakBefore, before.peak);
  peakAfter = std::max<uint64_t>(peakAfter, result.profile.peak);
  FunctionReport report;
  report.function = func.getSymName().str();
  report.budget = budgetBytes;
  report.budgetText = budget;
  report.requestedBudget = requestedBudget;
  report.saved = savedReport;
  report.graph = &graph;
  report.before = before;
  report.solverPeak = solverPeak;
  report.result = result;
  recordValueFacts(func, report);

  // What remat-run compares its measured peak with. Constants are resident
  // in the plan but become globals, not heap allocations, once compiled.
  int64_t constantBytes = 0;
  for (NodeId id = 0; id < graph.problem.size(); ++id)
    if (graph.problem.node(id).resident && graph.ops[id])
      constantBytes += graph.problem.node(id).bytes;
  Builder builder(func.getContext());
  func->setAttr("remat.planned_peak",
                builder.getI64IntegerAttr(result.profile.peak));
  func->setAttr("remat.planned_constant_bytes",
                builder.getI64IntegerAttr(constantBytes));
  func->setAttr("remat.planned_host_peak",
                builder.getI64IntegerAttr(result.profile.hostPeak));
  func->setAttr("remat.planned_target",
                builder.getStringAttr(targetModel->getName()));
  if (budgetBytes)
    func->setAttr("remat.budget", builder.getI64IntegerAttr(*budgetBytes));

  if (analysisOnly) {
    annotatePlan(func, graph, result.plan, before, result.profile);
  } else {
    inlineCheckpoints(func);
    // Where the replay ran them: after an op's side results.
    ApplyStats stats = applyPlan(
        func, graph, placeAnchorsAfterSideResults(graph.problem, result.plan));
    valuesRecomputed += stats.recomputed;
    valuesOffloaded += stats.offloaded;
    // Moves (an unread original computed later instead) add nothing.
    flopsAdded += summarizeRecomputation(graph, result.profile).flopsAdded;
  }
  reports.push_back(std::move(report));
  return success();
}

LogicalResult RematerializePass::writeReports() {
  auto write = [&](StringRef path,
                   void (*writer)(ArrayRef<FunctionReport>, raw_ostream &))
      -> LogicalResult {
    if (path.empty())
      return success();
    if (path == "-") {
      writer(reports, llvm::errs());
      return success();
    }
    std::string error;
    std::unique_ptr<llvm::ToolOutputFile> file = openOutputFile(path, &error);
    if (!file)
      return emitOptionError(getOperation())
             << "remat-rematerialize: cannot write report '" << path
             << "': " << error;
    writer(reports, file->os());
    file->os().flush();
    if (file->os().has_error()) {
      std::error_code ec = file->os().error();
      file->os().clear_error();
      return emitOptionError(getOperation())
             << "remat-rematerialize: cannot write report '" << path
             << "': " << ec.message();
    }
    file->keep();
    return success();
  };
  return success(succeeded(write(reportText, writeTextReport)) &&
                 succeeded(write(reportJson, writeJsonReport)) &&
                 succeeded(write(reportHtml, writeHtmlReport)));
}

void RematerializePass::runOnOperation() {
  graphs.clear();
  reports.clear();
  if (failed(parseOptions()))
    return signalPassFailure();
  ModuleOp module = getOperation();
  llvm::StringSet<> wanted;
  for (const std::string &name : functions) {
    if (failed(lookupFunctionOption(module, name, "remat-rematerialize",
                                    "to plan")))
      return signalPassFailure();
    wanted.insert(name);
  }
  // Without functions=, the gradients remat-autodiff made (they carry
  // remat.primal) are what there is to plan: their forward functions only
  // compute the loss and hold nothing for a backward pass, and would fail a
  // share-of-peak budget for no purpose. A module with no such function (a
  // hand-written joint graph) has every defined function planned.
  bool differentiated =
      llvm::any_of(module.getOps<func::FuncOp>(), [](func::FuncOp func) {
        return !func.isExternal() && func->hasAttr(kPrimalAttr);
      });
  SmallVector<func::FuncOp> funcs;
  for (func::FuncOp func : module.getOps<func::FuncOp>()) {
    if (func.isExternal())
      continue;
    if (!wanted.empty() ? wanted.contains(func.getSymName())
                        : !differentiated || func->hasAttr(kPrimalAttr))
      funcs.push_back(func);
  }
  // Run on lowered IR (llvm.func, or nothing but declarations), the pass
  // would otherwise succeed without a word.
  if (funcs.empty())
    mlir::emitWarning(module.getLoc(),
                      "remat-rematerialize: found nothing to plan: the "
                      "module has no func.func with a body (run it on "
                      "tensor-level IR, before lowering)");
  bool failedAny = false;
  for (func::FuncOp func : funcs)
    failedAny |= failed(planFunction(func));
  if (failed(writeReports()) || failedAny)
    return signalPassFailure();
}
