//===- Generators.h - synthetic rematerialization problems ------*- C++ -*-===//
//
// Deterministic problem generators for tests and benchmarks: the same seed
// gives the same problem (std::mt19937_64, no global state). Sizes are bytes
// of f32 tensors and costs are FLOPs, so ratios are realistic: a matmul or a
// convolution costs far more per byte than an elementwise op.
//
//  * randomDag: a layered random DAG, the solvers' stress test.
//  * trainingGraph: appends a synthetic backward pass to a forward DAG whose
//    last node is a scalar loss, with VJPs reading forward values as real
//    ones do; forward activations then live until their backward use.
//  * transformer, ResNet, U-Net and random training graphs built on it.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_CORE_GENERATORS_H
#define REMAT_CORE_GENERATORS_H

#include "remat/Core/Problem.h"

#include <cstdint>
#include <vector>

namespace remat {

/// Shape of a randomDag.
struct RandomDagOptions {
  /// Resident arguments, created first.
  int32_t numArguments = 4;
  /// Nodes per layer; inputs come from earlier layers.
  int32_t layerWidth = 8;
  /// Inputs come from the previous `maxLayerDistance` layers...
  int32_t maxLayerDistance = 3;
  /// ...except with this probability, from any earlier node (a long skip).
  double longEdgeProbability = 0.05;
  /// Each node reads between 1 and maxInputs earlier nodes.
  int32_t maxInputs = 3;
  /// Node sizes are uniform in [minBytes, maxBytes].
  int64_t minBytes = 1024;
  int64_t maxBytes = 64 * 1024;
  /// Share of nodes that are matmul-like (cost ~ 64 to 512 FLOPs per output
  /// element); the others are elementwise (1 to 4 FLOPs per element).
  double heavyFraction = 0.2;
  /// Nodes marked as outputs, taken from the last layer.
  int32_t numOutputs = 3;
};

/// A random layered DAG of exactly `numNodes` nodes (arguments included).
Problem randomDag(uint64_t seed, int32_t numNodes,
                  const RandomDagOptions &options = {});

/// What the vector-Jacobian product of a forward node reads besides the
/// cotangent of its result.
enum class VjpReads : uint8_t {
  /// add, sub, reshape, concat: nothing.
  Nothing,
  /// matmul, mul, conv: the other operands (the operand itself for a unary
  /// op such as cos).
  Inputs,
  /// cross_entropy: every operand, the differentiated one included.
  AllInputs,
  /// relu, exp, tanh, softmax: the forward result.
  Output,
  /// layer_norm, batch_norm, gelu: operands and result.
  InputsAndOutput,
};

/// How trainingGraph builds the backward pass.
struct TrainingGraphOptions {
  /// Per forward node; empty means Inputs for every node.
  std::vector<VjpReads> vjpReads;
  /// Resident forward nodes that get gradients; empty means every resident
  /// node (all arguments are parameters).
  std::vector<NodeId> parameters;
  /// Cost of one VJP (per operand) relative to the forward node's cost.
  double vjpCostFactor = 1.0;
};

/// Appends a backward pass to `forward`, whose last node must be a scalar
/// loss. For each forward node, in reverse order, the cotangent of its
/// result is the sum of its users' contributions (a sum node when there are
/// several); for each operand that needs a gradient, a VJP node reads that
/// cotangent and the forward values `vjpReads` names. Parameter gradients
/// and the loss are the outputs; other forward outputs are cleared.
Problem trainingGraph(const Problem &forward,
                      const TrainingGraphOptions &options = {});

/// Dimensions of a transformerTrainingGraph.
struct TransformerOptions {
  int64_t batch = 8;
  int64_t sequence = 512;
  int64_t hidden = 512;
  int64_t heads = 8;
  int64_t vocabulary = 8192;
};

/// A decoder-only transformer's training step: embedding, `layers` blocks of
/// layer norm, attention (q/k/v matmuls, scores, softmax, context, output
/// projection), residual add, layer norm, MLP (up matmul, gelu, down matmul)
/// and residual add, then a final norm, logits and a cross-entropy loss.
/// The seed jitters costs by a few percent.
Problem transformerTrainingGraph(uint64_t seed, int32_t layers,
                                 const TransformerOptions &options = {});

/// Dimensions of a resnetTrainingGraph.
struct ResNetOptions {
  int64_t batch = 32;
  int64_t imageSize = 56;
  int64_t channels = 64;
  /// Blocks per stage; each later stage halves the image and doubles the
  /// channels.
  int32_t blocksPerStage = 3;
};

/// A ResNet's training step: `blocks` basic blocks (conv, batch norm, relu,
/// conv, batch norm, skip add, relu), then pooling, a classifier and a loss.
Problem resnetTrainingGraph(uint64_t seed, int32_t blocks,
                            const ResNetOptions &options = {});

/// Dimensions of a unetTrainingGraph.
struct UNetOptions {
  int64_t batch = 8;
  int64_t imageSize = 256;
  int64_t channels = 32;
};

/// A U-Net's training step: `depth` levels down (two conv+relu, then a
/// pool), a bottleneck, and `depth` levels up (upsample, concatenate the
/// long skip from the same level, two conv+relu), then an MSE loss.
Problem unetTrainingGraph(uint64_t seed, int32_t depth,
                          const UNetOptions &options = {});

/// randomDag of `numForwardNodes` nodes plus a scalar loss reading its
/// sinks, with a backward pass: about three times as many nodes in all.
Problem randomTrainingGraph(uint64_t seed, int32_t numForwardNodes);

} // namespace remat

#endif // REMAT_CORE_GENERATORS_H
