//===- BoolTransfers.h - i1 vector transfers element by element -*- C++ -*-===//
//
// Private to the CPU pipeline (see BoolTransfers.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_PIPELINES_BOOLTRANSFERS_H
#define REMAT_LIB_PIPELINES_BOOLTRANSFERS_H

#include "mlir/Pass/Pass.h"

namespace remat {

/// remat-scalarize-bool-transfers: rewrites the 1-D vector transfers, loads
/// and stores of i1 elements from and to memrefs as one memref.load or
/// memref.store per element.
std::unique_ptr<mlir::Pass> createScalarizeBoolTransfersPass();

/// Registers remat-scalarize-bool-transfers.
void registerScalarizeBoolTransfersPass();

} // namespace remat

#endif // REMAT_LIB_PIPELINES_BOOLTRANSFERS_H
