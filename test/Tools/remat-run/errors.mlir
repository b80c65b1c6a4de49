// What remat-run refuses, with a message saying why (.npy inputs of the
// wrong dtype or shape: errors-npy.mlir).
// RUN: not remat-run %s --entry=nope 2>&1 | FileCheck %s --check-prefix=ENTRY
// RUN: not remat-run %s 2>&1 | FileCheck %s --check-prefix=AMBIGUOUS
// RUN: not remat-run %s --entry=dynamic 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// RUN: %python -c "open('%t.npy','wb').write(b'not numpy')"
// RUN: not remat-run %s --entry=add --inputs=%t.npy,%t.npy 2>&1 | FileCheck %s --check-prefix=NPY
// RUN: remat-run %s --entry=add --save-inputs=%t.in > /dev/null
// RUN: not remat-run %s --entry=add --inputs=%t.in0.npy 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not remat-run %s --entry=add --check-memory=0.05 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: not remat-run %s --entry=add --check-gradients 2>&1 | FileCheck %s --check-prefix=GRAD
// RUN: not remat-run %S/Inputs/bad-lowering.mlir 2>&1 | FileCheck %s --check-prefix=LOWER

// ENTRY: remat-run: no public function named 'nope' in {{.*}}errors.mlir (functions: @add, @dynamic)
// AMBIGUOUS: remat-run: the module has 2 public functions ({{.*}}): name one with --entry
// DYNAMIC: error: remat-run cannot pass argument #0 of type 'tensor<?xf32>': expected a statically shaped tensor of f32, f16, bf16, i32 or i64, or an i64 scalar
// NPY: remat-run: '{{.*}}.npy' is not a .npy file
// COUNT: remat-run: --inputs names 1 files but @add takes more tensors
// PLAN: remat-run: --check-memory: @add has no planned peak (run remat-rematerialize first)
// GRAD: remat-run: --check-gradients: @add is not a gradient function made by remat-autodiff (no remat.primal / remat.wrt attributes)
// LOWER: remat-run: {{.*}}bad-lowering.mlir failed to lower with remat-lower-cpu (see the errors above)

func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %c = remat.add %a, %b : tensor<4xf32>
  return %c : tensor<4xf32>
}

func.func @dynamic(%a: tensor<?xf32>) -> tensor<?xf32> {
  return %a : tensor<?xf32>
}
