// At a large step a central difference is off by the loss's curvature: for
// mean((exp(3x) - t)^2) a step of 0.1 puts it several percent above the
// derivative, more than the tolerance of 1%. --check-gradients then
// extrapolates from the steps h and h/2 (Richardson: (4 D(h/2) - D(h)) / 3
// cancels the h^2 term), which the right gradient meets; a gradient 7% off
// still fails, at either step.
// RUN: remat-run %s --entry=right_grad --check-gradients --fd-epsilon=0.1 | FileCheck %s --check-prefix=RIGHT
// RUN: remat-run %s --entry=right_grad --check-gradients --fd-epsilon=0.01 | FileCheck %s --check-prefix=SMALL
// RUN: not remat-run %s --entry=low_grad --check-gradients --fd-epsilon=0.1 | FileCheck %s --check-prefix=LOW
// RUN: not remat-run %s --entry=low_grad --check-gradients --fd-epsilon=0.01 | FileCheck %s --check-prefix=LOW
// RIGHT: gradient check @right_grad wrt 0: PASSED (directional rel err {{.*}} <= tol 0.01 over 4 directions, elementwise rel err {{.*}} over 8 coordinates; Richardson-extrapolated from steps 0.1 and 0.05 where needed)
// SMALL: gradient check @right_grad wrt 0: PASSED (directional rel err {{.*}} <= tol 0.01 over 4 directions, elementwise rel err {{.*}} over 8 coordinates){{$}}
// LOW: gradient check @low_grad wrt 0: FAILED (directional rel err {{.*}} > tol 0.01 in direction {{[1-4]}}, the worst of 4:

// A loss that is not smooth on the scale of the step, tanh(30 x): a step of
// 0.1 crosses the whole turn of the tanh. Extrapolated from 0.1 and 0.05,
// then from 0.05 and 0.025, the differences disagree: they do not
// converge, and the check says it cannot resolve the gradient (not that
// the gradient is wrong); at 0.001 the same gradient passes.
// RUN: not remat-run %s --entry=sharp_grad --check-gradients --fd-epsilon=0.1 | FileCheck %s --check-prefix=SHARP
// RUN: remat-run %s --entry=sharp_grad --check-gradients --fd-epsilon=0.001 | FileCheck %s --check-prefix=SHARP-SMALL
// SHARP: gradient check @sharp_grad wrt 0: FAILED (finite differences cannot resolve the gradient in direction {{[1-4]}} of 4: they do not converge (extrapolated from steps 0.1 and 0.05 they give {{.*}} per unit step, from 0.05 and 0.025 {{.*}}; the gradient {{.*}}): the loss is not smooth on the scale of the step; take a smaller --fd-epsilon)
// SHARP-SMALL: gradient check @sharp_grad wrt 0: PASSED

func.func @f(%x: tensor<2x3xf32>, %t: tensor<2x3xf32>) -> tensor<f32> {
  %s = remat.scale %x, 3.0 : tensor<2x3xf32>
  %e = remat.exp %s : tensor<2x3xf32>
  %l = remat.mse %e, %t : tensor<2x3xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// d/dx mean((e - t)^2), e = exp(3x): 2/6 (e - t) 3 e = (e - t) e.
func.func @right_grad(%x: tensor<2x3xf32>, %t: tensor<2x3xf32>) -> (tensor<f32>, tensor<2x3xf32>) attributes {remat.primal = @f, remat.wrt = array<i64: 0>} {
  %s = remat.scale %x, 3.0 : tensor<2x3xf32>
  %e = remat.exp %s : tensor<2x3xf32>
  %l = remat.mse %e, %t : tensor<2x3xf32> -> tensor<f32>
  %d = remat.sub %e, %t : tensor<2x3xf32>
  %g = remat.mul %d, %e : tensor<2x3xf32>
  return %l, %g : tensor<f32>, tensor<2x3xf32>
}

func.func @low_grad(%x: tensor<2x3xf32>, %t: tensor<2x3xf32>) -> (tensor<f32>, tensor<2x3xf32>) attributes {remat.primal = @f, remat.wrt = array<i64: 0>} {
  %s = remat.scale %x, 3.0 : tensor<2x3xf32>
  %e = remat.exp %s : tensor<2x3xf32>
  %l = remat.mse %e, %t : tensor<2x3xf32> -> tensor<f32>
  %d = remat.sub %e, %t : tensor<2x3xf32>
  %m = remat.mul %d, %e : tensor<2x3xf32>
  %g = remat.scale %m, 0.93 : tensor<2x3xf32>
  return %l, %g : tensor<f32>, tensor<2x3xf32>
}

func.func @sharp(%x: tensor<4x4xf32>, %t: tensor<4x4xf32>) -> tensor<f32> {
  %s = remat.scale %x, 30.0 : tensor<4x4xf32>
  %e = remat.tanh %s : tensor<4x4xf32>
  %l = remat.mse %e, %t : tensor<4x4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// d/dx mean((e - t)^2), e = tanh(30x): 2/16 (e - t) 30 (1 - e^2).
func.func @sharp_grad(%x: tensor<4x4xf32>, %t: tensor<4x4xf32>) -> (tensor<f32>, tensor<4x4xf32>) attributes {remat.primal = @sharp, remat.wrt = array<i64: 0>} {
  %s = remat.scale %x, 30.0 : tensor<4x4xf32>
  %e = remat.tanh %s : tensor<4x4xf32>
  %l = remat.mse %e, %t : tensor<4x4xf32> -> tensor<f32>
  %d = remat.sub %e, %t : tensor<4x4xf32>
  %e2 = remat.mul %e, %e : tensor<4x4xf32>
  %n = remat.neg %e2 : tensor<4x4xf32>
  %one = remat.constant dense<1.0> : tensor<4x4xf32>
  %w = remat.add %one, %n : tensor<4x4xf32>
  %m = remat.mul %d, %w : tensor<4x4xf32>
  %g = remat.scale %m, 3.75 : tensor<4x4xf32>
  return %l, %g : tensor<f32>, tensor<4x4xf32>
}
