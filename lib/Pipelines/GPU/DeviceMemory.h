//===- DeviceMemory.h - what GPU host code may touch ------------*- C++ -*-===//
//
// In remat-lower-gpu's code every buffer lives in device memory but the
// constant globals, which stay in host memory (kernels get their own copy
// when outlined): the host code may read those and no other. Shared by the
// passes that keep the host off device memory (remat-gpu-host-code,
// remat-gpu-indirect-loops).
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_PIPELINES_GPU_DEVICEMEMORY_H
#define REMAT_LIB_PIPELINES_GPU_DEVICEMEMORY_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace remat {

/// Whether `value` is a constant global or a view of one: host memory the
/// host code may read.
inline bool isConstantGlobal(mlir::Value value) {
  while (auto view = value.getDefiningOp<mlir::ViewLikeOpInterface>())
    value = view.getViewSource();
  return value.getDefiningOp<mlir::memref::GetGlobalOp>() != nullptr;
}

/// Work the host issues to the device: a kernel launch, or a DMA copy of
/// an offloaded value (remat-gpu-host-memory). Neither touches contents on
/// the host, and a loop around one stays on the host.
inline bool isDeviceWork(mlir::Operation *op) {
  return mlir::isa<mlir::gpu::LaunchOp, mlir::gpu::MemcpyOp>(op);
}

/// Whether `op` itself reads or writes the contents of a device buffer (not
/// only its descriptor: views, casts and allocations do not; nor do reads
/// of constant globals, which live in host memory).
inline bool accessesDeviceContents(mlir::Operation *op) {
  using namespace mlir;
  if (isa<memref::AllocOp, memref::AllocaOp, memref::DeallocOp,
          memref::GetGlobalOp, memref::ExtractStridedMetadataOp,
          memref::ExtractAlignedPointerAsIndexOp, memref::DimOp>(op) ||
      isa<ViewLikeOpInterface>(op) || isDeviceWork(op))
    return false;
  if (!llvm::any_of(op->getOperands(), [](Value operand) {
        return isa<BaseMemRefType>(operand.getType()) &&
               !isConstantGlobal(operand);
      }))
    return false;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return true; // unknown: assume it does
  return effects.hasEffect<MemoryEffects::Read>() ||
         effects.hasEffect<MemoryEffects::Write>();
}

} // namespace remat

#endif // REMAT_LIB_PIPELINES_GPU_DEVICEMEMORY_H
