// remat-lower-gpu: each linalg op becomes a kernel over a grid of 16 x 16
// thread blocks, the host allocates device memory and launches the kernels
// on one stream through MLIR's mgpu* functions, and the kernels are
// serialized for the chip (PTX with format=isa, the default).
// RUN: remat-opt %s -remat-lower-gpu | FileCheck %s
// RUN: remat-opt %s -remat-lower-gpu="chip=sm_80" | FileCheck %s --check-prefix=SM80
// The kernels' optimization level reaches NVVM's target (2, the default,
// is not printed).
// RUN: remat-opt %s -remat-lower-gpu="opt-level=0" | FileCheck %s --check-prefix=O0
// RUN: remat-opt %s -remat-lower-gpu="opt-level=3" | FileCheck %s --check-prefix=O3

// CHECK-LABEL: llvm.func @f(
// CHECK:         llvm.call @mgpuStreamCreate
// CHECK:         llvm.call @mgpuMemAlloc
// CHECK:         gpu.launch_func <%{{.*}} : !llvm.ptr> @f_kernel::@f_kernel blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}})
// CHECK:         llvm.call @mgpuMemFree
// CHECK:         llvm.call @mgpuStreamSynchronize
// CHECK: gpu.binary @f_kernel {{ *}}[#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx80">, {{.*}}assembly = "{{.*}}.target sm_90
// SM80: #nvvm.target<chip = "sm_80", features = "+ptx70">
// O0: gpu.binary @f_kernel {{ *}}[#gpu.object<#nvvm.target<O = 0, chip = "sm_90", features = "+ptx80">
// O3: gpu.binary @f_kernel {{ *}}[#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">
func.func @f(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %m = remat.matmul %x, %w : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %t = remat.tanh %m : tensor<64x64xf32>
  %r = remat.relu %t : tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
