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
  if (results.empty() || results.front().numElements() < 1)
    return llvm::createStringError("@%s returned no loss", primal.name.c_str());
  return results.front().at(0);
}

static bool isFloat(ElementKind kind) {
  return kind == ElementKind::F32 || kind == ElementKind::F16 ||
         kind == ElementKind::BF16;
}

/// "tensor<4x8xf32>" or "i64".
static std::string typeName(const ValueSpec &spec) {
  return spec.scalar ? std::string("i64")
                     : tensorTypeName(spec.kind, spec.shape);
}

static bool sameType(const ValueSpec &a, const ValueSpec &b) {
  return a.scalar == b.scalar && a.kind == b.kind && a.shape == b.shape;
}

/// "(tensor<4xf32>, i64)".
static std::string typeList(llvm::ArrayRef<ValueSpec> specs) {
  std::string text = "(";
  for (auto [i, spec] : llvm::enumerate(specs))
    text += (i ? ", " : "") + typeName(spec);
  return text + ")";
}

llvm::Error remat::checkGradientSignatures(const FunctionSignature &primal,
                                           const FunctionSignature &grad,
                                           llvm::ArrayRef<int64_t> wrt) {
  const std::string primalName = "@" + primal.name, gradName = "@" + grad.name;
  if (primal.results.empty())
    return llvm::createStringError(
        "the primal " + primalName +
        " returns nothing: expected the loss first, a 0-d tensor of f32, "
        "f16 or bf16");
  const ValueSpec &loss = primal.results.front();
  if (!loss.shape.empty() || !isFloat(loss.kind))
    return llvm::createStringError(
        "the primal " + primalName + " returns " + typeName(loss) +
        " first: expected the loss, a 0-d tensor of f32, f16 or bf16");
  bool sameArguments = primal.arguments.size() == grad.arguments.size();
  for (size_t i = 0; sameArguments && i < primal.arguments.size(); ++i)
    sameArguments = sameType(primal.arguments[i], grad.arguments[i]);
  if (!sameArguments)
    return llvm::createStringError(
        gradName + " takes " + typeList(grad.arguments) + " but its primal " +
        primalName + " takes " + typeList(primal.arguments) +
        ": expected the same arguments");
  int64_t numArguments = static_cast<int64_t>(primal.arguments.size());
  for (int64_t index : wrt) {
    if (index < 0 || index >= numArguments)
      return llvm::createStringError(
          "remat.wrt of " + gradName + " names argument " +
          std::to_string(index) + ", but " + primalName + " takes " +
          std::to_string(numArguments) +
          (numArguments == 1 ? " argument" : " arguments"));
    const ValueSpec &spec = primal.arguments[index];
    if (spec.scalar || !isFloat(spec.kind))
      return llvm::createStringError(
          "remat.wrt of " + gradName + " names argument " +
          std::to_string(index) + " of " + primalName + ", of type " +
          typeName(spec) + ": expected a tensor of f32, f16 or bf16");
    std::optional<int64_t> bytes = tensorBytes(spec.kind, spec.shape);
    if (bytes && *bytes == 0)
      return llvm::createStringError(
          "remat.wrt of " + gradName + " names argument " +
          std::to_string(index) + " of " + primalName + ", of type " +
          typeName(spec) + ", which has no elements to check");
  }
  if (grad.results.size() != wrt.size() + 1)
    return llvm::createStringError(
        "%s returns %zu values; expected the loss and %zu gradients",
        gradName.c_str(), grad.results.size(), wrt.size());
  for (auto [k, index] : llvm::enumerate(wrt))
    if (!sameType(grad.results[k + 1], primal.arguments[index]))
      return llvm::createStringError(
          gradName + " returns " + typeName(grad.results[k + 1]) +
          " as the gradient of argument " + std::to_string(index) +
          ", of type " + typeName(primal.arguments[index]));
  return llvm::Error::success();
}

llvm::Expected<GradientCheckResult> remat::checkGradients(
    CompiledModule &compiled, const FunctionSignature &primal,
    const FunctionSignature &grad, llvm::ArrayRef<int64_t> wrt,
    const GradientCheckOptions &options, llvm::raw_ostream &os) {
  if (llvm::Error error = checkGradientSignatures(primal, grad, wrt))
    return std::move(error);
  if (llvm::Error error = checkTensorSizes(primal))
    return std::move(error);
  if (llvm::Error error = checkTensorSizes(grad))
    return std::move(error);
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
    llvm::Expected<HostTensor> tensor =
        HostTensor::create(spec.kind, spec.shape);
    if (!tensor)
      return llvm::createStringError("argument #" + std::to_string(i) +
                                     " of @" + primal.name + ": " +
                                     llvm::toString(tensor.takeError()));
    fillDeterministic(*tensor, options.seed * 1000003 + i, spec.intBound);
    tensors.push_back(std::move(*tensor));
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
    // checkGradientSignatures made sure of these; stay safe regardless.
    if (argIndex < 0 || argIndex >= static_cast<int64_t>(tensorIndex.size()))
      return llvm::createStringError("argument %lld is out of range",
                                     static_cast<long long>(argIndex));
    int64_t t = tensorIndex[argIndex];
    if (t < 0)
      return llvm::createStringError("argument %lld is not a tensor",
                                     static_cast<long long>(argIndex));
    HostTensor &x = tensors[t];
    const HostTensor &g = gradients[k + 1];
    if (x.numElements() < 1 || g.numElements() != x.numElements())
      return llvm::createStringError(
          "the gradient of argument %lld has %lld elements; expected %lld",
          static_cast<long long>(argIndex),
          static_cast<long long>(g.numElements()),
          static_cast<long long>(x.numElements()));
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
