"""Writes malformed .npy files for corrupt-npy.test: python3 make-bad-npy.py PREFIX.
Plain Python (no numpy): each file is built byte by byte."""
import struct
import sys

prefix = sys.argv[1]


def header(d, version=(1, 0), pad=True):
    text = d
    if pad:
        total = 10 + len(text) + 1
        text += " " * ((64 - total % 64) % 64)
    text += "\n"
    if version[0] == 1:
        return b"\x93NUMPY" + bytes(version) + struct.pack("<H", len(text)) + text.encode("latin1")
    return b"\x93NUMPY" + bytes(version) + struct.pack("<I", len(text)) + text.encode("latin1")


def dict_(descr="'<f4'", order="False", shape="(4,)"):
    return "{'descr': %s, 'fortran_order': %s, 'shape': %s, }" % (descr, order, shape)


f4 = struct.pack("<4f", 1, 2, 3, 4)
files = {
    "empty": b"",
    "magic": b"\x93NUMPZ\x01\x00" + header(dict_())[8:] + f4,
    "magic-only": b"\x93NUMPY",
    "no-header-len": b"\x93NUMPY\x01\x00\x40",
    "header-cut": header(dict_())[:30],
    "header-len-past-end": b"\x93NUMPY\x01\x00" + struct.pack("<H", 4000) + b"{'descr': '<f4'",
    "v2-cut": header(dict_(), version=(2, 0))[:11],
    "f8": header(dict_(descr="'<f8'")) + struct.pack("<4d", 1, 2, 3, 4),
    "f2": header(dict_(descr="'<f2'")) + b"\0" * 8,
    "object": header(dict_(descr="'|O'")) + b"\0" * 32,
    "fortran-2d": header(dict_(order="True", shape="(2, 2)")) + f4,
    "shape-8": header(dict_(shape="(8,)")) + f4 + f4,
    "shape-2x2": header(dict_(shape="(2, 2)")) + f4,
    "data-cut": header(dict_()) + f4[:10],
    "no-data": header(dict_()),
    "not-dict": header("['<f4', False, (4,)]") + f4,
    "no-descr": header("{'fortran_order': False, 'shape': (4,), }") + f4,
    "order-none": header(dict_(order="None")) + f4,
    "shape-float": header(dict_(shape="(4.0,)")) + f4,
    "descr-int": header(dict_(descr="4")) + f4,
    "unterminated": header("{'descr': '<f4', 'fortran_order': False, 'shape': (4,") + f4,
}
for name, data in files.items():
    with open(prefix + name + ".npy", "wb") as f:
        f.write(data)
