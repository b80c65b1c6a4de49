//===- Problem.h - a rematerialization problem ------------------*- C++ -*-===//
//
// The solver layer's input: a DAG of values in a fixed schedule. It knows
// nothing of MLIR; the Analysis layer builds it from IR, tests and benchmarks
// build it directly.
//
// Schedule and memory model (see docs/solvers.md):
//  * Node i is computed at step i; step N (= size()) is the function's return,
//    which reads every output node.
//  * A value is live from the step that creates it to its last use; the
//    operands of a step are live while it runs, together with its result and
//    its scratch bytes. Resident nodes (arguments, constants) are live for the
//    whole call and are never computed, freed, recomputed or offloaded.
//  * Peak = the largest sum of live bytes at any execution.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_CORE_PROBLEM_H
#define REMAT_CORE_PROBLEM_H

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace remat {

/// Index of a node in a Problem; also the step at which it is computed.
using NodeId = int32_t;

/// A step (or anchor) index in [0, N]; N is the return.
using Step = int32_t;

/// keepLimit value meaning "no constraint".
inline constexpr Step kNoKeepLimit = std::numeric_limits<Step>::max();

/// Node::adjointOf of a node that is not part of a backward pass.
inline constexpr NodeId kNotAdjoint = -1;

/// Node::adjointOf of a backward-pass node whose forward op is no node (a
/// view op, an argument).
inline constexpr NodeId kAdjointOfUnknown = -2;

/// A solver bias from a PyTorch-style `prefer_*` mark.
enum class Preference : uint8_t { None, PreferSave, PreferRecompute };

/// One value of the schedule.
struct Node {
  /// What reports call it (an op name, a remat.name tag, a location).
  std::string name;
  /// Bytes of the value in device memory.
  int64_t bytes = 0;
  /// Bytes of the value in host memory (a result already in host memory in
  /// the input, such as an explicit remat.offload's): counted in the plan's
  /// host peak while a copy of the value lives, never against the budget.
  int64_t hostBytes = 0;
  /// Bytes of temporaries its computation allocates and frees while running.
  int64_t scratchBytes = 0;
  /// Cost of computing it once (FLOPs, or FLOP-equivalents).
  double cost = 0;
  /// Nodes it reads; each is an earlier node. Duplicates are allowed.
  std::vector<NodeId> inputs;

  /// An argument or constant: always in memory, never computed.
  bool resident = false;
  /// False for ops with side effects (e.g. random ops): never recomputed.
  bool recomputable = true;
  /// Never recomputed or offloaded (a `must_save` mark).
  bool mustSave = false;
  /// `mustSave` because it is smaller than the min-remat-bytes option (as
  /// XLA's min_remat_size): informational, for reports.
  bool belowMinRematBytes = false;
  /// May be moved to host memory and back instead of being recomputed.
  bool offloadable = false;
  /// When evicted, it goes to host memory rather than being recomputed (an
  /// offloading checkpoint policy). Implies `offloadable`.
  bool mustOffload = false;
  /// Returned by the function: live until step N.
  bool isOutput = false;
  /// Kept because a checkpoint policy says it is saveable (informational:
  /// lets reports say why a value was kept).
  bool policySaveable = false;
  /// A checkpoint policy decided this node (it lies in a remat.checkpoint
  /// region): reports give "policy" as the reason it is kept.
  bool policyGoverned = false;
  /// A `prefer_save` / `prefer_recompute` bias.
  Preference preference = Preference::None;
  /// Computed by the same op as the node before it (a side result): in the
  /// compiled code nothing runs between the two, so what a plan anchors at
  /// this step runs after it (placeAnchorsAfterSideResults, Plan.h).
  bool withPrevious = false;
  /// The copy of an argument or constant the compiled function makes at
  /// its return (such nodes end the schedule): it is made after whatever
  /// the plan runs before the return (replayAsRewritten, Plan.h).
  bool returnCopy = false;
  /// The originally computed value, and any copy made at a step <=
  /// keepLimit, may serve only uses at steps <= keepLimit; later uses need a
  /// copy recomputed or reloaded after it (a checkpoint policy or a
  /// `must_recompute` mark: "not saved for the backward pass").
  Step keepLimit = kNoKeepLimit;
  /// Limits on copies made after keepLimit (nested checkpoint regions, whose
  /// forward JAX re-runs once per nesting level), ascending: a copy made at
  /// an anchor <= `limit` serves a use after `limit` only when `saveable`;
  /// the first entry after the copy's anchor decides, and a copy that passes
  /// one serves every later use. Honoured by the policy solver; the budget
  /// solvers treat copies as unconstrained (a looser, never invalid plan).
  struct CopyLimit {
    Step limit;
    bool saveable;
  };
  std::vector<CopyLimit> copyLimits;
  /// The backward-pass role of the node: kNotAdjoint for the forward pass
  /// (and for functions without a backward pass); for a node of the
  /// backward pass (an op tagged `remat.vjp_of`), the earlier forward node
  /// whose vector-Jacobian product it helps compute, or kAdjointOfUnknown.
  /// Only the chain solver reads it (include/remat/Core/ChainPlanner.h).
  NodeId adjointOf = kNotAdjoint;
};

/// A DAG of nodes in schedule order.
class Problem {
public:
  /// Appends a node; its id is its step.
  NodeId addNode(Node node);

  const Node &node(NodeId id) const { return nodes[id]; }
  Node &node(NodeId id) { return nodes[id]; }
  const std::vector<Node> &getNodes() const { return nodes; }
  /// Number of nodes, N; step N is the return.
  int32_t size() const { return static_cast<int32_t>(nodes.size()); }

  /// For every node, the steps that read it (the return counts as step N),
  /// ascending and without duplicates. O(nodes + edges).
  std::vector<std::vector<Step>> computeUses() const;

  /// Bytes of all resident nodes.
  int64_t residentBytes() const;

  /// Checks that the problem is well formed: inputs are earlier nodes, sizes
  /// and costs are non-negative, flags agree. Returns the first problem found
  /// as a sentence naming the node, or nullopt when it is valid.
  std::optional<std::string> check() const;

  /// Cost of moving one byte to or from host memory, in the unit of
  /// Node::cost. Offloading a value costs 2 * bytes * this.
  double transferCostPerByte = 4.0;

private:
  std::vector<Node> nodes;
};

} // namespace remat

#endif // REMAT_CORE_PROBLEM_H
