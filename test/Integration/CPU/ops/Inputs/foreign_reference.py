#!/usr/bin/env python3
"""numpy references for the foreign (arith, math) ops of foreign-ops.mlir
that test/Integration/reference.py has no remat op for: selection, erf and
type conversions. Reads and compares exactly as reference.py does (its
load/compare/tolerance classes, imported):

  foreign_reference.py OP --in PREFIX --out PREFIX
"""

import argparse
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", ".."))
import reference  # noqa: E402  (test/Integration/reference.py)

Expected = reference.Expected

# OP: (inputs, reference from the float64/int64 inputs).
OPS = {
    # arith.cmpf olt x0, x1, then arith.select on x2, x3: a selection, exact.
    "select_lt": (4, lambda x: [Expected(np.where(x[0] < x[1], x[2], x[3]),
                                         "exact")]),
    # math.erf: within a few ulp, like libm's erff (reference.py's class for
    # exp, log and tanh).
    "erf": (1, lambda x: [Expected(np.vectorize(math.erf)(x[0]),
                                   "transcendental")]),
    # arith.sitofp of integers below 2^24, arith.extf f16 -> f32: exact.
    "to_float": (1, lambda x: [Expected(x[0], "exact")]),
    # arith.truncf f32 -> f16: round to nearest even, once.
    "truncf_f16": (1, lambda x: [Expected(
        x[0].astype(np.float32).astype(np.float16), "exact")]),
}


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("op", choices=sorted(OPS))
    parser.add_argument("--in", dest="inputs", required=True)
    parser.add_argument("--out", dest="outputs", required=True)
    a = parser.parse_args(argv)
    arity, fn = OPS[a.op]
    inputs = [reference.load(f"{a.inputs}{i}.npy")[0] for i in range(arity)]
    expected = fn(inputs)
    outputs = [reference.load(f"{a.outputs}{i}.npy")
               for i in range(len(expected))]
    worst_abs, worst_rel, worst_use = reference.compare(a.op, expected,
                                                        outputs)
    print(f"PASS {a.op} max_abs_err={worst_abs:.3g} max_rel_err={worst_rel:.3g}"
          f" tolerance_used={worst_use:.2g}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
