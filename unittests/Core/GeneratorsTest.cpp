//===- GeneratorsTest.cpp - synthetic problems ----------------------------===//
//
// The generators must give valid, deterministic problems of the promised
// shape: sizes, a backward pass that reads forward activations, parameter
// gradients as outputs, and realistic cost ratios.
//
//===----------------------------------------------------------------------===//

#include "remat/Core/Generators.h"
#include "remat/Core/Plan.h"

#include "gtest/gtest.h"

#include <algorithm>

using namespace remat;

namespace {

/// Field-wise equality of the fields generators set.
bool sameNode(const Node &a, const Node &b) {
  return a.name == b.name && a.bytes == b.bytes &&
         a.scratchBytes == b.scratchBytes && a.cost == b.cost &&
         a.inputs == b.inputs && a.resident == b.resident &&
         a.isOutput == b.isOutput;
}

/// Node-wise equality.
bool sameProblem(const Problem &a, const Problem &b) {
  if (a.size() != b.size())
    return false;
  for (NodeId id = 0; id < a.size(); ++id)
    if (!sameNode(a.node(id), b.node(id)))
      return false;
  return true;
}

/// Number of nodes at or after `first` that read a non-resident node
/// before `first`.
int32_t readsBefore(const Problem &p, NodeId first) {
  int32_t count = 0;
  for (NodeId id = first; id < p.size(); ++id)
    for (NodeId input : p.node(id).inputs)
      if (input < first && !p.node(input).resident) {
        ++count;
        break;
      }
  return count;
}

TEST(GeneratorsTest, RandomDagShape) {
  RandomDagOptions options;
  Problem p = randomDag(42, 500, options);
  ASSERT_FALSE(p.check().has_value()) << *p.check();
  ASSERT_EQ(p.size(), 500);
  int32_t residents = 0, outputs = 0;
  for (const Node &node : p.getNodes()) {
    residents += node.resident;
    outputs += node.isOutput;
    EXPECT_GE(node.bytes, options.minBytes);
    EXPECT_LE(node.bytes, options.maxBytes);
    if (node.resident)
      continue;
    EXPECT_GE(node.inputs.size(), 1u);
    EXPECT_LE(node.inputs.size(), static_cast<size_t>(options.maxInputs));
    EXPECT_GT(node.cost, 0);
  }
  EXPECT_EQ(residents, options.numArguments);
  EXPECT_EQ(outputs, options.numOutputs);
}

TEST(GeneratorsTest, RandomDagIsDeterministic) {
  EXPECT_TRUE(sameProblem(randomDag(7, 300), randomDag(7, 300)));
  EXPECT_FALSE(sameProblem(randomDag(7, 300), randomDag(8, 300)));
}

TEST(GeneratorsTest, TrainingGraphOfAChain) {
  // x (parameter) -> a = cos(x) -> b = cos(a) -> loss = sum(b).
  Problem forward;
  Node x;
  x.name = "x";
  x.bytes = 16;
  x.resident = true;
  forward.addNode(x);
  for (const char *name : {"a", "b"}) {
    Node node;
    node.name = name;
    node.bytes = 16;
    node.cost = 4;
    node.inputs = {forward.size() - 1};
    forward.addNode(node);
  }
  Node loss;
  loss.name = "loss";
  loss.bytes = 4;
  loss.cost = 4;
  loss.inputs = {2};
  forward.addNode(loss);
  TrainingGraphOptions options;
  options.vjpReads = {VjpReads::Nothing, VjpReads::Inputs, VjpReads::Inputs,
                      VjpReads::Inputs};
  Problem p = trainingGraph(forward, options);
  ASSERT_FALSE(p.check().has_value()) << *p.check();
  // seed, then the VJPs of loss (w.r.t. b), b (w.r.t. a), a (w.r.t. x).
  ASSERT_EQ(p.size(), 8);
  EXPECT_EQ(p.node(4).inputs.size(), 0u);                   // seed
  EXPECT_EQ(p.node(5).inputs, (std::vector<NodeId>{4, 2})); // reads b
  EXPECT_EQ(p.node(6).inputs, (std::vector<NodeId>{5, 1})); // reads a
  EXPECT_EQ(p.node(7).inputs, (std::vector<NodeId>{6, 0})); // reads x
  EXPECT_TRUE(p.node(3).isOutput);                          // the loss
  EXPECT_TRUE(p.node(7).isOutput);                          // dx
  EXPECT_EQ(p.node(7).bytes, 16);
}

TEST(GeneratorsTest, TrainingGraphSumsGradientsOfSharedValues) {
  // a is read twice (by b and c): its cotangent is a sum of two VJPs.
  Problem forward;
  Node x;
  x.name = "x";
  x.bytes = 8;
  x.resident = true;
  forward.addNode(x); // 0
  auto add = [&](const char *name, std::vector<NodeId> inputs) {
    Node node;
    node.name = name;
    node.bytes = 8;
    node.cost = 1;
    node.inputs = std::move(inputs);
    return forward.addNode(node);
  };
  add("a", {0});       // 1
  add("b", {1});       // 2
  add("c", {1});       // 3
  add("loss", {2, 3}); // 4
  Problem p = trainingGraph(forward);
  ASSERT_FALSE(p.check().has_value()) << *p.check();
  int32_t sums = 0;
  for (NodeId id = forward.size(); id < p.size(); ++id)
    if (p.node(id).name.rfind("grad_sum.", 0) == 0) {
      ++sums;
      EXPECT_EQ(p.node(id).inputs.size(), 2u);
    }
  EXPECT_EQ(sums, 1);
}

TEST(GeneratorsTest, FamiliesAreValidAndDeterministic) {
  TransformerOptions t;
  t.batch = 2;
  t.sequence = 32;
  t.hidden = 32;
  t.vocabulary = 128;
  ResNetOptions r;
  r.batch = 2;
  r.imageSize = 16;
  r.channels = 8;
  UNetOptions u;
  u.batch = 2;
  u.imageSize = 32;
  u.channels = 4;
  std::vector<std::pair<Problem, Problem>> pairs;
  pairs.emplace_back(transformerTrainingGraph(1, 2, t),
                     transformerTrainingGraph(1, 2, t));
  pairs.emplace_back(resnetTrainingGraph(1, 4, r),
                     resnetTrainingGraph(1, 4, r));
  pairs.emplace_back(unetTrainingGraph(1, 3, u), unetTrainingGraph(1, 3, u));
  pairs.emplace_back(randomTrainingGraph(1, 200), randomTrainingGraph(1, 200));
  for (const auto &[p, q] : pairs) {
    ASSERT_FALSE(p.check().has_value()) << *p.check();
    EXPECT_TRUE(sameProblem(p, q));
    // The loss is a scalar output, and the backward pass reads forward
    // activations (what makes them live long).
    NodeId loss = kNoKeepLimit;
    for (NodeId id = 0; id < p.size(); ++id)
      if (p.node(id).isOutput && p.node(id).bytes == 4) {
        loss = id;
        break;
      }
    ASSERT_NE(loss, kNoKeepLimit);
    EXPECT_GT(readsBefore(p, loss + 2), 10);
    // Activations, not parameters, dominate the unconstrained peak.
    EXPECT_GT(unconstrainedProfile(p).peak, 2 * p.residentBytes());
  }
}

TEST(GeneratorsTest, TransformerScalesWithLayersAndCostsAreRealistic) {
  TransformerOptions t;
  t.batch = 2;
  t.sequence = 64;
  t.hidden = 64;
  t.vocabulary = 256;
  Problem one = transformerTrainingGraph(3, 1, t);
  Problem two = transformerTrainingGraph(3, 2, t);
  Problem three = transformerTrainingGraph(3, 3, t);
  int32_t perLayer = two.size() - one.size();
  EXPECT_GT(perLayer, 30);
  EXPECT_EQ(three.size() - two.size(), perLayer);
  // A matmul costs far more per byte than an elementwise op.
  double matmul = 0, residual = 0;
  for (const Node &node : three.getNodes()) {
    double perByte =
        node.cost / static_cast<double>(std::max<int64_t>(1, node.bytes));
    if (node.name.rfind("matmul_q", 0) == 0)
      matmul = perByte;
    if (node.name.rfind("residual", 0) == 0)
      residual = perByte;
  }
  EXPECT_GT(matmul, 10 * residual);
  EXPECT_GT(residual, 0);
}

TEST(GeneratorsTest, RandomTrainingGraphIsAboutThreeTimesTheForward) {
  Problem p = randomTrainingGraph(5, 1000);
  ASSERT_FALSE(p.check().has_value()) << *p.check();
  EXPECT_GT(p.size(), 2000);
  EXPECT_LT(p.size(), 5000);
  int32_t outputs = 0;
  for (const Node &node : p.getNodes())
    outputs += node.isOutput;
  EXPECT_GE(outputs, 2); // the loss and parameter gradients
}

} // namespace
