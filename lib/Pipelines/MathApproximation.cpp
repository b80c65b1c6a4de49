//===- MathApproximation.cpp - transcendentals as polynomials -------------===//

#include "MathApproximation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace {

/// A constant `value` of the f32 scalar or vector `type`.
Value f32Constant(RewriterBase &rewriter, Location loc, Type type,
                  float value) {
  Attribute attr = rewriter.getF32FloatAttr(value);
  if (auto vector = dyn_cast<VectorType>(type))
    attr = DenseElementsAttr::get(vector, attr);
  return arith::ConstantOp::create(rewriter, loc, cast<TypedAttr>(attr));
}

/// Makes f32 math.log and math.exp right on subnormal numbers before they
/// become polynomials: upstream's approximations read a subnormal log
/// argument as the smallest normal number (log(1e-40) came out as -87.34,
/// not -92.10) and flush exp results below it to 0. With one select on the
/// argument and one on the result, vector-friendly:
///   log(x) = log(x * 2^23) - 23 ln 2    for x < 2^-126 (2^-149 * 2^23 is
///            normal; 0, negatives and NaN come out as before);
///   exp(x) = exp(x / 2)^2               for x < ln 2^-126, so that the
///            subnormal (or zero) result is rounded once, from a normal
///            square (exp(x / 2) is within a few ulp; its square within a
///            few ulp of the subnormal's coarser spacing).
/// The approximation then rewrites the one math op left.
void handleSubnormals(RewriterBase &rewriter, Operation *root) {
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (isa<math::LogOp, math::ExpOp>(op) &&
        getElementTypeOrSelf(op->getResult(0).getType()).isF32())
      ops.push_back(op);
  });
  constexpr float kSmallestNormal = 0x1p-126f;
  // ln(2^-126), rounded up: every argument below it gives a subnormal.
  constexpr float kLogSmallestNormal = -87.33654f;
  constexpr float kLogScale = 15.942385f; // 23 ln 2
  for (Operation *op : ops) {
    Location loc = op->getLoc();
    Value x = op->getOperand(0);
    Type type = x.getType();
    auto fastmath = op->getAttrOfType<arith::FastMathFlagsAttr>("fastmath");
    arith::FastMathFlags flags =
        fastmath ? fastmath.getValue() : arith::FastMathFlags::none;
    rewriter.setInsertionPoint(op);
    auto constant = [&](float value) {
      return f32Constant(rewriter, loc, type, value);
    };
    Value result;
    if (isa<math::LogOp>(op)) {
      Value small = arith::CmpFOp::create(rewriter, loc,
                                          arith::CmpFPredicate::OLT, x,
                                          constant(kSmallestNormal));
      Value scaled = arith::MulFOp::create(rewriter, loc, x,
                                           constant(0x1p23f));
      Value argument =
          arith::SelectOp::create(rewriter, loc, small, scaled, x);
      Value log = math::LogOp::create(rewriter, loc, argument, flags);
      Value shifted =
          arith::SubFOp::create(rewriter, loc, log, constant(kLogScale));
      result = arith::SelectOp::create(rewriter, loc, small, shifted, log);
    } else {
      Value small = arith::CmpFOp::create(rewriter, loc,
                                          arith::CmpFPredicate::OLT, x,
                                          constant(kLogSmallestNormal));
      Value half = arith::MulFOp::create(rewriter, loc, x, constant(0.5f));
      Value argument = arith::SelectOp::create(rewriter, loc, small, half, x);
      Value exp = math::ExpOp::create(rewriter, loc, argument, flags);
      Value square = arith::MulFOp::create(rewriter, loc, exp, exp);
      result = arith::SelectOp::create(rewriter, loc, small, square, exp);
    }
    rewriter.replaceOp(op, result);
  }
}

} // namespace

LogicalResult remat::approximateTranscendentals(Operation *root) {
  IRRewriter rewriter(root->getContext());
  handleSubnormals(rewriter, root);
  RewritePatternSet approximations(root->getContext());
  populateMathPolynomialApproximationPatterns(
      approximations, [](StringRef name) {
        return name == math::ExpOp::getOperationName() ||
               name == math::LogOp::getOperationName() ||
               name == math::TanhOp::getOperationName() ||
               name == math::ErfOp::getOperationName() ||
               name == math::SinOp::getOperationName() ||
               name == math::CosOp::getOperationName();
      });
  return applyPatternsGreedily(root, std::move(approximations));
}
