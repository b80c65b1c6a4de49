//===- GradientCheck.h - gradients against finite differences ---*- C++ -*-===//
//
// Checks the gradients a compiled @f_grad returns against central finite
// differences of the compiled @f, at sampled coordinates of every
// differentiated argument.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_RUNNER_GRADIENTCHECK_H
#define REMAT_RUNNER_GRADIENTCHECK_H

#include "remat/Runner/Runner.h"
#include "llvm/Support/raw_ostream.h"

namespace remat {

struct GradientCheckOptions {
  /// Step of the central difference (x +- epsilon).
  double epsilon = 1e-2;
  /// Coordinates checked per differentiated argument.
  unsigned samples = 16;
  /// Pass when |fd - g| <= atol + rtol * max(|fd|, |g|).
  double rtol = 2e-2;
  double atol = 1e-3;
  uint64_t seed = 0;
};

/// What the check found, per differentiated argument.
struct GradientCheckResult {
  bool passed = true;
  double maxAbsError = 0;
  double maxRelError = 0;
};

/// Fails, with a message saying why, unless `grad` and `primal` can be
/// checked: `primal` returns the loss first (a 0-d float tensor), both take
/// the same arguments, every index of `wrt` names a float tensor argument
/// with at least one element, and `grad` returns the loss and one gradient
/// of each such argument's type. Allocates nothing.
llvm::Error checkGradientSignatures(const FunctionSignature &primal,
                                    const FunctionSignature &grad,
                                    llvm::ArrayRef<int64_t> wrt);

/// Calls `grad` once and `primal` twice per sampled coordinate. `wrt` lists
/// the primal's argument index of each gradient `grad` returns after the
/// loss. Prints one line per argument to `os`. Checks the signatures first
/// (checkGradientSignatures) and the sizes of their tensors
/// (checkTensorSizes).
llvm::Expected<GradientCheckResult>
checkGradients(CompiledModule &compiled, const FunctionSignature &primal,
               const FunctionSignature &grad, llvm::ArrayRef<int64_t> wrt,
               const GradientCheckOptions &options, llvm::raw_ostream &os);

} // namespace remat

#endif // REMAT_RUNNER_GRADIENTCHECK_H
