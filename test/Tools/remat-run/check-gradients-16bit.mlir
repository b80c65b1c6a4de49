// --check-gradients on 16-bit functions: finite differences are taken of an
// f32 copy of the primal, @<primal>__f32_reference, at the same 16-bit
// point; the 16-bit gradient is compared with the bf16 tolerance (5e-2).
// @f is mean((x * r)^2) in bf16; its gradient is 2 x r^2 / 36. Hand-written
// gradients: right, halved and permuted (rows rotated by one) fail.
// RUN: remat-run %s --entry=right_grad --check-gradients | FileCheck %s --check-prefix=RIGHT
// RUN: not remat-run %s --entry=halved_grad --check-gradients | FileCheck %s --check-prefix=HALVED
// RUN: not remat-run %s --entry=permuted_grad --check-gradients | FileCheck %s --check-prefix=PERMUTED
// RIGHT: gradient check @right_grad: finite differences of @f__f32_reference, the f32 copy of @f
// RIGHT-NEXT: gradient check @right_grad wrt 0: PASSED (directional rel err {{.*}} <= tol 0.05 over 4 directions,
// HALVED: gradient check @halved_grad wrt 0: FAILED (directional rel err {{.*}} > tol 0.05 in direction {{[0-9]}}, the worst of 4:
// PERMUTED: gradient check @permuted_grad wrt 0: FAILED (directional rel err {{.*}} > tol 0.05 in direction {{[0-9]}}, the worst of 4:

// A primal whose f32 copy does not verify (a bitcast of bf16 to i16 is one
// of f32 to i16 there): refused with the op's diagnostic, before lowering.
// RUN: not remat-run %s --entry=bitcast_grad --check-gradients 2>&1 | FileCheck %s --check-prefix=BITCAST
// BITCAST: remat-run: --check-gradients: cannot make an f32 copy of @bitcast to take finite differences of: 'arith.bitcast' op {{.*}}

// A primal that calls another function: the callee would stay 16-bit.
// RUN: not remat-run %s --entry=caller_grad --check-gradients 2>&1 | FileCheck %s --check-prefix=CALLER
// CALLER: remat-run: --check-gradients: cannot make an f32 copy of @caller to take finite differences of: it calls @f, which is not converted; inline it first{{$}}

func.func @f(%x: tensor<6x6xbf16>, %r: tensor<6x6xbf16>) -> tensor<bf16> {
  %xr = remat.mul %x, %r : tensor<6x6xbf16>
  %zero = remat.constant dense<0.0> : tensor<6x6xbf16>
  %l = remat.mse %xr, %zero : tensor<6x6xbf16> -> tensor<bf16>
  return %l : tensor<bf16>
}

func.func @right_grad(%x: tensor<6x6xbf16>, %r: tensor<6x6xbf16>) -> (tensor<bf16>, tensor<6x6xbf16>) attributes {remat.primal = @f, remat.wrt = array<i64: 0>} {
  %l = call @f(%x, %r) : (tensor<6x6xbf16>, tensor<6x6xbf16>) -> tensor<bf16>
  %xr = remat.mul %x, %r : tensor<6x6xbf16>
  %xrr = remat.mul %xr, %r : tensor<6x6xbf16>
  %g = remat.scale %xrr, 0.05555555555555555 : tensor<6x6xbf16>
  return %l, %g : tensor<bf16>, tensor<6x6xbf16>
}

func.func @halved_grad(%x: tensor<6x6xbf16>, %r: tensor<6x6xbf16>) -> (tensor<bf16>, tensor<6x6xbf16>) attributes {remat.primal = @f, remat.wrt = array<i64: 0>} {
  %l = call @f(%x, %r) : (tensor<6x6xbf16>, tensor<6x6xbf16>) -> tensor<bf16>
  %xr = remat.mul %x, %r : tensor<6x6xbf16>
  %xrr = remat.mul %xr, %r : tensor<6x6xbf16>
  %g = remat.scale %xrr, 0.027777777777777776 : tensor<6x6xbf16>
  return %l, %g : tensor<bf16>, tensor<6x6xbf16>
}

func.func @permuted_grad(%x: tensor<6x6xbf16>, %r: tensor<6x6xbf16>) -> (tensor<bf16>, tensor<6x6xbf16>) attributes {remat.primal = @f, remat.wrt = array<i64: 0>} {
  %l = call @f(%x, %r) : (tensor<6x6xbf16>, tensor<6x6xbf16>) -> tensor<bf16>
  %xr = remat.mul %x, %r : tensor<6x6xbf16>
  %xrr = remat.mul %xr, %r : tensor<6x6xbf16>
  %g = remat.scale %xrr, 0.05555555555555555 : tensor<6x6xbf16>
  %head = remat.slice %g start [0, 0] limit [1, 6] strides [1, 1] : tensor<6x6xbf16> -> tensor<1x6xbf16>
  %tail = remat.slice %g start [1, 0] limit [6, 6] strides [1, 1] : tensor<6x6xbf16> -> tensor<5x6xbf16>
  %p = remat.concat %tail, %head dim 0 : tensor<5x6xbf16>, tensor<1x6xbf16> -> tensor<6x6xbf16>
  return %l, %p : tensor<bf16>, tensor<6x6xbf16>
}

func.func @bitcast(%x: tensor<4xbf16>) -> tensor<bf16> {
  %i = arith.bitcast %x : tensor<4xbf16> to tensor<4xi16>
  %b = arith.bitcast %i : tensor<4xi16> to tensor<4xbf16>
  %l = remat.mse %b, %x : tensor<4xbf16> -> tensor<bf16>
  return %l : tensor<bf16>
}

func.func @bitcast_grad(%x: tensor<4xbf16>) -> (tensor<bf16>, tensor<4xbf16>) attributes {remat.primal = @bitcast, remat.wrt = array<i64: 0>} {
  %l = call @bitcast(%x) : (tensor<4xbf16>) -> tensor<bf16>
  return %l, %x : tensor<bf16>, tensor<4xbf16>
}

func.func @caller(%x: tensor<6x6xbf16>, %r: tensor<6x6xbf16>) -> tensor<bf16> {
  %l = call @f(%x, %r) : (tensor<6x6xbf16>, tensor<6x6xbf16>) -> tensor<bf16>
  return %l : tensor<bf16>
}

func.func @caller_grad(%x: tensor<6x6xbf16>, %r: tensor<6x6xbf16>) -> (tensor<bf16>, tensor<6x6xbf16>) attributes {remat.primal = @caller, remat.wrt = array<i64: 0>} {
  %l = call @f(%x, %r) : (tensor<6x6xbf16>, tensor<6x6xbf16>) -> tensor<bf16>
  return %l, %x : tensor<bf16>, tensor<6x6xbf16>
}
