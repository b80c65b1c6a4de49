//===- remat-opt.cpp - the remat optimizer driver -------------------------===//
//
// mlir-opt with every upstream dialect, pass, extension and LLVM IR
// translation registered, plus remat's dialect, passes and pipelines.
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "remat/Registration.h"
#include "remat/Support/LargeStack.h"

static int runMain(int argc, char **argv) {
  mlir::registerAllPasses();
  remat::registerAllPasses();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  remat::registerRematDialects(registry);

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "remat optimizer driver\n", registry));
}

// Deeply nested IR would overflow the default stack in MLIR's recursive
// parser and walks (LargeStack.h).
int main(int argc, char **argv) {
  return remat::runOnLargeStack([&] { return runMain(argc, argv); });
}
