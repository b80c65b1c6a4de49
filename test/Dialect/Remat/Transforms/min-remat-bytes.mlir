// min-remat-bytes (XLA's min_remat_size): values smaller than it are never
// recomputed or offloaded. examples/transformer.mlir at 75% recomputes 1 MiB
// values (layer norms, transposes) as well as 4 MiB ones; with
// min-remat-bytes=2MiB only the 4 MiB ones are, the budget is still met,
// and the reports give the small ones their reason. A policy's keep limit
// still wins in its region (policies-region-values.mlir's regions are not
// affected: the option skips values a policy decides).
// RUN: remat-opt %remat_src_root/examples/transformer.mlir -remat-autodiff -o %t.grad.mlir
// RUN: remat-opt %t.grad.mlir -remat-rematerialize="budget=75% solver=greedy report-text=-" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ANY
// RUN: remat-opt %t.grad.mlir -remat-rematerialize="budget=75% solver=greedy min-remat-bytes=2MiB report-text=- report=%t.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MIN
// RUN: %python -c "import json; f = json.load(open('%t.json'))['functions'][0]; small = [v for v in f['recomputed'] + f['offloaded'] if v['bytes'] < 2 << 20]; kinds = {v['reason_kind'] for v in f['saved_for_backward'] if v['bytes'] < 2 << 20}; print('small moved', len(small), 'kinds', sorted(kinds))" | FileCheck %s --check-prefix=JSON
// A policy region keeps its own rule: nothing_saveable still recomputes
// its 1 KiB values.
// RUN: remat-opt %S/policies-region-values.mlir -split-input-file -remat-autodiff -remat-rematerialize="min-remat-bytes=1MiB report-text=-" -o /dev/null 2>&1 | FileCheck %s --check-prefix=POLICY

// ANY: budget: {{.*}} from '75%', met
// ANY: recompute {{.*}}, 1048576 B) before step
// MIN: budget: {{.*}} from '75%', met
// MIN: 1048576  must (min-remat-bytes)
// MIN: smaller than min-remat-bytes: never rematerialized
// MIN-NOT: , 1048576 B) before step
// JSON: small moved 0 kinds ['min-bytes']
// POLICY-LABEL: report for @nothing_grad
// POLICY: recompute remat.matmul "m" ({{.*}}, 1024 B) before step
