//===- CbcBackend.h - solve a LinearProgram with COIN-OR CBC ----*- C++ -*-===//
//
// The only code that talks to CBC (2.10, through its C++ interface: CbcMain1
// as the cbc program runs it, on an OsiClpSolverInterface): loads a
// LinearProgram, sets the time limit and a MIP start, solves, and reads back
// the incumbent, the best bound and the status. CBC's own time limit is
// checked only between its steps, and single steps (the root LP, the
// feasibility pump's LPs) can take several times the limit on large models;
// an event handler on every LP enforces the limit there too. CBC's
// exceptions (CoinError) are caught here.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_CORE_CBCBACKEND_H
#define REMAT_LIB_CORE_CBCBACKEND_H

#include "LinearProgram.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace remat {

/// How a MILP solve ended.
enum class MilpStatus {
  /// A solution, proven optimal.
  Optimal,
  /// A solution; stopped (on the time limit) before proving it optimal.
  Feasible,
  /// Proven to have no solution.
  Infeasible,
  /// Stopped before finding a solution or proving there is none.
  Unknown,
  /// The solver gave up (numerical trouble, internal error).
  Failed,
};

/// The default MilpOptions::graceSeconds for a limit: 5% of it, at least
/// 0.2 s. A caller that must end by a deadline gives CBC that much less.
double defaultGraceSeconds(double limit);

/// Limits and hints of one solve.
struct MilpOptions {
  /// Wall-clock limit in seconds. CBC checks it between its steps; an LP
  /// still running `graceSeconds` after it is stopped there, and then
  /// nothing CBC proved after that moment is reported (no optimality, no
  /// infeasibility, only the bound it had before).
  double timeLimitSeconds = 10;
  /// Time past the limit before running LPs are stopped (default: 5% of the
  /// limit, at least 0.2 s, so that CBC stops on its own, with its bound,
  /// whenever no single step of it is long).
  std::optional<double> graceSeconds;
  /// A MIP start: (column, value) for integer columns; the solver completes
  /// the continuous ones. Ignored by the solver when infeasible.
  std::vector<std::pair<int, double>> start;
  /// Only solutions with an objective at most this are of interest: the
  /// objective of a plan known by other means. When none exists the solve
  /// ends Infeasible.
  std::optional<double> cutoff;
  /// CBC's cutoff increment: an optimum is proven only to within it (CBC
  /// prunes nodes that cannot improve the incumbent by this much). Its
  /// default, 1e-5 of the objective, is fine for plans but not for bounds.
  std::optional<double> cutoffIncrement;
};

/// The outcome of one solve.
struct MilpResult {
  MilpStatus status = MilpStatus::Unknown;
  /// The best solution, one value per column (empty when none was found).
  std::vector<double> values;
  /// Objective of `values`.
  double objective = 0;
  /// The best proven lower bound on the objective.
  double bound = 0;
  /// Wall-clock seconds spent, loading included.
  double seconds = 0;
  /// CBC's status in words, e.g. "CBC 2.10.8: optimal after 12 nodes".
  std::string summary;
};

/// Solves `program` (a minimization) with CBC. Thread-safe: solves from
/// several threads run one after the other.
MilpResult solveWithCbc(const LinearProgram &program,
                        const MilpOptions &options);

} // namespace remat

#endif // REMAT_LIB_CORE_CBCBACKEND_H
