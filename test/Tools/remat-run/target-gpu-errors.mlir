// What remat-run refuses with --target: an unknown target; with gpu, the
// options only the CPU path has (rather than ignoring them) and, where no
// NVIDIA GPU can be used, the run itself, saying why (REMAT_CUDA_DRIVER
// names a driver that does not exist, so this holds on any machine).
// --check-memory compares with a plan made for the target it runs on: a plan
// for the CPU checked on the GPU (with the CUDA-driver stand-in) is refused,
// naming the option that plans for the GPU, and a remat.planned_target that
// is not a string is an error on the function.
// RUN: not remat-run %s --target=tpu 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not remat-run %s --target=gpu --emit-object=%t.o 2>&1 | FileCheck %s --check-prefix=OBJECT
// RUN: remat-opt %s -remat-rematerialize=budget=100%% -o %t.cpu.mlir
// RUN: not env REMAT_CUDA_DRIVER=%fake_cuda_driver remat-run %t.cpu.mlir --target=gpu --check-memory=0.05 2>&1 | FileCheck %s --check-prefix=MEMORY
// RUN: env REMAT_CUDA_DRIVER=%fake_cuda_driver remat-run %t.cpu.mlir --target=gpu 2>&1 | FileCheck %s --check-prefix=PLANNED-FOR
// RUN: sed -e 's/remat.planned_target = "cpu"/remat.planned_target = 3 : i64/' %t.cpu.mlir > %t.bad.mlir
// RUN: not remat-run %t.bad.mlir 2>&1 | FileCheck %s --check-prefix=ATTRIBUTE
// RUN: not remat-run %s --target=gpu --no-vectorize 2>&1 | FileCheck %s --check-prefix=VECTORIZE
// RUN: not env REMAT_CUDA_DRIVER=/nonexistent/libcuda.so.1 remat-run %s --target=gpu 2>&1 | FileCheck %s --check-prefix=NODEVICE

// UNKNOWN: remat-run: --target=tpu is not a target: expected cpu or gpu
// OBJECT: remat-run: --emit-object does not apply to --target=gpu: objects are written for the host CPU
// MEMORY: remat-run: --check-memory: @add was planned for target=cpu (remat.planned_target) but runs with --target=gpu; plan it with remat-rematerialize target=gpu
// PLANNED-FOR: planned peak {{[0-9]+}} B ({{.*}}) for target=cpu, measured/planned
// ATTRIBUTE: error: 'remat.planned_target' must be a string (the target= remat-rematerialize planned for), got 3 : i64
// VECTORIZE: remat-run: --no-vectorize does not apply to --target=gpu: it selects the CPU's plain loops
// NODEVICE: remat-run: --target=gpu: no NVIDIA GPU can be used: cannot load the CUDA driver /nonexistent/libcuda.so.1

func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %c = remat.add %a, %b : tensor<4xf32>
  return %c : tensor<4xf32>
}
