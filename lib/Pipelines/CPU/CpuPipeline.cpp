//===- CpuPipeline.cpp - remat-lower-cpu ------------------------------------===//

#include "remat/Pipelines/Pipelines.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "remat/Conversion/Passes.h"
#include "remat/Dialect/Remat/IR/TypeSize.h"
#include "remat/Pipelines/CPU/MemoryModel.h"
#include "remat/Pipelines/CPU/Passes.h"

namespace remat {
#define GEN_PASS_DEF_CHECKCPULOWERABLE
#define GEN_PASS_DEF_EMITCINTERFACE
#include "remat/Pipelines/CPU/Passes.h.inc"
} // namespace remat

using namespace mlir;

namespace {

/// Marks every public function with llvm.emit_c_interface so that
/// func-to-llvm emits an `_mlir_ciface_<name>` wrapper taking
/// StridedMemRefType pointers.
struct EmitCInterfacePass final
    : remat::impl::EmitCInterfaceBase<EmitCInterfacePass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>())
      if (func.isPublic() && !func.isExternal())
        func->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                      UnitAttr::get(&getContext()));
  }
};

/// Whether `op` reads or produces a tensor.
bool touchesTensors(Operation *op) {
  auto isTensor = [](Type type) { return isa<TensorType>(type); };
  return llvm::any_of(op->getOperandTypes(), isTensor) ||
         llvm::any_of(op->getResultTypes(), isTensor);
}

/// Rejects, with a diagnostic on each, the ops on tensors that the rest of
/// the pipeline cannot lower, before bufferization fails on the first of
/// them with an internal message ("op was not bufferized"). It runs after
/// convert-remat-to-linalg, which leaves on tensors only upstream ops, each
/// elementwise one (arith, math) already a linalg.generic: what remains must
/// be known to One-Shot Bufferize (linalg, tensor, bufferization, scf, func,
/// arith.constant, ...). Ops that touch no tensor (scalars, memrefs) pass.
struct CheckLowerablePass final
    : remat::impl::CheckCpuLowerableBase<CheckLowerablePass> {
  using CheckCpuLowerableBase::CheckCpuLowerableBase;
  void runOnOperation() override {
    bool failed = false;
    getOperation()->walk([&](Operation *op) {
      // Sizes that overflow would wrap around in the allocation's size.
      SmallVector<Type> defined(op->getResultTypes());
      if (auto func = dyn_cast<FunctionOpInterface>(op))
        llvm::append_range(defined, func.getArgumentTypes());
      for (Type type : defined) {
        auto tensor = dyn_cast<RankedTensorType>(type);
        if (tensor && tensor.hasStaticShape() &&
            remat::getElementBytes(tensor.getElementType()) &&
            !remat::getTypeBytes(tensor)) {
          op->emitOpError() << "defines a value of type " << tensor
                            << ", larger than the 2^48 bytes (256 TiB) "
                            << pipeline << " can allocate";
          failed = true;
        }
      }
      // One-Shot Bufferize takes an arith.select on tensors only with a
      // scalar condition; convert-remat-to-linalg made a linalg.generic of
      // each one with a tensor condition and static shapes.
      auto select = dyn_cast<arith::SelectOp>(op);
      bool tensorCondition =
          select && isa<TensorType>(select.getCondition().getType());
      if (!touchesTensors(op) ||
          (isa<bufferization::BufferizableOpInterface>(op) && !tensorCondition))
        return;
      InFlightDiagnostic diag =
          op->emitOpError() << "on tensors cannot be lowered by " << pipeline;
      if (OpTrait::hasElementwiseMappableTraits(op))
        diag << " (an elementwise op only on statically shaped tensors "
                "without an encoding)";
      diag << ": on tensors it lowers remat ops, elementwise arith and math "
              "ops, and the linalg, tensor, bufferization, scf and func ops "
              "that One-Shot Bufferize supports; convert this op to those "
              "first";
      failed = true;
    });
    if (failed)
      signalPassFailure();
  }
};

} // namespace

void remat::buildCpuPipeline(OpPassManager &pm,
                             const CpuPipelineOptions &options) {
  // The CPU to compile for, on the module (llvm.target): the kernels choose
  // their register tiles from it.
  remat::SetCpuTargetOptions target;
  target.cpu = options.cpu;
  target.cpuFeatures = options.cpuFeatures;
  pm.addPass(remat::createSetCpuTarget(target));
  // Each remat op's operands stay alive until its whole lowering is done,
  // as the memory model counts them (remat-hold-operands).
  pm.addNestedPass<func::FuncOp>(createHoldOperands());
  // remat ops, and foreign elementwise ops on tensors (arith, math), ->
  // linalg/tensor/arith/math on tensors.
  pm.addPass(createConvertRematToLinalg());
  // A diagnostic on each op on tensors left that bufferization cannot take
  // (a foreign op of another dialect), naming it, instead of bufferization's
  // internal failure on the first.
  pm.addPass(remat::createCheckCpuLowerable());
  if (options.cInterface)
    pm.addPass(remat::createEmitCInterface());
  // Tile and vectorize on tensors, before bufferization, so that the
  // accumulator tiles become loop-carried vectors (no CSE: it would merge
  // rematerialized clones back into the values they replace).
  if (options.vectorize)
    pm.addNestedPass<func::FuncOp>(remat::createTileAndVectorize());
  // Tensors -> buffers across function boundaries; arguments and results
  // become memrefs with the identity layout (what the C interface expects).
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  // Copies of a slice onto itself that bufferization leaves for CSE to fold
  // (SliceCopies.cpp).
  pm.addNestedPass<func::FuncOp>(remat::createDropSelfCopies());
  // Insert deallocations (ownership-based, at the end of each block) ...
  bufferization::buildBufferDeallocationPipeline(pm);
  pm.addPass(createConvertBufferizationToMemRefPass());
  // ... then free each buffer right after its last use: the memory model
  // every plan was made under.
  pm.addPass(remat::createFreeAfterLastUse());
  // What tiling left as linalg, and the vectors, become loops.
  pm.addPass(createConvertLinalgToLoopsPass());
  // Full unrolling: otherwise allocas land inside loops and the stack
  // overflows at run time.
  pm.addPass(createConvertVectorToSCFPass(
      VectorTransferToSCFOptions().enableFullUnroll()));
  // i1 vectors are packed bits in LLVM, i1 memrefs a byte per element: the
  // masks of foreign arith.cmpf ops travel through memory element by element
  // (BoolTransfers.cpp).
  pm.addNestedPass<func::FuncOp>(remat::createScalarizeBoolTransfers());
  // Each kernel's loop nest in a function of its own, so that LLVM's
  // compile time grows with the kernels, not with the square of the step
  // (OutlineKernels.cpp); allocations and frees stay where they are.
  if (options.outlineKernels)
    pm.addPass(remat::createOutlineKernels());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  // Math with LLVM intrinsics first (exp, log, sqrt, rsqrt); tanh and erf
  // have none: they call libm.
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  // Host buffers (#remat.host) through the runtime's host allocator, which
  // counts them apart from device memory; then no type names the space.
  remat::LowerHostMemoryOptions hostMemory;
  hostMemory.trackAllocations = options.trackAllocations;
  pm.addPass(remat::createLowerHostMemory(hostMemory));
  FinalizeMemRefToLLVMConversionPassOptions memrefToLLVM;
  memrefToLLVM.useGenericFunctions = options.trackAllocations;
  memrefToLLVM.useAlignedAlloc = true;
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefToLLVM));
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createConvertToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
  // target_cpu and target_features on every LLVM function, from the
  // module's llvm.target.
  pm.addPass(remat::createSetCpuTarget());
}

void remat::registerCpuPipeline() {
  registerCpuMemoryModel();
  registerRematCPUPasses();
  PassPipelineRegistration<CpuPipelineOptions>(
      "remat-lower-cpu",
      "Lower remat IR to the LLVM dialect for the host CPU (or cpu=): remat "
      "-> linalg, "
      "tile + vectorize, bufferize across function boundaries, free at last "
      "use, loops, LLVM (allocations through the tracked allocator)",
      buildCpuPipeline);
}
