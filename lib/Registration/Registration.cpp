//===- Registration.cpp - register remat with a tool ----------------------===//

#include "remat/Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "remat/Dialect/Remat/IR/RematDialect.h"

void remat::registerRematDialects(mlir::DialectRegistry &registry) {
  registry.insert<RematDialect>();
}

void remat::registerRematPasses() {}
