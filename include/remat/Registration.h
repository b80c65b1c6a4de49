//===- Registration.h - register remat with a tool --------------*- C++ -*-===//
//
// What a tool (or another compiler embedding remat) calls to make the dialect,
// its passes and its pipelines available.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_REGISTRATION_H
#define REMAT_REGISTRATION_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace remat {

/// Registers the remat dialect and the external models it attaches to
/// upstream dialects.
void registerRematDialects(mlir::DialectRegistry &registry);

/// Registers remat's passes and pass pipelines with the global registry, so
/// that they can be named on a command line or in a textual pipeline.
void registerAllPasses();

} // namespace remat

#endif // REMAT_REGISTRATION_H
