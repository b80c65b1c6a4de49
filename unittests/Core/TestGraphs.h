//===- TestGraphs.h - nodes and problems for the Core tests ------*- C++ -*-===//
//
// Builders of hand-made problems, shared by the solver and replay tests.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_UNITTESTS_CORE_TESTGRAPHS_H
#define REMAT_UNITTESTS_CORE_TESTGRAPHS_H

#include "remat/Core/Problem.h"

#include <string>
#include <utility>
#include <vector>

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

} // namespace remat::test

#endif // REMAT_UNITTESTS_CORE_TESTGRAPHS_H
