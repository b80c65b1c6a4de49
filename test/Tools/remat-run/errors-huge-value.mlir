// A value larger than the runner's per-tensor limit (1 TiB) anywhere in the
// module is refused on its op before anything is lowered: compiling a 4 TiB
// splat constant made LLVM abort on the allocation, and a result too large
// to allocate cannot be returned. (Arguments over the limit:
// errors-limits.mlir.)
// RUN: split-file %s %t
// RUN: not remat-run %t/constant.mlir 2>&1 | FileCheck %s --check-prefix=CONSTANT
// RUN: not remat-run %t/huge-result.mlir 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not remat-run %t/overflow-result.mlir 2>&1 | FileCheck %s --check-prefix=OVERFLOW

// CONSTANT: constant.mlir:2:8: error: remat-run cannot run a value of type 'tensor<1099511627776xf32>': it is larger than the runner's limit of 1099511627776 B (1 TiB) per tensor
// CONSTANT: remat-run: cannot run
// HUGE: huge-result.mlir:2:8: error: remat-run cannot run a value of type 'tensor<1099511627776xf32>': it is larger than the runner's limit of 1099511627776 B (1 TiB) per tensor
// OVERFLOW: overflow-result.mlir:2:8: error: remat-run cannot run a value of type 'tensor<4611686018427387904xf32>': it is larger than the runner's limit of 1099511627776 B (1 TiB) per tensor

//--- constant.mlir
func.func @f() -> tensor<f32> {
  %c = remat.constant dense<1.0> : tensor<1099511627776xf32>
  %s = remat.reduce_sum %c dims [0] : tensor<1099511627776xf32> -> tensor<f32>
  return %s : tensor<f32>
}

//--- huge-result.mlir
func.func @huge_result() -> tensor<1099511627776xf32> {
  %0 = tensor.empty() : tensor<1099511627776xf32>
  return %0 : tensor<1099511627776xf32>
}

//--- overflow-result.mlir
func.func @overflow_result() -> tensor<4611686018427387904xf32> {
  %0 = tensor.empty() : tensor<4611686018427387904xf32>
  return %0 : tensor<4611686018427387904xf32>
}
