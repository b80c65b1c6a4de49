//===- CopiesToLinalg.cpp - remat-copies-to-linalg ------------------------===//

#include "remat/Pipelines/GPU/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace remat {
#define GEN_PASS_DEF_COPIESTOLINALG
#include "remat/Pipelines/GPU/Passes.h.inc"
} // namespace remat

using namespace mlir;

namespace {

struct CopiesToLinalgPass final
    : remat::impl::CopiesToLinalgBase<CopiesToLinalgPass> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation().walk([&](memref::CopyOp copy) { copies.push_back(copy); });
    for (memref::CopyOp copy : copies) {
      OpBuilder b(copy);
      linalg::CopyOp::create(b, copy.getLoc(), copy.getSource(),
                             copy.getTarget());
      copy.erase();
    }
  }
};

} // namespace
