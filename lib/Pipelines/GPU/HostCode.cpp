//===- HostCode.cpp - remat-gpu-host-code ---------------------------------===//
//
// After convert-parallel-loops-to-gpu, the host code of a function still
// holds what was not a parallel loop: loop nests that only reduce (a 0-d
// loss), scalar loads and stores, allocations. Buffers live in device
// memory, so the host must not touch their contents: such code runs in a
// kernel of one thread, allocations become gpu.alloc, and constants are
// read inside the kernels (outlining then copies them to the device).
//
//===----------------------------------------------------------------------===//

#include "DeviceMemory.h"
#include "remat/Pipelines/GPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace remat {
#define GEN_PASS_DEF_GPUHOSTCODE
#include "remat/Pipelines/GPU/Passes.h.inc"
} // namespace remat

using namespace mlir;

namespace {

/// Whether `op` or an op nested in it accesses memory contents, and whether
/// it contains device work (a kernel launch or a copy).
struct Contents {
  bool accesses = false;
  bool launches = false;
};

Contents inspect(Operation *op) {
  Contents c;
  op->walk<WalkOrder::PreOrder>([&](Operation *nested) {
    if (remat::isDeviceWork(nested)) {
      c.launches = true;
      return WalkResult::skip();
    }
    c.accesses |= remat::accessesDeviceContents(nested);
    return WalkResult::advance();
  });
  return c;
}

/// Whether `op`, or an op nested in it, reads a result of one of `run`.
bool readsValueOf(Operation *op, ArrayRef<Operation *> run) {
  llvm::SmallPtrSet<Operation *, 8> members(run.begin(), run.end());
  WalkResult result = op->walk([&](Operation *nested) {
    for (Value operand : nested->getOperands())
      if (Operation *def = operand.getDefiningOp(); def && members.count(def))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

struct GpuHostCodePass final : remat::impl::GpuHostCodeBase<GpuHostCodePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool failed = false;
    for (auto func : module.getOps<func::FuncOp>())
      if (!func.isExternal())
        failed |= ::mlir::failed(moveIntoKernels(func.getBody().front()));
    if (failed)
      return signalPassFailure();
    module.walk([&](gpu::LaunchOp launch) { sinkGlobals(launch); });
    allocateOnDevice(module);
  }

  /// Runs the ops of `block` (host code) that touch memory contents and
  /// launch nothing in one-thread kernels, each maximal run of them (with
  /// the scalar ops between them: a reduction's loaded initial value and
  /// its loop) in one kernel; descends into ops that both launch kernels
  /// and touch memory (a scan's loop).
  LogicalResult moveIntoKernels(Block &block) {
    bool failed = false;
    SmallVector<Operation *> run;
    auto flush = [&]() {
      // Scalar ops after the last access stay on the host.
      while (!run.empty() && !inspect(run.back()).accesses)
        run.pop_back();
      if (!run.empty())
        failed |= ::mlir::failed(wrapInKernel(run));
      run.clear();
    };
    for (Operation &op : llvm::make_early_inc_range(block)) {
      if (op.hasTrait<OpTrait::IsTerminator>() || remat::isDeviceWork(&op)) {
        flush();
        continue;
      }
      Contents c = inspect(&op);
      if (c.launches) {
        flush();
        if (c.accesses)
          for (Region &region : op.getRegions())
            for (Block &nested : region)
              failed |= ::mlir::failed(moveIntoKernels(nested));
        continue;
      }
      if (c.accesses ||
          (!run.empty() && ((isMemoryEffectFree(&op) &&
                             op.getNumRegions() == 0) ||
                            readsValueOf(&op, run)))) {
        run.push_back(&op);
        continue;
      }
      flush();
    }
    flush();
    return failure(failed);
  }

  /// Moves `ops` (consecutive in their block) into a new gpu.launch of one
  /// block of one thread; fails when the host reads one of their results.
  /// A pure op of the run whose results the host uses too, and that reads
  /// nothing the run computes (an index, a view), stays on the host, before
  /// the kernel.
  static LogicalResult wrapInKernel(ArrayRef<Operation *> run) {
    Block *block = run.front()->getBlock();
    llvm::SmallPtrSet<Operation *, 8> inRun(run.begin(), run.end());
    auto usedOutside = [&](Operation *op) {
      for (Value result : op->getResults())
        for (Operation *user : result.getUsers()) {
          Operation *top = user;
          while (top && top->getBlock() != block)
            top = top->getParentOp();
          if (!top || !inRun.contains(top))
            return true;
        }
      return false;
    };
    auto readsRun = [&](Operation *op) {
      return llvm::any_of(op->getOperands(), [&](Value operand) {
        Operation *def = operand.getDefiningOp();
        return def && inRun.contains(def);
      });
    };
    SmallVector<Operation *> hoisted, ops;
    for (Operation *op : run) {
      if (!usedOutside(op)) {
        ops.push_back(op);
        continue;
      }
      if (isMemoryEffectFree(op) && !inspect(op).accesses && !readsRun(op)) {
        hoisted.push_back(op);
        inRun.erase(op);
        continue;
      }
      return op->emitOpError()
             << "reads device memory into a value the host code uses, "
                "which remat-lower-gpu cannot lower";
    }
    for (Operation *op : hoisted)
      op->moveBefore(run.front()); // run.front() reads memory: not hoisted
    OpBuilder b(ops.front());
    Location loc = ops.front()->getLoc();
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    auto launch = gpu::LaunchOp::create(b, loc, one, one, one, one, one, one);
    Block &body = launch.getBody().front();
    OpBuilder inner = OpBuilder::atBlockEnd(&body);
    gpu::TerminatorOp::create(inner, loc);
    for (Operation *op : ops)
      op->moveBefore(body.getTerminator());
    return success();
  }

  /// Clones into `launch` each memref.get_global it reads from outside.
  static void sinkGlobals(gpu::LaunchOp launch) {
    llvm::SetVector<Value> captured;
    launch.getBody().walk([&](Operation *op) {
      for (Value operand : op->getOperands())
        if (auto global = operand.getDefiningOp<memref::GetGlobalOp>())
          if (!launch->isAncestor(global))
            captured.insert(operand);
    });
    OpBuilder b = OpBuilder::atBlockBegin(&launch.getBody().front());
    for (Value value : captured) {
      Operation *clone = b.clone(*value.getDefiningOp());
      value.replaceUsesWithIf(clone->getResult(0), [&](OpOperand &use) {
        return launch->isAncestor(use.getOwner());
      });
    }
  }

  /// Host allocations become device allocations.
  static void allocateOnDevice(ModuleOp module) {
    SmallVector<Operation *> ops;
    module.walk([&](Operation *op) {
      if (isa<memref::AllocOp, memref::DeallocOp>(op) &&
          !op->getParentOfType<gpu::LaunchOp>() &&
          !op->getParentOfType<gpu::GPUModuleOp>())
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      OpBuilder b(op);
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        auto device = gpu::AllocOp::create(
            b, alloc.getLoc(), alloc.getType(), /*asyncToken=*/Type(),
            /*asyncDependencies=*/ValueRange(), alloc.getDynamicSizes(),
            alloc.getSymbolOperands());
        alloc.getResult().replaceAllUsesWith(device.getMemref());
      } else {
        auto dealloc = cast<memref::DeallocOp>(op);
        gpu::DeallocOp::create(b, dealloc.getLoc(), /*asyncToken=*/Type(),
                               /*asyncDependencies=*/ValueRange(),
                               dealloc.getMemref());
      }
      op->erase();
    }
  }
};

} // namespace
