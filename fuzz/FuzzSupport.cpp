//===- FuzzSupport.cpp - what every remat fuzz target shares --------------===//

#include "FuzzSupport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "remat/Registration.h"
#include "remat/Support/LargeStack.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <memory>

using namespace mlir;

namespace {
/// Inputs parsed into one context before it is renewed.
constexpr int kInputsPerContext = 256;

const bool verbose = std::getenv("REMAT_FUZZ_VERBOSE") != nullptr;
} // namespace

void remat::fuzz::trace(llvm::StringRef input) {
  if (verbose)
    llvm::errs() << "--- input ---\n" << input << "\n";
}

MLIRContext &remat::fuzz::contextForInput() {
  static std::unique_ptr<MLIRContext> context;
  static int uses = 0;
  if (!context || ++uses % kInputsPerContext == 0) {
    static bool registered = false;
    if (!registered) {
      remat::registerAllPasses();
      registered = true;
    }
    DialectRegistry registry;
    registry.insert<func::FuncDialect>();
    remat::registerRematDialects(registry);
    context = std::make_unique<MLIRContext>(registry,
                                            MLIRContext::Threading::DISABLED);
    context->loadAllAvailableDialects();
  }
  return *context;
}

remat::fuzz::Errors
remat::fuzz::runCollectingErrors(MLIRContext &context,
                                 llvm::function_ref<void()> body) {
  Errors errors;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error && errors.count++ == 0)
      errors.first = diag.str();
    if (verbose)
      llvm::errs() << diag.getLocation() << ": " << diag.str() << "\n";
    return success();
  });
  remat::runOnLargeStack([&] {
    body();
    return 0;
  });
  return errors;
}

void remat::fuzz::fail(llvm::StringRef what, llvm::StringRef input) {
  llvm::errs() << "remat fuzz target: " << what << "\n--- input ---\n"
               << input << "\n";
  __builtin_trap();
}
