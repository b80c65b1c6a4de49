//===- Registration.cpp - register remat with a tool ----------------------===//

#include "remat/Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "remat/Dialect/Remat/IR/RematDialect.h"
#include "remat/Conversion/Passes.h"
#include "remat/Dialect/Remat/Transforms/GradientRules.h"
#include "remat/Dialect/Remat/Transforms/Passes.h"
#include "remat/Pipelines/Pipelines.h"

void remat::registerRematDialects(mlir::DialectRegistry &registry) {
  registry.insert<RematDialect>();
  registerGradientRules(registry);
}

void remat::registerAllPasses() {
  registerRematPasses();
  registerRematConversionPasses();
  registerCpuPipeline();
}
