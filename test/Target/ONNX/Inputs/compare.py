#!/usr/bin/env python3
"""compare.py EXPECTED.npy ACTUAL.npy RTOL ATOL: PASS when every element of
ACTUAL is within ATOL + RTOL * |EXPECTED| of EXPECTED, else FAIL with the
largest error.

compare.py --norm EXPECTED.npy ACTUAL.npy TOL [FLOOR]: PASS when the norm
of the difference is at most TOL times the larger of the norm of EXPECTED
and FLOOR (default 0): a whole-tensor relative error, for gradients of deep
networks whose small elements are dominated by the f32 rounding of long
sums; FLOOR keeps a gradient that is zero in exact arithmetic (a bias
before a batch norm) from dividing rounding noise by ~0."""
import sys

import numpy as np

if sys.argv[1] == "--norm":
    expected, actual = np.load(sys.argv[2]), np.load(sys.argv[3])
    tol = float(sys.argv[4])
    floor = float(sys.argv[5]) if len(sys.argv) > 5 else 0.0
    if expected.shape != actual.shape:
        print("FAIL shape %s vs %s" % (expected.shape, actual.shape))
        sys.exit(1)
    e = expected.astype(np.float64)
    diff = np.linalg.norm(e - actual.astype(np.float64))
    rel = diff / max(np.linalg.norm(e), floor, np.finfo(np.float64).tiny)
    ok = bool(rel <= tol)
    print("%s relative error %.3g" % ("PASS" if ok else "FAIL", rel))
    sys.exit(0 if ok else 1)

expected, actual = np.load(sys.argv[1]), np.load(sys.argv[2])
rtol, atol = float(sys.argv[3]), float(sys.argv[4])
if expected.shape != actual.shape:
    print("FAIL shape %s vs %s" % (expected.shape, actual.shape))
    sys.exit(1)
err = np.abs(expected.astype(np.float64) - actual.astype(np.float64))
ok = bool(np.all(err <= atol + rtol * np.abs(expected)))
print("%s max error %.3g" % ("PASS" if ok else "FAIL", err.max()))
sys.exit(0 if ok else 1)
