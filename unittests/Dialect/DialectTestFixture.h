//===- DialectTestFixture.h - a context with the remat dialect --*- C++ -*-===//

#ifndef REMAT_UNITTESTS_DIALECT_DIALECTTESTFIXTURE_H
#define REMAT_UNITTESTS_DIALECT_DIALECTTESTFIXTURE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Parser/Parser.h"
#include "remat/Dialect/Remat/IR/RematOps.h"
#include "gtest/gtest.h"

namespace remat::test {

/// An MLIRContext with the remat and func dialects loaded, and a helper that
/// parses a module and returns its single function's first op of type OpTy.
class DialectTest : public ::testing::Test {
protected:
  DialectTest() {
    context.loadDialect<RematDialect, mlir::func::FuncDialect>();
  }

  mlir::OwningOpRef<mlir::ModuleOp> parse(llvm::StringRef source) {
    return mlir::parseSourceString<mlir::ModuleOp>(source, &context);
  }

  template <typename OpTy>
  OpTy firstOp(mlir::ModuleOp module) {
    OpTy found;
    module.walk([&](OpTy op) {
      if (!found)
        found = op;
    });
    return found;
  }

  mlir::MLIRContext context;
};

} // namespace remat::test

#endif // REMAT_UNITTESTS_DIALECT_DIALECTTESTFIXTURE_H
