#!/usr/bin/env python3
"""An independent numpy reference for the forward numerics of remat ops.

Each op's expected result is computed in float64 from the tensors remat-run
saved (--save-inputs), following the op's description in RematOps.td, the
way a user reads it; nothing here is derived from the linalg lowering. The
result remat-run saved (--save-outputs) is compared with a stated
tolerance:

    |got - expected| <= atol + rtol * scale + round(out dtype) * |expected|

where `scale` is |expected| for elementwise ops and the sum of the absolute
values of the terms for accumulations (matmul, conv2d, sums, means, norms):
that is what an f32 accumulation error is proportional to, so the bound
stays tight even where terms cancel. `round` is the half-ulp of a 16-bit
result type (f16 2^-11, bf16 2^-8; the ops compute in f32 and round once at
the end, softmax three times); f32 rounding is part of each op's own rtol.
Each op names its tolerance class (TOLERANCES, with the reasons) and its
scale next to its reference below.

Usage:
  reference.py OP --in PREFIX --out PREFIX [attributes]
      reads PREFIX0.npy, PREFIX1.npy, ... (inputs, outputs); prints
      "PASS OP max_abs_err=... max_rel_err=... tolerance_used=..." (the
      largest error as a fraction of its bound) or exits non-zero with the
      worst element.
  reference.py make-input PATH --shape 7x13 --dtype f32 --low L --high H
      [--seed S] [--step STEP]
      writes a .npy input (floats uniform in [L, H), rounded to multiples of
      STEP if given; integers in [L, H)) for remat-run --inputs: positive
      values for log/sqrt/rsqrt, out-of-range ids for embedding, ties for
      max_pool2d_grad.
"""

import argparse
import math
import sys

import numpy as np

#===----------------------------------------------------------------------===#
# .npy files (bf16 is stored as raw 16-bit values, descr '<V2')
#===----------------------------------------------------------------------===#


def load(path):
    """Returns (values as float64 or int64, element type name)."""
    array = np.load(path)
    kind = array.dtype
    if kind == np.float32:
        return array.astype(np.float64), "f32"
    if kind == np.float16:
        return array.astype(np.float64), "f16"
    if kind.kind == "V" and kind.itemsize == 2:
        bits = array.reshape(-1).view(np.uint16).astype(np.uint32) << 16
        values = bits.view(np.float32).reshape(array.shape)
        return values.astype(np.float64), "bf16"
    if kind == np.int32:
        return array.astype(np.int64), "i32"
    if kind == np.int64:
        return array.astype(np.int64), "i64"
    sys.exit(f"reference.py: {path}: unsupported dtype {kind}")


def to_bf16_bits(values):
    """Round float values to bf16 (nearest even) and return the bits."""
    bits = np.asarray(values, dtype=np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    return rounded.astype(np.uint16)


def save(path, values, dtype):
    if dtype == "bf16":
        bits = to_bf16_bits(values)
        header = "{'descr': '<V2', 'fortran_order': False, 'shape': %s, }" % (
            repr(tuple(bits.shape)))
        total = 10 + len(header) + 1
        header += " " * ((64 - total % 64) % 64) + "\n"
        with open(path, "wb") as f:
            f.write(b"\x93NUMPY\x01\x00")
            f.write(len(header).to_bytes(2, "little"))
            f.write(header.encode("latin1"))
            f.write(np.ascontiguousarray(bits).tobytes())
        return
    numpy_type = {"f32": np.float32, "f16": np.float16, "i32": np.int32,
                  "i64": np.int64}[dtype]
    np.save(path, np.ascontiguousarray(np.asarray(values).astype(numpy_type)))


#===----------------------------------------------------------------------===#
# Tolerances
#===----------------------------------------------------------------------===#

# Half an ulp of a 16-bit result, relative (plus the half of f16's smallest
# subnormal as an absolute term): the ops compute in f32 and round once.
OUTPUT_ROUNDING = {"f32": (0.0, 0.0), "f16": (2.0**-11, 2.0**-25),
                   "bf16": (2.0**-8, 0.0), "i32": (0.0, 0.0),
                   "i64": (0.0, 0.0)}

# (rtol, atol) of the f32 computation, per tolerance class; rtol multiplies
# the op's `scale`.
TOLERANCES = {
    # Data movement, selection and sign changes: bit-exact in every type
    # (reshape, transpose, slice, concat, broadcast, embedding, neg, relu,
    # maximum, reduce_max, max_pool2d, name, offload/reload).
    "exact": (0.0, 0.0),
    # One correctly rounded f32 operation (add, sub, mul, div, sqrt), or two
    # (rsqrt = 1/sqrt; scale and dropout multiply by the f32 rounding of a
    # double constant): at most 2^-23 relative; 2^-22 leaves a factor 2.
    "rounded": (2.0**-22, 0.0),
    # libm expf/logf/tanhf/erff are within 1-2 ulp; the composite formulas
    # (sigmoid, both gelu) add a few roundings, amplified at most ~3x for
    # inputs in [-1, 1). 2e-6 (~32 ulp) leaves a wide margin while an erf
    # taken for tanh in gelu (1e-3) or a wrong constant would still fail.
    "transcendental": (2e-6, 1e-7),
    # f32 accumulation of n terms: error <= n * 2^-24 * sum|terms| in the
    # worst case, ~sqrt(n) * 2^-24 * sum|terms| in practice. Relative to
    # sum|terms|, 1e-5 covers the worst case for n <= 160 and the typical
    # case far beyond (our longest reductions have a few thousand terms).
    "accumulate": (1e-5, 0.0),
    # Normalizations (softmax, layer_norm, batch_norm) and losses: a few
    # f32 accumulations plus exp/log/rsqrt; scale is what the result's
    # absolute error is proportional to (see each reference).
    "normalize": (1e-5, 1e-7),
}


class Expected:
    """One expected output: its values, the scale the tolerance multiplies
    (None: |values|), a tolerance class and how many times a 16-bit result
    is rounded to its type (once, unless the op stores intermediates in
    it)."""

    def __init__(self, values, tolerance, scale=None, roundings=1):
        self.values = np.asarray(values, dtype=np.float64)
        self.tolerance = tolerance
        self.scale = None if scale is None else np.asarray(scale, np.float64)
        self.roundings = roundings


#===----------------------------------------------------------------------===#
# Op references, from the op descriptions in RematOps.td
#===----------------------------------------------------------------------===#


def int_list(text):
    text = text.strip().strip("[]")
    return [int(t) for t in text.replace(" ", "").split(",") if t]


def float_list(text):
    text = text.strip().strip("[]")
    return [float(t) for t in text.replace(" ", "").split(",") if t]


def shape_of(text):
    return [int(t) for t in text.split("x")] if text else []


def unary(fn, tolerance):
    return lambda a, x: [Expected(fn(x[0]), tolerance)]


def binary(fn, tolerance):
    return lambda a, x: [Expected(fn(x[0], x[1]), tolerance)]


def gelu(a, x):
    v = x[0]
    if a.approximation == "tanh":
        # 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
        inner = math.sqrt(2.0 / math.pi) * (v + 0.044715 * v**3)
        return [Expected(0.5 * v * (1.0 + np.tanh(inner)), "transcendental")]
    if a.approximation == "erf":
        # x * Phi(x), Phi(x) = (1 + erf(x / sqrt(2))) / 2
        erf = np.vectorize(math.erf)
        return [Expected(v * 0.5 * (1.0 + erf(v / math.sqrt(2.0))),
                         "transcendental")]
    sys.exit("reference.py: gelu needs --approximation tanh|erf")


def convert(a, x):
    """remat.convert to --to: exact, rounded to nearest even when narrowing."""
    v = np.asarray(x[0], dtype=np.float32)
    if a.to == "f32":
        out = v
    elif a.to == "f16":
        with np.errstate(over="ignore"):  # past 65504: inf, as IEEE rounds
            out = v.astype(np.float16)
    elif a.to == "bf16":
        bits = to_bf16_bits(v).astype(np.uint32) << 16
        out = bits.view(np.float32)
    else:
        sys.exit("reference.py: convert needs --to f32|f16|bf16")
    return [Expected(out, "exact")]


def where(a, x):
    """remat.where with the constant mask --values (0/1) of --shape,
    broadcast to the operands' shape: exact selection."""
    mask = np.array(float_list(a.values)).reshape(shape_of(a.shape)) != 0
    return [Expected(np.where(np.broadcast_to(mask, x[0].shape), x[0], x[1]),
                     "exact")]


def rounded_to(value, dtype):
    """`value` rounded to the element type `dtype` (nearest even)."""
    if dtype == "bf16":
        bits = to_bf16_bits(np.array([value])).astype(np.uint32) << 16
        return float(bits.view(np.float32)[0])
    return float({"f32": np.float32, "f16": np.float16}[dtype](value))


def clamp(a, x):
    """remat.clamp to --min and/or --max, the bounds rounded to the element
    type as remat rounds them: exact."""
    lo = -np.inf if a.min is None else rounded_to(a.min, a.input_type)
    hi = np.inf if a.max is None else rounded_to(a.max, a.input_type)
    return [Expected(np.clip(x[0], lo, hi), "exact")]


def masked_fill(a, x):
    """remat.masked_fill of --value where the constant mask --values (0/1)
    of --shape, broadcast to the input's shape, is true: exact."""
    mask = np.array(float_list(a.values)).reshape(shape_of(a.shape)) != 0
    return [Expected(np.where(np.broadcast_to(mask, x[0].shape), a.value,
                              x[0]), "exact")]


def sigmoid(v):
    return 1.0 / (1.0 + np.exp(-v))


def scale_op(a, x):
    return [Expected(x[0] * a.factor, "rounded")]


def broadcast(a, x):
    # Operand dimension i maps to result dimension dims[i]; a size-1 operand
    # dimension expands to the result's size.
    result_shape = shape_of(a.shape)
    dims = int_list(a.dims)
    operand = x[0]
    assert len(dims) == operand.ndim, "one entry of --dims per operand dim"
    view = [1] * len(result_shape)
    for i, d in enumerate(dims):
        view[d] = operand.shape[i]
    return [Expected(np.broadcast_to(operand.reshape(view), result_shape),
                     "exact")]


def reduction(kind):
    def run(a, x):
        dims = tuple(int_list(a.dims))
        v = x[0]
        if kind == "max":
            return [Expected(np.max(v, axis=dims, keepdims=a.keep_dims),
                             "exact")]
        total = np.sum(v, axis=dims, keepdims=a.keep_dims)
        magnitude = np.sum(np.abs(v), axis=dims, keepdims=a.keep_dims)
        if kind == "mean":
            count = int(np.prod([v.shape[d] for d in dims]))
            total, magnitude = total / count, magnitude / count
        return [Expected(total, "accumulate", magnitude)]
    return run


def matmul(a, x):
    # [B..., M, K] x [B..., K, N]; transpose_a/b swap an operand's last two
    # dimensions first.
    lhs, rhs = x
    if a.transpose_a:
        lhs = np.swapaxes(lhs, -1, -2)
    if a.transpose_b:
        rhs = np.swapaxes(rhs, -1, -2)
    return [Expected(lhs @ rhs, "accumulate", np.abs(lhs) @ np.abs(rhs))]


def windows(padded, kernel, strides, dilations, out_hw):
    """Yields (kh, kw, view) where view[n, c, oh, ow] is the padded input
    under kernel position (kh, kw) for every output position."""
    oh, ow = out_hw
    for kh in range(kernel[0]):
        for kw in range(kernel[1]):
            h0, w0 = kh * dilations[0], kw * dilations[1]
            yield kh, kw, padded[:, :, h0:h0 + strides[0] * (oh - 1) + 1:strides[0],
                                 w0:w0 + strides[1] * (ow - 1) + 1:strides[1]]


def pad_nchw(v, padding, value):
    top, left, bottom, right = padding
    return np.pad(v, ((0, 0), (0, 0), (top, bottom), (left, right)),
                  constant_values=value)


def conv_out(size, pad_lo, pad_hi, kernel, stride, dilation):
    return (size + pad_lo + pad_hi - dilation * (kernel - 1) - 1) // stride + 1


def conv2d(a, x):
    # input [N, C, H, W], filter [F, C/groups, KH, KW] -> [N, F, OH, OW];
    # padding [top, left, bottom, right] with zeros; output channel f reads
    # the input channels of group f // (F / groups).
    inp, flt = x
    strides = int_list(a.strides) if a.strides else [1, 1]
    padding = int_list(a.padding) if a.padding else [0, 0, 0, 0]
    dilations = int_list(a.dilations) if a.dilations else [1, 1]
    groups = a.groups
    n, c, h, w = inp.shape
    f, cg, kh_, kw_ = flt.shape
    assert c == cg * groups and f % groups == 0
    oh = conv_out(h, padding[0], padding[2], kh_, strides[0], dilations[0])
    ow = conv_out(w, padding[1], padding[3], kw_, strides[1], dilations[1])
    padded = pad_nchw(inp, padding, 0.0)
    fg = f // groups
    out = np.zeros((n, groups, fg, oh, ow))
    magnitude = np.zeros_like(out)
    gflt = flt.reshape(groups, fg, cg, kh_, kw_)
    for kh, kw, view in windows(padded, (kh_, kw_), strides, dilations,
                                (oh, ow)):
        gview = view.reshape(n, groups, cg, oh, ow)
        weights = gflt[:, :, :, kh, kw]  # [G, F/G, C/G]
        out += np.einsum("ngchw,gfc->ngfhw", gview, weights)
        magnitude += np.einsum("ngchw,gfc->ngfhw", np.abs(gview),
                               np.abs(weights))
    return [Expected(out.reshape(n, f, oh, ow), "accumulate",
                     magnitude.reshape(n, f, oh, ow))]


def pool(kind):
    def run(a, x):
        # Window `kernel`, strides default to the kernel, padding
        # [top, left, bottom, right]. max: padding never wins. avg: the sum
        # is divided by KH * KW, padding counted (count_include_pad=True).
        v = x[0]
        kernel = int_list(a.kernel)
        strides = int_list(a.strides) if a.strides else kernel
        padding = int_list(a.padding) if a.padding else [0, 0, 0, 0]
        _, _, h, w = v.shape
        oh = conv_out(h, padding[0], padding[2], kernel[0], strides[0], 1)
        ow = conv_out(w, padding[1], padding[3], kernel[1], strides[1], 1)
        padded = pad_nchw(v, padding, -np.inf if kind == "max" else 0.0)
        views = [view for _, _, view in
                 windows(padded, kernel, strides, (1, 1), (oh, ow))]
        if kind == "max":
            return [Expected(np.max(views, axis=0), "exact")]
        count = kernel[0] * kernel[1]
        return [Expected(np.sum(views, axis=0) / count, "accumulate",
                         np.sum(np.abs(views), axis=0) / count)]
    return run


def max_pool2d_grad(a, x):
    # The gradient of each window goes to the window's first maximum in
    # row-major order (padding never wins, ties go to the earlier position);
    # an input element sums the gradients of the windows it wins.
    g, v = x
    kernel = int_list(a.kernel)
    strides = int_list(a.strides) if a.strides else kernel
    padding = int_list(a.padding) if a.padding else [0, 0, 0, 0]
    n, c, oh, ow = g.shape
    padded = pad_nchw(v, padding, -np.inf)
    views = np.stack([view for _, _, view in
                      windows(padded, kernel, strides, (1, 1), (oh, ow))])
    first = np.argmax(views, axis=0)  # the first of equal maxima
    out = np.zeros(padded.shape)
    magnitude = np.zeros(padded.shape)
    for i in range(kernel[0]):
        for j in range(kernel[1]):
            won = first == i * kernel[1] + j
            rows = slice(i, i + strides[0] * (oh - 1) + 1, strides[0])
            cols = slice(j, j + strides[1] * (ow - 1) + 1, strides[1])
            out[:, :, rows, cols] += np.where(won, g, 0.0)
            magnitude[:, :, rows, cols] += np.where(won, np.abs(g), 0.0)
    crop = (slice(None), slice(None),
            slice(padding[0], padding[0] + v.shape[2]),
            slice(padding[1], padding[1] + v.shape[3]))
    return [Expected(out[crop], "accumulate", magnitude[crop])]


def softmax(a, x):
    # exp(x - max(x)) / sum(exp(x - max(x))) along axis. Each result has a
    # relative error of a few ulp plus that of the sum: scale = |result|.
    # The exponentials are stored in the result's buffer (softmax's scratch
    # is only the two reduced tensors), so a 16-bit result rounds three
    # times: each exponential, the sum (of rounded terms, relatively), the
    # quotient.
    v = x[0]
    e = np.exp(v - np.max(v, axis=a.axis, keepdims=True))
    return [Expected(e / np.sum(e, axis=a.axis, keepdims=True), "normalize",
                     roundings=3)]


def layer_norm(a, x):
    # Normalize over `axes` to zero mean and unit biased variance,
    # (x - mean) / sqrt(var + eps), then * weight, + bias (shaped as the
    # input restricted to axes).
    v = x[0]
    axes = tuple(int_list(a.axes))
    mean = np.mean(v, axis=axes, keepdims=True)
    var = np.mean((v - mean) ** 2, axis=axes, keepdims=True)
    inv = 1.0 / np.sqrt(var + a.eps)
    y = (v - mean) * inv
    # The f32 error of (x - mean) * rsqrt(var + eps) is proportional to
    # (|x| + |mean|) * rsqrt(var + eps).
    magnitude = (np.abs(v) + np.abs(mean)) * inv
    param_shape = [v.shape[d] if d in axes else 1 for d in range(v.ndim)]
    rest = list(x[1:])
    if a.weight:
        w = rest.pop(0).reshape(param_shape)
        y, magnitude = y * w, magnitude * np.abs(w)
    if a.bias:
        b = rest.pop(0).reshape(param_shape)
        y, magnitude = y + b, magnitude + np.abs(b)
    return [Expected(y, "normalize", magnitude)]


def batch_norm(a, x):
    # Per channel (dimension 1) statistics over every other dimension;
    # results: the output, the batch mean and the biased batch variance.
    v, w, b = x
    axes = tuple(d for d in range(v.ndim) if d != 1)
    mean = np.mean(v, axis=axes, keepdims=True)
    var = np.mean((v - mean) ** 2, axis=axes, keepdims=True)
    inv = 1.0 / np.sqrt(var + a.eps)
    shape = [1] * v.ndim
    shape[1] = v.shape[1]
    w, b = w.reshape(shape), b.reshape(shape)
    y = (v - mean) * inv * w + b
    magnitude = (np.abs(v) + np.abs(mean)) * inv * np.abs(w) + np.abs(b)
    return [Expected(y, "normalize", magnitude),
            Expected(mean.reshape(-1), "accumulate",
                     np.mean(np.abs(v), axis=axes)),
            # Squared deviations are positive: the sum's error is relative
            # to the variance itself (plus the mean's error, squared).
            Expected(var.reshape(-1), "accumulate")]


def embedding(a, x):
    # table [V, D], ids [S...] -> [S..., D]; ids outside [0, V) read zeros.
    table, ids = x
    rows = table.shape[0]
    valid = (ids >= 0) & (ids < rows)
    out = table[np.where(valid, ids, 0)]
    out[~valid] = 0.0
    return [Expected(out, "exact")]


def cross_entropy(a, x):
    # logits [B..., C], labels [B...] -> mean over rows of
    # logsumexp(logits) - logits[label]; an out-of-range label contributes
    # logsumexp(logits).
    logits, labels = x
    classes = logits.shape[-1]
    rows = logits.reshape(-1, classes)
    labels = labels.reshape(-1)
    top = np.max(rows, axis=1)
    lse = top + np.log(np.sum(np.exp(rows - top[:, None]), axis=1))
    valid = (labels >= 0) & (labels < classes)
    picked = np.where(valid, rows[np.arange(len(labels)),
                                  np.where(valid, labels, 0)], 0.0)
    loss = np.mean(lse - picked)
    # Error of each row: a few ulp of |max| + log(sum) + |picked|.
    magnitude = np.mean(np.abs(top) + np.abs(lse - top) + np.abs(picked))
    return [Expected(np.array(loss), "normalize", magnitude)]


def mse(a, x):
    d = x[0] - x[1]
    return [Expected(np.array(np.mean(d * d)), "accumulate")]


SPLITMIX_GOLDEN = 0x9E3779B97F4A7C15
MASK64 = (1 << 64) - 1


def dropout(a, x):
    # The mask bit of row-major element i is a hash of (seed, counter + i):
    # the SplitMix64 finalizer of seed * 0x9E3779B97F4A7C15 + counter + i
    # (mod 2^64); the top 24 bits / 2^24 is uniform in [0, 1) and the element
    # is kept iff it is >= rate, then scaled by 1 / (1 - rate).
    v = x[0]
    base = (a.seed * SPLITMIX_GOLDEN + a.counter) & MASK64
    with np.errstate(over="ignore"):
        z = np.uint64(base) + np.arange(v.size, dtype=np.uint64)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z = z ^ (z >> np.uint64(31))
    uniform = (z >> np.uint64(40)).astype(np.float64) / 2.0**24
    keep = (uniform >= a.rate).reshape(v.shape)
    return [Expected(np.where(keep, v / (1.0 - a.rate), 0.0), "rounded")]


def reshape(a, x):
    return [Expected(x[0].reshape(shape_of(a.shape)), "exact")]


def transpose(a, x):
    # Result dimension i is input dimension perm[i].
    return [Expected(np.transpose(x[0], int_list(a.perm)), "exact")]


def slice_op(a, x):
    # input[start[i] : limit[i] : strides[i]] along each dimension.
    start, limit = int_list(a.start), int_list(a.limit)
    strides = int_list(a.strides) if a.strides else [1] * len(start)
    index = tuple(slice(s, l, st) for s, l, st in zip(start, limit, strides))
    return [Expected(x[0][index], "exact")]


def concat(a, x):
    return [Expected(np.concatenate(x, axis=a.dim), "exact")]


def constant(a, x):
    return [Expected(np.array(float_list(a.values)).reshape(
        shape_of(a.shape)), "exact")]


def scan_tanh_matmul(a, x):
    # remat.scan over stacked weights ws [L, D, D] carrying h: each layer
    # h = tanh(h @ ws[i]); results: the final carry, then every layer's h
    # stacked along a new leading dimension.
    h, ws = x
    ys, magnitudes = [], []
    # Error bound, layer by layer: the incoming error goes through the
    # matmul (|error| @ |w|) and tanh (1-Lipschitz); the matmul adds its own
    # accumulation error (|h| @ |w|) and tanh a relative one (|h'|).
    magnitude = np.zeros_like(h)
    for w in ws:
        product = h @ w
        magnitude = (magnitude + np.abs(h)) @ np.abs(w)
        h = np.tanh(product)
        magnitude = magnitude + np.abs(h)
        ys.append(h)
        magnitudes.append(magnitude)
    return [Expected(h, "accumulate", magnitude),
            Expected(np.stack(ys), "accumulate", np.stack(magnitudes))]


# name -> (number of inputs, or None when given by the attributes; the
# reference).
OPS = {
    "neg": (1, unary(lambda v: -v, "exact")),
    "relu": (1, unary(lambda v: np.maximum(v, 0.0), "exact")),
    "clamp": (1, clamp),
    "masked_fill": (1, masked_fill),
    "exp": (1, unary(np.exp, "transcendental")),
    "log": (1, unary(np.log, "transcendental")),
    "sqrt": (1, unary(np.sqrt, "rounded")),
    "rsqrt": (1, unary(lambda v: 1.0 / np.sqrt(v), "rounded")),
    "tanh": (1, unary(np.tanh, "transcendental")),
    # Absolute errors (the argument is reduced by pi/2 in f32): scale 1.
    "sin": (1, lambda a, x: [Expected(np.sin(x[0]), "transcendental",
                                      np.ones_like(x[0]))]),
    "cos": (1, lambda a, x: [Expected(np.cos(x[0]), "transcendental",
                                      np.ones_like(x[0]))]),
    "erf": (1, unary(np.vectorize(math.erf), "transcendental")),
    "sigmoid": (1, unary(sigmoid, "transcendental")),
    "convert": (1, convert),
    "gelu": (1, gelu),
    "add": (2, binary(np.add, "rounded")),
    "sub": (2, binary(np.subtract, "rounded")),
    "mul": (2, binary(np.multiply, "rounded")),
    "div": (2, binary(np.divide, "rounded")),
    "maximum": (2, binary(np.maximum, "exact")),
    "where": (2, where),
    "scale": (1, scale_op),
    "broadcast": (1, broadcast),
    "reduce_sum": (1, reduction("sum")),
    "reduce_mean": (1, reduction("mean")),
    "reduce_max": (1, reduction("max")),
    "matmul": (2, matmul),
    "conv2d": (2, conv2d),
    "max_pool2d": (1, pool("max")),
    "max_pool2d_grad": (2, max_pool2d_grad),
    "avg_pool2d": (1, pool("avg")),
    "softmax": (1, softmax),
    "layer_norm": (None, layer_norm),
    "batch_norm": (3, batch_norm),
    "embedding": (2, embedding),
    "cross_entropy": (2, cross_entropy),
    "mse": (2, mse),
    "dropout": (1, dropout),
    "reshape": (1, reshape),
    "transpose": (1, transpose),
    "slice": (1, slice_op),
    "concat": (None, concat),
    "identity": (1, unary(lambda v: v, "exact")),
    "constant": (0, constant),
    "scan_tanh_matmul": (2, scan_tanh_matmul),
}


#===----------------------------------------------------------------------===#
# Comparison
#===----------------------------------------------------------------------===#


def compare(op, expected, outputs):
    """Checks every output; returns (max abs error, max rel error, max of
    error / bound) or exits with the worst element."""
    worst_abs = worst_rel = worst_use = 0.0
    for index, (want, (got, dtype)) in enumerate(zip(expected, outputs)):
        if tuple(got.shape) != tuple(want.values.shape):
            sys.exit(f"FAIL {op} output {index}: shape {list(got.shape)}, "
                     f"expected {list(want.values.shape)}")
        rtol, atol = TOLERANCES[want.tolerance]
        if want.tolerance == "exact":
            round_rel, round_abs = 0.0, 0.0
        else:
            round_rel, round_abs = (want.roundings * r
                                    for r in OUTPUT_ROUNDING[dtype])
        ref = want.values
        scale = np.abs(ref) if want.scale is None else np.broadcast_to(
            want.scale, ref.shape)
        with np.errstate(invalid="ignore"):  # 0 * inf: the bound is 0
            bound = np.nan_to_num(atol + round_abs + rtol * scale +
                                  round_rel * np.abs(ref), nan=0.0)
        with np.errstate(invalid="ignore"):
            err = np.abs(got - ref)
            err = np.where(np.isnan(got) & np.isnan(ref), 0.0, err)
            err = np.where(got == ref, 0.0, err)  # equal infinities
            rel = err / np.maximum(np.abs(ref), np.finfo(np.float64).tiny)
        bad = ~(err <= bound)  # NaN errors are failures
        if bad.any():
            excess = np.where(bad, np.nan_to_num(err - bound, nan=np.inf),
                              -np.inf)
            at = np.unravel_index(np.argmax(excess), ref.shape)
            sys.exit(f"FAIL {op} output {index} ({dtype}, tolerance "
                     f"{want.tolerance}): {int(bad.sum())} of {ref.size} "
                     f"elements out of tolerance; worst at {list(at)}: got "
                     f"{got[at]!r}, expected {ref[at]!r}, |error| "
                     f"{err[at]:.3g} > bound {bound[at]:.3g}")
        if ref.size:
            worst_abs = max(worst_abs, float(np.max(err)))
            worst_rel = max(worst_rel, float(np.max(rel)))
            used = np.where(err == 0, 0.0,
                            err / np.where(bound > 0, bound, np.inf))
            worst_use = max(worst_use, float(np.max(used)))
    return worst_abs, worst_rel, worst_use


def make_input(argv):
    parser = argparse.ArgumentParser(prog="reference.py make-input")
    parser.add_argument("path")
    parser.add_argument("--shape", required=True)
    parser.add_argument("--dtype", default="f32",
                        choices=["f32", "f16", "bf16", "i32", "i64"])
    parser.add_argument("--low", type=float, required=True)
    parser.add_argument("--high", type=float, required=True)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--step", type=float,
                        help="round to multiples of STEP (makes ties)")
    a = parser.parse_args(argv)
    rng = np.random.default_rng(a.seed)
    shape = shape_of(a.shape)
    if a.dtype in ("i32", "i64"):
        values = rng.integers(int(a.low), int(a.high), size=shape)
    else:
        values = rng.uniform(a.low, a.high, size=shape)
        if a.step:
            values = np.round(values / a.step) * a.step
    save(a.path, values, a.dtype)


def main(argv):
    if argv and argv[0] == "make-input":
        return make_input(argv[1:])
    parser = argparse.ArgumentParser(
        description="Compare a remat op's saved result with numpy.")
    parser.add_argument("op", choices=sorted(OPS))
    parser.add_argument("--in", dest="inputs", required=True,
                        help="prefix of the saved inputs (PREFIX<N>.npy)")
    parser.add_argument("--out", dest="outputs", required=True,
                        help="prefix of the saved outputs (PREFIX<N>.npy)")
    parser.add_argument("--num-inputs", type=int,
                        help="inputs of a variadic op (concat)")
    # Attributes, named as in the op's assembly.
    parser.add_argument("--approximation")
    parser.add_argument("--factor", type=float)
    parser.add_argument("--min", type=float, help="clamp's lower bound")
    parser.add_argument("--max", type=float, help="clamp's upper bound")
    parser.add_argument("--value", type=float, help="masked_fill's fill")
    parser.add_argument("--dims", default="")
    parser.add_argument("--keep-dims", action="store_true")
    parser.add_argument("--transpose-a", action="store_true")
    parser.add_argument("--transpose-b", action="store_true")
    parser.add_argument("--strides")
    parser.add_argument("--padding")
    parser.add_argument("--dilations")
    parser.add_argument("--groups", type=int, default=1)
    parser.add_argument("--kernel")
    parser.add_argument("--axis", type=int)
    parser.add_argument("--axes")
    parser.add_argument("--eps", type=float)
    parser.add_argument("--weight", action="store_true",
                        help="layer_norm has a weight operand")
    parser.add_argument("--bias", action="store_true",
                        help="layer_norm has a bias operand")
    parser.add_argument("--rate", type=float)
    parser.add_argument("--counter", type=int, default=0)
    parser.add_argument("--seed", type=int, default=0,
                        help="dropout: the seed operand's value")
    parser.add_argument("--shape", help="result shape, e.g. 4x8")
    parser.add_argument("--perm")
    parser.add_argument("--start")
    parser.add_argument("--limit")
    parser.add_argument("--dim", type=int)
    parser.add_argument("--values")
    parser.add_argument("--to", help="convert: the result's element type")
    a = parser.parse_args(argv)

    arity, reference = OPS[a.op]
    if a.op == "layer_norm":
        arity = 1 + int(a.weight) + int(a.bias)
    if arity is None:
        if a.num_inputs is None:
            sys.exit(f"reference.py: {a.op} needs --num-inputs")
        arity = a.num_inputs
    loaded = [load(f"{a.inputs}{i}.npy") for i in range(arity)]
    inputs = [values for values, _ in loaded]
    a.input_type = loaded[0][1] if loaded else None
    expected = reference(a, inputs)
    outputs = [load(f"{a.outputs}{i}.npy") for i in range(len(expected))]
    worst_abs, worst_rel, worst_use = compare(a.op, expected, outputs)
    # max_rel_err is relative to |expected|; tolerance_used is the largest
    # error as a fraction of its bound (how much headroom is left).
    print(f"PASS {a.op} max_abs_err={worst_abs:.3g} max_rel_err={worst_rel:.3g}"
          f" tolerance_used={worst_use:.2g}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
