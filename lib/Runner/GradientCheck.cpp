//===- GradientCheck.cpp - gradients against finite differences -----------===//

#include "remat/Runner/GradientCheck.h"

#include "llvm/Support/Format.h"

#include <cmath>

using namespace remat;

/// The loss (a 0-d tensor) of one call of `primal` at `tensors`.
static llvm::Expected<double> lossAt(CompiledModule &compiled,
                                     const FunctionSignature &primal,
                                     llvm::MutableArrayRef<HostTensor> tensors,
                                     llvm::ArrayRef<int64_t> scalars) {
  std::vector<HostTensor> results;
  if (llvm::Error error = compiled.invoke(primal, tensors, scalars, results))
    return std::move(error);
  return results.front().at(0);
}

llvm::Expected<GradientCheckResult>
remat::checkGradients(CompiledModule &compiled, const FunctionSignature &primal,
                      const FunctionSignature &grad, llvm::ArrayRef<int64_t> wrt,
                      const GradientCheckOptions &options,
                      llvm::raw_ostream &os) {
  // Arguments, as remat-run makes them; tensorIndex maps argument -> tensor.
  std::vector<HostTensor> tensors;
  std::vector<int64_t> scalars, tensorIndex;
  for (auto [i, spec] : llvm::enumerate(primal.arguments)) {
    if (spec.scalar) {
      scalars.push_back(static_cast<int64_t>(options.seed));
      tensorIndex.push_back(-1);
      continue;
    }
    tensorIndex.push_back(static_cast<int64_t>(tensors.size()));
    HostTensor tensor(spec.kind, spec.shape);
    fillDeterministic(tensor, options.seed * 1000003 + i, spec.intBound);
    tensors.push_back(std::move(tensor));
  }
  std::vector<HostTensor> gradients;
  if (llvm::Error error = compiled.invoke(grad, tensors, scalars, gradients))
    return std::move(error);
  if (gradients.size() != wrt.size() + 1)
    return llvm::createStringError(
        "@%s returns %zu values; expected the loss and %zu gradients",
        grad.name.c_str(), gradients.size(), wrt.size());

  GradientCheckResult overall;
  uint64_t state = options.seed * 0x9E3779B97F4A7C15ULL + 12345;
  for (auto [k, argIndex] : llvm::enumerate(wrt)) {
    int64_t t = tensorIndex[argIndex];
    if (t < 0)
      return llvm::createStringError("argument %lld is not a tensor",
                                     static_cast<long long>(argIndex));
    HostTensor &x = tensors[t];
    const HostTensor &g = gradients[k + 1];
    double maxAbs = 0, maxRel = 0;
    bool passed = true;
    int64_t worst = -1;
    double worstFd = 0, worstG = 0;
    for (unsigned s = 0; s < options.samples; ++s) {
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      int64_t c = static_cast<int64_t>((state >> 33) %
                                       static_cast<uint64_t>(x.numElements()));
      double original = x.at(c);
      x.set(c, original + options.epsilon);
      auto plus = lossAt(compiled, primal, tensors, scalars);
      if (!plus)
        return plus.takeError();
      x.set(c, original - options.epsilon);
      auto minus = lossAt(compiled, primal, tensors, scalars);
      if (!minus)
        return minus.takeError();
      x.set(c, original);
      double fd = (*plus - *minus) / (2 * options.epsilon);
      double analytic = g.at(c);
      double err = std::fabs(fd - analytic);
      double scale = std::max(std::fabs(fd), std::fabs(analytic));
      maxAbs = std::max(maxAbs, err);
      if (scale > 0)
        maxRel = std::max(maxRel, err / scale);
      if (err > options.atol + options.rtol * scale && passed) {
        passed = false;
        worst = c;
        worstFd = fd;
        worstG = analytic;
      }
    }
    os << (passed ? "PASS" : "FAIL") << " @" << grad.name << " d/d(arg "
       << argIndex << ") samples " << options.samples << " max_abs_err "
       << llvm::format("%.3g", maxAbs) << " max_rel_err "
       << llvm::format("%.3g", maxRel);
    if (!passed)
      os << " (element " << worst << ": finite difference "
         << llvm::format("%.7g", worstFd) << ", gradient "
         << llvm::format("%.7g", worstG) << ")";
    os << "\n";
    overall.passed &= passed;
    overall.maxAbsError = std::max(overall.maxAbsError, maxAbs);
    overall.maxRelError = std::max(overall.maxRelError, maxRel);
  }
  return overall;
}
