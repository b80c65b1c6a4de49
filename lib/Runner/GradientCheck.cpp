//===- GradientCheck.cpp - gradients against finite differences -----------===//

#include "remat/Runner/GradientCheck.h"

#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "llvm/Support/Format.h"

#include <cmath>

using namespace remat;

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

/// Richardson's extrapolation of a central difference from the steps h
/// (`coarse`) and h/2 (`fine`): (4 D(h/2) - D(h)) / 3 cancels the h^2 term.
static double richardson(double coarse, double fine) {
  return (4 * fine - coarse) / 3;
}

/// The rounding of that extrapolation, from the two differences' roundings
/// (which add up).
static double richardsonNoise(double coarse, double fine) {
  return (4 * fine + coarse) / 3;
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


double remat::defaultTolerance(ElementKind kind) {
  switch (kind) {
  case ElementKind::F16:
    return 3e-2;
  case ElementKind::BF16:
    return 5e-2;
  default:
    return 1e-2;
  }
}

std::optional<ElementKind> remat::sixteenBitKindIn(mlir::func::FuncOp primal) {
  std::optional<ElementKind> found;
  auto note = [&](mlir::Type type) {
    mlir::Type element = mlir::getElementTypeOrSelf(type);
    if (element.isBF16())
      found = ElementKind::BF16;
    else if (element.isF16() && !found)
      found = ElementKind::F16;
  };
  for (mlir::Type type : primal.getFunctionType().getInputs())
    note(type);
  for (mlir::Type type : primal.getFunctionType().getResults())
    note(type);
  primal.walk([&](mlir::Operation *op) {
    for (mlir::Type type : op->getResultTypes())
      note(type);
  });
  return found;
}

//===----------------------------------------------------------------------===//
// The f32 reference of a 16-bit primal
//===----------------------------------------------------------------------===//

static bool is16BitFloat(mlir::Type type) {
  return type.isF16() || type.isBF16();
}

llvm::Expected<mlir::func::FuncOp>
remat::makeF32Reference(mlir::func::FuncOp primal) {
  using namespace mlir;
  auto module = primal->getParentOfType<ModuleOp>();
  if (!module)
    return llvm::createStringError("@" + primal.getSymName().str() +
                                   " is not in a module");
  MLIRContext *context = primal.getContext();
  Type f32 = Float32Type::get(context);
  SymbolTable symbols(module);
  std::string base = primal.getSymName().str() + "__f32_reference";
  std::string name = base;
  for (int i = 1; symbols.lookup(name); ++i)
    name = base + "_" + std::to_string(i);

  std::string unsupported;
  AttrTypeReplacer replacer;
  // Most recently added first: constants before the types inside them.
  replacer.addReplacement([&](FloatType type) -> std::optional<Type> {
    if (is16BitFloat(type))
      return f32;
    return std::nullopt;
  });
  replacer.addReplacement(
      [&](FloatAttr attr) -> std::optional<std::pair<Attribute, WalkResult>> {
        if (!is16BitFloat(attr.getType()))
          return std::nullopt;
        return std::make_pair(
            Attribute(FloatAttr::get(f32, attr.getValueAsDouble())),
            WalkResult::skip());
      });
  replacer.addReplacement(
      [&](DenseElementsAttr attr)
          -> std::optional<std::pair<Attribute, WalkResult>> {
        if (!is16BitFloat(attr.getElementType()))
          return std::nullopt;
        auto fp = dyn_cast<DenseFPElementsAttr>(attr);
        if (!fp)
          return std::nullopt;
        Attribute converted = fp.mapValues(f32, [](const llvm::APFloat &value) {
          llvm::APFloat single = value;
          bool losesInfo = false;
          single.convert(llvm::APFloat::IEEEsingle(),
                         llvm::APFloat::rmNearestTiesToEven, &losesInfo);
          return single.bitcastToAPInt();
        });
        return std::make_pair(converted, WalkResult::skip());
      });
  replacer.addReplacement(
      [&](DenseResourceElementsAttr attr) -> std::optional<Attribute> {
        if (is16BitFloat(attr.getElementType()) && unsupported.empty())
          unsupported = "a dense_resource constant of 16-bit floats";
        return std::nullopt;
      });

  auto copy = cast<func::FuncOp>(primal->clone());
  copy.setSymName(name);
  copy.setPublic();
  replacer.recursivelyReplaceElementsIn(copy, /*replaceAttrs=*/true,
                                        /*replaceLocs=*/false,
                                        /*replaceTypes=*/true);
  // Casts between float types (arith.extf of an f16 to f32...) are now
  // f32 to f32: drop them.
  SmallVector<Operation *> identities;
  copy.walk([&](CastOpInterface cast) {
    Operation *op = cast.getOperation();
    if (op->getNumOperands() == 1 && op->getNumResults() == 1 &&
        op->getOperand(0).getType() == op->getResult(0).getType())
      identities.push_back(op);
  });
  for (Operation *op : identities) {
    op->getResult(0).replaceAllUsesWith(op->getOperand(0));
    op->erase();
  }
  auto fail = [&](const std::string &why) -> llvm::Error {
    copy->erase();
    return llvm::createStringError("cannot make an f32 copy of @" +
                                   primal.getSymName().str() +
                                   " to take finite differences of: " + why);
  };
  if (!unsupported.empty())
    return fail(unsupported);
  // A callee keeps its 16-bit types (and the verifier of one function does
  // not look at the callee's signature).
  WalkResult calls = copy.walk([&](CallOpInterface call) {
    auto callee =
        dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
    unsupported = "it calls " + (callee ? "@" + callee.getLeafReference().str()
                                        : std::string("a function value")) +
                  ", which is not converted; inline it first";
    return WalkResult::interrupt();
  });
  if (calls.wasInterrupted())
    return fail(unsupported);
  // The copy is verified on its own, with its diagnostics collected rather
  // than printed: the message says which op did not take f32.
  std::string diagnostics;
  {
    ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
      if (diagnostics.empty())
        diagnostics = diag.str();
      return success();
    });
    if (failed(verify(copy)))
      return fail(diagnostics.empty() ? "it does not verify" : diagnostics);
  }
  symbols.insert(copy, std::next(Block::iterator(primal)));
  return copy;
}

//===----------------------------------------------------------------------===//
// The check
//===----------------------------------------------------------------------===//

namespace {

/// Seeded, reproducible numbers: SplitMix64, uniform and Gaussian.
class Random {
public:
  explicit Random(uint64_t seed) : state(seed * 0x9E3779B97F4A7C15ULL + 7) {}
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  /// Uniform in (0, 1).
  double uniform() {
    return (static_cast<double>(next() >> 11) + 0.5) * 0x1.0p-53;
  }
  /// Standard normal (Box-Muller).
  double gaussian() {
    if (hasSpare) {
      hasSpare = false;
      return spare;
    }
    double radius = std::sqrt(-2 * std::log(uniform()));
    double angle = 2 * M_PI * uniform();
    spare = radius * std::sin(angle);
    hasSpare = true;
    return radius * std::cos(angle);
  }

private:
  uint64_t state;
  double spare = 0;
  bool hasSpare = false;
};

/// "3.1e-04".
std::string sci(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%.1e", value);
  return buffer;
}

/// "0.01", "nan" (whatever its sign bit).
std::string general(double value) {
  if (std::isnan(value))
    return "nan";
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%.7g", value);
  return buffer;
}

/// Whether central differences fail to converge: extrapolated from the
/// steps h and h/2 (`fd`) and again from h/2 and h/4 (`fd2`), a smooth loss
/// gives the same estimate, to within the tolerance on `scale` and the
/// extrapolations' rounding `noise`; a loss that is not smooth on the scale
/// of the step (a batch norm over two samples, whose output turns sharply
/// where their difference nears sqrt(eps)) gives another, and the
/// differences say nothing about the gradient. Differences that drift by
/// less than half the gradient's `mismatch` still convict it.
static bool diverges(double fd, double fd2, double tol, double scale,
                     double noise, double mismatch) {
  double apart = std::fabs(fd - fd2);
  return apart >
             tol * std::max({scale, std::fabs(fd), std::fabs(fd2)}) + noise &&
         apart > 0.5 * mismatch;
}

/// The verdict when they do not converge, `where` (" in direction 2 of 4",
/// " at element 7 of 16") from steps `epsilon`, `epsilon`/2 and
/// `epsilon`/4.
static std::string divergenceFailure(const std::string &where, double epsilon,
                                     double fd, double fd2, double gradient) {
  return "finite differences cannot resolve the gradient" + where +
         ": they do not converge (extrapolated from steps " + general(epsilon) +
         " and " + general(epsilon / 2) + " they give " + general(fd) +
         " per unit step, from " + general(epsilon / 2) + " and " +
         general(epsilon / 4) + " " + general(fd2) + "; the gradient " +
         general(gradient) +
         "): the loss is not smooth on the scale of the step; take a "
         "smaller --fd-epsilon";
}

/// The verdict when the loss's rounding `noise` (in units of the loss) is
/// more than `tol` times the `change` it measures, `where`.
static std::string roundingFailure(const std::string &where, double noise,
                                   double tol, double change) {
  return "finite differences cannot resolve the gradient" + where +
         ": the loss's rounding " + general(noise) + " is more than tol " +
         general(tol) + " times the change " + general(change) +
         " it is measured by; take a larger --fd-epsilon";
}

/// Where the primal (or its f32 reference) is evaluated: its tensors, the
/// one being perturbed, and the scalars.
struct Evaluator {
  CompiledModule &compiled;
  const FunctionSignature &function;
  std::vector<HostTensor> &tensors;
  llvm::ArrayRef<int64_t> scalars;

  llvm::Expected<double> loss() {
    std::vector<HostTensor> results;
    if (llvm::Error error =
            compiled.invoke(function, tensors, scalars, results))
      return std::move(error);
    if (results.empty() || results.front().numElements() < 1)
      return llvm::createStringError("@%s returned no loss",
                                     function.name.c_str());
    return results.front().at(0);
  }
};

} // namespace

llvm::Expected<GradientCheckResult> remat::checkGradients(
    CompiledModule &compiled, const FunctionSignature &primal,
    const FunctionSignature &grad, llvm::ArrayRef<int64_t> wrt,
    const GradientCheckOptions &options, llvm::raw_ostream &os,
    const FunctionSignature *reference) {
  if (llvm::Error error = checkGradientSignatures(primal, grad, wrt))
    return std::move(error);
  if (llvm::Error error = checkTensorSizes(primal))
    return std::move(error);
  if (llvm::Error error = checkTensorSizes(grad))
    return std::move(error);
  if (!(options.epsilon > 0 && options.epsilon <= kMaxFdEpsilon))
    return llvm::createStringError("the finite-difference step %g is not in "
                                   "(0, %g]",
                                   options.epsilon, kMaxFdEpsilon);
  if (options.directions < 1 || options.directions > kMaxFdDirections ||
      options.coordinates > kMaxFdCoordinates)
    return llvm::createStringError("%u directions and %u coordinates: "
                                   "expected 1 to %u and 0 to %u",
                                   options.directions, options.coordinates,
                                   kMaxFdDirections, kMaxFdCoordinates);
  if (options.rtol && !(std::isfinite(*options.rtol) && *options.rtol > 0))
    return llvm::createStringError("the tolerance %g is not > 0",
                                   *options.rtol);
  if (!(std::isfinite(options.atol) && options.atol >= 0))
    return llvm::createStringError("the floor %g is not >= 0", options.atol);
  if (reference) {
    bool matches = reference->arguments.size() == primal.arguments.size() &&
                   !reference->results.empty() &&
                   reference->results.front().shape.empty() &&
                   isFloat(reference->results.front().kind);
    for (size_t i = 0; matches && i < primal.arguments.size(); ++i)
      matches = reference->arguments[i].scalar == primal.arguments[i].scalar &&
                reference->arguments[i].shape == primal.arguments[i].shape;
    if (!matches)
      return llvm::createStringError("the reference @" + reference->name +
                                     " does not take the arguments of @" +
                                     primal.name + " and return a loss");
  }

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
  // The reference's arguments: the same values (16-bit floats widened to
  // f32, exactly), in the reference's own types.
  std::vector<HostTensor> referenceTensors;
  if (reference) {
    size_t next = 0;
    for (const ValueSpec &spec : reference->arguments) {
      if (spec.scalar)
        continue;
      const HostTensor &source = tensors[next++];
      llvm::Expected<HostTensor> copy =
          HostTensor::create(spec.kind, spec.shape);
      if (!copy)
        return copy.takeError();
      for (int64_t e = 0, n = source.numElements(); e < n; ++e)
        copy->set(e, source.at(e));
      referenceTensors.push_back(std::move(*copy));
    }
    os << "gradient check @" << grad.name << ": finite differences of @"
       << reference->name << ", the f32 copy of @" << primal.name << "\n";
  }

  // The gradients, at the unperturbed point. A call may reuse an argument's
  // buffer: the point is saved first and restored before every evaluation.
  std::vector<std::vector<double>> point(tensors.size());
  for (auto [t, tensor] : llvm::enumerate(tensors))
    for (int64_t e = 0, n = tensor.numElements(); e < n; ++e)
      point[t].push_back(tensor.at(e));
  std::vector<HostTensor> gradients;
  if (llvm::Error error = compiled.invoke(grad, tensors, scalars, gradients))
    return std::move(error);
  if (gradients.size() != wrt.size() + 1)
    return llvm::createStringError(
        "@%s returns %zu values; expected the loss and %zu gradients",
        grad.name.c_str(), gradients.size(), wrt.size());

  std::vector<HostTensor> &evalTensors = reference ? referenceTensors : tensors;
  Evaluator evaluator{compiled, reference ? *reference : primal, evalTensors,
                      scalars};
  auto restore = [&] {
    for (auto [t, tensor] : llvm::enumerate(evalTensors))
      for (int64_t e = 0, n = tensor.numElements(); e < n; ++e)
        tensor.set(e, point[t][e]);
  };

  // The unit roundoff of the loss that finite differences are taken of.
  ElementKind lossKind = evaluator.function.results.front().kind;
  double lossUnit = lossKind == ElementKind::BF16  ? 0x1p-8
                    : lossKind == ElementKind::F16 ? 0x1p-11
                                                   : 0x1p-24;

  GradientCheckResult overall;
  Random random(options.seed);
  for (auto [k, argIndex] : llvm::enumerate(wrt)) {
    // checkGradientSignatures made sure of these; stay safe regardless.
    if (argIndex < 0 || argIndex >= static_cast<int64_t>(tensorIndex.size()))
      return llvm::createStringError("argument %lld is out of range",
                                     static_cast<long long>(argIndex));
    int64_t t = tensorIndex[argIndex];
    if (t < 0)
      return llvm::createStringError("argument %lld is not a tensor",
                                     static_cast<long long>(argIndex));
    HostTensor &x = evalTensors[t];
    const HostTensor &gTensor = gradients[k + 1];
    int64_t n = x.numElements();
    if (n < 1 || gTensor.numElements() != n)
      return llvm::createStringError(
          "the gradient of argument %lld has %lld elements; expected %lld",
          static_cast<long long>(argIndex),
          static_cast<long long>(gTensor.numElements()),
          static_cast<long long>(n));
    // Copied: a returned buffer may be an argument's, which is perturbed.
    std::vector<double> g(n);
    for (int64_t e = 0; e < n; ++e)
      g[e] = gTensor.at(e);
    const std::vector<double> &base = point[t];
    double tol = defaultTolerance(gTensor.kind());
    if (options.computeKind)
      tol = std::max(tol, defaultTolerance(*options.computeKind));
    if (options.rtol)
      tol = *options.rtol;
    std::string head = "gradient check @" + grad.name + " wrt " +
                       std::to_string(argIndex) + ": ";
    auto failWith = [&](const std::string &why) {
      os << head << "FAILED (" << why << ")\n";
      overall.passed = false;
    };

    // Non-finite gradients fail before anything is compared (every
    // comparison with NaN is false).
    int64_t nonFinite = -1;
    double norm2 = 0;
    for (int64_t e = 0; e < n && nonFinite < 0; ++e) {
      double value = g[e];
      if (!std::isfinite(value))
        nonFinite = e;
      norm2 += value * value;
    }
    if (nonFinite >= 0) {
      failWith("gradient element " + std::to_string(nonFinite) + " of " +
               std::to_string(n) + " is " + general(g[nonFinite]));
      continue;
    }
    double gNorm = std::sqrt(norm2);
    double gRms = gNorm / std::sqrt(static_cast<double>(n));

    /// The loss with x set to `values` (rounded to its element type);
    /// `stored` receives the values as stored.
    auto lossWith = [&](const std::vector<double> &values,
                        std::vector<double> &stored) -> llvm::Expected<double> {
      restore();
      stored.resize(n);
      for (int64_t e = 0; e < n; ++e) {
        x.set(e, values[e]);
        stored[e] = x.at(e);
      }
      return evaluator.loss();
    };

    // Directional: <g, d> against f(x+) - f(x-), d = x+ - x- as stored.
    // A probe at step eps in direction v; `failure` says why it measured
    // nothing (a non-finite loss, a step that rounds to nothing).
    struct Probe {
      double difference = 0, dot = 0, step = 0, noise = 0;
      std::string failure;
      /// The finite difference, the gradient's prediction and the loss's
      /// rounding per unit step.
      double fd() const { return difference / step; }
      double predicted() const { return dot / step; }
      double noisePerStep() const { return noise / step; }
    };
    std::vector<double> v(n), plusValues(n), minusValues(n), plusStored,
        minusStored;
    auto probeDirection =
        [&](double eps, const std::string &where) -> llvm::Expected<Probe> {
      Probe probe;
      for (int64_t e = 0; e < n; ++e) {
        plusValues[e] = base[e] + eps * v[e];
        minusValues[e] = base[e] - eps * v[e];
      }
      auto plus = lossWith(plusValues, plusStored);
      if (!plus)
        return plus.takeError();
      auto minus = lossWith(minusValues, minusStored);
      if (!minus)
        return minus.takeError();
      if (!std::isfinite(*plus) || !std::isfinite(*minus)) {
        probe.failure = "the loss is " +
                        general(std::isfinite(*plus) ? *minus : *plus) +
                        " at x " + (std::isfinite(*plus) ? "-" : "+") + " " +
                        general(eps) + " v" + where;
        return probe;
      }
      double step2 = 0;
      for (int64_t e = 0; e < n; ++e) {
        double d = plusStored[e] - minusStored[e];
        probe.dot += g[e] * d;
        step2 += d * d;
      }
      // The RMS of the step taken: 2 eps before rounding.
      probe.step = std::sqrt(step2 / static_cast<double>(n));
      if (probe.step == 0) {
        probe.failure = "the step " + general(eps) + " rounds to nothing in " +
                        elementName(x.kind()).str() + where;
        return probe;
      }
      probe.difference = *plus - *minus;
      probe.noise =
          16 * lossUnit * std::max(std::fabs(*plus), std::fabs(*minus));
      return probe;
    };

    double worstDirectional = 0;
    bool extrapolated = false;
    std::string directionalFailure, directionalWorst;
    for (unsigned j = 0; j < options.directions && directionalFailure.empty();
         ++j) {
      double sum2 = 0;
      for (int64_t e = 0; e < n; ++e) {
        v[e] = random.gaussian();
        sum2 += v[e] * v[e];
      }
      double rms = std::sqrt(sum2 / static_cast<double>(n));
      for (int64_t e = 0; e < n; ++e)
        v[e] /= rms;
      std::string where = " in direction " + std::to_string(j + 1) + " of " +
                          std::to_string(options.directions);
      auto probe = probeDirection(options.epsilon, where);
      if (!probe)
        return probe.takeError();
      if (!probe->failure.empty()) {
        directionalFailure = probe->failure;
        break;
      }
      // The error is relative to the change the gradient predicts for a
      // random direction, s |g| (the RMS of <g, d> over directions), or to
      // either estimate when larger, plus the floor and the loss's rounding
      // (16 units in the last place of the larger loss, over tol): the
      // check fails when |fd - <g, d>| > tol * scale + noise.
      double difference = probe->difference, dot = probe->dot,
             step = probe->step, noise = probe->noise;
      double scale =
          std::max({step * gNorm, std::fabs(difference), std::fabs(dot)});
      double mismatch = std::fabs(difference - dot);
      double denominator = scale + step * options.atol + noise / tol;
      double error = mismatch == 0 ? 0 : mismatch / denominator;
      if (!(error <= tol)) {
        // Curvature or noise? A central difference at step h is off by
        // c h^2 on a smooth loss, which a large step (taken where a small
        // one cannot resolve the change) makes a few percent. Richardson's
        // extrapolation from h and h/2, (4 D(h/2) - D(h)) / 3, cancels
        // that term; the gradient's prediction is combined the same way,
        // so that the rounding of the two steps cancels too. A wrong
        // gradient stays as far off as before.
        auto half = probeDirection(options.epsilon / 2, where);
        if (!half)
          return half.takeError();
        if (half->failure.empty()) {
          double fd = richardson(probe->fd(), half->fd());
          double predicted = richardson(probe->predicted(), half->predicted());
          double rNoise =
              richardsonNoise(probe->noisePerStep(), half->noisePerStep());
          double rScale =
              std::max({gNorm, std::fabs(fd), std::fabs(predicted)});
          double rMismatch = std::fabs(fd - predicted);
          double rError =
              rMismatch == 0
                  ? 0
                  : rMismatch / (rScale + options.atol + rNoise / tol);
          // Within tol with the rounding allowed for: a pass, or, when the
          // rounding (amplified by the extrapolation) dominates, "cannot
          // resolve" below, never a failure.
          if (rError <= tol) {
            extrapolated = true;
            error = rError;
            mismatch = rMismatch;
            scale = rScale * step;
            noise = rNoise * step;
          } else {
            // Still off. Do the differences converge at all? (A wrong
            // gradient fails against differences that do.)
            auto quarter = probeDirection(options.epsilon / 4, where);
            if (!quarter)
              return quarter.takeError();
            if (quarter->failure.empty()) {
              double fd2 = richardson(half->fd(), quarter->fd());
              double noise2 = richardsonNoise(half->noisePerStep(),
                                              quarter->noisePerStep());
              if (diverges(fd, fd2, tol, gNorm, rNoise + noise2, rMismatch)) {
                directionalFailure = divergenceFailure(where, options.epsilon,
                                                       fd, fd2, predicted);
                break;
              }
            }
          }
        }
      }
      if (!(error <= tol)) {
        // Still off: is it the loss's rounding? 16 units in the last place
        // is what one rounding of the loss costs; a deep f32 computation
        // can lose more. Measure it: at steps a thousand times smaller the
        // true change is <g, d> to within a millionth of the curvature
        // term, so what the differences there add to <g, d> is rounding
        // alone. When that (three times its largest sample) covers the
        // mismatch, finite differences cannot tell; the verdict below says
        // so instead of failing.
        double measuredNoise = 0;
        for (int k = 1; k <= 4; ++k) {
          auto tiny = probeDirection(options.epsilon * 1e-3 * k, where);
          if (!tiny)
            return tiny.takeError();
          if (!tiny->failure.empty())
            continue;
          measuredNoise =
              std::max(measuredNoise, std::fabs(tiny->difference - tiny->dot));
        }
        if (3 * measuredNoise > noise) {
          noise = 3 * measuredNoise;
          denominator = scale + step * options.atol + noise / tol;
          error = mismatch == 0 ? 0 : mismatch / denominator;
        }
      }
      bool worst = !(error <= worstDirectional);
      if (worst)
        worstDirectional = error;
      if (!(error <= tol)) {
        if (worst)
          directionalWorst =
              "directional rel err " + sci(error) + " > tol " + general(tol) +
              " in direction " + std::to_string(j + 1) + ", the worst of " +
              std::to_string(options.directions) + ": finite difference " +
              general(difference / step) + ", gradient " +
              general(dot / step) + " per unit step, |g| " + general(gNorm);
      } else if (mismatch != 0 && noise > tol * scale) {
        // Passing here would say nothing: the loss's rounding is above
        // what a wrong gradient would change.
        directionalFailure = roundingFailure(where, noise, tol, scale);
      }
    }
    overall.maxDirectionalError =
        std::max(overall.maxDirectionalError, worstDirectional);
    if (directionalFailure.empty())
      directionalFailure = directionalWorst;
    if (!directionalFailure.empty()) {
      failWith(directionalFailure);
      continue;
    }

    // Elementwise: sampled coordinates, one at a time.
    struct CoordinateProbe {
      double fd = 0, step = 0, noise = 0;
      std::string failure;
    };
    auto probeCoordinate =
        [&](int64_t c, double eps,
            const std::string &where) -> llvm::Expected<CoordinateProbe> {
      CoordinateProbe probe;
      plusValues = base;
      minusValues = base;
      plusValues[c] += eps;
      minusValues[c] -= eps;
      auto plus = lossWith(plusValues, plusStored);
      if (!plus)
        return plus.takeError();
      auto minus = lossWith(minusValues, minusStored);
      if (!minus)
        return minus.takeError();
      if (!std::isfinite(*plus) || !std::isfinite(*minus)) {
        probe.failure = "the loss is " +
                        general(std::isfinite(*plus) ? *minus : *plus) + where;
        return probe;
      }
      probe.step = plusStored[c] - minusStored[c];
      if (probe.step == 0) {
        probe.failure = "the step " + general(eps) + " rounds to nothing in " +
                        elementName(x.kind()).str() + where;
        return probe;
      }
      probe.fd = (*plus - *minus) / probe.step;
      // One coordinate moves the loss by little: allow for its rounding
      // (16 units in the last place of the larger loss).
      probe.noise = 16 * lossUnit *
                    std::max(std::fabs(*plus), std::fabs(*minus)) /
                    std::fabs(probe.step);
      return probe;
    };
    double worstElementwise = 0;
    std::string elementwiseFailure, elementwiseWorst, elementwiseUnresolved;
    for (unsigned s = 0; s < options.coordinates && elementwiseFailure.empty();
         ++s) {
      int64_t c =
          static_cast<int64_t>(random.next() % static_cast<uint64_t>(n));
      std::string where = " at element " + std::to_string(c) + " of " +
                          std::to_string(n);
      auto probe = probeCoordinate(c, options.epsilon, where);
      if (!probe)
        return probe.takeError();
      if (!probe->failure.empty()) {
        elementwiseFailure = probe->failure;
        break;
      }
      double fd = probe->fd, analytic = g[c];
      // The check fails when |fd - g[c]| > tol * scale + noise.
      auto errorOf = [&](double estimate, double noise) {
        double scale =
            std::max({std::fabs(estimate), std::fabs(analytic), gRms}) +
            options.atol + noise / tol;
        double mismatch = std::fabs(estimate - analytic);
        return mismatch == 0 ? 0 : mismatch / scale;
      };
      double error = errorOf(fd, probe->noise);
      if (!(error <= tol)) {
        // Richardson's extrapolation, as for the directions above.
        auto half = probeCoordinate(c, options.epsilon / 2, where);
        if (!half)
          return half.takeError();
        if (half->failure.empty()) {
          double rError = errorOf(richardson(fd, half->fd),
                                  richardsonNoise(probe->noise, half->noise));
          if (rError <= tol) {
            extrapolated = true;
            error = rError;
          }
        }
        if (!(error <= tol)) {
          // Still off: is it the loss's rounding? Measured as for the
          // directions above, at steps a thousand times smaller, in units
          // of the loss. One coordinate moves the loss by little (it is
          // judged against the gradient's RMS, not its norm), so this
          // shows here when the directions pass.
          double rounding = 0;
          for (int k = 1; k <= 4; ++k) {
            auto tiny = probeCoordinate(c, options.epsilon * 1e-3 * k, where);
            if (!tiny)
              return tiny.takeError();
            if (tiny->failure.empty())
              rounding = std::max(rounding,
                                  std::fabs(tiny->fd - analytic) * tiny->step);
          }
          rounding *= 3;
          double noise = std::max(probe->noise, rounding / probe->step);
          error = errorOf(fd, noise);
          double change = std::max({std::fabs(fd), std::fabs(analytic), gRms});
          if (error <= tol && noise > tol * change) {
            // Within the rounding, which is above what a wrong gradient
            // would change: not a verdict on the gradient, and the other
            // coordinates still can convict it.
            if (elementwiseUnresolved.empty())
              elementwiseUnresolved = roundingFailure(
                  where, noise * probe->step, tol, change * probe->step);
            continue;
          }
          if (!(error <= tol) && half->failure.empty()) {
            // Do the differences converge at all, as for the directions?
            auto quarter = probeCoordinate(c, options.epsilon / 4, where);
            if (!quarter)
              return quarter.takeError();
            if (quarter->failure.empty()) {
              double estimate = richardson(fd, half->fd);
              double estimate2 = richardson(half->fd, quarter->fd);
              auto noiseAt = [&](const CoordinateProbe &p) {
                return std::max(p.noise, rounding / p.step);
              };
              double noise2 =
                  richardsonNoise(noiseAt(*probe), noiseAt(*half)) +
                  richardsonNoise(noiseAt(*half), noiseAt(*quarter));
              if (diverges(estimate, estimate2, tol, gRms + options.atol,
                           noise2, std::fabs(estimate - analytic))) {
                if (elementwiseUnresolved.empty())
                  elementwiseUnresolved = divergenceFailure(
                      where, options.epsilon, estimate, estimate2, analytic);
                continue;
              }
            }
          }
        }
      }
      bool worst = !(error <= worstElementwise);
      if (worst)
        worstElementwise = error;
      if (!(error <= tol) && worst)
        elementwiseWorst = "elementwise rel err " + sci(error) + " > tol " +
                           general(tol) + where + ", the worst of " +
                           std::to_string(options.coordinates) +
                           " coordinates: finite difference " + general(fd) +
                           ", gradient " + general(analytic);
    }
    overall.maxElementwiseError =
        std::max(overall.maxElementwiseError, worstElementwise);
    if (elementwiseFailure.empty())
      elementwiseFailure = elementwiseWorst;
    if (elementwiseFailure.empty())
      elementwiseFailure = elementwiseUnresolved;
    if (!elementwiseFailure.empty()) {
      failWith(elementwiseFailure);
      continue;
    }
    os << head << "PASSED (directional rel err " << sci(worstDirectional)
       << " <= tol " << general(tol) << " over " << options.directions
       << (options.directions == 1 ? " direction" : " directions");
    if (options.coordinates)
      os << ", elementwise rel err " << sci(worstElementwise) << " over "
         << options.coordinates
         << (options.coordinates == 1 ? " coordinate" : " coordinates");
    if (extrapolated)
      os << "; Richardson-extrapolated from steps " << general(options.epsilon)
         << " and " << general(options.epsilon / 2) << " where needed";
    os << ")\n";
  }
  restore();
  return overall;
}
