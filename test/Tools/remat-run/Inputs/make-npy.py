"""Writes the .npy files errors-npy.mlir and npy-headers.mlir read.

Usage: make-npy.py PREFIX. numpy writes some (np.save); others have a
header written by hand, to cover what numpy's reader accepts but np.save
never writes (double quotes, no spaces, odd whitespace, trailing commas,
Python 2 integers) and what a loose reader gets wrong.
"""
import struct
import sys

import numpy as np

prefix = sys.argv[1]


def raw(name, header, payload, version=1):
    """A .npy file with `header` verbatim (padded as numpy pads it)."""
    header = header.encode("latin1")
    lead = 10 if version == 1 else 12
    header += b" " * ((64 - (lead + len(header) + 1) % 64) % 64) + b"\n"
    with open(prefix + name, "wb") as f:
        f.write(b"\x93NUMPY" + bytes([version, 0]))
        if version == 1:
            f.write(struct.pack("<H", len(header)))
        else:
            f.write(struct.pack("<I", len(header)))
        f.write(header + payload)


ids = np.arange(6, dtype=np.int32).reshape(2, 3)
ones = np.ones(4, np.float32)

# As np.save writes them.
np.save(prefix + "ok.npy", ones)
np.save(prefix + "f64.npy", np.ones(4))
np.save(prefix + "i32.npy", np.ones(4, np.int32))
np.save(prefix + "be.npy", np.arange(4, dtype=">f4"))
np.save(prefix + "5.npy", np.ones(5, np.float32))
np.save(prefix + "4x1.npy", np.ones((4, 1), np.float32))
np.save(prefix + "0d.npy", np.float32(1))
np.save(prefix + "ids.npy", ids)
np.save(prefix + "ids-i64.npy", ids.astype(np.int64))
np.save(prefix + "ids-3x2.npy", ids.reshape(3, 2))
np.save(prefix + "ids-f.npy", np.asfortranarray(ids))
np.save(prefix + "ids-be.npy", ids.astype(">i4"))
np.save(prefix + "bool.npy", np.ones(4, bool))
np.save(prefix + "cube-f.npy",
        np.asfortranarray(np.arange(24, dtype=np.float32).reshape(2, 3, 4)))
with open(prefix + "ids.npy", "rb") as f:
    whole = f.read()
with open(prefix + "ids-short.npy", "wb") as f:
    f.write(whole[:-4])
np.save(prefix + "v2.npy", ones, allow_pickle=False)  # format 1.0
with open(prefix + "v2.npy", "wb") as f:
    np.lib.format.write_array(f, ones, version=(2, 0))

# Headers np.save does not write, which numpy reads.
c_bytes = ids.tobytes(order="C")
f_bytes = ids.tobytes(order="F")
raw("nospace-f.npy", "{'descr':'<i4','fortran_order':True,'shape':(2,3)}",
    f_bytes)
raw("nospace-c.npy", "{'descr':'<i4','fortran_order':False,'shape':(2,3)}",
    c_bytes)
raw("dquote.npy",
    '{"descr": "<i4", "fortran_order": False, "shape": (2, 3), }', c_bytes)
raw("spaces.npy",
    "{ 'shape' : ( 2 , 3 , ) ,\t'descr' : '<i4' , 'fortran_order' : False ,}",
    c_bytes)
raw("py2.npy", "{'descr': '<i4', 'fortran_order': False, 'shape': (2L, 3L)}",
    c_bytes)
raw("v2-raw.npy", "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3)}",
    c_bytes, version=2)
# An <f4 payload whose header mentions '<i4' elsewhere (a substring match
# took it for i32), and headers that are not dict literals.
raw("f4-as-i4.npy",
    "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), "
    "'note': \"'descr': '<i4'\"}", ids.astype(np.float32).tobytes())
raw("f4-for-i32.npy", "{'descr': '<f4', 'fortran_order': False, "
    "'shape': (2, 3)}", ids.astype(np.float32).tobytes())
raw("unquoted.npy", "{descr: '<i4', 'fortran_order': False, 'shape': (2, 3)}",
    c_bytes)
raw("no-shape.npy", "{'descr': '<i4', 'fortran_order': False}", c_bytes)
raw("twice.npy", "{'descr': '<i4', 'descr': '<i4', 'fortran_order': False, "
    "'shape': (2, 3)}", c_bytes)
raw("order-word.npy", "{'descr': '<i4', 'fortran_order': Truely, "
    "'shape': (2, 3)}", c_bytes)
raw("negative.npy", "{'descr': '<i4', 'fortran_order': False, "
    "'shape': (-2, 3)}", c_bytes)
raw("one-no-comma.npy", "{'descr': '<f4', 'fortran_order': False, "
    "'shape': (4)}", ones.tobytes())
raw("trailing.npy", "{'descr': '<i4', 'fortran_order': False, "
    "'shape': (2, 3)} x", c_bytes)
raw("structured.npy", "{'descr': [('a', '<i4')], 'fortran_order': False, "
    "'shape': (2, 3)}", c_bytes)
with open(prefix + "v9.npy", "wb") as f:
    f.write(b"\x93NUMPY\x09\x00" + whole[8:])
