//===- RematInterfaces.td - cost and gradient interfaces ---*- tablegen -*-===//

#ifndef REMAT_DIALECT_REMAT_IR_REMATINTERFACES_TD
#define REMAT_DIALECT_REMAT_IR_REMATINTERFACES_TD

include "mlir/IR/OpBase.td"

def RematCostOpInterface : OpInterface<"RematCostOpInterface"> {
  let cppNamespace = "::remat";
  let description = [{
    The cost model of an op for the rematerialization planner: how much work
    recomputing its results takes and how much memory it touches. FLOPs count
    one multiply-add as two; transcendental functions count as a small fixed
    number of FLOPs per element, listed with each op. What the compiled
    code allocates besides the values (temporaries, view copies, buffer
    granules) depends on the target it is lowered for, and is the target's
    memory model (`remat/Analysis/TargetMemoryModel.h`), not this
    interface's.
  }];
  let methods = [
    InterfaceMethod<"Floating-point operations to compute the results once.",
      "int64_t", "flops">,
    InterfaceMethod<"Bytes read from the operands.",
      "int64_t", "bytesRead", (ins), "",
      [{ return ::remat::detail::sumTensorBytes($_op->getOperandTypes()); }]>,
    InterfaceMethod<"Bytes written to the results.",
      "int64_t", "bytesWritten", (ins), "",
      [{ return ::remat::detail::sumTensorBytes($_op->getResultTypes()); }]>,
    InterfaceMethod<[{Whether result 0 is a view of operand 0 rather than new
      memory (true for reshape, slice and name).}],
      "bool", "isView", (ins), "", [{ return false; }]>
  ];
}

def RematGradientOpInterface : OpInterface<"RematGradientOpInterface"> {
  let cppNamespace = "::remat";
  let description = [{
    The vector-Jacobian product of an op, built from remat ops. Given one
    cotangent per result (a null Value where no gradient flows into that
    result), it appends one cotangent per operand to `operandGrads` (a null
    Value where the operand is not differentiable, e.g. integer ids).
  }];
  let methods = [
    InterfaceMethod<"Builds the VJP at the builder's insertion point.",
      "::llvm::LogicalResult", "buildVJP",
      (ins "::mlir::OpBuilder &":$builder,
           "::mlir::ValueRange":$resultGrads,
           "::llvm::SmallVectorImpl<::mlir::Value> &":$operandGrads)>
  ];
}

#endif // REMAT_DIALECT_REMAT_IR_REMATINTERFACES_TD
