//===- LoweringBuilders.cpp - building blocks of the linalg lowering ------===//

#include "LoweringBuilders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "remat/Dialect/Remat/IR/RematDialect.h"

using namespace mlir;
using namespace remat;

Value lowering::addF(OpBuilder &b, Location loc, ValueRange a) {
  return arith::AddFOp::create(b, loc, a[0], a[1]);
}

Value lowering::maxF(OpBuilder &b, Location loc, ValueRange a) {
  return arith::MaximumFOp::create(b, loc, a[0], a[1]);
}

Value lowering::f32Constant(OpBuilder &b, Location loc, double value) {
  return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(value));
}

Value lowering::f32ConstantIn(OpBuilder &b, Location loc, double value,
                              Type type) {
  llvm::APFloat rounded(value);
  bool losesInfo = false;
  rounded.convert(cast<FloatType>(type).getFloatSemantics(),
                  llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  rounded.convert(llvm::APFloat::IEEEsingle(),
                  llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  return arith::ConstantOp::create(b, loc,
                                   b.getF32FloatAttr(rounded.convertToFloat()));
}

Value lowering::toF32(OpBuilder &b, Location loc, Value value) {
  if (value.getType().isF32())
    return value;
  return arith::ExtFOp::create(b, loc, b.getF32Type(), value);
}

Value lowering::fromF32(OpBuilder &b, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  return arith::TruncFOp::create(b, loc, type, value);
}

Value lowering::emptyTensor(OpBuilder &b, Location loc, RankedTensorType type) {
  return tensor::EmptyOp::create(b, loc, type.getShape(),
                                 type.getElementType());
}

Value lowering::filledTensor(OpBuilder &b, Location loc, RankedTensorType type,
                             double value) {
  Value scalar =
      fromF32(b, loc, f32Constant(b, loc, value), type.getElementType());
  Value empty = emptyTensor(b, loc, type);
  return linalg::FillOp::create(b, loc, scalar, empty).getResult(0);
}

SmallVector<Value> lowering::mapWithMapsMulti(
    OpBuilder &b, Location loc, ArrayRef<RankedTensorType> resultTypes,
    ValueRange inputs, ArrayRef<AffineMap> inputMaps, MultiScalarFn fn) {
  int64_t rank = resultTypes.front().getRank();
  SmallVector<AffineMap> maps(inputMaps);
  SmallVector<Value> inits;
  SmallVector<Type> types;
  for (RankedTensorType type : resultTypes) {
    maps.push_back(b.getMultiDimIdentityMap(rank));
    inits.push_back(emptyTensor(b, loc, type));
    types.push_back(type);
  }
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  size_t numInputs = inputs.size();
  auto generic = linalg::GenericOp::create(
      b, loc, types, inputs, inits, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        SmallVector<Value> scalars;
        for (Value arg : args.take_front(numInputs)) {
          // Integer inputs (ids, seeds) pass through unchanged.
          scalars.push_back(isa<FloatType>(arg.getType()) ? toF32(nb, nloc, arg)
                                                          : arg);
        }
        SmallVector<Value> results = fn(nb, nloc, scalars);
        for (auto [result, type] : llvm::zip_equal(results, resultTypes))
          result = fromF32(nb, nloc, result, type.getElementType());
        linalg::YieldOp::create(nb, nloc, results);
      });
  return SmallVector<Value>(generic.getResults());
}

Value lowering::mapWithMaps(OpBuilder &b, Location loc,
                            RankedTensorType resultType, ValueRange inputs,
                            ArrayRef<AffineMap> inputMaps, ScalarFn fn) {
  return mapWithMapsMulti(
             b, loc, resultType, inputs, inputMaps,
             [&](OpBuilder &nb, Location nloc, ValueRange scalars) {
               return SmallVector<Value>{fn(nb, nloc, scalars)};
             })
      .front();
}

Value lowering::mapElementwise(OpBuilder &b, Location loc,
                               RankedTensorType resultType, ValueRange inputs,
                               ScalarFn fn) {
  SmallVector<AffineMap> maps(inputs.size(),
                              b.getMultiDimIdentityMap(resultType.getRank()));
  return mapWithMaps(b, loc, resultType, inputs, maps, fn);
}

AffineMap lowering::reducedMap(MLIRContext *ctx, int64_t rank,
                               ArrayRef<int64_t> dims, bool keepDims) {
  SmallVector<AffineExpr> exprs;
  for (int64_t d = 0; d < rank; ++d) {
    if (!llvm::is_contained(dims, d))
      exprs.push_back(getAffineDimExpr(d, ctx));
    else if (keepDims)
      exprs.push_back(getAffineConstantExpr(0, ctx));
  }
  return AffineMap::get(rank, 0, exprs, ctx);
}

Value lowering::reduceToF32(OpBuilder &b, Location loc, Value input,
                            ArrayRef<int64_t> dims, bool keepDims, double init,
                            ScalarFn combine, ScalarFn pre, ValueRange extras,
                            ArrayRef<AffineMap> extraMaps) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) {
    if (!llvm::is_contained(dims, d))
      shape.push_back(inputType.getDimSize(d));
    else if (keepDims)
      shape.push_back(1);
  }
  auto resultType = RankedTensorType::get(shape, b.getF32Type());
  Value acc = filledTensor(b, loc, resultType, init);
  SmallVector<AffineMap> maps{b.getMultiDimIdentityMap(rank)};
  llvm::append_range(maps, extraMaps);
  maps.push_back(reducedMap(b.getContext(), rank, dims, keepDims));
  SmallVector<utils::IteratorType> iterators;
  for (int64_t d = 0; d < rank; ++d)
    iterators.push_back(llvm::is_contained(dims, d)
                            ? utils::IteratorType::reduction
                            : utils::IteratorType::parallel);
  SmallVector<Value> inputs{input};
  llvm::append_range(inputs, extras);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{resultType}, inputs, ValueRange{acc}, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        SmallVector<Value> scalars;
        for (Value arg : args.drop_back())
          scalars.push_back(isa<FloatType>(arg.getType()) ? toF32(nb, nloc, arg)
                                                          : arg);
        Value value = pre ? pre(nb, nloc, scalars) : scalars.front();
        Value next = combine(nb, nloc, ValueRange{args.back(), value});
        linalg::YieldOp::create(nb, nloc, next);
      });
  return generic.getResult(0);
}

Value lowering::padSpatial(OpBuilder &b, Location loc, Value input,
                           ArrayRef<int64_t> padding, double value) {
  if (llvm::all_of(padding, [](int64_t p) { return p == 0; }))
    return input;
  auto type = cast<RankedTensorType>(input.getType());
  SmallVector<int64_t> shape(type.getShape());
  shape[2] += padding[0] + padding[2];
  shape[3] += padding[1] + padding[3];
  auto paddedType = RankedTensorType::get(shape, type.getElementType());
  SmallVector<OpFoldResult> low{b.getIndexAttr(0), b.getIndexAttr(0),
                                b.getIndexAttr(padding[0]),
                                b.getIndexAttr(padding[1])};
  SmallVector<OpFoldResult> high{b.getIndexAttr(0), b.getIndexAttr(0),
                                 b.getIndexAttr(padding[2]),
                                 b.getIndexAttr(padding[3])};
  Value pad =
      fromF32(b, loc, f32Constant(b, loc, value), type.getElementType());
  return tensor::PadOp::create(b, loc, paddedType, input, low, high, pad);
}

Value lowering::scaleInto(OpBuilder &b, Location loc, Value acc, double factor,
                          RankedTensorType resultType) {
  auto scale = [&](OpBuilder &nb, Location l, Value x) -> Value {
    return arith::MulFOp::create(nb, l, x, f32Constant(nb, l, factor));
  };
  if (!resultType.getElementType().isF32())
    return mapElementwise(b, loc, resultType, acc,
                          [&](OpBuilder &nb, Location l, ValueRange a) {
                            return scale(nb, l, a[0]);
                          });
  // The accumulator is dead after this: scale it where it is.
  int64_t rank = resultType.getRank();
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{resultType}, ValueRange{}, ValueRange{acc},
      b.getMultiDimIdentityMap(rank),
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [&](OpBuilder &nb, Location l, ValueRange args) {
        linalg::YieldOp::create(nb, l, scale(nb, l, args[0]));
      });
  return generic.getResult(0);
}

Value lowering::windowTensor(OpBuilder &b, Location loc,
                             ArrayRef<int64_t> kernel) {
  auto type = RankedTensorType::get(kernel, b.getF32Type());
  return arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(type, b.getF32FloatAttr(0.0)));
}

Value lowering::copyTensor(OpBuilder &b, Location loc, Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  int64_t rank = type.getRank();
  AffineMap id = b.getMultiDimIdentityMap(rank);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{type}, ValueRange{tensor},
      ValueRange{emptyTensor(b, loc, type)}, ArrayRef<AffineMap>{id, id},
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [](OpBuilder &nb, Location l, ValueRange args) {
        linalg::YieldOp::create(nb, l, args[0]);
      });
  return generic.getResult(0);
}

Value lowering::castTensor(OpBuilder &b, Location loc, Value tensor,
                           Type elementType) {
  auto type = cast<RankedTensorType>(tensor.getType());
  if (type.getElementType() == elementType)
    return tensor;
  auto resultType = RankedTensorType::get(type.getShape(), elementType);
  return mapElementwise(
      b, loc, resultType, tensor,
      [](OpBuilder &, Location, ValueRange args) { return args.front(); });
}

bool lowering::isForeignElementwiseOnTensors(Operation *op) {
  if (isa_and_nonnull<RematDialect>(op->getDialect()) ||
      !OpTrait::hasElementwiseMappableTraits(op) || op->getNumResults() == 0)
    return false;
  // Plain (or host) static tensors only: an encoding such as a sparse one
  // changes what the elements are.
  auto plainStatic = [](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return tensor && tensor.hasStaticShape() &&
           (!tensor.getEncoding() || isHostTensorType(tensor));
  };
  if (!llvm::all_of(op->getResultTypes(), plainStatic))
    return false;
  // The other operands are scalars (e.g. the i1 of a select between two
  // tensors), used as they are in every element.
  return llvm::all_of(op->getOperandTypes(), [&](Type type) {
    return plainStatic(type) || !isa<ShapedType>(type);
  });
}
