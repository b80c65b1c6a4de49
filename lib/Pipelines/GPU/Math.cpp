//===- Math.cpp - remat-gpu-math ------------------------------------------===//

#include "remat/Pipelines/GPU/Passes.h"

#include "../MathApproximation.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/TypeUtilities.h"

namespace remat {
#define GEN_PASS_DEF_GPUMATH
#include "remat/Pipelines/GPU/Passes.h.inc"
} // namespace remat

using namespace mlir;

namespace {

/// The math ops convert-gpu-to-nvvm would turn into libdevice calls, which
/// this pass rewrites instead.
bool isLibdeviceMath(Operation *op) {
  return isa<math::ExpOp, math::LogOp, math::TanhOp, math::ErfOp,
             math::SinOp, math::CosOp,
             math::SqrtOp, math::RsqrtOp, math::FloorOp, math::AbsFOp,
             math::FmaOp>(op);
}

/// `op` (a math op on f16 or bf16 scalars) computed in f32: its operands
/// extended, its result truncated, as remat's own lowerings compute.
void computeInF32(Operation *op) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  Type narrow = op->getResult(0).getType();
  SmallVector<Value> operands;
  for (Value operand : op->getOperands())
    operands.push_back(arith::ExtFOp::create(b, loc, b.getF32Type(), operand));
  OperationState state(loc, op->getName(), operands, {b.getF32Type()},
                       op->getAttrs());
  Operation *wide = b.create(state);
  Value result =
      arith::TruncFOp::create(b, loc, narrow, wide->getResult(0));
  op->getResult(0).replaceAllUsesWith(result);
  op->erase();
}

/// `op`, an f32 math op left after the approximations, as an LLVM
/// intrinsic NVPTX selects an instruction for.
void lowerToIntrinsic(Operation *op) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  Type f32 = b.getF32Type();
  auto intrinsic = [&](StringRef name, ValueRange args) {
    return LLVM::CallIntrinsicOp::create(b, loc, f32, b.getStringAttr(name),
                                         args)
        .getResult(0);
  };
  Value result;
  if (isa<math::SqrtOp>(op)) {
    // PTX's correctly rounded sqrt.rn.
    result = intrinsic("llvm.nvvm.sqrt.rn.f", op->getOperands());
  } else if (isa<math::RsqrtOp>(op)) {
    // 1 / sqrt, as the CPU lowering computes it.
    Value sqrt = intrinsic("llvm.nvvm.sqrt.rn.f", op->getOperands());
    Value one = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(1.0f));
    result = arith::DivFOp::create(b, loc, one, sqrt);
  } else if (isa<math::FloorOp>(op)) {
    result = intrinsic("llvm.floor.f32", op->getOperands());
  } else if (isa<math::AbsFOp>(op)) {
    result = intrinsic("llvm.fabs.f32", op->getOperands());
  } else if (isa<math::FmaOp>(op)) {
    result = intrinsic("llvm.fma.f32", op->getOperands());
  } else {
    return;
  }
  op->getResult(0).replaceAllUsesWith(result);
  op->erase();
}

struct GpuMathPass final : remat::impl::GpuMathBase<GpuMathPass> {
  void runOnOperation() override {
    auto collect = [&](auto predicate) {
      SmallVector<Operation *> ops;
      getOperation()->walk([&](Operation *op) {
        if (isLibdeviceMath(op) && predicate(op->getResult(0).getType()))
          ops.push_back(op);
      });
      return ops;
    };
    for (Operation *op : collect([](Type type) {
           return type.isF16() || type.isBF16();
         }))
      computeInF32(op);
    if (failed(remat::approximateTranscendentals(getOperation())))
      return signalPassFailure();
    for (Operation *op : collect([](Type type) { return type.isF32(); }))
      lowerToIntrinsic(op);
  }
};

} // namespace
