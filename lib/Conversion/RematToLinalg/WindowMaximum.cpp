//===- WindowMaximum.cpp - the first maximum of a pooling window ----------===//

#include "remat/Conversion/WindowMaximum.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

#include <limits>

using namespace mlir;

namespace {

/// `scalar` as a constant of `type`: itself, or splat over a vector.
Value constantOf(OpBuilder &b, Location l, Type type, TypedAttr scalar) {
  if (auto vector = dyn_cast<VectorType>(type))
    return arith::ConstantOp::create(b, l, vector,
                                     DenseElementsAttr::get(vector, scalar));
  return arith::ConstantOp::create(b, l, type, scalar);
}

/// i1, or a vector of i1 of the shape of `like`.
Type boolLike(OpBuilder &b, Type like) {
  if (auto vector = dyn_cast<VectorType>(like))
    return vector.clone(b.getI1Type());
  return b.getI1Type();
}

} // namespace

std::pair<Value, Value> remat::firstWindowMaximum(
    OpBuilder &b, Location l, int64_t kh, int64_t kw, Type valueType,
    Type positionType,
    llvm::function_ref<std::pair<Value, Value>(int64_t, int64_t)> read) {
  auto cmpi = [&](arith::CmpIPredicate p, Value u, Value v) -> Value {
    return arith::CmpIOp::create(b, l, p, u, v);
  };
  auto cmpf = [&](arith::CmpFPredicate p, Value u, Value v) -> Value {
    return arith::CmpFOp::create(b, l, p, u, v);
  };
  auto both = [&](Value u, Value v) -> Value {
    return arith::AndIOp::create(b, l, u, v);
  };
  auto either = [&](Value u, Value v) -> Value {
    return arith::OrIOp::create(b, l, u, v);
  };
  Type floatType = getElementTypeOrSelf(valueType);
  Type positionElement = getElementTypeOrSelf(positionType);
  auto position = [&](int64_t v) {
    return constantOf(b, l, positionType, b.getIntegerAttr(positionElement, v));
  };
  Value best = constantOf(
      b, l, valueType,
      b.getFloatAttr(floatType, -std::numeric_limits<double>::infinity()));
  Value bestAt = position(kh * kw);
  Value trueValue =
      constantOf(b, l, boolLike(b, valueType), b.getBoolAttr(true));
  for (int64_t p = 0; p < kh; ++p) {
    for (int64_t q = 0; q < kw; ++q) {
      auto [x, inside] = read(p, q);
      Value at = position(p * kw + q);
      Value xNan = cmpf(arith::CmpFPredicate::UNO, x, x);
      Value bestNan = cmpf(arith::CmpFPredicate::UNO, best, best);
      Value notBestNan = arith::XOrIOp::create(b, l, bestNan, trueValue);
      Value greater = either(cmpf(arith::CmpFPredicate::OGT, x, best),
                             both(xNan, notBestNan));
      Value equal =
          either(cmpf(arith::CmpFPredicate::OEQ, x, best), both(xNan, bestNan));
      Value earlier = cmpi(arith::CmpIPredicate::slt, at, bestAt);
      Value better = either(greater, both(equal, earlier));
      if (inside)
        better = both(better, inside);
      best = arith::SelectOp::create(b, l, better, x, best);
      bestAt = arith::SelectOp::create(b, l, better, at, bestAt);
    }
  }
  return {best, bestAt};
}
