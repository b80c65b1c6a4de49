//===- TargetMemoryModel.cpp - the registry of target memory models -------===//

#include "remat/Analysis/TargetMemoryModel.h"

#include "remat/Dialect/Remat/IR/RematOps.h"
#include "remat/Dialect/Remat/IR/TypeSize.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <mutex>

using namespace remat;

TargetMemoryModel::~TargetMemoryModel() = default;

int64_t TargetMemoryModel::getBufferBytes(int64_t bytes) const {
  int64_t alignment = std::max<int64_t>(getBufferAlignment(), 1);
  return (bytes + alignment - 1) / alignment * alignment;
}

int64_t TargetMemoryModel::getMemoryBytes(mlir::Type type) const {
  if (!llvm::isa<mlir::ShapedType>(type))
    return 0;
  return getBufferBytes(getTypeBytes(type).value_or(0));
}

bool TargetMemoryModel::isView(mlir::Operation *op) const {
  if (op->getNumResults() != 1 || op->getNumOperands() == 0)
    return false;
  auto cost = llvm::dyn_cast<RematCostOpInterface>(op);
  return cost && cost.isView() && !viewNeedsCopy(op);
}

namespace {

struct Registry {
  std::mutex mutex;
  llvm::StringMap<std::unique_ptr<TargetMemoryModel>> models;
};

Registry &registry() {
  static Registry instance;
  return instance;
}

} // namespace

void remat::registerTargetMemoryModel(
    std::unique_ptr<TargetMemoryModel> model) {
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  std::string name = model->getName().str();
  // The first registration stays: passes may hold the model it made.
  if (!r.models.count(name))
    r.models[name] = std::move(model);
}

const TargetMemoryModel *remat::lookupTargetMemoryModel(llvm::StringRef name) {
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.models.find(name);
  return it == r.models.end() ? nullptr : it->second.get();
}

std::vector<std::string> remat::getRegisteredTargetNames() {
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  std::vector<std::string> names;
  for (const auto &entry : r.models)
    names.push_back(entry.getKey().str());
  std::sort(names.begin(), names.end());
  return names;
}
