//===- ConvKernel.cpp - convolutions as packed implicit-im2col matmuls ----===//
//
// The linalg convolutions convert-remat-to-linalg emits had no vectorized
// lowering (remat-tile-and-vectorize skipped them: 3.5-5 GFLOP/s, all of the
// convnet training step). Each is a matmul over an im2col matrix that is
// never materialized: the kernel of MatmulKernel.cpp reads its rows straight
// from the input (or packs them from it), so the convolution runs in the
// same register tiles as a matmul and needs no buffer beyond the kernel's
// panel, if any.
//
//  * conv2d (linalg.conv_2d_nchw_fchw on the padded input; also the
//    stride-1 correlation of conv2d_grad_input, conv_2d_ngchw_gfchw with one
//    group), per image b:
//      out[b, f, (oh, ow)] = sum_(c, kh, kw) filter[f, (c, kh, kw)]
//                            * in[b, c, oh*sh + kh*dh, ow*sw + kw*dw]
//    M = F, N = OH*OW (the output's rows are contiguous), K = C*KH*KW; A is
//    the filter as [F, C*KH*KW], B(k, p) the implicit im2col: a row of B
//    (one (c, kh, kw), 16 consecutive pixels) is one vector load of the
//    input when OW is a multiple of 16 and the stride is 1, read in place
//    by the kernel (no panel); else it is packed: at column stride 1 or 2
//    with OW >= 5 from one vector load of the input's flattened rows per
//    output row the 16 pixels span (two from OW >= 16, three from 8, four
//    from 5; at stride 2, two loads and a shuffle of the even elements),
//    blended where the rows end, otherwise from 16 scalar loads. Panels
//    hold whole filter windows (convPanelRows: 252 rows for 3x3), packed a
//    channel per iteration at constant offsets, unmasked except near the
//    input's last rows (packWindowRows).
//  * conv2d_grad_filter (the linalg.generic of GradientLowering.cpp, one
//    group), summed over images b:
//      dw[f, (c, kh, kw)] = sum_(oh, ow) dy[b, f, (oh, ow)]
//                           * in[b, c, oh*sh + kh*dh, ow*sw + kw*dw]
//    M = F, N = C*KH*KW, K = OH*OW; A is dy, B(p, (c, kh, kw)) the
//    transposed im2col, packed from 16 pixels of 16 (c, kh, kw) at a time
//    (vector loads when possible) transposed in registers.
//
// The reduction runs over (c, kh, kw), resp. (b, oh, ow), in the nesting
// order of the linalg op's loops, each element one chain of multiply-adds
// (fused where the CPU has FMA, as in MatmulKernel.cpp; else a multiply then
// an add, as the plain-loop lowering computes it). Grouped convolutions
// (groups > 1) keep the linalg lowering.
//
//===----------------------------------------------------------------------===//

#include "MatmulKernel.h"

#include "KernelScratch.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace remat;

namespace {

constexpr int64_t kLanes = kKernelLanes;

/// The most output rows 16 consecutive pixels of an output with rows of
/// `ow` pixels can touch: 2 from 16 pixels a row, 3 from 8, 4 from 5.
int64_t outputRowsPerVector(int64_t ow) {
  return 1 + (kLanes - 1 + ow - 1) / ow;
}

/// Up to this many rows, readPixels reads 16 pixels as one vector load per
/// row, blended (rows of 5 or more pixels); beyond, as 16 scalar loads.
constexpr int64_t kMaxRowsPerVector = 4;

/// A 2-D convolution in NCHW / FCHW layout with one group.
struct ConvShape {
  int64_t batch = 0, channels = 0, filters = 0;
  int64_t kh = 0, kw = 0, oh = 0, ow = 0;
  int64_t sh = 1, sw = 1, dh = 1, dw = 1;
};

Value index(ImplicitLocOpBuilder &b, int64_t v) {
  return arith::ConstantIndexOp::create(b, v);
}

/// Whether every operand and result of `op` is a statically shaped f32
/// tensor.
bool allStaticF32(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics())
    return false;
  for (Value operand : op->getOperands()) {
    auto type = dyn_cast<RankedTensorType>(operand.getType());
    if (!type || !type.hasStaticShape() || !type.getElementType().isF32())
      return false;
  }
  return true;
}

Value collapse(ImplicitLocOpBuilder &b, Value value,
               ArrayRef<ReassociationIndices> groups) {
  return tensor::CollapseShapeOp::create(b, value, groups);
}

Value expand(ImplicitLocOpBuilder &b, Type type, Value value,
             ArrayRef<ReassociationIndices> groups) {
  return tensor::ExpandShapeOp::create(b, type, value, groups);
}

/// The zero-filled tensor `init` is filled from, or null.
Value zeroFillDestination(Value init) {
  auto fill = init.getDefiningOp<linalg::FillOp>();
  if (!fill || !fill.hasPureTensorSemantics() ||
      !matchPattern(fill.getInputs()[0], m_PosZeroFloat()))
    return Value();
  return fill.getOutputs()[0];
}

/// 16 consecutive output pixels p .. p + 15 as readPixels reads them from
/// the input's flattened rows ([N, C, H * W], flattenForPixels): what does
/// not depend on the channel or the filter position.
struct PixelVector {
  /// Where lane 0 reads at filter position (0, 0) in its channel's
  /// flattened rows: (p / OW) * sh * W + (p % OW) * sw.
  Value first;
  /// inRow[r]: the lanes before the end of output row r, counted from p's
  /// (r < outputRowsPerVector - 1).
  SmallVector<Value> inRow;
  /// The lanes of real pixels, or null when all 16 are.
  Value valid;
};

PixelVector pixelVector(ImplicitLocOpBuilder &b, const ConvShape &shape,
                        int64_t width, Value p, int64_t lanes) {
  PixelVector pixels;
  Value ow = index(b, shape.ow);
  Value outRow = arith::DivUIOp::create(b, p, ow);
  Value outCol = arith::RemUIOp::create(b, p, ow);
  pixels.first = arith::AddIOp::create(
      b, arith::MulIOp::create(b, outRow, index(b, shape.sh * width)),
      arith::MulIOp::create(b, outCol, index(b, shape.sw)));
  auto maskType = VectorType::get({kLanes}, b.getI1Type());
  for (int64_t row = 0; row + 1 < outputRowsPerVector(shape.ow); ++row)
    pixels.inRow.push_back(vector::CreateMaskOp::create(
        b, maskType,
        ValueRange{
            arith::SubIOp::create(b, index(b, (row + 1) * shape.ow), outCol)}));
  if (lanes < kLanes)
    pixels.valid =
        vector::ConstantMaskOp::create(b, maskType, ArrayRef<int64_t>{lanes});
  return pixels;
}

/// The 16 pixels of `pixels` in channel `c` of image `batch` of
/// `flatInput`, lane 0 at `at` (pixels.first plus the filter position's
/// offset): lane j is at `at` + j while in the output row of p, and
/// `delta` further for each output row it has passed (one input row of sh
/// rows further, OW pixels back). One load per output row the 16 pixels
/// touch (at column stride 2, two and a shuffle of their even elements),
/// blended where each row ends. The loads are unmasked with `inBounds`
/// (the caller knows no lane runs past the flattened rows' end), else
/// masked at that end.
Value loadPixelVector(ImplicitLocOpBuilder &b, const ConvShape &shape,
                      int64_t width, Value flatInput, Value batch, Value c,
                      Value at, const PixelVector &pixels, bool inBounds) {
  auto vt = VectorType::get({kLanes}, b.getF32Type());
  Value zero = arith::ConstantOp::create(b, b.getF32FloatAttr(0.0));
  int64_t delta = shape.sh * width - shape.ow * shape.sw;
  auto read = [&](Value position) {
    return vector::TransferReadOp::create(b, vt, flatInput,
                                          ValueRange{batch, c, position}, zero,
                                          ArrayRef<bool>{inBounds});
  };
  // At column stride 2, lane j is element 2j of the 32 from the row's
  // start: two loads and one shuffle of their even elements.
  SmallVector<int64_t> evens;
  for (int64_t j = 0; j < kLanes; ++j)
    evens.push_back(2 * j);
  auto load = [&](int64_t row) -> Value {
    Value position = arith::AddIOp::create(b, at, index(b, row * delta));
    if (shape.sw == 1)
      return read(position);
    Value next = arith::AddIOp::create(b, position, index(b, kLanes));
    return vector::ShuffleOp::create(b, read(position), read(next), evens);
  };
  int64_t rows = pixels.inRow.size() + 1;
  Value vec = load(rows - 1);
  for (int64_t row = rows - 2; row >= 0; --row)
    vec = arith::SelectOp::create(b, pixels.inRow[row], load(row), vec);
  if (!pixels.valid)
    return vec;
  return arith::SelectOp::create(b, pixels.valid, vec, zeroVector(b));
}

/// Reads input[b, c, row * sh + kh * dh, col * sw + kw * dw] for the 16
/// pixels p .. p + 15 of the output grid (row, col) = (p / OW, p % OW), of
/// which `lanes` are valid (the rest are zeros): one vector load when the
/// pixels always lie in one output row and are unit-strided in the input;
/// at column stride 1 or 2 with OW >= 5, where they lie in at most four
/// rows, one vector load of the input's flattened rows per row (at stride
/// 2, two and a shuffle of the even elements), blended at the rows' ends;
/// else one scalar load per lane. `flatInput` is `input` with its rows
/// flattened ([N, C, H * W], flattenForPixels), or null where the two-row
/// reads do not apply.
Value readPixels(ImplicitLocOpBuilder &b, const ConvShape &shape, Value input,
                 Value flatInput, Value batch, Value c, Value kh, Value kw,
                 Value p, int64_t lanes) {
  auto vt = VectorType::get({kLanes}, b.getF32Type());
  Value zero = arith::ConstantOp::create(b, b.getF32FloatAttr(0.0));
  auto inputRow = [&](Value outRow) {
    Value r = arith::MulIOp::create(b, outRow, index(b, shape.sh));
    return arith::AddIOp::create(
        b, r, arith::MulIOp::create(b, kh, index(b, shape.dh)));
  };
  auto inputCol = [&](Value outCol) {
    Value r = arith::MulIOp::create(b, outCol, index(b, shape.sw));
    return arith::AddIOp::create(
        b, r, arith::MulIOp::create(b, kw, index(b, shape.dw)));
  };
  Value ow = index(b, shape.ow);
  if (shape.ow % kLanes == 0 && shape.sw == 1 && lanes == kLanes) {
    Value row = inputRow(arith::DivUIOp::create(b, p, ow));
    Value col = inputCol(arith::RemUIOp::create(b, p, ow));
    return vector::TransferReadOp::create(b, vt, input,
                                          ValueRange{batch, c, row, col}, zero,
                                          ArrayRef<bool>{true});
  }
  if (flatInput) {
    int64_t width = cast<RankedTensorType>(input.getType()).getDimSize(3);
    PixelVector pixels = pixelVector(b, shape, width, p, lanes);
    Value at = arith::AddIOp::create(
        b, pixels.first,
        arith::AddIOp::create(
            b, arith::MulIOp::create(b, kh, index(b, shape.dh * width)),
            arith::MulIOp::create(b, kw, index(b, shape.dw))));
    return loadPixelVector(b, shape, width, flatInput, batch, c, at, pixels,
                           /*inBounds=*/false);
  }
  Value vec = zeroVector(b);
  for (int64_t j = 0; j < lanes; ++j) {
    Value pixel = arith::AddIOp::create(b, p, index(b, j));
    Value row = inputRow(arith::DivUIOp::create(b, pixel, ow));
    Value col = inputCol(arith::RemUIOp::create(b, pixel, ow));
    Value x =
        tensor::ExtractOp::create(b, input, ValueRange{batch, c, row, col});
    vec = vector::InsertOp::create(b, x, vec, ArrayRef<int64_t>{j});
  }
  return vec;
}

/// `input` [N, C, H, W] as [N, C, H * W] where readPixels reads 16 pixels
/// from the flattened rows, one load (two and a shuffle at column stride
/// 2) per output row they touch (column stride 1 or 2, not read in place,
/// at most kMaxRowsPerVector rows), else null.
Value flattenForPixels(ImplicitLocOpBuilder &b, const ConvShape &shape,
                       Value input) {
  if (shape.sw > 2 || convReadsInputInPlace(shape.ow, shape.sw) ||
      outputRowsPerVector(shape.ow) > kMaxRowsPerVector)
    return Value();
  return collapse(b, input, {{0}, {1}, {2, 3}});
}

/// Filters up to this wide are packed by packWindowRows (a window row's
/// positions unrolled); wider ones through packRows and readPixels.
constexpr int64_t kMaxUnrolledWidth = 11;
/// Windows of up to this many positions are unrolled whole per channel;
/// larger ones (5x5, ResNet's 7x7 stem) run a loop over their rows: the
/// whole 7x7 window unrolled took LLVM 5 s to compile for one convolution.
constexpr int64_t kMaxUnrolledWindow = 9;

/// Packs the panel rows k0 .. k0 + steps - 1 (whole filter windows: k0 and
/// steps are multiples of KH * KW, convPanelRows) for the output pixels
/// n .. n + columns - 1 from `flatInput`, the padded input [N, C, H * W]
/// (`height` x `width`): per channel, its KH x KW positions at constant
/// offsets from each pixel vector's base (a loop over the window's rows
/// for windows above kMaxUnrolledWindow), the bases and blend masks
/// computed once per panel (packRows through readPixels divides every step
/// into (c, kh, kw) and masks every load: half the instructions of a
/// 64-channel 56x56 convolution's panel). A load of the pixels in output
/// row R ends before input row (R + rows - 1) * sh + (KH - 1) * dh + 1 plus
/// 16 * sw elements, so the loads are unmasked unless the panel reaches
/// the last output rows.
Value packWindowRows(ImplicitLocOpBuilder &b, const ConvShape &shape,
                     Value flatInput, int64_t height, int64_t width,
                     Value batch, Value n, int64_t columns, Value k0,
                     int64_t steps, Value panel) {
  int64_t window = shape.kh * shape.kw;
  int64_t vectors = llvm::divideCeil(columns, kLanes);
  SmallVector<PixelVector> pixels;
  for (int64_t v = 0; v < vectors; ++v)
    pixels.push_back(pixelVector(
        b, shape, width, arith::AddIOp::create(b, n, index(b, v * kLanes)),
        std::min(kLanes, columns - v * kLanes)));
  Value c0 = arith::DivUIOp::create(b, k0, index(b, window));
  auto emitLoop = [&](ImplicitLocOpBuilder &lb, bool inBounds) {
    auto loop = scf::ForOp::create(
        lb, index(lb, 0), index(lb, steps / window), index(lb, 1),
        ValueRange{panel},
        [&](OpBuilder &nested, Location loc, Value ci, ValueRange args) {
          ImplicitLocOpBuilder nb(loc, nested);
          Value c = arith::AddIOp::create(nb, c0, ci);
          Value row0 = arith::MulIOp::create(nb, ci, index(nb, window));
          // Window row kh: its KW positions, from panel row `first` and
          // `shift` elements past each pixel vector's base.
          auto packRow = [&](ImplicitLocOpBuilder &rb, Value first, Value shift,
                             Value p) {
            SmallVector<Value> rowBases;
            for (int64_t v = 0; v < vectors; ++v)
              rowBases.push_back(
                  arith::AddIOp::create(rb, pixels[v].first, shift));
            for (int64_t kw = 0; kw < shape.kw; ++kw) {
              Value step = arith::AddIOp::create(rb, first, index(rb, kw));
              for (int64_t v = 0; v < vectors; ++v) {
                Value at = arith::AddIOp::create(rb, rowBases[v],
                                                 index(rb, kw * shape.dw));
                Value row = loadPixelVector(rb, shape, width, flatInput, batch,
                                            c, at, pixels[v], inBounds);
                p = writePanelRow(rb, p, step, v * kLanes, row);
              }
            }
            return p;
          };
          Value p = args[0];
          if (window <= kMaxUnrolledWindow) {
            for (int64_t kh = 0; kh < shape.kh; ++kh)
              p = packRow(
                  nb, arith::AddIOp::create(nb, row0, index(nb, kh * shape.kw)),
                  index(nb, kh * shape.dh * width), p);
          } else {
            auto rows = scf::ForOp::create(
                nb, index(nb, 0), index(nb, shape.kh), index(nb, 1),
                ValueRange{p},
                [&](OpBuilder &rowNested, Location rowLoc, Value kh,
                    ValueRange rowArgs) {
                  ImplicitLocOpBuilder rb(rowLoc, rowNested);
                  Value first = arith::AddIOp::create(
                      rb, row0,
                      arith::MulIOp::create(rb, kh, index(rb, shape.kw)));
                  Value shift = arith::MulIOp::create(
                      rb, kh, index(rb, shape.dh * width));
                  scf::YieldOp::create(rb,
                                       packRow(rb, first, shift, rowArgs[0]));
                });
            p = rows.getResult(0);
          }
          scf::YieldOp::create(nb, p);
        });
    return loop.getResult(0);
  };
  // The last output row whose loads stay within the flattened rows:
  // ((R + rows - 1) * sh + (KH - 1) * dh + 1) * W + 16 * sw - 1 <= H * W.
  int64_t rows = outputRowsPerVector(shape.ow);
  int64_t lastInputRow = (height * width - kLanes * shape.sw + 1) / width - 1;
  int64_t spare =
      lastInputRow - (rows - 1) * shape.sh - (shape.kh - 1) * shape.dh;
  if (spare < 0)
    return emitLoop(b, /*inBounds=*/false);
  int64_t lastSafeRow = spare / shape.sh;
  if (lastSafeRow >= shape.oh - 1)
    return emitLoop(b, /*inBounds=*/true);
  Value lastPixel =
      arith::AddIOp::create(b, n, index(b, (vectors - 1) * kLanes));
  Value lastRow = arith::DivUIOp::create(b, lastPixel, index(b, shape.ow));
  Value safe = arith::CmpIOp::create(b, arith::CmpIPredicate::ule, lastRow,
                                     index(b, lastSafeRow));
  auto branch =
      scf::IfOp::create(b, TypeRange{panel.getType()}, safe, /*withElse=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&branch.getThenRegion().front());
    scf::YieldOp::create(b, emitLoop(b, /*inBounds=*/true));
    b.setInsertionPointToStart(&branch.getElseRegion().front());
    scf::YieldOp::create(b, emitLoop(b, /*inBounds=*/false));
  }
  return branch.getResult(0);
}

/// (c, kh, kw) of the flattened filter position `j`.
std::array<Value, 3> filterPosition(ImplicitLocOpBuilder &b,
                                    const ConvShape &shape, Value j) {
  Value window = index(b, shape.kh * shape.kw);
  Value c = arith::DivUIOp::create(b, j, window);
  Value r = arith::RemUIOp::create(b, j, window);
  Value kh = arith::DivUIOp::create(b, r, index(b, shape.kw));
  Value kw = arith::RemUIOp::create(b, r, index(b, shape.kw));
  return {c, kh, kw};
}

/// The forward convolution `input` [N, C, H, W] (padded) * `filter`
/// [F, C, KH, KW] added to `init` [N, F, OH, OW] (taken as zeros when
/// `zeroInit`).
Value emitConvolution(ImplicitLocOpBuilder &b, const ConvShape &shape,
                      Value input, Value filter, Value init, bool zeroInit,
                      CpuKernelChoice choice) {
  auto outType = cast<RankedTensorType>(init.getType());
  Value c3 = collapse(b, init, {{0}, {1}, {2, 3}});
  Value filter2 = collapse(b, filter, {{0}, {1, 2, 3}});
  PackedKernelSpec spec;
  spec.tile = choice.tile;
  spec.fusedMultiplyAdd = choice.fusedMultiplyAdd;
  spec.batch = shape.batch;
  spec.batchLoop = true;
  spec.m = shape.filters;
  spec.n = shape.oh * shape.ow;
  spec.k = shape.channels * shape.kh * shape.kw;
  int64_t window = shape.kh * shape.kw;
  spec.depth = convPanelRows(spec.k, window);
  spec.c = c3;
  spec.zeroInit = zeroInit;
  spec.readA = [&](ImplicitLocOpBuilder &nb, Value, Value m, Value k) {
    return tensor::ExtractOp::create(nb, filter2, ValueRange{m, k});
  };
  Value flatInput = flattenForPixels(b, shape, input);
  auto readRow = [&](ImplicitLocOpBuilder &rb, Value batch, Value k,
                     Value column, int64_t lanes) {
    auto [c, kh, kw] = filterPosition(rb, shape, k);
    return readPixels(rb, shape, input, flatInput, batch, c, kh, kw, column,
                      lanes);
  };
  auto inputType = cast<RankedTensorType>(input.getType());
  if (convReadsInputInPlace(shape.ow, shape.sw)) {
    // Each row of B is one vector load of the input: no packing.
    spec.readB = readRow;
  } else if (flatInput && spec.depth % window == 0 &&
             shape.kw <= kMaxUnrolledWidth) {
    spec.pack = [&](ImplicitLocOpBuilder &nb, Value batch, Value n,
                    int64_t columns, Value k0, int64_t steps, Value panel) {
      return packWindowRows(nb, shape, flatInput, inputType.getDimSize(2),
                            inputType.getDimSize(3), batch, n, columns, k0,
                            steps, panel);
    };
  } else {
    spec.pack = [&](ImplicitLocOpBuilder &nb, Value batch, Value n,
                    int64_t columns, Value k0, int64_t steps, Value panel) {
      return packRows(nb, n, columns, k0, steps, panel,
                      [&](ImplicitLocOpBuilder &rb, Value k, Value column,
                          int64_t lanes) {
                        return readRow(rb, batch, k, column, lanes);
                      });
    };
  }
  Value result = emitPackedKernel(b, spec);
  return expand(b, outType, result, {{0}, {1}, {2, 3}});
}

/// The filter gradient: `grad` [N, F, OH, OW] against `input` [N, C, H, W]
/// (padded) added to `init` [F, C, KH, KW] (taken as zeros when
/// `zeroInit`).
Value emitFilterGradient(ImplicitLocOpBuilder &b, const ConvShape &shape,
                         Value input, Value grad, Value init, bool zeroInit,
                         CpuKernelChoice choice) {
  auto outType = cast<RankedTensorType>(init.getType());
  Value c2 = collapse(b, init, {{0}, {1, 2, 3}});
  Value grad3 = collapse(b, grad, {{0}, {1}, {2, 3}});
  PackedKernelSpec spec;
  spec.tile = choice.tile;
  spec.fusedMultiplyAdd = choice.fusedMultiplyAdd;
  spec.batch = shape.batch;
  spec.batchLoop = true;
  spec.batchReduces = true;
  spec.m = shape.filters;
  spec.n = shape.channels * shape.kh * shape.kw;
  spec.k = shape.oh * shape.ow;
  spec.depth = packedPanelRows(spec.k);
  spec.c = c2;
  spec.zeroInit = zeroInit;
  spec.readA = [&](ImplicitLocOpBuilder &nb, Value batch, Value m, Value k) {
    return tensor::ExtractOp::create(nb, grad3, ValueRange{batch, m, k});
  };
  Value flatInput = flattenForPixels(b, shape, input);
  spec.pack = [&](ImplicitLocOpBuilder &nb, Value batch, Value n,
                  int64_t columns, Value k0, int64_t steps, Value panel) {
    return packColumns(nb, n, columns, k0, steps, panel,
                       [&](ImplicitLocOpBuilder &rb, Value column, Value k,
                           int64_t validSteps) {
                         auto [c, kh, kw] = filterPosition(rb, shape, column);
                         return readPixels(rb, shape, input, flatInput, batch,
                                           c, kh, kw, k, validSteps);
                       });
  };
  Value result = emitPackedKernel(b, spec);
  return expand(b, outType, result, {{0}, {1, 2, 3}});
}

/// The stride and dilation in `expr` == d[out] * stride + d[window] *
/// dilation, or nullopt when it is not of that form.
std::optional<std::pair<int64_t, int64_t>>
strideAndDilation(AffineExpr expr, unsigned numDims, unsigned out,
                  unsigned window) {
  MLIRContext *ctx = expr.getContext();
  auto coefficient = [&](int64_t outValue,
                         int64_t windowValue) -> std::optional<int64_t> {
    SmallVector<AffineExpr> dims;
    for (unsigned d = 0; d < numDims; ++d)
      dims.push_back(getAffineConstantExpr(
          d == out ? outValue : (d == window ? windowValue : 0), ctx));
    auto value = dyn_cast<AffineConstantExpr>(
        simplifyAffineExpr(expr.replaceDims(dims), 0, 0));
    if (!value)
      return std::nullopt;
    return value.getValue();
  };
  std::optional<int64_t> stride = coefficient(1, 0),
                         dilation = coefficient(0, 1);
  if (!stride || !dilation || *stride < 1 || *dilation < 1)
    return std::nullopt;
  AffineExpr expected = getAffineDimExpr(out, ctx) * *stride +
                        getAffineDimExpr(window, ctx) * *dilation;
  if (simplifyAffineExpr(expr, numDims, 0) !=
      simplifyAffineExpr(expected, numDims, 0))
    return std::nullopt;
  return std::make_pair(*stride, *dilation);
}

/// Whether the body of `op` is `yield out + in0 * in1` in f32.
bool isMultiplyAccumulate(linalg::GenericOp op) {
  Block &body = op.getRegion().front();
  if (body.getOperations().size() != 3)
    return false;
  auto mul = dyn_cast<arith::MulFOp>(&body.front());
  auto add = dyn_cast<arith::AddFOp>(mul ? mul->getNextNode() : nullptr);
  auto yield = dyn_cast<linalg::YieldOp>(body.getTerminator());
  if (!mul || !add || !yield || yield->getOperand(0) != add.getResult())
    return false;
  return mul.getLhs() == body.getArgument(0) &&
         mul.getRhs() == body.getArgument(1) &&
         add.getLhs() == body.getArgument(2) && add.getRhs() == mul.getResult();
}

/// Recognizes the conv2d_grad_filter generic of GradientLowering.cpp with
/// one group: loops (g, f, c, kh, kw, n, oh, ow), input [N, G, C, H, W] at
/// (n, g, c, oh*sh + kh*dh, ow*sw + kw*dw), grad [N, G, F, OH, OW] at
/// (n, g, f, oh, ow), result [G, F, C, KH, KW].
std::optional<ConvShape> matchFilterGradient(linalg::GenericOp op) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      op.getNumLoops() != 8 || !isMultiplyAccumulate(op))
    return std::nullopt;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (unsigned d = 0; d < 8; ++d)
    if ((iterators[d] == utils::IteratorType::reduction) != (d >= 5))
      return std::nullopt;
  MLIRContext *ctx = op.getContext();
  auto dim = [&](unsigned d) { return getAffineDimExpr(d, ctx); };
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  ArrayRef<AffineExpr> in = maps[0].getResults(), grad = maps[1].getResults(),
                       out = maps[2].getResults();
  if (in.size() != 5 || grad.size() != 5 || out.size() != 5)
    return std::nullopt;
  for (unsigned d = 0; d < 5; ++d)
    if (out[d] != dim(d))
      return std::nullopt;
  if (ArrayRef(grad) !=
      ArrayRef<AffineExpr>{dim(5), dim(0), dim(1), dim(6), dim(7)})
    return std::nullopt;
  if (in[0] != dim(5) || in[1] != dim(0) || in[2] != dim(2))
    return std::nullopt;
  auto rows = strideAndDilation(in[3], 8, 6, 3);
  auto cols = strideAndDilation(in[4], 8, 7, 4);
  if (!rows || !cols)
    return std::nullopt;
  auto gradType = cast<RankedTensorType>(op.getDpsInputs()[1].getType());
  auto outType = cast<RankedTensorType>(op.getDpsInits()[0].getType());
  if (outType.getDimSize(0) != 1)
    return std::nullopt;
  ConvShape shape;
  shape.batch = gradType.getDimSize(0);
  shape.filters = outType.getDimSize(1);
  shape.channels = outType.getDimSize(2);
  shape.kh = outType.getDimSize(3);
  shape.kw = outType.getDimSize(4);
  shape.oh = gradType.getDimSize(3);
  shape.ow = gradType.getDimSize(4);
  std::tie(shape.sh, shape.dh) = *rows;
  std::tie(shape.sw, shape.dw) = *cols;
  return shape;
}

/// The shape of a forward convolution from its operand types, [N, C, H, W]
/// input, [F, C, KH, KW] filter, [N, F, OH, OW] result.
ConvShape forwardShape(Type filterType, Type outType,
                       DenseIntElementsAttr strides,
                       DenseIntElementsAttr dilations) {
  auto filter = cast<RankedTensorType>(filterType);
  auto out = cast<RankedTensorType>(outType);
  ConvShape shape;
  shape.batch = out.getDimSize(0);
  shape.filters = filter.getDimSize(0);
  shape.channels = filter.getDimSize(1);
  shape.kh = filter.getDimSize(2);
  shape.kw = filter.getDimSize(3);
  shape.oh = out.getDimSize(2);
  shape.ow = out.getDimSize(3);
  SmallVector<int64_t> s(strides.getValues<int64_t>()),
      d(dilations.getValues<int64_t>());
  shape.sh = s[0];
  shape.sw = s[1];
  shape.dh = d[0];
  shape.dw = d[1];
  return shape;
}

} // namespace

LogicalResult remat::rewriteConvolutionAsKernel(RewriterBase &rewriter,
                                                linalg::LinalgOp op,
                                                CpuKernelChoice choice) {
  if (!allStaticF32(op))
    return failure();
  ImplicitLocOpBuilder b(op.getLoc(), rewriter);
  b.setInsertionPoint(op);
  // A zero-filled result need not be read (nor filled): write into the
  // fill's destination instead.
  Value init = op.getDpsInitOperand(0)->get();
  Operation *fillOp = init.getDefiningOp<linalg::FillOp>();
  Value dest = zeroFillDestination(init);
  bool zeroInit = static_cast<bool>(dest);
  if (!zeroInit)
    dest = init;
  auto outType = cast<RankedTensorType>(init.getType());
  Value result;
  if (auto conv = dyn_cast<linalg::Conv2DNchwFchwOp>(op.getOperation())) {
    ConvShape shape = forwardShape(conv.getInputs()[1].getType(), outType,
                                   conv.getStrides(), conv.getDilations());
    result = emitConvolution(b, shape, conv.getInputs()[0], conv.getInputs()[1],
                             dest, zeroInit, choice);
  } else if (auto conv =
                 dyn_cast<linalg::Conv2DNgchwGfchwOp>(op.getOperation())) {
    // One group: drop the group dimensions (views).
    auto inType = cast<RankedTensorType>(conv.getInputs()[0].getType());
    if (inType.getDimSize(1) != 1)
      return failure();
    Value input = collapse(b, conv.getInputs()[0], {{0}, {1, 2}, {3}, {4}});
    Value filter = collapse(b, conv.getInputs()[1], {{0, 1}, {2}, {3}, {4}});
    Value out = collapse(b, dest, {{0}, {1, 2}, {3}, {4}});
    ConvShape shape = forwardShape(filter.getType(), out.getType(),
                                   conv.getStrides(), conv.getDilations());
    out = emitConvolution(b, shape, input, filter, out, zeroInit, choice);
    result = expand(b, outType, out, {{0}, {1, 2}, {3}, {4}});
  } else if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation())) {
    std::optional<ConvShape> shape = matchFilterGradient(generic);
    if (!shape)
      return failure();
    Value input =
        collapse(b, generic.getDpsInputs()[0], {{0}, {1, 2}, {3}, {4}});
    Value grad = collapse(b, generic.getDpsInputs()[1], {{0}, {1, 2}, {3}, {4}});
    Value out = collapse(b, dest, {{0, 1}, {2}, {3}, {4}});
    out = emitFilterGradient(b, *shape, input, grad, out, zeroInit, choice);
    result = expand(b, outType, out, {{0, 1}, {2}, {3}, {4}});
  } else {
    return failure();
  }
  rewriter.replaceOp(op, result);
  if (fillOp && fillOp->use_empty())
    rewriter.eraseOp(fillOp);
  return success();
}
