//===- RematMilp.h - the MILP of rematerialization plans --------*- C++ -*-===//
//
// The exact solver's model: Checkmate's MILP (Jain et al., "Checkmate:
// Breaking the Memory Wall with Optimal Tensor Rematerialization", MLSys
// 2020, section 4), adapted to the replay rules of verifyPlan (Plan.h),
// pruned to the variables that can matter, and extended with offloading
// (host copies and reloads, as in Beaumont et al.'s POFO) where the problem
// allows it.
//
// Stages. Stage t runs the reloads listed before step t, then the
// recomputations listed before it, in ascending node order, then computes
// node t. Stage N is the return, a virtual node of
// zero bytes that reads every output. Steps of resident nodes have no stage:
// recomputing there is the same as recomputing at the next stage. Resident
// nodes are constant memory, never variables. The stage of a side result
// (Node::withPrevious) makes no copies (its R and L are fixed at 0):
// verifyPlan runs what a plan anchors there after the op's last result
// (placeAnchorsAfterSideResults), and pointForPlan reads a plan so placed.
//
// Variables (i < t throughout; all memory in units of `memoryUnit` bytes):
//  R[t][i] in {0,1}  i is recomputed in stage t. R[t][t] = 1 is a constant.
//                    Exists only when i may be recomputed and a copy of i
//                    can still be read at stage t or later (t <= horizon(i)).
//  O[i] in {0,1}     i's original copy is offloaded right after step i (a
//                    host copy that lasts to the end). Exists only when i may
//                    be offloaded (Node::offloadable or mustOffload).
//  L[t][i] in {0,1}  i is reloaded from its host copy before stage t (same
//                    nodes as O, same stages as R).
//  S[t][i] in [0,1]  a copy of i is held entering stage t (same range).
//  F[t][i][k] in [0,1]  Checkmate's FREE: i's copy is freed right after the
//                    recomputation of its reader k in stage t.
//  U[t][c] >= 0      memory while c runs in stage t, scratch excluded, for
//                    each c recomputable in stage t and for t itself.
//  P                 the peak, bounded by budget - resident.
// R, O and L are integer. Given integral R, O and L, the least S and a
// largest F that satisfy the rows are integral and give the least memory,
// so a fractional S or F can only overstate memory: any feasible point's
// binaries are a plan whose replay fits in P (see "Soundness" below).
// Below, "made in stage t" means R[t][i] + L[t][i]: a recomputation or a
// reload makes a copy; a node that must be offloaded is never recomputed.
//
// Rows, for each stage t (t' is the next stage, if any):
//  depend   R[t][k] <= R[t][i] + L[t][i] + S[t][i] for each input i of a
//           recomputed k; 1 <= R[t][i] + L[t][i] + S[t][i] for each input
//           of t (at the return: each output).
//  hold     S[t'][i] <= R[t][i] + L[t][i] + S[t][i]; nothing is held before
//           it is computed.
//  host     L[t][i] <= O[i]: only an offloaded node is reloaded.
//  keep     (keepLimit L of i, t* the first stage after L) S[t*][i] = 0: a
//           read past L needs a copy made after L, recomputed in stage t* or
//           later (or reloaded: a reload is a new copy); the hold rows
//           carry that on to later stages.
//  free     with u_1 < ... < u_m the recomputable readers of i in stage t:
//           sum_{l < l'} F[t][i][u_l] + R[t][u_l'] <= 1 (a later reader runs:
//           no earlier free); sum_l F[t][i][u_l] + S[t'][i] <= 1 (held on:
//           no free); sum_l F[t][i][u_l] <= R[t][i] + L[t][i] + S[t][i] (a copy
//           that is there). These are Checkmate's hazard constraints,
//           summed (stronger in the LP relaxation, and fewer rows). Checkmate
//           also asks F[t][i][u_l] <= R[t][u_l]; without it a free may come
//           after a reader that does not run, later than the copy dies, which
//           only overstates memory. No F where t itself reads i, and none
//           after t: nothing runs after t in the stage.
//  memory   U[t][c_0] = sum_i M_i (S[t][i] + L[t][i]) + M_c0 R[t][c_0]
//           (reloads run first and live from the stage's start) and
//           U[t][c_q+1] = U[t][c_q] - sum_i M_i F[t][i][c_q]
//                         + M_c(q+1) R[t][c_(q+1)], with c_0 < c_1 < ... = t
//           the candidates of the stage; U[t][c] + scratch_c R[t][c] <= P.
// Objective: the added cost sum cost_i R[t][i] + sum cost_i S[i+][i] - K
// + sum T_i (O[i] + sum_t L[t][i]), T_i = bytes_i * transferCostPerByte
// (each transfer is charged once, unweighted, as measureAddedCost does),
// each cost weighted by the node's preference as the greedy weighs it
// (WeightedCost.h) and scaled by the largest, or P. S[i+][i] is the original
// copy held into its first stage (for a node that may also be offloaded, a
// column H >= S[i+][i], H >= O[i] instead: the offload reads the original
// too), over the recomputable nodes, and K the
// sum of their costs (objectiveOffset()): a plan that
// leaves an original unread recomputes the node before every read, and its
// first recomputation is a move (findMoves, Plan.h), which the term makes
// free. For integral points the objective less K is measureAddedCost's
// weighted cost exactly.
//
// Equivalence with the replay. verifyPlan binds a read to the latest copy
// and frees a copy right after its last read. Take any plan that recomputes
// and reloads before non-resident steps or the return, recomputations in
// ascending order, each node at most once per step, and offloads each node
// right after its own step (the policy plan and the greedy's plans are such
// plans, after moving their offloads there: an offload makes no device copy,
// so moving it earlier never raises the peak). Set R, O and L from it,
// S[t][i] = 1 exactly when the copy
// of i made before stage t is read at stage t or later (the latest copy: an
// earlier one is never read again), and F[t][i][k] = 1
// exactly when k's read is the last read of that copy. Then U[t][c] plus
// scratch is the replay's live bytes at the execution of c, and the U of a
// candidate that does not run is at most the live bytes of the execution
// before it or of the next execution. So max(U + scratch) equals the replay's
// peak: every such plan is a point of this MILP with the same peak
// (unittests/Core/ExactSolverTest.cpp checks this on hand-made and random
// plans, and checks optimality against brute force).
//
// Soundness. Conversely, any feasible point overstates the replay of its
// binaries (recomputations sorted): S is at least the needed holding (the
// depend and hold rows force it), F frees at most once a copy that is there,
// is not read again in the stage and is not held on (free rows), a copy held
// and made again in the same stage is counted twice, and a useless
// recomputation or reload stays counted to the end of its stage. So every
// MILP-feasible plan replays within the budget.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_CORE_REMATMILP_H
#define REMAT_LIB_CORE_REMATMILP_H

#include "LinearProgram.h"

#include "remat/Core/Plan.h"
#include "remat/Core/Problem.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace remat {

/// The rematerialization MILP of one problem. Built once; the
/// programs for the solver's phases are copies with different objectives and
/// bounds, over the same columns.
class RematMilp {
public:
  /// Builds the model. The problem must be valid (Problem::check).
  explicit RematMilp(const Problem &problem);

  /// Estimated number of columns of the model of `problem`, cheap to compute:
  /// lets callers refuse problems too large to build.
  static int64_t estimateColumns(const Problem &problem);

  /// Minimize the (preference-weighted) added cost with the peak (resident
  /// included) at most `budget` bytes.
  LinearProgram minCostProgram(int64_t budget) const;

  /// Minimize the peak, at most `budget` bytes when given, among plans whose
  /// weighted added cost (moves free) is at most `maxCost` when given.
  LinearProgram minPeakProgram(std::optional<int64_t> budget,
                               std::optional<double> maxCost) const;

  /// The point of the model for `plan` (one value per column): R, O and L
  /// from its recomputations, offloads and reloads, the least S, the largest
  /// F, U along the stages and P their largest. Recomputations and reloads
  /// before a resident step count in the next stage; offloads count right
  /// after their node's step. Returns nullopt with the reason in `why` when
  /// the plan makes a copy of a node twice in one stage, or recomputes,
  /// offloads or reloads where the model has no variable.
  std::optional<std::vector<double>> pointForPlan(const Plan &plan,
                                                  std::string *why) const;

  /// The plan of a solution: recomputeBefore[t] = sorted {i : R[t][i] > 1/2},
  /// reloadBefore[t] = {i : L[t][i] > 1/2}, offloadAfter[i] = {i} when
  /// O[i] > 1/2, less the copies no read binds to and the offloads of nodes
  /// no longer reloaded (the model may set binaries where it is free to).
  /// Its replay peaks at most at the point's P.
  Plan planForPoint(const std::vector<double> &values) const;

  /// The largest memory expression U + scratch at `values`, in bytes,
  /// resident bytes included (rounded to the nearest byte).
  int64_t peakBytes(const std::vector<double> &values) const;

  /// A lower bound on the peak of every plan: resident bytes plus the largest
  /// step (its inputs, result and scratch) or the return's outputs.
  int64_t peakLowerBound() const { return lowerBound; }

  /// Columns of the R, O and L variables, the only integer ones.
  const std::vector<int> &binaryColumns() const { return binaries; }

  /// Whether the model has offload variables (some node may be offloaded).
  bool offloads() const { return !oColumn.empty(); }

  /// Column of the peak P.
  int peakColumn() const { return pColumn; }

  /// Bytes per memory unit of the model's rows.
  int64_t memoryUnit() const { return unit; }

  /// Cost per unit of the model's objective (the largest weighted recompute
  /// or transfer cost).
  double costScale() const { return costUnit; }

  /// The cost program's objective at a plan's point is its weighted added
  /// cost (moves free) / costScale() plus this constant.
  double objectiveOffset() const { return offset; }

  /// The model with the weighted added cost as objective and no budget.
  const LinearProgram &baseProgram() const { return program; }

private:
  /// A memory row U + scratch * R <= P.
  struct MemoryRow {
    int uColumn;
    int64_t scratch;
    int rColumn; ///< -1 when the node is the stage's own (R = 1).
  };

  /// Free variables of one reader: F[t][i][k] for the inputs i of k.
  struct FreeGroup {
    NodeId input;
    std::vector<NodeId> readers; ///< u_1 < ... < u_m.
    std::vector<int> fColumns;   ///< One per reader.
    std::vector<int> qColumns;   ///< Prefix sums of F when m is large.
  };

  /// One stage: its candidates c_0 < ... < c_p (t last) and their U.
  struct StageModel {
    Step step;
    std::vector<NodeId> candidates;
    std::vector<int> uColumns;
    std::vector<FreeGroup> frees;
  };

  int rColumn(int stage, NodeId node) const;
  int lColumn(int stage, NodeId node) const;
  int sColumn(int stage, NodeId node) const;
  /// Appends `coefficient` times the copies made of `node` in `stage` (its R
  /// and L, where they exist) to `terms`.
  void appendMade(std::vector<LinearProgram::Term> &terms, int stage,
                  NodeId node, double coefficient) const;
  double unitsOf(int64_t bytes) const {
    return static_cast<double>(bytes) / static_cast<double>(unit);
  }
  double peakUnitsFor(int64_t budget) const;
  /// Unique non-resident inputs of `node`; the outputs for the return.
  const std::vector<NodeId> &readsOf(Step step) const;

  void computeStagesAndRanges();
  void buildColumns();
  void buildStage(int stage);

  const Problem &problem;
  int32_t numNodes;
  /// Steps that have a stage, ascending; the last is N.
  std::vector<Step> stages;
  /// stageAtOrAfter[t]: index of the first stage at step >= t (t in [0, N]).
  std::vector<int> stageAtOrAfter;
  /// Per node: the stages [first, last] where R, L and S exist (empty when
  /// first > last), the base columns of its R, L and S blocks and its O
  /// column (-1: none; oColumn is empty when no node may be offloaded).
  std::vector<int> firstStage, lastStage, rBase, lBase, sBase, oColumn;
  /// (H column, node) of each node that may be both recomputed and
  /// offloaded: H = max(S entering its first stage, O) carries its cost.
  std::vector<std::pair<int, NodeId>> originalColumn;
  std::vector<std::vector<NodeId>> reads;
  std::vector<int> binaries;
  std::vector<StageModel> stageModels;
  std::vector<MemoryRow> memoryRows;
  int pColumn = -1;
  int64_t unit = 1;
  double costUnit = 1;
  double offset = 0;
  int64_t resident = 0;
  int64_t lowerBound = 0;
  /// Upper bound of U on any point: beyond it a budget does not bind.
  int64_t memoryCeiling = 0;
  LinearProgram program;
};

} // namespace remat

#endif // REMAT_LIB_CORE_REMATMILP_H
