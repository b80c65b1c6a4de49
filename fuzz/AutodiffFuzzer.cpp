//===- AutodiffFuzzer.cpp - fuzz remat-autodiff on random forward graphs --===//
//
// Input: bytes that GraphGenerator turns into a well-formed forward
// function. remat-autodiff must derive its training step (every generated
// graph is differentiable), and the result must verify.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"
#include "GraphGenerator.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "remat/Dialect/Remat/Transforms/Passes.h"

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FuzzedDataProvider provider(data, size);
  std::string graph = remat::fuzz::generateForwardGraph(provider);
  remat::fuzz::trace(graph);
  MLIRContext &context = remat::fuzz::contextForInput();
  enum { Ok, ParseFailed, AutodiffFailed, Invalid } outcome = Ok;
  remat::fuzz::Errors errors = remat::fuzz::runCollectingErrors(context, [&] {
    ParserConfig config(&context);
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(graph, config);
    if (!module) {
      outcome = ParseFailed;
      return;
    }
    PassManager pm(&context);
    pm.enableVerifier(false);
    pm.addPass(remat::createAutodiff());
    if (failed(pm.run(*module)))
      outcome = AutodiffFailed;
    else if (failed(verify(*module)))
      outcome = Invalid;
  });
  switch (outcome) {
  case Ok:
    return 0;
  case ParseFailed:
    remat::fuzz::fail("the generator made invalid IR: " + errors.first, graph);
  case AutodiffFailed:
    remat::fuzz::fail(
        "remat-autodiff refused a generated graph: " + errors.first, graph);
  case Invalid:
    remat::fuzz::fail("remat-autodiff made invalid IR: " + errors.first, graph);
  }
  return 0;
}
