//===- SetCpuTarget.cpp - remat-cpu-target --------------------------------===//
//
// Records the CPU remat-lower-cpu compiles for on the module (llvm.target)
// and on every LLVM function (target_cpu, target_features). Deciding which
// CPU that is lives in CpuTarget.cpp.
//
//===----------------------------------------------------------------------===//

#include "remat/Pipelines/CPU/CpuTarget.h"
#include "remat/Pipelines/CPU/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace remat {
#define GEN_PASS_DEF_SETCPUTARGET
#include "remat/Pipelines/CPU/Passes.h.inc"
} // namespace remat

using namespace mlir;

namespace {

struct SetCpuTargetPass final
    : remat::impl::SetCpuTargetBase<SetCpuTargetPass> {
  using SetCpuTargetBase::SetCpuTargetBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    remat::CpuTarget target;
    bool keepModuleTarget = cpu.empty() && cpuFeatures.empty() &&
                       module->hasAttr(LLVM::LLVMDialect::getTargetAttrName());
    if (keepModuleTarget) {
      target = remat::getModuleCpuTarget(module);
    } else {
      llvm::Expected<remat::CpuTarget> resolved = remat::resolveCpuTarget(
          cpu.empty() ? llvm::StringRef("host") : llvm::StringRef(cpu),
          cpuFeatures);
      if (!resolved) {
        // At the module's location, without the module: mlir-opt would
        // print all of it after an error about an option.
        mlir::emitError(module.getLoc(), "remat-cpu-target: ")
            << llvm::toString(resolved.takeError());
        return signalPassFailure();
      }
      target = std::move(*resolved);
      remat::setModuleCpuTarget(module, target);
    }
    MLIRContext *ctx = &getContext();
    SmallVector<StringRef> features(target.features.begin(),
                                    target.features.end());
    auto cpuAttr = StringAttr::get(ctx, target.cpu);
    auto featuresAttr = LLVM::TargetFeaturesAttr::get(ctx, features);
    module.walk([&](LLVM::LLVMFuncOp func) {
      if (func.isExternal())
        return;
      func.setTargetCpuAttr(cpuAttr);
      func.setTargetFeaturesAttr(featuresAttr);
    });
  }
};

} // namespace
