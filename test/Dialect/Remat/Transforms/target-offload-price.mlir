// The price of a transfer comes from the target (offload-bandwidth= and
// flop-rate= default to its figures): on the CPU a byte moved costs 4
// FLOPs, on the GPU 100 (PCIe against the GPU's compute), so at the same
// budget the GPU plan offloads less and recomputes more. Whether a budget
// is reachable does not depend on the price: at 50% the GPU plan still
// meets it by offloading (the greedy's walk with transfers priced at zero).
// Explicit options override the target's figures.
// RUN: remat-opt %remat_src_root/examples/mlp.mlir -remat-autodiff -remat-rematerialize="budget=60% functions=mlp_grad allow-offload report-text=-" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: remat-opt %remat_src_root/examples/mlp.mlir -remat-autodiff -remat-rematerialize="budget=60% functions=mlp_grad allow-offload target=gpu report-text=-" -o /dev/null 2>&1 | FileCheck %s --check-prefix=GPU
// RUN: remat-opt %remat_src_root/examples/mlp.mlir -remat-autodiff -remat-rematerialize="budget=60% functions=mlp_grad allow-offload target=gpu offload-bandwidth=10e9 flop-rate=40e9 report-text=-" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: remat-opt %remat_src_root/examples/mlp.mlir -remat-autodiff -remat-rematerialize="budget=50% functions=mlp_grad allow-offload target=gpu report-text=-" -o /dev/null 2>&1 | FileCheck %s --check-prefix=GPU50

// CPU: recomputed: 2 value(s), +8388608 FLOPs
// CPU: offloaded: 4 value(s)
// GPU: recomputed: 8 value(s), +286261248 FLOPs
// GPU: offloaded: 2 value(s)
// GPU50: offloaded: {{[1-9][0-9]*}} value(s)
