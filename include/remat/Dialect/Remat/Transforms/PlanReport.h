//===- PlanReport.h - explain a plan in text, JSON and HTML -----*- C++ -*-===//
//
// What remat-rematerialize saved and why: every value kept across the peak
// with its bytes, location, producing op and the reason it was kept (policy,
// solver, or must), totals before and after, the FLOPs recomputation adds;
// JSON adds both memory profiles; HTML draws them.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_DIALECT_REMAT_TRANSFORMS_PLANREPORT_H
#define REMAT_DIALECT_REMAT_TRANSFORMS_PLANREPORT_H

#include "mlir/IR/Location.h"
#include "remat/Analysis/GraphProblem.h"
#include "remat/Core/Solvers.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

namespace remat {

/// Everything a report says about one planned function.
struct FunctionReport {
  std::string function;
  /// The budget in bytes; nullopt when only policies applied.
  std::optional<int64_t> budget;
  /// The budget as the user wrote it ("50%").
  std::string budgetText;
  const GraphProblem *graph = nullptr;
  MemoryProfile before;
  SolveResult result;
};

/// Why a value is kept across the peak: "must (must_save)", "must (side
/// effects)", "policy" or "solver".
std::string keepReason(const GraphProblem &graph, NodeId id);

/// "file:line:col" for file locations, the name for named ones.
std::string formatLocation(mlir::Location loc);

/// Total FLOPs of one run of the function (every node once).
int64_t totalFlops(const GraphProblem &graph);

/// FLOPs the plan adds (recomputations, each counted once per copy).
int64_t addedFlops(const GraphProblem &graph, const Plan &plan);

void writeTextReport(llvm::ArrayRef<FunctionReport> reports,
                     llvm::raw_ostream &os);
void writeJsonReport(llvm::ArrayRef<FunctionReport> reports,
                     llvm::raw_ostream &os);
void writeHtmlReport(llvm::ArrayRef<FunctionReport> reports,
                     llvm::raw_ostream &os);

} // namespace remat

#endif // REMAT_DIALECT_REMAT_TRANSFORMS_PLANREPORT_H
