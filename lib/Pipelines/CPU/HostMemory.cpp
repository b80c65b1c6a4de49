//===- HostMemory.cpp - remat-lower-host-memory ---------------------------===//
//
// Host buffers (the #remat.host memory space that convert-remat-to-linalg
// gives offloaded values) become allocations through the runtime's host
// entry point, and the memory space leaves every type: on the CPU it is the
// same memory, told apart only by the tracked allocator's counters.
//
//===----------------------------------------------------------------------===//

#include "remat/Pipelines/CPU/Passes.h"

#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "remat/Dialect/Remat/IR/RematDialect.h"
#include "remat/Dialect/Remat/IR/TypeSize.h"

namespace remat {
#define GEN_PASS_DEF_LOWERHOSTMEMORY
#include "remat/Pipelines/CPU/Passes.h.inc"
} // namespace remat

using namespace mlir;

namespace {

/// The runtime's entry point for host buffers (MemoryTracker.h).
constexpr StringLiteral kHostAllocFunction = "remat_runtime_host_alloc";

/// Alignment of a host buffer whose alloc names none (as bufferization's).
constexpr int64_t kDefaultAlignment = 64;

bool isHostSpace(Attribute space) {
  return isa_and_nonnull<remat::HostMemoryAttr>(space);
}

/// A replacer moving every memref in the #remat.host space to the default
/// space, at any depth (function types, memrefs of memrefs).
AttrTypeReplacer hostSpaceDropper() {
  AttrTypeReplacer replacer;
  replacer.addReplacement([](BaseMemRefType memref) -> std::optional<Type> {
    if (!isHostSpace(memref.getMemorySpace()))
      return std::nullopt;
    if (auto ranked = dyn_cast<MemRefType>(memref))
      return MemRefType::get(ranked.getShape(), ranked.getElementType(),
                             ranked.getLayout());
    return UnrankedMemRefType::get(memref.getElementType(), Attribute());
  });
  return replacer;
}

struct LowerHostMemoryPass final
    : remat::impl::LowerHostMemoryBase<LowerHostMemoryPass> {
  using LowerHostMemoryBase::LowerHostMemoryBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<memref::AllocOp> allocs;
    bool failed = false;
    module.walk([&](memref::AllocOp alloc) {
      if (!isHostSpace(alloc.getType().getMemorySpace()))
        return;
      if (!alloc.getType().hasStaticShape() ||
          !alloc.getType().getLayout().isIdentity()) {
        alloc.emitOpError()
            << "in host memory (#remat.host) needs a static shape and the "
               "identity layout";
        failed = true;
        return;
      }
      allocs.push_back(alloc);
    });
    if (failed)
      return signalPassFailure();
    if (trackAllocations)
      for (memref::AllocOp alloc : allocs)
        if (::mlir::failed(lowerAllocation(alloc)))
          return signalPassFailure();
    // Every value, block argument and attribute (function types) leaves the
    // host space.
    hostSpaceDropper().recursivelyReplaceElementsIn(
        module, /*replaceAttrs=*/true, /*replaceLocs=*/false,
        /*replaceTypes=*/true);
  }

  /// Replaces `alloc` with a call of the runtime's host allocator and a
  /// descriptor of its result (cast back to the memref type, which
  /// finalize-memref-to-llvm and reconcile-unrealized-casts fold away).
  LogicalResult lowerAllocation(memref::AllocOp alloc) {
    OpBuilder b(alloc);
    Location loc = alloc.getLoc();
    auto type = MemRefType::get(alloc.getType().getShape(),
                                alloc.getType().getElementType());
    LLVMTypeConverter converter(&getContext());
    std::optional<int64_t> size = remat::getTypeBytes(type);
    if (!size)
      return alloc.emitOpError()
             << "in host memory has a size remat cannot model (elements of "
                "unknown size, or over 2^48 bytes)";
    int64_t alignment =
        static_cast<int64_t>(alloc.getAlignment().value_or(kDefaultAlignment));
    Type i64 = b.getI64Type();
    auto ptr = LLVM::LLVMPointerType::get(&getContext());
    FailureOr<LLVM::LLVMFuncOp> callee = LLVM::lookupOrCreateFn(
        b, getOperation(), kHostAllocFunction, {i64, i64}, ptr);
    if (::mlir::failed(callee))
      return alloc.emitOpError() << "cannot declare " << kHostAllocFunction;
    Value args[] = {
        LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(alignment)),
        LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(*size))};
    Value memory = LLVM::CallOp::create(b, loc, *callee, args).getResult();
    Value descriptor =
        MemRefDescriptor::fromStaticShape(b, loc, converter, type, memory);
    auto cast = UnrealizedConversionCastOp::create(b, loc, TypeRange{type},
                                                   ValueRange{descriptor});
    alloc.getResult().replaceAllUsesWith(cast.getResult(0));
    alloc.erase();
    return success();
  }
};

} // namespace
