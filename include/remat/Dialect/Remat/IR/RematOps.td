//===- RematOps.td - remat operations ----------------------*- tablegen -*-===//

#ifndef REMAT_DIALECT_REMAT_IR_REMATOPS_TD
#define REMAT_DIALECT_REMAT_IR_REMATOPS_TD

include "remat/Dialect/Remat/IR/RematDialect.td"
include "remat/Dialect/Remat/IR/RematAttrs.td"
include "remat/Dialect/Remat/IR/RematInterfaces.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.td"

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

def Remat_IsDeviceTensorPred : CPred<
  "!::llvm::isa_and_nonnull<::remat::HostMemoryAttr>("
  "::llvm::cast<::mlir::RankedTensorType>($_self).getEncoding())">;

/// No dimension of size 0, and at most 2^48 bytes
/// (remat::kMaxModeledTensorBytes).
/// A training graph has no use for empty tensors, and the CPU kernels
/// (tiling, the packed matmul and convolution) assume every loop runs at
/// least once; the size bound keeps byte counts from overflowing.
def Remat_NonEmptyPred : CPred<
  "::remat::isNonEmptyAndModelable(::llvm::cast<::mlir::ShapedType>($_self))">;

/// A statically shaped f32/f16/bf16 tensor in device memory.
def Remat_FloatTensor : Type<
    And<[StaticShapeTensorOf<[F32, F16, BF16]>.predicate,
         Remat_NonEmptyPred, Remat_IsDeviceTensorPred]>,
    "statically shaped, non-empty tensor (at most 256 TiB) of f32, f16 or "
    "bf16 in device memory",
    "::mlir::RankedTensorType">;

/// A statically shaped tensor of integer ids or labels.
def Remat_IndexTensor : Type<
    And<[StaticShapeTensorOf<[I32, I64]>.predicate, Remat_NonEmptyPred,
         Remat_IsDeviceTensorPred]>,
    "statically shaped, non-empty tensor (at most 256 TiB) of i32 or i64 in "
    "device memory",
    "::mlir::RankedTensorType">;

/// A statically shaped tensor of booleans (`remat.where`'s condition).
def Remat_MaskTensor : Type<
    And<[StaticShapeTensorOf<[I1]>.predicate, Remat_NonEmptyPred,
         Remat_IsDeviceTensorPred]>,
    "statically shaped, non-empty tensor (at most 256 TiB) of i1 in device "
    "memory",
    "::mlir::RankedTensorType">;

/// Any statically shaped tensor in device memory (shape ops move ids and
/// masks too).
def Remat_AnyTensor : Type<
    And<[StaticShapeTensorOf<[F32, F16, BF16, I32, I64, I1]>.predicate,
         Remat_NonEmptyPred, Remat_IsDeviceTensorPred]>,
    "statically shaped, non-empty tensor (at most 256 TiB) of f32, f16, "
    "bf16, i32, i64 or i1 in device memory",
    "::mlir::RankedTensorType">;

/// What remat.offload moves and remat.reload brings back: any value the
/// planner can size and keep, whatever its element type (the planner may
/// offload the result of any op, foreign ops' f64 or i1 tensors included).
def Remat_OffloadableTensor : Type<
    CPred<"::remat::OffloadOp::isOffloadableType($_self)">,
    "statically shaped tensor (at most 256 TiB) of integers, floats, index "
    "or complex numbers in device memory (no encoding)",
    "::mlir::RankedTensorType">;

def Remat_HostTensor : Type<
    CPred<"::remat::ReloadOp::isHostCopyType($_self)">,
    "statically shaped tensor (at most 256 TiB) of integers, floats, index "
    "or complex numbers in host memory (#remat.host encoding)",
    "::mlir::RankedTensorType">;

/// What a scan stacks or slices: a device tensor, or a host one (an
/// `offload` scan's stacked carries, which its backward reloads a layer at a
/// time).
def Remat_StackedTensor : AnyTypeOf<[Remat_AnyTensor, Remat_HostTensor]>;

def Remat_ScalarFloatTensor : Type<
    And<[StaticShapeTensorOf<[F32, F16, BF16]>.predicate,
         CPred<"::llvm::cast<::mlir::RankedTensorType>($_self).getRank() == 0">]>,
    "0-d tensor of f32, f16 or bf16", "::mlir::RankedTensorType">;

def Remat_DenseI64ArrayOf2 : ConfinedAttr<DenseI64ArrayAttr,
    [DenseArrayCount<2>]>;
def Remat_DenseI64ArrayOf4 : ConfinedAttr<DenseI64ArrayAttr,
    [DenseArrayCount<4>]>;

//===----------------------------------------------------------------------===//
// Base classes
//===----------------------------------------------------------------------===//

/// Every remat op implements the cost interface; `costMethods` names the
/// interface methods with defaults that the op overrides.
class Remat_Op<string mnemonic, list<Trait> traits = [],
               list<string> costMethods = []>
    : Op<Remat_Dialect, mnemonic,
         !listconcat(traits, [DeclareOpInterfaceMethods<RematCostOpInterface,
                                                        costMethods>])>;

class Remat_UnaryOp<string mnemonic, string summaryText, string flopsText,
                    list<Trait> traits = []>
    : Remat_Op<mnemonic, !listconcat(traits,
                                     [Pure, SameOperandsAndResultType,
                                      InferTypeOpInterface])> {
  let summary = summaryText;
  let description = "Elementwise " # summaryText # ". Cost: " # flopsText #
                    " FLOP(s) per element.";
  let arguments = (ins Remat_FloatTensor:$input);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

class Remat_BinaryOp<string mnemonic, string summaryText,
                     list<Trait> traits = []>
    : Remat_Op<mnemonic, !listconcat(traits,
                                     [Pure, SameOperandsAndResultType,
                                      InferTypeOpInterface])> {
  let summary = summaryText;
  let description = "Elementwise " # summaryText # [{ of two tensors of the
    same type (use `remat.broadcast` first for broadcasting). Cost: one FLOP
    per element.}];
  let arguments = (ins Remat_FloatTensor:$lhs, Remat_FloatTensor:$rhs);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// Elementwise unary
//===----------------------------------------------------------------------===//

def Remat_NegOp : Remat_UnaryOp<"neg", "negation", "1"> {
  let hasFolder = 1;
}
def Remat_ExpOp : Remat_UnaryOp<"exp", "exponential", "1">;
def Remat_LogOp : Remat_UnaryOp<"log", "natural logarithm", "1">;
def Remat_SqrtOp : Remat_UnaryOp<"sqrt", "square root", "1">;
def Remat_RsqrtOp : Remat_UnaryOp<"rsqrt", "reciprocal square root", "2">;
def Remat_TanhOp : Remat_UnaryOp<"tanh", "hyperbolic tangent", "1">;
def Remat_SinOp : Remat_UnaryOp<"sin", "sine", "1">;
def Remat_CosOp : Remat_UnaryOp<"cos", "cosine", "1">;
def Remat_ErfOp : Remat_UnaryOp<"erf", "Gauss error function", "1">;
def Remat_SigmoidOp : Remat_UnaryOp<"sigmoid", "logistic sigmoid 1/(1+exp(-x))",
                                    "4">;
def Remat_ReluOp : Remat_UnaryOp<"relu", "rectified linear unit max(x, 0)",
                                 "1">;

def Remat_ClampOp : Remat_Op<"clamp", [Pure, SameOperandsAndResultType,
                                       InferTypeOpInterface]> {
  let summary = "clamp to constant bounds";
  let description = [{
    `result = min(max(input, min), max)`, either bound optional (at least
    one given, `min <= max`); NaN propagates. PyTorch's `clamp` and
    `hardtanh`, ONNX's `Clip` (ReLU6 is `min 0.0 max 6.0`). Bounds are
    rounded to the element type. Its gradient (`remat.clamp_grad`) reads the
    result, not the input. Cost: one FLOP per element and bound.

    ```mlir
    %y = remat.clamp %x min 0.0 max 6.0 : tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Remat_FloatTensor:$input, OptionalAttr<F64Attr>:$min,
                       OptionalAttr<F64Attr>:$max);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = [{
    $input (`min` $min^)? (`max` $max^)? attr-dict `:` type($input)
  }];
  let hasVerifier = 1;
}

def Remat_GeluOp : Remat_Op<"gelu", [Pure, SameOperandsAndResultType,
                                     InferTypeOpInterface]> {
  let summary = "Gaussian error linear unit";
  let description = [{
    `x * Phi(x)`, with the Gaussian CDF either exact (`erf`, PyTorch's default)
    or the tanh approximation
    `0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))` (`tanh`, JAX's default).
    Cost: 8 FLOPs per element for `tanh`, 5 for `erf`.

    ```mlir
    %y = remat.gelu %x tanh : tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Remat_FloatTensor:$input,
                       Remat_GeluApproximationAttr:$approximation);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = "$input `` $approximation attr-dict `:` type($input)";
}

def Remat_ConvertOp : Remat_Op<"convert", [Pure, SameOperandsAndResultShape]> {
  let summary = "element type conversion between f32, f16 and bf16";
  let description = [{
    Converts each element to the result's element type: widening (f16 or
    bf16 to f32) is exact; narrowing rounds to nearest even, as
    `arith.truncf`, `torch.Tensor.to` and ONNX `Cast` do. A bf16 or f16 model
    thus computes an f32 loss, and the gradient flows back through the
    conversion in the operand's type. Cost: one FLOP per element.

    ```mlir
    %y = remat.convert %x : tensor<4x8xbf16> -> tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Remat_FloatTensor:$input);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise binary
//===----------------------------------------------------------------------===//

def Remat_AddOp : Remat_BinaryOp<"add", "addition", [Commutative]> {
  let hasFolder = 1;
}
def Remat_SubOp : Remat_BinaryOp<"sub", "subtraction">;
def Remat_MulOp : Remat_BinaryOp<"mul", "multiplication", [Commutative]> {
  let hasFolder = 1;
}
def Remat_DivOp : Remat_BinaryOp<"div", "division">;
def Remat_MaximumOp : Remat_BinaryOp<"maximum", "maximum", [Commutative]>;

def Remat_WhereOp : Remat_Op<"where", [Pure,
    AllShapesMatch<["condition", "true_value", "false_value", "result"]>,
    AllTypesMatch<["true_value", "false_value", "result"]>]> {
  let summary = "elementwise selection by a boolean mask";
  let description = [{
    `result[i] = condition[i] ? true_value[i] : false_value[i]`, as
    `torch.where`, `jnp.where` and ONNX `Where` (broadcast the operands with
    `remat.broadcast` first). The condition is a tensor of `i1`, usually a
    constant mask (a causal attention mask); it has no gradient. With a
    constant on one side, `remat.masked_fill` does the same without making a
    tensor of the constant. The
    gradient of each value operand is the cotangent where it was selected,
    zero elsewhere, so a masked-out `-inf` never reaches the backward pass.
    Cost: one FLOP per element.

    ```mlir
    %y = remat.where %mask, %scores, %neg : tensor<4x4xi1>, tensor<4x4xf32>
    ```
  }];
  let arguments = (ins Remat_MaskTensor:$condition,
                       Remat_FloatTensor:$true_value,
                       Remat_FloatTensor:$false_value);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = [{
    $condition `,` $true_value `,` $false_value attr-dict `:`
    type($condition) `,` type($result)
  }];
}

def Remat_MaskedFillOp : Remat_Op<"masked_fill", [Pure,
    AllShapesMatch<["input", "mask", "result"]>,
    AllTypesMatch<["input", "result"]>]> {
  let summary = "a constant where a mask is true";
  let description = [{
    `result[i] = mask[i] ? value : input[i]`, as PyTorch's
    `Tensor.masked_fill` (a causal mask's `-inf`): `remat.where` with a
    constant side that is never materialized as a tensor. The gradient of
    `input` is the cotangent where the mask is false
    (`remat.where_grad false_side`). `value` may be infinite. Cost: one FLOP
    per element.

    ```mlir
    %y = remat.masked_fill %scores, %upper, 0xFFF0000000000000 : tensor<4x4xf32>, tensor<4x4xi1>
    ```
  }];
  let arguments = (ins Remat_FloatTensor:$input, Remat_MaskTensor:$mask,
                       F64Attr:$value);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = [{
    $input `,` $mask `,` $value attr-dict `:` type($input) `,` type($mask)
  }];
}

def Remat_ScaleOp : Remat_Op<"scale", [Pure, SameOperandsAndResultType,
                                       InferTypeOpInterface]> {
  let summary = "multiplication by a scalar constant";
  let description = [{
    `result = input * factor`. Cost: one FLOP per element.

    ```mlir
    %y = remat.scale %x, 0.125 : tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Remat_FloatTensor:$input, F64Attr:$factor);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = "$input `,` $factor attr-dict `:` type($input)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Broadcast and reductions
//===----------------------------------------------------------------------===//

def Remat_BroadcastOp : Remat_Op<"broadcast", [Pure]> {
  let summary = "broadcast to a larger shape along explicit dimensions";
  let description = [{
    Operand dimension `i` maps to result dimension `dimensions[i]` (as
    StableHLO's `broadcast_in_dim`); the mapped result dimension must have the
    same size, or the operand dimension must be 1. `dimensions` is strictly
    increasing. Cost: no FLOPs.

    ```mlir
    %y = remat.broadcast %b dims [1] : tensor<8xf32> -> tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Remat_AnyTensor:$input, DenseI64ArrayAttr:$dimensions);
  let results = (outs Remat_AnyTensor:$result);
  let assemblyFormat = [{
    $input `dims` $dimensions attr-dict `:` type($input) `->` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

class Remat_ReduceOp<string mnemonic, string what, string flopsText>
    : Remat_Op<mnemonic, [Pure, InferTypeOpAdaptor]> {
  let summary = what # " over dimensions";
  let description = what # [{ over `dimensions` (unique, in range). With
    `keep_dims` the reduced dimensions stay with size 1. Cost: }] # flopsText #
    [{.

    ```mlir
    %s = remat.}] # mnemonic # [{ %x dims [1] : tensor<4x8xf32> -> tensor<4xf32>
    ```
  }];
  let arguments = (ins Remat_FloatTensor:$input, DenseI64ArrayAttr:$dimensions,
                       UnitAttr:$keep_dims);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = [{
    $input `dims` $dimensions (`keep_dims` $keep_dims^)? attr-dict `:`
    type($input) `->` type($result)
  }];
}

def Remat_ReduceSumOp : Remat_ReduceOp<"reduce_sum", "sum",
    "one FLOP per input element">;
def Remat_ReduceMeanOp : Remat_ReduceOp<"reduce_mean", "mean",
    "one FLOP per input element plus one per output element">;
def Remat_ReduceMaxOp : Remat_ReduceOp<"reduce_max", "maximum",
    "one FLOP per input element">;

//===----------------------------------------------------------------------===//
// Contractions
//===----------------------------------------------------------------------===//

def Remat_MatmulOp : Remat_Op<"matmul", [Pure, InferTypeOpAdaptor]> {
  let summary = "matrix multiplication, optionally batched and transposed";
  let description = [{
    Multiplies `[B..., M, K] x [B..., K, N] -> [B..., M, N]`. Both operands have
    the same rank (2 or more) and the same leading batch dimensions.
    `transpose_a` / `transpose_b` swap the last two dimensions of an operand
    before multiplying. Cost: `2 * B * M * N * K` FLOPs.

    ```mlir
    %c = remat.matmul %a, %b transpose_b
        : tensor<4x16xf32>, tensor<8x16xf32> -> tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Remat_FloatTensor:$lhs, Remat_FloatTensor:$rhs,
                       UnitAttr:$transpose_a, UnitAttr:$transpose_b);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`transpose_a` $transpose_a^)? (`transpose_b` $transpose_b^)?
    attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
  let extraClassDeclaration = [{
    /// Number of leading batch dimensions (rank - 2).
    int64_t getNumBatchDims() { return getLhs().getType().getRank() - 2; }
  }];
}

def Remat_Conv2DOp : Remat_Op<"conv2d", [Pure, InferTypeOpAdaptor]> {
  let summary = "2-D convolution, NCHW input and FCHW filter";
  let description = [{
    `input: [N, C, H, W]`, `filter: [F, C/groups, KH, KW]`, result
    `[N, F, OH, OW]` with
    `OH = (H + pad_top + pad_bottom - dilation_h * (KH - 1) - 1) / stride_h + 1`.
    `padding` is `[top, left, bottom, right]` (ONNX order). `C` and `F` must
    be multiples of `groups`. Cost: `2 * N * F * (C/groups) * KH * KW * OH * OW`
    FLOPs.

    ```mlir
    %y = remat.conv2d %x, %w strides [2, 2] padding [1, 1, 1, 1]
        : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x4x4xf32>
    ```
  }];
  let arguments = (ins Remat_FloatTensor:$input, Remat_FloatTensor:$filter,
      DefaultValuedAttr<Remat_DenseI64ArrayOf2, "{1, 1}">:$strides,
      DefaultValuedAttr<Remat_DenseI64ArrayOf4, "{0, 0, 0, 0}">:$padding,
      DefaultValuedAttr<Remat_DenseI64ArrayOf2, "{1, 1}">:$dilations,
      DefaultValuedAttr<I64Attr, "1">:$groups);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = [{
    $input `,` $filter (`strides` $strides^)? (`padding` $padding^)?
    (`dilations` $dilations^)? (`groups` $groups^)? attr-dict `:`
    type($input) `,` type($filter) `->` type($result)
  }];
}

class Remat_PoolOp<string mnemonic, string what, string extra>
    : Remat_Op<mnemonic, [Pure, InferTypeOpAdaptor]> {
  let summary = "2-D " # what # " pooling over NCHW";
  let description = "2-D " # what # [{ pooling of an `[N, C, H, W]` input
    with window `kernel = [KH, KW]`, `strides` (default: the kernel) and
    `padding = [top, left, bottom, right]`. }] # extra # [{ Cost:
    `N * C * OH * OW * KH * KW` FLOPs.

    ```mlir
    %y = remat.}] # mnemonic # [{ %x kernel [2, 2]
        : tensor<1x4x8x8xf32> -> tensor<1x4x4x4xf32>
    ```
  }];
  let arguments = (ins Remat_FloatTensor:$input,
      Remat_DenseI64ArrayOf2:$kernel,
      OptionalAttr<Remat_DenseI64ArrayOf2>:$strides,
      DefaultValuedAttr<Remat_DenseI64ArrayOf4, "{0, 0, 0, 0}">:$padding);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = [{
    $input `kernel` $kernel (`strides` $strides^)? (`padding` $padding^)?
    attr-dict `:` type($input) `->` type($result)
  }];
  let extraClassDeclaration = [{
    /// The strides, defaulting to the kernel size.
    ::llvm::SmallVector<int64_t, 2> getEffectiveStrides() {
      if (auto s = getStrides())
        return ::llvm::SmallVector<int64_t, 2>(*s);
      return ::llvm::SmallVector<int64_t, 2>(getKernel());
    }
  }];
}

def Remat_MaxPool2DOp : Remat_PoolOp<"max_pool2d", "max",
    "Padding elements never win.">;
def Remat_AvgPool2DOp : Remat_PoolOp<"avg_pool2d", "average",
    [{The sum is divided by `KH * KW` (padding counted, as PyTorch's
    `count_include_pad=True`).}]>;

//===----------------------------------------------------------------------===//
// Normalization and attention pieces
//===----------------------------------------------------------------------===//

def Remat_SoftmaxOp : Remat_Op<"softmax", [Pure, SameOperandsAndResultType,
                                           InferTypeOpInterface]> {
  let summary = "softmax along one axis";
  let description = [{
    `exp(x - max(x)) / sum(exp(x - max(x)))` along `axis`. Cost: 5 FLOPs per
    element.

    ```mlir
    %p = remat.softmax %x axis 1 : tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Remat_FloatTensor:$input, I64Attr:$axis);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = "$input `axis` $axis attr-dict `:` type($input)";
  let hasVerifier = 1;
}

def Remat_LayerNormOp : Remat_Op<"layer_norm",
    [Pure, InferTypeOpAdaptor, AttrSizedOperandSegments]> {
  let summary = "layer normalization over some axes";
  let description = [{
    Normalizes over `axes` (strictly increasing, in range) to zero mean and
    unit (biased) variance, `(x - mean) / sqrt(var + eps)`, then multiplies by
    the optional `weight` and adds the optional `bias`, whose shape is the
    input's shape restricted to `axes`. Cost: 8 FLOPs per element.

    ```mlir
    %y = remat.layer_norm %x weight %g : tensor<8xf32> bias %b : tensor<8xf32>
        axes [1] eps 1.0e-05 : tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Remat_FloatTensor:$input,
                       Optional<Remat_FloatTensor>:$weight,
                       Optional<Remat_FloatTensor>:$bias,
                       DenseI64ArrayAttr:$axes,
                       F64Attr:$epsilon);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = [{
    $input (`weight` $weight^ `:` type($weight))? (`bias` $bias^ `:`
    type($bias))? `axes` $axes `eps` $epsilon attr-dict `:` type($input)
  }];
}

def Remat_BatchNormOp : Remat_Op<"batch_norm", [Pure, InferTypeOpAdaptor]> {
  let summary = "batch normalization in training mode";
  let description = [{
    For an input `[N, C, ...]`, normalizes each channel with the batch
    statistics over every dimension but 1, scales by `weight[C]` and shifts by
    `bias[C]`. Returns the output, the batch mean and the biased batch
    variance (both `[C]`), as `torch.nn.functional.batch_norm(training=True)`
    computes them; running statistics are the caller's business. Cost: 8 FLOPs
    per element.

    ```mlir
    %y, %mean, %var = remat.batch_norm %x, %g, %b eps 1.0e-05
        : tensor<2x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>
    ```
  }];
  let arguments = (ins Remat_FloatTensor:$input, Remat_FloatTensor:$weight,
                       Remat_FloatTensor:$bias, F64Attr:$epsilon);
  let results = (outs Remat_FloatTensor:$result, Remat_FloatTensor:$mean,
                      Remat_FloatTensor:$variance);
  let assemblyFormat = [{
    $input `,` $weight `,` $bias `eps` $epsilon attr-dict `:` type($input) `,`
    type($weight) `,` type($bias)
  }];
}

def Remat_EmbeddingOp : Remat_Op<"embedding", [Pure, InferTypeOpAdaptor],
    ["bytesRead"]> {
  let summary = "gather rows of a table by integer ids";
  let description = [{
    `table: [V, D]`, `ids: [S...]` of i32/i64 -> `[S..., D]`, row `ids[s]` of
    the table at each position. Ids outside `[0, V)` read zeros. Cost: no
    FLOPs.

    ```mlir
    %e = remat.embedding %table, %ids
        : tensor<100x16xf32>, tensor<2x8xi32> -> tensor<2x8x16xf32>
    ```
  }];
  let arguments = (ins Remat_FloatTensor:$table, Remat_IndexTensor:$ids);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = [{
    $table `,` $ids attr-dict `:` type($table) `,` type($ids) `->` type($result)
  }];
}

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

def Remat_ReshapeOp : Remat_Op<"reshape", [Pure],
    ["isView", "bytesRead", "bytesWritten"]> {
  let summary = "reshape to the same number of elements";
  let description = [{
    Row-major reshape; the element type and count stay. A view: it allocates
    nothing, except that the CPU lowering copies a reshape of a slice, and a
    returned reshape of a slice, an argument or a constant (the planner
    counts those copies). Cost: no FLOPs.

    ```mlir
    %y = remat.reshape %x : tensor<4x8xf32> -> tensor<32xf32>
    ```
  }];
  let arguments = (ins Remat_AnyTensor:$input);
  let results = (outs Remat_AnyTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Remat_TransposeOp : Remat_Op<"transpose", [Pure, InferTypeOpAdaptor]> {
  let summary = "permute dimensions";
  let description = [{
    Result dimension `i` is input dimension `permutation[i]`. Cost: no FLOPs.

    ```mlir
    %y = remat.transpose %x perm [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
    ```
  }];
  let arguments = (ins Remat_AnyTensor:$input,
                       DenseI64ArrayAttr:$permutation);
  let results = (outs Remat_AnyTensor:$result);
  let assemblyFormat = [{
    $input `perm` $permutation attr-dict `:` type($input) `->` type($result)
  }];
  let hasFolder = 1;
}

def Remat_SliceOp : Remat_Op<"slice", [Pure, InferTypeOpAdaptor],
    ["isView", "bytesRead", "bytesWritten"]> {
  let summary = "static strided slice";
  let description = [{
    Takes `input[start[i] : limit[i] : strides[i]]` along each dimension
    (strides default to 1), as StableHLO's `slice`. A view: it allocates
    nothing, except that the CPU lowering copies a returned slice (the
    planner counts that copy). Cost: no FLOPs.

    ```mlir
    %y = remat.slice %x start [0, 2] limit [4, 6]
        : tensor<4x8xf32> -> tensor<4x4xf32>
    ```
  }];
  let arguments = (ins Remat_AnyTensor:$input, DenseI64ArrayAttr:$start,
                       DenseI64ArrayAttr:$limit,
                       OptionalAttr<DenseI64ArrayAttr>:$strides);
  let results = (outs Remat_AnyTensor:$result);
  let assemblyFormat = [{
    $input `start` $start `limit` $limit (`strides` $strides^)? attr-dict `:`
    type($input) `->` type($result)
  }];
  let extraClassDeclaration = [{
    /// The strides, defaulting to all ones.
    ::llvm::SmallVector<int64_t> getEffectiveStrides();
  }];
}

def Remat_ConcatOp : Remat_Op<"concat", [Pure, InferTypeOpAdaptor]> {
  let summary = "concatenate along one dimension";
  let description = [{
    All inputs have the same rank, element type and sizes except along
    `dim`. Cost: no FLOPs.

    ```mlir
    %y = remat.concat %a, %b dim 1
        : tensor<4x2xf32>, tensor<4x3xf32> -> tensor<4x5xf32>
    ```
  }];
  let arguments = (ins Variadic<Remat_AnyTensor>:$inputs, I64Attr:$dim);
  let results = (outs Remat_AnyTensor:$result);
  let assemblyFormat = [{
    $inputs `dim` $dim attr-dict `:` type($inputs) `->` type($result)
  }];
}

//===----------------------------------------------------------------------===//
// Losses
//===----------------------------------------------------------------------===//

def Remat_CrossEntropyOp : Remat_Op<"cross_entropy",
    [Pure, InferTypeOpAdaptor]> {
  let summary = "softmax cross-entropy with integer labels, mean over the batch";
  let description = [{
    `logits: [B..., C]`, `labels: [B...]` of i32/i64 ->
    `mean(logsumexp(logits) - logits[label])` as a 0-d tensor. Labels outside
    `[0, C)` are a run-time error of the caller's; they contribute
    `logsumexp(logits)`. Cost: 4 FLOPs per logit plus 2 per row.

    ```mlir
    %l = remat.cross_entropy %logits, %labels
        : tensor<8x10xf32>, tensor<8xi32> -> tensor<f32>
    ```
  }];
  let arguments = (ins Remat_FloatTensor:$logits, Remat_IndexTensor:$labels);
  let results = (outs Remat_ScalarFloatTensor:$result);
  let assemblyFormat = [{
    $logits `,` $labels attr-dict `:` type($logits) `,` type($labels) `->`
    type($result)
  }];
}

def Remat_MseOp : Remat_Op<"mse", [Pure, InferTypeOpAdaptor,
                                   AllTypesMatch<["prediction", "target"]>]> {
  let summary = "mean squared error";
  let description = [{
    `mean((prediction - target)^2)` as a 0-d tensor. Cost: 3 FLOPs per
    element.

    ```mlir
    %l = remat.mse %y, %t : tensor<8x4xf32> -> tensor<f32>
    ```
  }];
  let arguments = (ins Remat_FloatTensor:$prediction,
                       Remat_FloatTensor:$target);
  let results = (outs Remat_ScalarFloatTensor:$result);
  let assemblyFormat = [{
    $prediction `,` $target attr-dict `:` type($prediction) `->` type($result)
  }];
}

//===----------------------------------------------------------------------===//
// Dropout and constants
//===----------------------------------------------------------------------===//

def Remat_DropoutOp : Remat_Op<"dropout", [InferTypeOpAdaptor,
    MemoryEffects<[MemRead<DefaultResource>]>]> {
  let summary = "counter-based dropout with an explicit seed";
  let description = [{
    Zeroes each element with probability `rate` and scales the rest by
    `1 / (1 - rate)`. The mask bit of element `i` (row-major) is a pure hash of
    `(seed, counter + i)`, so evaluating the op again with the same seed and
    counter, as a recomputation or the backward pass does, reproduces the same
    mask. It is still not `Pure`: the planner treats random ops as never
    recomputable unless the op is marked `must_recompute` or
    `prefer_recompute` (`{remat.mark = #remat.mark<must_recompute>}`). `rate` is in `[0, 1)`. Cost:
    4 FLOPs per element.

    ```mlir
    %y = remat.dropout %x, %seed rate 0.1 : tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Remat_FloatTensor:$input, I64:$seed, F64Attr:$rate,
                       DefaultValuedAttr<I64Attr, "0">:$counter);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = [{
    $input `,` $seed `rate` $rate (`counter` $counter^)? attr-dict `:`
    type($input)
  }];
  let hasVerifier = 1;
}

def Remat_ConstantOp : Remat_Op<"constant", [ConstantLike, Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "a constant tensor (dense or splat)";
  let description = [{
    ```mlir
    %one = remat.constant dense<1.0> : tensor<4x8xf32>
    %w = remat.constant dense<[1.0, 2.0]> : tensor<2xf32>
    ```
    Constants live in read-only global memory once lowered, so the planner
    counts them as resident, like arguments.
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs Remat_AnyTensor:$result);
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
  let builders = [OpBuilder<(ins "::mlir::ElementsAttr":$value), [{
    build($_builder, $_state, value.getType(), value);
  }]>];
}

//===----------------------------------------------------------------------===//
// Graph structure
//===----------------------------------------------------------------------===//

def Remat_NameOp : Remat_Op<"name", [Pure, SameOperandsAndResultType,
    InferTypeOpInterface], ["isView", "bytesRead", "bytesWritten"]> {
  let summary = "tag a value with a name";
  let description = [{
    The identity, carrying a name that checkpoint policies
    (`save_only_these_names` and friends) and reports refer to, as JAX's
    `checkpoint_name`. Canonicalization keeps it. A view, except that the CPU
    lowering copies a returned name of a slice, an argument or a constant
    (the planner counts that copy).

    ```mlir
    %h = remat.name %x as "mlp_in" : tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Remat_AnyTensor:$input, StrAttr:$tag);
  let results = (outs Remat_AnyTensor:$result);
  let assemblyFormat = "$input `as` $tag attr-dict `:` type($input)";
  let hasVerifier = 1;
}

def Remat_YieldOp : Op<Remat_Dialect, "yield", [Pure, Terminator,
    ReturnLike, ParentOneOf<["CheckpointOp", "ScanOp", "RevolveScanOp"]>]> {
  let summary = "terminates a checkpoint or scan body";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
}

def Remat_CheckpointOp : Remat_Op<"checkpoint", [
    RecursiveMemoryEffects, RecursivelySpeculatable, SingleBlock,
    NoRegionArguments]> {
  let summary = "a region whose internals follow a checkpoint policy";
  let description = [{
    The analogue of `jax.checkpoint(f, policy=...)`: the values computed in
    the body that the backward pass needs are kept only when the policy says
    they are saveable; the rest are recomputed (or offloaded, for the offload
    policies). The body may use values from above; its yielded values are the
    results. The op is pure when its body is.

    ```mlir
    %y = remat.checkpoint policy <dots_saveable> -> tensor<4x8xf32> {
      %h = remat.matmul %x, %w : tensor<4x8xf32>, tensor<8x8xf32> -> tensor<4x8xf32>
      %a = remat.gelu %h tanh : tensor<4x8xf32>
      remat.yield %a : tensor<4x8xf32>
    }
    ```
  }];
  let arguments = (ins Remat_PolicyAttr:$policy);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    `policy` $policy (`->` type($results)^)? $body attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The body's terminator.
    YieldOp getYield();
  }];
}

def Remat_ScanOp : Remat_Op<"scan", [
    RecursiveMemoryEffects, RecursivelySpeculatable, SingleBlock,
    AttrSizedOperandSegments]> {
  let summary = "a loop over stacked layers with carries";
  let description = [{
    Runs the body once per layer, `L` times, as `jax.lax.scan` /
    Haliax's `Stacked.fold`: each `xs` operand is stacked along dimension 0
    (size `L`); iteration `i` sees slice `i` of each. The body's block
    arguments are the carries followed by the slices; it yields the new
    carries followed by per-layer outputs, which come back stacked along a new
    leading dimension of size `L`. The results are the final carries then the
    stacked outputs. `mode` says what remat-autodiff stacks for the
    backward pass and what it recomputes (`#remat.scan_mode`); its scratch
    is what one iteration allocates. A scan of one layer canonicalizes to its body, run
    once on the layer's slices (reshapes, which are views), whatever its
    mode. With `reverse` (as `jax.lax.scan(..., reverse=True)`), iteration
    `i` sees slice `L - 1 - i` and its outputs go to position `L - 1 - i`:
    `remat-autodiff` builds the backward of a scan as a reverse scan.

    With `snapshots` (mode `revolve s` only: the forward scan of a Revolve
    scan's VJP, built by `remat-autodiff`), the results end with one more
    per carry: the carries that Revolve's schedule for `L` layers and `s`
    slots checkpoints before its first turn, stacked in slot order over the
    slots the schedule uses (`remat.revolve_scan` reads them; rows the
    forward does not reach are left for it to write).

    ```mlir
    %h, %ys = remat.scan mode <nested 2> (%c = %h0 : tensor<4x8xf32>)
        over (%w = %ws : tensor<6x8x8xf32>) -> (tensor<4x8xf32>, tensor<6x4x8xf32>) {
      %m = remat.matmul %c, %w : tensor<4x8xf32>, tensor<8x8xf32> -> tensor<4x8xf32>
      %t = remat.tanh %m : tensor<4x8xf32>
      remat.yield %t, %t : tensor<4x8xf32>, tensor<4x8xf32>
    }
    ```
  }];
  let arguments = (ins Variadic<Remat_AnyTensor>:$inits,
                       Variadic<Remat_StackedTensor>:$xs,
                       Remat_ScanModeAttr:$mode,
                       UnitAttr:$reverse,
                       UnitAttr:$snapshots);
  let results = (outs Variadic<Remat_StackedTensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let hasCanonicalizer = 1;
  let extraClassDeclaration = [{
    /// The number of layers (dimension 0 of every `xs` operand).
    int64_t getLength();
    unsigned getNumCarries() { return getInits().size(); }
    /// The body's terminator.
    YieldOp getYield();
    /// With `snapshots`: the layers whose incoming carries the snapshot
    /// results hold, in row order, and the rows (slots) those results have.
    /// Empty, and 0, without `snapshots` or when the mode does not give a
    /// valid Revolve schedule (the verifier says why).
    ::llvm::SmallVector<int64_t> getSnapshotLayers(int64_t *slotRows);
  }];
  let builders = [OpBuilder<(ins "::mlir::TypeRange":$resultTypes,
      "::mlir::ValueRange":$inits, "::mlir::ValueRange":$xs,
      "::remat::ScanModeAttr":$mode, CArg<"bool", "false">:$reverse)>];
  let skipDefaultBuilders = 1;
}

def Remat_OffloadOp : Remat_Op<"offload", [InferTypeOpAdaptor,
    MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "copy a value to host memory";
  let description = [{
    Copies a device tensor to host memory; the result has the `#remat.host`
    encoding and does not count against the device budget. Cost: no FLOPs.
    Any statically shaped tensor with no encoding can be moved, whatever its
    element type (integers of any width, `i1` included, floats, `f64`
    included, `index`, complex numbers), and empty ones: every value the
    planner can keep, it can offload.

    ```mlir
    %h = remat.offload %x : tensor<4x8xf32> -> tensor<4x8xf32, #remat.host>
    %m = remat.offload %mask : tensor<16xi1> -> tensor<16xi1, #remat.host>
    ```
  }];
  let arguments = (ins Remat_OffloadableTensor:$input);
  let results = (outs Remat_HostTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let extraClassDeclaration = [{
    /// Whether a value of `type` can be offloaded: a ranked, statically
    /// shaped tensor with no encoding whose elements have a byte size
    /// (remat::getElementBytes: integers, floats, index, complex) and whose
    /// size is at most 2^48 bytes. Empty tensors qualify.
    static bool isOffloadableType(::mlir::Type type);
  }];
}

def Remat_ReloadOp : Remat_Op<"reload", [InferTypeOpAdaptor,
    MemoryEffects<[MemRead<DefaultResource>]>]> {
  let summary = "copy a value back from host memory";
  let description = [{
    Copies a host tensor (a `remat.offload` result) back to device memory;
    the result is the offloaded value's type without the `#remat.host`
    encoding. It takes every type `remat.offload` produces.

    ```mlir
    %x2 = remat.reload %h : tensor<4x8xf32, #remat.host> -> tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Remat_HostTensor:$input);
  let results = (outs Remat_OffloadableTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let extraClassDeclaration = [{
    /// Whether `type` is the host copy of an offloadable type: the same
    /// tensor with the #remat.host encoding.
    static bool isHostCopyType(::mlir::Type type);
  }];
}

//===----------------------------------------------------------------------===//
// Lowering support
//===----------------------------------------------------------------------===//

// The write effect only keeps the hold from being erased as dead: it
// writes nothing.
def Remat_HoldOp : Op<Remat_Dialect, "hold", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>,
    DeclareOpInterfaceMethods<BufferizableOpInterface,
        ["bufferizesToMemoryRead", "bufferizesToMemoryWrite",
         "getAliasingValues", "bufferize"]>]> {
  let summary = "keep values alive to this point (CPU lowering only)";
  let description = [{
    The memory model lets an op's operands live until the op is done, and
    counts its scratch on top of them. A lowering in stages (pad, then
    convolve; accumulate in f32, then convert) would otherwise free an
    operand it read last in an early stage, and measure less than the plan.
    `remat-hold-operands` puts a `remat.hold` of each op's tensor operands
    right after the op, before `convert-remat-to-linalg`; the hold reads
    them (a use no pass folds away), bufferizes to a hold of their buffers,
    and `remat-free-after-last-use` erases it once the frees are placed. It
    computes nothing and never reaches LLVM.

    ```mlir
    %y = remat.conv2d %x, %k padding [1, 1, 1, 1] : ...
    remat.hold %x, %k : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
}

include "remat/Dialect/Remat/IR/RematGradientOps.td"

#endif // REMAT_DIALECT_REMAT_IR_REMATOPS_TD
