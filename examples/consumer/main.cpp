//===- main.cpp - a compiler that embeds remat ----------------------------===//
//
// Registers the remat dialect into its own context, parses a training-graph
// fragment, verifies it and asks the cost interface about each op.
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "remat/Dialect/Remat/IR/RematOps.h"
#include "remat/Registration.h"
#include "llvm/Support/raw_ostream.h"

static const char *kSource = R"mlir(
func.func @layer(%x: tensor<8x64xf32>, %w: tensor<64x64xf32>) -> tensor<8x64xf32> {
  %h = remat.matmul %x, %w : tensor<8x64xf32>, tensor<64x64xf32> -> tensor<8x64xf32>
  %a = remat.gelu %h tanh : tensor<8x64xf32>
  return %a : tensor<8x64xf32>
}
)mlir";

int main() {
  mlir::DialectRegistry registry;
  remat::registerRematDialects(registry);
  mlir::MLIRContext context(registry);
  context.loadAllAvailableDialects();

  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(kSource, &context);
  if (!module || mlir::failed(mlir::verify(*module)))
    return 1;
  int64_t total = 0;
  module->walk([&](remat::RematCostOpInterface op) {
    llvm::outs() << op->getName() << ": " << op.flops() << " FLOPs\n";
    total += op.flops();
  });
  llvm::outs() << "total: " << total << " FLOPs\n";
  // 2*8*64*64 for the matmul plus 8 per element for gelu.
  return total == 2 * 8 * 64 * 64 + 8 * 8 * 64 ? 0 : 1;
}
