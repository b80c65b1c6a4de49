//===- CpuTarget.cpp - the CPU remat-lower-cpu compiles for ---------------===//
//
// CPU names and features are LLVM's own (MCSubtargetInfo of the host's
// architecture): a target is a CPU name plus the features that differ from
// that CPU's defaults, which is what LLVM's `target-cpu`/`target-features`
// function attributes and a TargetMachine take. Which features are enabled
// is always asked of LLVM (a feature implies others: -avx2 also clears
// avx512f), never parsed here.
//
//===----------------------------------------------------------------------===//

#include "remat/Pipelines/CPU/CpuTarget.h"

#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <memory>

using namespace mlir;
using namespace remat;

namespace {

/// The subtarget LLVM derives for `cpu` with `features` on `triple`, or
/// null when the triple's target is not built in.
std::unique_ptr<llvm::MCSubtargetInfo>
createSubtarget(llvm::StringRef triple, llvm::StringRef cpu,
                llvm::StringRef features) {
  initializeNativeTargetOnce();
  std::string error;
  llvm::Triple parsed(triple);
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(parsed, error);
  if (!target)
    return nullptr;
  return std::unique_ptr<llvm::MCSubtargetInfo>(
      target->createMCSubtargetInfo(parsed, cpu, features));
}

/// The features of `sti` that differ from `cpu`'s defaults, signed.
std::vector<std::string> differingFeatures(const llvm::MCSubtargetInfo &sti,
                                           const llvm::MCSubtargetInfo &base) {
  std::vector<std::string> features;
  for (const llvm::SubtargetFeatureKV &kv : sti.getAllProcessorFeatures()) {
    bool on = sti.getFeatureBits().test(kv.Value);
    if (on != base.getFeatureBits().test(kv.Value))
      features.push_back((on ? "+" : "-") + std::string(kv.Key));
  }
  return features;
}

std::string joinFeatures(llvm::ArrayRef<std::string> features) {
  return llvm::join(features, ",");
}

/// The CPU names `sti`'s architecture knows, for messages.
std::string listCpus(const llvm::MCSubtargetInfo &sti) {
  std::string names = "host";
  for (const llvm::SubtargetSubTypeKV &kv : sti.getAllProcessorDescriptions())
    names += ", " + std::string(kv.Key);
  return names;
}

/// The closest of `candidates` to `name`, when close enough to be a typo.
template <typename Range>
std::string closest(llvm::StringRef name, const Range &candidates) {
  std::string best;
  unsigned bestDistance = 3;
  for (const auto &kv : candidates) {
    unsigned distance = name.edit_distance(kv.Key, true, bestDistance);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = kv.Key;
    }
  }
  return best;
}

/// Whether LLVM may emit instructions of feature `name` for code without
/// intrinsics: the vector extensions and the scalar ones instruction
/// selection uses.
bool isGeneratedInstructionSet(llvm::StringRef name) {
  static constexpr llvm::StringLiteral kPrefixes[] = {
      "sse",   "ssse3", "avx", "fma",  "f16c", "bmi",    "lzcnt",
      "popcnt", "movbe", "cx16", "sahf", "xop",  "tbm", "gfni",
      "vaes",  "vpclmulqdq", "pclmul", "aes", "sha", "adx", "amx",
      "apx",   "egpr",  "ndd",  "ccmp", "cf",   "ppx", "push2pop2", "zu"};
  return llvm::any_of(kPrefixes, [&](llvm::StringRef prefix) {
    return name.starts_with(prefix);
  });
}

} // namespace

/// Whether `sti` enables feature `name`.
static bool isEnabled(const llvm::MCSubtargetInfo &sti, llvm::StringRef name) {
  for (const llvm::SubtargetFeatureKV &kv : sti.getAllProcessorFeatures())
    if (name == kv.Key)
      return sti.getFeatureBits().test(kv.Value);
  return false;
}

bool CpuTarget::has(llvm::StringRef name) const {
  auto sti = createSubtarget(triple, cpu, joinFeatures(features));
  return sti && isEnabled(*sti, name);
}

CpuKernelFamily CpuTarget::family() const {
  if (!llvm::Triple(triple).isX86())
    return CpuKernelFamily::Portable;
  // One subtarget for every question.
  auto sti = createSubtarget(triple, cpu, joinFeatures(features));
  if (!sti)
    return CpuKernelFamily::Portable;
  if (isEnabled(*sti, "avx512f"))
    return CpuKernelFamily::Avx512;
  if (isEnabled(*sti, "avx2") && isEnabled(*sti, "fma"))
    return CpuKernelFamily::Avx2;
  return CpuKernelFamily::Portable;
}

llvm::StringRef remat::getFamilyName(CpuKernelFamily family) {
  switch (family) {
  case CpuKernelFamily::Avx512:
    return "avx512";
  case CpuKernelFamily::Avx2:
    return "avx2";
  case CpuKernelFamily::Portable:
    return "portable";
  }
  llvm_unreachable("unknown kernel family");
}

CpuRegisterTile remat::getRegisterTile(CpuKernelFamily family) {
  switch (family) {
  case CpuKernelFamily::Avx512:
    // 16 accumulators, 2 panel vectors and a broadcast of 32 registers.
    return {8, 2};
  case CpuKernelFamily::Avx2:
    // A 16-lane vector is two ymm registers: 12 accumulators, 2 for the
    // panel's row and 1 broadcast of 16 (BLIS's 6x16 for Haswell).
    return {6, 1};
  case CpuKernelFamily::Portable:
    // Four xmm registers per vector: 8 accumulators, 4 for the panel's row
    // and 1 broadcast of SSE2's 16.
    return {2, 1};
  }
  llvm_unreachable("unknown kernel family");
}

CpuKernelChoice remat::getKernelChoice(CpuKernelFamily family) {
  return {getRegisterTile(family), family != CpuKernelFamily::Portable};
}

void remat::initializeNativeTargetOnce() {
  // LLVM's target registration is not thread-safe: two threads registering
  // the native target at once can link it to itself, and every later
  // lookup then loops forever (func.func passes run in parallel, and each
  // asked for the host's target: a hang seen in CI). Static initialization
  // runs once, the other threads waiting for it.
  static const bool initialized = [] {
    llvm::InitializeNativeTarget();
    return true;
  }();
  (void)initialized;
}

/// The host's CPU, as LLVM reads it (getHostCpuTarget caches it).
static CpuTarget computeHostCpuTarget() {
  CpuTarget target;
  target.triple = llvm::sys::getProcessTriple();
  target.cpu = llvm::sys::getHostCPUName().str();
  std::vector<std::string> hostFeatures;
  for (const auto &entry : llvm::sys::getHostCPUFeatures())
    hostFeatures.push_back((entry.second ? "+" : "-") + entry.first().str());
  llvm::sort(hostFeatures);
  auto sti =
      createSubtarget(target.triple, target.cpu, joinFeatures(hostFeatures));
  auto base = createSubtarget(target.triple, target.cpu, "");
  if (sti && base)
    target.features = differingFeatures(*sti, *base);
  return target;
}

CpuTarget remat::getHostCpuTarget() {
  // The host does not change while the process runs.
  static const CpuTarget host = computeHostCpuTarget();
  return host;
}

llvm::Expected<CpuTarget> remat::resolveCpuTarget(llvm::StringRef cpu,
                                                  llvm::StringRef features) {
  CpuTarget host = getHostCpuTarget();
  auto hostSti = createSubtarget(host.triple, host.cpu, "");
  if (!hostSti)
    return llvm::createStringError(
        "LLVM has no target for this host (" + host.triple + ")");
  CpuTarget target = host;
  if (cpu != "host" && cpu != "native") {
    if (cpu.empty() || !hostSti->isCPUStringValid(cpu)) {
      std::string message = "unknown cpu '" + cpu.str() + "'";
      std::string guess =
          closest(cpu, hostSti->getAllProcessorDescriptions());
      if (!guess.empty())
        message += " (did you mean '" + guess + "'?)";
      return llvm::createStringError(
          message + "; expected one of: " + listCpus(*hostSti));
    }
    target.cpu = cpu.str();
    target.features.clear();
  }
  llvm::SmallVector<llvm::StringRef> requested;
  features.split(requested, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef feature : requested) {
    feature = feature.trim();
    llvm::StringRef name = feature.drop_front();
    bool known = llvm::any_of(
        hostSti->getAllProcessorFeatures(),
        [&](const llvm::SubtargetFeatureKV &kv) { return name == kv.Key; });
    if ((feature.starts_with("+") || feature.starts_with("-")) && known) {
      target.features.push_back(feature.str());
      continue;
    }
    std::string message = "unknown cpu feature '" + feature.str() + "'";
    std::string guess = closest(
        feature.starts_with("+") || feature.starts_with("-") ? name : feature,
        hostSti->getAllProcessorFeatures());
    if (!guess.empty())
      message += " (did you mean '+" + guess + "'?)";
    return llvm::createStringError(
        message + "; expected a comma-separated list of +name or -name with "
                  "LLVM's feature names for " +
        llvm::Triple(host.triple).getArchName().str() +
        " (llc -mattr=help lists them), e.g. +avx2,-avx512f");
  }
  // Normalize to the difference from the CPU's defaults.
  auto sti = createSubtarget(target.triple, target.cpu,
                             joinFeatures(target.features));
  auto base = createSubtarget(target.triple, target.cpu, "");
  target.features = differingFeatures(*sti, *base);
  return target;
}

CpuTarget remat::getModuleCpuTarget(ModuleOp module) {
  auto attr = module->getAttrOfType<LLVM::TargetAttr>(
      LLVM::LLVMDialect::getTargetAttrName());
  if (!attr)
    return getHostCpuTarget();
  CpuTarget target;
  target.triple = attr.getTriple().str();
  target.cpu = attr.getChip().str();
  if (LLVM::TargetFeaturesAttr features = attr.getFeatures())
    for (StringAttr feature : features.getFeatures())
      target.features.push_back(feature.str());
  return target;
}

void remat::setModuleCpuTarget(ModuleOp module, const CpuTarget &target) {
  MLIRContext *ctx = module.getContext();
  SmallVector<StringRef> features(target.features.begin(),
                                  target.features.end());
  module->setAttr(
      LLVM::LLVMDialect::getTargetAttrName(),
      LLVM::TargetAttr::get(ctx, StringAttr::get(ctx, target.triple),
                            StringAttr::get(ctx, target.cpu),
                            LLVM::TargetFeaturesAttr::get(ctx, features)));
}

std::vector<std::string> remat::getFeaturesHostLacks(const CpuTarget &target) {
  std::vector<std::string> lacking;
  auto sti = createSubtarget(target.triple, target.cpu,
                             joinFeatures(target.features));
  if (!sti)
    return {"(no LLVM target for " + target.triple + ")"};
  if (llvm::Triple(target.triple).getArch() !=
      llvm::Triple(llvm::sys::getProcessTriple()).getArch())
    return {"(another architecture: " + target.triple + ")"};
  llvm::StringMap<bool, llvm::MallocAllocator> host =
      llvm::sys::getHostCPUFeatures();
  // Only instruction sets compiled code may use count: tuning flags
  // ("fast-...") are no instructions, and system instructions (invpcid,
  // shstk, ...), which hypervisors often hide, are never generated.
  for (const llvm::SubtargetFeatureKV &kv : sti->getAllProcessorFeatures()) {
    if (!sti->getFeatureBits().test(kv.Value) ||
        !isGeneratedInstructionSet(kv.Key))
      continue;
    auto it = host.find(kv.Key);
    if (it != host.end() && !it->second)
      lacking.push_back(kv.Key);
  }
  return lacking;
}
