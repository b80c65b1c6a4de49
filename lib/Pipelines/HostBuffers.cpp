//===- HostBuffers.cpp - #remat.host buffers for every target -------------===//

#include "HostBuffers.h"

#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "remat/Dialect/Remat/IR/RematDialect.h"
#include "remat/Dialect/Remat/IR/TypeSize.h"

using namespace mlir;

static bool isHostSpace(Attribute space) {
  return isa_and_nonnull<remat::HostMemoryAttr>(space);
}

bool remat::isHostMemRef(Type type) {
  auto memref = dyn_cast<BaseMemRefType>(type);
  return memref && isHostSpace(memref.getMemorySpace());
}

FailureOr<SmallVector<memref::AllocOp>>
remat::collectHostAllocations(ModuleOp module) {
  SmallVector<memref::AllocOp> allocs;
  bool failed = false;
  module.walk([&](memref::AllocOp alloc) {
    if (!isHostMemRef(alloc.getType()))
      return;
    if (!alloc.getType().hasStaticShape() ||
        !alloc.getType().getLayout().isIdentity()) {
      alloc.emitOpError() << "in host memory (#remat.host) needs a static "
                             "shape and the identity layout";
      failed = true;
      return;
    }
    allocs.push_back(alloc);
  });
  if (failed)
    return failure();
  return allocs;
}

LogicalResult remat::replaceWithAllocationCall(memref::AllocOp alloc,
                                               StringRef function,
                                               ArrayRef<int64_t> leadingArgs) {
  OpBuilder b(alloc);
  Location loc = alloc.getLoc();
  MLIRContext *context = alloc.getContext();
  auto type = MemRefType::get(alloc.getType().getShape(),
                              alloc.getType().getElementType());
  std::optional<int64_t> size = getTypeBytes(type);
  if (!size)
    return alloc.emitOpError()
           << "in host memory has a size remat cannot model (elements of "
              "unknown size, or over 2^48 bytes)";
  Type i64 = b.getI64Type();
  auto ptr = LLVM::LLVMPointerType::get(context);
  SmallVector<Type> argTypes(leadingArgs.size() + 1, i64);
  FailureOr<LLVM::LLVMFuncOp> callee = LLVM::lookupOrCreateFn(
      b, alloc->getParentOfType<ModuleOp>(), function, argTypes, ptr);
  if (failed(callee))
    return alloc.emitOpError() << "cannot declare " << function;
  SmallVector<Value> args;
  for (int64_t value : leadingArgs)
    args.push_back(
        LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(value)));
  args.push_back(
      LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(*size)));
  Value memory = LLVM::CallOp::create(b, loc, *callee, args).getResult();
  LLVMTypeConverter converter(context);
  Value descriptor =
      MemRefDescriptor::fromStaticShape(b, loc, converter, type, memory);
  auto cast = UnrealizedConversionCastOp::create(b, loc, TypeRange{type},
                                                 ValueRange{descriptor});
  alloc.getResult().replaceAllUsesWith(cast.getResult(0));
  alloc.erase();
  return success();
}

void remat::dropHostMemorySpace(ModuleOp module) {
  AttrTypeReplacer replacer;
  replacer.addReplacement([](BaseMemRefType memref) -> std::optional<Type> {
    if (!isHostSpace(memref.getMemorySpace()))
      return std::nullopt;
    if (auto ranked = dyn_cast<MemRefType>(memref))
      return MemRefType::get(ranked.getShape(), ranked.getElementType(),
                             ranked.getLayout());
    return UnrankedMemRefType::get(memref.getElementType(), Attribute());
  });
  replacer.recursivelyReplaceElementsIn(module, /*replaceAttrs=*/true,
                                        /*replaceLocs=*/false,
                                        /*replaceTypes=*/true);
}
