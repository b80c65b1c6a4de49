//===- RematAttrs.td - remat attributes --------------------*- tablegen -*-===//

#ifndef REMAT_DIALECT_REMAT_IR_REMATATTRS_TD
#define REMAT_DIALECT_REMAT_IR_REMATATTRS_TD

include "remat/Dialect/Remat/IR/RematDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

class Remat_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Remat_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def Remat_GeluApproximation : I32EnumAttr<"GeluApproximation",
    "how gelu evaluates the Gaussian CDF", [
      I32EnumAttrCase<"Tanh", 0, "tanh">,
      I32EnumAttrCase<"Erf", 1, "erf">
    ]> {
  let cppNamespace = "::remat";
  let genSpecializedAttr = 0;
}
def Remat_GeluApproximationAttr
    : EnumAttr<Remat_Dialect, Remat_GeluApproximation, "gelu_approximation">;

def Remat_PolicyKind : I32EnumAttr<"PolicyKind",
    "a JAX checkpoint policy", [
      I32EnumAttrCase<"EverythingSaveable", 0, "everything_saveable">,
      I32EnumAttrCase<"NothingSaveable", 1, "nothing_saveable">,
      I32EnumAttrCase<"DotsSaveable", 2, "dots_saveable">,
      I32EnumAttrCase<"DotsWithNoBatchDimsSaveable", 3,
                      "dots_with_no_batch_dims_saveable">,
      I32EnumAttrCase<"SaveOnlyTheseNames", 4, "save_only_these_names">,
      I32EnumAttrCase<"SaveAnyNamesButThese", 5, "save_any_names_but_these">,
      I32EnumAttrCase<"SaveAnythingExceptTheseNames", 6,
                      "save_anything_except_these_names">,
      I32EnumAttrCase<"SaveAndOffloadOnlyTheseNames", 7,
                      "save_and_offload_only_these_names">,
      I32EnumAttrCase<"OffloadDotWithNoBatchDims", 8,
                      "offload_dot_with_no_batch_dims">,
      I32EnumAttrCase<"Any", 9, "any">
    ]> {
  let cppNamespace = "::remat";
  let genSpecializedAttr = 0;
}

def Remat_CheckpointMark : I32EnumAttr<"CheckpointMark",
    "a PyTorch-style selective-checkpoint mark on one op", [
      I32EnumAttrCase<"MustSave", 0, "must_save">,
      I32EnumAttrCase<"PreferSave", 1, "prefer_save">,
      I32EnumAttrCase<"MustRecompute", 2, "must_recompute">,
      I32EnumAttrCase<"PreferRecompute", 3, "prefer_recompute">
    ]> {
  let cppNamespace = "::remat";
  let genSpecializedAttr = 0;
}
def Remat_CheckpointMarkAttr
    : EnumAttr<Remat_Dialect, Remat_CheckpointMark, "mark"> {
  let assemblyFormat = "`<` $value `>`";
  let description = [{
    Placed on any op as the discardable attribute `remat.mark`, it constrains
    the planner for that op's results, as `torch.utils.checkpoint`'s
    `CheckpointPolicy` does: `must_save` values are never recomputed,
    `must_recompute` values are never kept for the backward pass, and the
    `prefer_*` marks bias the cost the solver sees.

    ```mlir
    %y = remat.matmul %a, %b {remat.mark = #remat.mark<must_save>} : ...
    ```
  }];
}

def Remat_ScanModeKind : I32EnumAttr<"ScanModeKind",
    "how a scan over layers is rematerialized", [
      I32EnumAttrCase<"None", 0, "none">,
      I32EnumAttrCase<"Full", 1, "full">,
      I32EnumAttrCase<"Nested", 2, "nested">,
      I32EnumAttrCase<"Offload", 3, "offload">,
      I32EnumAttrCase<"Auto", 4, "auto">,
      I32EnumAttrCase<"Revolve", 5, "revolve">
    ]> {
  let cppNamespace = "::remat";
  let genSpecializedAttr = 0;
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

def Remat_PolicyAttr : Remat_Attr<"Policy", "policy"> {
  let summary = "a JAX-style checkpoint policy";
  let description = [{
    Says which values computed inside a `remat.checkpoint` region may be kept
    for the backward pass; all others are recomputed (or, for the offload
    policies, moved to host memory). The forms follow `jax.checkpoint_policies`:

    ```mlir
    #remat.policy<everything_saveable>
    #remat.policy<nothing_saveable>
    #remat.policy<dots_saveable>
    #remat.policy<dots_with_no_batch_dims_saveable>
    #remat.policy<save_only_these_names ["attn", "mlp_in"]>
    #remat.policy<save_any_names_but_these ["attn"]>
    #remat.policy<save_anything_except_these_names ["attn"]>
    #remat.policy<save_and_offload_only_these_names save ["a"] offload ["b"]>
    #remat.policy<offload_dot_with_no_batch_dims>
    #remat.policy<dots_saveable | save_only_these_names ["x"]>
    ```

    The last form is JAX's `save_from_both_policies`: a value is saveable when
    any alternative says so. Names come from `remat.name` tags.
  }];
  let parameters = (ins
    "::remat::PolicyKind":$kind,
    "::mlir::ArrayAttr":$names,
    "::mlir::ArrayAttr":$offloadNames,
    "::mlir::ArrayAttr":$alternatives);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let builders = [
    AttrBuilder<(ins "::remat::PolicyKind":$kind), [{
      auto empty = ::mlir::ArrayAttr::get($_ctxt, {});
      return $_get($_ctxt, kind, empty, empty, empty);
    }]>
  ];
  let extraClassDeclaration = [{
    /// Whether a value may be kept for the backward pass under this policy.
    /// `name` is its remat.name tag (empty when untagged); `isDot` says it is
    /// a matmul or conv2d result, `hasBatchDims` that the dot is batched.
    bool isSaveable(::llvm::StringRef name, bool isDot,
                    bool hasBatchDims) const;
    /// Whether a value that is not saveable goes to host memory instead of
    /// being recomputed.
    bool isOffloaded(::llvm::StringRef name, bool isDot,
                     bool hasBatchDims) const;
  }];
}

def Remat_ScanModeAttr : Remat_Attr<"ScanMode", "scan_mode"> {
  let summary = "rematerialization mode of a remat.scan";
  let description = [{
    How `remat-autodiff` builds a scan's backward pass (docs/autodiff.md,
    "Scans"), as Haliax's `ScanCheckpointPolicy` / `jax.checkpoint` around
    the body of `jax.lax.scan`:
    * `none`: the forward stacks every value of a layer its backward reads;
      nothing is recomputed (JAX's scan without `remat`);
    * `full`: only the carry each layer starts from is stacked; the backward
      re-runs each layer once (`remat=True`);
    * `nested` or `nested k`: every k-th carry is stacked; the backward
      re-runs each block of k layers from its carry, then each layer from
      its carry (`remat="nested"`). k defaults to the divisor of L nearest
      sqrt(L) (ceil(sqrt(L)) when none is close); it is at least 1 and at
      most L;
    * `offload`: the carries are stacked in host memory and reloaded one
      layer at a time (`remat="offload"`);
    * `revolve` or `revolve s`: Griewank and Walther's optimal binomial
      checkpointing with `s` carry slots (`remat.revolve_scan`): the fewest
      forward steps any schedule reverses L layers with in s slots. s is at
      least 1 and below L; it defaults to the fewest slots with which no
      layer runs forward untaped more than twice (about sqrt(2L): nested's
      compute with about 70% of its carries);
    * `auto`: one of the above, chosen by `remat-autodiff{budget=...}`: the
      cheapest whose joint graph fits the budget (`none` without one), the
      slots of `revolve` chosen by the chain solver.

    ```mlir
    #remat.scan_mode<nested 4>
    #remat.scan_mode<revolve 3>
    ```
  }];
  let parameters = (ins "::remat::ScanModeKind":$kind,
                        DefaultValuedParameter<"int64_t", "0">:$blockSize);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The slots of a `revolve` mode for a scan of `length` >= 2 layers:
    /// the count written, else the default (defaultRevolveSlots).
    int64_t getRevolveSlots(int64_t length) const;
  }];
}

def Remat_HostMemoryAttr : Remat_Attr<"HostMemory", "host"> {
  let summary = "host memory: a tensor encoding and a memref memory space";
  let description = [{
    `tensor<4x4xf32, #remat.host>` is the type of a value moved to host memory
    by `remat.offload`. Compute ops reject it; `remat.reload` brings it back.

    Once lowered, `memref<4x4xf32, #remat.host>` is a buffer in host memory:
    `convert-remat-to-linalg` allocates offloaded copies in this memory
    space, and each target's pipeline allocates it where the target keeps
    host memory (`remat-lower-host-memory` on the CPU, through the runtime's
    host allocator, so that host and device bytes are counted apart).
  }];
}

#endif // REMAT_DIALECT_REMAT_IR_REMATATTRS_TD
