//===- KernelNames.cpp - remat-gpu-kernel-names ---------------------------===//
//
// Outlined kernels renamed to valid PTX identifiers (Passes.td).
//
//===----------------------------------------------------------------------===//

#include "remat/Pipelines/GPU/Passes.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"

namespace remat {
#define GEN_PASS_DEF_GPUKERNELNAMES
#include "remat/Pipelines/GPU/Passes.h.inc"
} // namespace remat

using namespace mlir;

namespace {

bool isPtxIdentifierChar(char c, bool first) {
  return llvm::isAlpha(c) || c == '_' || c == '$' ||
         (!first && llvm::isDigit(c));
}

/// `name` with each character a PTX identifier cannot hold replaced by '_'.
std::string ptxIdentifier(llvm::StringRef name) {
  std::string result = name.str();
  for (auto [i, c] : llvm::enumerate(result))
    if (!isPtxIdentifierChar(c, i == 0))
      c = '_';
  if (result.empty())
    result = "_";
  return result;
}

struct GpuKernelNames
    : public remat::impl::GpuKernelNamesBase<GpuKernelNames> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // (gpu.module, old kernel name) -> new kernel name.
    llvm::DenseMap<std::pair<StringAttr, StringAttr>, StringAttr> renamed;
    for (auto gpuModule : module.getOps<gpu::GPUModuleOp>()) {
      SymbolTable symbols(gpuModule);
      for (auto kernel :
           llvm::make_early_inc_range(gpuModule.getOps<gpu::GPUFuncOp>())) {
        StringAttr old = kernel.getNameAttr();
        std::string base = ptxIdentifier(old.getValue());
        if (base == old.getValue())
          continue;
        std::string fresh = base;
        for (unsigned i = 1; symbols.lookup(fresh); ++i)
          fresh = base + "_" + std::to_string(i);
        StringAttr name = StringAttr::get(&getContext(), fresh);
        if (failed(symbols.rename(kernel, name))) {
          kernel.emitError("remat-gpu-kernel-names: cannot rename kernel @")
              << old.getValue() << " to @" << fresh;
          return signalPassFailure();
        }
        renamed[{gpuModule.getNameAttr(), old}] = name;
      }
    }
    if (renamed.empty())
      return;
    module.walk([&](gpu::LaunchFuncOp launch) {
      SymbolRefAttr kernel = launch.getKernel();
      auto it = renamed.find(
          {kernel.getRootReference(), kernel.getLeafReference()});
      if (it == renamed.end())
        return;
      launch.setKernelAttr(SymbolRefAttr::get(
          kernel.getRootReference(), {FlatSymbolRefAttr::get(it->second)}));
    });
  }
};

} // namespace
