//===- RematToLinalg.cpp - the convert-remat-to-linalg pass ---------------===//

#include "LoweringBuilders.h"
#include "Patterns.h"
#include "remat/Conversion/Passes.h"
#include "remat/Dialect/Remat/IR/RematOps.h"
#include "remat/Dialect/Remat/IR/ViewCopies.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace remat {
#define GEN_PASS_DEF_CONVERTREMATTOLINALG
#include "remat/Conversion/Passes.h.inc"
} // namespace remat

using namespace mlir;
using namespace remat;

void remat::configureHostStrippingConverter(TypeConverter &converter) {
  converter.addConversion([](Type type) { return type; });
  converter.addConversion([](RankedTensorType type) -> Type {
    if (isa_and_nonnull<HostMemoryAttr>(type.getEncoding()))
      return RankedTensorType::get(type.getShape(), type.getElementType());
    return type;
  });
}

void remat::populateRematToLinalgPatterns(TypeConverter &converter,
                                          RewritePatternSet &patterns) {
  lowering::populateElementwisePatterns(converter, patterns);
  lowering::populateReductionPatterns(converter, patterns);
  lowering::populateContractionPatterns(converter, patterns);
  lowering::populateNormalizationPatterns(converter, patterns);
  lowering::populateShapePatterns(converter, patterns);
  lowering::populateLossPatterns(converter, patterns);
  lowering::populateGradientPatterns(converter, patterns);
  lowering::populateStructurePatterns(converter, patterns);
}

namespace {
struct ConvertRematToLinalgPass final
    : remat::impl::ConvertRematToLinalgBase<ConvertRematToLinalgPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    // Which views become copies depends on their users and on the views they
    // read through: decide for all of them before the conversion rewrites
    // either.
    getOperation()->walk([&](Operation *op) {
      if (viewNeedsCopy(op))
        op->setAttr(kCopyViewAttrName, UnitAttr::get(ctx));
    });
    TypeConverter converter;
    configureHostStrippingConverter(converter);
    RewritePatternSet patterns(ctx);
    populateRematToLinalgPatterns(converter, patterns);
    ConversionTarget target(*ctx);
    target.addIllegalDialect<RematDialect>();
    // Kept through bufferization (remat-hold-operands).
    target.addLegalOp<HoldOp>();
    target.addLegalDialect<arith::ArithDialect,
                           bufferization::BufferizationDialect,
                           linalg::LinalgDialect, math::MathDialect,
                           memref::MemRefDialect, scf::SCFDialect,
                           tensor::TensorDialect, func::FuncDialect>();
    // Foreign elementwise ops on tensors (arith, math, ...) become
    // linalg.generic too: the CPU pipeline lowers linalg bodies, not ops on
    // whole tensors. Other foreign ops are left as they are.
    auto notOnTensors = [](Operation *op) {
      return !lowering::isForeignElementwiseOnTensors(op);
    };
    target.addDynamicallyLegalDialect<arith::ArithDialect, math::MathDialect>(
        notOnTensors);
    target.markUnknownOpDynamicallyLegal(notOnTensors);
    // No folding: a fold such as transpose(transpose(x)) -> x makes the
    // consumer read x, keeping it alive longer than the plan, made on the
    // IR as written, counted (the measured peak would exceed the plan).
    // What runs is what was planned.
    ConversionConfig config;
    config.foldingMode = DialectConversionFoldingMode::Never;
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns), config))) {
      signalPassFailure();
      return;
    }
    // PyTorch-style marks on foreign ops have done their work (planning):
    // bufferization would leave them on ops without results, which the
    // dialect refuses.
    getOperation()->walk(
        [](Operation *op) { op->removeAttr(kMarkAttrName); });
  }
};
} // namespace
