//===- ChainSolver.h - optimal checkpointing of chains ----------*- C++ -*-===//
//
// Two solvers for the backward pass of a chain of steps (a scan over layers),
// as free functions over a chain description with a check() (docs/solvers.md,
// "Chain solver"):
//
//  * Homogeneous chains: Griewank and Walther's Revolve (ACM TOMS 26(1),
//    2000). l identical steps, s checkpoint slots; the schedule is optimal and
//    its number of forward steps is the closed form t(l, s).
//  * Heterogeneous chains: the dynamic programme of Beaumont, Eyraud-Dubois,
//    Herrmann, Joly and Shilova ("Optimal checkpointing for heterogeneous
//    chains: how to train deep neural networks with limited memory", 2019,
//    the Rotor tool): per-layer costs and sizes under a memory budget; each
//    layer either stores only its input and is recomputed, or runs "storing
//    all" its internals before its backward.
//
// Plain C++17; nothing here knows about MLIR or about Problem/Plan.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_CORE_CHAINSOLVER_H
#define REMAT_CORE_CHAINSOLVER_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace remat {

//===----------------------------------------------------------------------===//
// Homogeneous chains: Revolve
//===----------------------------------------------------------------------===//

/// A chain of `steps` identical steps F_0 ... F_{l-1}, F_i mapping state x_i
/// to x_{i+1}, reversed with `slots` checkpoint slots. x_0 is always stored
/// and occupies one of the slots; the current state is not in a slot.
struct HomogeneousChain {
  /// l >= 1.
  int64_t steps = 0;
  /// s >= 1 (slot 0 holds x_0).
  int64_t slots = 0;

  /// The longest chain Revolve accepts (a schedule has a few 12-byte
  /// actions per step).
  static constexpr int64_t kMaxSteps = int64_t(1) << 22;

  /// Nullopt when the chain is valid, else why not, as a sentence.
  std::optional<std::string> check() const;
};

/// One action of a Revolve schedule, as Griewank and Walther name them.
enum class RevolveAction : uint8_t {
  /// Run forward steps, without taping, from the current state to x_state.
  Advance,
  /// Store the current state (x_state) in `slot`.
  TakeShot,
  /// Make x_state, held in `slot`, the current state.
  Restore,
  /// Run the last step F_{l-1} taped and its adjoint (current state x_{l-1}).
  FirstTurn,
  /// Run step F_state taped and its adjoint (current state x_state).
  YouTurn,
};

/// An action with its operands.
struct RevolveStep {
  RevolveAction action;
  /// Advance: the state reached. TakeShot/Restore: the state stored in or
  /// read from `slot`. FirstTurn/YouTurn: the step reversed.
  int32_t state;
  /// TakeShot/Restore: the slot, in [0, slots); else -1.
  int32_t slot;
};

/// An optimal Revolve schedule.
struct RevolveSchedule {
  /// Empty when `actions` is valid; else why the chain was rejected.
  std::string error;
  /// Starts with TakeShot(x_0, slot 0); reverses F_{l-1} ... F_0 in order.
  std::vector<RevolveStep> actions;
  /// Forward steps run by Advance actions, which is t(l, s). The l taped
  /// forward steps of the turns are not counted: the total number of forward
  /// evaluations is forwardSteps + l.
  int64_t forwardSteps = 0;
  /// The repetition number r: no step is advanced more than r times.
  int64_t repetitions = 0;
  bool ok() const { return error.empty(); }
};

/// The repetition number r(l, s): the least r with C(s + r, s) >= l.
/// Requires chain.check() to pass.
int64_t revolveRepetitions(const HomogeneousChain &chain);

/// The closed form t(l, s) = r*l - C(s + r, s + 1), r = r(l, s): the fewest
/// Advance steps that reverse l steps with s slots (taped steps excluded).
/// Computed without overflow for every chain that passes check().
int64_t revolveForwardSteps(const HomogeneousChain &chain);

/// An optimal schedule for `chain` (O(l) actions, O(l r) time), or the
/// check() error. Never holds more than `slots` checkpoints.
RevolveSchedule solveRevolve(const HomogeneousChain &chain);

//===----------------------------------------------------------------------===//
// Heterogeneous chains: the Rotor dynamic programme
//===----------------------------------------------------------------------===//

/// A chain of L layers, layer i mapping activation a_i to a_{i+1}; its
/// backward B_i maps the gradient d_{i+1} to d_i (a gradient has the size of
/// its activation) and reads a_i and the layer's internals.
///
/// Memory model (bytes; every value is freed after its last read):
///  * Forward F_i (no storing) reads a_i and writes a_{i+1}.
///  * ForwardStoreAll F_i also writes the internals of layer i
///    (internalBytes[i]), kept until B_i.
///  * Backward B_i reads d_{i+1}, a_i and the internals, and writes d_i: it
///    must follow a ForwardStoreAll of layer i. It also writes the layer's
///    persistent values (persistentBytes[i]: its parameter gradients), which
///    stay in memory to the end.
///  * The backward starts with a_0 and d_L in memory and ends with d_0;
///    while an op runs, everything it reads and writes is live together with
///    every value kept for later. The peak counts all of that.
struct HeterogeneousChain {
  /// Cost of F_i (both kinds), >= 0.
  std::vector<double> forwardCost;
  /// Cost of B_i, >= 0.
  std::vector<double> backwardCost;
  /// Bytes of a_i, the carry into layer i (and of its gradient d_i), >= 0.
  std::vector<int64_t> inputBytes;
  /// Bytes of the internals that ForwardStoreAll of layer i keeps for B_i,
  /// besides its input and output, >= 0.
  std::vector<int64_t> internalBytes;
  /// Bytes of a_L, the last layer's output (and of the seed gradient d_L).
  int64_t outputBytes = 0;
  /// Bytes B_i writes that stay to the end (parameter gradients), >= 0;
  /// empty means none.
  std::vector<int64_t> persistentBytes;

  /// Number of layers, L.
  int32_t size() const { return static_cast<int32_t>(forwardCost.size()); }

  /// Nullopt when the chain is valid: at least one layer, the four vectors
  /// of one length, sizes non-negative, costs finite and non-negative. Else
  /// the first problem, as a sentence naming the layer.
  std::optional<std::string> check() const;
};

/// One operation of a heterogeneous chain's schedule.
struct ChainOp {
  enum class Kind : uint8_t { Forward, ForwardStoreAll, Backward };
  Kind kind;
  int32_t layer;
};

/// Options of solveHeterogeneousChain.
struct ChainSolverOptions {
  /// Bytes the peak may reach (see HeterogeneousChain's memory model).
  int64_t budget = 0;
  /// The DP works in units of ceil(budget / maxSlots) bytes: sizes are
  /// rounded up to units and the budget down, so a schedule that fits in
  /// units fits in bytes. With budget <= maxSlots a unit is one byte and the
  /// optimum is exact. The table has (L+1)^2 (slots+1) entries; when that
  /// exceeds kMaxTableEntries the slots are reduced to fit.
  int32_t maxSlots = 2000;
  static constexpr int64_t kMaxTableEntries = int64_t(1) << 23;
};

/// The result of solveHeterogeneousChain.
struct ChainSchedule {
  /// Empty unless the chain or the options were rejected (then nothing else
  /// is set).
  std::string error;
  /// True when `ops` fits the budget.
  bool feasible = false;
  /// Feasible: the schedule is the DP's optimum at the discretisation
  /// (exactly optimal when the unit is one byte). False when rounding made
  /// the DP infeasible and the least-memory schedule, which fits, was used.
  bool optimal = false;
  /// The operations in order: every layer's Backward once, L-1 down to 0.
  /// Empty when infeasible.
  std::vector<ChainOp> ops;
  /// Total cost of `ops` (every forward, taped or not, and every backward).
  double cost = 0;
  /// Peak bytes of `ops` under the memory model.
  int64_t peakBytes = 0;
  /// The least peak any schedule of the model reaches, in bytes (computed
  /// exactly, without discretisation). Infeasible: the budget that would be.
  int64_t minFeasibleBytes = 0;
  /// Bytes per DP unit.
  int64_t unitBytes = 1;
  /// Why infeasible, or a note on rounding.
  std::string message;
  bool ok() const { return error.empty(); }
};

/// The cheapest schedule of `chain` within options.budget: O(L^3 S) time and
/// O(L^2 S) memory for S slots. When none fits, `feasible` is false and
/// `minFeasibleBytes` says what budget would be needed.
ChainSchedule solveHeterogeneousChain(const HeterogeneousChain &chain,
                                      const ChainSolverOptions &options);

} // namespace remat

#endif // REMAT_CORE_CHAINSOLVER_H
