//===- ReplayState.cpp - an incrementally maintained plan replay ----------===//

#include "ReplayState.h"

#include <algorithm>
#include <cassert>
#include <limits>

using namespace remat;

ReplayState::ReplayState(const Problem &problem, const Plan &plan)
    : problem(problem), numSteps(problem.size()),
      resident(problem.residentBytes()) {
  size_t n = static_cast<size_t>(numSteps);
  inputBegin.assign(n + 1, 0);
  std::vector<NodeId> unique;
  for (NodeId id = 0; id < numSteps; ++id) {
    unique.clear();
    for (NodeId input : problem.node(id).inputs)
      if (!problem.node(input).resident)
        unique.push_back(input);
    std::sort(unique.begin(), unique.end());
    unique.erase(std::unique(unique.begin(), unique.end()), unique.end());
    inputList.insert(inputList.end(), unique.begin(), unique.end());
    inputBegin[id + 1] = static_cast<int32_t>(inputList.size());
  }
  anchorExecs.resize(n + 1);
  nodeCopies.resize(n);
  reads.resize(n);
  tags.resize(n);
  hostFrom.assign(n, kNoId);
  dirtyStamp.assign(n + 1, 0);
  layOut(plan);
  bindReads();
  buildMemory();
}

void ReplayState::layOut(const Plan &plan) {
  static const std::vector<NodeId> empty;
  auto listAt = [&](const std::vector<std::vector<NodeId>> &lists,
                    Step s) -> const std::vector<NodeId> & {
    return lists.empty() ? empty : lists[s];
  };
  auto add = [&](Step s, Execution::Kind kind, NodeId node) {
    std::vector<ExecId> &list = anchorExecs[s];
    execs.push_back({kind, node, s, static_cast<int32_t>(list.size()), kNoId});
    list.push_back(static_cast<ExecId>(execs.size() - 1));
  };
  for (Step s = 0; s <= numSteps; ++s) {
    for (NodeId id : listAt(plan.reloadBefore, s))
      add(s, Execution::Kind::Reload, id);
    for (NodeId id : listAt(plan.recomputeBefore, s))
      add(s, Execution::Kind::Recompute, id);
    if (s == numSteps) {
      add(s, Execution::Kind::Return, kNoId);
      break;
    }
    if (!problem.node(s).resident)
      add(s, Execution::Kind::Compute, s);
    for (NodeId id : listAt(plan.offloadAfter, s))
      add(s, Execution::Kind::Offload, id);
  }
}

CopyId ReplayState::newCopy(NodeId node, ExecId start, bool original) {
  copies.push_back({node, start, start, original});
  CopyId id = static_cast<CopyId>(copies.size() - 1);
  execs[start].created = id;
  return id;
}

void ReplayState::bindReads() {
  for (ExecId e = 0; e < static_cast<ExecId>(execs.size()); ++e) {
    const Exec &x = execs[e];
    switch (x.kind) {
    case Execution::Kind::Compute:
    case Execution::Kind::Recompute: {
      auto [first, last] = inputsOf(x.node);
      for (const NodeId *it = first; it != last; ++it)
        reads[*it].push_back(e);
      nodeCopies[x.node].push_back(
          newCopy(x.node, e, x.kind == Execution::Kind::Compute));
      break;
    }
    case Execution::Kind::Offload:
      reads[x.node].push_back(e);
      if (hostFrom[x.node] == kNoId)
        hostFrom[x.node] = e;
      break;
    case Execution::Kind::Reload:
      nodeCopies[x.node].push_back(newCopy(x.node, e, false));
      break;
    case Execution::Kind::Return:
      for (NodeId id = 0; id < numSteps; ++id)
        if (problem.node(id).isOutput && !problem.node(id).resident)
          reads[id].push_back(e);
      break;
    }
  }
  // Each copy owns the reads up to the next copy's creation; both lists are
  // already in schedule order.
  for (NodeId id = 0; id < numSteps; ++id) {
    tags[id].assign(reads[id].size(), kNoId);
    const std::vector<CopyId> &list = nodeCopies[id];
    size_t r = 0;
    for (size_t k = 0; k < list.size(); ++k) {
      Copy &c = copies[list[k]];
      int64_t limit = k + 1 < list.size() ? position(copies[list[k + 1]].start)
                                          : std::numeric_limits<int64_t>::max();
      while (r < reads[id].size() && position(reads[id][r]) < limit) {
        if (position(reads[id][r]) > position(c.start))
          c.end = reads[id][r];
        ++r;
      }
    }
  }
}

void ReplayState::buildMemory() {
  size_t anchors = static_cast<size_t>(numSteps) + 1;
  std::vector<int64_t> through(anchors + 1, 0);
  for (const Copy &c : copies) {
    int64_t bytes = problem.node(c.node).bytes;
    auto [first, last] = throughRange(c);
    if (bytes == 0 || first > last)
      continue;
    through[first] += bytes;
    through[last + 1] -= bytes;
  }
  locals.resize(anchors);
  std::vector<int64_t> values(anchors), counts(anchors);
  int64_t running = 0;
  for (Step s = 0; s <= numSteps; ++s) {
    running += through[s];
    locals[s] = localPeak(s);
    values[s] = running + locals[s].max;
    counts[s] = locals[s].count;
  }
  tree.build(values, counts);
}

CopyId ReplayState::copyBefore(NodeId node, int64_t pos) const {
  const std::vector<CopyId> &list = nodeCopies[node];
  auto it =
      std::lower_bound(list.begin(), list.end(), pos, [&](CopyId c, int64_t p) {
        return position(copies[c].start) < p;
      });
  return it == list.begin() ? kNoId : *(it - 1);
}

int32_t ReplayState::readIndex(NodeId node, ExecId reader) const {
  const std::vector<ExecId> &list = reads[node];
  int64_t pos = position(reader);
  auto it =
      std::lower_bound(list.begin(), list.end(), pos,
                       [&](ExecId e, int64_t p) { return position(e) < p; });
  if (it == list.end() || *it != reader)
    return -1;
  return static_cast<int32_t>(it - list.begin());
}

int32_t ReplayState::reloadEnd(Step anchor) const {
  const std::vector<ExecId> &list = anchorExecs[anchor];
  int32_t index = 0;
  while (index < static_cast<int32_t>(list.size()) &&
         execs[list[index]].kind == Execution::Kind::Reload)
    ++index;
  return index;
}

int32_t ReplayState::offloadBegin(Step anchor) const {
  const std::vector<ExecId> &list = anchorExecs[anchor];
  int32_t index = static_cast<int32_t>(list.size());
  while (index > 0 && execs[list[index - 1]].kind == Execution::Kind::Offload)
    --index;
  return index;
}

int32_t ReplayState::recomputeSlot(Step anchor, NodeId node,
                                   bool &present) const {
  // An anchor's list is ordered by (rank, node) with reloads first, then the
  // recomputations by node, then the compute or return, then the offloads.
  auto before = [&](ExecId e) {
    const Exec &x = execs[e];
    return x.kind == Execution::Kind::Reload ||
           (x.kind == Execution::Kind::Recompute && x.node < node);
  };
  const std::vector<ExecId> &list = anchorExecs[anchor];
  auto it = std::partition_point(list.begin(), list.end(), before);
  present = it != list.end() && execs[*it].kind == Execution::Kind::Recompute &&
            execs[*it].node == node;
  return static_cast<int32_t>(it - list.begin());
}

ExecId ReplayState::endOf(CopyId copyId) const {
  const Copy &c = copies[copyId];
  const std::vector<CopyId> &list = nodeCopies[c.node];
  int64_t startPos = position(c.start);
  auto it = std::lower_bound(list.begin(), list.end(), startPos,
                             [&](CopyId other, int64_t p) {
                               return position(copies[other].start) < p;
                             });
  assert(it != list.end() && *it == copyId && "copy not in its node's list");
  int64_t limit = it + 1 != list.end() ? position(copies[*(it + 1)].start)
                                       : std::numeric_limits<int64_t>::max();
  const std::vector<ExecId> &r = reads[c.node];
  auto jt =
      std::lower_bound(r.begin(), r.end(), limit,
                       [&](ExecId e, int64_t p) { return position(e) < p; });
  if (jt == r.begin() || position(*(jt - 1)) < startPos)
    return c.start;
  return *(jt - 1);
}

ReplayState::LocalPeak ReplayState::localPeak(Step anchor) {
  const std::vector<ExecId> &list = anchorExecs[anchor];
  size_t k = list.size();
  if (k == 0)
    return LocalPeak();
  scratchDiff.assign(k + 1, 0);
  scratchProfile.assign(k, 0);
  // A copy made before this anchor whose last read is slot i counts in
  // slots [0, i]; the return's reads are covered by range adds instead.
  auto endsHere = [&](NodeId node, ExecId e, size_t slot) {
    CopyId c = copyBefore(node, position(e));
    if (c == kNoId || copies[c].end != e ||
        execs[copies[c].start].anchor >= anchor)
      return;
    scratchDiff[0] += problem.node(node).bytes;
    scratchDiff[slot + 1] -= problem.node(node).bytes;
  };
  for (size_t i = 0; i < k; ++i) {
    const Exec &x = execs[list[i]];
    if (x.created != kNoId) {
      const Copy &c = copies[x.created];
      size_t hi = execs[c.end].anchor == anchor
                      ? static_cast<size_t>(execs[c.end].slot)
                      : k - 1;
      scratchDiff[i] += problem.node(x.node).bytes;
      scratchDiff[hi + 1] -= problem.node(x.node).bytes;
    }
    switch (x.kind) {
    case Execution::Kind::Compute:
    case Execution::Kind::Recompute: {
      scratchProfile[i] = problem.node(x.node).scratchBytes;
      auto [first, last] = inputsOf(x.node);
      for (const NodeId *it = first; it != last; ++it)
        endsHere(*it, list[i], i);
      break;
    }
    case Execution::Kind::Offload:
      endsHere(x.node, list[i], i);
      break;
    case Execution::Kind::Reload:
    case Execution::Kind::Return:
      break;
    }
  }
  LocalPeak peak;
  int64_t running = 0;
  for (size_t i = 0; i < k; ++i) {
    running += scratchDiff[i];
    int64_t value = running + scratchProfile[i];
    if (value > peak.max) {
      peak.max = value;
      peak.count = 1;
      peak.first = static_cast<int32_t>(i);
    } else if (value == peak.max) {
      ++peak.count;
    }
  }
  return peak;
}

ExecId ReplayState::peakExec() {
  Step anchor = tree.leftmostMax();
  return anchorExecs[anchor][locals[anchor].first];
}

void ReplayState::setLocal(Step anchor, const LocalPeak &peak) {
  tree.pointUpdate(anchor, peak.max - locals[anchor].max, peak.count);
  locals[anchor] = peak;
}

void ReplayState::begin() {
  assert(!inTransaction && "nested transaction");
  inTransaction = true;
  undoLog.clear();
  touched.clear();
  dirty.clear();
  newReads.clear();
  newCopies.clear();
  newHosts.clear();
  ++stamp;
}

void ReplayState::renumber(Step anchor, int32_t from) {
  const std::vector<ExecId> &list = anchorExecs[anchor];
  for (size_t i = static_cast<size_t>(from); i < list.size(); ++i)
    execs[list[i]].slot = static_cast<int32_t>(i);
}

void ReplayState::markDirty(Step anchor) {
  if (dirtyStamp[anchor] == stamp)
    return;
  dirtyStamp[anchor] = stamp;
  dirty.push_back(anchor);
}

void ReplayState::touchCopy(CopyId copyId) {
  if (touchStamp.size() <= static_cast<size_t>(copyId))
    touchStamp.resize(copies.size() * 2 + 16, 0);
  if (touchStamp[copyId] == stamp)
    return;
  touchStamp[copyId] = stamp;
  touched.push_back(copyId);
}

ExecId ReplayState::insertExec(Step anchor, int32_t index, Execution::Kind kind,
                               NodeId node) {
  assert(inTransaction && "edit outside a transaction");
  ExecId id = static_cast<ExecId>(execs.size());
  execs.push_back({kind, node, anchor, index, kNoId});
  std::vector<ExecId> &list = anchorExecs[anchor];
  list.insert(list.begin() + index, id);
  renumber(anchor, index);
  undoLog.push_back({Undo::ExecInserted, anchor, index});
  markDirty(anchor);
  if (kind == Execution::Kind::Offload &&
      (hostFrom[node] == kNoId || position(id) < position(hostFrom[node]))) {
    undoLog.push_back({Undo::HostFrom, node, hostFrom[node]});
    hostFrom[node] = id;
    newHosts.push_back(node);
  }
  return id;
}

CopyId ReplayState::addCopy(ExecId creator) {
  assert(inTransaction && "edit outside a transaction");
  NodeId node = execs[creator].node;
  CopyId id = newCopy(node, creator, /*original=*/false);
  std::vector<CopyId> &list = nodeCopies[node];
  int64_t pos = position(creator);
  auto it =
      std::lower_bound(list.begin(), list.end(), pos, [&](CopyId c, int64_t p) {
        return position(copies[c].start) < p;
      });
  int32_t index = static_cast<int32_t>(it - list.begin());
  list.insert(it, id);
  undoLog.push_back({Undo::CopyAdded, node, index});
  touchCopy(id);
  if (index > 0)
    touchCopy(list[index - 1]);
  newCopies.push_back(id);
  return id;
}

void ReplayState::addRead(NodeId node, ExecId reader) {
  assert(inTransaction && "edit outside a transaction");
  std::vector<ExecId> &list = reads[node];
  int64_t pos = position(reader);
  auto it =
      std::lower_bound(list.begin(), list.end(), pos,
                       [&](ExecId e, int64_t p) { return position(e) < p; });
  int32_t index = static_cast<int32_t>(it - list.begin());
  list.insert(it, reader);
  tags[node].insert(tags[node].begin() + index, kNoId);
  undoLog.push_back({Undo::ReadAdded, node, index});
  newReads.emplace_back(node, reader);
}

std::pair<Step, Step> ReplayState::throughRange(const Copy &c) const {
  Step sa = execs[c.start].anchor, ea = execs[c.end].anchor;
  // The return is the last execution of its anchor: a copy it frees covers
  // the whole anchor.
  if (execs[c.end].kind == Execution::Kind::Return && sa < numSteps)
    return {sa + 1, numSteps};
  return {sa + 1, ea - 1};
}

void ReplayState::contribute(CopyId copyId, int sign) {
  const Copy &c = copies[copyId];
  markDirty(execs[c.start].anchor);
  markDirty(execs[c.end].anchor);
  int64_t bytes = problem.node(c.node).bytes;
  auto [first, last] = throughRange(c);
  if (bytes == 0 || first > last)
    return;
  tree.rangeAdd(first, last, sign * bytes);
  undoLog.push_back({Undo::RangeAdd, first, last, sign * bytes});
}

bool ReplayState::settle() {
  assert(inTransaction && "settle outside a transaction");
  for (const auto &[node, reader] : newReads) {
    CopyId c = copyBefore(node, position(reader));
    if (c == kNoId || !readable(c, execs[reader].anchor))
      return false;
    touchCopy(c);
  }
  auto firstNew = static_cast<CopyId>(copies.size() - newCopies.size());
  for (CopyId c : touched) {
    ExecId end = endOf(c);
    if (c >= firstNew) {
      copies[c].end = end;
      contribute(c, +1);
    } else if (end != copies[c].end) {
      contribute(c, -1);
      undoLog.push_back({Undo::CopyEnd, c, copies[c].end});
      copies[c].end = end;
      contribute(c, +1);
    }
    if (!copies[c].original && end == copies[c].start)
      return false;
  }
  for (Step anchor : dirty) {
    LocalPeak peak = localPeak(anchor);
    const LocalPeak &old = locals[anchor];
    if (peak.max == old.max && peak.count == old.count &&
        peak.first == old.first)
      continue;
    undoLog.push_back({Undo::LocalSet, anchor, old.first, old.max, old.count});
    setLocal(anchor, peak);
  }
  return true;
}

void ReplayState::commit() {
  assert(inTransaction && "commit outside a transaction");
  inTransaction = false;
  undoLog.clear();
}

void ReplayState::rollback() {
  assert(inTransaction && "rollback outside a transaction");
  for (auto it = undoLog.rbegin(); it != undoLog.rend(); ++it) {
    const Undo &u = *it;
    switch (u.kind) {
    case Undo::ExecInserted: {
      std::vector<ExecId> &list = anchorExecs[u.a];
      list.erase(list.begin() + u.b);
      renumber(u.a, u.b);
      execs.pop_back();
      break;
    }
    case Undo::CopyAdded:
      nodeCopies[u.a].erase(nodeCopies[u.a].begin() + u.b);
      execs[copies.back().start].created = kNoId;
      copies.pop_back();
      break;
    case Undo::ReadAdded:
      reads[u.a].erase(reads[u.a].begin() + u.b);
      tags[u.a].erase(tags[u.a].begin() + u.b);
      break;
    case Undo::CopyEnd:
      copies[u.a].end = u.b;
      break;
    case Undo::RangeAdd:
      tree.rangeAdd(u.a, u.b, -u.value);
      break;
    case Undo::LocalSet:
      setLocal(u.a, {u.value, u.count, u.b});
      break;
    case Undo::HostFrom:
      hostFrom[u.a] = u.b;
      break;
    }
  }
  undoLog.clear();
  newReads.clear();
  newCopies.clear();
  newHosts.clear();
  inTransaction = false;
}

Plan ReplayState::toPlan() const {
  Plan plan = Plan::keepAll(problem);
  for (Step s = 0; s <= numSteps; ++s)
    for (ExecId e : anchorExecs[s]) {
      const Exec &x = execs[e];
      switch (x.kind) {
      case Execution::Kind::Reload:
        plan.reloadBefore[s].push_back(x.node);
        break;
      case Execution::Kind::Recompute:
        plan.recomputeBefore[s].push_back(x.node);
        break;
      case Execution::Kind::Offload:
        plan.offloadAfter[s].push_back(x.node);
        break;
      case Execution::Kind::Compute:
      case Execution::Kind::Return:
        break;
      }
    }
  return plan;
}
