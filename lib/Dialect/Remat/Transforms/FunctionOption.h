//===- FunctionOption.h - resolve a pass's functions= option ----*- C++ -*-===//
//
// remat-autodiff and remat-rematerialize both take `functions=a,b`: names of
// func.func bodies in the module. A name that resolves to nothing is answered
// with the closest defined function ("did you mean") and the list of those
// there are, reported at the module's location without printing the module.
// Both also price host transfers from offload-bandwidth= and flop-rate=, and
// size their problems for the memory model target= names.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_TRANSFORMS_FUNCTIONOPTION_H
#define REMAT_LIB_TRANSFORMS_FUNCTIONOPTION_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "remat/Analysis/TargetMemoryModel.h"

namespace remat {

/// The defined func.func named `name` in `module`, or failure after an error
/// that begins with `pass` ("remat-autodiff") and says what `purpose` ("to
/// differentiate") the function was wanted for.
mlir::FailureOr<mlir::func::FuncOp>
lookupFunctionOption(mlir::ModuleOp module, llvm::StringRef name,
                     llvm::StringRef pass, llvm::StringRef purpose);

/// An error at the module's location, without the module attached: option
/// errors concern the command line, and mlir-opt would otherwise print the
/// whole module after them.
mlir::InFlightDiagnostic emitOptionError(mlir::ModuleOp module);

/// The price of moving one byte to or from host memory, in FLOP-equivalents
/// (CostModelOptions::transferCostPerByte): flop rate / bandwidth, each the
/// option's value (`bandwidth`, `flopRate`: numbers as text) or, when empty,
/// `target`'s. Failure after an option error beginning with `pass` when a
/// value given is not a positive finite number.
mlir::FailureOr<double>
transferCostOption(mlir::ModuleOp module, llvm::StringRef pass,
                   llvm::StringRef bandwidth, llvm::StringRef flopRate,
                   const TargetMemoryModel &target);

/// The memory model registered as `name` (a pass's target= option), or
/// failure after an option error beginning with `pass`: one that lists the
/// registered targets, or, with `allowOffload` (the pass's allow-offload),
/// one saying that the target has no host memory to offload to.
mlir::FailureOr<const TargetMemoryModel *>
targetOption(mlir::ModuleOp module, llvm::StringRef pass,
             llvm::StringRef name, bool allowOffload);

/// Fails, with an error on each offending op, when `func` puts values in
/// host memory (remat.offload, a #remat.host result, a scan in `offload`
/// mode) and `target` has no host memory. `pass` begins each message.
mlir::LogicalResult checkHostMemory(mlir::func::FuncOp func,
                                    const TargetMemoryModel &target,
                                    llvm::StringRef pass);

} // namespace remat

#endif // REMAT_LIB_TRANSFORMS_FUNCTIONOPTION_H
