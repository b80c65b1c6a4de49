//===- FuzzSupport.h - what every remat fuzz target shares ------*- C++ -*-===//
//
// A context with the dialects remat's tools register (renewed now and then,
// since it interns every type and attribute an input mentions), diagnostics
// counted instead of printed, and each input run on a large stack as the
// tools run theirs (remat/Support/LargeStack.h).
//
// A fuzz target fails (traps) on what the product promises never happens:
// a crash or sanitizer report (found by the runtimes), and a failure that
// reports no error diagnostic.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_FUZZ_FUZZSUPPORT_H
#define REMAT_FUZZ_FUZZSUPPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace remat::fuzz {

/// The context for the next input, with `func` and remat's dialects
/// (remat::registerRematDialects), remat's passes registered and
/// multithreading off. Call once per input: it is renewed every few
/// hundred inputs.
mlir::MLIRContext &contextForInput();

/// The error diagnostics one run emitted.
struct Errors {
  int count = 0;
  /// The first one's message.
  std::string first;
};

/// Runs `body` on a thread with the tools' stack, collecting the error
/// diagnostics it emits on `context` (printed only when the environment
/// sets REMAT_FUZZ_VERBOSE, to see why inputs are refused).
Errors runCollectingErrors(mlir::MLIRContext &context,
                           llvm::function_ref<void()> body);

/// Prints `input` (text a target derived from its bytes) when the
/// environment sets REMAT_FUZZ_VERBOSE.
void trace(llvm::StringRef input);

/// Prints `what` and the input that led to it, and traps: libFuzzer saves
/// the input as a crash.
[[noreturn]] void fail(llvm::StringRef what, llvm::StringRef input);

/// How far a generated forward graph got on its way to a training step.
enum class Differentiated { Ok, ParseFailed, AutodiffFailed };

/// Parses `graph` (GraphGenerator's text) into `module` and runs
/// remat-autodiff on it with the verifier off, so that the caller decides
/// what to verify. Call inside runCollectingErrors.
Differentiated parseAndDifferentiate(mlir::MLIRContext &context,
                                     llvm::StringRef graph,
                                     mlir::OwningOpRef<mlir::ModuleOp> &module);

/// Fails the input for an outcome other than Ok: every generated graph
/// parses and is differentiable, so either is a bug.
[[noreturn]] void failDifferentiation(Differentiated outcome,
                                      const Errors &errors,
                                      llvm::StringRef input);

} // namespace remat::fuzz

#endif // REMAT_FUZZ_FUZZSUPPORT_H
