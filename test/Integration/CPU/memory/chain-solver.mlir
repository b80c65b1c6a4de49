// The chain solver's plans run: a 12-layer MLP (a chain of 25 layers for
// the Rotor model) planned with solver=chain at three budgets computes the
// unplanned step's loss and gradients bitwise, and its measured peak equals
// the plan to the byte and stays within the budget.
// DEFINE: %{run} = remat-run - --entry=f_grad --print=0
// RUN: remat-opt %s -remat-autodiff > %t.mlir
// RUN: %{run} --save-outputs=%t.out < %t.mlir
// RUN: for b in 80% 60% 45%; do \
// RUN:   echo "budget $b"; \
// RUN:   remat-opt %t.mlir -remat-rematerialize="budget=$b solver=chain functions=f_grad report-text=-" 2>&1 >%t.plan.mlir | grep -E "solver:|budget:"; \
// RUN:   %{run} --expect-outputs=%t.out --check-memory=0 < %t.plan.mlir; \
// RUN: done | FileCheck %s
// CHECK-LABEL: budget 80%
// CHECK: solver: chain
// CHECK-NEXT: from '80%', met
// CHECK: PASS memory: measured {{[0-9]+}} B <= budget {{[0-9]+}} B, 0.00% from the plan
// CHECK-COUNT-14: PASS output {{[0-9]+}} is bitwise identical
// CHECK-LABEL: budget 60%
// CHECK: solver: chain
// CHECK-NEXT: from '60%', met
// CHECK: PASS memory: measured {{[0-9]+}} B <= budget {{[0-9]+}} B, 0.00% from the plan
// CHECK-COUNT-14: PASS output {{[0-9]+}} is bitwise identical
// CHECK-LABEL: budget 45%
// CHECK: solver: chain
// CHECK-NEXT: from '45%', met
// CHECK: PASS memory: measured {{[0-9]+}} B <= budget {{[0-9]+}} B, 0.00% from the plan
// CHECK-COUNT-14: PASS output {{[0-9]+}} is bitwise identical
// CHECK-NOT: FAIL

func.func @f(%x: tensor<1024x64xf32>, %w0: tensor<64x64xf32>, %w1: tensor<64x64xf32>, %w2: tensor<64x64xf32>, %w3: tensor<64x64xf32>, %w4: tensor<64x64xf32>, %w5: tensor<64x64xf32>, %w6: tensor<64x64xf32>, %w7: tensor<64x64xf32>, %w8: tensor<64x64xf32>, %w9: tensor<64x64xf32>, %w10: tensor<64x64xf32>, %w11: tensor<64x64xf32>) -> tensor<f32> {
  %m0 = remat.matmul %x, %w0 : tensor<1024x64xf32>, tensor<64x64xf32> -> tensor<1024x64xf32>
  %t0 = remat.tanh %m0 : tensor<1024x64xf32>
  %m1 = remat.matmul %t0, %w1 : tensor<1024x64xf32>, tensor<64x64xf32> -> tensor<1024x64xf32>
  %t1 = remat.tanh %m1 : tensor<1024x64xf32>
  %m2 = remat.matmul %t1, %w2 : tensor<1024x64xf32>, tensor<64x64xf32> -> tensor<1024x64xf32>
  %t2 = remat.tanh %m2 : tensor<1024x64xf32>
  %m3 = remat.matmul %t2, %w3 : tensor<1024x64xf32>, tensor<64x64xf32> -> tensor<1024x64xf32>
  %t3 = remat.tanh %m3 : tensor<1024x64xf32>
  %m4 = remat.matmul %t3, %w4 : tensor<1024x64xf32>, tensor<64x64xf32> -> tensor<1024x64xf32>
  %t4 = remat.tanh %m4 : tensor<1024x64xf32>
  %m5 = remat.matmul %t4, %w5 : tensor<1024x64xf32>, tensor<64x64xf32> -> tensor<1024x64xf32>
  %t5 = remat.tanh %m5 : tensor<1024x64xf32>
  %m6 = remat.matmul %t5, %w6 : tensor<1024x64xf32>, tensor<64x64xf32> -> tensor<1024x64xf32>
  %t6 = remat.tanh %m6 : tensor<1024x64xf32>
  %m7 = remat.matmul %t6, %w7 : tensor<1024x64xf32>, tensor<64x64xf32> -> tensor<1024x64xf32>
  %t7 = remat.tanh %m7 : tensor<1024x64xf32>
  %m8 = remat.matmul %t7, %w8 : tensor<1024x64xf32>, tensor<64x64xf32> -> tensor<1024x64xf32>
  %t8 = remat.tanh %m8 : tensor<1024x64xf32>
  %m9 = remat.matmul %t8, %w9 : tensor<1024x64xf32>, tensor<64x64xf32> -> tensor<1024x64xf32>
  %t9 = remat.tanh %m9 : tensor<1024x64xf32>
  %m10 = remat.matmul %t9, %w10 : tensor<1024x64xf32>, tensor<64x64xf32> -> tensor<1024x64xf32>
  %t10 = remat.tanh %m10 : tensor<1024x64xf32>
  %m11 = remat.matmul %t10, %w11 : tensor<1024x64xf32>, tensor<64x64xf32> -> tensor<1024x64xf32>
  %t11 = remat.tanh %m11 : tensor<1024x64xf32>
  %l = remat.reduce_sum %t11 dims [0, 1] : tensor<1024x64xf32> -> tensor<f32>
  return %l : tensor<f32>
}
