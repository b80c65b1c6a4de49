//===- FuzzSupport.cpp - what every remat fuzz target shares --------------===//

#include "FuzzSupport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "remat/Dialect/Remat/Transforms/Passes.h"
#include "remat/Registration.h"
#include "remat/Support/LargeStack.h"
#include "llvm/Support/raw_ostream.h"

#include <cassert>
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

remat::fuzz::Differentiated
remat::fuzz::parseAndDifferentiate(MLIRContext &context, llvm::StringRef graph,
                                   OwningOpRef<ModuleOp> &module) {
  ParserConfig config(&context);
  module = parseSourceString<ModuleOp>(graph, config);
  if (!module)
    return Differentiated::ParseFailed;
  PassManager pm(&context);
  pm.enableVerifier(false);
  pm.addPass(remat::createAutodiff());
  if (failed(pm.run(*module)))
    return Differentiated::AutodiffFailed;
  return Differentiated::Ok;
}

void remat::fuzz::failDifferentiation(Differentiated outcome,
                                      const Errors &errors,
                                      llvm::StringRef input) {
  assert(outcome != Differentiated::Ok && "nothing failed");
  if (outcome == Differentiated::ParseFailed)
    fail("the generator made invalid IR: " + errors.first, input);
  fail("remat-autodiff refused a generated graph: " + errors.first, input);
}
