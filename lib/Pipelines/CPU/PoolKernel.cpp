//===- PoolKernel.cpp - max_pool2d_grad over tiling windows as vectors ----===//
//
// max_pool2d_grad whose windows tile the input exactly (stride = kernel, no
// padding, f32: the 2x2 pools of VGG-style and small CNNs) is lowered by
// convert-remat-to-linalg to one linalg.generic over the input whose
// elements read their window and its gradient with tensor.extract; vectorized,
// those reads are gathers of 64-bit indices (five per 32 elements for 2x2
// windows: 0.58 ms for the convnet example's 16 x 16 x 32 x 32, about five
// times its memory traffic). This kernel computes 16 windows side by side:
// per window row, KW * 16 consecutive input elements are one vector load,
// split into the KW positions by shuffles; the window's first maximum is
// found on the vectors (firstWindowMaximum, the lowering's own definition);
// the 16 gradients are one load; each output row is the KW selections
// interleaved back by shuffles and stored as one vector. Windows past the
// last multiple of 16 in a row take masked loads and stores. The result is
// `0 + (won ? gradient : 0)`, as the generic computes it: the same bits.
//
//===----------------------------------------------------------------------===//

#include "PoolKernel.h"
#include "MatmulKernel.h"

#include "remat/Conversion/WindowMaximum.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

using namespace mlir;
using namespace remat;

namespace {

/// Windows computed side by side: one f32 vector of each window position,
/// as wide as the matmul kernel's (whose zeroVector it uses).
constexpr int64_t kWindows = kKernelLanes;
/// The widest window (its rows are KW vectors of 16 read as one) and the
/// most positions (each a vector live across the scan) the kernel takes.
constexpr int64_t kMaxWindowWidth = 4;
constexpr int64_t kMaxWindowPositions = 16;

Value index(ImplicitLocOpBuilder &b, int64_t v) {
  return arith::ConstantIndexOp::create(b, v);
}

/// The shape of a tiled-window max_pool2d_grad.
struct TiledPool {
  Value input, grad, dest;
  int64_t n = 0, c = 0, oh = 0, ow = 0, kh = 0, kw = 0;
};

/// The captured input and gradient of the marked generic `op`, and its
/// window, or nullopt when `op` is not the generic the lowering marks.
std::optional<TiledPool> matchTiledPool(linalg::LinalgOp op) {
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!generic || !generic->hasAttr(kTiledMaxPoolGradAttr) ||
      !generic.hasPureTensorSemantics() || generic.getNumDpsInputs() != 0 ||
      generic.getNumDpsInits() != 1)
    return std::nullopt;
  auto type = dyn_cast<RankedTensorType>(generic.getResult(0).getType());
  if (!type || type.getRank() != 4 || !type.hasStaticShape() ||
      !type.getElementType().isF32())
    return std::nullopt;
  TiledPool pool;
  bool other = false;
  generic.getRegion().walk([&](tensor::ExtractOp extract) {
    Value source = extract.getTensor();
    if (generic.getRegion().isAncestor(source.getParentRegion()))
      return;
    if (source.getType() == type && (!pool.input || pool.input == source))
      pool.input = source;
    else if (!pool.grad || pool.grad == source)
      pool.grad = source;
    else
      other = true;
  });
  if (other || !pool.input || !pool.grad)
    return std::nullopt;
  auto gradType = cast<RankedTensorType>(pool.grad.getType());
  if (gradType.getRank() != 4 || !gradType.hasStaticShape() ||
      !gradType.getElementType().isF32() ||
      gradType.getDimSize(0) != type.getDimSize(0) ||
      gradType.getDimSize(1) != type.getDimSize(1) ||
      gradType.getDimSize(2) == 0 || gradType.getDimSize(3) == 0 ||
      type.getDimSize(2) % gradType.getDimSize(2) != 0 ||
      type.getDimSize(3) % gradType.getDimSize(3) != 0)
    return std::nullopt;
  pool.dest = generic.getDpsInits()[0];
  pool.n = type.getDimSize(0);
  pool.c = type.getDimSize(1);
  pool.oh = gradType.getDimSize(2);
  pool.ow = gradType.getDimSize(3);
  pool.kh = type.getDimSize(2) / pool.oh;
  pool.kw = type.getDimSize(3) / pool.ow;
  if (pool.kh * pool.kw < 2 || pool.kw > kMaxWindowWidth ||
      pool.kh * pool.kw > kMaxWindowPositions)
    return std::nullopt;
  return pool;
}

/// Loops over [0, count) carrying `init`.
Value forEach(ImplicitLocOpBuilder &b, int64_t count, Value init,
              function_ref<Value(ImplicitLocOpBuilder &, Value, Value)> body) {
  auto loop = scf::ForOp::create(
      b, index(b, 0), index(b, count), index(b, 1), ValueRange{init},
      [&](OpBuilder &nested, Location loc, Value i, ValueRange args) {
        ImplicitLocOpBuilder nb(loc, nested);
        scf::YieldOp::create(nb, body(nb, i, args[0]));
      });
  return loop.getResult(0);
}

/// The gradient of the windows ow0 .. ow0 + lanes - 1 of window row `oh`
/// of image `n`, channel `c`, written into `dest`.
Value emitWindows(ImplicitLocOpBuilder &b, const TiledPool &pool, Value n,
                  Value c, Value oh, Value ow0, int64_t lanes, Value dest) {
  int64_t kh = pool.kh, kw = pool.kw;
  bool full = lanes == kWindows;
  auto vt = VectorType::get({kWindows}, b.getF32Type());
  auto wide = VectorType::get({kWindows * kw}, b.getF32Type());
  auto positions = VectorType::get({kWindows}, b.getI32Type());
  Value zero = arith::ConstantOp::create(b, b.getF32FloatAttr(0.0));
  Value zeros = zeroVector(b);
  Value top = arith::MulIOp::create(b, oh, index(b, kh));
  Value left = arith::MulIOp::create(b, ow0, index(b, kw));
  auto rowOf = [&](int64_t p) {
    return arith::AddIOp::create(b, top, index(b, p));
  };
  // Window row p of the 16 windows, as KW * 16 consecutive elements
  // (masked past the input's row in a partial block).
  SmallVector<Value> rows;
  for (int64_t p = 0; p < kh; ++p)
    rows.push_back(vector::TransferReadOp::create(
        b, wide, pool.input, ValueRange{n, c, rowOf(p), left}, zero,
        ArrayRef<bool>{full}));
  auto [best, bestAt] = firstWindowMaximum(
      b, b.getLoc(), kh, kw, vt, positions, [&](int64_t p, int64_t q) {
        SmallVector<int64_t> phase;
        for (int64_t j = 0; j < kWindows; ++j)
          phase.push_back(j * kw + q);
        return std::make_pair(
            Value(vector::ShuffleOp::create(b, rows[p], rows[p], phase)),
            Value());
      });
  (void)best;
  Value grad = vector::TransferReadOp::create(
      b, vt, pool.grad, ValueRange{n, c, oh, ow0}, zero, ArrayRef<bool>{full});
  // Position m of a row of KW * 16 is window m / KW's position m % KW.
  SmallVector<int64_t> interleave;
  for (int64_t m = 0; m < kWindows * kw; ++m)
    interleave.push_back((m % kw) * kWindows + m / kw);
  for (int64_t p = 0; p < kh; ++p) {
    Value row;
    for (int64_t q = 0; q < kw; ++q) {
      Value at = arith::ConstantOp::create(
          b, positions,
          DenseElementsAttr::get(positions, b.getI32IntegerAttr(p * kw + q)));
      Value won =
          arith::CmpIOp::create(b, arith::CmpIPredicate::eq, bestAt, at);
      Value picked = arith::AddFOp::create(
          b, zeros, arith::SelectOp::create(b, won, grad, zeros));
      if (!row) {
        row = picked;
        continue;
      }
      // Concatenate: the phases so far, then this one.
      int64_t width = cast<VectorType>(row.getType()).getNumElements();
      SmallVector<int64_t> concat;
      for (int64_t m = 0; m < width + kWindows; ++m)
        concat.push_back(m);
      row = vector::ShuffleOp::create(b, row, picked, concat);
    }
    if (kw > 1)
      row = vector::ShuffleOp::create(b, row, row, interleave);
    dest = vector::TransferWriteOp::create(b, row, dest,
                                           ValueRange{n, c, rowOf(p), left},
                                           ArrayRef<bool>{full})
               .getResult();
  }
  return dest;
}

} // namespace

LogicalResult remat::rewriteTiledMaxPoolGradAsKernel(RewriterBase &rewriter,
                                                     linalg::LinalgOp op) {
  std::optional<TiledPool> pool = matchTiledPool(op);
  if (!pool)
    return failure();
  ImplicitLocOpBuilder b(op.getLoc(), rewriter);
  b.setInsertionPoint(op);
  int64_t blocks = pool->ow / kWindows, rest = pool->ow % kWindows;
  Value result =
      forEach(b, pool->n, pool->dest, [&](auto &nb, Value n, Value d) {
        return forEach(nb, pool->c, d, [&](auto &cb, Value c, Value d) {
          return forEach(cb, pool->oh, d, [&](auto &hb, Value oh, Value d) {
            if (blocks > 0)
              d = forEach(hb, blocks, d, [&](auto &wb, Value block, Value d) {
                Value ow0 =
                    arith::MulIOp::create(wb, block, index(wb, kWindows));
                return emitWindows(wb, *pool, n, c, oh, ow0, kWindows, d);
              });
            if (rest > 0)
              d = emitWindows(hb, *pool, n, c, oh, index(hb, blocks * kWindows),
                              rest, d);
            return d;
          });
        });
      });
  rewriter.replaceOp(op, result);
  return success();
}
