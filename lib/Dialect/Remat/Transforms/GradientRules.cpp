//===- GradientRules.cpp - vector-Jacobian products of remat ops ----------===//
//
// One `vjp` overload per differentiable op, built from remat ops (the fused
// backward ops, like PyTorch's ATen backward kernels, where a composition
// would cost memory or accuracy). Each receives the cotangent of every
// result (null where none flows) and appends one cotangent per operand (null
// where the operand is not differentiable: ids, labels, seeds).
//
//===----------------------------------------------------------------------===//

#include "remat/Dialect/Remat/Transforms/GradientRules.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectRegistry.h"
#include "remat/Dialect/Remat/IR/RematOps.h"

using namespace mlir;
using namespace remat;

namespace {

using Grads = SmallVectorImpl<Value>;

/// Zeros of `type`.
Value zeros(OpBuilder &b, Location loc, Type type) {
  auto tensor = cast<RankedTensorType>(type);
  return ConstantOp::create(
      b, loc,
      DenseElementsAttr::get(tensor,
                             b.getFloatAttr(tensor.getElementType(), 0.0)));
}

/// The cotangent of result `i`, zeros when none flows.
Value gradOf(OpBuilder &b, Operation *op, ValueRange g, unsigned i) {
  return g[i] ? g[i] : zeros(b, op->getLoc(), op->getResult(i).getType());
}

// Elementwise unary.
LogicalResult vjp(NegOp op, OpBuilder &b, ValueRange g, Grads &out) {
  out.push_back(NegOp::create(b, op.getLoc(), g[0]));
  return success();
}
LogicalResult vjp(ExpOp op, OpBuilder &b, ValueRange g, Grads &out) {
  out.push_back(MulOp::create(b, op.getLoc(), g[0], op.getResult()));
  return success();
}
LogicalResult vjp(SinOp op, OpBuilder &b, ValueRange g, Grads &out) {
  // d sin(x) = cos(x)
  Value cos = CosOp::create(b, op.getLoc(), op.getInput());
  out.push_back(MulOp::create(b, op.getLoc(), g[0], cos));
  return success();
}
LogicalResult vjp(CosOp op, OpBuilder &b, ValueRange g, Grads &out) {
  // d cos(x) = -sin(x)
  Value sin = SinOp::create(b, op.getLoc(), op.getInput());
  out.push_back(
      NegOp::create(b, op.getLoc(), MulOp::create(b, op.getLoc(), g[0], sin)));
  return success();
}
LogicalResult vjp(ErfOp op, OpBuilder &b, ValueRange g, Grads &out) {
  // d erf(x) = 2/sqrt(pi) exp(-x^2)
  Location loc = op.getLoc();
  Value x = op.getInput();
  Value density =
      ExpOp::create(b, loc, NegOp::create(b, loc, MulOp::create(b, loc, x, x)));
  out.push_back(ScaleOp::create(b, loc, MulOp::create(b, loc, g[0], density),
                                b.getF64FloatAttr(1.1283791670955126)));
  return success();
}
LogicalResult vjp(ConvertOp op, OpBuilder &b, ValueRange g, Grads &out) {
  // The cotangent converts back to the operand's type (rounding when the
  // operand is narrower, as PyTorch's autograd of `.to(dtype)` does).
  out.push_back(
      ConvertOp::create(b, op.getLoc(), op.getInput().getType(), g[0]));
  return success();
}
LogicalResult vjp(LogOp op, OpBuilder &b, ValueRange g, Grads &out) {
  out.push_back(DivOp::create(b, op.getLoc(), g[0], op.getInput()));
  return success();
}
LogicalResult vjp(SqrtOp op, OpBuilder &b, ValueRange g, Grads &out) {
  // d sqrt(x) = 1 / (2 sqrt(x))
  Value q = DivOp::create(b, op.getLoc(), g[0], op.getResult());
  out.push_back(ScaleOp::create(b, op.getLoc(), q, b.getF64FloatAttr(0.5)));
  return success();
}
LogicalResult vjp(RsqrtOp op, OpBuilder &b, ValueRange g, Grads &out) {
  // d x^-1/2 = -1/2 x^-3/2 = -1/2 y^3
  Location loc = op.getLoc();
  Value y = op.getResult();
  Value y3 = MulOp::create(b, loc, MulOp::create(b, loc, y, y), y);
  out.push_back(ScaleOp::create(b, loc, MulOp::create(b, loc, g[0], y3),
                                b.getF64FloatAttr(-0.5)));
  return success();
}
LogicalResult vjp(TanhOp op, OpBuilder &b, ValueRange g, Grads &out) {
  // g (1 - y^2) = g - g y^2
  Location loc = op.getLoc();
  Value y = op.getResult();
  Value gy2 = MulOp::create(b, loc, g[0], MulOp::create(b, loc, y, y));
  out.push_back(SubOp::create(b, loc, g[0], gy2));
  return success();
}
LogicalResult vjp(SigmoidOp op, OpBuilder &b, ValueRange g, Grads &out) {
  // g y (1 - y) = g (y - y^2)
  Location loc = op.getLoc();
  Value y = op.getResult();
  Value d = SubOp::create(b, loc, y, MulOp::create(b, loc, y, y));
  out.push_back(MulOp::create(b, loc, g[0], d));
  return success();
}
LogicalResult vjp(ReluOp op, OpBuilder &b, ValueRange g, Grads &out) {
  // relu(x) > 0 exactly where x > 0, so the mask reads the output, as
  // PyTorch's threshold_backward does: a relu's input (a convolution's or
  // batch norm's output) need not stay alive for the backward pass when
  // nothing else reads it there.
  out.push_back(ReluGradOp::create(b, op.getLoc(), g[0], op.getResult()));
  return success();
}
LogicalResult vjp(ClampOp op, OpBuilder &b, ValueRange g, Grads &out) {
  // Strictly inside the bounds exactly where the input is: the mask reads
  // the result, like relu's.
  out.push_back(ClampGradOp::create(b, op.getLoc(), g[0], op.getResult(),
                                    op.getMinAttr(), op.getMaxAttr()));
  return success();
}
LogicalResult vjp(GeluOp op, OpBuilder &b, ValueRange g, Grads &out) {
  out.push_back(GeluGradOp::create(b, op.getLoc(), g[0], op.getInput(),
                                   op.getApproximationAttr()));
  return success();
}

// Elementwise binary.
LogicalResult vjp(AddOp, OpBuilder &, ValueRange g, Grads &out) {
  out.append({g[0], g[0]});
  return success();
}
LogicalResult vjp(SubOp op, OpBuilder &b, ValueRange g, Grads &out) {
  out.append({g[0], NegOp::create(b, op.getLoc(), g[0])});
  return success();
}
LogicalResult vjp(MulOp op, OpBuilder &b, ValueRange g, Grads &out) {
  Location loc = op.getLoc();
  out.append({MulOp::create(b, loc, g[0], op.getRhs()),
              MulOp::create(b, loc, g[0], op.getLhs())});
  return success();
}
LogicalResult vjp(DivOp op, OpBuilder &b, ValueRange g, Grads &out) {
  // d(a/b)/da = 1/b; d(a/b)/db = -a/b^2 = -(a/b)/b
  Location loc = op.getLoc();
  Value ga = DivOp::create(b, loc, g[0], op.getRhs());
  Value gb = NegOp::create(
      b, loc, DivOp::create(b, loc, MulOp::create(b, loc, g[0], op.getResult()),
                            op.getRhs()));
  out.append({ga, gb});
  return success();
}
LogicalResult vjp(MaximumOp op, OpBuilder &b, ValueRange g, Grads &out) {
  auto grads = MaximumGradOp::create(b, op.getLoc(), g[0], op.getLhs(),
                                     op.getRhs());
  out.append({grads.getResult(0), grads.getResult(1)});
  return success();
}
LogicalResult vjp(WhereOp op, OpBuilder &b, ValueRange g, Grads &out) {
  // One op per side: autodiff erases the one whose side needs no gradient
  // (a constant such as a causal mask's fill value).
  Value trueGrad = WhereGradOp::create(b, op.getLoc(), op.getCondition(), g[0],
                                       /*false_side=*/false);
  Value falseGrad = WhereGradOp::create(b, op.getLoc(), op.getCondition(), g[0],
                                        /*false_side=*/true);
  out.append({Value(), trueGrad, falseGrad});
  return success();
}
LogicalResult vjp(MaskedFillOp op, OpBuilder &b, ValueRange g, Grads &out) {
  out.push_back(WhereGradOp::create(b, op.getLoc(), op.getMask(), g[0],
                                    /*false_side=*/true));
  out.push_back(Value()); // the mask
  return success();
}
LogicalResult vjp(ScaleOp op, OpBuilder &b, ValueRange g, Grads &out) {
  out.push_back(ScaleOp::create(b, op.getLoc(), g[0], op.getFactorAttr()));
  return success();
}
LogicalResult vjp(DropoutOp op, OpBuilder &b, ValueRange g, Grads &out) {
  // The same seed and counter give the same mask: dropout is its own VJP.
  out.push_back(DropoutOp::create(b, op.getLoc(), g[0], op.getSeed(),
                                  op.getRateAttr(), op.getCounterAttr()));
  out.push_back(Value()); // the seed
  return success();
}

// Broadcast and reductions.
LogicalResult vjp(BroadcastOp op, OpBuilder &b, ValueRange g, Grads &out) {
  // Sum over the added dimensions and the size-1 dimensions that were
  // expanded, then restore the input's shape (its size-1 dimensions).
  RankedTensorType in = op.getInput().getType(), res = op.getType();
  SmallVector<int64_t> reduced;
  for (int64_t d = 0; d < res.getRank(); ++d) {
    const auto *it = llvm::find(op.getDimensions(), d);
    if (it == op.getDimensions().end()) {
      reduced.push_back(d);
      continue;
    }
    int64_t i = it - op.getDimensions().begin();
    if (in.getDimSize(i) == 1 && res.getDimSize(d) != 1)
      reduced.push_back(d);
  }
  Location loc = op.getLoc();
  Value sum = g[0];
  if (!reduced.empty())
    sum = ReduceSumOp::create(b, loc, g[0], reduced, /*keep_dims=*/false);
  if (sum.getType() != in)
    sum = ReshapeOp::create(b, loc, in, sum);
  out.push_back(sum);
  return success();
}

/// Broadcasts a reduction's cotangent back to the reduced input's shape.
Value broadcastBack(OpBuilder &b, Location loc, Value g,
                    RankedTensorType inputType, ArrayRef<int64_t> dims,
                    bool keepDims) {
  SmallVector<int64_t> mapping;
  for (int64_t d = 0; d < inputType.getRank(); ++d)
    if (keepDims || !llvm::is_contained(dims, d))
      mapping.push_back(d);
  return BroadcastOp::create(b, loc, inputType, g, mapping);
}

LogicalResult vjp(ReduceSumOp op, OpBuilder &b, ValueRange g, Grads &out) {
  out.push_back(broadcastBack(b, op.getLoc(), g[0], op.getInput().getType(),
                              op.getDimensions(), op.getKeepDims()));
  return success();
}
LogicalResult vjp(ReduceMeanOp op, OpBuilder &b, ValueRange g, Grads &out) {
  RankedTensorType in = op.getInput().getType();
  int64_t count = 1;
  for (int64_t d : op.getDimensions())
    count *= in.getDimSize(d);
  Value back = broadcastBack(b, op.getLoc(), g[0], in, op.getDimensions(),
                             op.getKeepDims());
  out.push_back(ScaleOp::create(b, op.getLoc(), back,
                                b.getF64FloatAttr(1.0 / static_cast<double>(count))));
  return success();
}
LogicalResult vjp(ReduceMaxOp op, OpBuilder &b, ValueRange g, Grads &out) {
  out.push_back(ReduceMaxGradOp::create(b, op.getLoc(), g[0], op.getInput(),
                                        op.getResult(), op.getDimensions(),
                                        op.getKeepDims()));
  return success();
}

// Contractions.
LogicalResult vjp(MatmulOp op, OpBuilder &b, ValueRange g, Grads &out) {
  // C = op(A) op(B). See docs/autodiff.md for the four transpose cases.
  Location loc = op.getLoc();
  Value a = op.getLhs(), bb = op.getRhs(), gc = g[0];
  bool ta = op.getTransposeA(), tb = op.getTransposeB();
  Value ga, gb;
  if (!ta && !tb) {
    ga = MatmulOp::create(b, loc, gc, bb, false, true);
    gb = MatmulOp::create(b, loc, a, gc, true, false);
  } else if (ta && !tb) {
    ga = MatmulOp::create(b, loc, bb, gc, false, true);
    gb = MatmulOp::create(b, loc, a, gc, false, false);
  } else if (!ta && tb) {
    ga = MatmulOp::create(b, loc, gc, bb, false, false);
    gb = MatmulOp::create(b, loc, gc, a, true, false);
  } else {
    ga = MatmulOp::create(b, loc, bb, gc, true, true);
    gb = MatmulOp::create(b, loc, gc, a, true, true);
  }
  out.append({ga, gb});
  return success();
}
LogicalResult vjp(Conv2DOp op, OpBuilder &b, ValueRange g, Grads &out) {
  Location loc = op.getLoc();
  out.push_back(Conv2DGradInputOp::create(
      b, loc, op.getInput().getType(), g[0], op.getFilter(),
      op.getStridesAttr(), op.getPaddingAttr(), op.getDilationsAttr(),
      op.getGroupsAttr()));
  out.push_back(Conv2DGradFilterOp::create(
      b, loc, op.getFilter().getType(), op.getInput(), g[0],
      op.getStridesAttr(), op.getPaddingAttr(), op.getDilationsAttr(),
      op.getGroupsAttr()));
  return success();
}
/// conv2d_grad_input is also the transposed convolution of a forward pass
/// (ONNX ConvTranspose, torch.nn.ConvTranspose2d): it is linear in both
/// operands, the adjoint of conv2d in its input, so its cotangent's
/// gradients are the forward conv2d (for `grad`) and the filter gradient
/// of that conv2d (for `filter`).
LogicalResult vjp(Conv2DGradInputOp op, OpBuilder &b, ValueRange g,
                  Grads &out) {
  Location loc = op.getLoc();
  out.push_back(Conv2DOp::create(
      b, loc, op.getGrad().getType(), g[0], op.getFilter(), op.getStridesAttr(),
      op.getPaddingAttr(), op.getDilationsAttr(), op.getGroupsAttr()));
  out.push_back(Conv2DGradFilterOp::create(
      b, loc, op.getFilter().getType(), g[0], op.getGrad(), op.getStridesAttr(),
      op.getPaddingAttr(), op.getDilationsAttr(), op.getGroupsAttr()));
  return success();
}
LogicalResult vjp(MaxPool2DOp op, OpBuilder &b, ValueRange g, Grads &out) {
  out.push_back(MaxPool2DGradOp::create(b, op.getLoc(), g[0], op.getInput(),
                                        op.getKernelAttr(), op.getStridesAttr(),
                                        op.getPaddingAttr()));
  return success();
}
LogicalResult vjp(AvgPool2DOp op, OpBuilder &b, ValueRange g, Grads &out) {
  out.push_back(AvgPool2DGradOp::create(
      b, op.getLoc(), op.getInput().getType(), g[0], op.getKernelAttr(),
      op.getStridesAttr(), op.getPaddingAttr()));
  return success();
}

// Normalization and attention pieces.
LogicalResult vjp(SoftmaxOp op, OpBuilder &b, ValueRange g, Grads &out) {
  out.push_back(SoftmaxGradOp::create(b, op.getLoc(), g[0], op.getResult(),
                                      op.getAxisAttr()));
  return success();
}
LogicalResult vjp(LayerNormOp op, OpBuilder &b, ValueRange g, Grads &out) {
  auto grads = LayerNormGradOp::create(b, op.getLoc(), g[0], op.getInput(),
                                       op.getWeight(), op.getAxesAttr(),
                                       op.getEpsilonAttr());
  out.push_back(grads.getResult(0));
  if (op.getWeight())
    out.push_back(grads.getResult(1));
  if (op.getBias())
    out.push_back(grads.getResult(2));
  return success();
}
LogicalResult vjp(BatchNormOp op, OpBuilder &b, ValueRange g, Grads &out) {
  if (g[1] || g[2])
    return op.emitError("remat-autodiff: differentiating through the batch "
                        "statistics of remat.batch_norm (its mean and "
                        "variance results) is not supported; only its output "
                        "may reach the loss");
  auto grads = BatchNormGradOp::create(
      b, op.getLoc(), gradOf(b, op, g, 0), op.getInput(), op.getWeight(),
      op.getMean(), op.getVariance(), op.getEpsilonAttr());
  out.append({grads.getResult(0), grads.getResult(1), grads.getResult(2)});
  return success();
}

// Gather and shape ops.
LogicalResult vjp(EmbeddingOp op, OpBuilder &b, ValueRange g, Grads &out) {
  out.push_back(EmbeddingGradOp::create(b, op.getLoc(), op.getTable().getType(),
                                        g[0], op.getIds()));
  out.push_back(Value()); // the ids
  return success();
}
LogicalResult vjp(ReshapeOp op, OpBuilder &b, ValueRange g, Grads &out) {
  out.push_back(ReshapeOp::create(b, op.getLoc(), op.getInput().getType(), g[0]));
  return success();
}
LogicalResult vjp(TransposeOp op, OpBuilder &b, ValueRange g, Grads &out) {
  ArrayRef<int64_t> perm = op.getPermutation();
  SmallVector<int64_t> inverse(perm.size());
  for (auto [i, p] : llvm::enumerate(perm))
    inverse[p] = static_cast<int64_t>(i);
  out.push_back(TransposeOp::create(b, op.getLoc(), g[0], inverse));
  return success();
}
LogicalResult vjp(SliceOp op, OpBuilder &b, ValueRange g, Grads &out) {
  out.push_back(SliceGradOp::create(b, op.getLoc(), op.getInput().getType(),
                                    g[0], op.getStartAttr(), op.getLimitAttr(),
                                    op.getStridesAttr()));
  return success();
}
LogicalResult vjp(ConcatOp op, OpBuilder &b, ValueRange g, Grads &out) {
  int64_t dim = op.getDimAttr().getInt(), offset = 0;
  RankedTensorType type = op.getType();
  for (Value input : op.getInputs()) {
    auto inType = cast<RankedTensorType>(input.getType());
    SmallVector<int64_t> start(type.getRank(), 0);
    SmallVector<int64_t> limit(type.getShape());
    start[dim] = offset;
    limit[dim] = offset + inType.getDimSize(dim);
    offset += inType.getDimSize(dim);
    out.push_back(SliceOp::create(b, op.getLoc(), g[0], start, limit,
                                  DenseI64ArrayAttr()));
  }
  return success();
}
LogicalResult vjp(NameOp, OpBuilder &, ValueRange g, Grads &out) {
  out.push_back(g[0]);
  return success();
}

// Losses.
LogicalResult vjp(CrossEntropyOp op, OpBuilder &b, ValueRange g, Grads &out) {
  out.push_back(CrossEntropyGradOp::create(b, op.getLoc(), g[0],
                                           op.getLogits(), op.getLabels()));
  out.push_back(Value()); // the labels
  return success();
}
LogicalResult vjp(MseOp op, OpBuilder &b, ValueRange g, Grads &out) {
  // d mean((p - t)^2) = 2 (p - t) / n
  Location loc = op.getLoc();
  RankedTensorType type = op.getPrediction().getType();
  Value diff = SubOp::create(b, loc, op.getPrediction(), op.getTarget());
  Value gb = BroadcastOp::create(b, loc, type, g[0], ArrayRef<int64_t>{});
  Value gp = ScaleOp::create(
      b, loc, MulOp::create(b, loc, diff, gb),
      b.getF64FloatAttr(2.0 / static_cast<double>(type.getNumElements())));
  out.append({gp, NegOp::create(b, loc, gp)});
  return success();
}

/// The external model: dispatches to the `vjp` overload of OpTy.
template <typename OpTy>
struct GradientRule final
    : RematGradientOpInterface::ExternalModel<GradientRule<OpTy>, OpTy> {
  LogicalResult buildVJP(Operation *op, OpBuilder &builder,
                         ValueRange resultGrads,
                         SmallVectorImpl<Value> &operandGrads) const {
    return vjp(cast<OpTy>(op), builder, resultGrads, operandGrads);
  }
};

template <typename... OpTys>
void attach(MLIRContext *ctx) {
  (OpTys::template attachInterface<GradientRule<OpTys>>(*ctx), ...);
}

} // namespace

void remat::registerGradientRules(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, RematDialect *) {
    attach<NegOp, ExpOp, SinOp, CosOp, ErfOp, LogOp, SqrtOp, RsqrtOp, TanhOp,
           SigmoidOp, ReluOp, ClampOp, GeluOp, ConvertOp, AddOp, SubOp, MulOp,
           DivOp, MaximumOp, WhereOp, MaskedFillOp, ScaleOp, DropoutOp,
           BroadcastOp, ReduceSumOp, ReduceMeanOp, ReduceMaxOp, MatmulOp,
           Conv2DOp, Conv2DGradInputOp, MaxPool2DOp, AvgPool2DOp, SoftmaxOp,
           LayerNormOp, BatchNormOp, EmbeddingOp, ReshapeOp, TransposeOp,
           SliceOp, ConcatOp, NameOp, CrossEntropyOp, MseOp>(ctx);
  });
}
