// Without COIN-OR CBC at configure time, solver=auto never picks the exact
// solver: with a budget it runs the search even on the 60-node function of
// solver-auto.mlir; without one, the policy solver, as with CBC.
// UNSUPPORTED: cbc
// RUN: remat-opt %S/solver-auto.mlir -remat-rematerialize="budget=100% solver=auto analysis-only report-text=-" -o /dev/null 2>&1 | FileCheck %s
// RUN: remat-opt %S/solver-auto.mlir -remat-rematerialize="solver=auto analysis-only report-text=-" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOBUDGET

// CHECK-LABEL: report for @nodes60
// CHECK-NEXT: solver: search (optimal)
// CHECK-LABEL: report for @nodes61
// CHECK-NEXT: solver: search (optimal)
// CHECK-LABEL: report for @offload_policy
// CHECK-NEXT: solver: search (optimal)

// NOBUDGET-LABEL: report for @nodes60
// NOBUDGET-NEXT: solver: policy
