//===- ChainPlanner.h - a training step as a heterogeneous chain -*- C++ -*-===//
//
// The bridge between a Problem and the Rotor dynamic programme of
// ChainSolver.h, behind `solveChain` (Solvers.h):
//
//  1. mapProblemToChain: detect that the problem is a chain of layers and
//     describe it as a HeterogeneousChain.
//  2. solveHeterogeneousChain under a chain budget.
//  3. chainScheduleToPlan: recompute what the schedule recomputes, keep what
//     it stores, as a Plan that verifyPlan replays like any other.
//
// When a problem is a chain (docs/solvers.md, "chain"):
//  * The forward nodes (not resident, Node::adjointOf == kNotAdjoint) all
//    come before the backward nodes (adjointOf set).
//  * A cut is a forward node c such that no later read (a forward node's, or
//    a backward node's, counted at the position of the forward node it is
//    the adjoint of) reaches a forward node before c. The first forward node
//    and the last are cuts. Layer i is the forward nodes after cut i-1 up to
//    and including cut i: each reads only its own layer, cut i-1 (its input
//    a_i) and resident values.
//  * Each backward node belongs to the layer of the forward node it is the
//    adjoint of (a node of unknown adjoint, to the layer of the backward
//    node before it); the layers' backward nodes run in descending layer
//    order, and read only backward nodes, resident values, their layer's
//    forward nodes and its input.
//  * No node is constrained by a checkpoint policy or mark that the chain
//    model cannot honour (a keep limit, must-offload).
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_CORE_CHAINPLANNER_H
#define REMAT_CORE_CHAINPLANNER_H

#include "remat/Core/ChainSolver.h"
#include "remat/Core/Plan.h"
#include "remat/Core/Problem.h"
#include "remat/Core/Solvers.h"

#include <optional>
#include <string>
#include <vector>

namespace remat {

/// A problem seen as a heterogeneous chain.
struct ChainMapping {
  /// Empty when the problem is a chain; else why not, as a sentence.
  std::string error;
  /// The node that breaks the chain, or -1 (the whole function).
  NodeId culprit = -1;

  /// The chain: per layer, the (weighted) cost of recomputing it, the cost
  /// of its backward nodes, the bytes of its input cut (0 for layer 0, whose
  /// input is resident), of the forward nodes its backward reads and of its
  /// backward nodes the function returns (persistent: parameter gradients).
  HeterogeneousChain chain;
  /// Layer of each node: forward and backward nodes; -1 for resident ones.
  std::vector<int32_t> layerOf;
  /// The last forward node of each layer (its output a_{i+1}).
  std::vector<NodeId> cuts;
  /// Forward nodes a Forward of each layer recomputes: those its output
  /// needs, ascending (nodes that cannot be recomputed are never listed:
  /// their original copy serves every read).
  std::vector<std::vector<NodeId>> advanceNodes;
  /// Forward nodes a ForwardStoreAll of each layer recomputes for the
  /// layer's backward (without its output, unless the backward reads it).
  std::vector<std::vector<NodeId>> storeNodes;
  /// anchors[i]: the step before which the recomputations for layer i's
  /// backward run (its first backward node, or the next one's; N at most).
  std::vector<Step> anchors;
  /// Number of cuts before merging to SolverOptions::chainMaxLayers.
  int32_t unmergedLayers = 0;

  bool ok() const { return error.empty(); }
  int32_t numLayers() const { return static_cast<int32_t>(cuts.size()); }
};

/// Detects whether `problem` (which must pass check()) is a chain, merging
/// layers beyond `maxLayers` (>= 2). Linear in the problem's size.
ChainMapping mapProblemToChain(const Problem &problem, int32_t maxLayers);

/// The plan of a feasible `schedule` of `mapping.chain`: the first
/// traversal is the problem's own forward pass; every later Forward or
/// ForwardStoreAll of a layer recomputes its nodes before the anchor of the
/// layer whose backward comes next. Copies nothing reads are then dropped
/// (the chain model runs whole layers). Empty `error` on success.
struct ChainPlan {
  std::string error;
  Plan plan;
};
ChainPlan chainScheduleToPlan(const Problem &problem,
                              const ChainMapping &mapping,
                              const ChainSchedule &schedule);

/// What auto and the search ask: when `problem` is a chain and nothing in
/// it may be offloaded, solveChain's result on the chain merged to at most
/// options.autoChainMaxLayers layers; nullopt otherwise.
std::optional<SolveResult>
solveChainIfApplicable(const Problem &problem, const SolverOptions &options);

} // namespace remat

#endif // REMAT_CORE_CHAINPLANNER_H
