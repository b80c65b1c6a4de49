//===- ConstantGlobals.h - host-readable buffers of GPU code ----*- C++ -*-===//
//
// In remat-lower-gpu's code every buffer lives in device memory but the
// constant globals, which stay in host memory (kernels get their own copy
// when outlined): the host code may read those and no other.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_PIPELINES_GPU_CONSTANTGLOBALS_H
#define REMAT_LIB_PIPELINES_GPU_CONSTANTGLOBALS_H

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace remat {

/// Whether `value` is a constant global or a view of one: host memory the
/// host code may read.
inline bool isConstantGlobal(mlir::Value value) {
  while (auto view = value.getDefiningOp<mlir::ViewLikeOpInterface>())
    value = view.getViewSource();
  return value.getDefiningOp<mlir::memref::GetGlobalOp>() != nullptr;
}

} // namespace remat

#endif // REMAT_LIB_PIPELINES_GPU_CONSTANTGLOBALS_H
