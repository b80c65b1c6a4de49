#!/usr/bin/env python3
"""Writes the small ONNX models remat-translate's tests import, and, for the
networks, inputs and reference outputs computed here with numpy (so that no
ONNX runtime is needed): Debian's python3-onnx builds the graphs.

  make_models.py OUTPUT_DIR

The files are committed (test/Target/ONNX/Inputs); rerun this script after
changing it. Everything is seeded: reruns give identical bytes.
"""
import math
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

OPSET = [helper.make_opsetid("", 17)]


def tensor(name, array):
    return numpy_helper.from_array(np.asarray(array), name)


def save(model, out, name):
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(out, name))


# --- numpy references ---------------------------------------------------

def conv2d(x, w, b, pad, stride=1):
    n, c, h, wd = x.shape
    f, _, kh, kw = w.shape
    xp = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    oh = (h + 2 * pad - kh) // stride + 1
    ow = (wd + 2 * pad - kw) // stride + 1
    out = np.zeros((n, f, oh, ow), dtype=np.float64)
    for i in range(kh):
        for j in range(kw):
            patch = xp[:, :, i:i + stride * oh:stride, j:j + stride * ow:stride]
            out += np.einsum("nchw,fc->nfhw", patch, w[:, :, i, j])
    if b is not None:
        out += b[None, :, None, None]
    return out


def batch_norm(x, g, b, eps=1e-5):
    mean = x.mean(axis=(0, 2, 3), keepdims=True)
    var = x.var(axis=(0, 2, 3), keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * g[None, :, None, None] + \
        b[None, :, None, None]


def max_pool(x, k):
    n, c, h, w = x.shape
    return x.reshape(n, c, h // k, k, w // k, k).max(axis=(3, 5))


def layer_norm(x, g, b, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * g + b


def softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


# --- models -------------------------------------------------------------

def tiny_resnet(out, rng):
    """conv-bn-relu, max pool, a residual block, global average pool, a
    linear classifier: the layer types of torchvision's ResNet."""
    w = lambda *s: (rng.standard_normal(s) / np.sqrt(np.prod(s[1:]))) \
        .astype(np.float32)
    params = {
        "conv1.weight": w(8, 3, 3, 3), "conv1.bias": w(8, 1)[:, 0] * 0.1,
        "bn1.weight": (1 + 0.1 * rng.standard_normal(8)).astype(np.float32),
        "bn1.bias": (0.1 * rng.standard_normal(8)).astype(np.float32),
        "block.conv1.weight": w(8, 8, 3, 3),
        "block.bn1.weight": np.ones(8, np.float32),
        "block.bn1.bias": np.zeros(8, np.float32),
        "block.conv2.weight": w(8, 8, 3, 3),
        "block.bn2.weight": np.ones(8, np.float32),
        "block.bn2.bias": np.zeros(8, np.float32),
        "fc.weight": w(10, 8), "fc.bias": (0.1 * rng.standard_normal(10))
        .astype(np.float32),
    }
    running = {}
    for bn in ["bn1", "block.bn1", "block.bn2"]:
        running[bn + ".running_mean"] = np.zeros(8, np.float32)
        running[bn + ".running_var"] = np.ones(8, np.float32)

    def bn(name, x, y):
        return helper.make_node(
            "BatchNormalization",
            [x, name + ".weight", name + ".bias", name + ".running_mean",
             name + ".running_var"], [y], name=name, epsilon=1e-5)

    nodes = [
        helper.make_node("Conv", ["x", "conv1.weight", "conv1.bias"], ["c1"],
                         name="conv1", pads=[1, 1, 1, 1], kernel_shape=[3, 3]),
        bn("bn1", "c1", "n1"),
        helper.make_node("Relu", ["n1"], ["r1"], name="relu1"),
        helper.make_node("MaxPool", ["r1"], ["p1"], name="pool",
                         kernel_shape=[2, 2], strides=[2, 2]),
        helper.make_node("Conv", ["p1", "block.conv1.weight"], ["c2"],
                         name="block.conv1", pads=[1, 1, 1, 1]),
        bn("block.bn1", "c2", "n2"),
        helper.make_node("Relu", ["n2"], ["r2"], name="block.relu1"),
        helper.make_node("Conv", ["r2", "block.conv2.weight"], ["c3"],
                         name="block.conv2", pads=[1, 1, 1, 1]),
        bn("block.bn2", "c3", "n3"),
        helper.make_node("Add", ["n3", "p1"], ["s3"], name="block.add"),
        helper.make_node("Relu", ["s3"], ["r3"], name="block.relu2"),
        helper.make_node("GlobalAveragePool", ["r3"], ["g"], name="avgpool"),
        helper.make_node("Flatten", ["g"], ["f"], name="flatten", axis=1),
        helper.make_node("Gemm", ["f", "fc.weight", "fc.bias"], ["logits"],
                         name="fc", transB=1),
    ]
    inits = [tensor(k, v) for k, v in {**params, **running}.items()]
    graph = helper.make_graph(
        nodes, "tiny_resnet",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT,
                                       ["N", 3, 16, 16])],
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT,
                                       ["N", 10])],
        inits)
    save(helper.make_model(graph, opset_imports=OPSET), out,
         "tiny_resnet.onnx")

    x = rng.uniform(-1, 1, (2, 3, 16, 16)).astype(np.float32)
    p = {k: v.astype(np.float64) for k, v in params.items()}
    h = np.maximum(batch_norm(conv2d(x, p["conv1.weight"], p["conv1.bias"], 1),
                              p["bn1.weight"], p["bn1.bias"]), 0)
    h = max_pool(h, 2)
    r = np.maximum(batch_norm(conv2d(h, p["block.conv1.weight"], None, 1),
                              p["block.bn1.weight"], p["block.bn1.bias"]), 0)
    r = batch_norm(conv2d(r, p["block.conv2.weight"], None, 1),
                   p["block.bn2.weight"], p["block.bn2.bias"])
    h = np.maximum(r + h, 0).mean(axis=(2, 3))
    logits = h @ p["fc.weight"].T + p["fc.bias"]
    # Argument order: the input, then the parameters read (initializer
    # order; the running statistics are not read).
    np.save(os.path.join(out, "tiny_resnet.in0.npy"), x)
    for i, v in enumerate(params.values()):
        np.save(os.path.join(out, "tiny_resnet.in%d.npy" % (i + 1)), v)
    np.save(os.path.join(out, "tiny_resnet.expected.npy"),
            logits.astype(np.float32))


def tiny_transformer(out, rng):
    """A pre-norm attention block as PyTorch exports it: LayerNormalization,
    projections, heads split and merged with Shape -> Gather -> Unsqueeze
    -> Concat -> Reshape chains, scaled dot-product softmax, a residual."""
    T, D, H = 8, 16, 2
    w = lambda *s: (rng.standard_normal(s) / np.sqrt(s[0])).astype(np.float32)
    params = {"ln.weight": (1 + 0.1 * rng.standard_normal(D))
              .astype(np.float32),
              "ln.bias": (0.1 * rng.standard_normal(D)).astype(np.float32),
              "wq": w(D, D), "wk": w(D, D), "wv": w(D, D), "wo": w(D, D)}
    consts = [tensor("zero", np.array(0, np.int64)),
              tensor("one", np.array(1, np.int64)),
              tensor("heads", np.array([H], np.int64)),
              tensor("head_dim", np.array([D // H], np.int64)),
              tensor("model_dim", np.array([D], np.int64)),
              tensor("scale", np.array(np.sqrt(D // H), np.float32))]
    nodes = [
        helper.make_node("LayerNormalization", ["x", "ln.weight", "ln.bias"],
                         ["h"], name="ln", axis=-1, epsilon=1e-5),
        helper.make_node("Shape", ["x"], ["shape"], name="shape"),
        helper.make_node("Gather", ["shape", "zero"], ["n"], name="n"),
        helper.make_node("Gather", ["shape", "one"], ["t"], name="t"),
        helper.make_node("Unsqueeze", ["n", "zero"], ["n1"], name="n1"),
        helper.make_node("Unsqueeze", ["t", "zero"], ["t1"], name="t1"),
        helper.make_node("Concat", ["n1", "t1", "heads", "head_dim"],
                         ["split_shape"], name="split_shape", axis=0),
        helper.make_node("Concat", ["n1", "t1", "model_dim"], ["merge_shape"],
                         name="merge_shape", axis=0),
    ]
    for p in "qkv":
        nodes += [
            helper.make_node("MatMul", ["h", "w" + p], [p], name=p + ".proj"),
            helper.make_node("Reshape", [p, "split_shape"], [p + "4"],
                             name=p + ".split"),
            helper.make_node("Transpose", [p + "4"], [p + "h"],
                             name=p + ".heads",
                             perm=[0, 2, 3, 1] if p == "k" else [0, 2, 1, 3]),
        ]
    nodes += [
        helper.make_node("MatMul", ["qh", "kh"], ["scores"], name="scores"),
        helper.make_node("Div", ["scores", "scale"], ["scaled"], name="scaled"),
        helper.make_node("Softmax", ["scaled"], ["attn"], name="softmax",
                         axis=-1),
        helper.make_node("MatMul", ["attn", "vh"], ["ctx"], name="context"),
        helper.make_node("Transpose", ["ctx"], ["ctx_t"], name="merge.t",
                         perm=[0, 2, 1, 3]),
        helper.make_node("Reshape", ["ctx_t", "merge_shape"], ["merged"],
                         name="merge"),
        helper.make_node("MatMul", ["merged", "wo"], ["o"], name="out.proj"),
        helper.make_node("Add", ["o", "x"], ["y"], name="residual"),
    ]
    inits = [tensor(k, v) for k, v in params.items()] + consts
    graph = helper.make_graph(
        nodes, "tiny-transformer",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT,
                                       ["batch", "seq", D])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT,
                                       ["batch", "seq", D])],
        inits)
    save(helper.make_model(graph, opset_imports=OPSET), out,
         "tiny_transformer.onnx")

    x = rng.uniform(-1, 1, (2, T, D)).astype(np.float32)
    p = {k: v.astype(np.float64) for k, v in params.items()}
    h = layer_norm(x, p["ln.weight"], p["ln.bias"])
    split = lambda m: m.reshape(2, T, H, D // H).transpose(0, 2, 1, 3)
    q, k, v = (split(h @ p["w" + c]) for c in "qkv")
    a = softmax(q @ k.transpose(0, 1, 3, 2) / np.sqrt(D // H))
    y = (a @ v).transpose(0, 2, 1, 3).reshape(2, T, D) @ p["wo"] + x
    np.save(os.path.join(out, "tiny_transformer.in0.npy"), x)
    for i, v in enumerate(params.values()):
        np.save(os.path.join(out, "tiny_transformer.in%d.npy" % (i + 1)), v)
    np.save(os.path.join(out, "tiny_transformer.expected.npy"),
            y.astype(np.float32))


def mixed_ops(out, rng):
    """Split, Clip (ReLU6-like bounds), Cast to the same type,
    ConstantOfShape and Concat: y = concat(clip(x[:, :2], 0, 6),
    x[:, 2:] + 0.5)."""
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 6])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 6])
    nodes = [
        helper.make_node("Split", ["x", "split_sizes"], ["a", "b"],
                         name="split", axis=1),
        helper.make_node("Clip", ["a", "lo", "hi"], ["c"], name="clip"),
        helper.make_node("Cast", ["b"], ["d"], name="cast",
                         to=TensorProto.FLOAT),
        helper.make_node("ConstantOfShape", ["shape"], ["e"], name="fill",
                         value=tensor("v", np.array([0.5], np.float32))),
        helper.make_node("Add", ["d", "e"], ["f"], name="add"),
        helper.make_node("Concat", ["c", "f"], ["y"], name="concat",
                         axis=1),
    ]
    graph = helper.make_graph(nodes, "mixed_ops", [x], [y], initializer=[
        tensor("split_sizes", np.array([2, 4], np.int64)),
        tensor("lo", np.array(0.0, np.float32)),
        tensor("hi", np.array(6.0, np.float32)),
        tensor("shape", np.array([2, 4], np.int64))])
    save(helper.make_model(graph, opset_imports=OPSET), out, "mixed_ops.onnx")
    xv = (rng.standard_normal((2, 6)) * 4).astype(np.float32)
    expected = np.concatenate([np.clip(xv[:, :2], 0, 6), xv[:, 2:] + 0.5],
                              axis=1)
    np.save(os.path.join(out, "mixed_ops.in0.npy"), xv)
    np.save(os.path.join(out, "mixed_ops.expected.npy"),
            expected.astype(np.float32))


def trig(out, rng):
    """Sin and Cos, as a sinusoidal position encoding adds them:
    y = sin(x) + cos(x)."""
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [3, 8])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [3, 8])
    nodes = [
        helper.make_node("Sin", ["x"], ["s"], name="sin"),
        helper.make_node("Cos", ["x"], ["c"], name="cos"),
        helper.make_node("Add", ["s", "c"], ["y"], name="add"),
    ]
    graph = helper.make_graph(nodes, "trig", [x], [y])
    save(helper.make_model(graph, opset_imports=OPSET), out, "trig.onnx")
    xv = (rng.standard_normal((3, 8)) * 2).astype(np.float32)
    expected = np.sin(xv.astype(np.float64)) + np.cos(xv.astype(np.float64))
    np.save(os.path.join(out, "trig.in0.npy"), xv)
    np.save(os.path.join(out, "trig.expected.npy"),
            expected.astype(np.float32))


def to_bf16(values):
    """Rounds float values to bf16 (nearest even), returned as float32."""
    bits = np.asarray(values, np.float32).view(np.uint32).astype(np.uint64)
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) << 16
    return rounded.astype(np.uint32).view(np.float32)


def cast_mixed(out, rng):
    """Cast between float types, as a mixed-precision export has them: a
    bf16 middle between f32 ends, y = f32(bf16(x) * bf16(x)) + x."""
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [3, 8])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [3, 8])
    nodes = [
        helper.make_node("Cast", ["x"], ["xb"], name="to_bf16",
                         to=TensorProto.BFLOAT16),
        helper.make_node("Mul", ["xb", "xb"], ["sq"], name="square"),
        helper.make_node("Cast", ["sq"], ["sq32"], name="to_f32",
                         to=TensorProto.FLOAT),
        helper.make_node("Add", ["sq32", "x"], ["y"], name="add"),
    ]
    graph = helper.make_graph(nodes, "cast_mixed", [x], [y])
    save(helper.make_model(graph, opset_imports=OPSET), out,
         "cast_mixed.onnx")
    xv = (rng.standard_normal((3, 8)) * 3).astype(np.float32)
    xb = to_bf16(xv).astype(np.float64)
    expected = to_bf16(xb * xb).astype(np.float64) + xv.astype(np.float64)
    np.save(os.path.join(out, "cast_mixed.in0.npy"), xv)
    np.save(os.path.join(out, "cast_mixed.expected.npy"),
            expected.astype(np.float32))


def gelu_forms(out, rng):
    """The two GELUs as exporters write them at opset 17: torch.nn.GELU()
    as 0.5 x (1 + Erf(x / sqrt 2)), and GPT-2's tanh form with Pow(x, 3)
    (its halving as a division by 2); y = gelu_erf(x) + gelu_tanh(x)."""
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [4, 8])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [4, 8])
    scalar = lambda name, v: tensor(name, np.array(v, np.float32))
    nodes = [
        helper.make_node("Div", ["x", "sqrt2"], ["d"], name="div"),
        helper.make_node("Erf", ["d"], ["e"], name="erf"),
        helper.make_node("Add", ["e", "one"], ["e1"], name="erf_plus_one"),
        helper.make_node("Mul", ["x", "e1"], ["m"], name="times_x"),
        helper.make_node("Mul", ["m", "half"], ["gelu_erf"], name="halve"),
        helper.make_node("Pow", ["x", "three"], ["x3"], name="cube"),
        helper.make_node("Mul", ["x3", "c"], ["cx3"], name="scale_cube"),
        helper.make_node("Add", ["x", "cx3"], ["p"], name="poly"),
        helper.make_node("Mul", ["p", "k"], ["pk"], name="scale_poly"),
        helper.make_node("Tanh", ["pk"], ["t"], name="tanh"),
        helper.make_node("Add", ["t", "one"], ["t1"], name="tanh_plus_one"),
        helper.make_node("Mul", ["x", "t1"], ["xt"], name="times_x_t"),
        # Halving written as a division by 2 (exact as a product by 0.5).
        helper.make_node("Div", ["xt", "two"], ["gelu_tanh"],
                         name="halve_t"),
        helper.make_node("Add", ["gelu_erf", "gelu_tanh"], ["y"],
                         name="sum"),
    ]
    graph = helper.make_graph(nodes, "gelu_forms", [x], [y], initializer=[
        scalar("sqrt2", 1.4142135381698608), scalar("one", 1.0),
        scalar("half", 0.5), scalar("two", 2.0), scalar("three", 3.0),
        scalar("c", 0.044715),
        scalar("k", 0.7978845608028654)])
    save(helper.make_model(graph, opset_imports=OPSET), out,
         "gelu_forms.onnx")
    xv = (rng.standard_normal((4, 8)) * 2).astype(np.float32)
    v = xv.astype(np.float64)
    erf = np.vectorize(math.erf)
    expected = 0.5 * v * (1 + erf(v / math.sqrt(2))) + 0.5 * v * (
        1 + np.tanh(math.sqrt(2 / math.pi) * (v + 0.044715 * v**3)))
    np.save(os.path.join(out, "gelu_forms.in0.npy"), xv)
    np.save(os.path.join(out, "gelu_forms.expected.npy"),
            expected.astype(np.float32))


def folded_mask(out, rng):
    """A causal mask computed from the input's shape, as exporters write
    one without a buffer: Shape -> Gather -> Range, Unsqueeze into a row and
    a column, Not(Greater(col, row)) (less-or-equal), Expand to the input's
    shape, then Where with a constant -sqrt(4): all folded at import but
    the Expand (8192 elements: a broadcast at run time) and the Where.
    y = where(tril, x, -2)."""
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 64, 64])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 64, 64])
    i64 = lambda name, v: tensor(name, np.array(v, np.int64))
    nodes = [
        helper.make_node("Shape", ["x"], ["shape"], name="shape"),
        helper.make_node("Gather", ["shape", "two"], ["t"], name="t", axis=0),
        helper.make_node("Range", ["zero", "t", "one"], ["r"], name="range"),
        helper.make_node("Unsqueeze", ["r", "axis1"], ["row"], name="row"),
        helper.make_node("Unsqueeze", ["r", "axis0"], ["col"], name="col"),
        helper.make_node("Greater", ["col", "row"], ["above"], name="above"),
        helper.make_node("Not", ["above"], ["tril"], name="tril"),
        helper.make_node("Expand", ["tril", "shape"], ["mask"], name="mask"),
        helper.make_node("Sqrt", ["four"], ["two_f"], name="sqrt"),
        helper.make_node("Neg", ["two_f"], ["fill"], name="neg"),
        helper.make_node("Where", ["mask", "x", "fill"], ["y"], name="where"),
    ]
    graph = helper.make_graph(nodes, "folded_mask", [x], [y], initializer=[
        i64("two", 2), i64("zero", 0), i64("one", 1), i64("axis0", [0]),
        i64("axis1", [1]), tensor("four", np.array(4.0, np.float32))])
    save(helper.make_model(graph, opset_imports=OPSET), out,
         "folded_mask.onnx")
    xv = rng.standard_normal((2, 64, 64)).astype(np.float32)
    expected = np.where(np.tril(np.ones((64, 64), bool)), xv, -2.0)
    np.save(os.path.join(out, "folded_mask.in0.npy"), xv)
    np.save(os.path.join(out, "folded_mask.expected.npy"),
            expected.astype(np.float32))


def dropout_train(out, rng):
    """Two training-mode Dropouts (ratios 0.5 and 0.25, as opset 12+ writes
    them: constant ratio and training_mode inputs) of the same input, their
    masks unused: y = dropout(x, 0.5) + dropout(x, 0.25)."""
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [4, 64])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [4, 64])
    nodes = [
        helper.make_node("Dropout", ["x", "half", "train"], ["a", "mask_a"],
                         name="drop_half"),
        helper.make_node("Dropout", ["x", "quarter", "train"], ["b"],
                         name="drop_quarter"),
        helper.make_node("Add", ["a", "b"], ["y"], name="add"),
    ]
    graph = helper.make_graph(nodes, "dropout_train", [x], [y], initializer=[
        tensor("half", np.array(0.5, np.float32)),
        tensor("quarter", np.array(0.25, np.float32)),
        tensor("train", np.array(True))])
    save(helper.make_model(graph, opset_imports=OPSET), out,
         "dropout_train.onnx")
    np.save(os.path.join(out, "dropout_train.ones.npy"),
            np.ones((4, 64), np.float32))


def bad_models(out):
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 4])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 4])

    def model(nodes, name, inputs=(x,), outputs=(y,), opset=OPSET):
        graph = helper.make_graph(nodes, name, list(inputs), list(outputs))
        return helper.make_model(graph, opset_imports=opset)

    save(model([helper.make_node("Hardmax", ["x"], ["y"], name="hm")],
               "unknown_op"), out, "unknown_op.onnx")
    # A custom domain: not checkable by onnx.checker, saved as is.
    onnx.save(model([helper.make_node("Fused", ["x"], ["y"], name="fused",
                                      domain="com.example")], "custom",
                    opset=OPSET + [helper.make_opsetid("com.example", 1)]),
              os.path.join(out, "custom_domain.onnx"))
    xi = helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 1, 5, 5])
    yi = helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 1, 3, 3])
    save(model([helper.make_node("MaxPool", ["x"], ["y"], name="ceil_pool",
                                 kernel_shape=[2, 2], strides=[2, 2],
                                 ceil_mode=1)], "ceil_pool", (xi,), (yi,)),
         out, "ceil_pool.onnx")
    xd = helper.make_tensor_value_info("x", TensorProto.DOUBLE, [2, 4])
    yd = helper.make_tensor_value_info("y", TensorProto.DOUBLE, [2, 4])
    save(model([helper.make_node("Relu", ["x"], ["y"], name="relu")],
               "double", (xd,), (yd,)), out, "f64.onnx")
    # A training-mode batch norm whose updated running mean is returned.
    xb = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3, 4, 4])
    yb = helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 3, 4, 4])
    mb = helper.make_tensor_value_info("running_mean_out", TensorProto.FLOAT,
                                       [3])
    stats = [tensor(n, np.full(3, v, np.float32)) for n, v in
             (("scale", 1), ("bias", 0), ("mean", 0), ("var", 1))]
    bn = model([helper.make_node(
        "BatchNormalization", ["x", "scale", "bias", "mean", "var"],
        ["y", "running_mean_out", "running_var_out"], name="bn",
        training_mode=1)], "bn_stats", (xb,), (yb, mb))
    bn.graph.initializer.extend(stats)
    save(bn, out, "bn_running_stats.onnx")
    # A power remat has no equivalent of.
    pow4 = model([helper.make_node("Pow", ["x", "four"], ["y"],
                                   name="pow4")], "pow4", (x,), (y,))
    pow4.graph.initializer.append(tensor("four", np.array(4.0, np.float32)))
    save(pow4, out, "pow4.onnx")
    # ConvTranspose with auto_pad (torch exports pads) and with an
    # output_padding as large as the stride.
    xc = helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 2, 3, 3])
    wct = tensor("w", np.ones((2, 2, 3, 3), np.float32))
    for name, size, attrs in (
            ("convt_same", 6, {"auto_pad": "SAME_UPPER"}),
            ("convt_outpad", 7, {"pads": [1, 1, 1, 1],
                                 "output_padding": [2, 2]})):
        yc = helper.make_tensor_value_info("y", TensorProto.FLOAT,
                                           [1, 2, size, size])
        m = model([helper.make_node("ConvTranspose", ["x", "w"], ["y"],
                                    name="up", strides=[2, 2], **attrs)],
                  name, (xc,), (yc,))
        m.graph.initializer.append(wct)
        save(m, out, name + ".onnx")
    # Where over integers computed at run time.
    wc = helper.make_tensor_value_info("c", TensorProto.BOOL, [2, 4])
    wi = helper.make_tensor_value_info("ids", TensorProto.INT64, [2, 4])
    wo = helper.make_tensor_value_info("y", TensorProto.INT64, [2, 4])
    save(model([helper.make_node("Where", ["c", "ids", "ids"], ["y"],
                                 name="select_ids")], "where_int",
               (wc, wi), (wo,)), out, "where_int.onnx")
    # A Cast of integers computed at run time (ids to floats).
    xl = helper.make_tensor_value_info("ids", TensorProto.INT64, [2, 4])
    save(model([helper.make_node("Cast", ["ids"], ["y"], name="ids_to_float",
                                 to=TensorProto.FLOAT)], "cast_int",
               (xl,), (y,)), out, "cast_int.onnx")
    with open(os.path.join(out, "not_onnx.onnx"), "wb") as f:
        f.write(b"this is not a protobuf \xff\xff\xff\xff")


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(0)
    tiny_resnet(out, rng)
    tiny_transformer(out, rng)
    bad_models(out)
    mixed_ops(out, np.random.default_rng(1))
    trig(out, np.random.default_rng(2))
    cast_mixed(out, np.random.default_rng(3))
    gelu_forms(out, np.random.default_rng(4))
    folded_mask(out, np.random.default_rng(5))
    dropout_train(out, np.random.default_rng(6))


if __name__ == "__main__":
    main()
