//===- Runner.h - compile and run remat functions on the CPU ----*- C++ -*-===//
//
// What remat-run does, as a library: read a function's signature, lower the
// module for the CPU when it is not LLVM yet, JIT-compile it or write an
// object file and a C header, and call it with HostTensors.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_RUNNER_RUNNER_H
#define REMAT_RUNNER_RUNNER_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "remat/Pipelines/Pipelines.h"
#include "remat/Runner/HostTensor.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class ExecutionEngine;
} // namespace mlir

namespace remat {

/// One argument or result of a compiled function.
struct ValueSpec {
  ElementKind kind = ElementKind::F32;
  llvm::SmallVector<int64_t> shape;
  /// A scalar (i64 seed, ...) rather than a tensor.
  bool scalar = false;
  /// For integer tensors: values are drawn from [0, intBound) (the class
  /// count of a cross_entropy it feeds, the rows of an embedding table).
  int64_t intBound = 2;
};

/// A function's interface, read from the IR before lowering.
struct FunctionSignature {
  std::string name;
  std::vector<ValueSpec> arguments;
  std::vector<ValueSpec> results;
  /// The peak remat-rematerialize planned, when it ran, and the bytes of
  /// constants in it (globals, not heap allocations, once compiled).
  std::optional<int64_t> plannedPeak;
  int64_t plannedConstantBytes = 0;
  /// The host (offloaded) bytes it planned to hold at most at once.
  std::optional<int64_t> plannedHostPeak;
  /// The budget it planned under, when one was given.
  std::optional<int64_t> budget;
  /// The target whose memory model the plan was made for
  /// (remat.planned_target; "cpu" for plans that do not say).
  std::string plannedTarget = "cpu";
};

/// Reads the signature of `func`. Emits an error on the function and fails
/// for a declaration without a body, for types the runner cannot pass
/// (dynamic shapes, unsupported elements, tensors whose size in bytes does
/// not fit in 64 bits) and for planned byte counts (remat.planned_peak,
/// remat.planned_constant_bytes, remat.planned_host_peak, remat.budget) that
/// are not integers from 0 to 2^63-1, or a remat.planned_target that is not
/// a string.
llvm::FailureOr<FunctionSignature> readSignature(mlir::func::FuncOp func);

/// Fails, naming the argument or result, when a tensor of `signature` is
/// over kMaxTensorBytes: before a call, the runner allocates each argument
/// and the compiled code each result.
llvm::Error checkTensorSizes(const FunctionSignature &signature);

/// Whether `module` still holds ops that are not in the LLVM dialect.
bool needsLowering(mlir::ModuleOp module);

/// Erases every function of `module` that none of `roots` reaches through
/// symbol references (calls, remat.primal, ...), so that a run lowers and
/// compiles only what it calls: a test module with many entry points is
/// compiled once per entry, not once per entry for every function.
void eraseFunctionsUnreachableFrom(mlir::ModuleOp module,
                                   llvm::ArrayRef<mlir::func::FuncOp> roots);

/// The C-interface entry point of the public function `name`:
/// `_mlir_ciface_<name>` when `name` is made of letters, digits and
/// underscores, else with each other byte written as `_xHH` (@"my-fn" ->
/// `_mlir_ciface_my_x2dfn`), so that it is a C identifier. lowerForCpu
/// names the entry points so; emitCHeader declares them and
/// CompiledModule::invoke calls them under these names.
std::string cInterfaceName(llvm::StringRef name);

/// Runs remat-lower-cpu on `module`. Functions it defines under the name of
/// a library function compiled code calls (@expf, @memcpy, @__truncsfhf2,
/// ...) are renamed first, so that the calls do not bind to them; their C
/// interface keeps their name (cInterfaceName). Emits an error and fails
/// when two public functions would have the same C-interface name.
llvm::LogicalResult lowerForCpu(mlir::ModuleOp module,
                                const CpuPipelineOptions &options);

/// Runs remat-lower-gpu on `module`, with C-interface entry points named
/// as lowerForCpu names them: kernels become a gpu.binary that the LLVM IR
/// translation embeds, and the host code calls MLIR's mgpu* functions
/// (libRematGpuRuntime, which the process provides).
llvm::LogicalResult lowerForGpu(mlir::ModuleOp module,
                                const GpuPipelineOptions &options);

/// A JIT-compiled module.
class CompiledModule {
public:
  /// Compiles an LLVM-dialect module for the host CPU at LLVM's -O`optLevel`
  /// (0 to 3; lower levels compile faster and run slower). The machine
  /// code is generated here, not lazily on the first call, so that calls
  /// (and their timings) do not include compilation. Emits an error on each
  /// function and fails for functions the module calls but only declares
  /// when the process does not provide them (the JIT links nothing else),
  /// and for functions it defines under the name of a library function
  /// compiled code calls (lowerForCpu renames those).
  static llvm::Expected<std::unique_ptr<CompiledModule>>
  compile(mlir::ModuleOp module, unsigned optLevel = 3);
  ~CompiledModule();

  /// Calls `_mlir_ciface_<name>`. `tensors` and `scalars` are the tensor and
  /// scalar arguments in order; results are appended to `results` (they own
  /// their buffers).
  llvm::Error invoke(const FunctionSignature &signature,
                     llvm::MutableArrayRef<HostTensor> tensors,
                     llvm::ArrayRef<int64_t> scalars,
                     std::vector<HostTensor> &results);

  /// As invoke, for a module lowered by lowerForGpu: each tensor argument
  /// is copied to device memory from libRematGpuRuntime's tracked
  /// allocator (so it counts in the device peak), the results are copied
  /// back into HostTensors and their device buffers freed. Fails with the
  /// GPU runtime's first error when a CUDA call failed.
  llvm::Error invokeOnDevice(const FunctionSignature &signature,
                             llvm::MutableArrayRef<HostTensor> tensors,
                             llvm::ArrayRef<int64_t> scalars,
                             std::vector<HostTensor> &results);

private:
  CompiledModule() = default;
  /// Calls `_mlir_ciface_<name>` with a descriptor pointer per tensor
  /// argument and the scalars, in the signature's order; the results'
  /// descriptors are written to `resultStorage`.
  llvm::Error call(const FunctionSignature &signature,
                   llvm::ArrayRef<void *> tensorDescriptors,
                   llvm::ArrayRef<int64_t> scalars,
                   std::vector<int64_t> &resultStorage);
  std::unique_ptr<mlir::ExecutionEngine> engine;
};

/// Writes an object file for the host CPU (optimized at -O`optLevel`, 0 to
/// 3); fails, and
/// leaves no partial file, when it cannot be written (a full disk), or
/// with an error on the function, when the module defines one under the
/// name of a library function compiled code calls.
llvm::Error emitObjectFile(mlir::ModuleOp module, llvm::StringRef path,
                           unsigned optLevel = 3);

/// Writes a shared library: the object file, linked with the system C
/// compiler driver (clang-22, clang or cc on PATH). The runtime's symbols
/// (libRematRuntime, libmlir_c_runner_utils) stay undefined: they resolve
/// in the process that loads it.
llvm::Error emitSharedLibrary(mlir::ModuleOp module, llvm::StringRef path,
                              unsigned optLevel = 3);

/// A C++ header declaring the entry points of `signatures` (named by
/// cInterfaceName) with StridedMemRefType (mlir/ExecutionEngine/
/// CRunnerUtils.h).
std::string emitCHeader(llvm::ArrayRef<FunctionSignature> signatures,
                        llvm::StringRef source);

} // namespace remat

#endif // REMAT_RUNNER_RUNNER_H
