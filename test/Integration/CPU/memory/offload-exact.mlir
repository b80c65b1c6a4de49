// The exact solver with allow-offload, run and measured: on offload-types'
// function at the budget where the greedy moves the f64 and i1 vectors to
// host memory, the MILP (which models offloads and reloads) proves moving
// them optimal, the compiled plan's measured device and host peaks equal
// the plan to the byte, and the outputs are bitwise those of the unplanned
// function.
// REQUIRES: cbc
// RUN: split-file %S/offload-types.mlir %t
// RUN: remat-opt %t/planned.mlir -remat-rematerialize="budget=100% solver=greedy" | remat-run - --check-memory=0 --print=0 --save-outputs=%t.out > /dev/null
// RUN: remat-opt %t/planned.mlir -remat-rematerialize="budget=197952 solver=exact allow-offload report-text=%t.txt" -o %t.mlir
// RUN: FileCheck %s --check-prefix=REPORT < %t.txt
// RUN: remat-run %t.mlir --check-memory=0 --print=0 --expect-outputs=%t.out | FileCheck %s

// REPORT: solver: exact (optimal), gap 0.00%
// REPORT: recomputed: 0 value(s)
// REPORT: offloaded: 2 value(s), host peak 576 B
// REPORT-DAG: reload linalg.generic ({{.*}}, 64 B) before step
// REPORT-DAG: reload linalg.generic ({{.*}}, 512 B) before step

// CHECK: measured peak 197952 B {{.*}} host peak 576 B (planned 576 B); planned peak 197952 B
// CHECK: PASS memory
// CHECK: PASS output 0 is bitwise identical
// CHECK: PASS output 1 is bitwise identical
