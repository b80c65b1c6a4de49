//===- RematDialect.td - the remat dialect -----------------*- tablegen -*-===//
//
// The dialect models forward and backward training graphs on statically
// shaped tensors, with the structure a rematerialization planner needs:
// checkpoint regions with JAX-style policies, named values, a scan over
// stacked layers, and explicit offload/reload.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_DIALECT_REMAT_IR_REMATDIALECT_TD
#define REMAT_DIALECT_REMAT_IR_REMATDIALECT_TD

include "mlir/IR/OpBase.td"

def Remat_Dialect : Dialect {
  let name = "remat";
  let cppNamespace = "::remat";
  let summary = "Training graphs with rematerialization structure";
  let description = [{
    The `remat` dialect holds the ops of neural-network training graphs
    (elementwise math, reductions, matmul, convolution, pooling, normalization,
    attention pieces, losses, dropout) on ranked, statically shaped tensors of
    `f32`, `f16` or `bf16`, plus the graph-structure ops the planner works
    with:

    * `remat.checkpoint`, a region whose internals follow a JAX-style policy;
    * `remat.name`, an identity that tags a value (like `checkpoint_name`);
    * `remat.scan`, a loop over stacked layer parameters with a remat mode;
    * `remat.offload` / `remat.reload`, moves to and from host memory.

    Broadcasting is explicit (`remat.broadcast`): binary ops take operands of
    one type. Every op reports its cost through `RematCostOpInterface`.
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let hasOperationAttrVerify = 1;
  let dependentDialects = ["::mlir::func::FuncDialect"];
  let extraClassDeclaration = [{
    void registerAttributes();
  }];
}

#endif // REMAT_DIALECT_REMAT_IR_REMATDIALECT_TD
