// remat-run --target=gpu's host side on any machine, with the CUDA driver
// stand-in (test/Inputs/FakeCudaDriver.cpp: device memory in host memory,
// kernels counted but not run, so outputs are not checked): the module is
// lowered with remat-lower-gpu and C interfaces, the JIT links the host code
// against libRematGpuRuntime, the embedded PTX modules load, kernels launch,
// arguments go to the device and results come back, the device peak is
// measured from the tracked allocator, and every device buffer is freed
// exactly once (nothing live at exit, no bad free), for a small function
// and for the MLP training step planned under a budget.
// RUN: env REMAT_CUDA_DRIVER=%fake_cuda_driver REMAT_FAKE_CUDA_LOG=1 remat-run %s --entry=f --target=gpu --print=0 2>&1 | FileCheck %s
// A column sum is one kernel (remat-gpu-parallel-loops-outer: without it,
// a launch per row of the input, 1,024 here).
// RUN: env REMAT_CUDA_DRIVER=%fake_cuda_driver REMAT_FAKE_CUDA_LOG=1 remat-run %s --entry=column_sums --target=gpu --print=0 2>&1 | FileCheck %s --check-prefix=COLUMNS
// --opt-level, when given, is the kernels' level too: at -O0 NVPTX leaves
// every access generic (no address-space inference), while without it
// (REMAT_RUN_OPTIONS cleared: the sanitizer build's suite sets -O0 there)
// the kernels compile at remat-lower-gpu's default, 2, and store to global
// memory by name. REMAT_FAKE_CUDA_PTX collects the PTX the driver loads.
// RUN: rm -f %t.o0.ptx %t.default.ptx
// RUN: env REMAT_CUDA_DRIVER=%fake_cuda_driver REMAT_FAKE_CUDA_PTX=%t.o0.ptx remat-run %s --entry=f --target=gpu --print=0 --opt-level=0 > /dev/null
// RUN: FileCheck %s --check-prefix=PTX-O0 --input-file=%t.o0.ptx
// RUN: env REMAT_CUDA_DRIVER=%fake_cuda_driver REMAT_FAKE_CUDA_PTX=%t.default.ptx REMAT_RUN_OPTIONS= remat-run %s --entry=f --target=gpu --print=0 > /dev/null
// RUN: FileCheck %s --check-prefix=PTX-DEFAULT --input-file=%t.default.ptx
// RUN: remat-opt %remat_src_root/examples/mlp.mlir -remat-autodiff -remat-rematerialize="budget=80%% functions=mlp_grad" -o %t.step.mlir
// RUN: env REMAT_CUDA_DRIVER=%fake_cuda_driver REMAT_FAKE_CUDA_LOG=1 remat-run %t.step.mlir --target=gpu --print=0 --repeat=2 2>&1 | FileCheck %s --check-prefix=STEP

// CHECK: @f from {{.*}} (lowered with remat-lower-gpu, run on the GPU; times include the copies)
// CHECK-NEXT: output 0: tensor<64x64xf32>
// CHECK-NEXT: output 1: tensor<f32>
// Arguments x and w, the matmul and tanh results (16 KiB each) at once.
// CHECK: memory: measured peak 65536 B
// CHECK: fake-cuda: {{[1-9][0-9]*}} module(s) loaded from PTX, {{[1-9][0-9]*}} kernel launch(es), 0 B live at exit, 0 bad free(s)

// COLUMNS: fake-cuda: {{[0-9]+}} module(s) loaded from PTX, 2 kernel launch(es), 0 B live at exit, 0 bad free(s)

// PTX-O0: .entry f_kernel
// PTX-O0-NOT: {{(ld|st)\.global}}
// PTX-DEFAULT: .entry f_kernel
// PTX-DEFAULT: st.global

// STEP: @mlp_grad from {{.*}} (lowered with remat-lower-gpu
// STEP: output 4: tensor<512x512xf32>
// STEP: memory: measured peak {{[1-9][0-9]*}} B
// STEP: fake-cuda: {{[1-9][0-9]*}} module(s) loaded from PTX, {{[1-9][0-9]*}} kernel launch(es), 0 B live at exit, 0 bad free(s)

func.func @f(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<f32>) {
  %m = remat.matmul %x, %w : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %t = remat.tanh %m : tensor<64x64xf32>
  %l = remat.reduce_sum %t dims [0, 1] : tensor<64x64xf32> -> tensor<f32>
  return %t, %l : tensor<64x64xf32>, tensor<f32>
}

func.func @column_sums(%x: tensor<1024x64xf32>) -> tensor<64xf32> {
  %s = remat.reduce_sum %x dims [0] : tensor<1024x64xf32> -> tensor<64xf32>
  return %s : tensor<64xf32>
}
