//===- PolicyConstraints.cpp - checkpoint policies as solver constraints --===//
//
// A JAX policy says which values a remat.checkpoint region may keep for its
// backward pass: it is asked about every op of the region (and the names
// tagging its value), not only about the values the backward reads. In the
// joint forward+backward graph, "not saveable" means: once the region's
// backward pass starts (its first op whose remat.vjp_of names one of the
// region's forward ops), no read of the value may be served by the copy the
// forward pass made, whoever reads it -- a backward op, or the recomputation
// of another value of the region -- as JAX re-runs the region's forward from
// its inputs and saved values to get them. The value may still serve reads
// before that: forward reads, and the backward of later layers, which run
// first (a later layer's policy may save the same value). So the constraint
// is a keep limit: the step before the region's backward starts. Offloading
// policies make it a forced offload instead. Nested regions: see
// applyPolicies.
//
// PyTorch-style marks on single ops (remat.mark) override region policies;
// must_recompute uses the start of the whole backward pass.
//
// A name a policy lists that no remat.name of its region uses (a typo,
// usually) is a warning here, and only here: see warnUnmatchedPolicyNames.
//
//===----------------------------------------------------------------------===//

#include "remat/Analysis/GraphProblem.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "remat/Dialect/Remat/IR/RematOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>

using namespace mlir;
using namespace remat;

namespace {

/// The unit attribute remat-rematerialize puts on the copies it recomputes
/// (PlanApplication.h's kRecomputedAttr; Analysis does not include
/// Transforms).
constexpr llvm::StringLiteral kRecomputedCopyAttr = "remat.recomputed";

/// Whether a node is a dot for JAX's dot policies, and whether it has batch
/// dimensions. JAX counts dot_general and conv_general_dilated as dots; only
/// a dot_general without batch dimensions passes the *_no_batch_dims
/// policies, so convolutions count as batched.
struct DotInfo {
  bool isDot = false;
  bool hasBatchDims = false;
};

DotInfo classifyDot(Operation *op) {
  if (auto matmul = dyn_cast<MatmulOp>(op))
    return {true, matmul.getNumBatchDims() > 0};
  if (isa<Conv2DOp>(op))
    return {true, true};
  if (isa<linalg::MatmulOp>(op))
    return {true, false};
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
    if (linalg::isaContractionOpInterface(linalgOp))
      return {true, !isa<linalg::MatmulOp>(op)};
    if (linalg::isaConvolutionOpInterface(linalgOp))
      return {true, true};
  }
  return {};
}

/// Whether every result node `id` holds can be moved to host memory by
/// remat.offload (the plan offloads them together).
bool hasOffloadableResults(const GraphProblem &graph, NodeId id) {
  auto [first, count] = graph.results[id];
  for (unsigned i = first; i < first + count; ++i)
    if (!OffloadOp::isOffloadableType(graph.ops[id]->getResult(i).getType()))
      return false;
  return count != 0;
}

/// Whether a policy term lists names (the alternatives of `a | b` are
/// terms).
bool listsNames(PolicyKind kind) {
  switch (kind) {
  case PolicyKind::SaveOnlyTheseNames:
  case PolicyKind::SaveAnyNamesButThese:
  case PolicyKind::SaveAnythingExceptTheseNames:
  case PolicyKind::SaveAndOffloadOnlyTheseNames:
    return true;
  default:
    return false;
  }
}

/// A name a checkpoint policy lists, with the policy term that lists it.
struct ListedName {
  llvm::StringRef name;
  PolicyKind kind;
};

/// The names `policy` lists (both lists of save_and_offload_only_these_names,
/// every alternative of `a | b`), each once, in the order written.
llvm::SmallVector<ListedName> listedNames(PolicyAttr policy) {
  llvm::SmallVector<PolicyAttr> terms;
  if (policy.getKind() == PolicyKind::Any) {
    for (Attribute alternative : policy.getAlternatives())
      if (auto term = dyn_cast<PolicyAttr>(alternative))
        terms.push_back(term);
  } else {
    terms.push_back(policy);
  }
  llvm::SmallVector<ListedName> listed;
  llvm::StringSet<> seen;
  for (PolicyAttr term : terms) {
    if (!listsNames(term.getKind()))
      continue;
    for (ArrayAttr list : {term.getNames(), term.getOffloadNames()})
      for (Attribute attr : list)
        if (auto name = dyn_cast<StringAttr>(attr))
          if (seen.insert(name.getValue()).second)
            listed.push_back({name.getValue(), term.getKind()});
  }
  return listed;
}

/// Warns, on the checkpoint op, about each name its policy lists that no
/// remat.name inside its region (nested checkpoints and remat.scan bodies
/// included) tags a value with: such a name selects nothing, which is
/// almost always a typo. The warning suggests the region's closest name
/// (StringRef::edit_distance), or lists the region's names, or says it has
/// none. Planning goes on: the policy means what it says.
///
/// Only the planner warns, once per checkpoint op and name: remat-autodiff
/// copies @f into @f_grad, and a warning in both passes would say it twice.
/// For the same reason the caller warns only in a function with a backward
/// pass: in @f, which has none, a policy decides nothing, and @f_grad has the
/// same checkpoint at the same location.
///
/// Linear in the size of the function, whatever the nesting depth: ops are
/// numbered once in pre-order, so a region is an interval of numbers and
/// "does a remat.name in it use this tag" is a binary search.
void warnUnmatchedPolicyNames(func::FuncOp func) {
  struct Region {
    CheckpointOp op;
    llvm::SmallVector<ListedName> names;
    unsigned begin = 0, end = 0;
  };
  llvm::SmallVector<Region> regions;
  llvm::DenseMap<Operation *, unsigned> regionIndex;
  // Pre-order numbers of the remat.name ops using each tag, ascending.
  llvm::StringMap<llvm::SmallVector<unsigned, 2>> tagPositions;
  unsigned counter = 0;
  // Inside a backward op with regions (the reverse scan of a scan's VJP):
  // its copies of the layer's checkpoints lose the names of the values
  // stacked for them, and the forward's copy is the one to warn about.
  unsigned backwardDepth = 0;
  func->walk([&](Operation *op, const WalkStage &stage) {
    if (stage.isBeforeAllRegions()) {
      unsigned position = counter++;
      if (op->getNumRegions() && op->hasAttr(kVjpOfAttr))
        ++backwardDepth;
      if (auto name = dyn_cast<NameOp>(op))
        tagPositions[name.getTag()].push_back(position);
      if (auto checkpoint = dyn_cast<CheckpointOp>(op);
          checkpoint && backwardDepth == 0) {
        llvm::SmallVector<ListedName> names =
            listedNames(checkpoint.getPolicy());
        if (!names.empty()) {
          regionIndex[op] = regions.size();
          regions.push_back({checkpoint, std::move(names), position, 0});
        }
      }
    }
    if (stage.isAfterAllRegions()) {
      if (auto it = regionIndex.find(op); it != regionIndex.end())
        regions[it->second].end = counter;
      if (op->getNumRegions() && op->hasAttr(kVjpOfAttr))
        --backwardDepth;
    }
  });
  if (regions.empty())
    return;

  auto usedIn = [](llvm::ArrayRef<unsigned> positions, const Region &region) {
    const unsigned *it = llvm::lower_bound(positions, region.begin);
    return it != positions.end() && *it < region.end;
  };
  for (Region &region : regions) {
    // The region's own tags, sorted; computed only when a name is missing.
    std::optional<llvm::SmallVector<llvm::StringRef>> defined;
    for (const ListedName &listed : region.names) {
      auto it = tagPositions.find(listed.name);
      if (it != tagPositions.end() && usedIn(it->second, region))
        continue;
      if (!defined) {
        defined.emplace();
        for (const auto &entry : tagPositions)
          if (usedIn(entry.second, region))
            defined->push_back(entry.first());
        llvm::sort(*defined);
      }
      InFlightDiagnostic diag = region.op.emitWarning();
      diag << "remat-rematerialize: checkpoint policy "
           << stringifyPolicyKind(listed.kind) << " names '" << listed.name
           << "', which no remat.name in this region tags";
      // The closest tag, if close enough to be the one meant.
      unsigned maxDistance =
          std::max<unsigned>(1, static_cast<unsigned>(listed.name.size()) / 3);
      std::optional<llvm::StringRef> closest;
      unsigned closestDistance = maxDistance + 1;
      for (llvm::StringRef tag : *defined) {
        unsigned distance = listed.name.edit_distance(
            tag, /*AllowReplacements=*/true, maxDistance);
        if (distance < closestDistance) {
          closest = tag;
          closestDistance = distance;
        }
      }
      if (closest) {
        diag << "; did you mean '" << *closest << "'?";
      } else if (defined->empty()) {
        diag << "; the region tags no value (remat.name %v as \"...\")";
      } else {
        diag << "; the region's names are ";
        constexpr size_t kMaxListed = 10;
        llvm::interleaveComma(
            llvm::ArrayRef(*defined).take_front(kMaxListed), diag,
            [&](llvm::StringRef tag) { diag << "'" << tag << "'"; });
        if (defined->size() > kMaxListed)
          diag << " and " << defined->size() - kMaxListed << " more";
      }
    }
  }
}

} // namespace

LogicalResult remat::applyPolicies(GraphProblem &graph) {
  Problem &problem = graph.problem;

  // Forward ops by id, and the first step at which each node is read by a
  // backward op, per region that backward op belongs to.
  // A copy an earlier plan recomputed carries its original's id; the
  // original, in the forward pass, is the one the id names.
  llvm::DenseMap<int64_t, Operation *> forwardOps;
  for (Operation *op : graph.schedule)
    if (auto id = op->getAttrOfType<IntegerAttr>(kForwardIdAttr))
      if (!op->hasAttr(kRecomputedCopyAttr))
        forwardOps.try_emplace(id.getInt(), op);
  for (Operation *op : graph.schedule)
    if (auto id = op->getAttrOfType<IntegerAttr>(kForwardIdAttr))
      forwardOps.try_emplace(id.getInt(), op);

  /// The forward op a backward op differentiates, or null.
  auto forwardOf = [&](Operation *op) -> Operation * {
    auto id = op->getAttrOfType<IntegerAttr>(kVjpOfAttr);
    if (!id)
      return nullptr;
    return forwardOps.lookup(id.getInt());
  };

  // The first backward step of each checkpoint region (the first op whose
  // remat.vjp_of names a forward op inside it), and of the whole function.
  llvm::DenseMap<Operation *, Step> regionBackwardStart;
  std::optional<Step> backwardStart;
  for (NodeId id = 0; id < problem.size(); ++id) {
    Operation *op = graph.ops[id];
    if (!op || problem.node(id).resident)
      continue;
    Operation *forward = forwardOf(op);
    if (!forward)
      continue;
    if (!backwardStart)
      backwardStart = id;
    // A region that has its start already has its ancestors' too (they got
    // theirs with it, or before): stop there, so that a nest N deep costs
    // O(N) here, not O(N) per backward op.
    for (auto region = forward->getParentOfType<CheckpointOp>(); region;
         region = region->getParentOfType<CheckpointOp>())
      if (!regionBackwardStart.try_emplace(region, id).second)
        break;
  }
  // Policy names that select nothing, where the policies apply: in a
  // function with a backward pass (see warnUnmatchedPolicyNames).
  if (backwardStart)
    if (auto func = graph.ops[*backwardStart]->getParentOfType<func::FuncOp>())
      warnUnmatchedPolicyNames(func);
  // The last step that reads each node.
  std::vector<Step> lastRead(problem.size(), -1);
  for (NodeId id = 0; id < problem.size(); ++id)
    for (NodeId input : problem.node(id).inputs)
      lastRead[input] = std::max(lastRead[input], id);

  for (NodeId id = 0; id < problem.size(); ++id) {
    Node &node = problem.node(id);
    Operation *op = graph.ops[id];
    // Side results are small and always kept (GraphProblem.h).
    if (!op || node.resident || graph.isSideResult(id))
      continue;

    // The keep limit "not saved for the backward pass" means, given where
    // that backward pass starts: nothing read from then on may come from
    // the copy the forward pass made.
    auto limitFrom = [&](std::optional<Step> start) -> std::optional<Step> {
      if (!start || lastRead[id] < *start)
        return std::nullopt;
      return *start - 1;
    };

    // Region policies. JAX asks a policy about every primitive application
    // inside the region, whether the backward reads its value directly or
    // only through recomputing another value: each value of the region is
    // saveable or not, and one that is not is never kept across the
    // region's forward->backward boundary, even when only other ops of the
    // region read it. So the limit does not depend on who reads the value.
    //
    // Nesting, as JAX's partial evaluation does it: the outer region's
    // policy is applied to the values of the regions inside it too (the
    // remat rule of the inner region recurses with the outer `saveable`),
    // so the outermost region decides what the forward pass keeps for the
    // backward pass. The inner region's policy applies when the outer
    // region's forward is re-run: a value recomputed then (for the outer
    // region's backward) is kept into the inner region's backward only if
    // the inner policy saves it, else it is recomputed again there
    // (Node::copyLimits, one per inner region, outermost first).
    llvm::SmallVector<CheckpointOp> regions;
    for (auto region = op->getParentOfType<CheckpointOp>(); region;
         region = region->getParentOfType<CheckpointOp>())
      regions.push_back(region);
    std::reverse(regions.begin(), regions.end());
    DotInfo dot = regions.empty() ? DotInfo() : classifyDot(op);
    auto decide = [&](PolicyAttr policy) -> std::pair<bool, bool> {
      bool saveable = false, offloaded = false;
      if (graph.tags[id].empty()) {
        saveable = policy.isSaveable("", dot.isDot, dot.hasBatchDims);
        offloaded = policy.isOffloaded("", dot.isDot, dot.hasBatchDims);
      }
      for (const std::string &tag : graph.tags[id]) {
        saveable |= policy.isSaveable(tag, dot.isDot, dot.hasBatchDims);
        offloaded |= policy.isOffloaded(tag, dot.isDot, dot.hasBatchDims);
      }
      return {saveable, offloaded};
    };
    // The step before a region's backward pass starts, if it has one and
    // this value comes before it (a value of the region's forward).
    auto boundary = [&](CheckpointOp region) -> std::optional<Step> {
      auto it = regionBackwardStart.find(region);
      if (it == regionBackwardStart.end() || it->second <= id)
        return std::nullopt;
      return it->second - 1;
    };
    if (!regions.empty()) {
      node.policyGoverned = true;
      auto [saveable, offloaded] = decide(regions.front().getPolicy());
      if (saveable) {
        node.policySaveable = true;
      } else if (std::optional<Step> limit = boundary(regions.front())) {
        // A value remat.offload cannot move (a tensor with an encoding) is
        // recomputed instead, or kept.
        if (offloaded && !node.mustSave && hasOffloadableResults(graph, id)) {
          node.offloadable = node.mustOffload = true;
          node.keepLimit = *limit;
        } else if (node.recomputable) {
          node.keepLimit = *limit;
        }
        // A value with side effects cannot be recomputed: it stays kept.
      }
      // The inner regions' re-runs (recomputed copies only; an offloaded
      // value is reloaded once and that copy serves the rest).
      if (!saveable && !node.mustOffload && node.recomputable &&
          node.keepLimit != kNoKeepLimit) {
        Step last = node.keepLimit;
        for (CheckpointOp inner : llvm::drop_begin(regions)) {
          std::optional<Step> limit = boundary(inner);
          if (!limit || *limit <= last)
            continue;
          node.copyLimits.push_back({*limit, decide(inner.getPolicy()).first});
          last = *limit;
        }
      }
    }

    // A mark on the op overrides the region's policy.
    auto mark = op->getAttrOfType<CheckpointMarkAttr>(kMarkAttrName);
    if (!mark)
      continue;
    switch (mark.getValue()) {
    case CheckpointMark::MustSave:
      node.mustSave = true;
      node.mustOffload = false;
      node.keepLimit = kNoKeepLimit;
      node.copyLimits.clear();
      break;
    case CheckpointMark::PreferSave:
      node.preference = Preference::PreferSave;
      break;
    case CheckpointMark::MustRecompute:
      // A copy an earlier plan recomputed for the backward pass (it keeps
      // its original's mark) has honoured the mark already: it serves the
      // backward reads, and a new plan may keep or recompute it again.
      if (op->hasAttr(kRecomputedCopyAttr)) {
        node.policySaveable = false;
        break;
      }
      // It names a forward value, to be recomputed for the backward pass;
      // an op of the backward pass itself has nothing to recompute for.
      if (backwardStart && id >= *backwardStart) {
        InFlightDiagnostic diag =
            op->emitOpError("is marked must_recompute but runs in the "
                            "backward pass; must_recompute applies to values "
                            "of the forward pass: drop the mark");
        diag.attachNote(graph.ops[*backwardStart]->getLoc())
            << "the backward pass starts here";
        return diag;
      }
      node.policySaveable = false;
      if (std::optional<Step> limit = limitFrom(backwardStart))
        if (node.recomputable)
          node.keepLimit = *limit;
      break;
    case CheckpointMark::PreferRecompute:
      node.preference = Preference::PreferRecompute;
      break;
    }
  }
  return success();
}
