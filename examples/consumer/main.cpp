//===- main.cpp - a compiler that embeds remat ----------------------------===//
//
// What another compiler does to use remat as a library, through the
// installed CMake package and nothing else:
//   1. register only `func` and remat (remat::registerRematDialects brings
//      what the passes and remat-lower-cpu need);
//   2. derive the training step of a model (createAutodiff) and plan it
//      under 90% of its unconstrained peak (createRematerialize with
//      RematerializeOptions); once more without a budget as the reference,
//      from pipeline strings this time (remat::registerAllPasses);
//   3. lower both for the CPU (remat::buildCpuPipeline; "remat-lower-cpu"),
//      JIT-compile and run them on the same arguments (the Runner library);
//   4. check what remat promises: the planned step's outputs are bitwise
//      those of the unplanned one, and its measured peak is within the
//      budget and within 5% of the plan.
// Exits non-zero, saying why, when any of it fails.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "remat/Dialect/Remat/Transforms/Passes.h"
#include "remat/Pipelines/Pipelines.h"
#include "remat/Registration.h"
#include "remat/Runner/HostTensor.h"
#include "remat/Runner/Runner.h"
#include "remat/Runtime/MemoryTracker.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <optional>
#include <vector>

// A three-layer MLP classifier: the model a user brings.
static const char *kModel = R"mlir(
func.func @mlp(%x: tensor<256x128xf32>, %labels: tensor<256xi32>,
               %w1: tensor<128x512xf32>, %w2: tensor<512x512xf32>,
               %w3: tensor<512x10xf32>) -> tensor<f32> {
  %h1 = remat.matmul %x, %w1 : tensor<256x128xf32>, tensor<128x512xf32> -> tensor<256x512xf32>
  %a1 = remat.gelu %h1 tanh : tensor<256x512xf32>
  %h2 = remat.matmul %a1, %w2 : tensor<256x512xf32>, tensor<512x512xf32> -> tensor<256x512xf32>
  %a2 = remat.gelu %h2 tanh : tensor<256x512xf32>
  %o = remat.matmul %a2, %w3 : tensor<256x512xf32>, tensor<512x10xf32> -> tensor<256x10xf32>
  %loss = remat.cross_entropy %o, %labels : tensor<256x10xf32>, tensor<256xi32> -> tensor<f32>
  return %loss : tensor<f32>
}
)mlir";

namespace {

struct StepRun {
  /// Each output's bytes, copied out of tracked memory so that one run's
  /// results do not count in the next run's measured peak.
  std::vector<std::vector<char>> outputs;
  double loss = 0;
  int64_t measuredPeak = 0;
  remat::FunctionSignature signature;
};

int failWith(const llvm::Twine &message) {
  llvm::errs() << "remat-consumer: " << message << "\n";
  return 1;
}

/// Adds `pipeline` (textual, as on a remat-opt command line) to `pm`.
bool addTextual(mlir::PassManager &pm, llvm::StringRef pipeline) {
  if (mlir::succeeded(mlir::parsePassPipeline(pipeline, pm, llvm::errs())))
    return true;
  llvm::errs() << "cannot parse the pipeline '" << pipeline << "'\n";
  return false;
}

/// Differentiates the model, plans @mlp_grad under `budget` (none: keep
/// everything), lowers it for the CPU, compiles it and runs it once. The
/// passes are built through the C++ API, or with `textual` from pipeline
/// strings (what remat::registerAllPasses makes available).
std::optional<StepRun> trainingStep(mlir::MLIRContext &context,
                                    llvm::StringRef budget, bool textual) {
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(kModel, &context);
  if (!module)
    return std::nullopt;

  mlir::PassManager pm(&context);
  if (textual) {
    std::string options = "solver=greedy";
    if (!budget.empty())
      options += " budget=" + budget.str();
    if (!addTextual(pm, "remat-autodiff,remat-rematerialize{" + options + "}"))
      return std::nullopt;
  } else {
    pm.addPass(remat::createAutodiff());
    remat::RematerializeOptions plan;
    plan.budget = budget.str();
    plan.solver = "greedy";
    // Without `functions`, the gradients remat-autodiff made are planned.
    pm.addPass(remat::createRematerialize(plan));
  }
  if (mlir::failed(pm.run(*module)))
    return std::nullopt;

  // The signature (and the planned peak) is read before lowering.
  auto grad = module->lookupSymbol<mlir::func::FuncOp>("mlp_grad");
  if (!grad)
    return std::nullopt;
  llvm::FailureOr<remat::FunctionSignature> signature =
      remat::readSignature(grad);
  if (mlir::failed(signature))
    return std::nullopt;

  mlir::PassManager lower(&context);
  if (textual) {
    if (!addTextual(lower, "remat-lower-cpu"))
      return std::nullopt;
  } else {
    remat::CpuPipelineOptions cpu;
    remat::buildCpuPipeline(lower, cpu);
  }
  if (mlir::failed(lower.run(*module)))
    return std::nullopt;
  llvm::Expected<std::unique_ptr<remat::CompiledModule>> compiled =
      remat::CompiledModule::compile(*module);
  if (!compiled) {
    llvm::errs() << llvm::toString(compiled.takeError()) << "\n";
    return std::nullopt;
  }

  // The same deterministic arguments for every run, in tracked memory.
  std::vector<remat::HostTensor> tensors;
  for (auto [i, spec] : llvm::enumerate(signature->arguments)) {
    llvm::Expected<remat::HostTensor> tensor =
        remat::HostTensor::create(spec.kind, spec.shape);
    if (!tensor) {
      llvm::errs() << llvm::toString(tensor.takeError()) << "\n";
      return std::nullopt;
    }
    remat::fillDeterministic(*tensor, 1000003 * 7 + i, spec.intBound);
    tensors.push_back(std::move(*tensor));
  }
  StepRun run;
  std::vector<remat::HostTensor> results;
  remat_runtime_reset_peak();
  if (llvm::Error err = (*compiled)->invoke(*signature, tensors, {}, results)) {
    llvm::errs() << llvm::toString(std::move(err)) << "\n";
    return std::nullopt;
  }
  // Constants are globals in compiled code, not allocations; the planner
  // counts them as resident.
  run.measuredPeak =
      remat_runtime_peak_bytes() + signature->plannedConstantBytes;
  run.signature = *signature;
  run.loss = results.front().at(0);
  for (const remat::HostTensor &result : results) {
    const char *bytes = static_cast<const char *>(result.data());
    run.outputs.emplace_back(bytes, bytes + result.sizeInBytes());
  }
  return run;
}

} // namespace

int main() {

  mlir::DialectRegistry registry;
  registry.insert<mlir::func::FuncDialect>();
  remat::registerRematDialects(registry);
  remat::registerAllPasses();
  mlir::MLIRContext context(registry);

  std::optional<StepRun> reference =
      trainingStep(context, "", /*textual=*/true);
  if (!reference)
    return failWith("the unplanned training step failed (see above)");
  std::optional<StepRun> planned =
      trainingStep(context, "90%", /*textual=*/false);
  if (!planned)
    return failWith("the planned training step failed (see above)");

  const remat::FunctionSignature &plan = planned->signature;
  if (!plan.plannedPeak || !plan.budget)
    return failWith("@mlp_grad carries no planned peak or budget");
  llvm::outs() << "@mlp_grad: " << planned->outputs.size() << " outputs (loss "
               << llvm::format("%.6f", planned->loss) << " and "
               << planned->outputs.size() - 1 << " gradients)\n"
               << "unplanned: measured peak " << reference->measuredPeak
               << " B\n"
               << "planned under 90%: budget " << *plan.budget
               << " B, planned peak " << *plan.plannedPeak
               << " B, measured peak " << planned->measuredPeak << " B\n";

  if (reference->outputs.size() != planned->outputs.size())
    return failWith("the planned step has a different number of outputs");
  for (size_t i = 0; i < planned->outputs.size(); ++i)
    if (reference->outputs[i] != planned->outputs[i])
      return failWith("output " + llvm::Twine(i) +
                      " of the planned step differs from the unplanned one");
  if (planned->measuredPeak > *plan.budget)
    return failWith("the measured peak is over the budget");
  double deviation = std::fabs(static_cast<double>(planned->measuredPeak) /
                                   static_cast<double>(*plan.plannedPeak) -
                               1.0);
  if (deviation > 0.05)
    return failWith("the measured peak is " +
                    llvm::Twine(static_cast<int>(100 * deviation)) +
                    "% from the plan");
  if (planned->measuredPeak >= reference->measuredPeak)
    return failWith("the plan saved no memory");
  llvm::outs() << "outputs bitwise equal to the unplanned step; measured peak "
                  "within the budget and "
               << llvm::format("%.2f", 100 * deviation)
               << "% from the plan\n";
  return 0;
}
