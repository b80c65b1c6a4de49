//===- TestGraphs.h - nodes and problems for the Core tests ------*- C++ -*-===//
//
// Builders of hand-made problems, shared by the solver and replay tests.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_UNITTESTS_CORE_TESTGRAPHS_H
#define REMAT_UNITTESTS_CORE_TESTGRAPHS_H

#include "remat/Core/Generators.h"
#include "remat/Core/Problem.h"

#include <string>
#include <utility>
#include <vector>

/// 1 in a build under AddressSanitizer, whose solves run many times slower
/// (tests that repeat or time solves allow for it), else 0.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define REMAT_TEST_UNDER_ASAN 1
#endif
#endif
#ifndef REMAT_TEST_UNDER_ASAN
#define REMAT_TEST_UNDER_ASAN 0
#endif

namespace remat::test {

/// A computed node.
inline Node computed(std::string name, int64_t bytes,
                     std::vector<NodeId> inputs, double cost = 1.0,
                     int64_t scratch = 0) {
  Node node;
  node.name = std::move(name);
  node.bytes = bytes;
  node.inputs = std::move(inputs);
  node.cost = cost;
  node.scratchBytes = scratch;
  return node;
}

/// `node`, returned by the function.
inline Node output(Node node) {
  node.isOutput = true;
  return node;
}

/// A resident argument.
inline Node argument(std::string name, int64_t bytes) {
  Node node;
  node.name = std::move(name);
  node.bytes = bytes;
  node.resident = true;
  return node;
}

/// x(arg, 4) -> a(8) -> b(8) -> c(8) -> d = c + a (8), output d; every
/// computed node costs 10.
inline Problem chainWithSkip() {
  Problem p;
  p.addNode(argument("x", 4));                     // 0
  p.addNode(computed("a", 8, {0}, 10));            // 1
  p.addNode(computed("b", 8, {1}, 10));            // 2
  p.addNode(computed("c", 8, {2}, 10));            // 3
  p.addNode(output(computed("d", 8, {3, 1}, 10))); // 4
  return p;
}

/// Node ids of a training step built by trainingChain.
struct TrainingStep {
  Problem problem;
  std::vector<NodeId> forward;  // f_0 .. f_{L-1}, then the loss
  std::vector<NodeId> gradient; // d_i, the gradient of f_{i-1} (d_0: of x)
  std::vector<NodeId> weightGradient;
};

/// x -> f_i = op(f_{i-1}, w_i) (activation bytes `act`) -> loss; backward:
/// dl, then for each layer d_i = op(d_{i+1}, f_i, w_i) (it reads its own
/// output, as tanh's VJP does) and the weight gradient g_i = op(d_{i+1},
/// f_{i-1}) (bytes `weight`), returned.
inline TrainingStep trainingChain(int layers, int64_t act, int64_t weight) {
  TrainingStep s;
  Problem &p = s.problem;
  NodeId x = p.addNode(argument("x", act));
  std::vector<NodeId> w;
  for (int i = 0; i < layers; ++i)
    w.push_back(p.addNode(argument("w" + std::to_string(i), weight)));
  NodeId prev = x;
  for (int i = 0; i < layers; ++i) {
    prev = p.addNode(computed("f" + std::to_string(i), act, {prev, w[i]}, 10));
    s.forward.push_back(prev);
  }
  NodeId loss = p.addNode(output(computed("loss", 4, {prev}, 1)));
  s.forward.push_back(loss);
  Node seed = computed("dl", act, {loss}, 1);
  seed.adjointOf = loss;
  NodeId grad = p.addNode(seed);
  s.gradient.assign(layers + 1, -1);
  s.weightGradient.assign(layers, -1);
  for (int i = layers - 1; i >= 0; --i) {
    NodeId input = i == 0 ? x : s.forward[i - 1];
    Node g =
        output(computed("g" + std::to_string(i), weight, {grad, input}, 10));
    g.adjointOf = s.forward[i];
    s.weightGradient[i] = p.addNode(g);
    Node d =
        computed("d" + std::to_string(i), act, {grad, s.forward[i], w[i]}, 10);
    d.adjointOf = s.forward[i];
    if (i == 0)
      d.isOutput = true;
    grad = p.addNode(d);
    s.gradient[i] = grad;
  }
  return s;
}

/// Two values v (100 bytes, cost 5) and w (200 bytes, cost 3) are read at
/// once and again at the end, across t, a 300-byte temporary read by k:
/// keeping all peaks at 610 bytes. Under 460 one of them must leave: w
/// alone frees enough, v alone does not, so the optimum recomputes w, for
/// 3. Below 310 (x and t at t's step) nothing fits.
inline Problem twoIndependentValues() {
  Problem p;
  p.addNode(argument("x", 10));                         // 0
  p.addNode(computed("v", 100, {0}, 5));                // 1
  p.addNode(computed("w", 200, {0}, 3));                // 2
  p.addNode(computed("u", 0, {1, 2}, 1));               // 3: the early read
  p.addNode(computed("t", 300, {0}, 1));                // 4
  p.addNode(computed("k", 0, {4}, 1));                  // 5
  p.addNode(output(computed("o", 0, {1, 2, 5, 3}, 1))); // 6
  return p;
}

/// Generated training steps of four families, small enough for many solves
/// but with realistic shapes (activations dominate the peak).
inline std::vector<Problem> trainingFamilies() {
  std::vector<Problem> problems;
  problems.push_back(randomTrainingGraph(2, 150));
  TransformerOptions t;
  t.batch = 4;
  t.sequence = 256;
  t.hidden = 256;
  t.vocabulary = 1024;
  problems.push_back(transformerTrainingGraph(3, 4, t));
  problems.push_back(resnetTrainingGraph(4, 6));
  problems.push_back(unetTrainingGraph(5, 3));
  return problems;
}

} // namespace remat::test

#endif // REMAT_UNITTESTS_CORE_TESTGRAPHS_H
