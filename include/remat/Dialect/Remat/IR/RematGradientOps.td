//===- RematGradientOps.td - fused backward ops ------------*- tablegen -*-===//
//
// Backward kernels that remat-autodiff emits where a vector-Jacobian product
// is better as one op than as a chain of forward ops, as PyTorch's ATen
// `*_backward` kernels. Included at the end of RematOps.td: it uses that
// file's base classes and type constraints.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_DIALECT_REMAT_IR_REMATGRADIENTOPS_TD
#define REMAT_DIALECT_REMAT_IR_REMATGRADIENTOPS_TD

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

def Remat_ReluGradOp : Remat_Op<"relu_grad", [Pure, SameOperandsAndResultType,
                                              InferTypeOpInterface]> {
  let summary = "gradient of relu";
  let description = [{
    `result = input > 0 ? grad : 0`, the vector-Jacobian product of
    `remat.relu` (`grad * (input > 0)`; the derivative at 0 is 0, as
    PyTorch's `threshold_backward`). Since `relu(x) > 0` exactly where
    `x > 0`, `input` may be the relu's input or its output; `remat-autodiff`
    passes the output, as PyTorch does, so that the relu's input need not be
    saved. Cost: 1 FLOP per element (the comparison).

    ```mlir
    %dx = remat.relu_grad %g, %x : tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Remat_FloatTensor:$grad, Remat_FloatTensor:$input);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = "$grad `,` $input attr-dict `:` type($result)";
}

def Remat_ClampGradOp : Remat_Op<"clamp_grad", [Pure,
    SameOperandsAndResultType, InferTypeOpInterface]> {
  let summary = "gradient of clamp";
  let description = [{
    `result = min < output < max ? grad : 0` (a missing bound passes), the
    vector-Jacobian product of `remat.clamp` with the same bounds, where
    `output` is the clamp's result: the derivative at a bound is 0, as
    PyTorch's `hardtanh_backward` (ReLU6) has it. Reading the result, not
    the input, lets the clamp's input die in the forward pass. Cost: one
    FLOP per element and bound.

    ```mlir
    %dx = remat.clamp_grad %g, %y min 0.0 max 6.0 : tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Remat_FloatTensor:$grad, Remat_FloatTensor:$output,
                       OptionalAttr<F64Attr>:$min, OptionalAttr<F64Attr>:$max);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = [{
    $grad `,` $output (`min` $min^)? (`max` $max^)? attr-dict `:`
    type($result)
  }];
  let hasVerifier = 1;
}

def Remat_GeluGradOp : Remat_Op<"gelu_grad", [Pure, SameOperandsAndResultType,
                                              InferTypeOpInterface]> {
  let summary = "gradient of gelu";
  let description = [{
    `result = grad * gelu'(input)`, the exact derivative of the forward
    formula that `approximation` selects:

    * `erf`: `gelu(x) = 0.5 x (1 + erf(x / sqrt(2)))`, so
      `gelu'(x) = 0.5 (1 + erf(x / sqrt(2))) + x exp(-x^2 / 2) / sqrt(2 pi)`;
    * `tanh`: with `u = sqrt(2/pi) (x + 0.044715 x^3)` and `t = tanh(u)`,
      `gelu(x) = 0.5 x (1 + t)`, so
      `gelu'(x) = 0.5 (1 + t) + 0.5 x (1 - t^2) sqrt(2/pi) (1 + 3 * 0.044715 x^2)`.

    Cost: 11 FLOPs per element for `erf`, 17 for `tanh` (the erf, exp and tanh
    count as one each).

    ```mlir
    %dx = remat.gelu_grad %g, %x tanh : tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Remat_FloatTensor:$grad, Remat_FloatTensor:$input,
                       Remat_GeluApproximationAttr:$approximation);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = [{
    $grad `,` $input `` $approximation attr-dict `:` type($result)
  }];
}

def Remat_MaximumGradOp : Remat_Op<"maximum_grad", [Pure,
    SameOperandsAndResultType, InferTypeOpInterface]> {
  let summary = "gradient of maximum";
  let description = [{
    The vector-Jacobian product of `remat.maximum`: `lhs_grad = grad *
    (lhs >= rhs)` and `rhs_grad = grad * (lhs < rhs)`, so a tie sends the
    whole gradient to `lhs` and an unordered pair (a NaN) sends none. Cost:
    2 FLOPs per element (the two comparisons).

    ```mlir
    %da, %db = remat.maximum_grad %g, %a, %b : tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Remat_FloatTensor:$grad, Remat_FloatTensor:$lhs,
                       Remat_FloatTensor:$rhs);
  let results = (outs Remat_FloatTensor:$lhs_grad,
                      Remat_FloatTensor:$rhs_grad);
  let assemblyFormat = "$grad `,` $lhs `,` $rhs attr-dict `:` type($grad)";
}

def Remat_WhereGradOp : Remat_Op<"where_grad", [Pure,
    AllShapesMatch<["condition", "grad", "result"]>,
    AllTypesMatch<["grad", "result"]>]> {
  let summary = "gradient of where, to one side";
  let description = [{
    The vector-Jacobian product of `remat.where` with respect to one of its
    values: `result = condition ? grad : 0` for the true side, and with
    `false_side`, `result = condition ? 0 : grad`. `remat-autodiff` makes
    one for each side that needs a gradient, so that masking a constant
    (PyTorch's `masked_fill` of a causal mask) costs no tensor of zeros for
    it. Cost: one FLOP per element.

    ```mlir
    %dt = remat.where_grad %mask, %g : tensor<4x4xi1>, tensor<4x4xf32>
    %df = remat.where_grad false_side %mask, %g : tensor<4x4xi1>, tensor<4x4xf32>
    ```
  }];
  let arguments = (ins Remat_MaskTensor:$condition, Remat_FloatTensor:$grad,
                       UnitAttr:$false_side);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = [{
    (`false_side` $false_side^)? $condition `,` $grad attr-dict `:`
    type($condition) `,` type($grad)
  }];
}

//===----------------------------------------------------------------------===//
// Reductions and softmax
//===----------------------------------------------------------------------===//

def Remat_ReduceMaxGradOp : Remat_Op<"reduce_max_grad", [Pure,
    InferTypeOpAdaptor, AllTypesMatch<["grad", "max"]>]> {
  let summary = "gradient of reduce_max, split evenly among ties";
  let description = [{
    `max` is `remat.reduce_max %input dims [...]` (with the same `keep_dims`)
    and `grad` its cotangent, both of the reduced type. The result has the
    input's type: `grad` broadcast back over `dimensions`, kept where
    `input == max` and divided by the number of such elements of the reduced
    group, `grad * (input == max) / count(input == max)` (JAX's rule for
    reduce choosers). Cost: 4 FLOPs per input element (two comparisons, the
    count and the division); the count, one f32 per element of `grad`, is
    scratch.

    ```mlir
    %dx = remat.reduce_max_grad %g, %x, %m dims [1]
        : tensor<4xf32>, tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Remat_FloatTensor:$grad, Remat_FloatTensor:$input,
                       Remat_FloatTensor:$max, DenseI64ArrayAttr:$dimensions,
                       UnitAttr:$keep_dims);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = [{
    $grad `,` $input `,` $max `dims` $dimensions (`keep_dims` $keep_dims^)?
    attr-dict `:` type($grad) `,` type($input)
  }];
}

def Remat_SoftmaxGradOp : Remat_Op<"softmax_grad", [Pure,
    SameOperandsAndResultType, InferTypeOpInterface]> {
  let summary = "gradient of softmax, from its output";
  let description = [{
    `output` is `remat.softmax %x axis N` and `grad` its cotangent; the result
    is `output * (grad - sum(grad * output, axis))`, the cotangent of `x`.
    Cost: 4 FLOPs per element; the sums, one f32 per row, are scratch.

    ```mlir
    %dx = remat.softmax_grad %g, %y axis 1 : tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Remat_FloatTensor:$grad, Remat_FloatTensor:$output,
                       I64Attr:$axis);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = [{
    $grad `,` $output `axis` $axis attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Pooling and convolution
//===----------------------------------------------------------------------===//

/// The strides of a pooling gradient, defaulting to the kernel (as the
/// forward pooling ops).
defvar Remat_PoolGradStridesDecl = [{
  /// The strides, defaulting to the kernel size.
  ::llvm::SmallVector<int64_t, 2> getEffectiveStrides() {
    return ::llvm::SmallVector<int64_t, 2>(getStrides().value_or(getKernel()));
  }
}];

def Remat_MaxPool2DGradOp : Remat_Op<"max_pool2d_grad", [Pure,
    InferTypeOpAdaptor]> {
  let summary = "gradient of max_pool2d";
  let description = [{
    `grad` is the cotangent of `remat.max_pool2d %input` with the same
    `kernel`, `strides` (default: the kernel) and `padding`; the result, of
    the input's type, gives each window's gradient to the first maximum of
    that window in row-major order within the window (padding never wins; a
    NaN is larger than any number), as the backward of PyTorch's
    `max_pool2d_with_indices`. Overlapping windows accumulate.

    Cost: `N * C * H * W * KH * KW * (2 * KH * KW + 1)` FLOPs: every input
    element scans each window that may cover it for that window's first
    maximum (a compare and a select per position) and adds its gradient.
    Scratch: for f16/bf16, an f32 accumulator of the result's shape; nothing
    for f32 (no padded copy, no tensor of winners).

    ```mlir
    %dx = remat.max_pool2d_grad %g, %x kernel [2, 2]
        : tensor<1x4x4x4xf32>, tensor<1x4x8x8xf32>
    ```
  }];
  let arguments = (ins Remat_FloatTensor:$grad, Remat_FloatTensor:$input,
      Remat_DenseI64ArrayOf2:$kernel,
      OptionalAttr<Remat_DenseI64ArrayOf2>:$strides,
      DefaultValuedAttr<Remat_DenseI64ArrayOf4, "{0, 0, 0, 0}">:$padding);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = [{
    $grad `,` $input `kernel` $kernel (`strides` $strides^)?
    (`padding` $padding^)? attr-dict `:` type($grad) `,` type($input)
  }];
  let extraClassDeclaration = Remat_PoolGradStridesDecl;
}

def Remat_AvgPool2DGradOp : Remat_Op<"avg_pool2d_grad", [Pure]> {
  let summary = "gradient of avg_pool2d";
  let description = [{
    `grad` is the cotangent of `remat.avg_pool2d` with the same `kernel`,
    `strides` (default: the kernel) and `padding`; the result type is the
    forward input's, and pooling it must give `grad`'s type. Each window
    spreads `grad / (KH * KW)` over its elements (padding counted, as the
    forward's `count_include_pad=True`); overlapping windows accumulate.

    Cost: `N * C * H * W * (KH * KW + 1)` FLOPs (each input element sums the
    `KH * KW` window positions that may cover it, then one scaling). Scratch:
    the gradient spread over the input grid,
    `N * C * (H + KH - 1) * (W + KW - 1)` elements, and an f32 accumulator of
    the result's shape.

    ```mlir
    %dx = remat.avg_pool2d_grad %g kernel [3, 3] strides [2, 2]
        padding [1, 1, 1, 1] : tensor<1x4x4x4xf32> -> tensor<1x4x8x8xf32>
    ```
  }];
  let arguments = (ins Remat_FloatTensor:$grad,
      Remat_DenseI64ArrayOf2:$kernel,
      OptionalAttr<Remat_DenseI64ArrayOf2>:$strides,
      DefaultValuedAttr<Remat_DenseI64ArrayOf4, "{0, 0, 0, 0}">:$padding);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = [{
    $grad `kernel` $kernel (`strides` $strides^)? (`padding` $padding^)?
    attr-dict `:` type($grad) `->` type($result)
  }];
  let extraClassDeclaration = Remat_PoolGradStridesDecl;
  let hasVerifier = 1;
}

/// The window attributes of the convolution gradients, as remat.conv2d's.
defvar Remat_Conv2DGradAttrs = (ins
    DefaultValuedAttr<Remat_DenseI64ArrayOf2, "{1, 1}">:$strides,
    DefaultValuedAttr<Remat_DenseI64ArrayOf4, "{0, 0, 0, 0}">:$padding,
    DefaultValuedAttr<Remat_DenseI64ArrayOf2, "{1, 1}">:$dilations,
    DefaultValuedAttr<I64Attr, "1">:$groups);

def Remat_Conv2DGradInputOp : Remat_Op<"conv2d_grad_input", [Pure]> {
  let summary = "gradient of conv2d with respect to its input";
  let description = [{
    The transposed convolution: `grad: [N, F, OH, OW]` is the cotangent of
    `remat.conv2d %x, %filter` with the same `strides`, `padding` (`[top,
    left, bottom, right]`), `dilations` and `groups`, and the result, of
    `%x`'s type `[N, C, H, W]`, is

    `dx[n, c, h, w] = sum grad[n, f, oh, ow] * filter[f, c mod (C/groups), kh, kw]`

    over the `f` of `c`'s group and every `(oh, ow, kh, kw)` with
    `oh * stride_h + kh * dilation_h - pad_top = h` (and likewise for `w`).
    The result type must be an input whose conv2d has `grad`'s type; input
    rows and columns the forward never reads (when
    `(H + pads - span) % stride != 0`) get zero gradient.

    This is also the transposed convolution of a forward pass
    (`torch.nn.ConvTranspose2d`, ONNX `ConvTranspose`, which share the
    filter layout `[C_in, C_out/groups, KH, KW]`; `output_padding` is the
    extra rows and columns of the result type), and it is differentiable:
    the gradient of `grad` is the conv2d of the cotangent with `filter`, and
    that of `filter` the conv2d filter gradient of the cotangent.

    Cost: `2 * N * C * H * W * (F/groups) * KH * KW` FLOPs: the lowering
    spreads `grad` over a stride-1 grid with zeros between the strided
    positions and correlates it with the reversed filter. Scratch: that grid,
    `N * F * (H + (KH - 1) * dilation_h) * (W + (KW - 1) * dilation_w)`
    elements, the reversed filter, and an f32 accumulator for f16/bf16.

    ```mlir
    %dx = remat.conv2d_grad_input %g, %w strides [2, 2] padding [1, 1, 1, 1]
        : tensor<1x4x4x4xf32>, tensor<4x3x3x3xf32> -> tensor<1x3x8x8xf32>
    ```
  }];
  let arguments = !con((ins Remat_FloatTensor:$grad,
                            Remat_FloatTensor:$filter),
                       Remat_Conv2DGradAttrs);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = [{
    $grad `,` $filter (`strides` $strides^)? (`padding` $padding^)?
    (`dilations` $dilations^)? (`groups` $groups^)? attr-dict `:`
    type($grad) `,` type($filter) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Remat_Conv2DGradFilterOp : Remat_Op<"conv2d_grad_filter", [Pure]> {
  let summary = "gradient of conv2d with respect to its filter";
  let description = [{
    `grad: [N, F, OH, OW]` is the cotangent of `remat.conv2d %input, %w` with
    the same `strides`, `padding`, `dilations` and `groups`; the result, of
    `%w`'s type `[F, C/groups, KH, KW]`, is

    `dw[f, c, kh, kw] = sum over n, oh, ow of grad[n, f, oh, ow] *
    padded_input[n, g * C/groups + c, oh * stride_h + kh * dilation_h,
    ow * stride_w + kw * dilation_w]`

    with `g` the group of feature `f`. The result type must be a filter whose
    conv2d of `input` has `grad`'s type. Cost: `2 * F * (C/groups) * KH * KW
    * N * OH * OW` FLOPs, as the forward; scratch: the padded input when
    there is padding, and an f32 accumulator for f16/bf16.

    ```mlir
    %dw = remat.conv2d_grad_filter %x, %g strides [2, 2] padding [1, 1, 1, 1]
        : tensor<1x3x8x8xf32>, tensor<1x4x4x4xf32> -> tensor<4x3x3x3xf32>
    ```
  }];
  let arguments = !con((ins Remat_FloatTensor:$input,
                            Remat_FloatTensor:$grad),
                       Remat_Conv2DGradAttrs);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = [{
    $input `,` $grad (`strides` $strides^)? (`padding` $padding^)?
    (`dilations` $dilations^)? (`groups` $groups^)? attr-dict `:`
    type($input) `,` type($grad) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Normalization
//===----------------------------------------------------------------------===//

def Remat_LayerNormGradOp : Remat_Op<"layer_norm_grad", [Pure,
    InferTypeOpAdaptor, AllTypesMatch<["grad", "input"]>]> {
  let summary = "gradient of layer_norm";
  let description = [{
    `grad` is the cotangent of `remat.layer_norm %input` over `axes` with
    `eps` and the optional `weight` (a bias does not change these
    gradients). With `N` the number of normalized elements per row, the
    statistics recomputed from `input`, `xhat = (x - mean) * rstd`,
    `rstd = 1 / sqrt(var + eps)` and `dxhat = grad * weight` (weight 1 when
    absent):

    * `input_grad = rstd / N * (N * dxhat - sum(dxhat) - xhat * sum(dxhat * xhat))`,
      the sums over `axes`;
    * `weight_grad = sum(grad * xhat)` over the other dimensions;
    * `bias_grad = sum(grad)` over the other dimensions.

    The last two have the shape of the input restricted to `axes`, the
    weight's, also when there is no weight. Cost: 25 FLOPs per element with
    a weight, 22 without, plus 4 per row; scratch: six f32 per row (two sums,
    mean, rstd, two gradient sums) and, for f16/bf16, f32 accumulators for
    the two parameter gradients.

    ```mlir
    %dx, %dw, %db = remat.layer_norm_grad %g, %x weight %w : tensor<8xf32>
        axes [1] eps 1.0e-05 : tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Remat_FloatTensor:$grad, Remat_FloatTensor:$input,
                       Optional<Remat_FloatTensor>:$weight,
                       DenseI64ArrayAttr:$axes, F64Attr:$epsilon);
  let results = (outs Remat_FloatTensor:$input_grad,
                      Remat_FloatTensor:$weight_grad,
                      Remat_FloatTensor:$bias_grad);
  let assemblyFormat = [{
    $grad `,` $input (`weight` $weight^ `:` type($weight))? `axes` $axes
    `eps` $epsilon attr-dict `:` type($input)
  }];
}

def Remat_BatchNormGradOp : Remat_Op<"batch_norm_grad", [Pure,
    InferTypeOpAdaptor, AllTypesMatch<["grad", "input"]>,
    AllTypesMatch<["weight", "mean", "variance"]>]> {
  let summary = "gradient of training-mode batch_norm";
  let description = [{
    `grad` is the cotangent of the output of `remat.batch_norm %input,
    %weight, %bias eps E`, and `mean`/`variance` are that op's batch mean and
    biased variance, per channel (dimension 1). As PyTorch's
    `native_batch_norm_backward` with `train=True`, with `M` the elements per
    channel, `invstd = 1 / sqrt(variance + eps)` and sums over every
    dimension but 1:

    * `input_grad = (grad - sum(grad) / M - (x - mean) * invstd^2 *
      sum(grad * (x - mean)) / M) * invstd * weight`;
    * `weight_grad = sum(grad * (x - mean)) * invstd`;
    * `bias_grad = sum(grad)`.

    Cost: 9 FLOPs per element plus 8 per channel; scratch: five f32 per
    channel (the two sums and three coefficients).

    ```mlir
    %dx, %dw, %db = remat.batch_norm_grad %g, %x, %w, %mean, %var eps 1.0e-05
        : tensor<2x4x8x8xf32>, tensor<4xf32>
    ```
  }];
  let arguments = (ins Remat_FloatTensor:$grad, Remat_FloatTensor:$input,
                       Remat_FloatTensor:$weight, Remat_FloatTensor:$mean,
                       Remat_FloatTensor:$variance, F64Attr:$epsilon);
  let results = (outs Remat_FloatTensor:$input_grad,
                      Remat_FloatTensor:$weight_grad,
                      Remat_FloatTensor:$bias_grad);
  let assemblyFormat = [{
    $grad `,` $input `,` $weight `,` $mean `,` $variance `eps` $epsilon
    attr-dict `:` type($input) `,` type($weight)
  }];
}

//===----------------------------------------------------------------------===//
// Gather, loss and shape
//===----------------------------------------------------------------------===//

def Remat_EmbeddingGradOp : Remat_Op<"embedding_grad", [Pure]> {
  let summary = "gradient of embedding with respect to the table";
  let description = [{
    `grad: [S..., D]` is the cotangent of `remat.embedding %table, %ids` with
    `ids: [S...]`; the result, of the table's type `[V, D]`, is zero but for
    row `ids[s]`, which receives `grad[s]` for every position `s`: duplicate
    ids accumulate, ids outside `[0, V)` contribute nothing. `V` comes from
    the result type. Cost: one FLOP per element of `grad`; for f16/bf16 the
    rows accumulate in an f32 table (scratch).

    ```mlir
    %dt = remat.embedding_grad %g, %ids
        : tensor<2x8x16xf32>, tensor<2x8xi32> -> tensor<100x16xf32>
    ```
  }];
  let arguments = (ins Remat_FloatTensor:$grad, Remat_IndexTensor:$ids);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = [{
    $grad `,` $ids attr-dict `:` type($grad) `,` type($ids) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Remat_CrossEntropyGradOp : Remat_Op<"cross_entropy_grad", [Pure,
    InferTypeOpAdaptor]> {
  let summary = "gradient of cross_entropy with respect to the logits";
  let description = [{
    `grad` (0-d) is the cotangent of `remat.cross_entropy %logits, %labels`,
    the mean over the `R` rows (every dimension but the last). The result,
    of the logits' type, is `(softmax(logits) - onehot(labels)) * grad / R`
    with the softmax over the last dimension; a label outside `[0, C)` has
    an all-zero one-hot row. Cost: 10 FLOPs per logit; scratch: the row
    maxima and sums, two f32 per row.

    ```mlir
    %dl = remat.cross_entropy_grad %g, %logits, %labels
        : tensor<f32>, tensor<8x10xf32>, tensor<8xi32>
    ```
  }];
  let arguments = (ins Remat_ScalarFloatTensor:$grad,
                       Remat_FloatTensor:$logits, Remat_IndexTensor:$labels);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = [{
    $grad `,` $logits `,` $labels attr-dict `:` type($grad) `,`
    type($logits) `,` type($labels)
  }];
}

def Remat_SliceGradOp : Remat_Op<"slice_grad", [Pure]> {
  let summary = "gradient of slice";
  let description = [{
    `grad` is the cotangent of `remat.slice` with the same `start`, `limit`
    and `strides` (default: all ones); the result, of the sliced input's
    type, is zero but for `grad` written at the sliced positions. Slicing a
    value of the result type must give `grad`'s type. Cost: no FLOPs.

    ```mlir
    %dx = remat.slice_grad %g start [0, 2] limit [4, 6]
        : tensor<4x4xf32> -> tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Remat_FloatTensor:$grad, DenseI64ArrayAttr:$start,
                       DenseI64ArrayAttr:$limit,
                       OptionalAttr<DenseI64ArrayAttr>:$strides);
  let results = (outs Remat_FloatTensor:$result);
  let assemblyFormat = [{
    $grad `start` $start `limit` $limit (`strides` $strides^)? attr-dict `:`
    type($grad) `->` type($result)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The strides, defaulting to all ones.
    ::llvm::SmallVector<int64_t> getEffectiveStrides() {
      if (auto strides = getStrides())
        return ::llvm::SmallVector<int64_t>(*strides);
      return ::llvm::SmallVector<int64_t>(getStart().size(), 1);
    }
  }];
}

//===----------------------------------------------------------------------===//
// Scans
//===----------------------------------------------------------------------===//

def Remat_RevolveScanOp : Remat_Op<"revolve_scan", [
    RecursiveMemoryEffects, RecursivelySpeculatable, SingleBlock,
    AttrSizedOperandSegments], ["bytesRead", "bytesWritten"]> {
  let summary = "the backward of a scan under an optimal Revolve schedule";
  let description = [{
    The backward pass of a `remat.scan` in mode `revolve s` (the scan's VJP,
    built by `remat-autodiff`): Griewank and Walther's binomial checkpointing
    (Revolve, ACM TOMS 26(1), 2000), which reverses `L` layers with `slots`
    checkpoint slots in the fewest forward steps any schedule can.

    The forward scan (`remat.scan ... snapshots`) has already run every layer
    and stored, for each carry, the carries that Revolve checkpoints before
    its first turn: `snapshots` holds them, one operand per carry of the
    forward scan, stacked over the slots the schedule uses (the first rows;
    the rest are written before they are read). This op runs the rest of the
    schedule, in place in those slots: it restores a slot, advances (runs
    layers with the `forward` region, keeping nothing), stores the current
    carries in a slot, and turns, once per layer from the last down: the
    `backward` region re-runs that layer from its carries and runs its VJP.
    The schedule is a function of `L` and `slots` alone
    (`lib/Core/RevolveScan.cpp`).

    The regions are those of a scan's body: `forward` takes the carries and
    one slice of each `xs` operand and yields the next carries; `backward`
    is the body of a `reverse` scan (`reverse` on this op: of a non-reverse
    one) whose carries are the `inits` (the carries' cotangents) and whose
    slices are the layer's carries, then its slices of `xs` and of `seeds`
    (the stacked outputs' cotangents). It yields the cotangents for the
    layer before, then per-layer outputs (the gradients of the layer's
    slices). The results are the last cotangents, then the per-layer outputs
    stacked over `L` layers in layer order.

    Cost: the advances' forward steps plus `L` runs of `backward`. Scratch:
    the current carries and the larger of one step of either region. With
    `s` slots, no layer is advanced more than `r` times, `r` the least
    integer with C(s + r, s) >= L.

    ```mlir
    %dh0, %dws = remat.revolve_scan slots 2
        snapshots(%snap : tensor<2x4x8xf32>) (%dh : tensor<4x8xf32>)
        over(%ws : tensor<6x8x8xf32>) seeds()
        -> (tensor<4x8xf32>, tensor<6x8x8xf32>)
      forward {
      ^bb0(%c: tensor<4x8xf32>, %w: tensor<8x8xf32>):
        %m = remat.matmul %c, %w : tensor<4x8xf32>, tensor<8x8xf32> -> tensor<4x8xf32>
        %t = remat.tanh %m : tensor<4x8xf32>
        remat.yield %t : tensor<4x8xf32>
      } backward {
      ^bb0(%g: tensor<4x8xf32>, %c: tensor<4x8xf32>, %w: tensor<8x8xf32>):
        ...
        remat.yield %dc, %dw : tensor<4x8xf32>, tensor<8x8xf32>
      }
    ```
  }];
  let arguments = (ins Variadic<Remat_AnyTensor>:$snapshots,
                       Variadic<Remat_AnyTensor>:$inits,
                       Variadic<Remat_StackedTensor>:$xs,
                       Variadic<Remat_AnyTensor>:$seeds,
                       ConfinedAttr<I64Attr, [IntPositive]>:$slots,
                       UnitAttr:$reverse);
  let results = (outs Variadic<Remat_AnyTensor>:$results);
  let regions = (region SizedRegion<1>:$forward, SizedRegion<1>:$backward);
  let assemblyFormat = [{
    (`reverse` $reverse^)? `slots` $slots
    `snapshots` `(` ($snapshots^ `:` type($snapshots))? `)`
    `(` ($inits^ `:` type($inits))? `)`
    `over` `(` ($xs^ `:` type($xs))? `)`
    `seeds` `(` ($seeds^ `:` type($seeds))? `)`
    `->` `(` type($results) `)`
    `forward` $forward `backward` $backward attr-dict
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let builders = [OpBuilder<(ins "::mlir::TypeRange":$resultTypes,
      "::mlir::ValueRange":$snapshots, "::mlir::ValueRange":$inits,
      "::mlir::ValueRange":$xs, "::mlir::ValueRange":$seeds,
      "int64_t":$slots, "bool":$reverse)>];
  let skipDefaultBuilders = 1;
  let extraClassDeclaration = [{
    /// The number of layers (dimension 0 of every `xs` operand).
    int64_t getLength();
    /// The regions' terminators.
    YieldOp getForwardYield();
    YieldOp getBackwardYield();
  }];
}

#endif // REMAT_DIALECT_REMAT_IR_REMATGRADIENTOPS_TD
