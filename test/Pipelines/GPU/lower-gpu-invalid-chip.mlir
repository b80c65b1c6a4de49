// remat-lower-gpu refuses a chip it does not take before it starts (LLVM's
// NVPTX back end would abort on some).
// RUN: remat-opt %s -verify-diagnostics -remat-lower-gpu="chip=sm_42"
// An option's error, without the module after it:
// RUN: not remat-opt %s -remat-lower-gpu="chip=sm_42" 2>&1 | FileCheck %s
// CHECK: error: remat-lower-gpu: unsupported chip 'sm_42'
// CHECK-NOT: see current operation

// expected-error @+1 {{remat-lower-gpu: unsupported chip 'sm_42'; expected one of sm_70, sm_72, sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, sm_90a, sm_100, sm_100a, sm_120, sm_120a}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    %y = remat.relu %x : tensor<4xf32>
    return %y : tensor<4xf32>
  }
}
