//===- Problem.cpp - a rematerialization problem --------------------------===//

#include "remat/Core/Problem.h"

#include <algorithm>
#include <cmath>

using namespace remat;

NodeId Problem::addNode(Node node) {
  nodes.push_back(std::move(node));
  return static_cast<NodeId>(nodes.size() - 1);
}

std::vector<std::vector<Step>> Problem::computeUses() const {
  std::vector<std::vector<Step>> uses(nodes.size());
  for (NodeId user = 0; user < size(); ++user)
    for (NodeId input : nodes[user].inputs)
      if (input >= 0 && input < user &&
          (uses[input].empty() || uses[input].back() != user))
        uses[input].push_back(user);
  for (NodeId id = 0; id < size(); ++id)
    if (nodes[id].isOutput)
      uses[id].push_back(size());
  return uses;
}

int64_t Problem::residentBytes() const {
  int64_t total = 0;
  for (const Node &node : nodes)
    if (node.resident)
      total += node.bytes;
  return total;
}

static std::string describe(NodeId id, const Node &node) {
  std::string text = "node " + std::to_string(id);
  if (!node.name.empty())
    text += " (" + node.name + ")";
  return text;
}

std::optional<std::string> Problem::check() const {
  if (!std::isfinite(transferCostPerByte) || transferCostPerByte < 0)
    return std::string("the transfer cost per byte must be finite and "
                       "non-negative");
  for (NodeId id = 0; id < size(); ++id) {
    const Node &node = nodes[id];
    std::string what = describe(id, node);
    if (node.bytes < 0 || node.scratchBytes < 0 || node.hostBytes < 0)
      return what + " has a negative size";
    if (!std::isfinite(node.cost) || node.cost < 0)
      return what + " has a cost that is negative or not finite";
    for (NodeId input : node.inputs)
      if (input < 0 || input >= id)
        return what + " reads node " + std::to_string(input) +
               ", which is not an earlier node";
    if (node.resident && !node.inputs.empty())
      return what + " is resident but has inputs";
    if (node.withPrevious &&
        (id == 0 || node.resident || nodes[id - 1].resident))
      return what + " is computed with the node before it, but one of the "
                    "two is resident or there is none";
    if (node.mustSave && (node.mustOffload || node.keepLimit != kNoKeepLimit))
      return what + " must be saved but a policy says it must not be kept";
    if (node.mustOffload && !node.offloadable)
      return what + " must be offloaded but is not offloadable";
    if (node.adjointOf != kNotAdjoint) {
      if (node.resident)
        return what + " is resident but belongs to the backward pass";
      if (node.adjointOf != kAdjointOfUnknown &&
          (node.adjointOf < 0 || node.adjointOf >= id))
        return what + " is the adjoint of node " +
               std::to_string(node.adjointOf) + ", which is not an earlier node";
      if (node.adjointOf >= 0 && (nodes[node.adjointOf].resident ||
                                  nodes[node.adjointOf].adjointOf != kNotAdjoint))
        return what + " is the adjoint of node " +
               std::to_string(node.adjointOf) +
               ", which is not a computed forward node";
    }
    if (node.keepLimit != kNoKeepLimit) {
      if (node.keepLimit < id)
        return what + " has a keep limit before its own step";
      if (node.resident)
        return what + " is resident but has a keep limit";
      if (!node.recomputable && !node.offloadable)
        return what + " may not be kept past step " +
               std::to_string(node.keepLimit) +
               " but can be neither recomputed nor offloaded";
    }
  }
  return std::nullopt;
}
