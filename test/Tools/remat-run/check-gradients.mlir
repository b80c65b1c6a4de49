// --check-gradients fails on wrong gradients, whatever their size. @f is
// 1e-6 * sum(x * x * r), so its gradient 2e-6 x r is tiny (an absolute
// tolerance would pass any of them); each @*_grad below is written by hand:
// the right gradient, and the same zeroed, negated, halved, permuted (rows
// rotated by one), doubled only on one element, and NaN. @g is the same
// loss without the 1e-6.
// RUN: remat-run %s --entry=right_grad --check-gradients | FileCheck %s --check-prefix=RIGHT
// RUN: remat-run %s --entry=right_large_grad --check-gradients | FileCheck %s --check-prefix=RIGHT-LARGE
// RUN: not remat-run %s --entry=zeroed_grad --check-gradients | FileCheck %s --check-prefix=ZEROED
// RUN: not remat-run %s --entry=negated_grad --check-gradients | FileCheck %s --check-prefix=NEGATED
// RUN: not remat-run %s --entry=halved_grad --check-gradients | FileCheck %s --check-prefix=HALVED
// RUN: not remat-run %s --entry=permuted_grad --check-gradients | FileCheck %s --check-prefix=PERMUTED
// RUN: not remat-run %s --entry=nan_grad --check-gradients | FileCheck %s --check-prefix=NAN
// RUN: not remat-run %s --entry=inf_loss_grad --check-gradients | FileCheck %s --check-prefix=INF-LOSS

// The right gradient passes with an error far below the tolerance (the
// exact figure depends on rounding: checked to be below 1e-3).
// RIGHT: gradient check @right_grad wrt 0: PASSED (directional rel err {{[0-9.]+}}e-{{0[4-9]|1[0-9]}} <= tol 0.01 over 4 directions, elementwise rel err {{[0-9.]+}}e-{{0[4-9]|1[0-9]}} over 8 coordinates)
// RIGHT-LARGE: gradient check @right_large_grad wrt 0: PASSED (directional rel err {{[0-9.]+}}e-{{0[4-9]|1[0-9]}} <= tol 0.01 over 4 directions, elementwise rel err {{[0-9.]+}}e-{{0[4-9]|1[0-9]}} over 8 coordinates)

// The wrong ones fail with the worst of the 4 directions (a relative error
// of about 1, 2, 0.5 and ~1.4, by which the gradient is off relative to its
// norm), NaN before any comparison.
// ZEROED: gradient check @zeroed_grad wrt 0: FAILED (directional rel err {{[0-9.]+}}e{{[-+][0-9]+}} > tol 0.01 in direction {{[1-4]}}, the worst of 4: finite difference {{.*}}, gradient 0 per unit step, |g| 0)
// NEGATED: gradient check @negated_grad wrt 0: FAILED (directional rel err {{[0-9.]+}}e{{[-+][0-9]+}} > tol 0.01 in direction {{[1-4]}}, the worst of 4:
// HALVED: gradient check @halved_grad wrt 0: FAILED (directional rel err {{[0-9.]+}}e{{[-+][0-9]+}} > tol 0.01 in direction {{[1-4]}}, the worst of 4:
// PERMUTED: gradient check @permuted_grad wrt 0: FAILED (directional rel err {{[0-9.]+}}e{{[-+][0-9]+}} > tol 0.01 in direction {{[1-4]}}, the worst of 4:
// NAN: gradient check @nan_grad wrt 0: FAILED (gradient element 0 of 36 is nan)
// INF-LOSS: gradient check @inf_loss_grad wrt 0: FAILED (the loss is inf at x + 0.01 v in direction 1 of 4)

// A gradient finite differences cannot see: 1 + 1e-8 sum(x r) in f32 moves
// by less than its rounding. The (right) gradient is not passed unchecked.
// RUN: not remat-run %s --entry=unresolved_grad --check-gradients | FileCheck %s --check-prefix=UNRESOLVED
// UNRESOLVED: gradient check @unresolved_grad wrt 0: FAILED (finite differences cannot resolve the gradient in direction 1 of 4: the loss's rounding {{.*}} is more than tol 0.01 times the change {{.*}} it is measured by; take a larger --fd-epsilon)

// A step below the element type's resolution at x is no step at all.
// RUN: not remat-run %s --entry=right_large_grad --check-gradients --fd-epsilon=1e-12 | FileCheck %s --check-prefix=NO-STEP
// NO-STEP: gradient check @right_large_grad wrt 0: FAILED (the step 1e-12 rounds to nothing in f32 in direction 1 of 4){{$}}

// With --fd-samples=1 and no coordinates, one direction decides; with
// another --seed, other directions.
// RUN: remat-run %s --entry=right_grad --check-gradients --fd-samples=1 --fd-coordinates=0 | FileCheck %s --check-prefix=ONE
// RUN: not remat-run %s --entry=halved_grad --check-gradients --fd-samples=1 --fd-coordinates=0 --seed=7 | FileCheck %s --check-prefix=ONE-HALVED
// ONE: gradient check @right_grad wrt 0: PASSED (directional rel err {{.*}} <= tol 0.01 over 1 direction){{$}}
// ONE-HALVED: gradient check @halved_grad wrt 0: FAILED (directional rel err {{.*}} > tol 0.01 in direction 1, the worst of 1:

// An explicit --fd-rtol replaces the default; a permuted gradient still fails
// under the loosest one allowed.
// RUN: remat-run %s --entry=right_grad --check-gradients --fd-rtol=1e-4 | FileCheck %s --check-prefix=TIGHT
// RUN: not remat-run %s --entry=permuted_grad --check-gradients --fd-rtol=0.5 | FileCheck %s --check-prefix=LOOSE
// TIGHT: gradient check @right_grad wrt 0: PASSED ({{.*}} <= tol 0.0001 over 4 directions,
// LOOSE: gradient check @permuted_grad wrt 0: FAILED (directional rel err {{.*}} > tol 0.5

func.func @f(%x: tensor<6x6xf32>, %r: tensor<6x6xf32>) -> tensor<f32> {
  %xx = remat.mul %x, %x : tensor<6x6xf32>
  %xxr = remat.mul %xx, %r : tensor<6x6xf32>
  %s = remat.reduce_sum %xxr dims [0, 1] : tensor<6x6xf32> -> tensor<f32>
  %l = remat.scale %s, 1.0e-06 : tensor<f32>
  return %l : tensor<f32>
}

func.func @right_grad(%x: tensor<6x6xf32>, %r: tensor<6x6xf32>) -> (tensor<f32>, tensor<6x6xf32>) attributes {remat.primal = @f, remat.wrt = array<i64: 0>} {
  %l = call @f(%x, %r) : (tensor<6x6xf32>, tensor<6x6xf32>) -> tensor<f32>
  %xr = remat.mul %x, %r : tensor<6x6xf32>
  %g = remat.scale %xr, 2.0e-06 : tensor<6x6xf32>
  return %l, %g : tensor<f32>, tensor<6x6xf32>
}

func.func @zeroed_grad(%x: tensor<6x6xf32>, %r: tensor<6x6xf32>) -> (tensor<f32>, tensor<6x6xf32>) attributes {remat.primal = @f, remat.wrt = array<i64: 0>} {
  %l = call @f(%x, %r) : (tensor<6x6xf32>, tensor<6x6xf32>) -> tensor<f32>
  %xr = remat.mul %x, %r : tensor<6x6xf32>
  %g = remat.scale %xr, 0.0 : tensor<6x6xf32>
  return %l, %g : tensor<f32>, tensor<6x6xf32>
}

func.func @negated_grad(%x: tensor<6x6xf32>, %r: tensor<6x6xf32>) -> (tensor<f32>, tensor<6x6xf32>) attributes {remat.primal = @f, remat.wrt = array<i64: 0>} {
  %l = call @f(%x, %r) : (tensor<6x6xf32>, tensor<6x6xf32>) -> tensor<f32>
  %xr = remat.mul %x, %r : tensor<6x6xf32>
  %g = remat.scale %xr, -2.0e-06 : tensor<6x6xf32>
  return %l, %g : tensor<f32>, tensor<6x6xf32>
}

func.func @halved_grad(%x: tensor<6x6xf32>, %r: tensor<6x6xf32>) -> (tensor<f32>, tensor<6x6xf32>) attributes {remat.primal = @f, remat.wrt = array<i64: 0>} {
  %l = call @f(%x, %r) : (tensor<6x6xf32>, tensor<6x6xf32>) -> tensor<f32>
  %xr = remat.mul %x, %r : tensor<6x6xf32>
  %g = remat.scale %xr, 1.0e-06 : tensor<6x6xf32>
  return %l, %g : tensor<f32>, tensor<6x6xf32>
}

func.func @permuted_grad(%x: tensor<6x6xf32>, %r: tensor<6x6xf32>) -> (tensor<f32>, tensor<6x6xf32>) attributes {remat.primal = @f, remat.wrt = array<i64: 0>} {
  %l = call @f(%x, %r) : (tensor<6x6xf32>, tensor<6x6xf32>) -> tensor<f32>
  %xr = remat.mul %x, %r : tensor<6x6xf32>
  %g = remat.scale %xr, 2.0e-06 : tensor<6x6xf32>
  %head = remat.slice %g start [0, 0] limit [1, 6] strides [1, 1] : tensor<6x6xf32> -> tensor<1x6xf32>
  %tail = remat.slice %g start [1, 0] limit [6, 6] strides [1, 1] : tensor<6x6xf32> -> tensor<5x6xf32>
  %p = remat.concat %tail, %head dim 0 : tensor<5x6xf32>, tensor<1x6xf32> -> tensor<6x6xf32>
  return %l, %p : tensor<f32>, tensor<6x6xf32>
}

func.func @nan_grad(%x: tensor<6x6xf32>, %r: tensor<6x6xf32>) -> (tensor<f32>, tensor<6x6xf32>) attributes {remat.primal = @f, remat.wrt = array<i64: 0>} {
  %l = call @f(%x, %r) : (tensor<6x6xf32>, tensor<6x6xf32>) -> tensor<f32>
  %e = remat.exp %x : tensor<6x6xf32>
  %n = remat.neg %e : tensor<6x6xf32>
  %g = remat.sqrt %n : tensor<6x6xf32>
  return %l, %g : tensor<f32>, tensor<6x6xf32>
}

func.func @g(%x: tensor<6x6xf32>, %r: tensor<6x6xf32>) -> tensor<f32> {
  %xx = remat.mul %x, %x : tensor<6x6xf32>
  %xxr = remat.mul %xx, %r : tensor<6x6xf32>
  %s = remat.reduce_sum %xxr dims [0, 1] : tensor<6x6xf32> -> tensor<f32>
  return %s : tensor<f32>
}

func.func @right_large_grad(%x: tensor<6x6xf32>, %r: tensor<6x6xf32>) -> (tensor<f32>, tensor<6x6xf32>) attributes {remat.primal = @g, remat.wrt = array<i64: 0>} {
  %l = call @g(%x, %r) : (tensor<6x6xf32>, tensor<6x6xf32>) -> tensor<f32>
  %xr = remat.mul %x, %r : tensor<6x6xf32>
  %g = remat.scale %xr, 2.0 : tensor<6x6xf32>
  return %l, %g : tensor<f32>, tensor<6x6xf32>
}

// A loss that overflows: exp(100 x) is inf for x > 0.89. The gradient
// returned is finite (and wrong): the loss is what fails.
func.func @h(%x: tensor<6x6xf32>, %r: tensor<6x6xf32>) -> tensor<f32> {
  %x100 = remat.scale %x, 100.0 : tensor<6x6xf32>
  %e = remat.exp %x100 : tensor<6x6xf32>
  %s = remat.reduce_sum %e dims [0, 1] : tensor<6x6xf32> -> tensor<f32>
  return %s : tensor<f32>
}

func.func @inf_loss_grad(%x: tensor<6x6xf32>, %r: tensor<6x6xf32>) -> (tensor<f32>, tensor<6x6xf32>) attributes {remat.primal = @h, remat.wrt = array<i64: 0>} {
  %l = call @h(%x, %r) : (tensor<6x6xf32>, tensor<6x6xf32>) -> tensor<f32>
  return %l, %r : tensor<f32>, tensor<6x6xf32>
}

func.func @u(%x: tensor<6x6xf32>, %r: tensor<6x6xf32>) -> tensor<f32> {
  %xr = remat.mul %x, %r : tensor<6x6xf32>
  %s = remat.reduce_sum %xr dims [0, 1] : tensor<6x6xf32> -> tensor<f32>
  %t = remat.scale %s, 1.0e-08 : tensor<f32>
  %one = remat.constant dense<1.0> : tensor<f32>
  %l = remat.add %t, %one : tensor<f32>
  return %l : tensor<f32>
}

func.func @unresolved_grad(%x: tensor<6x6xf32>, %r: tensor<6x6xf32>) -> (tensor<f32>, tensor<6x6xf32>) attributes {remat.primal = @u, remat.wrt = array<i64: 0>} {
  %l = call @u(%x, %r) : (tensor<6x6xf32>, tensor<6x6xf32>) -> tensor<f32>
  %g = remat.scale %r, 1.0e-08 : tensor<6x6xf32>
  return %l, %g : tensor<f32>, tensor<6x6xf32>
}
