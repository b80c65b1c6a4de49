//===- MathApproximation.h - transcendentals as polynomials -----*- C++ -*-===//
//
// Private to the pipelines: f32 exp, log, tanh, erf, sin and cos as polynomials
// in arithmetic, the same on every target (the CPU's vectorized kernels, the
// GPU's kernels), so that one op computes the same bits wherever it runs and no
// kernel calls a math library (libm per lane, libdevice).
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_PIPELINES_MATHAPPROXIMATION_H
#define REMAT_LIB_PIPELINES_MATHAPPROXIMATION_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

namespace remat {

/// Rewrites every math.exp, math.log, math.tanh, math.erf, math.sin and
/// math.cos nested in `root` as a polynomial approximation (MLIR's, within
/// a few ulp of libm; sin and cos reduce their argument by pi/2 in f32, so
/// their absolute error grows with |x|: about 1e-5 at |x| = 100),
/// f32 log arguments and exp results in the subnormal range through a
/// scaled path first (MLIR's alone reads log(1e-40) as log(2^-126) and
/// flushes subnormal exp results to 0).
mlir::LogicalResult approximateTranscendentals(mlir::Operation *root);

} // namespace remat

#endif // REMAT_LIB_PIPELINES_MATHAPPROXIMATION_H
