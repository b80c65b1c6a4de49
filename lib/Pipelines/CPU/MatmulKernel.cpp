//===- MatmulKernel.cpp - packed register-tiled f32 contractions ----------===//
//
// C[b, m, n] = sum_k A(b, m, k) * B(b, k, n) for f32 linalg.matmul and
// linalg.batch_matmul, with A stored [M, K] or [K, M] (transpose_a) and B
// stored [K, N] or [N, K] (transpose_b): the layouts autodiff's VJPs use;
// and, through PackedKernelSpec, the convolutions of ConvKernel.cpp.
//
// Tiling and vectorizing the linalg op reads the rows of B as vectors, which
// is fast when B is [K, N] and a strided gather when it is [N, K] (11 GFLOP/s
// for the attention scores Q K^T); and an unblocked reduction streams all of
// B from L3 once per row tile for large matrices. This kernel is the
// classic GotoBLAS structure instead, emitted on tensors in the vector
// dialect:
//
//   for b, for each block of 256 rows of C (m0), for each block of at most
//   256 steps of the reduction (k0), for each panel of 32 columns (n):
//     pack B(b, k0 : k0 + kc, n : n + 32) into a contiguous panel (rows
//       copied as vectors; from [N, K], 16x16 blocks transposed in
//       registers), laid out as stretches as wide as the register tile,
//       each [kc, width] (AVX-512: one [kc, 32]; AVX2: two [kc, 16]), so
//       that a tile streams through consecutive cache lines;
//     for each stretch of the panel as wide as a register tile, for each
//     tile of rows of C in the row block (m):
//       the accumulators stay in registers over the kc steps. The tile fits
//       the target's vector registers (CpuTarget.h): on AVX-512, 8 rows x
//       2 x 16 lanes (16 zmm), per step two vector loads of the panel,
//       eight broadcast scalars of A (contiguous when A is [K, M]) and 16
//       fused multiply-adds; on AVX2, 6 rows x 16 lanes (12 ymm, BLIS's
//       6x16) over each half of the panel; the tile is read from C first
//       unless this is the first block of a zero-initialized C.
//
// The block of A (256 x 256 floats, 256 KiB) stays in L2 while the panels
// stream past it; each panel is packed once per row block, which is cheap
// beside the 256 x 32 x 256 multiply-adds that use it. A tile reads A in
// place, one scalar per row and step, except where A is stored [K, M] and
// its columns are far apart (KernelScratch.h, matmulPacksTransposedA): the
// block of A is then packed first, tile by tile, each tile's scalars one
// contiguous stream.
//
// Partial blocks, panels and tiles at the edges are separate, statically
// sized copies of the same code (masked vectors for columns). Every element
// of C is one chain of multiply-adds over k in increasing order starting
// from 0.0 (or from C's initial value), whatever the tile: fused (one
// rounding per step) on CPUs with FMA units, which all of AVX2's and
// AVX-512's have, so those two variants compute the same bits; a multiply
// then an add on the portable variant (the order and roundings of the
// vectorized linalg lowering it replaces, which does not contract). On
// Zen 3, separate multiplies and adds reached 0.80-0.89x OpenBLAS (two
// instructions per step are more than its 6-wide dispatch sustains beside
// the loads), FMAs 0.9-1.0x (docs/performance.md).
//
// The panel is the one buffer the kernel allocates, with the packed block
// of A where there is one: one each per op (threaded through the loops as
// iteration arguments, so one-shot bufferization allocates them once),
// depth x 32 floats and at most 256 x depth, which the CPU memory model
// counts (KernelScratch.h, MemoryModel.cpp).
//
//===----------------------------------------------------------------------===//

#include "MatmulKernel.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "KernelScratch.h"

using namespace mlir;
using namespace remat;

namespace {

constexpr int64_t kLanes = kKernelLanes;

Value index(ImplicitLocOpBuilder &b, int64_t v) {
  return arith::ConstantIndexOp::create(b, v);
}

VectorType laneType(ImplicitLocOpBuilder &b) {
  return VectorType::get({kLanes}, b.getF32Type());
}

/// `body` over [0, total) in blocks of `size`, threading `values`: the
/// full blocks in an scf.for (`body` given the block's start and its
/// static size), then the partial one at its constant start.
SmallVector<Value>
forEachBlockOf(ImplicitLocOpBuilder &b, int64_t total, int64_t size,
               SmallVector<Value> values,
               function_ref<SmallVector<Value>(ImplicitLocOpBuilder &, Value,
                                               int64_t, ValueRange)>
                   body) {
  int64_t full = total / size;
  if (full > 0) {
    auto loop = scf::ForOp::create(
        b, index(b, 0), index(b, full * size), index(b, size), values,
        [&](OpBuilder &nested, Location loc, Value start, ValueRange args) {
          ImplicitLocOpBuilder nb(loc, nested);
          scf::YieldOp::create(nb, body(nb, start, size, args));
        });
    values = SmallVector<Value>(loop.getResults());
  }
  if (total % size > 0)
    values = body(b, index(b, full * size), total % size, values);
  return values;
}

/// forEachBlockOf threading one value.
Value forEachBlockOf(
    ImplicitLocOpBuilder &b, int64_t total, int64_t size, Value value,
    function_ref<Value(ImplicitLocOpBuilder &, Value, int64_t, Value)> body) {
  return forEachBlockOf(b, total, size, SmallVector<Value>{value},
                        [&](ImplicitLocOpBuilder &nb, Value start,
                            int64_t blockSize,
                            ValueRange args) -> SmallVector<Value> {
                          return {body(nb, start, blockSize, args[0])};
                        })
      .front();
}

/// The packed panel of a kernel with register tile `tile`: the panel's 32
/// columns as stretches as wide as the tile, each stretch's rows
/// contiguous ([stretches, depth, tile columns]), so that a register tile
/// streams through consecutive cache lines (on AVX2, whose tiles read 16 of
/// the 32 columns, [depth, 32] rows would put half of each line read beside
/// a half not read and use only half of L1's sets).
RankedTensorType panelType(ImplicitLocOpBuilder &b, CpuRegisterTile tile,
                           int64_t depth) {
  int64_t width = tile.vectors * kLanes;
  assert(kPackedPanelColumns % width == 0 && "tile wider than the panel");
  return RankedTensorType::get({kPackedPanelColumns / width, depth, width},
                               b.getF32Type());
}

/// The indices of the panel's element at `row` (a reduction step of the
/// block) and `column` (< 32) in `panel`'s layout (panelType).
SmallVector<Value> panelAt(ImplicitLocOpBuilder &b, Value panel, Value row,
                           int64_t column) {
  int64_t width = cast<RankedTensorType>(panel.getType()).getDimSize(2);
  return {index(b, column / width), row, index(b, column % width)};
}

/// The state threaded through the loops: C, the packed panel and the packed
/// block of A (each null when the kernel has none).
struct Carried {
  Value c, panel, packedA;
};

/// Whether a block is the first contribution to its elements of C: always,
/// never, or when `cond` (an i1) holds.
struct FirstBlock {
  enum Kind { Always, Never, Dynamic } kind = Always;
  Value cond;
};

/// Emits the loop nest of one PackedKernelSpec.
class KernelEmitter {
public:
  explicit KernelEmitter(const PackedKernelSpec &spec) : spec(spec) {}

  Value emit(ImplicitLocOpBuilder &b) {
    // Rows of B read in place need no panel.
    Value panel;
    if (!spec.readB)
      panel = tensor::EmptyOp::create(
          b, panelType(b, spec.tile, spec.depth).getShape(), b.getF32Type());
    // A block packed tile by tile, when A's rows are not read in place.
    Value packedA;
    if (spec.readARows)
      packedA = tensor::EmptyOp::create(
          b, ArrayRef<int64_t>{packedABlockElements(spec.m, spec.depth)},
          b.getF32Type());
    Carried state{spec.c, panel, packedA};
    if (!spec.batchLoop)
      return emitRowBlocks(b, Value(), state).c;
    auto loop = scf::ForOp::create(
        b, index(b, 0), index(b, spec.batch), index(b, 1), carried(state),
        [&](OpBuilder &nested, Location loc, Value batch, ValueRange args) {
          ImplicitLocOpBuilder nb(loc, nested);
          Carried next = emitRowBlocks(nb, batch, fromValues(args));
          scf::YieldOp::create(nb, carried(next));
        });
    return loop.getResult(0);
  }

private:
  const PackedKernelSpec &spec;

  /// The values a loop carries for `state`: C, then the panel and the
  /// packed block of A if any.
  SmallVector<Value> carried(Carried state) const {
    SmallVector<Value> values{state.c};
    if (state.panel)
      values.push_back(state.panel);
    if (state.packedA)
      values.push_back(state.packedA);
    return values;
  }

  /// The state a loop's arguments or results carry.
  Carried fromValues(ValueRange values) const {
    Carried state{values[0], Value(), Value()};
    unsigned next = 1;
    if (!spec.readB)
      state.panel = values[next++];
    if (spec.readARows)
      state.packedA = values[next++];
    return state;
  }

  /// The body of a blocked loop: the block's start and its static size.
  using BlockBody = llvm::function_ref<Carried(ImplicitLocOpBuilder &, Value,
                                               int64_t, Carried)>;

  /// forEachBlockOf threading `state`.
  Carried forEachBlock(ImplicitLocOpBuilder &b, int64_t total, int64_t size,
                       Carried state, BlockBody body) {
    return fromValues(forEachBlockOf(b, total, size, carried(state),
                                     [&](ImplicitLocOpBuilder &nb, Value start,
                                         int64_t blockSize, ValueRange args) {
                                       return carried(body(nb, start, blockSize,
                                                           fromValues(args)));
                                     }));
  }

  /// Indices of C(b, m, n).
  SmallVector<Value> cAt(Value batch, Value m, Value n) {
    SmallVector<Value> indices;
    if (spec.batchLoop && !spec.batchReduces)
      indices.push_back(batch);
    indices.append({m, n});
    return indices;
  }

  /// Blocks of rows whose slice of A (rows x depth) stays in L2 while every
  /// column panel streams past it.
  Carried emitRowBlocks(ImplicitLocOpBuilder &b, Value batch, Carried state) {
    return forEachBlock(
        b, spec.m, kPackedRowBlock, state,
        [&](ImplicitLocOpBuilder &nb, Value m0, int64_t rows, Carried s) {
          return emitDepthBlocks(nb, batch, m0, rows, s);
        });
  }

  /// Whether the block at `k0` (of `steps` steps) in `batch` is the first
  /// contribution to its elements of C.
  FirstBlock firstBlock(ImplicitLocOpBuilder &b, Value batch, Value k0,
                        int64_t steps) {
    SmallVector<Value> conditions;
    if (spec.k > spec.depth) {
      if (steps < spec.depth)
        return {FirstBlock::Never, Value()}; // the partial block is last
      conditions.push_back(
          arith::CmpIOp::create(b, arith::CmpIPredicate::eq, k0, index(b, 0)));
    }
    if (spec.batchLoop && spec.batchReduces && spec.batch > 1)
      conditions.push_back(arith::CmpIOp::create(b, arith::CmpIPredicate::eq,
                                                 batch, index(b, 0)));
    if (conditions.empty())
      return {FirstBlock::Always, Value()};
    Value cond = conditions.front();
    for (Value other : ArrayRef(conditions).drop_front())
      cond = arith::AndIOp::create(b, cond, other);
    return {FirstBlock::Dynamic, cond};
  }

  /// The reduction blocks of one block of rows.
  Carried emitDepthBlocks(ImplicitLocOpBuilder &b, Value batch, Value m0,
                          int64_t rows, Carried state) {
    return forEachBlock(
        b, spec.k, spec.depth, state,
        [&](ImplicitLocOpBuilder &nb, Value k0, int64_t steps, Carried s) {
          FirstBlock first = firstBlock(nb, batch, k0, steps);
          if (spec.readARows)
            s.packedA = packA(nb, batch, m0, rows, k0, steps, s.packedA);
          return emitPanels(nb, batch, m0, rows, k0, steps, first, s);
        });
  }

  /// Packs A(batch, m0 .. m0 + rows, k0 .. k0 + steps) into `packed`, tile
  /// by tile: the tile of rows from m0 + t (t a multiple of the tile's
  /// rows) at t * depth, its step i at i * (its rows), so that a register
  /// tile reads its scalars of A as one contiguous stream.
  Value packA(ImplicitLocOpBuilder &b, Value batch, Value m0, int64_t rows,
              Value k0, int64_t steps, Value packed) {
    // Tile by tile, each tile's steps in order: the stream of packed
    // elements the tile will read, written once.
    auto packTile = [&](ImplicitLocOpBuilder &tb, Value t, int64_t tileRows,
                        Value p) -> Value {
      Value m = arith::AddIOp::create(tb, m0, t);
      auto stepLoop = scf::ForOp::create(
          tb, index(tb, 0), index(tb, steps), index(tb, 1), ValueRange{p},
          [&](OpBuilder &nested, Location loc, Value i, ValueRange args) {
            ImplicitLocOpBuilder nb(loc, nested);
            Value k = arith::AddIOp::create(nb, k0, i);
            Value values = spec.readARows(nb, batch, m, k, tileRows);
            Value at = packedAIndex(nb, t, tileRows, i, 0);
            scf::YieldOp::create(nb, vector::TransferWriteOp::create(
                                         nb, values, args[0], ValueRange{at},
                                         ArrayRef<bool>{true})
                                         .getResult());
          });
      return stepLoop.getResult(0);
    };
    return forEachBlockOf(b, rows, spec.tile.rows, packed, packTile);
  }

  /// The index in the packed block of A of row `r` of the tile of
  /// `tileRows` rows starting at row `t` of the block, at step `i`.
  Value packedAIndex(ImplicitLocOpBuilder &b, Value t, int64_t tileRows,
                     Value i, int64_t r) {
    Value base = arith::MulIOp::create(b, t, index(b, spec.depth));
    Value step = arith::MulIOp::create(b, i, index(b, tileRows));
    return arith::AddIOp::create(b, arith::AddIOp::create(b, base, step),
                                 index(b, r));
  }

  /// The column panels of one block of rows and reduction steps.
  Carried emitPanels(ImplicitLocOpBuilder &b, Value batch, Value m0,
                     int64_t rows, Value k0, int64_t steps, FirstBlock first,
                     Carried state) {
    return forEachBlock(
        b, spec.n, kPackedPanelColumns, state,
        [&](ImplicitLocOpBuilder &nb, Value n, int64_t columns, Carried s) {
          return emitBlock(nb, batch, m0, rows, n, columns, k0, steps, first,
                           s);
        });
  }

  /// Packs the panel, then runs the register tiles of the block of rows:
  /// for each stretch of the panel's columns as wide as a tile (all 32 on
  /// AVX-512, 16 on AVX2), every tile of rows.
  Carried emitBlock(ImplicitLocOpBuilder &b, Value batch, Value m0,
                    int64_t rows, Value n, int64_t columns, Value k0,
                    int64_t steps, FirstBlock first, Carried state) {
    Value panel =
        spec.readB ? Value()
                   : spec.pack(b, batch, n, columns, k0, steps, state.panel);
    int64_t tileColumns = spec.tile.vectors * kLanes;
    Value c = state.c;
    for (int64_t p0 = 0; p0 < columns; p0 += tileColumns) {
      int64_t width = std::min(tileColumns, columns - p0);
      Value n0 = arith::AddIOp::create(b, n, index(b, p0));
      c = forEachBlock(b, rows, spec.tile.rows, {c, panel, state.packedA},
                       [&](ImplicitLocOpBuilder &nb, Value m, int64_t tileRows,
                           Carried s) {
                         Value row = arith::AddIOp::create(nb, m0, m);
                         return Carried{emitTile(nb, batch, row, m, tileRows,
                                                 n0, p0, width, k0, steps,
                                                 first, s.panel, s.packedA,
                                                 s.c),
                                        s.panel, s.packedA};
                       })
              .c;
    }
    return {c, panel, state.packedA};
  }

  /// One register tile: `rows` rows of C from m (row mInBlock of its row
  /// block), `columns` columns of C from n (the panel's from its column
  /// p0), over `steps` steps of k from k0; A's scalars from `packedA` when
  /// it is packed.
  Value emitTile(ImplicitLocOpBuilder &b, Value batch, Value m, Value mInBlock,
                 int64_t rows, Value n, int64_t p0, int64_t columns, Value k0,
                 int64_t steps, FirstBlock first, Value panel, Value packedA,
                 Value c) {
    int64_t vectors = llvm::divideCeil(columns, kLanes);
    VectorType vt = laneType(b);
    Value zero = arith::ConstantOp::create(b, b.getF32FloatAttr(0.0));
    SmallVector<Value> rowIndex, colIndex;
    for (int64_t r = 0; r < rows; ++r)
      rowIndex.push_back(arith::AddIOp::create(b, m, index(b, r)));
    for (int64_t v = 0; v < vectors; ++v)
      colIndex.push_back(arith::AddIOp::create(b, n, index(b, v * kLanes)));
    auto inBounds = [&](int64_t v) { return columns - v * kLanes >= kLanes; };

    auto readC = [&](ImplicitLocOpBuilder &nb) {
      SmallVector<Value> accs;
      for (int64_t r = 0; r < rows; ++r)
        for (int64_t v = 0; v < vectors; ++v)
          accs.push_back(vector::TransferReadOp::create(
              nb, vt, c, cAt(batch, rowIndex[r], colIndex[v]), zero,
              ArrayRef<bool>{inBounds(v)}));
      return accs;
    };
    auto zeros = [&](ImplicitLocOpBuilder &nb) {
      return SmallVector<Value>(rows * vectors, zeroVector(nb));
    };
    SmallVector<Value> init;
    if (!spec.zeroInit || first.kind == FirstBlock::Never) {
      init = readC(b);
    } else if (first.kind == FirstBlock::Always) {
      init = zeros(b);
    } else {
      SmallVector<Type> types(rows * vectors, vt);
      auto branch = scf::IfOp::create(b, types, first.cond, /*withElse=*/true);
      {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(&branch.getThenRegion().front());
        scf::YieldOp::create(b, zeros(b));
        b.setInsertionPointToStart(&branch.getElseRegion().front());
        scf::YieldOp::create(b, readC(b));
      }
      init = SmallVector<Value>(branch.getResults());
    }

    auto loop = scf::ForOp::create(
        b, index(b, 0), index(b, steps), index(b, 1), init,
        [&](OpBuilder &nested, Location loc, Value i, ValueRange accs) {
          ImplicitLocOpBuilder nb(loc, nested);
          Value k = arith::AddIOp::create(nb, k0, i);
          SmallVector<Value> panelRow;
          for (int64_t v = 0; v < vectors; ++v)
            panelRow.push_back(
                spec.readB
                    ? spec.readB(nb, batch, k, colIndex[v],
                                 std::min(kLanes, columns - v * kLanes))
                    : vector::TransferReadOp::create(
                          nb, vt, panel, panelAt(nb, panel, i, p0 + v * kLanes),
                          zero, ArrayRef<bool>{true}));
          SmallVector<Value> next;
          for (int64_t r = 0; r < rows; ++r) {
            Value a =
                packedA
                    ? tensor::ExtractOp::create(
                          nb, packedA,
                          ValueRange{packedAIndex(nb, mInBlock, rows, i, r)})
                    : spec.readA(nb, batch, rowIndex[r], k);
            Value splat = vector::BroadcastOp::create(nb, vt, a);
            for (int64_t v = 0; v < vectors; ++v)
              next.push_back(
                  spec.fusedMultiplyAdd
                      ? vector::FMAOp::create(nb, splat, panelRow[v],
                                              accs[r * vectors + v])
                            .getResult()
                      : arith::AddFOp::create(
                            nb, accs[r * vectors + v],
                            arith::MulFOp::create(nb, splat, panelRow[v]))
                            .getResult());
          }
          scf::YieldOp::create(nb, next);
        });
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t v = 0; v < vectors; ++v)
        c = vector::TransferWriteOp::create(
                b, loop.getResult(r * vectors + v), c,
                cAt(batch, rowIndex[r], colIndex[v]),
                ArrayRef<bool>{inBounds(v)})
                .getResult();
    return c;
  }
};

/// The columns of the 16x16 matrix whose rows are `rows`: four rounds of
/// two-source shuffles. The round of distance d pairs vectors i and i + d
/// (i & d == 0) and, in every group of 2d lanes, gathers the first d lanes
/// of both into vector i and the last d lanes of both into vector i + d.
SmallVector<Value> transpose16x16(ImplicitLocOpBuilder &b,
                                  SmallVector<Value> rows) {
  for (int64_t d = kLanes / 2; d >= 1; d /= 2) {
    SmallVector<Value> next(rows.size());
    for (int64_t i = 0; i < kLanes; ++i) {
      if (i & d)
        continue;
      SmallVector<int64_t> low, high;
      for (int64_t group = 0; group < kLanes; group += 2 * d) {
        for (int64_t l = 0; l < d; ++l)
          low.push_back(group + l);
        for (int64_t l = 0; l < d; ++l)
          low.push_back(kLanes + group + l);
        for (int64_t l = 0; l < d; ++l)
          high.push_back(group + d + l);
        for (int64_t l = 0; l < d; ++l)
          high.push_back(kLanes + group + d + l);
      }
      next[i] = vector::ShuffleOp::create(b, rows[i], rows[i + d], low);
      next[i + d] = vector::ShuffleOp::create(b, rows[i], rows[i + d], high);
    }
    rows = std::move(next);
  }
  return rows;
}

//===----------------------------------------------------------------------===//
// Matmuls
//===----------------------------------------------------------------------===//

/// The shape and layout of a matmul the kernel handles.
struct MatmulShape {
  bool batched = false;
  int64_t batch = 1, m = 0, n = 0, k = 0;
  /// A is stored [K, M]; B is stored [N, K].
  bool transposeA = false, transposeB = false;
};

/// Recognizes `op` as a matmul the kernel handles.
std::optional<MatmulShape> matchMatmul(linalg::LinalgOp op) {
  if (!isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op.getOperation()) ||
      !op.hasPureTensorSemantics() || op->getNumOperands() != 3)
    return std::nullopt;
  for (Value operand : op->getOperands()) {
    auto type = dyn_cast<RankedTensorType>(operand.getType());
    if (!type || !type.hasStaticShape() || !type.getElementType().isF32())
      return std::nullopt;
  }
  MatmulShape shape;
  shape.batched = isa<linalg::BatchMatmulOp>(op.getOperation());
  MLIRContext *ctx = op->getContext();
  unsigned first = shape.batched ? 1 : 0;
  AffineExpr bd = getAffineDimExpr(0, ctx),
             m = getAffineDimExpr(first, ctx),
             n = getAffineDimExpr(first + 1, ctx),
             k = getAffineDimExpr(first + 2, ctx);
  auto results = [&](AffineExpr x, AffineExpr y) {
    SmallVector<AffineExpr> exprs;
    if (shape.batched)
      exprs.push_back(bd);
    exprs.append({x, y});
    return exprs;
  };
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  if (maps.size() != 3 || maps[2].getResults() != ArrayRef(results(m, n)))
    return std::nullopt;
  if (maps[0].getResults() == ArrayRef(results(k, m)))
    shape.transposeA = true;
  else if (maps[0].getResults() != ArrayRef(results(m, k)))
    return std::nullopt;
  if (maps[1].getResults() == ArrayRef(results(n, k)))
    shape.transposeB = true;
  else if (maps[1].getResults() != ArrayRef(results(k, n)))
    return std::nullopt;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (shape.batched)
    shape.batch = ranges[0];
  shape.m = ranges[first];
  shape.n = ranges[first + 1];
  shape.k = ranges[first + 2];
  if (shape.m == 0 || shape.n == 0 || shape.k == 0 || shape.batch == 0)
    return std::nullopt;
  return shape;
}

/// Indices into a [batch?, x, y] operand.
SmallVector<Value> at(Value batch, Value x, Value y) {
  SmallVector<Value> indices;
  if (batch)
    indices.push_back(batch);
  indices.append({x, y});
  return indices;
}

} // namespace

Value remat::zeroVector(ImplicitLocOpBuilder &b) {
  VectorType type = laneType(b);
  return arith::ConstantOp::create(
      b, type, DenseElementsAttr::get(type, b.getF32FloatAttr(0.0)));
}

Value remat::emitPackedKernel(ImplicitLocOpBuilder &b,
                              const PackedKernelSpec &spec) {
  return KernelEmitter(spec).emit(b);
}

Value remat::writePanelRow(ImplicitLocOpBuilder &b, Value panel, Value step,
                           int64_t column, Value row) {
  return vector::TransferWriteOp::create(b, row, panel,
                                         panelAt(b, panel, step, column),
                                         ArrayRef<bool>{true})
      .getResult();
}

Value remat::packRows(
    ImplicitLocOpBuilder &b, Value n, int64_t columns, Value k0, int64_t steps,
    Value panel,
    function_ref<Value(ImplicitLocOpBuilder &, Value, Value, int64_t)>
        readRow) {
  int64_t vectors = llvm::divideCeil(columns, kLanes);
  auto loop = scf::ForOp::create(
      b, index(b, 0), index(b, steps), index(b, 1), ValueRange{panel},
      [&](OpBuilder &nested, Location loc, Value i, ValueRange args) {
        ImplicitLocOpBuilder nb(loc, nested);
        Value k = arith::AddIOp::create(nb, k0, i);
        Value p = args[0];
        for (int64_t v = 0; v < vectors; ++v) {
          Value column = arith::AddIOp::create(nb, n, index(nb, v * kLanes));
          Value row = readRow(nb, k, column,
                              std::min(kLanes, columns - v * kLanes));
          p = writePanelRow(nb, p, i, v * kLanes, row);
        }
        scf::YieldOp::create(nb, p);
      });
  return loop.getResult(0);
}

Value remat::packColumns(
    ImplicitLocOpBuilder &b, Value n, int64_t columns, Value k0, int64_t steps,
    Value panel,
    function_ref<Value(ImplicitLocOpBuilder &, Value, Value, int64_t)>
        readColumn) {
  int64_t vectors = llvm::divideCeil(columns, kLanes);
  // 16 columns of B by 16 steps at a time: in a partial last block the
  // steps past `steps` read as zeros and are not written.
  auto emitSteps = [&](ImplicitLocOpBuilder &nb, Value i, int64_t validSteps,
                       Value p) {
    Value k = arith::AddIOp::create(nb, k0, i);
    for (int64_t v = 0; v < vectors; ++v) {
      SmallVector<Value> rows;
      for (int64_t r = 0; r < kLanes; ++r) {
        if (v * kLanes + r >= columns) {
          rows.push_back(zeroVector(nb));
          continue;
        }
        Value column = arith::AddIOp::create(nb, n, index(nb, v * kLanes + r));
        rows.push_back(readColumn(nb, column, k, validSteps));
      }
      SmallVector<Value> panelRows = transpose16x16(nb, rows);
      for (int64_t r = 0; r < validSteps; ++r)
        p = vector::TransferWriteOp::create(
                nb, panelRows[r], p,
                panelAt(nb, p, arith::AddIOp::create(nb, i, index(nb, r)),
                        v * kLanes),
                ArrayRef<bool>{true})
                .getResult();
    }
    return p;
  };
  return forEachBlockOf(b, steps, kLanes, panel, emitSteps);
}

LogicalResult remat::rewriteMatmulAsKernel(RewriterBase &rewriter,
                                           linalg::LinalgOp op,
                                           CpuKernelChoice choice) {
  std::optional<MatmulShape> shape = matchMatmul(op);
  if (!shape)
    return failure();
  ImplicitLocOpBuilder b(op.getLoc(), rewriter);
  b.setInsertionPoint(op);
  Value lhs = op.getDpsInputOperand(0)->get();
  Value rhs = op.getDpsInputOperand(1)->get();
  Value init = op.getDpsInitOperand(0)->get();
  // A zero-filled C need not be read (nor filled): write into the fill's
  // destination instead.
  bool zeroInit = false;
  if (auto fill = init.getDefiningOp<linalg::FillOp>()) {
    if (matchPattern(fill.getInputs()[0], m_PosZeroFloat()) &&
        fill.hasPureTensorSemantics()) {
      zeroInit = true;
      init = fill.getOutputs()[0];
    }
  }
  PackedKernelSpec spec;
  spec.tile = choice.tile;
  spec.fusedMultiplyAdd = choice.fusedMultiplyAdd;
  spec.batch = shape->batch;
  spec.batchLoop = shape->batched;
  spec.m = shape->m;
  spec.n = shape->n;
  spec.k = shape->k;
  spec.depth = packedPanelRows(shape->k);
  spec.c = init;
  spec.zeroInit = zeroInit;
  bool transposeA = shape->transposeA, transposeB = shape->transposeB;
  spec.readA = [&](ImplicitLocOpBuilder &nb, Value batch, Value m, Value k) {
    return tensor::ExtractOp::create(
        nb, lhs, transposeA ? at(batch, k, m) : at(batch, m, k));
  };
  // A stored [K, M] is read down its columns, one cache line per step at a
  // stride of M floats: pack it where that costs less than the conflicts
  // in L1 (KernelScratch.h).
  if (transposeA && matmulPacksTransposedA(shape->m, shape->n))
    spec.readARows = [&](ImplicitLocOpBuilder &nb, Value batch, Value m,
                         Value k, int64_t rows) -> Value {
      Value zero = arith::ConstantOp::create(nb, nb.getF32FloatAttr(0.0));
      return vector::TransferReadOp::create(
          nb, VectorType::get({rows}, nb.getF32Type()), lhs, at(batch, k, m),
          zero, ArrayRef<bool>{true});
    };
  spec.pack = [&](ImplicitLocOpBuilder &nb, Value batch, Value n,
                  int64_t columns, Value k0, int64_t steps, Value panel) {
    Value zero = arith::ConstantOp::create(nb, nb.getF32FloatAttr(0.0));
    if (!transposeB) // Rows of B are rows of the panel.
      return packRows(nb, n, columns, k0, steps, panel,
                      [&](ImplicitLocOpBuilder &rb, Value k, Value column,
                          int64_t lanes) -> Value {
                        return vector::TransferReadOp::create(
                            rb, laneType(rb), rhs, at(batch, k, column), zero,
                            ArrayRef<bool>{lanes == kLanes});
                      });
    // B is [N, K]: its rows are the panel's columns.
    return packColumns(nb, n, columns, k0, steps, panel,
                       [&](ImplicitLocOpBuilder &rb, Value column, Value k,
                           int64_t validSteps) -> Value {
                         return vector::TransferReadOp::create(
                             rb, laneType(rb), rhs, at(batch, column, k), zero,
                             ArrayRef<bool>{validSteps == kLanes});
                       });
  };
  Value result = emitPackedKernel(b, spec);
  Operation *fillOp = op.getDpsInitOperand(0)->get().getDefiningOp();
  rewriter.replaceOp(op, result);
  if (zeroInit && fillOp && fillOp->use_empty())
    rewriter.eraseOp(fillOp);
  return success();
}
