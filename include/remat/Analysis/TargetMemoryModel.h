//===- TargetMemoryModel.h - what a lowering target allocates ---*- C++ -*-===//
//
// The memory model has two halves. What a value is (its bytes, what an op
// reads and writes, its FLOPs) is the dialect's: RematCostOpInterface. What
// the compiled code allocates besides the values depends on the target the
// IR is lowered for: the granule buffers are allocated in, the temporaries
// its lowering and kernels allocate while an op runs (scratch), which views
// become copies, and whether it has host memory to offload to. Each target
// implements this interface beside the kernels it must match
// (lib/Pipelines/CPU/MemoryModel.cpp for remat-lower-cpu) and registers it
// by name; remat-rematerialize and remat-autodiff take `target=<name>`, so
// that the plan is made for the code of the target it is compiled for.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_ANALYSIS_TARGETMEMORYMODEL_H
#define REMAT_ANALYSIS_TARGETMEMORYMODEL_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
class Operation;
} // namespace mlir

namespace remat {

class TargetMemoryModel {
public:
  virtual ~TargetMemoryModel();

  /// The name `target=` options give (e.g. "cpu").
  virtual llvm::StringRef getName() const = 0;

  /// Alignment and size granule of every buffer the target allocates: a
  /// buffer of n bytes occupies n rounded up to a multiple of this.
  virtual int64_t getBufferAlignment() const = 0;

  /// Bytes of temporaries the compiled code of `op` allocates while it runs,
  /// besides its results: its lowering's and its kernels'. Called for ops
  /// without regions (ops with regions are measured from their bodies, see
  /// RegionPeak.h); 0 for ops the target allocates nothing extra for.
  virtual int64_t getScratchBytes(mlir::Operation *op) const = 0;

  /// Whether `op`, a view op (remat.reshape, remat.slice, remat.name),
  /// becomes a copy into a fresh buffer rather than a view.
  virtual bool viewNeedsCopy(mlir::Operation *op) const = 0;

  /// Whether the target has host memory that offloaded values go to (the
  /// #remat.host memory space).
  virtual bool hasHostMemory() const = 0;

  /// Bytes per second an offload or reload moves between device and host
  /// memory, and FLOPs per second of the target's compiled code: together
  /// they price a transfer in compute time (the defaults of the passes'
  /// offload-bandwidth= and flop-rate=).
  virtual double getHostLinkBandwidth() const = 0;
  virtual double getFlopRate() const = 0;

  /// Whether `op` is a remat view op (RematCostOpInterface::isView) that
  /// this target lowers to a view, allocating nothing.
  bool isView(mlir::Operation *op) const;

  /// Bytes a buffer of `bytes` occupies once allocated.
  int64_t getBufferBytes(int64_t bytes) const;

  /// Bytes a value of `type` occupies in memory: a statically shaped
  /// tensor's buffer (rounded up to the alignment); 0 for scalars, which
  /// live in registers, and for types without a size.
  int64_t getMemoryBytes(mlir::Type type) const;
};

/// Registers `model` under its name; a second registration of a name is
/// ignored. Thread safe; models live until the process ends.
void registerTargetMemoryModel(std::unique_ptr<TargetMemoryModel> model);

/// The model registered as `name`, or null.
const TargetMemoryModel *lookupTargetMemoryModel(llvm::StringRef name);

/// The names of the registered models, sorted.
std::vector<std::string> getRegisteredTargetNames();

/// The target remat-rematerialize and remat-autodiff plan for by default.
inline constexpr llvm::StringLiteral kDefaultTarget = "cpu";

} // namespace remat

#endif // REMAT_ANALYSIS_TARGETMEMORYMODEL_H
