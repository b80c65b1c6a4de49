//===- FunctionOption.cpp - resolve a pass's functions= option ------------===//

#include "FunctionOption.h"

#include "remat/Dialect/Remat/IR/RematOps.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringExtras.h"

#include <cmath>

using namespace mlir;

InFlightDiagnostic remat::emitOptionError(ModuleOp module) {
  return mlir::emitError(module.getLoc());
}

/// The defined functions, and the one nearest `name` by edit distance when it
/// is near enough to be a typo (at most a third of the name's length) or one
/// name begins with the other.
static void describeCandidates(ModuleOp module, StringRef name,
                               InFlightDiagnostic &diag) {
  SmallVector<StringRef> defined;
  StringRef nearest;
  unsigned nearestDistance = ~0u;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isExternal())
      continue;
    StringRef candidate = func.getSymName();
    defined.push_back(candidate);
    unsigned distance = name.edit_distance(candidate, /*AllowReplacements=*/
                                           true);
    if (distance < nearestDistance) {
      nearestDistance = distance;
      nearest = candidate;
    }
  }
  if (defined.empty()) {
    diag << ": the module defines no func.func";
    return;
  }
  // A near miss, or the name of a function whose gradient was meant (mlp
  // for mlp_grad).
  bool prefix = nearest.starts_with(name) || name.starts_with(nearest);
  if (!nearest.empty() &&
      (prefix || nearestDistance * 3 <= std::max<size_t>(name.size(), 3)))
    diag << ": did you mean '" << nearest << "'?";
  diag << " (defined: ";
  constexpr size_t kListed = 12;
  for (size_t i = 0; i < defined.size() && i < kListed; ++i)
    diag << (i ? ", " : "") << "@" << defined[i];
  if (defined.size() > kListed)
    diag << ", and " << (defined.size() - kListed) << " more";
  diag << ")";
}

FailureOr<func::FuncOp> remat::lookupFunctionOption(ModuleOp module,
                                                    StringRef name,
                                                    StringRef pass,
                                                    StringRef purpose) {
  Operation *symbol = module.lookupSymbol(name);
  if (!symbol) {
    InFlightDiagnostic diag = emitOptionError(module);
    diag << pass << ": no function named '" << name << "'";
    if (!purpose.empty())
      diag << " " << purpose;
    diag << " (functions option)";
    describeCandidates(module, name, diag);
    return failure();
  }
  auto func = dyn_cast<func::FuncOp>(symbol);
  if (!func) {
    symbol->emitError() << pass << ": @" << name << " is a '"
                        << symbol->getName()
                        << "', not a func.func: " << pass
                        << " works on tensor-level func.func bodies (run it "
                           "before lowering)";
    return failure();
  }
  if (func.isExternal()) {
    func.emitError() << pass << ": @" << name
                     << " is a declaration, with no body"
                     << (purpose.empty() ? "" : " ") << purpose
                     << " (functions option)";
    return failure();
  }
  return func;
}

/// `text` as a positive finite number, `fallback` when empty; failure after
/// an option error naming `option` and what it expects (`what`, `example`).
static FailureOr<double> positiveRate(ModuleOp module, StringRef pass,
                                      StringRef option, StringRef text,
                                      double fallback, StringRef what,
                                      StringRef example) {
  if (text.empty())
    return fallback;
  double value = 0;
  if (text.trim().getAsDouble(value) || !(value > 0) || !std::isfinite(value)) {
    remat::emitOptionError(module) << pass << ": " << option
                            << " must be a positive number of " << what
                            << " (e.g. " << example << "), got " << text;
    return failure();
  }
  return value;
}

FailureOr<double> remat::transferCostOption(ModuleOp module, StringRef pass,
                                            StringRef bandwidth,
                                            StringRef flopRate,
                                            const TargetMemoryModel &target) {
  FailureOr<double> bytesPerSecond =
      positiveRate(module, pass, "offload-bandwidth", bandwidth,
                   target.getHostLinkBandwidth(), "bytes per second", "25e9");
  if (failed(bytesPerSecond))
    return failure();
  FailureOr<double> flopsPerSecond =
      positiveRate(module, pass, "flop-rate", flopRate, target.getFlopRate(),
                   "FLOPs per second", "40e9");
  if (failed(flopsPerSecond))
    return failure();
  return *flopsPerSecond / *bytesPerSecond;
}

FailureOr<const remat::TargetMemoryModel *>
remat::targetOption(ModuleOp module, StringRef pass, StringRef name,
                    bool allowOffload) {
  if (const TargetMemoryModel *model = lookupTargetMemoryModel(name)) {
    if (allowOffload && !model->hasHostMemory()) {
      emitOptionError(module)
          << pass << ": allow-offload needs host memory, and target '"
          << model->getName() << "' has none; drop allow-offload";
      return failure();
    }
    return model;
  }
  std::vector<std::string> names = getRegisteredTargetNames();
  InFlightDiagnostic diag = emitOptionError(module);
  diag << pass << ": unknown target '" << name << "'";
  if (names.empty())
    diag << "; no target memory model is registered (call "
            "remat::registerRematDialects, or remat::registerCpuMemoryModel)";
  else
    diag << "; registered targets: " << llvm::join(names, ", ");
  return failure();
}

LogicalResult remat::checkHostMemory(func::FuncOp func,
                                     const TargetMemoryModel &target,
                                     StringRef pass) {
  if (target.hasHostMemory())
    return success();
  bool failed = false;
  func.walk([&](Operation *op) {
    auto scan = dyn_cast<ScanOp>(op);
    bool offloadScan = scan && scan.getMode().getKind() == ScanModeKind::Offload;
    bool hostResult = llvm::any_of(op->getResultTypes(), isHostTensorType);
    if (!offloadScan && !hostResult)
      return;
    InFlightDiagnostic diag = op->emitOpError()
                              << "puts values in host memory, but target '"
                              << target.getName() << "' has none (" << pass
                              << ")";
    if (offloadScan)
      diag << "; use mode <full>, <nested> or <revolve> to save memory by "
              "recomputation instead";
    else
      diag << "; recompute the value instead (remove the offload)";
    failed = true;
  });
  return failure(failed);
}
