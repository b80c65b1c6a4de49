//===- ReplayState.h - an incrementally maintained plan replay --*- C++ -*-===//
//
// The greedy solver's model of a plan: the same replay verifyPlan performs
// (see Plan.h), kept up to date under small edits instead of recomputed.
//
//  * Executions sit at anchors in verifyPlan's order: reloads, recomputes,
//    the compute (or the return), offloads. Inserting one renumbers only its
//    anchor's slots. The greedy keeps each anchor's recomputations in
//    ascending node order, each node at most once (recomputeSlot finds the
//    place), the plans the exact solver's model expresses.
//  * A copy is a device instance of a node. Reads bind to the latest copy
//    before them, so each node keeps its copies and its reads sorted by
//    position and a copy owns the reads up to the next copy's creation; a
//    copy ends at its last read (or at its creation when unread).
//  * Live bytes: a copy contributes to every execution between its creation
//    and its end. Anchors strictly inside that span get it by a range add in
//    a LiveBytesTree; the two boundary anchors are summed locally (their
//    executions, the copies they create and the copies whose last read they
//    are), so an edit costs O(log N) plus the size of the anchors it touches.
//
// Edits happen in transactions: begin(), insert executions, copies and
// reads, settle() to bring lifetimes and memory up to date, then commit() or
// rollback() (an undo log), which lets the greedy try a move and take it back.
//
// Internal to the greedy solver (lib/Core); not part of the public API.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_CORE_REPLAYSTATE_H
#define REMAT_LIB_CORE_REPLAYSTATE_H

#include "LiveBytesTree.h"
#include "remat/Core/Plan.h"
#include "remat/Core/Problem.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace remat {

/// Index of an execution in a ReplayState.
using ExecId = int32_t;
/// Index of a device copy in a ReplayState.
using CopyId = int32_t;
/// "No execution" / "no copy".
inline constexpr int32_t kNoId = -1;

/// An incrementally maintained replay of a plan (see the file comment).
class ReplayState {
public:
  /// One execution of the replayed schedule.
  struct Exec {
    Execution::Kind kind;
    NodeId node; ///< kNoId for the return.
    Step anchor;
    int32_t slot;   ///< Index in its anchor's list.
    CopyId created; ///< The copy it makes, or kNoId.
  };

  /// One device copy of a node.
  struct Copy {
    NodeId node;
    ExecId start; ///< The execution that makes it.
    ExecId end;   ///< Its last read, or `start` when unread.
    bool original;
  };

  /// Lays out `plan`, which must verify on `problem`.
  ReplayState(const Problem &problem, const Plan &plan);

  const Exec &exec(ExecId id) const { return execs[id]; }
  const Copy &copy(CopyId id) const { return copies[id]; }
  /// Executions reading `node`, in schedule order.
  const std::vector<ExecId> &readsOf(NodeId node) const { return reads[node]; }
  /// The distinct non-resident inputs of `node`, ascending.
  std::pair<const NodeId *, const NodeId *> inputsOf(NodeId node) const {
    return {inputList.data() + inputBegin[node],
            inputList.data() + inputBegin[node + 1]};
  }
  /// A per-read tag owned by the caller (kNoId when new), parallel to
  /// readsOf(node).
  int32_t &readTag(NodeId node, size_t index) { return tags[node][index]; }

  /// Position order: (anchor, slot).
  int64_t position(ExecId id) const {
    return (static_cast<int64_t>(execs[id].anchor) << 32) | execs[id].slot;
  }
  /// Position of a would-be execution inserted at `index` of `anchor` (it
  /// takes the place of the execution now there).
  static int64_t position(Step anchor, int32_t index) {
    return (static_cast<int64_t>(anchor) << 32) | index;
  }

  /// The latest copy of `node` made before `pos`, or kNoId.
  CopyId copyBefore(NodeId node, int64_t pos) const;
  /// Index in readsOf(node) of the read by `reader`, or -1.
  int32_t readIndex(NodeId node, ExecId reader) const;
  /// Whether `copy` may serve a read at `anchor` (keep limits: past the
  /// limit, only a copy made after it).
  bool readable(CopyId copyId, Step anchor) const {
    const Copy &c = copies[copyId];
    Step limit = problem.node(c.node).keepLimit;
    return anchor <= limit || execs[c.start].anchor > limit;
  }
  /// First offload of `node`, or kNoId: its host copy exists after it.
  ExecId firstOffload(NodeId node) const { return hostFrom[node]; }

  /// Index of the first execution after the reloads of `anchor`.
  int32_t reloadEnd(Step anchor) const;
  /// Index of the first offload of `anchor` (its size when none).
  int32_t offloadBegin(Step anchor) const;
  /// Where a recomputation of `node` goes among the recomputations of
  /// `anchor`, which must be in ascending node order: the index of the first
  /// one of a larger node (or of the compute, return or first offload after
  /// them). `present` receives whether `node` is recomputed there already
  /// (the index is then its own). O(log of the anchor's executions).
  int32_t recomputeSlot(Step anchor, NodeId node, bool &present) const;

  /// Peak device bytes (resident included) and how many executions reach it.
  int64_t peak() const { return resident + tree.max(); }
  int64_t peakCount() const { return tree.count(); }
  /// The first execution at the peak.
  ExecId peakExec();

  /// Starts a transaction.
  void begin();
  /// Inserts an execution at `index` of `anchor`'s list.
  ExecId insertExec(Step anchor, int32_t index, Execution::Kind kind,
                    NodeId node);
  /// Makes the copy created by `creator` (a recompute or reload).
  CopyId addCopy(ExecId creator);
  /// Records that `reader` reads `node`.
  void addRead(NodeId node, ExecId reader);
  /// Brings lifetimes and live bytes up to date with the edits so far.
  /// Returns false when the edits broke a replay rule (an unread recompute
  /// or reload, a read past a keep limit); the caller must roll back.
  bool settle();
  /// Keeps the transaction's edits.
  void commit();
  /// Undoes the transaction's edits.
  void rollback();

  /// Reads and copies added by the last transaction (valid until begin()).
  const std::vector<std::pair<NodeId, ExecId>> &addedReads() const {
    return newReads;
  }
  const std::vector<CopyId> &addedCopies() const { return newCopies; }
  /// Nodes whose first offload moved in the last transaction.
  const std::vector<NodeId> &hostChanges() const { return newHosts; }

  /// The plan this state replays.
  Plan toPlan() const;

private:
  /// One entry of the undo log.
  struct Undo {
    enum Kind : uint8_t {
      ExecInserted, // a: anchor, b: index
      CopyAdded,    // a: node, b: index in nodeCopies
      ReadAdded,    // a: node, b: index in reads
      CopyEnd,      // a: copy, b: old end
      RangeAdd,     // a, b: leaves, value: delta
      LocalSet,     // a: anchor, b: old first slot, value: old max,
                    // count: old count
      HostFrom      // a: node, b: old first offload
    } kind;
    int32_t a, b;
    int64_t value = 0, count = 0;
  };

  void layOut(const Plan &plan);
  void bindReads();
  void buildMemory();
  void renumber(Step anchor, int32_t from);
  CopyId newCopy(NodeId node, ExecId start, bool original);
  ExecId endOf(CopyId copyId) const;
  /// The anchors a copy covers entirely (possibly an empty range); its
  /// boundary anchors are summed locally.
  std::pair<Step, Step> throughRange(const Copy &c) const;
  /// Adds (sign +1) or removes (-1) the range part of a copy's bytes and
  /// marks its boundary anchors dirty.
  void contribute(CopyId copyId, int sign);
  /// The largest live bytes among an anchor's executions, not counting the
  /// copies kept across the whole anchor, how many executions reach it and
  /// the first that does.
  struct LocalPeak {
    int64_t max = LiveBytesTree::kEmpty;
    int64_t count = 0;
    int32_t first = 0;
  };
  LocalPeak localPeak(Step anchor);
  void setLocal(Step anchor, const LocalPeak &peak);
  void touchCopy(CopyId copyId);
  void markDirty(Step anchor);

  const Problem &problem;
  Step numSteps;
  int64_t resident = 0;

  std::vector<int32_t> inputBegin;
  std::vector<NodeId> inputList;

  std::vector<Exec> execs;
  std::vector<std::vector<ExecId>> anchorExecs;
  std::vector<Copy> copies;
  std::vector<std::vector<CopyId>> nodeCopies;
  std::vector<std::vector<ExecId>> reads;
  std::vector<std::vector<int32_t>> tags;
  std::vector<ExecId> hostFrom;

  LiveBytesTree tree;
  std::vector<LocalPeak> locals;

  // Transaction state.
  bool inTransaction = false;
  std::vector<Undo> undoLog;
  std::vector<CopyId> touched;
  std::vector<uint32_t> touchStamp;
  std::vector<Step> dirty;
  std::vector<uint32_t> dirtyStamp;
  uint32_t stamp = 1;
  std::vector<std::pair<NodeId, ExecId>> newReads;
  std::vector<CopyId> newCopies;
  std::vector<NodeId> newHosts;
  std::vector<int64_t> scratchDiff, scratchProfile;
};

} // namespace remat

#endif // REMAT_LIB_CORE_REPLAYSTATE_H
