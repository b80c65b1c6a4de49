//===- RematerializeFuzzer.cpp - fuzz remat-rematerialize -----------------===//
//
// Input: bytes choosing remat-rematerialize's options (budget, solver,
// budget kind, offloading, best effort, min-remat-bytes, target) and,
// through GraphGenerator, a forward function whose training step
// remat-autodiff derives. Planning may refuse the budget (with an error);
// it must never fail silently, and what it rewrites must verify (each plan
// also goes through the planner's own verifyPlan before it is applied).
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"
#include "GraphGenerator.h"

#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include <array>

using namespace mlir;

namespace {

/// remat-rematerialize's options, from the first bytes of the input.
std::string rematerializeOptions(FuzzedDataProvider &data) {
  static constexpr std::array<const char *, 6> solvers = {
      "greedy", "search", "auto", "exact", "policy", "chain"};
  std::string options =
      std::string("solver=") +
      solvers[data.ConsumeIntegralInRange<size_t>(0, solvers.size() - 1)];
  switch (data.ConsumeIntegralInRange<int>(0, 3)) {
  case 0:
    break; // no budget: the policies alone
  case 1:
    options +=
        " budget=" + std::to_string(data.ConsumeIntegralInRange<int>(1, 100)) +
        "%";
    break;
  default:
    options += " budget=" +
               std::to_string(data.ConsumeIntegralInRange<int>(64, 65536));
    break;
  }
  // Short limits keep an input fast; the exact solver reports its gap.
  options += " time-limit=0.05";
  if (data.ConsumeBool())
    options += " budget-kind=saved";
  if (data.ConsumeBool())
    options += " best-effort=true";
  if (data.ConsumeBool())
    options += " allow-offload=true";
  if (data.ConsumeBool())
    options += " min-remat-bytes=" +
               std::to_string(data.ConsumeIntegralInRange<int>(0, 512));
  if (data.ConsumeBool())
    options += " target=gpu";
  return options;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using remat::fuzz::Differentiated;
  FuzzedDataProvider provider(data, size);
  std::string options = rematerializeOptions(provider);
  std::string graph = remat::fuzz::generateForwardGraph(provider);
  std::string input = "// remat-rematerialize{" + options + "}\n" + graph;
  remat::fuzz::trace(input);
  MLIRContext &context = remat::fuzz::contextForInput();
  Differentiated differentiated = Differentiated::Ok;
  enum { Ok, Refused, PipelineInvalid, Invalid } outcome = Ok;
  remat::fuzz::Errors errors = remat::fuzz::runCollectingErrors(context, [&] {
    OwningOpRef<ModuleOp> module;
    differentiated = remat::fuzz::parseAndDifferentiate(context, graph, module);
    if (differentiated != Differentiated::Ok)
      return;
    PassManager plan(&context);
    plan.enableVerifier(false);
    if (failed(parsePassPipeline(
            "builtin.module(remat-rematerialize{" + options + "})", plan))) {
      outcome = PipelineInvalid;
      return;
    }
    if (failed(plan.run(*module)))
      outcome = Refused;
    else if (failed(verify(*module)))
      outcome = Invalid;
  });
  if (differentiated != Differentiated::Ok)
    remat::fuzz::failDifferentiation(differentiated, errors, input);
  switch (outcome) {
  case Ok:
    return 0;
  case Refused:
    if (errors.count == 0)
      remat::fuzz::fail("remat-rematerialize failed without an error", input);
    if (StringRef(errors.first).contains("internal error"))
      remat::fuzz::fail(errors.first, input);
    return 0;
  case PipelineInvalid:
    remat::fuzz::fail("the options do not parse: " + errors.first, input);
  case Invalid:
    remat::fuzz::fail("remat-rematerialize made invalid IR: " + errors.first,
                      input);
  }
  return 0;
}
