//===- Sinking.cpp - move computations to their first readers -------------===//
//
// A node's readers come after it, and a plan that neither recomputes nor
// offloads the node binds them all to its original copy. Recomputing the
// node just before the first of them, in ascending node order among that
// step's recomputations (operands first), makes that copy the one every
// read binds to, and the original, read by nothing, is erased by the
// replay: the computation has moved.
//
//===----------------------------------------------------------------------===//

#include "Sinking.h"

#include <algorithm>

using namespace remat;

void remat::sinkComputations(const Problem &problem,
                             const std::vector<std::vector<Step>> &uses,
                             Plan &plan, Step lo, Step hi) {
  plan.resize(problem);
  std::vector<char> touched(problem.size(), 0);
  for (const auto *lists : {&plan.recomputeBefore, &plan.offloadAfter})
    for (const std::vector<NodeId> &list : *lists)
      for (NodeId id : list)
        touched[id] = 1;
  for (NodeId id = std::min<Step>(hi, problem.size() - 1);
       id >= std::max<Step>(lo, 0); --id) {
    const Node &node = problem.node(id);
    if (touched[id] || node.resident || !node.recomputable || node.mustSave ||
        node.mustOffload || node.isOutput || node.withPrevious ||
        node.keepLimit != kNoKeepLimit || uses[id].empty() ||
        (id + 1 < problem.size() && problem.node(id + 1).withPrevious))
      continue;
    Step first = uses[id].front();
    if (first <= id + 1 || first >= problem.size())
      continue;
    if (std::any_of(node.inputs.begin(), node.inputs.end(), [&](NodeId in) {
          Step limit = problem.node(in).keepLimit;
          return limit != kNoKeepLimit && limit < first;
        }))
      continue;
    // Not recomputed anywhere (touched), so not yet in the list.
    std::vector<NodeId> &list = plan.recomputeBefore[first];
    list.insert(std::lower_bound(list.begin(), list.end(), id), id);
  }
}
