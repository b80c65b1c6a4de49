// What remat-run refuses with --target: an unknown target; with gpu, the
// options only the CPU path has (rather than ignoring them) and, where no
// NVIDIA GPU can be used, the run itself, saying why (REMAT_CUDA_DRIVER
// names a driver that does not exist, so this holds on any machine).
// RUN: not remat-run %s --target=tpu 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not remat-run %s --target=gpu --emit-object=%t.o 2>&1 | FileCheck %s --check-prefix=OBJECT
// RUN: not remat-run %s --target=gpu --check-memory=0.05 2>&1 | FileCheck %s --check-prefix=MEMORY
// RUN: not remat-run %s --target=gpu --no-vectorize 2>&1 | FileCheck %s --check-prefix=VECTORIZE
// RUN: not env REMAT_CUDA_DRIVER=/nonexistent/libcuda.so.1 remat-run %s --target=gpu 2>&1 | FileCheck %s --check-prefix=NODEVICE

// UNKNOWN: remat-run: --target=tpu is not a target: expected cpu or gpu
// OBJECT: remat-run: --emit-object does not apply to --target=gpu: objects are written for the host CPU
// MEMORY: remat-run: --check-memory does not apply to --target=gpu: plans are made for the CPU's memory model (no GPU memory model exists yet), so a device peak cannot be compared with one
// VECTORIZE: remat-run: --no-vectorize does not apply to --target=gpu: it selects the CPU's plain loops
// NODEVICE: remat-run: --target=gpu: no NVIDIA GPU can be used: cannot load the CUDA driver /nonexistent/libcuda.so.1

func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %c = remat.add %a, %b : tensor<4xf32>
  return %c : tensor<4xf32>
}
