// The search stops at a local optimum: on a step this small every ruin of
// its plan is soon drawn again, and it returns at once instead of running
// to its time limit (a minute here, after which it would say "stopped at
// its limit").
// RUN: remat-opt %s -remat-autodiff -remat-rematerialize="solver=search budget=75% time-limit=60 report-text=-" -o /dev/null 2>&1 | FileCheck %s

// CHECK: solver: search
// CHECK: note: search: {{[0-9]+}} rounds in {{[0-9.]+}} s, stopped at a local optimum ({{[0-9]+}} improved, {{[0-9]+}} dropped, {{[0-9]+}} repeated)
func.func @f(%x: tensor<64x64xf32>) -> tensor<f32> {
  %a = remat.tanh %x : tensor<64x64xf32>
  %b = remat.tanh %a : tensor<64x64xf32>
  %c = remat.tanh %b : tensor<64x64xf32>
  %l = remat.reduce_sum %c dims [0, 1] : tensor<64x64xf32> -> tensor<f32>
  return %l : tensor<f32>
}
