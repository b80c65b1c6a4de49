//===- Runner.cpp - compile and run remat functions on the CPU ------------===//

#include "remat/Runner/Runner.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/CRunnerUtils.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "remat/Dialect/Remat/IR/RematOps.h"
#include "remat/Pipelines/CPU/CpuTarget.h"
#include "remat/Runtime/GpuRuntime.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

using namespace mlir;
using namespace remat;

/// The element kind and shape of `type`, or an error sentence.
static FailureOr<ValueSpec> specOf(Type type) {
  ValueSpec spec;
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    if (!tensor.hasStaticShape())
      return failure();
    auto kind = elementKindOf(tensor.getElementType());
    if (!kind)
      return failure();
    spec.kind = *kind;
    spec.shape.assign(tensor.getShape().begin(), tensor.getShape().end());
    return spec;
  }
  if (type.isSignlessInteger(64)) {
    spec.kind = ElementKind::I64;
    spec.scalar = true;
    return spec;
  }
  return failure();
}

/// Reads the byte count `name` that remat-rematerialize wrote on `func`
/// into `count` (left alone when the attribute is absent); emits an error
/// naming the attribute when it is not an integer from 0 to 2^63-1.
static LogicalResult readByteCount(func::FuncOp func, StringRef name,
                                   std::optional<int64_t> &count) {
  Attribute attr = func->getAttr(name);
  if (!attr)
    return success();
  auto integer = dyn_cast<IntegerAttr>(attr);
  if (integer && isa<IntegerType, IndexType>(integer.getType())) {
    llvm::APInt value = integer.getValue();
    bool negative =
        !integer.getType().isUnsignedInteger() && value.isNegative();
    if (!negative && value.getActiveBits() <= 63) {
      count = static_cast<int64_t>(value.getZExtValue());
      return success();
    }
  }
  return func.emitError("remat-run cannot use '")
         << name << "' = " << attr
         << ": expected a byte count from 0 to 2^63-1";
}

FailureOr<FunctionSignature> remat::readSignature(func::FuncOp func) {
  FunctionSignature signature;
  signature.name = func.getSymName().str();
  if (func.isExternal())
    return func.emitError("remat-run cannot call @")
           << func.getSymName() << ": it is a declaration without a body";
  for (BlockArgument arg : func.getArguments()) {
    FailureOr<ValueSpec> spec = specOf(arg.getType());
    if (failed(spec))
      return func.emitError("remat-run cannot pass argument #")
             << arg.getArgNumber() << " of type " << arg.getType()
             << ": expected a statically shaped tensor of f32, f16, bf16, "
                "i32 or i64, or an i64 scalar";
    if (!spec->scalar && !tensorBytes(spec->kind, spec->shape))
      return func.emitError("remat-run cannot pass argument #")
             << arg.getArgNumber() << " of type " << arg.getType()
             << ": its size in bytes does not fit in 64 bits";
    // Integer tensors feeding a lookup get values in range.
    for (Operation *user : arg.getUsers()) {
      if (auto ce = dyn_cast<CrossEntropyOp>(user); ce && ce.getLabels() == arg)
        spec->intBound = ce.getLogits().getType().getShape().back();
      if (auto emb = dyn_cast<EmbeddingOp>(user); emb && emb.getIds() == arg)
        spec->intBound = emb.getTable().getType().getDimSize(0);
    }
    signature.arguments.push_back(*spec);
  }
  for (auto [i, type] : llvm::enumerate(func.getResultTypes())) {
    FailureOr<ValueSpec> spec = specOf(type);
    if (failed(spec) || spec->scalar)
      return func.emitError("remat-run cannot return result #")
             << i << " of type " << type
             << ": expected a statically shaped tensor of f32, f16, bf16, "
                "i32 or i64";
    if (!tensorBytes(spec->kind, spec->shape))
      return func.emitError("remat-run cannot return result #")
             << i << " of type " << type
             << ": its size in bytes does not fit in 64 bits";
    signature.results.push_back(*spec);
  }
  std::optional<int64_t> constantBytes;
  if (failed(
          readByteCount(func, "remat.planned_peak", signature.plannedPeak)) ||
      failed(
          readByteCount(func, "remat.planned_constant_bytes", constantBytes)) ||
      failed(readByteCount(func, "remat.planned_host_peak",
                           signature.plannedHostPeak)) ||
      failed(readByteCount(func, "remat.budget", signature.budget)))
    return failure();
  signature.plannedConstantBytes = constantBytes.value_or(0);
  if (Attribute target = func->getAttr("remat.planned_target")) {
    auto name = dyn_cast<StringAttr>(target);
    if (!name)
      return func.emitError("'remat.planned_target' must be a string (the "
                            "target= remat-rematerialize planned for), got ")
             << target;
    signature.plannedTarget = name.str();
  }
  return signature;
}

llvm::Error remat::checkTensorSizes(const FunctionSignature &signature) {
  for (auto [i, spec] : llvm::enumerate(signature.arguments))
    if (!spec.scalar)
      if (std::optional<std::string> error =
              tensorSizeError(spec.kind, spec.shape))
        return llvm::createStringError("argument #" + std::to_string(i) +
                                       " of @" + signature.name + ": " +
                                       *error);
  for (auto [i, spec] : llvm::enumerate(signature.results))
    if (std::optional<std::string> error =
            tensorSizeError(spec.kind, spec.shape))
      return llvm::createStringError("result #" + std::to_string(i) + " of @" +
                                     signature.name + ": " + *error);
  return llvm::Error::success();
}

bool remat::needsLowering(ModuleOp module) {
  bool foreign = false;
  module.walk([&](Operation *op) {
    if (op != module.getOperation() &&
        !isa<LLVM::LLVMDialect>(op->getDialect()))
      foreign = true;
  });
  return foreign;
}

void remat::eraseFunctionsUnreachableFrom(ModuleOp module,
                                          ArrayRef<func::FuncOp> roots) {
  // A worklist over the functions reached so far (no recursion: call chains
  // may be deep).
  SymbolTable symbols(module);
  llvm::SmallPtrSet<Operation *, 16> reached;
  SmallVector<func::FuncOp> worklist;
  for (func::FuncOp root : roots)
    if (root && reached.insert(root).second)
      worklist.push_back(root);
  while (!worklist.empty()) {
    func::FuncOp func = worklist.pop_back_val();
    std::optional<SymbolTable::UseRange> uses =
        SymbolTable::getSymbolUses(func);
    // An op that may hold an unknown symbol table: keep every function.
    if (!uses)
      return;
    for (const SymbolTable::SymbolUse &use : *uses) {
      auto callee =
          symbols.lookup<func::FuncOp>(use.getSymbolRef().getRootReference());
      if (callee && reached.insert(callee).second)
        worklist.push_back(callee);
    }
  }
  for (auto func : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
    if (!reached.contains(func))
      func.erase();
}

//===----------------------------------------------------------------------===//
// Symbol names
//===----------------------------------------------------------------------===//

/// The C math functions, without their f/l suffix: the lowering calls some
/// of them (convert-math-to-libm: expf, tanhf, erff, ...), and LLVM's code
/// generator calls others for intrinsics it cannot expand (llvm.exp.f32 ->
/// expf, llvm.pow, llvm.sin, llvm.round, frem -> fmodf, ...).
static constexpr llvm::StringLiteral kMathFunctions[] = {
    "acos",      "acosh",     "asin",         "asinh",     "atan",
    "atan2",     "atanh",     "cbrt",         "ceil",      "copysign",
    "cos",       "cosh",      "erf",          "erfc",      "exp",
    "exp10",     "exp2",      "expm1",        "fabs",      "fdim",
    "floor",     "fma",       "fmax",         "fmaximum",  "fmaximum_num",
    "fmin",      "fminimum",  "fminimum_num", "fmod",      "frexp",
    "hypot",     "ilogb",     "ldexp",        "lgamma",    "llrint",
    "llround",   "log",       "log10",        "log1p",     "log2",
    "logb",      "lrint",     "lround",       "modf",      "nan",
    "nearbyint", "nextafter", "nexttoward",   "pow",       "remainder",
    "remquo",    "rint",      "round",        "roundeven", "scalbln",
    "scalbn",    "sin",       "sincos",       "sinh",      "sqrt",
    "tan",       "tanh",      "tgamma",       "trunc"};

/// Other functions compiled code may call: the C library's memory functions
/// (LLVM turns copy and fill loops into memcpy/memset), MLIR's runner
/// utilities (memrefCopy for strided copies, the vector.print helpers).
static constexpr llvm::StringLiteral kRuntimeFunctions[] = {
    "abort",      "aligned_alloc", "bcmp",      "bzero",          "calloc",
    "exit",       "free",          "malloc",    "memcmp",         "memcpy",
    "memmove",    "memrefCopy",    "memset",    "posix_memalign", "printBF16",
    "printClose", "printComma",    "printF16",  "printF32",       "printF64",
    "printI64",   "printNewline",  "printOpen", "printString",    "printU64",
    "realloc"};

/// Whether compiled code may call a function named `name` that is not the
/// module's own: a user definition of that name would capture the calls
/// (a user @expf made remat.exp recurse into itself). Besides the names
/// above: the compiler runtime (__truncsfhf2 for f16, ...; C reserves
/// names starting with "__"), MLIR's generated wrappers and allocator
/// (_mlir_ciface_*, _mlir_memref_to_llvm_alloc, ...), remat's runtime
/// (remat_runtime_*) and the GPU wrappers (mgpu*).
static bool isReservedSymbolName(StringRef name) {
  if (name.starts_with("__") || name.starts_with("_mlir_") ||
      name.starts_with("remat_runtime_") || name.starts_with("mgpu"))
    return true;
  if (llvm::is_contained(kRuntimeFunctions, name))
    return true;
  StringRef base = name;
  if (base.ends_with("f") || base.ends_with("l")) {
    // "fmodf" -> "fmod", but also "modf" itself.
    if (llvm::is_contained(kMathFunctions, base))
      return true;
    base = base.drop_back();
  }
  return llvm::is_contained(kMathFunctions, base);
}

/// Whether `name` is made of the characters of a C identifier (it follows
/// the "_mlir_ciface_" prefix, so it may start with a digit).
static bool isIdentifierTail(StringRef name) {
  return !name.empty() && llvm::all_of(name, [](char c) {
    return llvm::isAlnum(c) || c == '_';
  });
}

std::string remat::cInterfaceName(StringRef name) {
  std::string result = "_mlir_ciface_";
  if (isIdentifierTail(name))
    return result + name.str();
  // Other bytes as _xHH: "my-fn" -> "my_x2dfn".
  for (unsigned char c : name) {
    if (llvm::isAlnum(c) || c == '_') {
      result += static_cast<char>(c);
      continue;
    }
    result += "_x";
    result += llvm::hexdigit(c >> 4, /*LowerCase=*/true);
    result += llvm::hexdigit(c & 15, /*LowerCase=*/true);
  }
  return result;
}

/// Fails, with an error on each, for functions `module` defines under a
/// name compiled code calls for something else (isReservedSymbolName).
/// Globals are left alone: the lowering names its constants __constant_*.
static LogicalResult checkReservedNames(ModuleOp module) {
  bool ok = true;
  for (auto func : module.getOps<FunctionOpInterface>()) {
    StringRef name = func.getName();
    // The lowering's own C-interface wrappers.
    if (func.isExternal() || !isReservedSymbolName(name) ||
        (isa<LLVM::LLVMFuncOp>(func) && name.starts_with("_mlir_ciface_")))
      continue;
    mlir::emitError(func.getLoc(), "@")
        << name
        << " has the name of a library function that "
           "compiled code calls, which it would capture; "
           "rename it";
    ok = false;
  }
  return success(ok);
}

/// Renames the functions `module` defines under reserved names (a user
/// @expf) to fresh names of their own, so that the calls the lowering and
/// LLVM make to the library functions do not bind to them. Returns, for
/// each public function, its name now and the name it had.
static llvm::SmallVector<std::pair<std::string, std::string>>
renameReservedFunctions(ModuleOp module) {
  llvm::SmallVector<std::pair<std::string, std::string>> publicNames;
  SymbolTable symbols(module);
  for (auto func :
       llvm::make_early_inc_range(module.getOps<FunctionOpInterface>())) {
    std::string original = func.getName().str();
    if (!func.isExternal() && isReservedSymbolName(original)) {
      // A prefix: the name must not start with "__" or "_mlir_" either.
      std::string fresh = "remat.user." + original;
      for (unsigned i = 1; symbols.lookup(fresh); ++i)
        fresh = "remat.user" + std::to_string(i) + "." + original;
      if (failed(symbols.rename(func,
                                StringAttr::get(module.getContext(), fresh))))
        continue;
    }
    if (func.isPublic() && !func.isExternal())
      publicNames.push_back({func.getName().str(), original});
  }
  return publicNames;
}

/// Fails, with an error on the second, when two public functions of
/// `module` would have the same C-interface name (@"my-fn" and @my_x2dfn).
static LogicalResult checkCInterfaceNames(ModuleOp module) {
  llvm::StringMap<func::FuncOp> seen;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (!func.isPublic() || func.isExternal())
      continue;
    std::string name = cInterfaceName(func.getSymName());
    auto [it, inserted] = seen.try_emplace(name, func);
    if (inserted)
      continue;
    mlir::emitError(func.getLoc(), "@")
        << func.getSymName() << " and @" << it->second.getSymName()
        << " have the same C-interface name, " << name << "; rename one";
    return failure();
  }
  return success();
}

/// Runs `build`'s pipeline on `module` and names its C interfaces as
/// cInterfaceName says; then fails, with an error on the first, when an op
/// outside the LLVM dialect (and, for `gpu`, the GPU dialect's binaries and
/// launches, which the LLVM IR translation handles) is left.
static LogicalResult
lowerWith(ModuleOp module, llvm::StringRef pipeline, llvm::StringRef target,
          llvm::function_ref<void(OpPassManager &)> build, bool gpu) {
  if (failed(checkCInterfaceNames(module)))
    return failure();
  // Functions named like the library functions compiled code calls get
  // names of their own; their C interface keeps the name they had.
  auto publicNames = renameReservedFunctions(module);
  PassManager pm(module.getContext());
  build(pm);
  if (failed(pm.run(module)))
    return failure();
  // func-to-llvm names the wrapper of @f _mlir_ciface_f: rename it to
  // cInterfaceName of the name @f had (a C identifier, which the emitted
  // header declares and CompiledModule::invoke calls).
  SymbolTable symbols(module);
  for (auto &[now, original] : publicNames) {
    std::string generated = "_mlir_ciface_" + now;
    std::string wanted = cInterfaceName(original);
    if (generated == wanted)
      continue;
    Operation *wrapper = symbols.lookup(generated);
    if (!wrapper)
      continue;
    if (Operation *taken = symbols.lookup(wanted))
      return taken->emitError("@") << wanted << " is the C-interface name of @"
                                   << original << "; rename it";
    if (failed(symbols.rename(wrapper,
                              StringAttr::get(module.getContext(), wanted))))
      return wrapper->emitError("cannot rename the C interface of @")
             << original;
  }
  // Conversions are partial: an op nothing lowered is still there.
  Operation *left = nullptr;
  module.walk([&](Operation *op) {
    if (!left && op != module.getOperation() &&
        !isa<LLVM::LLVMDialect>(op->getDialect()) &&
        !(gpu && isa<gpu::GPUDialect>(op->getDialect())))
      left = op;
  });
  if (left)
    return left->emitError() << pipeline << " has no lowering for '"
                             << left->getName() << "' on the " << target;
  return success();
}

LogicalResult remat::lowerForCpu(ModuleOp module,
                                 const CpuPipelineOptions &options) {
  return lowerWith(
      module, "remat-lower-cpu", "CPU",
      [&](OpPassManager &pm) { buildCpuPipeline(pm, options); },
      /*gpu=*/false);
}

LogicalResult remat::lowerForGpu(ModuleOp module,
                                 const GpuPipelineOptions &options) {
  GpuPipelineOptions withEntryPoints;
  withEntryPoints.copyOptionValuesFrom(options);
  withEntryPoints.cInterface = true;
  return lowerWith(
      module, "remat-lower-gpu", "GPU",
      [&](OpPassManager &pm) { buildGpuPipeline(pm, withEntryPoints); },
      /*gpu=*/true);
}

//===----------------------------------------------------------------------===//
// Target machine
//===----------------------------------------------------------------------===//

/// The target machine for `module`: the CPU remat-lower-cpu compiled it for
/// (its llvm.target), else the host's. For the JIT, fails when the host
/// lacks a feature that CPU has: the code could die of an illegal
/// instruction. Code generation runs at -O`optLevel`; fails unless that is
/// 0 to 3.
static llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
targetMachine(ModuleOp module, bool forJit, unsigned optLevel) {
  std::optional<llvm::CodeGenOptLevel> level =
      llvm::CodeGenOpt::getLevel(static_cast<int>(std::min(optLevel, 4u)));
  if (!level)
    return llvm::createStringError("optimization level %u is not 0 to 3",
                                   optLevel);
  initializeNativeTargetOnce();
  llvm::InitializeNativeTargetAsmPrinter();
  std::optional<llvm::orc::JITTargetMachineBuilder> builder;
  if (module->hasAttr(LLVM::LLVMDialect::getTargetAttrName())) {
    CpuTarget target = getModuleCpuTarget(module);
    if (forJit) {
      std::vector<std::string> lacking = getFeaturesHostLacks(target);
      if (!lacking.empty())
        return llvm::createStringError(
            "the module is compiled for cpu '" + target.cpu +
            "', which this host (" + getHostCpuTarget().cpu +
            ") cannot run: it lacks " + llvm::join(lacking, ", ") +
            ". Compile it with cpu=host to run it here, or write an object "
            "for that CPU with --emit-object");
    }
    builder.emplace(llvm::Triple(target.triple));
    builder->setCPU(target.cpu);
    builder->addFeatures(target.features);
  } else {
    auto host = llvm::orc::JITTargetMachineBuilder::detectHost();
    if (!host)
      return host.takeError();
    builder.emplace(std::move(*host));
  }
  builder->setCodeGenOptLevel(*level);
  // Position-independent code: objects link into PIE executables and shared
  // libraries alike.
  builder->setRelocationModel(llvm::Reloc::PIC_);
  return builder->createTargetMachine();
}

//===----------------------------------------------------------------------===//
// JIT
//===----------------------------------------------------------------------===//

CompiledModule::~CompiledModule() = default;

/// The functions the JIT provides to compiled code besides the process's
/// own symbols.
static llvm::orc::SymbolMap
extraSymbols(llvm::orc::MangleAndInterner interner) {
  // memref.copy between strided views (tensor.pad, concat, offload/reload)
  // lowers to a call to memrefCopy from MLIR's C runner utils.
  llvm::orc::SymbolMap symbols;
  symbols[interner("memrefCopy")] = {
      llvm::orc::ExecutorAddr::fromPtr(&memrefCopy),
      llvm::JITSymbolFlags::Exported};
  return symbols;
}

/// Fails, with an error on each, for functions `module` declares, calls and
/// does not define when neither the JIT nor the process provides them:
/// ORC would report them among every symbol of the module it could not
/// materialize.
static LogicalResult checkDeclarationsResolve(ModuleOp module) {
  llvm::sys::DynamicLibrary process =
      llvm::sys::DynamicLibrary::getPermanentLibrary(nullptr);
  bool ok = true;
  for (auto func : module.getOps<FunctionOpInterface>()) {
    if (!func.isExternal() || func.getName() == "memrefCopy" ||
        SymbolTable::symbolKnownUseEmpty(func, module))
      continue;
    if (process.isValid() &&
        process.getAddressOfSymbol(func.getName().str().c_str()))
      continue;
    // On the location alone: the op, printed after lowering, is LLVM.
    mlir::emitError(func.getLoc(), "@")
        << func.getName()
        << " is declared but not defined in the module; remat-run cannot "
           "link external functions (define it in the module, or link the "
           "output of --emit-object yourself)";
    ok = false;
  }
  return success(ok);
}

llvm::Expected<std::unique_ptr<CompiledModule>>
CompiledModule::compile(ModuleOp module, unsigned optLevel) {
  if (failed(checkReservedNames(module)))
    return llvm::createStringError(
        "the module defines functions under the names of library functions "
        "(see the errors above)");
  if (failed(checkDeclarationsResolve(module)))
    return llvm::createStringError(
        "the module calls functions it does not define (see the errors "
        "above)");
  auto tm = targetMachine(module, /*forJit=*/true, optLevel);
  if (!tm)
    return tm.takeError();
  auto transformer = makeOptimizingTransformer(optLevel, 0, tm->get());
  ExecutionEngineOptions options;
  options.transformer = transformer;
  options.jitCodeGenOptLevel = (*tm)->getOptLevel();
  auto engine = ExecutionEngine::create(module, options, std::move(*tm));
  if (!engine)
    return engine.takeError();
  std::unique_ptr<CompiledModule> compiled(new CompiledModule());
  compiled->engine = std::move(*engine);
  compiled->engine->registerSymbols(extraSymbols);
  // ORC compiles a module when one of its symbols is first looked up; look
  // up an entry point now so that the first call does not pay for codegen.
  for (auto func : module.getOps<LLVM::LLVMFuncOp>()) {
    if (func.isExternal() || !func.getSymName().starts_with("_mlir_ciface_"))
      continue;
    if (auto entry = compiled->engine->lookupPacked(func.getSymName()); !entry)
      return entry.takeError();
    break;
  }
  return compiled;
}

llvm::Error CompiledModule::call(const FunctionSignature &signature,
                                 ArrayRef<void *> tensorDescriptors,
                                 ArrayRef<int64_t> scalars,
                                 std::vector<int64_t> &resultStorage) {
  // The C interface: an out-pointer to the result (or to a struct of
  // results) first, then a descriptor pointer per tensor argument and each
  // scalar by value.
  size_t resultWords = 0;
  for (const ValueSpec &spec : signature.results)
    resultWords += HostTensor::descriptorWords(spec.shape.size());
  resultStorage.assign(std::max<size_t>(resultWords, 1), 0);
  void *resultPointer = resultStorage.data();
  std::vector<void *> descriptors(tensorDescriptors.begin(),
                                  tensorDescriptors.end());
  std::vector<int64_t> scalarValues(scalars.begin(), scalars.end());
  llvm::SmallVector<void *> packed;
  if (!signature.results.empty())
    packed.push_back(&resultPointer);
  size_t nextTensor = 0, nextScalar = 0;
  for (const ValueSpec &spec : signature.arguments)
    packed.push_back(spec.scalar ? static_cast<void *>(
                                       &scalarValues[nextScalar++])
                                 : &descriptors[nextTensor++]);
  return engine->invokePacked(cInterfaceName(signature.name), packed);
}

llvm::Error CompiledModule::invoke(const FunctionSignature &signature,
                                   MutableArrayRef<HostTensor> tensors,
                                   ArrayRef<int64_t> scalars,
                                   std::vector<HostTensor> &results) {
  std::vector<void *> descriptors;
  for (HostTensor &tensor : tensors)
    descriptors.push_back(tensor.descriptor());
  std::vector<int64_t> resultStorage;
  if (llvm::Error error = call(signature, descriptors, scalars, resultStorage))
    return error;
  // Adopt the returned buffers; a result that is an argument's buffer is
  // not freed twice.
  size_t word = 0;
  for (const ValueSpec &spec : signature.results) {
    const int64_t *desc = &resultStorage[word];
    word += HostTensor::descriptorWords(spec.shape.size());
    HostTensor tensor = HostTensor::adopt(spec.kind, spec.shape, desc);
    for (HostTensor &arg : tensors)
      if (arg.allocation() == tensor.allocation())
        tensor.release();
    for (HostTensor &earlier : results)
      if (earlier.allocation() == tensor.allocation())
        tensor.release();
    results.push_back(std::move(tensor));
  }
  return llvm::Error::success();
}

llvm::Error CompiledModule::invokeOnDevice(const FunctionSignature &signature,
                                           MutableArrayRef<HostTensor> tensors,
                                           ArrayRef<int64_t> scalars,
                                           std::vector<HostTensor> &results) {
  auto runtimeError = [](llvm::StringRef what) {
    const char *first = remat_gpu_first_error();
    return llvm::createStringError(
        "%s: %s", what.str().c_str(),
        first ? first : "the GPU runtime reported no error");
  };
  // Device copies of the arguments, tracked (they count as the planner
  // counts them), each with a descriptor pointing at it.
  std::vector<void *> deviceArguments;
  auto freeArguments = [&] {
    for (void *ptr : deviceArguments)
      remat_gpu_free(ptr);
  };
  std::vector<std::vector<int64_t>> deviceDescriptors;
  deviceDescriptors.reserve(tensors.size());
  for (HostTensor &tensor : tensors) {
    void *device = remat_gpu_alloc(static_cast<uint64_t>(tensor.sizeInBytes()));
    if (!device ||
        !remat_gpu_copy_to_device(device, tensor.data(),
                                  static_cast<uint64_t>(tensor.sizeInBytes()))) {
      freeArguments();
      return runtimeError("cannot copy an argument to the device");
    }
    deviceArguments.push_back(device);
    const int64_t *host = static_cast<const int64_t *>(tensor.descriptor());
    std::vector<int64_t> descriptor(
        host, host + HostTensor::descriptorWords(tensor.shape().size()));
    descriptor[0] = reinterpret_cast<int64_t>(device);
    descriptor[1] = reinterpret_cast<int64_t>(device);
    descriptor[2] = 0;
    deviceDescriptors.push_back(std::move(descriptor));
  }

  std::vector<void *> descriptors;
  for (std::vector<int64_t> &descriptor : deviceDescriptors)
    descriptors.push_back(descriptor.data());
  std::vector<int64_t> resultStorage;
  if (llvm::Error error =
          call(signature, descriptors, scalars, resultStorage)) {
    freeArguments();
    return error;
  }
  if (remat_gpu_first_error()) {
    freeArguments();
    return runtimeError("the call failed on the device");
  }

  // Copy every result back, then free each device buffer once: a result
  // may be an argument's buffer, or another result's (a value returned
  // twice), so nothing is freed before the last copy. `buffers`: the
  // arguments', then each result's own, once.
  std::vector<void *> buffers(deviceArguments);
  size_t word = 0;
  llvm::Error failed = llvm::Error::success();
  for (const ValueSpec &spec : signature.results) {
    const int64_t *desc = &resultStorage[word];
    word += HostTensor::descriptorWords(spec.shape.size());
    void *allocation = reinterpret_cast<void *>(desc[0]);
    if (llvm::find(buffers, allocation) == buffers.end())
      buffers.push_back(allocation);
    llvm::Expected<HostTensor> tensor = HostTensor::create(spec.kind, spec.shape);
    if (!tensor) {
      failed = llvm::joinErrors(std::move(failed), tensor.takeError());
      continue;
    }
    int64_t elementBytes =
        tensor->numElements() ? tensor->sizeInBytes() / tensor->numElements()
                              : 0;
    const char *source =
        reinterpret_cast<const char *>(desc[1]) + desc[2] * elementBytes;
    if (!remat_gpu_copy_to_host(tensor->data(), source,
                                static_cast<uint64_t>(tensor->sizeInBytes())))
      failed = llvm::joinErrors(std::move(failed),
                                runtimeError("cannot copy a result back"));
    results.push_back(std::move(*tensor));
  }
  for (void *allocation : llvm::drop_begin(buffers, deviceArguments.size()))
    remat_gpu_free(allocation);
  freeArguments();
  return failed;
}

//===----------------------------------------------------------------------===//
// Ahead of time
//===----------------------------------------------------------------------===//

llvm::Error remat::emitObjectFile(ModuleOp module, llvm::StringRef path,
                                  unsigned optLevel) {
  if (failed(checkReservedNames(module)))
    return llvm::createStringError(
        "the module defines functions under the names of library functions "
        "(see the errors above)");
  auto tm = targetMachine(module, /*forJit=*/false, optLevel);
  if (!tm)
    return tm.takeError();
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, context);
  if (!llvmModule)
    return llvm::createStringError("cannot translate the module to LLVM IR");
  ExecutionEngine::setupTargetTripleAndDataLayout(llvmModule.get(), tm->get());
  if (llvm::Error error =
          makeOptimizingTransformer(optLevel, 0, tm->get())(llvmModule.get()))
    return error;
  // A ToolOutputFile removes the file unless kept: no partial object is
  // left behind when writing fails.
  std::error_code ec;
  llvm::ToolOutputFile out(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    return llvm::createStringError(ec, "cannot write '%s': %s",
                                   path.str().c_str(), ec.message().c_str());
  {
    // The object writer seeks back to patch what it wrote: buffer the object
    // when the file cannot seek (a pipe, a device), as llc does.
    std::unique_ptr<llvm::buffer_ostream> buffered;
    llvm::raw_pwrite_stream *os = &out.os();
    if (!out.os().supportsSeeking()) {
      buffered = std::make_unique<llvm::buffer_ostream>(out.os());
      os = buffered.get();
    }
    llvm::legacy::PassManager pm;
    if ((*tm)->addPassesToEmitFile(pm, *os, nullptr,
                                   llvm::CodeGenFileType::ObjectFile))
      return llvm::createStringError("the target cannot emit object files");
    pm.run(*llvmModule);
  } // The buffer, if any, is written to the file here.
  // Write errors (a full disk, /dev/full) show once the buffer is flushed;
  // clear them, or the stream's destructor reports a fatal error.
  out.os().flush();
  if (out.os().has_error()) {
    std::error_code writeError = out.os().error();
    out.os().clear_error();
    return llvm::createStringError(writeError, "cannot write '%s': %s",
                                   path.str().c_str(),
                                   writeError.message().c_str());
  }
  out.keep();
  return llvm::Error::success();
}

llvm::Error remat::emitSharedLibrary(ModuleOp module, llvm::StringRef path,
                                     unsigned optLevel) {
  llvm::SmallString<128> object;
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("remat", "o", object))
    return llvm::createStringError(ec, "cannot create a temporary file");
  llvm::FileRemover removeObject(object);
  if (llvm::Error error = emitObjectFile(module, object, optLevel))
    return error;
  llvm::ErrorOr<std::string> driver = llvm::sys::findProgramByName("clang-22");
  for (const char *name : {"clang", "cc"})
    if (!driver)
      driver = llvm::sys::findProgramByName(name);
  if (!driver)
    return llvm::createStringError(
        "no C compiler driver (clang-22, clang or cc) on PATH to link a "
        "shared library; use --emit-object and link it yourself");
  std::string output = path.str(), input = object.str().str();
  llvm::SmallVector<llvm::StringRef> args{*driver, "-shared", "-o", output,
                                          input};
  std::string message;
  if (llvm::sys::ExecuteAndWait(*driver, args, std::nullopt, {}, 0, 0,
                                &message) != 0)
    return llvm::createStringError("linking '%s' failed%s%s", output.c_str(),
                                   message.empty() ? "" : ": ",
                                   message.c_str());
  return llvm::Error::success();
}

static std::string cppElementType(ElementKind kind) {
  switch (kind) {
  case ElementKind::F32:
    return "float";
  case ElementKind::F16:
  case ElementKind::BF16:
    return "uint16_t";
  case ElementKind::I32:
    return "int32_t";
  case ElementKind::I64:
    return "int64_t";
  }
  return "void";
}

static std::string memrefType(const ValueSpec &spec) {
  return "StridedMemRefType<" + cppElementType(spec.kind) + ", " +
         std::to_string(spec.shape.size()) + ">";
}

static std::string describe(const ValueSpec &spec) {
  std::string text;
  for (int64_t d : spec.shape)
    text += std::to_string(d) + "x";
  return text + elementName(spec.kind).str();
}

std::string remat::emitCHeader(ArrayRef<FunctionSignature> signatures,
                               llvm::StringRef source) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "// Generated by remat-run from " << source
     << ". Do not edit.\n//\n"
        "// Entry points of the compiled functions, with the C interface of\n"
        "// MLIR's func-to-llvm: tensors are passed as StridedMemRefType\n"
        "// descriptors (16-bit floats as uint16_t bit patterns). Returned\n"
        "// buffers are allocated by the compiled code through\n"
        "// libRematRuntime; free them with remat_runtime_free(allocated).\n"
        "// Link the object with libRematRuntime and MLIR's\n"
        "// libmlir_c_runner_utils (memrefCopy, for strided copies).\n"
        "#pragma once\n#include <cstdint>\n"
        "#include \"mlir/ExecutionEngine/CRunnerUtils.h\"\n"
        "#include \"remat/Runtime/MemoryTracker.h\"\n\nextern \"C\" {\n";
  for (const FunctionSignature &sig : signatures) {
    // Escaped: a name may hold any byte, a newline too.
    os << "\n// @";
    llvm::printEscapedString(sig.name, os);
    os << "(";
    llvm::interleaveComma(sig.arguments, os, [&](const ValueSpec &s) {
      os << (s.scalar ? "i64" : describe(s));
    });
    os << ") -> (";
    llvm::interleaveComma(sig.results, os,
                          [&](const ValueSpec &s) { os << describe(s); });
    os << ")\n";
    std::string entryName = cInterfaceName(sig.name);
    std::string resultParam;
    if (sig.results.size() == 1) {
      resultParam = memrefType(sig.results[0]) + " *result";
    } else if (sig.results.size() > 1) {
      // The function's name as in its entry point (a C identifier).
      std::string structName =
          StringRef(entryName).drop_front(strlen("_mlir_ciface_")).str() +
          "_results";
      os << "struct " << structName << " {\n";
      for (auto [i, spec] : llvm::enumerate(sig.results))
        os << "  " << memrefType(spec) << " result" << i << ";\n";
      os << "};\n";
      resultParam = structName + " *results";
    }
    os << "void " << entryName << "(";
    bool first = true;
    if (!resultParam.empty()) {
      os << resultParam;
      first = false;
    }
    for (auto [i, spec] : llvm::enumerate(sig.arguments)) {
      os << (first ? "" : ", ");
      first = false;
      if (spec.scalar)
        os << "int64_t arg" << i;
      else
        os << memrefType(spec) << " *arg" << i;
    }
    os << ");\n";
  }
  os << "\n} // extern \"C\"\n";
  return text;
}
