//===- remat-run.cpp - run a compiled remat function ----------------------===//
//
// Loads an .mlir file, lowers it with remat-lower-cpu when it is not LLVM
// yet, JIT-compiles it and calls --entry with deterministic (or .npy)
// arguments; prints each output's shape, a checksum and its first values,
// the wall time over --repeat runs (min, median and the first call, which
// also pays for first-touch page faults), the calling thread's CPU time
// (which excludes waiting for other processes), and the peak memory the
// tracked allocator measured beside the peak remat-rematerialize planned;
// --save-inputs / --save-outputs write the tensors as .npy. With
// --emit-object / --emit-header it compiles ahead of time instead.
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "remat/Core/ByteSize.h"
#include "remat/Dialect/Remat/IR/RematDialect.h"
#include "remat/Dialect/Remat/IR/TypeSize.h"
#include "remat/Pipelines/CPU/CpuTarget.h"
#include "remat/Registration.h"
#include "remat/Runner/GradientCheck.h"
#include "remat/Runner/Runner.h"
#include "remat/Runtime/GpuRuntime.h"
#include "remat/Runtime/MemoryTracker.h"
#include "remat/Support/LargeStack.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <limits>
#include <optional>

using namespace mlir;
using namespace remat;
namespace cl = llvm::cl;

/// The tool's own options: --help lists only these (and the generic ones).
static cl::OptionCategory runOptions("remat-run options");

static cl::opt<std::string> inputFile(cl::Positional, cl::cat(runOptions),
                                      cl::desc("<input .mlir>"), cl::init("-"));
static cl::opt<std::string>
    entry("entry", cl::cat(runOptions),
          cl::desc("Function to call (default: the "
                   "module's only public function, or "
                   "its only remat-autodiff gradient); only it and the "
                   "functions it reaches are compiled"));
static cl::opt<uint64_t>
    seed("seed", cl::cat(runOptions),
         cl::desc("Seed of the deterministic arguments "
                  "(i64 scalar arguments get it too; default: 0)"),
         cl::init(0));
static cl::list<std::string>
    inputs("inputs", cl::CommaSeparated, cl::cat(runOptions),
           cl::desc("Comma-separated .npy files, one per tensor argument "
                    "(default: none, arguments generated from --seed)"));
static cl::opt<unsigned> repeat("repeat", cl::cat(runOptions),
                                cl::desc("Timed runs (default: 1)"),
                                cl::init(1));
static cl::opt<unsigned>
    printCount("print", cl::cat(runOptions),
               cl::desc("Values printed per output (default: 8)"), cl::init(8));
static cl::opt<std::string>
    saveInputs("save-inputs", cl::cat(runOptions),
               cl::desc("Write tensor argument N (generated or read) to "
                        "<prefix>N.npy before the call (default: none)"));
static cl::opt<std::string>
    saveOutputs("save-outputs", cl::cat(runOptions),
                cl::desc("Write output N to <prefix>N.npy (default: none)"));
static cl::opt<bool>
    noVectorize("no-vectorize", cl::cat(runOptions),
                cl::desc("Lower to plain loops (default: false, tiled and "
                         "vectorized)"));
static cl::opt<std::string>
    cpuName("cpu", cl::cat(runOptions),
            cl::desc("The CPU to compile for: host, or an LLVM CPU name "
                     "(x86-64, x86-64-v3, haswell, znver3, skylake-avx512, "
                     "...); code for a CPU with features this host lacks is "
                     "only written (--emit-object), not run (default: host)"),
            cl::init("host"));
static cl::opt<std::string> cpuFeatures(
    "cpu-features", cl::cat(runOptions),
    cl::desc("LLVM features to add (+name) or remove (-name) on top of the "
             "CPU's, comma-separated, e.g. -avx512f (default: none)"));
static cl::opt<unsigned> optLevel(
    "opt-level", cl::cat(runOptions),
    cl::desc("LLVM's optimization level for the compiled code, 0 to 3: lower "
             "levels compile faster and the code runs slower (default: 3; "
             "with --target=gpu, the kernels' level when given, else "
             "remat-lower-gpu's 2)"),
    cl::init(3));
static cl::opt<std::string>
    emitObject("emit-object", cl::cat(runOptions),
               cl::desc("Write an object file instead of running (default: "
                        "none, run)"));
static cl::opt<std::string> emitShared(
    "emit-shared-library", cl::cat(runOptions),
    cl::desc("Write a shared library instead of running (the runtime's "
             "symbols resolve in the process that loads it; default: none)"));
static cl::opt<std::string> emitHeader(
    "emit-header", cl::cat(runOptions),
    cl::desc("Write the C++ header declaring the extern \"C\" entry "
             "points (_mlir_ciface_*, StridedMemRefType arguments; default: "
             "none)"));
static cl::opt<double> checkMemory(
    "check-memory", cl::cat(runOptions),
    cl::desc("Fail unless the measured peak is within the budget "
             "remat-rematerialize planned under and within this fraction of "
             "the planned peak (e.g. 0.05; default: off)"),
    cl::init(-1.0));
static cl::opt<std::string> expectOutputs(
    "expect-outputs", cl::cat(runOptions),
    cl::desc("Fail unless output N is bitwise identical to <prefix>N.npy "
             "(e.g. what --save-outputs wrote for another build; default: "
             "off)"));
static cl::opt<double> expectTolerance(
    "expect-tolerance", cl::cat(runOptions),
    cl::desc("With --expect-outputs, also accept an output whose largest "
             "difference is at most this fraction of the saved output's "
             "largest magnitude, NaNs and infinities in the same places "
             "(e.g. 1e-5 between CPUs with and without FMA; default: 0, "
             "bitwise)"),
    cl::init(0.0));
static cl::opt<bool> checkGradientsFlag(
    "check-gradients", cl::cat(runOptions),
    cl::desc("--entry is a gradient function from remat-autodiff: compare "
             "its gradients with central finite differences of its primal "
             "(default: off)"));
static cl::opt<double>
    fdEpsilon("fd-epsilon", cl::cat(runOptions),
              cl::desc("Finite-difference step, in (0, 0.1]: x +- E v with "
                       "v of unit RMS (about E per coordinate; default: 0.01)"),
              cl::init(1e-2));
static cl::opt<unsigned>
    fdSamples("fd-samples", cl::cat(runOptions),
              cl::desc("Random directions checked per differentiated "
                       "argument, 1 to 10000 (default: 4)"),
              cl::init(4));
static cl::opt<unsigned> fdCoordinates(
    "fd-coordinates", cl::cat(runOptions),
    cl::desc("Coordinates checked one at a time per differentiated "
             "argument, 0 to 10000 (default: 8)"),
    cl::init(8));
static cl::opt<double> fdRtol(
    "fd-rtol", cl::cat(runOptions),
    cl::desc("Relative tolerance of the check, in (0, 0.5] (default: "
             "1e-2 for f32 gradients, 3e-2 for f16, 5e-2 for bf16, or that "
             "of the 16-bit type the function computes in)"));
static cl::opt<double>
    fdAtol("fd-atol", cl::cat(runOptions),
           cl::desc("Floor added to the gradient's norm in the relative "
                    "errors, in [0, 1e-3] (default: 0)"),
           cl::init(0));
static cl::opt<std::string>
    target("target", cl::cat(runOptions),
           cl::desc("Where the function runs: cpu, or gpu (an NVIDIA GPU "
                    "through remat-lower-gpu and libRematGpuRuntime: "
                    "arguments copied to the device, results back; the "
                    "measured peak is device memory; default: cpu)"),
           cl::init("cpu"));
static cl::opt<std::string>
    loweredOutput("lowered-output", cl::cat(runOptions),
                  cl::desc("Write the LLVM-dialect module to this file "
                           "(default: none)"));

namespace {

/// CPU time consumed by the calling thread, in milliseconds.
double threadCpuMilliseconds() {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

/// Exit with a message.
[[noreturn]] void fail(const llvm::Twine &message) {
  llvm::errs() << "remat-run: " << message << "\n";
  std::exit(1);
}

/// Most runs of --repeat: more is a typo (or a negative number wrapped
/// around), not a measurement.
constexpr unsigned kMaxRepeat = 1000000;
/// The largest --fd-rtol and --fd-atol: above them a zeroed or halved
/// gradient would pass.
constexpr double kMaxFdRtol = 0.5;
constexpr double kMaxFdAtol = 1e-3;

/// A double as printf's %g writes it ("0.05", "-1", "nan").
std::string formatNumber(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%g", value);
  return buffer;
}

/// The largest |actual - expected| over the largest |expected| (0 when
/// both are all zeros); none when their NaNs or infinities differ in place
/// or sign.
std::optional<double> relativeDifference(const HostTensor &expected,
                                         const HostTensor &actual) {
  double largest = 0, difference = 0;
  for (int64_t i = 0, e = expected.numElements(); i < e; ++i) {
    double x = expected.at(i), y = actual.at(i);
    if (!std::isfinite(x) || !std::isfinite(y)) {
      bool sameSpecial = std::isnan(x) ? std::isnan(y) : x == y;
      if (!sameSpecial)
        return std::nullopt;
      continue;
    }
    largest = std::max(largest, std::fabs(x));
    difference = std::max(difference, std::fabs(y - x));
  }
  if (difference == 0)
    return 0.0;
  return largest > 0 ? difference / largest
                     : std::numeric_limits<double>::infinity();
}

/// Refuses option values that would hang, or make a check meaningless.
void checkOptions() {
  // -1, the default, means no memory check; given explicitly, a tolerance
  // must be a finite fraction >= 0.
  if (checkMemory.getNumOccurrences() &&
      !(std::isfinite(checkMemory.getValue()) && checkMemory >= 0))
    fail("--check-memory=" + formatNumber(checkMemory) +
         " is not a tolerance: expected a fraction >= 0 (e.g. 0.05)");
  if (!(expectTolerance >= 0 && expectTolerance < 1))
    fail("--expect-tolerance=" + formatNumber(expectTolerance) +
         " is not a tolerance: expected a fraction in [0, 1) (e.g. 1e-5)");
  if (expectTolerance.getNumOccurrences() && expectOutputs.empty())
    fail("--expect-tolerance needs --expect-outputs: it says how close the "
         "outputs must be to the saved ones");
  if (optLevel > 3)
    fail("--opt-level=" + llvm::Twine(optLevel.getValue()) +
         " is not an optimization level: expected 0, 1, 2 or 3");
  if (repeat > kMaxRepeat)
    fail("--repeat=" + llvm::Twine(repeat.getValue()) + " is more than " +
         llvm::Twine(kMaxRepeat) + " runs");
  if (fdSamples < 1 || fdSamples > kMaxFdDirections)
    fail("--fd-samples=" + llvm::Twine(fdSamples.getValue()) +
         " is not a number of directions: expected 1 to " +
         llvm::Twine(kMaxFdDirections));
  if (fdCoordinates > kMaxFdCoordinates)
    fail("--fd-coordinates=" + llvm::Twine(fdCoordinates.getValue()) +
         " is more than " + llvm::Twine(kMaxFdCoordinates) +
         " coordinates per argument");
  if (!(fdEpsilon > 0 && fdEpsilon <= kMaxFdEpsilon))
    fail("--fd-epsilon=" + formatNumber(fdEpsilon) +
         " is not a step: expected a number in (0, " +
         formatNumber(kMaxFdEpsilon) + "]");
  if (fdRtol.getNumOccurrences() && !(fdRtol > 0 && fdRtol <= kMaxFdRtol))
    fail("--fd-rtol=" + formatNumber(fdRtol) +
         " is not a tolerance: expected a number in (0, " +
         formatNumber(kMaxFdRtol) + "]");
  if (!(fdAtol >= 0 && fdAtol <= kMaxFdAtol))
    fail("--fd-atol=" + formatNumber(fdAtol) +
         " is not a floor: expected a number in [0, " +
         formatNumber(kMaxFdAtol) + "]");
  if (target != "cpu" && target != "gpu")
    fail("--target=" + target + " is not a target: expected cpu or gpu");
  if (target == "cpu")
    if (llvm::Expected<CpuTarget> resolved =
            resolveCpuTarget(cpuName, cpuFeatures);
        !resolved)
      fail(llvm::Twine("--cpu=") + cpuName +
           (cpuFeatures.empty() ? "" : " --cpu-features=" + cpuFeatures) +
           ": " + llvm::toString(resolved.takeError()));
  if (target == "gpu") {
    // What only the CPU path does, refused rather than ignored.
    auto cpuOnly = [](llvm::cl::Option &option, llvm::StringRef why) {
      if (option.getNumOccurrences())
        fail(llvm::Twine("--") + option.ArgStr +
             " does not apply to --target=gpu: " + why);
    };
    cpuOnly(emitObject, "objects are written for the host CPU");
    cpuOnly(emitShared, "libraries are written for the host CPU");
    cpuOnly(emitHeader, "headers declare the CPU entry points");
    cpuOnly(noVectorize, "it selects the CPU's plain loops");
    cpuOnly(cpuName, "it names the CPU to compile for");
    cpuOnly(cpuFeatures, "it names the CPU's features");
    cpuOnly(checkGradientsFlag, "gradients are checked on the CPU");
    char why[512] = {0};
    if (!remat_gpu_available(why, sizeof(why)))
      fail(std::string("--target=gpu: no NVIDIA GPU can be used: ") + why);
  }
}

/// Writes `path` through `write`; exits with a message, removing the
/// partial file, when it cannot be opened or written (a full disk,
/// /dev/full) rather than leaving the stream to report a fatal error.
void writeOutputFile(llvm::StringRef path,
                     llvm::function_ref<void(llvm::raw_ostream &)> write) {
  std::string message;
  {
    std::unique_ptr<llvm::ToolOutputFile> out = openOutputFile(path, &message);
    if (!out)
      fail(message);
    write(out->os());
    out->os().flush();
    if (!out->os().has_error()) {
      out->keep();
      return;
    }
    message =
        "cannot write '" + path.str() + "': " + out->os().error().message();
    out->os().clear_error();
  } // Not kept: the file is removed here.
  fail(message);
}

func::FuncOp findEntry(ModuleOp module) {
  SmallVector<func::FuncOp> candidates;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isExternal() && func.isPublic())
      candidates.push_back(func);
  auto names = [&] {
    std::string list;
    for (func::FuncOp func : candidates)
      list += (list.empty() ? "@" : ", @") + func.getSymName().str();
    return list.empty() ? std::string("none") : list;
  };
  if (!entry.empty()) {
    for (func::FuncOp func : candidates)
      if (func.getSymName() == entry)
        return func;
    fail("no public function named '" + entry + "' in " + inputFile +
         " (functions: " + names() + ")");
  }
  if (candidates.size() == 1)
    return candidates.front();
  // A differentiated module holds the model and its training step: the
  // step, when there is one, is what is meant.
  SmallVector<func::FuncOp> gradients;
  for (func::FuncOp func : candidates)
    if (func->hasAttr(kPrimalAttr))
      gradients.push_back(func);
  if (gradients.size() == 1)
    return gradients.front();
  fail("the module has " + llvm::Twine(candidates.size()) +
       " public functions (" + names() + "): name one with --entry");
}

void printOutput(size_t index, const HostTensor &tensor) {
  double sum = 0, absSum = 0;
  for (int64_t i = 0, n = tensor.numElements(); i < n; ++i) {
    sum += tensor.at(i);
    absSum += std::fabs(tensor.at(i));
  }
  llvm::outs() << "output " << index << ": "
               << tensorTypeName(tensor.kind(), tensor.shape()) << " sum "
               << llvm::format("%.9g", sum) << " abs-sum "
               << llvm::format("%.9g", absSum) << " first [";
  for (int64_t i = 0, n = std::min<int64_t>(tensor.numElements(), printCount);
       i < n; ++i)
    llvm::outs() << (i ? ", " : "") << llvm::format("%.7g", tensor.at(i));
  llvm::outs() << "]\n";
}

} // namespace

static int runMain(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(runOptions);
  // Options in REMAT_RUN_OPTIONS come before the command line's (a test
  // suite can set --opt-level for every run, a command can still override it).
  cl::ParseCommandLineOptions(argc, argv,
                              "remat-run: run a compiled function\n\n"
                              "Options are also read from the environment "
                              "variable REMAT_RUN_OPTIONS, before the "
                              "command line's.\n",
                              nullptr, nullptr, "REMAT_RUN_OPTIONS");
  checkOptions();
  bool aheadOfTime =
      !emitObject.empty() || !emitHeader.empty() || !emitShared.empty();
  bool onGpu = target == "gpu";

  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  remat::registerRematDialects(registry);
  MLIRContext context(registry);

  std::string error;
  auto file = openInputFile(inputFile, &error);
  if (!file)
    fail(error);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    fail("cannot parse " + inputFile);
  // No value may exceed what the runner allocates for one tensor: a larger
  // constant or intermediate would exhaust memory while it is compiled or
  // run (LLVM aborts on the allocation).
  WalkResult tooLarge = module->walk([&](Operation *op) {
    for (Value result : op->getResults()) {
      auto type = dyn_cast<RankedTensorType>(result.getType());
      if (!type || !type.hasStaticShape())
        continue;
      // Element types without a size are left to the signature checks.
      if (!getElementBytes(type.getElementType()))
        continue;
      std::optional<int64_t> bytes = getTypeBytes(type);
      if (bytes && *bytes <= kMaxTensorBytes)
        continue;
      op->emitError("remat-run cannot run a value of type ")
          << type << ": it is larger than the runner's limit of "
          << kMaxTensorBytes << " B (1 TiB) per tensor";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (tooLarge.wasInterrupted())
    fail("cannot run " + inputFile);

  // Signatures come from the IR before lowering (tensor types, planned peak).
  // Ahead of time every public function is compiled and declared: --entry
  // matters only to a run.
  func::FuncOp entryFunc;
  std::optional<FunctionSignature> signature;
  if (!aheadOfTime || !entry.empty() || checkGradientsFlag) {
    entryFunc = findEntry(*module);
    FailureOr<FunctionSignature> entrySignature = readSignature(entryFunc);
    if (failed(entrySignature))
      fail("unsupported signature of @" + entryFunc.getSymName());
    signature = *entrySignature;
  }
  std::vector<FunctionSignature> allSignatures;
  if (!emitHeader.empty())
    for (auto func : module->getOps<func::FuncOp>())
      if (func.isPublic() && !func.isExternal()) {
        FailureOr<FunctionSignature> sig = readSignature(func);
        if (failed(sig))
          fail("unsupported signature of @" + func.getSymName());
        allSignatures.push_back(*sig);
      }

  // What a run compiles: the entry, and for a gradient check its primal and
  // the primal's f32 reference (with what they reach).
  SmallVector<func::FuncOp> runRoots = {entryFunc};
  // The primal of a gradient function, when checking gradients.
  std::optional<FunctionSignature> primalSignature, referenceSignature;
  std::optional<ElementKind> sixteenBitKind;
  SmallVector<int64_t> wrt;
  if (checkGradientsFlag) {
    auto primalRef = entryFunc->getAttrOfType<FlatSymbolRefAttr>(kPrimalAttr);
    auto wrtAttr = entryFunc->getAttrOfType<DenseI64ArrayAttr>(kWrtAttr);
    if (!primalRef || !wrtAttr)
      fail("--check-gradients: @" + entryFunc.getSymName() +
           " is not a gradient function made by remat-autodiff (no "
           "remat.primal / remat.wrt attributes)");
    auto primal = module->lookupSymbol<func::FuncOp>(primalRef.getValue());
    if (!primal)
      fail("--check-gradients: the primal @" + primalRef.getValue() +
           " is not in the module");
    if (primal.isExternal())
      fail("--check-gradients: the primal @" + primal.getSymName() + " of @" +
           entryFunc.getSymName() + " is a declaration without a body");
    FailureOr<FunctionSignature> sig = readSignature(primal);
    if (failed(sig))
      fail("unsupported signature of @" + primal.getSymName());
    primalSignature = *sig;
    runRoots.push_back(primal);
    wrt.assign(wrtAttr.asArrayRef().begin(), wrtAttr.asArrayRef().end());
    if (llvm::Error err =
            checkGradientSignatures(*primalSignature, *signature, wrt))
      fail("--check-gradients: " + llvm::toString(std::move(err)));
    // A 16-bit loss, or a loss computed through 16-bit values, cannot
    // resolve a small step: finite differences are taken of an f32 copy of
    // the primal, at the same 16-bit point.
    sixteenBitKind = sixteenBitKindIn(primal);
    if (sixteenBitKind) {
      llvm::Expected<func::FuncOp> copy = makeF32Reference(primal);
      if (!copy)
        fail("--check-gradients: " + llvm::toString(copy.takeError()));
      FailureOr<FunctionSignature> refSig = readSignature(*copy);
      if (failed(refSig))
        fail("unsupported signature of @" + copy->getSymName());
      referenceSignature = *refSig;
      runRoots.push_back(*copy);
    }
  }
  // Refuse tensors too large to allocate before compiling anything.
  if (!aheadOfTime) {
    if (llvm::Error err = checkTensorSizes(*signature))
      fail(llvm::toString(std::move(err)));
    if (primalSignature)
      if (llvm::Error err = checkTensorSizes(*primalSignature))
        fail(llvm::toString(std::move(err)));
  }

  // A run compiles only what it calls; ahead of time, every public function
  // is compiled.
  if (!aheadOfTime)
    eraseFunctionsUnreachableFrom(*module, runRoots);

  bool lowered = needsLowering(*module);
  if (lowered && onGpu) {
    GpuPipelineOptions options;
    if (optLevel.getNumOccurrences())
      options.optLevel = optLevel;
    if (failed(lowerForGpu(*module, options)))
      fail(inputFile + " failed to lower with remat-lower-gpu (see the "
                       "errors above)");
  } else if (lowered) {
    CpuPipelineOptions options;
    options.vectorize = !noVectorize;
    options.cpu = cpuName;
    options.cpuFeatures = cpuFeatures;
    if (failed(lowerForCpu(*module, options)))
      fail(inputFile + " failed to lower with remat-lower-cpu (see the "
                       "errors above)");
  }
  if (!loweredOutput.empty())
    writeOutputFile(loweredOutput,
                    [&](llvm::raw_ostream &os) { module->print(os); });
  if (!emitHeader.empty())
    writeOutputFile(emitHeader, [&](llvm::raw_ostream &os) {
      os << emitCHeader(allSignatures, inputFile);
    });
  if (!emitObject.empty()) {
    if (llvm::Error err = emitObjectFile(*module, emitObject, optLevel))
      fail(llvm::toString(std::move(err)));
  }
  if (!emitShared.empty()) {
    if (llvm::Error err = emitSharedLibrary(*module, emitShared, optLevel))
      fail(llvm::toString(std::move(err)));
  }
  if (aheadOfTime)
    return 0;

  auto compiled = CompiledModule::compile(*module, optLevel);
  if (!compiled)
    fail("JIT compilation failed: " + llvm::toString(compiled.takeError()));

  if (checkGradientsFlag) {
    GradientCheckOptions options;
    options.epsilon = fdEpsilon;
    options.directions = fdSamples;
    options.coordinates = fdCoordinates;
    if (fdRtol.getNumOccurrences())
      options.rtol = fdRtol;
    options.computeKind = sixteenBitKind;
    options.atol = fdAtol;
    options.seed = seed;
    auto checked = checkGradients(
        **compiled, *primalSignature, *signature, wrt, options, llvm::outs(),
        referenceSignature ? &*referenceSignature : nullptr);
    if (!checked)
      fail("--check-gradients: " + llvm::toString(checked.takeError()));
    return checked->passed ? 0 : 1;
  }

  // Arguments, in tracked memory: they are resident for the whole call, as
  // the planner counts them.
  std::vector<HostTensor> tensors;
  std::vector<int64_t> scalars;
  size_t tensorIndex = 0;
  for (auto [i, spec] : llvm::enumerate(signature->arguments)) {
    if (spec.scalar) {
      scalars.push_back(static_cast<int64_t>(seed));
      continue;
    }
    llvm::Expected<HostTensor> tensor =
        HostTensor::create(spec.kind, spec.shape);
    if (!tensor)
      fail("argument #" + llvm::Twine(i) + " of @" + signature->name + ": " +
           llvm::toString(tensor.takeError()));
    if (!inputs.empty()) {
      if (tensorIndex >= inputs.size())
        fail("--inputs names " + llvm::Twine(inputs.size()) + " files but @" +
             signature->name + " takes more tensors");
      if (auto err = readNpy(inputs[tensorIndex], *tensor))
        fail(*err);
    } else {
      fillDeterministic(*tensor, seed * 1000003 + i, spec.intBound);
    }
    ++tensorIndex;
    tensors.push_back(std::move(*tensor));
  }
  if (!inputs.empty() && tensorIndex != inputs.size())
    fail("--inputs names " + llvm::Twine(inputs.size()) + " files but @" +
         signature->name + " takes " + llvm::Twine(tensorIndex) + " tensors");
  // Before the call: compiled code may reuse an argument's buffer in place.
  if (!saveInputs.empty())
    for (auto [i, tensor] : llvm::enumerate(tensors))
      if (auto err = writeNpy(saveInputs + std::to_string(i) + ".npy", tensor))
        fail(*err);

  std::vector<double> times, cpuTimes, deviceTimes;
  std::vector<HostTensor> results;
  int64_t measuredPeak = 0, hostPeak = 0;
  for (unsigned run = 0; run < std::max(1u, repeat.getValue()); ++run) {
    results.clear();
    remat_runtime_reset_peak();
    remat_gpu_reset_peak();
    auto start = std::chrono::steady_clock::now();
    double cpuStart = threadCpuMilliseconds();
    bool timed = onGpu && remat_gpu_timer_start();
    if (llvm::Error err =
            onGpu ? (*compiled)->invokeOnDevice(*signature, tensors, scalars,
                                                results)
                  : (*compiled)->invoke(*signature, tensors, scalars, results))
      fail("calling @" + signature->name +
           " failed: " + llvm::toString(std::move(err)));
    auto end = std::chrono::steady_clock::now();
    cpuTimes.push_back(threadCpuMilliseconds() - cpuStart);
    if (timed)
      if (double ms = remat_gpu_timer_stop_ms(); ms >= 0)
        deviceTimes.push_back(ms);
    times.push_back(
        std::chrono::duration<double, std::milli>(end - start).count());
    if (run == 0) {
      measuredPeak =
          onGpu ? remat_gpu_peak_bytes() : remat_runtime_peak_bytes();
      hostPeak = onGpu ? remat_gpu_peak_host_bytes()
                       : remat_runtime_peak_host_bytes();
    }
  }

  std::string how;
  if (lowered && onGpu)
    how = " (lowered with remat-lower-gpu, run on the GPU; times include the "
          "copies)";
  else if (lowered) {
    CpuTarget cpuTarget = getModuleCpuTarget(*module);
    how = " (lowered with remat-lower-cpu for " + cpuTarget.cpu + ", " +
          getFamilyName(cpuTarget.family()).str() + " kernels)";
  }
  llvm::outs() << "@" << signature->name << " from " << inputFile << how
               << "\n";
  for (auto [i, result] : llvm::enumerate(results)) {
    printOutput(i, result);
    if (!saveOutputs.empty())
      if (auto err = writeNpy(saveOutputs + std::to_string(i) + ".npy", result))
        fail(*err);
  }
  // The first call also pays for first-touch page faults of fresh memory;
  // later calls show the steady state.
  double first = times.front();
  std::sort(times.begin(), times.end());
  llvm::outs() << "time: " << llvm::format("%.3f", times.front()) << " ms min, "
               << llvm::format("%.3f", times[times.size() / 2])
               << " ms median over " << times.size() << " run(s), first "
               << llvm::format("%.3f", first) << " ms\n";
  // CPU time of the calling thread: what the code costs when other
  // processes share the machine (wall time then includes waiting).
  std::sort(cpuTimes.begin(), cpuTimes.end());
  llvm::outs() << "cpu time: " << llvm::format("%.3f", cpuTimes.front())
               << " ms min, "
               << llvm::format("%.3f", cpuTimes[cpuTimes.size() / 2])
               << " ms median\n";
  // On the GPU: CUDA events from the compiled code's first stream command
  // to its last synchronization (the argument and result copies excluded).
  if (!deviceTimes.empty()) {
    std::sort(deviceTimes.begin(), deviceTimes.end());
    llvm::outs() << "device time: "
                 << llvm::format("%.3f", deviceTimes.front()) << " ms min, "
                 << llvm::format("%.3f", deviceTimes[deviceTimes.size() / 2])
                 << " ms median (CUDA events, copies of arguments and "
                    "results excluded)\n";
  }
  // Constants are globals in compiled code, not heap allocations, but the
  // planner counts them as resident: add them to compare like with like.
  std::optional<int64_t> measuredWithConstants =
      llvm::checkedAdd(measuredPeak, signature->plannedConstantBytes);
  if (!measuredWithConstants)
    fail("the measured peak (" + llvm::Twine(measuredPeak) +
         " B) plus 'remat.planned_constant_bytes' of @" + signature->name +
         " (" + llvm::Twine(signature->plannedConstantBytes) +
         " B) does not fit in 64 bits");
  int64_t measured = *measuredWithConstants;
  llvm::outs() << "memory: measured peak " << measured << " B ("
               << formatBytes(measured) << ")";
  if (signature->plannedConstantBytes)
    llvm::outs() << " incl. " << signature->plannedConstantBytes
                 << " B of constants";
  llvm::outs() << ", host peak " << hostPeak << " B";
  if (signature->plannedHostPeak)
    llvm::outs() << " (planned " << *signature->plannedHostPeak << " B)";
  if (signature->plannedPeak) {
    llvm::outs() << "; planned peak " << *signature->plannedPeak << " B ("
                 << formatBytes(*signature->plannedPeak) << ")";
    if (signature->plannedTarget != target)
      llvm::outs() << " for target=" << signature->plannedTarget;
    llvm::outs() << ", measured/planned "
                 << llvm::format("%.4f", static_cast<double>(measured) /
                                             static_cast<double>(
                                                 *signature->plannedPeak));
  }
  llvm::outs() << "\n";

  int status = 0;
  if (checkMemory >= 0) {
    if (!signature->plannedPeak)
      fail("--check-memory: @" + signature->name +
           " has no planned peak (run remat-rematerialize first)");
    // A plan sized for one target's buffers and temporaries says nothing
    // exact about another's.
    if (signature->plannedTarget != target)
      fail("--check-memory: @" + signature->name + " was planned for target=" +
           signature->plannedTarget + " (remat.planned_target) but runs with "
           "--target=" + target + "; plan it with remat-rematerialize "
           "target=" + target);
    double deviation =
        std::fabs(static_cast<double>(measured) /
                      static_cast<double>(*signature->plannedPeak) -
                  1.0);
    bool withinBudget = !signature->budget || measured <= *signature->budget;
    bool closeToPlan = deviation <= checkMemory;
    // Host bytes (offloaded values) against the plan's, with the same
    // tolerance, when the plan says how many.
    std::optional<double> hostDeviation;
    if (signature->plannedHostPeak)
      hostDeviation =
          *signature->plannedHostPeak == 0
              ? (hostPeak == 0 ? 0.0 : 1.0)
              : std::fabs(static_cast<double>(hostPeak) /
                              static_cast<double>(*signature->plannedHostPeak) -
                          1.0);
    bool hostCloseToPlan = !hostDeviation || *hostDeviation <= checkMemory;
    llvm::outs() << (withinBudget && closeToPlan && hostCloseToPlan ? "PASS"
                                                                    : "FAIL")
                 << " memory: measured " << measured << " B";
    if (signature->budget)
      llvm::outs() << (withinBudget ? " <= " : " > ") << "budget "
                   << *signature->budget << " B";
    llvm::outs() << ", " << llvm::format("%.2f%%", 100 * deviation)
                 << " from the plan";
    if (hostDeviation)
      llvm::outs() << "; host " << hostPeak << " B, "
                   << llvm::format("%.2f%%", 100 * *hostDeviation)
                   << " from the plan";
    llvm::outs() << " (tolerance "
                 << llvm::format("%.2f%%", 100 * checkMemory.getValue())
                 << ")\n";
    if (!withinBudget || !closeToPlan || !hostCloseToPlan)
      status = 1;
  }
  if (!expectOutputs.empty()) {
    for (auto [i, result] : llvm::enumerate(results)) {
      llvm::Expected<HostTensor> expected =
          HostTensor::create(result.kind(), result.shape());
      if (!expected)
        fail("output " + llvm::Twine(i) + ": " +
             llvm::toString(expected.takeError()));
      std::string path = expectOutputs + std::to_string(i) + ".npy";
      if (auto err = readNpy(path, *expected))
        fail(*err);
      bool same = std::memcmp(expected->data(), result.data(),
                              static_cast<size_t>(result.sizeInBytes())) == 0;
      if (same) {
        llvm::outs() << "PASS output " << i << " is bitwise identical to "
                     << path << "\n";
        continue;
      }
      std::optional<double> difference =
          expectTolerance > 0 ? relativeDifference(*expected, result)
                              : std::nullopt;
      bool close = difference && *difference <= expectTolerance;
      llvm::outs() << (close ? "PASS" : "FAIL") << " output " << i
                   << " differs from " << path;
      if (expectTolerance > 0) {
        if (difference)
          llvm::outs() << " by " << formatNumber(*difference)
                       << " of its largest magnitude";
        else
          llvm::outs() << " in where its NaNs or infinities are";
        llvm::outs() << " (tolerance " << formatNumber(expectTolerance) << ")";
      }
      llvm::outs() << "\n";
      if (!close)
        status = 1;
    }
  }
  return status;
}

// Deeply nested IR would overflow the default stack in MLIR's recursive
// parser and walks (LargeStack.h).
int main(int argc, char **argv) {
  return remat::runOnLargeStack([&] { return runMain(argc, argv); });
}
