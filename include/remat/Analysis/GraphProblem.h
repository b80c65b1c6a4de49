//===- GraphProblem.h - a function as a rematerialization problem -*- C++
//-*-===//
//
// The Analysis layer turns a func.func into a Core Problem and remembers
// which IR each node stands for, so that the plan can be applied and
// reported. It works on any function whose body is one block of ops with
// statically shaped results: remat ops get their costs from
// RematCostOpInterface, foreign pure ops (linalg, tensor, arith) a fallback
// cost, and ops with side effects are never recomputed.
//
// Modelling choices:
//  * Arguments and constants are resident nodes.
//  * An op with results is one node whose bytes are the sum of its results,
//    except ops with side results (batch_norm's mean and variance, the
//    parameter gradients of layer_norm_grad and batch_norm_grad,
//    maximum_grad's gradient for its second operand, every
//    result of a remat.scan after the first: a forward scan's stacked
//    residuals live until the backward scan, its last carry much less, and
//    a backward scan's stacked gradients each until their own use): there the
//    op's node holds its first result, and each side result is a node of its
//    own, scheduled right after, so that every result is freed at its own
//    last use. A side result node reads the op's node, is never recomputed
//    or offloaded, and its bytes are part of the op's scratch
//    (the op allocates all its results while it runs).
//  * View ops (remat.name, remat.reshape, remat.slice, tensor reshapes and
//    slices, tensor.cast) allocate nothing: their results are the memory of
//    the node they view, and a read through a view is a read of that node.
//  * remat.checkpoint regions are transparent: their ops are scheduled in
//    program order and their results are views of the yielded values.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_ANALYSIS_GRAPHPROBLEM_H
#define REMAT_ANALYSIS_GRAPHPROBLEM_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Operation.h"
#include "remat/Analysis/TargetMemoryModel.h"
#include "remat/Core/Problem.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <string>
#include <vector>

namespace remat {

/// Where a value's memory comes from: a node, seen through view ops.
struct ValueOrigin {
  NodeId node = -1;
  /// Which result of the node's op (0 for resident values).
  unsigned resultNumber = 0;
  /// The view ops from the node's value to this value, innermost first.
  llvm::SmallVector<mlir::Operation *, 2> views;
};

/// A function as a Problem, with the IR behind each node.
struct GraphProblem {
  Problem problem;
  /// The target the problem is sized for.
  const TargetMemoryModel *target = nullptr;
  /// The op each node stands for; null for arguments and for the copies
  /// the return makes of returned arguments and constants (non-resident
  /// nodes after every op). Applying a plan may
  /// erase an op whose every read moved to a recomputed copy: what outlives
  /// the rewrite (the reports) reads `locations` and node names instead.
  std::vector<mlir::Operation *> ops;
  /// The location of each node's op or argument, as built.
  std::vector<mlir::Location> locations;
  /// The results of its op each node holds: [first, first + count). All of
  /// them, except for ops with side results (see above).
  std::vector<std::pair<unsigned, unsigned>> results;
  /// The value each resident node stands for (argument or constant result).
  std::vector<mlir::Value> residentValues;
  /// FLOPs of one computation of each node (reports count these; the
  /// Problem's cost also charges memory traffic).
  std::vector<int64_t> flops;
  /// remat.name tags that view each node.
  std::vector<llvm::SmallVector<std::string, 1>> tags;
  /// Origin of every value the function reads.
  llvm::DenseMap<mlir::Value, ValueOrigin> origins;
  /// The scheduled ops in program order, checkpoint bodies flattened; view
  /// ops included (they are not nodes).
  std::vector<mlir::Operation *> schedule;

  /// A short human-readable description of a node: its tag or op name.
  std::string describe(NodeId id) const;
  /// Whether node `id` is a side result of an op (computed with the node
  /// before it).
  bool isSideResult(NodeId id) const {
    return ops[id] && results[id].first != 0;
  }
  /// Whether node `id` is a copy the return makes of a returned argument
  /// or constant (a computed node without an op).
  bool isReturnCopy(NodeId id) const {
    return !ops[id] && !problem.node(id).resident;
  }
  /// The location of a node's op or argument (valid after the rewrite).
  mlir::Location location(NodeId id) const;
};

/// Options of the cost model.
struct CostModelOptions {
  /// What the target the function is compiled for allocates besides the
  /// values (buffer granule, scratch, view copies). Required.
  const TargetMemoryModel *target = nullptr;
  /// Problem cost of a node = FLOPs + bytesWeight * (bytes read + written).
  double bytesWeight = 1.0;
  /// Let the solver move any value to host memory (otherwise only values an
  /// offloading checkpoint policy names).
  bool allowOffload = false;
  /// Cost of moving one byte to or from host memory, in FLOP-equivalents.
  double transferCostPerByte = 4.0;
};

/// Whether `op` produces a view of its first operand (no new memory) on
/// `target`.
bool isViewOp(mlir::Operation *op, const TargetMemoryModel &target);

/// Whether `op`'s results after the first are side results, modelled as
/// nodes of their own (see above).
bool hasSideResults(mlir::Operation *op);

/// Builds the problem for `func`, sized for `options.target`. Emits a
/// diagnostic on the offending op or argument and fails when the IR cannot
/// be modelled (several blocks, dynamic shapes, memref values) or when no
/// target is given.
llvm::FailureOr<GraphProblem> buildGraphProblem(mlir::func::FuncOp func,
                                                const CostModelOptions &options);

/// Applies checkpoint policies (remat.checkpoint) and PyTorch-style marks
/// (remat.mark) to the problem's nodes: keep limits, must-save, must-offload,
/// preferences. "Not saved" means that reads by backward ops (those carrying
/// `remat.vjp_of`) of the region's own forward ops must come from a
/// recomputed copy. Fails, with a diagnostic on the op, on a must_recompute
/// mark on an op of the backward pass. Warns (and goes on) on each name a
/// checkpoint policy lists that no remat.name in its region uses, in a
/// function with a backward pass; remat-autodiff leaves this to the planner,
/// so that it is said once.
llvm::LogicalResult applyPolicies(GraphProblem &graph);

/// Attribute names shared with remat-autodiff.
inline constexpr llvm::StringLiteral kForwardIdAttr = "remat.fwd_id";
inline constexpr llvm::StringLiteral kVjpOfAttr = "remat.vjp_of";

} // namespace remat

#endif // REMAT_ANALYSIS_GRAPHPROBLEM_H
