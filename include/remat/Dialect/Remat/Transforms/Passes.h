//===- Passes.h - remat transformation passes -------------------*- C++ -*-===//
//
// remat's two passes, as a compiler that embeds remat builds them. Their
// declarations are generated from Passes.td (Passes.h.inc); this is what they
// are and how to call them. Option semantics, in full, are in
// docs/dialect/RematPasses.md (also generated from Passes.td) and in
// `remat-opt --help`.
//
// A training step from a forward function, planned under a budget and
// lowered for the CPU (examples/consumer/main.cpp does this and runs it):
//
//   mlir::DialectRegistry registry;
//   registry.insert<mlir::func::FuncDialect>();
//   remat::registerRematDialects(registry);        // remat/Registration.h
//   mlir::MLIRContext context(registry);
//   ...parse or build `module`...
//   mlir::PassManager pm(&context);
//   pm.addPass(remat::createAutodiff());           // adds @f_grad
//   remat::RematerializeOptions plan;
//   plan.budget = "75%";                           // or "64MiB", "123456"
//   pm.addPass(remat::createRematerialize(plan));  // plans @f_grad
//   remat::buildCpuPipeline(pm, {});               // remat/Pipelines
//   if (mlir::failed(pm.run(module))) ...          // errors went to the
//                                                  // context's handler
//
// Both passes run on a builtin.module and report every problem as an MLIR
// diagnostic on the op or the module (a bad option value, an infeasible
// budget naming the smallest feasible one, a function that is not there).
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_DIALECT_REMAT_TRANSFORMS_PASSES_H
#define REMAT_DIALECT_REMAT_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"
#include "remat/Dialect/Remat/IR/RematDialect.h"

namespace remat {

// The generated declarations. For each pass:
//
// remat-autodiff: `std::unique_ptr<mlir::Pass> createAutodiff()` and
// `createAutodiff(AutodiffOptions)`. For each forward function (by default
// every public func.func whose result #0 is a 0-d float tensor) it adds
// `@<name>_grad`, the joint forward + backward graph returning the loss and
// then the gradient of each differentiated argument, tagged remat.primal
// and remat.wrt. AutodiffOptions:
//   functions  names of the functions to differentiate;
//   wrt        indices of the arguments to differentiate (default: every
//              f32, f16 and bf16 tensor argument);
//   loss       index of the result that is the loss (default 0);
//   budget     the budget that chooses the mode of each `auto` remat.scan
//              (same syntax as below; default: none, auto scans are none).
//
// remat-rematerialize: `createRematerialize()` and
// `createRematerialize(RematerializeOptions)`. Plans each function (by
// default the gradients remat-autodiff made) under a budget: what to keep,
// recompute or offload, then rewrites the function to follow the plan and
// writes reports. RematerializeOptions:
//   budget       "64MiB", "1.5GB", "123456" (bytes; a bare number below
//                1024 needs a unit) or "50%" of the unconstrained peak;
//                empty: checkpoint policies only;
//   solver       "greedy", "exact" (COIN-OR CBC: see
//                remat::isExactSolverAvailable in remat/Core/Solvers.h),
//                "chain" (Rotor DP), "policy" or "auto" (the default);
//   timeLimit    seconds the exact solver may take (default 30);
//   allowOffload let the solver move any value to host memory;
//   reportText, reportJson, reportHtml
//                paths of the reports ("-" for stderr, text only);
//   analysisOnly annotate the decisions as attributes, do not rewrite;
//   functions    names of the functions to plan.
#define GEN_PASS_DECL
#include "remat/Dialect/Remat/Transforms/Passes.h.inc"

/// registerRematPasses() (and one register function per pass): makes the
/// passes available by name to textual pipelines and mlir-opt style tools.
/// remat::registerAllPasses (remat/Registration.h) calls it.
#define GEN_PASS_REGISTRATION
#include "remat/Dialect/Remat/Transforms/Passes.h.inc"

} // namespace remat

#endif // REMAT_DIALECT_REMAT_TRANSFORMS_PASSES_H
