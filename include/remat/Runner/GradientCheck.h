//===- GradientCheck.h - gradients against finite differences ---*- C++ -*-===//
//
// Checks the gradients a compiled @f_grad returns against central finite
// differences of the compiled @f. Per differentiated argument x with
// gradient g:
//
//  * directional: along K seeded random directions v (i.i.d. Gaussian
//    entries scaled to unit RMS), the central difference f(x+) - f(x-) with
//    x+- = x +- eps v, as stored (rounded to the element type), against
//    <g, d> with d = x+ - x- the step actually taken, in f64. The error is
//    relative to ||g|| rms(d) -- the typical size of <g, d> for a random
//    direction -- plus a floor, so that a gradient that is zeroed, scaled,
//    negated or permuted fails however small its entries are;
//  * elementwise: at a few sampled coordinates c, the central difference
//    along e_c against g[c], relative to max(|fd|, |g[c]|, rms(g)).
//
// Any non-finite gradient element or loss fails. A 16-bit primal is
// differentiated through an f32 copy of it (its reference), evaluated at the
// same (16-bit) point, so that the loss resolves the step.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_RUNNER_GRADIENTCHECK_H
#define REMAT_RUNNER_GRADIENTCHECK_H

#include "remat/Runner/Runner.h"
#include "llvm/Support/raw_ostream.h"

namespace remat {

/// Bounds of the options (remat-run refuses values outside them).
constexpr double kMaxFdEpsilon = 1e-1;
constexpr unsigned kMaxFdDirections = 10000;
constexpr unsigned kMaxFdCoordinates = 10000;

struct GradientCheckOptions {
  /// Step of the central difference: x +- epsilon v (v of unit RMS, so about
  /// epsilon per coordinate). In (0, kMaxFdEpsilon].
  double epsilon = 1e-2;
  /// Random directions per differentiated argument, >= 1.
  unsigned directions = 4;
  /// Coordinates checked one at a time per differentiated argument (0: no
  /// elementwise check).
  unsigned coordinates = 8;
  /// Pass when every relative error is <= rtol; unset: defaultTolerance()
  /// of the gradient's element type or of `computeKind`, the larger.
  std::optional<double> rtol;
  /// The least precise float type the primal computes in (sixteenBitKindIn).
  std::optional<ElementKind> computeKind;
  /// Floor added to the scale of an error, in units of the gradient (the
  /// loss's rounding is allowed for besides).
  double atol = 0;
  uint64_t seed = 0;
};

/// The default relative tolerance for gradients of `kind`: 1e-2 for f32,
/// 3e-2 for f16, 5e-2 for bf16 (the gradient is computed in that type).
double defaultTolerance(ElementKind kind);

/// What the check found, over all differentiated arguments.
struct GradientCheckResult {
  bool passed = true;
  /// The largest directional and elementwise relative errors seen.
  double maxDirectionalError = 0;
  double maxElementwiseError = 0;
};

/// Fails, with a message saying why, unless `grad` and `primal` can be
/// checked: `primal` returns the loss first (a 0-d float tensor), both take
/// the same arguments, every index of `wrt` names a float tensor argument
/// with at least one element, and `grad` returns the loss and one gradient
/// of each such argument's type. Allocates nothing.
llvm::Error checkGradientSignatures(const FunctionSignature &primal,
                                    const FunctionSignature &grad,
                                    llvm::ArrayRef<int64_t> wrt);

/// The 16-bit float type `primal` computes in, in its signature or in any
/// value of its body (bf16 when it has both), or nullopt when none: then the
/// check wants an f32 reference (makeF32Reference) and the tolerance of that
/// type (a bf16 model with an f32 loss resolves no finer than bf16).
std::optional<ElementKind> sixteenBitKindIn(mlir::func::FuncOp primal);

/// Adds to the module of `primal` a private copy of it with every f16 and
/// bf16 type (and constant) made f32, named `<primal>__f32_reference` (made
/// unique), and returns it; fails with a message when the copy does not
/// verify (an op that is not generic in its element type).
llvm::Expected<mlir::func::FuncOp>
makeF32Reference(mlir::func::FuncOp primal);

/// Calls `grad` once and the primal (or `reference`, its f32 copy, when
/// given) twice per direction and per coordinate. `wrt` lists the primal's
/// argument index of each gradient `grad` returns after the loss. Prints one
/// line per argument to `os`. Checks the signatures first
/// (checkGradientSignatures) and the sizes of their tensors
/// (checkTensorSizes).
llvm::Expected<GradientCheckResult>
checkGradients(CompiledModule &compiled, const FunctionSignature &primal,
               const FunctionSignature &grad, llvm::ArrayRef<int64_t> wrt,
               const GradientCheckOptions &options, llvm::raw_ostream &os,
               const FunctionSignature *reference = nullptr);

} // namespace remat

#endif // REMAT_RUNNER_GRADIENTCHECK_H
