// A budget that only offloading can meet, with allow-offload off, says so:
// examples/mlp.mlir's recompute-only floor is about 63% of its peak, and
// with allow-offload the greedy reaches about 48%. At 60% the infeasible-
// budget error gets a note to add allow-offload; at 40%, which offloading
// does not reach either, it does not; with allow-offload 60% is planned.
// RUN: remat-opt %remat_src_root/examples/mlp.mlir -remat-autodiff -o %t.mlir
// RUN: not remat-opt %t.mlir -remat-rematerialize="budget=60% solver=greedy" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEEDS
// RUN: not remat-opt %t.mlir -remat-rematerialize="budget=40% solver=greedy" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEITHER
// RUN: remat-opt %t.mlir -remat-rematerialize="budget=60% solver=greedy allow-offload report-text=-" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFFLOAD

// NEEDS: error: remat-rematerialize: a budget of {{.*}} is infeasible for @mlp_grad
// NEEDS: note: this budget needs offloading: with allow-offload the greedy solver meets it (peak {{.*}}, [[PEAK:[0-9]+]] B); add allow-offload
// NEITHER: error: remat-rematerialize: a budget of {{.*}} is infeasible for @mlp_grad
// NEITHER-NOT: needs offloading
// OFFLOAD: budget: {{.*}} from '60%', met
// OFFLOAD: ({{[0-9]+}} B) after
// OFFLOAD: offloaded: {{[1-9][0-9]*}} value(s)
