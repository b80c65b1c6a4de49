//===- HostBuffers.h - #remat.host buffers for every target ------*- C++ -*-===//
//
// What remat-lower-host-memory (CPU) and remat-gpu-host-memory (GPU) share:
// telling host buffers (the #remat.host memory space convert-remat-to-linalg
// gives offloaded values) apart, replacing their allocations with a call of
// the target runtime's host allocator, and dropping the memory space from
// every type once the target has lowered what depended on it.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_PIPELINES_HOSTBUFFERS_H
#define REMAT_LIB_PIPELINES_HOSTBUFFERS_H

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"

namespace remat {

/// Whether `type` is a memref in the #remat.host memory space.
bool isHostMemRef(mlir::Type type);

/// The host buffers `module` allocates (memref.alloc in #remat.host), or
/// failure after an error on each one without a static shape and the
/// identity layout, which host allocations need.
mlir::FailureOr<llvm::SmallVector<mlir::memref::AllocOp>>
collectHostAllocations(mlir::ModuleOp module);

/// Replaces `alloc` with a call of `function`, which returns a pointer to
/// fresh memory, with `leadingArgs` (i64 constants) before the buffer's
/// size in bytes, and a memref descriptor of the pointer cast back to the
/// memref type (without memory space; finalize-memref-to-llvm and
/// reconcile-unrealized-casts fold the cast away).
mlir::LogicalResult
replaceWithAllocationCall(mlir::memref::AllocOp alloc, llvm::StringRef function,
                          llvm::ArrayRef<int64_t> leadingArgs);

/// Moves every memref in the #remat.host space, in every value, block
/// argument and type attribute of `module`, to the default space.
void dropHostMemorySpace(mlir::ModuleOp module);

} // namespace remat

#endif // REMAT_LIB_PIPELINES_HOSTBUFFERS_H
