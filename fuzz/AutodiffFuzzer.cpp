//===- AutodiffFuzzer.cpp - fuzz remat-autodiff on random forward graphs --===//
//
// Input: bytes that GraphGenerator turns into a well-formed forward
// function. remat-autodiff must derive its training step (every generated
// graph is differentiable), and the result must verify.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"
#include "GraphGenerator.h"

#include "mlir/IR/Verifier.h"

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using remat::fuzz::Differentiated;
  FuzzedDataProvider provider(data, size);
  std::string graph = remat::fuzz::generateForwardGraph(provider);
  remat::fuzz::trace(graph);
  MLIRContext &context = remat::fuzz::contextForInput();
  Differentiated outcome = Differentiated::Ok;
  bool invalid = false;
  remat::fuzz::Errors errors = remat::fuzz::runCollectingErrors(context, [&] {
    OwningOpRef<ModuleOp> module;
    outcome = remat::fuzz::parseAndDifferentiate(context, graph, module);
    invalid = outcome == Differentiated::Ok && failed(verify(*module));
  });
  if (outcome != Differentiated::Ok)
    remat::fuzz::failDifferentiation(outcome, errors, graph);
  if (invalid)
    remat::fuzz::fail("remat-autodiff made invalid IR: " + errors.first, graph);
  return 0;
}
