//===- CbcBackend.cpp - solve a LinearProgram with COIN-OR CBC ------------===//

#include "CbcBackend.h"

#include <Cbc_C_Interface.h>

#include <algorithm>
#include <cfloat>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <mutex>

using namespace remat;

namespace {

/// Owns a Cbc_Model.
struct CbcModelDeleter {
  void operator()(Cbc_Model *model) const { Cbc_deleteModel(model); }
};
using CbcModelPtr = std::unique_ptr<Cbc_Model, CbcModelDeleter>;

/// CBC's infinity is DBL_MAX.
double toCbc(double bound) {
  if (bound == LinearProgram::kInfinity)
    return DBL_MAX;
  if (bound == -LinearProgram::kInfinity)
    return -DBL_MAX;
  return bound;
}

/// A time limit as CBC's "seconds" option reads it.
std::string formatSeconds(double seconds) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.3f", seconds);
  return text;
}

/// Cbc_secondaryStatus in words.
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

MilpResult remat::solveWithCbc(const LinearProgram &program,
                               const MilpOptions &options) {
  auto begin = std::chrono::steady_clock::now();
  // CbcMain1, behind Cbc_solve, parses its options through global state: one
  // solve at a time per process (passes may run on several functions at
  // once). Time spent waiting counts against the limit.
  static std::mutex cbcMutex;
  std::lock_guard<std::mutex> lock(cbcMutex);
  double waited =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - begin)
          .count();
  MilpResult result;
  CbcModelPtr model(Cbc_newModel());

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
  Cbc_loadProblem(model.get(), numColumns, numRows, matrix.starts.data(),
                  matrix.rows.data(), matrix.values.data(), colLower.data(),
                  colUpper.data(), objective.data(), rowLower.data(),
                  rowUpper.data());
  for (int c = 0; c < numColumns; ++c)
    if (program.isInteger(c))
      Cbc_setInteger(model.get(), c);
  Cbc_setObjSense(model.get(), 1.0);

  // Parameters are CBC's command-line options. Quiet, single-threaded,
  // limited in wall-clock time. Our coefficients are scaled already (they
  // lie in [0, 1]); Clp's own scaling makes the root LP of the rematerial-
  // ization models several times slower.
  double limit = std::max(options.timeLimitSeconds - waited, 0.01);
  Cbc_setParameter(model.get(), "log", "0");
  Cbc_setParameter(model.get(), "slog", "0");
  Cbc_setParameter(model.get(), "timeMode", "elapsed");
  Cbc_setParameter(model.get(), "seconds", formatSeconds(limit).c_str());
  Cbc_setParameter(model.get(), "scaling", "off");
  // CBC 2.10's preprocessing (CglPreProcess) crashes in postProcess when
  // the time limit stops the search of the preprocessed model at some
  // moments (found by scripts/difftest.py: a segmentation fault at about
  // one solve in a hundred under short limits). Presolve stays on.
  Cbc_setParameter(model.get(), "preprocess", "off");
  Cbc_setLogLevel(model.get(), 0);
  if (options.cutoff) {
    char text[40];
    std::snprintf(text, sizeof(text), "%.17g", *options.cutoff);
    Cbc_setParameter(model.get(), "cutoff", text);
  }
  if (options.cutoffIncrement) {
    char text[40];
    std::snprintf(text, sizeof(text), "%.17g", *options.cutoffIncrement);
    Cbc_setParameter(model.get(), "increment", text);
  }
  if (!options.start.empty()) {
    std::vector<int> columns;
    std::vector<double> values;
    for (auto [column, value] : options.start) {
      columns.push_back(column);
      values.push_back(value);
    }
    Cbc_setMIPStartI(model.get(), static_cast<int>(columns.size()),
                     columns.data(), values.data());
  }

  Cbc_solve(model.get());

  std::string prefix = std::string("CBC ") + Cbc_getVersion() + ": ";
  bool hasIntegers = program.numIntegers() > 0;
  const double *solution = nullptr;
  if (hasIntegers)
    solution = Cbc_bestSolution(model.get());
  else if (Cbc_isProvenOptimal(model.get()))
    solution = Cbc_getColSolution(model.get());
  if (solution) {
    result.values.assign(solution, solution + numColumns);
    result.objective = program.objectiveValue(result.values);
  }
  result.bound =
      hasIntegers ? Cbc_getBestPossibleObjValue(model.get()) : result.objective;

  int nodes = hasIntegers ? Cbc_getNodeCount(model.get()) : 0;
  std::string after = " after " + std::to_string(nodes) + " nodes";
  if (Cbc_isProvenOptimal(model.get()) && solution) {
    result.status = MilpStatus::Optimal;
    result.bound = std::min(result.bound, result.objective);
    result.summary = prefix + "optimal" + after;
  } else if (Cbc_isProvenInfeasible(model.get())) {
    result.status = MilpStatus::Infeasible;
    result.values.clear();
    result.summary = prefix + "proven infeasible" + after;
  } else if (Cbc_isAbandoned(model.get())) {
    result.status = MilpStatus::Failed;
    result.summary = prefix + "abandoned (numerical difficulties)" + after;
  } else {
    result.status = solution ? MilpStatus::Feasible : MilpStatus::Unknown;
    result.summary = prefix + describeStop(Cbc_secondaryStatus(model.get())) +
                     after + (solution ? "" : ", no solution found");
  }
  result.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - begin)
          .count();
  return result;
}
