//===- CbcBackend.cpp - solve a LinearProgram with COIN-OR CBC ------------===//

#include "CbcBackend.h"
#include "Deadline.h"

#include <CbcEventHandler.hpp>
#include <CbcModel.hpp>
#include <CbcSolver.hpp>
#include <ClpEventHandler.hpp>
#include <ClpSimplex.hpp>
#include <CoinError.hpp>
#include <OsiClpSolverInterface.hpp>

#include <algorithm>
#include <cfloat>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <vector>

using namespace remat;

namespace {

using Clock = std::chrono::steady_clock;

/// What the event handlers of one solve share: the hard deadline, whether
/// it cut an LP short, and the best bound CBC had proven before it did.
struct SolveWatch {
  explicit SolveWatch(double seconds) : hardDeadline(seconds) {}

  Deadline hardDeadline;
  /// An LP was stopped at the hard deadline: from then on CBC may take an
  /// unfinished LP for an infeasible one, so its proofs (optimal,
  /// infeasible) and its final bound are not to be trusted.
  bool fired = false;
  /// The best bound of the main search seen while `fired` was false.
  double boundBeforeFiring = -DBL_MAX;
  /// The main search's incumbent when it ended (empty when none): after a
  /// firing, CBC's closing re-solves (stopped too) may leave another point
  /// in its best solution.
  std::vector<double> incumbentAtEnd;
};

/// Stops every simplex run at the hard deadline. CBC checks its time limit
/// only between its steps, and some steps are single LP solves that take
/// longer than the whole limit on large models (the root LP, the
/// feasibility pump's LPs, strong branching's hot starts: 26 s for a 10 s
/// limit on a 155-node graph). Each copy of the LP (CBC clones it for
/// heuristics, sub-searches and cut generation) carries a clone of this
/// handler, sharing the watch.
class DeadlineHandler : public ClpEventHandler {
public:
  explicit DeadlineHandler(SolveWatch *watch) : watch(watch) {}

  int event(Event whichEvent) override {
    if (whichEvent != endOfIteration && whichEvent != endOfFactorization)
      return -1;
    if (!watch->fired && !watch->hardDeadline.passed())
      return -1;
    watch->fired = true;
    return 0; // ClpModel::status() 5: stopped by an event
  }

  ClpEventHandler *clone() const override { return new DeadlineHandler(*this); }

private:
  SolveWatch *watch;
};

/// Records, of the main search (not of the sub-searches some heuristics
/// run on restricted models), the best bound at the moments it is final for
/// the work done (after each round of cuts, at each tree status: events
/// after the root LP, before which the bound is a placeholder), and the
/// incumbent when the search ends.
class BoundRecorder : public CbcEventHandler {
public:
  explicit BoundRecorder(SolveWatch *watch) : watch(watch) {}

  CbcAction event(CbcEvent whichEvent) override {
    if (!model_ || model_->parentModel())
      return noAction;
    if ((whichEvent == generatedCuts || whichEvent == treeStatus) &&
        !watch->fired) {
      // An empty tree reports -DBL_MAX, a tree without valid nodes 1e100.
      double bound = model_->getBestPossibleObjValue();
      if (std::fabs(bound) < 1e30)
        watch->boundBeforeFiring = std::max(watch->boundBeforeFiring, bound);
    }
    if (whichEvent == endSearch) {
      const double *best = model_->bestSolution();
      if (best)
        watch->incumbentAtEnd.assign(best, best + model_->getNumCols());
      else
        watch->incumbentAtEnd.clear();
    }
    return noAction;
  }

  CbcEventHandler *clone() const override { return new BoundRecorder(*this); }

private:
  SolveWatch *watch;
};

/// Largest violation of a bound, row or integrality in a point taken as a
/// solution without CBC's word for it (CBC's own tolerances are 1e-7 on
/// rows and 1e-6 on integrality; our coefficients lie in [0, 1]).
constexpr double kFeasibilityTolerance = 1e-6;

/// CBC's infinity is DBL_MAX.
double toCbc(double bound) {
  if (bound == LinearProgram::kInfinity)
    return DBL_MAX;
  if (bound == -LinearProgram::kInfinity)
    return -DBL_MAX;
  return bound;
}

/// A number as CBC's command-line options read it.
std::string formatNumber(const char *format, double value) {
  char text[40];
  std::snprintf(text, sizeof(text), format, value);
  return text;
}

/// CbcModel::secondaryStatus in words.
const char *describeStop(int secondary) {
  switch (secondary) {
  case 1:
    return "the relaxation is infeasible";
  case 2:
    return "stopped on the gap";
  case 3:
    return "stopped on the node limit";
  case 4:
    return "stopped on the time limit";
  case 5:
    return "stopped by an event";
  case 6:
    return "stopped on the solution limit";
  case 7:
    return "the relaxation is unbounded";
  case 8:
    return "stopped on the iteration limit";
  default:
    return "stopped";
  }
}

} // namespace

/// Grace after the time limit before LPs are cut short: CBC stops on its
/// own between steps, keeping its bound, when no single step is long.
double remat::defaultGraceSeconds(double limit) {
  return std::max(0.2, 0.05 * limit);
}

MilpResult remat::solveWithCbc(const LinearProgram &program,
                               const MilpOptions &options) {
  Clock::time_point begin = Clock::now();
  // CbcMain1 parses its options through global state: one solve at a time
  // per process (passes may run on several functions at once). Time spent
  // waiting counts against the limit.
  static std::mutex cbcMutex;
  std::lock_guard<std::mutex> lock(cbcMutex);
  double waited = std::chrono::duration<double>(Clock::now() - begin).count();
  double limit = std::max(options.timeLimitSeconds - waited, 0.01);
  SolveWatch watch(limit +
                   options.graceSeconds.value_or(defaultGraceSeconds(limit)));
  MilpResult result;
  std::string prefix = std::string("CBC ") + CBC_VERSION + ": ";

  LinearProgram::ColumnMajor matrix = program.columnMajor();
  int numColumns = program.numColumns(), numRows = program.numRows();
  std::vector<double> colLower(numColumns), colUpper(numColumns),
      objective(numColumns), rowLower(numRows), rowUpper(numRows);
  for (int c = 0; c < numColumns; ++c) {
    colLower[c] = toCbc(program.columnLower(c));
    colUpper[c] = toCbc(program.columnUpper(c));
    objective[c] = program.objective(c);
  }
  for (int r = 0; r < numRows; ++r) {
    rowLower[r] = toCbc(program.rowLowerBound(r));
    rowUpper[r] = toCbc(program.rowUpperBound(r));
  }
  OsiClpSolverInterface solver;
  solver.messageHandler()->setLogLevel(0);
  solver.getModelPtr()->setLogLevel(0);
  solver.loadProblem(numColumns, numRows, matrix.starts.data(),
                     matrix.rows.data(), matrix.values.data(), colLower.data(),
                     colUpper.data(), objective.data(), rowLower.data(),
                     rowUpper.data());
  for (int c = 0; c < numColumns; ++c)
    if (program.isInteger(c))
      solver.setInteger(c);
  solver.setObjSense(1.0);
  DeadlineHandler deadlineHandler(&watch);
  solver.getModelPtr()->passInEventHandler(&deadlineHandler);

  auto finish = [&] {
    result.seconds =
        std::chrono::duration<double>(Clock::now() - begin).count();
    return result;
  };

  // A plain LP: Clp alone, with its defaults.
  if (program.numIntegers() == 0) {
    try {
      solver.initialSolve();
    } catch (const CoinError &error) {
      result.status = MilpStatus::Failed;
      result.summary = prefix + "failed: " + error.message();
      return finish();
    }
    if (solver.isProvenOptimal() && !watch.fired) {
      const double *solution = solver.getColSolution();
      result.values.assign(solution, solution + numColumns);
      result.objective = program.objectiveValue(result.values);
      result.bound = result.objective;
      result.status = MilpStatus::Optimal;
      result.summary = prefix + "optimal LP";
    } else if (watch.fired) {
      result.bound = -LinearProgram::kInfinity;
      result.summary = prefix + "LP stopped on the time limit";
    } else if (solver.isProvenPrimalInfeasible()) {
      result.status = MilpStatus::Infeasible;
      result.summary = prefix + "LP proven infeasible";
    } else {
      result.status = MilpStatus::Failed;
      result.bound = -LinearProgram::kInfinity;
      result.summary = prefix + "LP not solved (numerical difficulties)";
    }
    return finish();
  }

  // CbcModel solves a copy of `solver`: copying a ClpSimplex clones its
  // event handler, so that copy and each one CBC makes of it carry the
  // deadline.
  CbcModel model(solver);
  model.setLogLevel(0);
  BoundRecorder recorder(&watch);
  model.passInEventHandler(&recorder);
  CbcSolverUsefulData data;
  CbcMain0(model, data);
  data.noPrinting_ = true;

  // Parameters are CBC's command-line options. Quiet, single-threaded,
  // limited in wall-clock time. Our coefficients are scaled already (they
  // lie in [0, 1]); Clp's own scaling makes the root LP of the rematerial-
  // ization models several times slower.
  // CBC 2.10's preprocessing (CglPreProcess) crashes in postProcess when
  // the time limit stops the search of the preprocessed model at some
  // moments (found by scripts/difftest.py: a segmentation fault at about
  // one solve in a hundred under short limits): off. Presolve stays on.
  std::vector<std::string> args = {
      "remat",    "-log",     "0",
      "-slog",    "0",        "-timeMode",
      "elapsed",  "-seconds", formatNumber("%.3f", limit),
      "-scaling", "off",      "-preprocess",
      "off"};
  if (options.cutoff) {
    args.push_back("-cutoff");
    args.push_back(formatNumber("%.17g", *options.cutoff));
  }
  if (options.cutoffIncrement) {
    args.push_back("-increment");
    args.push_back(formatNumber("%.17g", *options.cutoffIncrement));
  }
  args.push_back("-solve");
  args.push_back("-quit");
  std::vector<const char *> argv;
  for (const std::string &arg : args)
    argv.push_back(arg.c_str());
  if (!options.start.empty()) {
    std::vector<std::pair<std::string, double>> start;
    for (auto [column, value] : options.start)
      start.push_back({model.solver()->getColName(column), value});
    model.setMIPStart(start);
  }

  try {
    CbcMain1(static_cast<int>(argv.size()), argv.data(), model, nullptr, data);
  } catch (const CoinError &error) {
    result.status = MilpStatus::Failed;
    result.summary = prefix + "failed: " + error.message();
    return finish();
  }

  const double *solution = model.bestSolution();
  if (solution) {
    result.values.assign(solution, solution + numColumns);
    result.objective = program.objectiveValue(result.values);
  }
  int nodes = model.getNodeCount();
  std::string after = " after " + std::to_string(nodes) + " nodes";
  if (watch.fired) {
    // An LP was cut short: CBC's proofs and bound may rest on it, and its
    // closing re-solves may have left an unchecked point as its solution.
    // What holds is the bound recorded before, and a point that is
    // feasible: the returned one or the incumbent at the search's end.
    auto feasible = [&](const std::vector<double> &values) {
      return static_cast<int>(values.size()) == numColumns &&
             program.maxViolation(values) <= kFeasibilityTolerance;
    };
    std::vector<double> best;
    for (std::vector<double> *candidate :
         {&result.values, &watch.incumbentAtEnd})
      if (feasible(*candidate) &&
          (best.empty() ||
           program.objectiveValue(*candidate) < program.objectiveValue(best)))
        best = *candidate;
    result.values = std::move(best);
    bool found = !result.values.empty();
    result.objective = found ? program.objectiveValue(result.values) : 0;
    result.status = found ? MilpStatus::Feasible : MilpStatus::Unknown;
    result.bound = watch.boundBeforeFiring > -DBL_MAX
                       ? watch.boundBeforeFiring
                       : -LinearProgram::kInfinity;
    if (found)
      result.bound = std::min(result.bound, result.objective);
    result.summary = prefix + "stopped on the time limit" + after +
                     " (an LP was cut short at the limit)" +
                     (found ? "" : ", no solution found");
    return finish();
  }
  result.bound = model.getBestPossibleObjValue();
  if (model.isProvenOptimal() && solution) {
    result.status = MilpStatus::Optimal;
    result.bound = std::min(result.bound, result.objective);
    result.summary = prefix + "optimal" + after;
  } else if (model.isProvenInfeasible()) {
    result.status = MilpStatus::Infeasible;
    result.values.clear();
    result.summary = prefix + "proven infeasible" + after;
  } else if (model.isAbandoned()) {
    result.status = MilpStatus::Failed;
    result.summary = prefix + "abandoned (numerical difficulties)" + after;
  } else {
    result.status = solution ? MilpStatus::Feasible : MilpStatus::Unknown;
    result.summary = prefix + describeStop(model.secondaryStatus()) + after +
                     (solution ? "" : ", no solution found");
  }
  return finish();
}
