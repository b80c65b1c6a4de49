// What remat-run refuses instead of crashing: tensors whose size in bytes
// does not fit in 64 bits or is over the runner's limit of 1 TiB per tensor,
// gradient functions whose primal, remat.wrt or results do not match, and
// option values that would hang or make a check meaningless. Every case
// fails before anything is lowered or allocated. errors-output.mlir has
// planned byte counts and output files that cannot be written.

// Sizes: 4 * 2^62 bytes overflow int64; 4 TiB is over the limit. (Values
// computed inside the module: errors-huge-value.mlir.)
// RUN: not remat-run %s --entry=overflow 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// RUN: not remat-run %s --entry=huge 2>&1 | FileCheck %s --check-prefix=HUGE
// OVERFLOW: error: remat-run cannot pass argument #0 of type 'tensor<4611686018427387904xf32>': its size in bytes does not fit in 64 bits
// OVERFLOW: remat-run: unsupported signature of @overflow
// HUGE: remat-run: argument #0 of @huge: tensor<1099511627776xf32> takes 4398046511104 B, more than the runner's limit of 1099511627776 B (1 TiB) per tensor

// --check-gradients with a hand-written pair that does not match.
// RUN: not remat-run %s --entry=wrt_99_grad --check-gradients 2>&1 | FileCheck %s --check-prefix=WRT99
// RUN: not remat-run %s --entry=wrt_negative_grad --check-gradients 2>&1 | FileCheck %s --check-prefix=WRTNEG
// RUN: not remat-run %s --entry=wrt_int_grad --check-gradients 2>&1 | FileCheck %s --check-prefix=WRTINT
// RUN: not remat-run %s --entry=wrt_empty_grad --check-gradients 2>&1 | FileCheck %s --check-prefix=WRTEMPTY
// RUN: not remat-run %s --entry=mismatch_grad --check-gradients 2>&1 | FileCheck %s --check-prefix=MISMATCH
// RUN: not remat-run %s --entry=declaration_grad --check-gradients 2>&1 | FileCheck %s --check-prefix=DECLARATION
// RUN: not remat-run %s --entry=nothing_grad --check-gradients 2>&1 | FileCheck %s --check-prefix=NOTHING
// RUN: not remat-run %s --entry=vector_loss_grad --check-gradients 2>&1 | FileCheck %s --check-prefix=VECTOR
// RUN: not remat-run %s --entry=count_grad --check-gradients 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not remat-run %s --entry=shape_grad --check-gradients 2>&1 | FileCheck %s --check-prefix=SHAPE
// WRT99: remat-run: --check-gradients: remat.wrt of @wrt_99_grad names argument 99, but @loss takes 1 argument{{$}}
// WRTNEG: remat-run: --check-gradients: remat.wrt of @wrt_negative_grad names argument -1, but @loss takes 1 argument{{$}}
// WRTINT: remat-run: --check-gradients: remat.wrt of @wrt_int_grad names argument 1 of @loss_ids, of type tensor<4xi32>: expected a tensor of f32, f16 or bf16
// WRTEMPTY: remat-run: --check-gradients: remat.wrt of @wrt_empty_grad names argument 0 of @with_empty, of type tensor<0xf32>, which has no elements to check
// MISMATCH: remat-run: --check-gradients: @mismatch_grad takes (tensor<4xf32>, tensor<4xf32>) but its primal @loss takes (tensor<4xf32>): expected the same arguments
// DECLARATION: remat-run: --check-gradients: the primal @declaration of @declaration_grad is a declaration without a body
// NOTHING: remat-run: --check-gradients: the primal @nothing returns nothing: expected the loss first, a 0-d tensor of f32, f16 or bf16
// VECTOR: remat-run: --check-gradients: the primal @vector_loss returns tensor<4xf32> first: expected the loss, a 0-d tensor of f32, f16 or bf16
// COUNT: remat-run: --check-gradients: @count_grad returns 1 values; expected the loss and 1 gradients
// SHAPE: remat-run: --check-gradients: @shape_grad returns tensor<2xf32> as the gradient of argument 0, of type tensor<4xf32>

// Options: an explicit --check-memory must be a finite fraction >= 0 (only
// the default, -1, means no check); --opt-level is LLVM's 0 to 3, also
// when it comes from REMAT_RUN_OPTIONS; --repeat stops at a million. The
// gradient check's options are bounded so that it checks something and a
// wrong gradient cannot pass: 1 to 10000 directions (0 checked nothing), 0
// to 10000 coordinates, a step in (0, 0.1] (1e308 stepped out of any
// linear range), a tolerance in (0, 0.5] and a floor in [0, 1e-3].
// RUN: not remat-run %s --entry=loss --check-memory=-1 2>&1 | FileCheck %s --check-prefix=MEMNEG
// RUN: not remat-run %s --entry=loss --check-memory=nan 2>&1 | FileCheck %s --check-prefix=MEMNAN
// RUN: not remat-run %s --entry=loss --opt-level=4 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: env REMAT_RUN_OPTIONS=--opt-level=4 not remat-run %s --entry=loss 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: env REMAT_RUN_OPTIONS=--opt-level=x not remat-run %s --entry=loss 2>&1 | FileCheck %s --check-prefix=OPT-X
// RUN: not remat-run %s --entry=loss --repeat=4294967295 2>&1 | FileCheck %s --check-prefix=REPEAT
// RUN: not remat-run %s --entry=loss --fd-samples=4294967295 2>&1 | FileCheck %s --check-prefix=SAMPLES
// RUN: not remat-run %s --entry=loss --fd-samples=0 2>&1 | FileCheck %s --check-prefix=SAMPLES0
// RUN: not remat-run %s --entry=loss --fd-coordinates=10001 2>&1 | FileCheck %s --check-prefix=COORDINATES
// RUN: not remat-run %s --entry=loss --fd-epsilon=0 2>&1 | FileCheck %s --check-prefix=EPSILON
// RUN: not remat-run %s --entry=loss --fd-epsilon=1e308 2>&1 | FileCheck %s --check-prefix=EPSILON-HUGE
// RUN: not remat-run %s --entry=loss --fd-epsilon=nan 2>&1 | FileCheck %s --check-prefix=EPSILON-NAN
// RUN: not remat-run %s --entry=loss --fd-rtol=-1 2>&1 | FileCheck %s --check-prefix=RTOL
// RUN: not remat-run %s --entry=loss --fd-rtol=0 2>&1 | FileCheck %s --check-prefix=RTOL0
// RUN: not remat-run %s --entry=loss --fd-rtol=1 2>&1 | FileCheck %s --check-prefix=RTOL1
// RUN: not remat-run %s --entry=loss --fd-atol=1e-2 2>&1 | FileCheck %s --check-prefix=ATOL
// RUN: not remat-run %s --entry=loss --fd-atol=-1e-9 2>&1 | FileCheck %s --check-prefix=ATOLNEG
// MEMNEG: remat-run: --check-memory=-1 is not a tolerance: expected a fraction >= 0 (e.g. 0.05)
// MEMNAN: remat-run: --check-memory=nan is not a tolerance: expected a fraction >= 0 (e.g. 0.05)
// OPT: remat-run: --opt-level=4 is not an optimization level: expected 0, 1, 2 or 3{{$}}
// OPT-X: remat-run{{.*}}: for the --opt-level option: 'x' value invalid for uint argument!
// REPEAT: remat-run: --repeat=4294967295 is more than 1000000 runs
// SAMPLES: remat-run: --fd-samples=4294967295 is not a number of directions: expected 1 to 10000{{$}}
// SAMPLES0: remat-run: --fd-samples=0 is not a number of directions: expected 1 to 10000{{$}}
// COORDINATES: remat-run: --fd-coordinates=10001 is more than 10000 coordinates per argument{{$}}
// EPSILON: remat-run: --fd-epsilon=0 is not a step: expected a number in (0, 0.1]{{$}}
// EPSILON-HUGE: remat-run: --fd-epsilon=1e+308 is not a step: expected a number in (0, 0.1]{{$}}
// EPSILON-NAN: remat-run: --fd-epsilon=nan is not a step: expected a number in (0, 0.1]{{$}}
// RTOL: remat-run: --fd-rtol=-1 is not a tolerance: expected a number in (0, 0.5]{{$}}
// RTOL0: remat-run: --fd-rtol=0 is not a tolerance: expected a number in (0, 0.5]{{$}}
// RTOL1: remat-run: --fd-rtol=1 is not a tolerance: expected a number in (0, 0.5]{{$}}
// ATOL: remat-run: --fd-atol=0.01 is not a floor: expected a number in [0, 0.001]{{$}}
// ATOLNEG: remat-run: --fd-atol=-1e-09 is not a floor: expected a number in [0, 0.001]{{$}}

func.func @overflow(%x: tensor<4611686018427387904xf32>) -> tensor<4611686018427387904xf32> {
  return %x : tensor<4611686018427387904xf32>
}

func.func @huge(%x: tensor<1099511627776xf32>) -> tensor<1099511627776xf32> {
  return %x : tensor<1099511627776xf32>
}

func.func @loss(%x: tensor<4xf32>) -> tensor<f32> {
  %m = remat.mse %x, %x : tensor<4xf32> -> tensor<f32>
  return %m : tensor<f32>
}

func.func @wrt_99_grad(%x: tensor<4xf32>) -> (tensor<f32>, tensor<4xf32>) attributes {remat.primal = @loss, remat.wrt = array<i64: 99>} {
  %m = remat.mse %x, %x : tensor<4xf32> -> tensor<f32>
  return %m, %x : tensor<f32>, tensor<4xf32>
}

func.func @wrt_negative_grad(%x: tensor<4xf32>) -> (tensor<f32>, tensor<4xf32>) attributes {remat.primal = @loss, remat.wrt = array<i64: -1>} {
  %m = remat.mse %x, %x : tensor<4xf32> -> tensor<f32>
  return %m, %x : tensor<f32>, tensor<4xf32>
}

func.func @loss_ids(%x: tensor<4xf32>, %ids: tensor<4xi32>) -> tensor<f32> {
  %m = remat.mse %x, %x : tensor<4xf32> -> tensor<f32>
  return %m : tensor<f32>
}

func.func @wrt_int_grad(%x: tensor<4xf32>, %ids: tensor<4xi32>) -> (tensor<f32>, tensor<4xi32>) attributes {remat.primal = @loss_ids, remat.wrt = array<i64: 1>} {
  %m = remat.mse %x, %x : tensor<4xf32> -> tensor<f32>
  return %m, %ids : tensor<f32>, tensor<4xi32>
}

func.func @with_empty(%z: tensor<0xf32>, %x: tensor<4xf32>) -> tensor<f32> {
  %m = remat.mse %x, %x : tensor<4xf32> -> tensor<f32>
  return %m : tensor<f32>
}

func.func @wrt_empty_grad(%z: tensor<0xf32>, %x: tensor<4xf32>) -> (tensor<f32>, tensor<0xf32>) attributes {remat.primal = @with_empty, remat.wrt = array<i64: 0>} {
  %m = remat.mse %x, %x : tensor<4xf32> -> tensor<f32>
  return %m, %z : tensor<f32>, tensor<0xf32>
}

func.func @mismatch_grad(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<f32>, tensor<4xf32>) attributes {remat.primal = @loss, remat.wrt = array<i64: 0>} {
  %m = remat.mse %x, %y : tensor<4xf32> -> tensor<f32>
  return %m, %x : tensor<f32>, tensor<4xf32>
}

func.func private @declaration(%x: tensor<4xf32>) -> tensor<f32>

func.func @declaration_grad(%x: tensor<4xf32>) -> (tensor<f32>, tensor<4xf32>) attributes {remat.primal = @declaration, remat.wrt = array<i64: 0>} {
  %m = remat.mse %x, %x : tensor<4xf32> -> tensor<f32>
  return %m, %x : tensor<f32>, tensor<4xf32>
}

func.func @nothing(%x: tensor<4xf32>) {
  return
}

func.func @nothing_grad(%x: tensor<4xf32>) -> (tensor<f32>, tensor<4xf32>) attributes {remat.primal = @nothing, remat.wrt = array<i64: 0>} {
  %m = remat.mse %x, %x : tensor<4xf32> -> tensor<f32>
  return %m, %x : tensor<f32>, tensor<4xf32>
}

func.func @vector_loss(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

func.func @vector_loss_grad(%x: tensor<4xf32>) -> (tensor<f32>, tensor<4xf32>) attributes {remat.primal = @vector_loss, remat.wrt = array<i64: 0>} {
  %m = remat.mse %x, %x : tensor<4xf32> -> tensor<f32>
  return %m, %x : tensor<f32>, tensor<4xf32>
}

func.func @count_grad(%x: tensor<4xf32>) -> tensor<f32> attributes {remat.primal = @loss, remat.wrt = array<i64: 0>} {
  %m = remat.mse %x, %x : tensor<4xf32> -> tensor<f32>
  return %m : tensor<f32>
}

func.func @shape_grad(%x: tensor<4xf32>) -> (tensor<f32>, tensor<2xf32>) attributes {remat.primal = @loss, remat.wrt = array<i64: 0>} {
  %m = remat.mse %x, %x : tensor<4xf32> -> tensor<f32>
  %g = tensor.empty() : tensor<2xf32>
  return %m, %g : tensor<f32>, tensor<2xf32>
}
