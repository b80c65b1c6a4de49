//===- HostMemory.cpp - remat-gpu-host-memory -----------------------------===//
//
// Offloaded values on the GPU: #remat.host buffers in pinned host memory
// from libRematGpuRuntime (counted apart from device bytes), freed through
// it, and filled and read back by gpu.memcpy (DMA on the stream) instead of
// kernels.
//
//===----------------------------------------------------------------------===//

#include "remat/Pipelines/GPU/Passes.h"

#include "../HostBuffers.h"

#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"

namespace remat {
#define GEN_PASS_DEF_GPUHOSTMEMORY
#include "remat/Pipelines/GPU/Passes.h.inc"
} // namespace remat

using namespace mlir;

namespace {

/// libRematGpuRuntime's entry points for pinned host memory (GpuRuntime.h).
constexpr StringLiteral kHostAllocFunction = "remat_gpu_host_alloc";
constexpr StringLiteral kHostFreeFunction = "remat_gpu_host_free";

/// The `!llvm.ptr` to the first element of `memref`: its aligned pointer
/// plus its offset.
Value elementPointer(OpBuilder &b, Location loc, Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  Value aligned = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  Value address = arith::IndexCastOp::create(b, loc, b.getI64Type(), aligned);
  Value base = LLVM::IntToPtrOp::create(b, loc, ptrType, address);
  if (type.getLayout().isIdentity())
    return base;
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value offset = arith::IndexCastOp::create(b, loc, b.getI64Type(),
                                            metadata.getOffset());
  // Elements as LLVM lays them out in memory (an i1 takes a byte, as in a
  // memref's buffer).
  LLVMTypeConverter converter(b.getContext());
  Type element = converter.convertType(type.getElementType());
  return LLVM::GEPOp::create(b, loc, ptrType, element, base,
                             ValueRange{offset});
}

/// `memref` with the identity layout, aliasing the same elements: itself,
/// or a descriptor of its first element's pointer. gpu.memcpy's lowering
/// takes identity layouts only (it copies from the aligned pointers).
Value identityView(OpBuilder &b, Location loc, Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  if (type.getLayout().isIdentity())
    return memref;
  // Without the memory space, which the LLVM type converter does not know
  // (the pass drops it from every type anyway).
  auto identity = MemRefType::get(type.getShape(), type.getElementType());
  LLVMTypeConverter converter(b.getContext());
  Value descriptor = MemRefDescriptor::fromStaticShape(
      b, loc, converter, identity, elementPointer(b, loc, memref));
  return UnrealizedConversionCastOp::create(b, loc, TypeRange{identity},
                                            ValueRange{descriptor})
      .getResult(0);
}

struct GpuHostMemoryPass final
    : remat::impl::GpuHostMemoryBase<GpuHostMemoryPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<SmallVector<memref::AllocOp>> allocs =
        remat::collectHostAllocations(module);
    if (failed(allocs))
      return signalPassFailure();
    SmallVector<memref::CopyOp> copies;
    SmallVector<memref::DeallocOp> frees;
    bool failed = false;
    module.walk([&](Operation *op) {
      if (auto copy = dyn_cast<memref::CopyOp>(op)) {
        if (!remat::isHostMemRef(copy.getSource().getType()) &&
            !remat::isHostMemRef(copy.getTarget().getType()))
          return;
        for (Value side : {copy.getSource(), copy.getTarget()}) {
          auto type = dyn_cast<MemRefType>(side.getType());
          if (!type || !memref::isStaticShapeAndContiguousRowMajor(type)) {
            copy.emitOpError()
                << "copies between host and device memory through "
                << side.getType()
                << ", which is not a statically shaped contiguous buffer; "
                   "remat-lower-gpu copies host memory by DMA, whole "
                   "contiguous buffers only";
            failed = true;
            return;
          }
        }
        copies.push_back(copy);
      } else if (auto free = dyn_cast<memref::DeallocOp>(op)) {
        if (remat::isHostMemRef(free.getMemref().getType()))
          frees.push_back(free);
      }
    });
    if (failed)
      return signalPassFailure();

    for (memref::CopyOp copy : copies) {
      OpBuilder b(copy);
      Location loc = copy.getLoc();
      Value target = identityView(b, loc, copy.getTarget());
      Value source = identityView(b, loc, copy.getSource());
      gpu::MemcpyOp::create(b, loc, TypeRange{}, ValueRange{}, target, source);
      copy.erase();
    }
    auto ptrType = LLVM::LLVMPointerType::get(&getContext());
    for (memref::DeallocOp free : frees) {
      OpBuilder b(free);
      FailureOr<LLVM::LLVMFuncOp> callee = LLVM::lookupOrCreateFn(
          b, module, kHostFreeFunction, {ptrType},
          LLVM::LLVMVoidType::get(&getContext()));
      if (::mlir::failed(callee)) {
        free.emitOpError() << "cannot declare " << kHostFreeFunction;
        return signalPassFailure();
      }
      // The allocation's own pointer: host buffers are allocated whole.
      Value aligned = memref::ExtractAlignedPointerAsIndexOp::create(
          b, free.getLoc(), free.getMemref());
      Value address = arith::IndexCastOp::create(b, free.getLoc(),
                                                 b.getI64Type(), aligned);
      Value pointer =
          LLVM::IntToPtrOp::create(b, free.getLoc(), ptrType, address);
      LLVM::CallOp::create(b, free.getLoc(), *callee, ValueRange{pointer});
      free.erase();
    }
    // remat_gpu_host_alloc(bytes).
    for (memref::AllocOp alloc : *allocs)
      if (::mlir::failed(remat::replaceWithAllocationCall(
              alloc, kHostAllocFunction, {})))
        return signalPassFailure();
    remat::dropHostMemorySpace(module);
  }
};

} // namespace
