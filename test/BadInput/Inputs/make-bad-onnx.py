"""Writes invalid ONNX models for corrupt-onnx.test: python3 make-bad-onnx.py PREFIX.
A minimal protobuf encoder (no onnx package needed): each model is well-formed
protobuf whose content is wrong in one way."""
import struct
import sys

prefix = sys.argv[1]


def varint(n):
    out = b""
    n &= (1 << 64) - 1
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out += bytes([b | 0x80])
        else:
            return out + bytes([b])


def f_int(field, n):
    return varint(field << 3) + varint(n)


def f_bytes(field, data):
    if isinstance(data, str):
        data = data.encode()
    return varint((field << 3) | 2) + varint(len(data)) + data


def f_float(field, x):
    return varint((field << 3) | 5) + struct.pack("<f", x)


FLOAT, INT64, DOUBLE = 1, 7, 11


def value_info(name, dims, elem=FLOAT, rank_known=True):
    shape = b"".join(f_bytes(1, f_int(1, d) if isinstance(d, int) else f_bytes(2, d)) for d in dims)
    tensor = f_int(1, elem) + (f_bytes(2, shape) if rank_known else b"")
    return f_bytes(1, name) + f_bytes(2, f_bytes(1, tensor))


def node(op, inputs, outputs, name, attrs=b"", domain=None):
    out = b"".join(f_bytes(1, i) for i in inputs) + b"".join(f_bytes(2, o) for o in outputs)
    out += f_bytes(3, name) + f_bytes(4, op) + attrs
    if domain is not None:
        out += f_bytes(7, domain)
    return out


def attr_int(name, v):
    return f_bytes(5, f_bytes(1, name) + f_int(3, v) + f_int(20, 2))


def attr_ints(name, vs):
    return f_bytes(5, f_bytes(1, name) + b"".join(f_int(8, v) for v in vs) + f_int(20, 7))


def attr_float(name, v):
    return f_bytes(5, f_bytes(1, name) + f_float(2, v) + f_int(20, 1))


def attr_string(name, v):
    return f_bytes(5, f_bytes(1, name) + f_bytes(4, v) + f_int(20, 3))


def tensor(name, dims, floats=None, raw=None, elem=FLOAT):
    out = b"".join(f_int(1, d) for d in dims) + f_int(2, elem) + f_bytes(8, name)
    if floats is not None:
        out += b"".join(f_float(4, x) for x in floats)
    if raw is not None:
        out += f_bytes(9, raw)
    return out


def model(nodes, inputs, outputs, inits=(), opset=17, with_opset=True):
    g = b"".join(f_bytes(1, n) for n in nodes) + f_bytes(2, "g")
    g += b"".join(f_bytes(5, t) for t in inits)
    g += b"".join(f_bytes(11, v) for v in inputs) + b"".join(f_bytes(12, v) for v in outputs)
    m = f_int(1, 8)
    if with_opset:
        m += f_bytes(8, f_bytes(1, "") + f_int(2, opset))
    return m + f_bytes(7, g)


x = value_info("x", [2, 3])
y = value_info("y", [2, 3])
img = value_info("x", [1, 2, 4, 4])
models = {
    # a valid model (Relu of a 2x3 input), truncated by corrupt-onnx.test
    "valid-relu": model([node("Relu", ["x"], ["y"], "r")], [x], [y]),
    # a node reading a tensor nothing defines
    "undefined-input": model([node("Relu", ["nowhere"], ["y"], "r")], [x], [y]),
    # Add with one input
    "add-one-input": model([node("Add", ["x"], ["y"], "add1")], [x], [y]),
    # an output no node produces
    "output-unproduced": model([node("Relu", ["x"], ["t"], "r")], [x], [y]),
    # an input without a shape
    "input-no-shape": model([node("Relu", ["x"], ["y"], "r")], [value_info("x", [], rank_known=False)], [y]),
    # a model without opset_import
    "no-opset": model([node("Relu", ["x"], ["y"], "r")], [x], [y], with_opset=False),
    # an initializer whose raw data is shorter than its dims
    "short-initializer": model([node("Add", ["x", "w"], ["y"], "add")], [x], [y],
                               inits=[tensor("w", [2, 3], raw=b"\0" * 8)]),
    # MatMul of 2x3 by 2x3
    "matmul-shapes": model([node("MatMul", ["x", "w"], ["y"], "mm")], [x], [value_info("y", [2, 3])],
                           inits=[tensor("w", [2, 3], floats=[0.0] * 6)]),
    # Transpose with a perm that is not a permutation
    "bad-perm": model([node("Transpose", ["x"], ["y"], "tr", attr_ints("perm", [0, 0]))], [x], [y]),
    # Softmax on an axis out of range
    "softmax-axis": model([node("Softmax", ["x"], ["y"], "sm", attr_int("axis", 5))], [x], [y]),
    # an input of element type DOUBLE through a node
    "double-input": model([node("Relu", ["x"], ["y"], "r")], [value_info("x", [2, 3], elem=DOUBLE)], [y]),
    # a negative dimension
    "negative-dim": model([node("Relu", ["x"], ["y"], "r")], [value_info("x", [2, -3])], [y]),
    # a graph with no nodes and no outputs
    "empty-graph": model([], [x], []),
    # a node of an op with an empty type
    "empty-op-type": model([node("", ["x"], ["y"], "blank")], [x], [y]),
    # convolution and pooling attributes ONNX 1.12's own shape inference
    # trusts (it divided by a zero stride and read a rank-1 filter's second
    # dimension: remat-onnx-fuzzer, 2026-12-05)
    "pool-zero-stride": model([node("MaxPool", ["x"], ["y"], "pool",
                                    attr_ints("kernel_shape", [2, 2]) + attr_ints("strides", [0, 1]))],
                              [img], [y]),
    "conv-transpose-filter-rank": model([node("ConvTranspose", ["x", "w"], ["y"], "up")], [img], [y],
                                        inits=[tensor("w", [2], floats=[0.0] * 2)]),
    "conv-filter-rank": model([node("Conv", ["x", "w"], ["y"], "conv")], [img], [y],
                              inits=[tensor("w", [1, 2, 1, 1, 1], floats=[0.0] * 2)]),
    "conv-group-zero": model([node("Conv", ["x", "w"], ["y"], "conv", attr_int("group", 0))], [img], [y],
                             inits=[tensor("w", [1, 2, 1, 1], floats=[0.0] * 2)]),
    "conv-negative-pads": model([node("Conv", ["x", "w"], ["y"], "conv", attr_ints("pads", [0, -1, 0, 0]))],
                                [img], [y], inits=[tensor("w", [1, 2, 1, 1], floats=[0.0] * 2)]),
    "conv-huge-dilation": model([node("Conv", ["x", "w"], ["y"], "conv", attr_ints("dilations", [1 << 40, 1]))],
                                [img], [y], inits=[tensor("w", [1, 2, 1, 1], floats=[0.0] * 2)]),
    "pool-strides-count": model([node("AveragePool", ["x"], ["y"], "pool",
                                      attr_ints("kernel_shape", [2, 2]) + attr_ints("strides", [1]))],
                                [img], [y]),
    # SAME padding over a 2^40-long input: ONNX subtracts the stride 2^39
    # times to find the padding
    "pool-same-huge": model([node("MaxPool", ["x"], ["y"], "pool",
                                  attr_ints("kernel_shape", [2, 2]) + attr_ints("strides", [2, 2]) +
                                  attr_string("auto_pad", "SAME_UPPER"))],
                            [value_info("x", [1, 1, 1 << 40, 1])], [y]),
    # a valid model the guard must let through: a Conv whose filter is
    # computed in the graph (a Reshape of an initializer)
    "conv-computed-filter": model([node("Reshape", ["w", "s"], ["wr"], "reshape"),
                                   node("Conv", ["x", "wr"], ["y"], "conv")],
                                  [img], [value_info("y", [1, 1, 4, 4])],
                                  inits=[tensor("w", [2], floats=[0.5, 0.25]),
                                         tensor("s", [4], raw=struct.pack("<4q", 1, 2, 1, 1), elem=INT64)]),
    # a Constant node whose INT64 scalar has 4 bytes of raw data (ONNX's
    # ParseData copied them into an empty vector: remat-onnx-fuzzer)
    "constant-short-raw": model([node("Constant", [], ["c"], "const",
                                      f_bytes(5, f_bytes(1, "value") + f_bytes(5, tensor("", [], raw=b"\0" * 4, elem=INT64)) + f_int(20, 4))),
                                 node("Reshape", ["x", "c"], ["y"], "reshape")], [x], [y]),
    # BatchNormalization with a negative epsilon (remat.batch_norm's type
    # inference aborted on it: remat-onnx-fuzzer)
    "batch-norm-negative-eps": model([node("BatchNormalization", ["x", "s", "b", "m", "v"], ["y"], "bn",
                                           attr_float("epsilon", -1e-5))],
                                     [img], [value_info("y", [1, 2, 4, 4])],
                                     inits=[tensor(n, [2], floats=[1.0, 1.0]) for n in "sbmv"]),
    "huge-dims": model([node("Relu", ["x"], ["y"], "r")], [value_info("x", [1 << 40, 1 << 40])], [y]),
}
for name, data in models.items():
    with open(prefix + name + ".onnx", "wb") as f:
        f.write(data)
