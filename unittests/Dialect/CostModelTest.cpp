//===- CostModelTest.cpp - RematCostOpInterface formulas ------------------===//

#include "DialectTestFixture.h"

using namespace mlir;
using namespace remat;
using remat::test::DialectTest;

namespace {

class CostModelTest : public DialectTest {
protected:
  /// Parses `body` as the body of @f(args) and returns the cost interface of
  /// its first remat op.
  RematCostOpInterface costOf(StringRef args, StringRef body) {
    std::string source = ("func.func @f(" + args + ") {\n" + body +
                          "\n  return\n}")
                             .str();
    module = parse(source);
    EXPECT_TRUE(module) << source;
    if (!module)
      return {};
    RematCostOpInterface found;
    module->walk<WalkOrder::PreOrder>([&](RematCostOpInterface op) {
      if (!found)
        found = op;
    });
    return found;
  }

  OwningOpRef<ModuleOp> module;
};

TEST_F(CostModelTest, MatmulIsTwoMNK) {
  auto cost = costOf("%a: tensor<4x16xf32>, %b: tensor<16x8xf32>",
                     "%0 = remat.matmul %a, %b : tensor<4x16xf32>, "
                     "tensor<16x8xf32> -> tensor<4x8xf32>");
  ASSERT_TRUE(cost);
  EXPECT_EQ(cost.flops(), 2 * 4 * 8 * 16);
  EXPECT_EQ(cost.bytesRead(), (4 * 16 + 16 * 8) * 4);
  EXPECT_EQ(cost.bytesWritten(), 4 * 8 * 4);
  EXPECT_FALSE(cost.isView());
}

TEST_F(CostModelTest, BatchedTransposedMatmul) {
  auto cost = costOf("%a: tensor<3x16x4xf16>, %b: tensor<3x8x16xf16>",
                     "%0 = remat.matmul %a, %b transpose_a transpose_b : "
                     "tensor<3x16x4xf16>, tensor<3x8x16xf16> -> "
                     "tensor<3x4x8xf16>");
  ASSERT_TRUE(cost);
  EXPECT_EQ(cost.flops(), 2 * 3 * 4 * 8 * 16);
  EXPECT_EQ(cost.bytesWritten(), 3 * 4 * 8 * 2);
}

TEST_F(CostModelTest, ConvIsTwoNFCgKKOO) {
  // N=2, C=4, F=6, groups=2, K=3x3, stride 2, pad 1: OH = OW = 4.
  auto cost = costOf("%x: tensor<2x4x8x8xf32>, %w: tensor<6x2x3x3xf32>",
                     "%0 = remat.conv2d %x, %w strides [2, 2] padding "
                     "[1, 1, 1, 1] groups 2 : tensor<2x4x8x8xf32>, "
                     "tensor<6x2x3x3xf32> -> tensor<2x6x4x4xf32>");
  ASSERT_TRUE(cost);
  EXPECT_EQ(cost.flops(), 2 * 2 * 6 * (4 / 2) * 3 * 3 * 4 * 4);
}

TEST_F(CostModelTest, ElementwiseAndTranscendental) {
  auto gelu = costOf("%x: tensor<10x10xbf16>",
                     "%0 = remat.gelu %x tanh : tensor<10x10xbf16>");
  ASSERT_TRUE(gelu);
  EXPECT_EQ(gelu.flops(), 8 * 100);
  EXPECT_EQ(gelu.bytesWritten(), 200);
  auto sigmoid =
      costOf("%x: tensor<10xf32>", "%0 = remat.sigmoid %x : tensor<10xf32>");
  ASSERT_TRUE(sigmoid);
  EXPECT_EQ(sigmoid.flops(), 40);
}

TEST_F(CostModelTest, ViewsAllocateNothing) {
  auto reshape = costOf("%x: tensor<4x8xf32>",
                        "%0 = remat.reshape %x : tensor<4x8xf32> -> "
                        "tensor<32xf32>");
  ASSERT_TRUE(reshape);
  EXPECT_TRUE(reshape.isView());
  EXPECT_EQ(reshape.flops(), 0);
  EXPECT_EQ(reshape.bytesWritten(), 0);
  auto name = costOf("%x: tensor<4xf32>",
                     "%0 = remat.name %x as \"h\" : tensor<4xf32>");
  ASSERT_TRUE(name);
  EXPECT_TRUE(name.isView());
  auto transpose = costOf("%x: tensor<4x8xf32>",
                          "%0 = remat.transpose %x perm [1, 0] : "
                          "tensor<4x8xf32> -> tensor<8x4xf32>");
  ASSERT_TRUE(transpose);
  EXPECT_FALSE(transpose.isView());
  EXPECT_EQ(transpose.bytesWritten(), 128);
}

TEST_F(CostModelTest, EmbeddingReadsOnlyGatheredRows) {
  auto cost = costOf("%t: tensor<1000x16xf32>, %ids: tensor<8xi32>",
                     "%0 = remat.embedding %t, %ids : tensor<1000x16xf32>, "
                     "tensor<8xi32> -> tensor<8x16xf32>");
  ASSERT_TRUE(cost);
  EXPECT_EQ(cost.bytesRead(), 8 * 16 * 4 + 8 * 4);
}

TEST_F(CostModelTest, ScanMultipliesBodyByLayers) {
  auto cost = costOf(
      "%h: tensor<4x8xf32>, %ws: tensor<5x8x8xf32>",
      "%0 = remat.scan mode <full> (%c = %h : tensor<4x8xf32>) over (%w = %ws "
      ": tensor<5x8x8xf32>) -> (tensor<4x8xf32>) {\n"
      "  %m = remat.matmul %c, %w : tensor<4x8xf32>, tensor<8x8xf32> -> "
      "tensor<4x8xf32>\n"
      "  %t = remat.tanh %m : tensor<4x8xf32>\n"
      "  remat.yield %t : tensor<4x8xf32>\n}");
  ASSERT_TRUE(cost);
  EXPECT_EQ(cost.flops(), 5 * (2 * 4 * 8 * 8 + 32));
}

TEST_F(CostModelTest, InferredTypesFromBuilder) {
  module = parse("func.func @f(%a: tensor<2x4x16xf32>, %b: tensor<2x16x8xf32>)"
                 " { return }");
  ASSERT_TRUE(module);
  auto func = firstOp<func::FuncOp>(*module);
  OpBuilder builder(func.getBody());
  auto matmul = MatmulOp::create(builder, func.getLoc(), func.getArgument(0),
                                 func.getArgument(1), /*transpose_a=*/false,
                                 /*transpose_b=*/false);
  EXPECT_EQ(matmul.getType(),
            RankedTensorType::get({2, 4, 8}, builder.getF32Type()));
  auto reduce = ReduceSumOp::create(builder, func.getLoc(), matmul,
                                    ArrayRef<int64_t>{1, 2},
                                    /*keep_dims=*/true);
  EXPECT_EQ(reduce.getType(),
            RankedTensorType::get({2, 1, 1}, builder.getF32Type()));
}

} // namespace
