//===- Generators.cpp - synthetic rematerialization problems --------------===//

#include "remat/Core/Generators.h"

#include <algorithm>
#include <random>
#include <string>

using namespace remat;

namespace {

constexpr int64_t kFloatBytes = 4;

/// Uniform integer in [lo, hi].
int64_t uniformInt(std::mt19937_64 &rng, int64_t lo, int64_t hi) {
  return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
}

/// Uniform real in [lo, hi).
double uniformReal(std::mt19937_64 &rng, double lo, double hi) {
  return std::uniform_real_distribution<double>(lo, hi)(rng);
}

/// The distinct inputs of `node`, ascending.
std::vector<NodeId> uniqueInputs(const Node &node) {
  std::vector<NodeId> inputs = node.inputs;
  std::sort(inputs.begin(), inputs.end());
  inputs.erase(std::unique(inputs.begin(), inputs.end()), inputs.end());
  return inputs;
}

/// Builds a forward graph op by op, remembering each op's VJP reads and the
/// parameters, then derives the training graph.
class ForwardBuilder {
public:
  explicit ForwardBuilder(uint64_t seed) : rng(seed) {}

  /// A resident argument; parameters get gradients.
  NodeId argument(const std::string &name, int64_t bytes, bool parameter) {
    Node node;
    node.name = name;
    node.bytes = bytes;
    node.resident = true;
    NodeId id = forward.addNode(std::move(node));
    vjp.push_back(VjpReads::Nothing);
    if (parameter)
      parameters.push_back(id);
    return id;
  }

  /// An op of `elements` f32 results costing `flops` (jittered by +-5%).
  NodeId op(const std::string &name, int64_t elements, double flops,
            std::vector<NodeId> inputs, VjpReads reads) {
    Node node;
    node.name = name + "." + std::to_string(forward.size());
    node.bytes = elements * kFloatBytes;
    node.cost = flops * uniformReal(rng, 0.95, 1.05);
    node.inputs = std::move(inputs);
    vjp.push_back(reads);
    return forward.addNode(std::move(node));
  }

  /// The training graph of what was built; the last op must be the loss.
  Problem finish() const {
    TrainingGraphOptions options;
    options.vjpReads = vjp;
    options.parameters = parameters;
    return trainingGraph(forward, options);
  }

private:
  std::mt19937_64 rng;
  Problem forward;
  std::vector<VjpReads> vjp;
  std::vector<NodeId> parameters;
};

/// Appends the backward pass; see trainingGraph's comment.
class BackwardBuilder {
public:
  BackwardBuilder(const Problem &forward, const TrainingGraphOptions &options)
      : forward(forward), options(options), graph(forward),
        contributions(forward.size()), isParameter(forward.size(), 0) {
    for (NodeId id = 0; id < forward.size(); ++id)
      graph.node(id).isOutput = false;
    if (options.parameters.empty()) {
      for (NodeId id = 0; id < forward.size(); ++id)
        isParameter[id] = forward.node(id).resident;
    } else {
      for (NodeId id : options.parameters)
        isParameter[id] = 1;
    }
  }

  Problem run();

private:
  VjpReads readsOf(NodeId id) const {
    return options.vjpReads.empty() ? VjpReads::Inputs : options.vjpReads[id];
  }
  bool needsGradient(NodeId id) const {
    return forward.node(id).resident ? isParameter[id] != 0 : true;
  }
  /// The cotangent of `id`: its only contribution, or their sum.
  NodeId cotangent(NodeId id);
  void differentiate(NodeId id);

  const Problem &forward;
  const TrainingGraphOptions &options;
  Problem graph;
  std::vector<std::vector<NodeId>> contributions;
  std::vector<uint8_t> isParameter;
};

} // namespace

NodeId BackwardBuilder::cotangent(NodeId id) {
  const std::vector<NodeId> &parts = contributions[id];
  if (parts.size() == 1)
    return parts.front();
  Node sum;
  sum.name = "grad_sum." + forward.node(id).name;
  sum.bytes = forward.node(id).bytes;
  sum.cost = static_cast<double>(sum.bytes / kFloatBytes) *
             static_cast<double>(parts.size() - 1);
  sum.inputs = parts;
  return graph.addNode(std::move(sum));
}

void BackwardBuilder::differentiate(NodeId id) {
  const Node &node = forward.node(id);
  NodeId ct = cotangent(id);
  std::vector<NodeId> operands = uniqueInputs(node);
  VjpReads reads = readsOf(id);
  for (NodeId operand : operands) {
    if (!needsGradient(operand))
      continue;
    if (reads == VjpReads::Nothing) {
      // The VJP of add or reshape passes the cotangent through.
      contributions[operand].push_back(ct);
      continue;
    }
    Node grad;
    grad.name = "grad." + node.name + "." + std::to_string(operand);
    grad.bytes = forward.node(operand).bytes;
    grad.cost = node.cost * options.vjpCostFactor;
    grad.inputs.push_back(ct);
    bool readsInputs =
        reads == VjpReads::Inputs || reads == VjpReads::InputsAndOutput;
    for (NodeId other : operands) {
      bool self = other == operand;
      if (reads == VjpReads::AllInputs ||
          (readsInputs && (!self || operands.size() == 1)))
        grad.inputs.push_back(other);
    }
    if (reads == VjpReads::Output || reads == VjpReads::InputsAndOutput)
      grad.inputs.push_back(id);
    contributions[operand].push_back(graph.addNode(std::move(grad)));
  }
}

Problem BackwardBuilder::run() {
  if (forward.size() == 0)
    return graph;
  NodeId loss = forward.size() - 1;
  graph.node(loss).isOutput = true;
  Node seed;
  seed.name = "grad_seed";
  seed.bytes = forward.node(loss).bytes;
  seed.cost = 1;
  contributions[loss].push_back(graph.addNode(std::move(seed)));
  for (NodeId id = loss; id >= 0; --id)
    if (!forward.node(id).resident && !contributions[id].empty())
      differentiate(id);
  for (NodeId id = 0; id < forward.size(); ++id)
    if (forward.node(id).resident && isParameter[id] &&
        !contributions[id].empty())
      graph.node(cotangent(id)).isOutput = true;
  return graph;
}

Problem remat::trainingGraph(const Problem &forward,
                             const TrainingGraphOptions &options) {
  return BackwardBuilder(forward, options).run();
}

Problem remat::randomDag(uint64_t seed, int32_t numNodes,
                         const RandomDagOptions &options) {
  std::mt19937_64 rng(seed);
  Problem problem;
  int32_t numArguments = std::min(options.numArguments, numNodes);
  for (int32_t i = 0; i < numArguments; ++i) {
    Node node;
    node.name = "arg" + std::to_string(i);
    node.bytes = uniformInt(rng, options.minBytes / kFloatBytes,
                            options.maxBytes / kFloatBytes) *
                 kFloatBytes;
    node.resident = true;
    problem.addNode(std::move(node));
  }
  int32_t width = std::max(1, options.layerWidth);
  for (NodeId id = numArguments; id < numNodes; ++id) {
    int32_t layer = (id - numArguments) / width;
    Node node;
    int64_t elements = uniformInt(rng, options.minBytes / kFloatBytes,
                                  options.maxBytes / kFloatBytes);
    node.bytes = elements * kFloatBytes;
    bool heavy = uniformReal(rng, 0, 1) < options.heavyFraction;
    node.cost = static_cast<double>(elements) *
                (heavy ? uniformReal(rng, 64, 512) : uniformReal(rng, 1, 4));
    node.name = (heavy ? "matmul" : "ew") + std::to_string(id);
    int64_t count = uniformInt(rng, 1, std::max(1, options.maxInputs));
    for (int64_t k = 0; k < count; ++k) {
      bool longEdge =
          layer == 0 || uniformReal(rng, 0, 1) < options.longEdgeProbability;
      if (longEdge) {
        node.inputs.push_back(static_cast<NodeId>(uniformInt(rng, 0, id - 1)));
        continue;
      }
      int64_t back = uniformInt(
          rng, 1,
          std::min<int64_t>(layer, std::max(1, options.maxLayerDistance)));
      int64_t first = numArguments + (layer - back) * width;
      node.inputs.push_back(
          static_cast<NodeId>(uniformInt(rng, first, first + width - 1)));
    }
    problem.addNode(std::move(node));
  }
  int32_t outputs = std::min(options.numOutputs, numNodes - numArguments);
  for (int32_t k = 0; k < outputs; ++k)
    problem.node(numNodes - 1 - k).isOutput = true;
  return problem;
}

Problem remat::randomTrainingGraph(uint64_t seed, int32_t numForwardNodes) {
  RandomDagOptions options;
  options.numOutputs = 0;
  Problem forward = randomDag(seed, std::max(1, numForwardNodes - 1), options);
  // The loss sums every value nothing else reads, so all get cotangents.
  std::vector<uint8_t> used(forward.size(), 0);
  for (const Node &node : forward.getNodes())
    for (NodeId input : node.inputs)
      used[input] = 1;
  Node loss;
  loss.name = "loss";
  loss.bytes = kFloatBytes;
  for (NodeId id = 0; id < forward.size(); ++id)
    if (!used[id] && !forward.node(id).resident) {
      loss.inputs.push_back(id);
      loss.cost += static_cast<double>(forward.node(id).bytes / kFloatBytes);
    }
  forward.addNode(std::move(loss));
  // VJP reads drawn per node: matmul-like nodes read their operands,
  // elementwise ones any of the kinds.
  std::mt19937_64 rng(seed ^ 0x9e3779b97f4a7c15ULL);
  TrainingGraphOptions training;
  for (const Node &node : forward.getNodes()) {
    if (node.resident || node.name == "loss") {
      training.vjpReads.push_back(VjpReads::Nothing);
      continue;
    }
    bool heavy = node.name.compare(0, 6, "matmul") == 0;
    static constexpr VjpReads kinds[] = {VjpReads::Nothing, VjpReads::Inputs,
                                         VjpReads::Output,
                                         VjpReads::InputsAndOutput};
    training.vjpReads.push_back(heavy ? VjpReads::Inputs
                                      : kinds[uniformInt(rng, 0, 3)]);
  }
  return trainingGraph(forward, training);
}

Problem remat::transformerTrainingGraph(uint64_t seed, int32_t layers,
                                        const TransformerOptions &options) {
  ForwardBuilder b(seed);
  const int64_t B = options.batch, S = options.sequence, H = options.hidden,
                A = options.heads, V = options.vocabulary;
  const int64_t tokens = B * S, act = tokens * H;
  const double matmulHH = 2.0 * tokens * H * H;
  NodeId ids = b.argument("tokens", tokens * kFloatBytes, false);
  NodeId table = b.argument("embedding", V * H * kFloatBytes, true);
  NodeId x = b.op("embed", act, act, {ids, table}, VjpReads::Inputs);
  for (int32_t l = 0; l < layers; ++l) {
    std::string p = "l" + std::to_string(l) + ".";
    NodeId g1 = b.argument(p + "ln1", H * kFloatBytes, true);
    NodeId wq = b.argument(p + "wq", H * H * kFloatBytes, true);
    NodeId wk = b.argument(p + "wk", H * H * kFloatBytes, true);
    NodeId wv = b.argument(p + "wv", H * H * kFloatBytes, true);
    NodeId wo = b.argument(p + "wo", H * H * kFloatBytes, true);
    NodeId g2 = b.argument(p + "ln2", H * kFloatBytes, true);
    NodeId w1 = b.argument(p + "w1", 4 * H * H * kFloatBytes, true);
    NodeId w2 = b.argument(p + "w2", 4 * H * H * kFloatBytes, true);
    NodeId ln1 =
        b.op("layer_norm", act, 8.0 * act, {x, g1}, VjpReads::InputsAndOutput);
    NodeId q = b.op("matmul_q", act, matmulHH, {ln1, wq}, VjpReads::Inputs);
    NodeId k = b.op("matmul_k", act, matmulHH, {ln1, wk}, VjpReads::Inputs);
    NodeId v = b.op("matmul_v", act, matmulHH, {ln1, wv}, VjpReads::Inputs);
    const int64_t scores = B * A * S * S;
    NodeId s =
        b.op("scores", scores, 2.0 * tokens * S * H, {q, k}, VjpReads::Inputs);
    NodeId probs = b.op("softmax", scores, 5.0 * scores, {s}, VjpReads::Output);
    NodeId ctx = b.op("context", act, 2.0 * tokens * S * H, {probs, v},
                      VjpReads::Inputs);
    NodeId attn = b.op("matmul_o", act, matmulHH, {ctx, wo}, VjpReads::Inputs);
    x = b.op("residual", act, act, {x, attn}, VjpReads::Nothing);
    NodeId ln2 =
        b.op("layer_norm", act, 8.0 * act, {x, g2}, VjpReads::InputsAndOutput);
    NodeId up =
        b.op("mlp_up", 4 * act, 4 * matmulHH, {ln2, w1}, VjpReads::Inputs);
    NodeId gelu = b.op("gelu", 4 * act, 8.0 * 4 * act, {up}, VjpReads::Inputs);
    NodeId down =
        b.op("mlp_down", act, 4 * matmulHH, {gelu, w2}, VjpReads::Inputs);
    x = b.op("residual", act, act, {x, down}, VjpReads::Nothing);
  }
  NodeId gf = b.argument("ln_final", H * kFloatBytes, true);
  NodeId lnf =
      b.op("layer_norm", act, 8.0 * act, {x, gf}, VjpReads::InputsAndOutput);
  NodeId logits = b.op("logits", tokens * V, 2.0 * tokens * H * V, {lnf, table},
                       VjpReads::Inputs);
  b.op("cross_entropy", 1, 5.0 * tokens * V, {logits, ids},
       VjpReads::AllInputs);
  return b.finish();
}

Problem remat::resnetTrainingGraph(uint64_t seed, int32_t blocks,
                                   const ResNetOptions &options) {
  ForwardBuilder b(seed);
  int64_t n = options.batch, hw = options.imageSize, c = options.channels;
  auto conv = [&](const std::string &name, NodeId in, int64_t cin, int64_t cout,
                  int64_t kernel, int64_t outHw) {
    NodeId w = b.argument(name + ".w",
                          cin * cout * kernel * kernel * kFloatBytes, true);
    int64_t out = n * cout * outHw * outHw;
    return b.op(name, out, 2.0 * out * cin * kernel * kernel, {in, w},
                VjpReads::Inputs);
  };
  auto bn = [&](const std::string &name, NodeId in, int64_t ch, int64_t h) {
    NodeId gamma = b.argument(name + ".gamma", 2 * ch * kFloatBytes, true);
    int64_t out = n * ch * h * h;
    return b.op(name, out, 10.0 * out, {in, gamma}, VjpReads::InputsAndOutput);
  };
  auto relu = [&](NodeId in, int64_t elements) {
    return b.op("relu", elements, elements, {in}, VjpReads::Output);
  };
  NodeId image = b.argument("image", n * 3 * hw * hw * kFloatBytes, false);
  NodeId labels = b.argument("labels", n * kFloatBytes, false);
  NodeId x = relu(bn("stem_bn", conv("stem", image, 3, c, 7, hw), c, hw),
                  n * c * hw * hw);
  for (int32_t k = 0; k < blocks; ++k) {
    std::string p = "b" + std::to_string(k);
    bool down = k > 0 && k % std::max(1, options.blocksPerStage) == 0 && hw > 7;
    int64_t outHw = down ? hw / 2 : hw,
            outC = down ? std::min<int64_t>(2 * c, 2048) : c;
    NodeId y = relu(
        bn(p + ".bn1", conv(p + ".conv1", x, c, outC, 3, outHw), outC, outHw),
        n * outC * outHw * outHw);
    y = bn(p + ".bn2", conv(p + ".conv2", y, outC, outC, 3, outHw), outC,
           outHw);
    NodeId skip =
        down || outC != c ? conv(p + ".proj", x, c, outC, 1, outHw) : x;
    int64_t elements = n * outC * outHw * outHw;
    x = relu(b.op("add", elements, elements, {y, skip}, VjpReads::Nothing),
             elements);
    hw = outHw;
    c = outC;
  }
  NodeId pooled =
      b.op("avg_pool", n * c, n * c * hw * hw, {x}, VjpReads::Nothing);
  NodeId fc = b.argument("fc.w", c * 1000 * kFloatBytes, true);
  NodeId logits =
      b.op("fc", n * 1000, 2.0 * n * c * 1000, {pooled, fc}, VjpReads::Inputs);
  b.op("cross_entropy", 1, 5.0 * n * 1000, {logits, labels},
       VjpReads::AllInputs);
  return b.finish();
}

Problem remat::unetTrainingGraph(uint64_t seed, int32_t depth,
                                 const UNetOptions &options) {
  ForwardBuilder b(seed);
  int64_t n = options.batch;
  auto sizeAt = [&](int32_t level) {
    return std::max<int64_t>(1, options.imageSize >> level);
  };
  auto channelsAt = [&](int32_t level) {
    return options.channels << std::min(level, 5);
  };
  auto convRelu = [&](const std::string &name, NodeId in, int64_t cin,
                      int64_t cout, int64_t hw) {
    NodeId w = b.argument(name + ".w", cin * cout * 9 * kFloatBytes, true);
    int64_t out = n * cout * hw * hw;
    NodeId y = b.op(name, out, 2.0 * out * cin * 9, {in, w}, VjpReads::Inputs);
    return b.op("relu", out, out, {y}, VjpReads::Output);
  };
  NodeId image =
      b.argument("image", n * 3 * sizeAt(0) * sizeAt(0) * kFloatBytes, false);
  NodeId target =
      b.argument("target", n * sizeAt(0) * sizeAt(0) * kFloatBytes, false);
  std::vector<NodeId> skips;
  NodeId x = image;
  int64_t cin = 3;
  for (int32_t level = 0; level < depth; ++level) {
    std::string p = "down" + std::to_string(level);
    int64_t hw = sizeAt(level), ch = channelsAt(level);
    x = convRelu(p + ".conv2", convRelu(p + ".conv1", x, cin, ch, hw), ch, ch,
                 hw);
    skips.push_back(x);
    int64_t pooled = n * ch * sizeAt(level + 1) * sizeAt(level + 1);
    x = b.op("max_pool", pooled, 4.0 * pooled, {x}, VjpReads::InputsAndOutput);
    cin = ch;
  }
  int64_t bottomHw = sizeAt(depth), bottomCh = channelsAt(depth);
  x = convRelu("bottom.conv2",
               convRelu("bottom.conv1", x, cin, bottomCh, bottomHw), bottomCh,
               bottomCh, bottomHw);
  cin = bottomCh;
  for (int32_t level = depth - 1; level >= 0; --level) {
    std::string p = "up" + std::to_string(level);
    int64_t hw = sizeAt(level), ch = channelsAt(level);
    int64_t upElements = n * cin * hw * hw;
    NodeId up =
        b.op("upsample", upElements, upElements, {x}, VjpReads::Nothing);
    int64_t catElements = upElements + n * ch * hw * hw;
    NodeId cat = b.op("concat", catElements, catElements, {up, skips[level]},
                      VjpReads::Nothing);
    x = convRelu(p + ".conv2", convRelu(p + ".conv1", cat, cin + ch, ch, hw),
                 ch, ch, hw);
    cin = ch;
  }
  NodeId head = b.argument("head.w", cin * kFloatBytes, true);
  int64_t pixels = n * sizeAt(0) * sizeAt(0);
  NodeId out =
      b.op("head", pixels, 2.0 * pixels * cin, {x, head}, VjpReads::Inputs);
  b.op("mse", 1, 3.0 * pixels, {out, target}, VjpReads::AllInputs);
  return b.finish();
}
