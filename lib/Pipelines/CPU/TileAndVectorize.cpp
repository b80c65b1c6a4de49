//===- TileAndVectorize.cpp - CPU tiling and vectorization ----------------===//
//
// On tensors, before bufferization:
//  0. f32 matmul / batch_matmul (any transposition), conv2d and its filter
//     gradient (one group): the packed, register-tiled kernel of
//     MatmulKernel.cpp / ConvKernel.cpp, emitted directly in the vector
//     dialect; max_pool2d_grad over windows that tile the input: 16 windows
//     per vector (PoolKernel.cpp);
//  1. other matmuls (16-bit operands): tile M x N x K by the target's
//     register tile (CpuTarget.h; 8 x 32 x 1 on AVX-512, 16 registers), so
//     that the accumulator is an f32 register tile;
//  2. other linalg ops with static shapes (pads and slice insertions first
//     rewritten as copies, SliceCopies.cpp): tile every loop but the
//     innermost by 1 and the innermost by up to 64 elements (the largest
//     divisor of its size);
//  3. vectorize each tile (linalg::vectorize);
//  4. hoist loop-invariant subsets (the accumulator's extract/insert and
//     transfer_read/write pairs) out of the reduction loops, so the
//     accumulator stays in registers across K;
//  5. lower vector.contract to outer products (broadcast FMAs);
//  6. float sums of vectors as trees (reassociation);
//  7. exp, log, tanh, erf, sin and cos to polynomial approximations
//     (vectorizable;
//     within a few ulp of libm), subnormal log arguments and exp results
//     through a scaled path first (MathApproximation.h).
// Tile sizes always divide the loop sizes, so no tile is partial and no
// masking is needed.
//
//===----------------------------------------------------------------------===//

#include "remat/Pipelines/CPU/Passes.h"

#include "../MathApproximation.h"
#include "MatmulKernel.h"
#include "PoolKernel.h"
#include "SliceCopies.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SubsetOpInterface.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace remat {
#define GEN_PASS_DEF_TILEANDVECTORIZE
#include "remat/Pipelines/CPU/Passes.h.inc"
} // namespace remat

using namespace mlir;

namespace {

/// The largest of `preferred`, preferred/2, ..., 1 that divides `size`.
int64_t dividingTile(int64_t size, int64_t preferred) {
  for (int64_t t = preferred; t > 1; t /= 2)
    if (size % t == 0)
      return t;
  return 1;
}

/// The largest divisor of `size` up to `preferred` (rows of a register tile
/// need not be a power of two: 6 on AVX2).
int64_t largestDivisor(int64_t size, int64_t preferred) {
  for (int64_t t = preferred; t > 1; --t)
    if (size % t == 0)
      return t;
  return 1;
}

/// The innermost tile of an elementwise op or reduction along a dimension
/// of `size`: the whole dimension up to 64 elements, else its largest
/// divisor up to 64 (a vector LLVM splits into 16-lane registers plus one
/// partial register; powers of two alone would cut a 34-wide row into
/// 2-element vectors).
int64_t innermostTile(int64_t size) {
  if (size <= 64)
    return size;
  for (int64_t t = 64; t > 1; --t)
    if (size % t == 0)
      return t;
  return 1;
}

/// Tile sizes for `op`, one per loop; empty when it should not be tiled.
/// Matmuls get the target's register tile.
SmallVector<int64_t> chooseTileSizes(linalg::LinalgOp op,
                                     remat::CpuRegisterTile tile) {
  if (!op.hasPureTensorSemantics())
    return {};
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (ranges.empty() || llvm::any_of(ranges, ShapedType::isDynamic))
    return {};
  int64_t rows = tile.rows, columns = 16 * tile.vectors;
  if (isa<linalg::MatmulOp>(op))
    return {largestDivisor(ranges[0], rows),
            dividingTile(ranges[1], columns), 1};
  if (isa<linalg::BatchMatmulOp>(op))
    return {1, largestDivisor(ranges[1], rows),
            dividingTile(ranges[2], columns), 1};
  if (linalg::isaConvolutionOpInterface(op))
    return {};
  if (!isa<linalg::GenericOp, linalg::FillOp, linalg::TransposeOp,
           linalg::CopyOp>(op))
    return {};
  SmallVector<int64_t> sizes(ranges.size(), 1);
  // LLVM's x86 backend cannot legalize some f16/bf16 operations on vectors
  // of odd lengths ("soft promote" failures): 16-bit ops keep power-of-two
  // tiles.
  bool halfPrecision = llvm::any_of(op->getOperandTypes(), [](Type type) {
    Type element = getElementTypeOrSelf(type);
    return element.isF16() || element.isBF16();
  });
  sizes.back() = halfPrecision ? dividingTile(ranges.back(), 64)
                               : innermostTile(ranges.back());
  return sizes;
}

/// Marks the scf.execute_region fences of fenceWholeTensorWrites.
constexpr StringLiteral kFenceAttr = "remat.buffer_fence";

/// Wraps each whole-tensor write among `results` of an untiled, vectorized
/// op in an scf.execute_region marked kFenceAttr. The memory model
/// gives every op's result a buffer of its own; without the fence, the
/// transfer_read of the next untiled op would fold into the vector written
/// (transfer_read(transfer_write(v)) -> v), the buffer would vanish and a
/// tensor of at most one vector (64 elements, a bias, a 0-d loss) would
/// live in registers, or spill to the stack, where the plan counts it as
/// allocated memory. The fences go once every fold of this pass has run
/// (removeFences), before bufferization, which folds nothing.
void fenceWholeTensorWrites(RewriterBase &rewriter, ValueRange results) {
  for (Value result : results) {
    auto write = result.getDefiningOp<vector::TransferWriteOp>();
    if (!write || !isa<RankedTensorType>(write.getResult().getType()))
      continue;
    rewriter.setInsertionPointAfter(write);
    auto fence = scf::ExecuteRegionOp::create(
        rewriter, write.getLoc(), TypeRange{write.getResult().getType()});
    Block *body = rewriter.createBlock(&fence.getRegion());
    rewriter.setInsertionPointToEnd(body);
    scf::YieldOp::create(rewriter, write.getLoc(), write.getResult());
    rewriter.replaceAllUsesExcept(write.getResult(), fence.getResult(0),
                                  body->getTerminator());
    rewriter.moveOpBefore(write, body->getTerminator());
    fence->setAttr(kFenceAttr, rewriter.getUnitAttr());
  }
}

/// Inlines the fences of fenceWholeTensorWrites (those the rewrites left)
/// back into their blocks.
void removeFences(RewriterBase &rewriter, func::FuncOp func) {
  SmallVector<scf::ExecuteRegionOp> fences;
  func.walk([&](scf::ExecuteRegionOp fence) {
    if (fence->hasAttr(kFenceAttr))
      fences.push_back(fence);
  });
  for (scf::ExecuteRegionOp fence : fences) {
    Block &body = fence.getRegion().front();
    Operation *yield = body.getTerminator();
    SmallVector<Value> yielded(yield->getOperands());
    rewriter.eraseOp(yield);
    rewriter.inlineBlockBefore(&body, fence);
    rewriter.replaceOp(fence, yielded);
  }
}

/// Whether hoistLoopInvariantSubsets can hoist anything out of `loop`: it
/// moves only subset extractions in the loop's own body whose operands, but
/// for the source, are defined outside the loop. It first proves every pair
/// of subset ops in the whole loop nest disjoint (ValueBounds, Presburger
/// arithmetic) and looks at invariance only then; asking first skips that
/// for the loops where nothing could move (2.5 s of this pass's 2.7 s on
/// the transformer step, for the same IR).
bool mayHoistSubsets(scf::ForOp loop) {
  for (Operation &op : loop.getBody()->without_terminator()) {
    auto extraction = dyn_cast<SubsetExtractionOpInterface>(&op);
    if (!extraction)
      continue;
    if (op.getNumRegions() != 0)
      return true; // Nested operands too: let the utility decide.
    if (llvm::all_of(op.getOpOperands(), [&](OpOperand &operand) {
          return &operand == &extraction.getSourceOperand() ||
                 loop.isDefinedOutsideOfLoop(operand.get());
        }))
      return true;
  }
  return false;
}

struct TileAndVectorizePass final
    : remat::impl::TileAndVectorizeBase<TileAndVectorizePass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    IRRewriter rewriter(&getContext());
    // The register tile and multiply-adds for the CPU the module is
    // compiled for (its llvm.target, which remat-cpu-target sets; else the
    // host).
    remat::CpuKernelChoice choice = remat::getKernelChoice(
        remat::getModuleCpuTarget(func->getParentOfType<ModuleOp>()).family());
    // Pads and slice insertions as copies in destination form.
    remat::rewriteSliceCopies(rewriter, func);
    // f32 matmuls and convolutions first, while their zero fills are still
    // linalg.fill.
    SmallVector<linalg::LinalgOp> contractions;
    func.walk([&](linalg::LinalgOp op) {
      if (isa<linalg::MatmulOp, linalg::BatchMatmulOp, linalg::Conv2DNchwFchwOp,
              linalg::Conv2DNgchwGfchwOp, linalg::GenericOp>(op.getOperation()))
        contractions.push_back(op);
    });
    for (linalg::LinalgOp op : contractions)
      if (failed(remat::rewriteMatmulAsKernel(rewriter, op, choice)) &&
          failed(remat::rewriteConvolutionAsKernel(rewriter, op, choice)))
        (void)remat::rewriteTiledMaxPoolGradAsKernel(rewriter, op);
    SmallVector<linalg::LinalgOp> ops;
    func.walk([&](linalg::LinalgOp op) { ops.push_back(op); });
    SmallVector<LoopLikeOpInterface> loops;
    for (linalg::LinalgOp op : ops) {
      SmallVector<int64_t> sizes = chooseTileSizes(op, choice.tile);
      if (sizes.empty())
        continue;
      Operation *target = op;
      if (llvm::any_of(llvm::zip(sizes, op.getStaticLoopRanges()),
                       [](auto p) { return std::get<0>(p) != std::get<1>(p); })) {
        scf::SCFTilingOptions options;
        options.setTileSizes(getAsIndexOpFoldResult(&getContext(), sizes));
        rewriter.setInsertionPoint(op);
        FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
            rewriter, cast<TilingInterface>(op.getOperation()), options);
        if (failed(tiled))
          continue;
        rewriter.replaceOp(op, tiled->replacements);
        target = tiled->tiledOps.back();
        llvm::append_range(loops, tiled->loops);
      }
      if (failed(linalg::vectorizeOpPrecondition(target, {}, {},
                                                 /*vectorizeNDExtract=*/true)))
        continue;
      rewriter.setInsertionPoint(target);
      FailureOr<linalg::VectorizationResult> vectorized =
          linalg::vectorize(rewriter, target, {}, {},
                            /*vectorizeNDExtract=*/true);
      if (failed(vectorized))
        continue;
      if (target->getNumResults() == 0)
        rewriter.eraseOp(target);
      else
        rewriter.replaceOp(target, vectorized->replacements);
      if (target == op.getOperation())
        fenceWholeTensorWrites(rewriter, vectorized->replacements);
    }

    // Fold the slices around the vector transfers, then keep accumulators
    // in registers: hoist loop-invariant subsets, innermost loops first.
    {
      RewritePatternSet patterns(&getContext());
      tensor::populateFoldTensorSubsetIntoVectorTransferPatterns(patterns);
      vector::TransferReadOp::getCanonicalizationPatterns(patterns,
                                                          &getContext());
      vector::TransferWriteOp::getCanonicalizationPatterns(patterns,
                                                           &getContext());
      (void)applyPatternsGreedily(func, std::move(patterns));
    }
    SmallVector<scf::ForOp> forOps;
    func.walk([&](scf::ForOp loop) { forOps.push_back(loop); });
    for (scf::ForOp loop : forOps)
      if (mayHoistSubsets(loop))
        hoistLoopInvariantSubsets(rewriter, loop);

    RewritePatternSet lowering(&getContext());
    vector::populateVectorContractLoweringPatterns(
        lowering, vector::VectorContractLowering::OuterProduct);
    vector::populateVectorTransferPermutationMapLoweringPatterns(lowering);
    vector::populateVectorMultiReductionLoweringPatterns(
        lowering, vector::VectorMultiReductionLowering::InnerReduction);
    vector::populateVectorOuterProductLoweringPatterns(lowering);
    // Hoisting leaves the whole destination carried through the reduction
    // loops beside its hoisted tile, yielded unchanged; drop those carries.
    // Left in, the tile aliases another iteration argument and One-Shot
    // Bufferize copies it into a fresh buffer on every iteration (a malloc
    // per output tile, which the memory plan does not count).
    scf::ForOp::getCanonicalizationPatterns(lowering, &getContext());
    if (failed(applyPatternsGreedily(func, std::move(lowering))))
      return signalPassFailure();

    // Float sums of a vector reduce as a tree instead of one add after the
    // other: a 64-lane vector.reduction is otherwise a chain of 64 dependent
    // adds (LLVM keeps the order unless told it may reassociate), which made
    // row reductions (layer_norm, softmax, losses) cost ~4 cycles per
    // element. The tree's shape is fixed by the vector length, so an op
    // rounds the same way in every evaluation.
    func.walk([&](vector::ReductionOp reduction) {
      if (reduction.getKind() == vector::CombiningKind::ADD &&
          isa<FloatType>(reduction.getType()))
        reduction.setFastmathAttr(arith::FastMathFlagsAttr::get(
            &getContext(), reduction.getFastmath() |
                               arith::FastMathFlags::reassoc));
    });

    // exp, log, tanh, erf, sin and cos as polynomials in vector arithmetic:
    // LLVM would otherwise call libm once per lane (the math-to-libm fallback,
    // or a scalarized llvm.exp). Every such op of the function is rewritten,
    // the scalar ones of remainder loops too, so that one op computes the same
    // bits wherever it appears (a recomputed value equals its original).
    if (failed(remat::approximateTranscendentals(func)))
      return signalPassFailure();
    removeFences(rewriter, func);
  }
};

} // namespace

