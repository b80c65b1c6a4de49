#!/usr/bin/env python3
"""compare.py EXPECTED.npy ACTUAL.npy RTOL ATOL: PASS when every element of
ACTUAL is within ATOL + RTOL * |EXPECTED| of EXPECTED, else FAIL with the
largest error.

compare.py --norm EXPECTED.npy ACTUAL.npy TOL [FLOOR]: PASS when the norm
of the difference is at most TOL times the larger of the norm of EXPECTED
and FLOOR (default 0): a whole-tensor relative error, for gradients of deep
networks whose small elements are dominated by the f32 rounding of long
sums; FLOOR keeps a gradient that is zero in exact arithmetic (a bias
before a batch norm) from dividing rounding noise by ~0.

compare.py --each N [--norm] EXPECTED ACTUAL ...: either check on N pairs
of files in one process (numpy's import costs more than a comparison),
EXPECTED and ACTUAL with {} where the index 0..N-1 goes, one line per
pair, "FAIL output I" for each pair that fails or cannot be read."""
import sys

import numpy as np


def compare(argv):
    """Prints one verdict line for argv (the single-pair arguments)."""
    norm = argv[0] == "--norm"
    if norm:
        argv = argv[1:]
    expected, actual = np.load(argv[0]), np.load(argv[1])
    if expected.shape != actual.shape:
        print("FAIL shape %s vs %s" % (expected.shape, actual.shape))
        return False
    e = expected.astype(np.float64)
    if norm:
        tol = float(argv[2])
        floor = float(argv[3]) if len(argv) > 3 else 0.0
        diff = np.linalg.norm(e - actual.astype(np.float64))
        rel = diff / max(np.linalg.norm(e), floor, np.finfo(np.float64).tiny)
        ok = bool(rel <= tol)
        print("%s relative error %.3g" % ("PASS" if ok else "FAIL", rel))
        return ok
    rtol, atol = float(argv[2]), float(argv[3])
    err = np.abs(e - actual.astype(np.float64))
    ok = bool(np.all(err <= atol + rtol * np.abs(expected)))
    print("%s max error %.3g" % ("PASS" if ok else "FAIL", err.max()))
    return ok


if sys.argv[1] == "--each":
    count, rest = int(sys.argv[2]), sys.argv[3:]
    files = 1 if rest[0] == "--norm" else 0
    failed = 0
    for i in range(count):
        argv = list(rest)
        argv[files] = argv[files].replace("{}", str(i))
        argv[files + 1] = argv[files + 1].replace("{}", str(i))
        try:
            ok = compare(argv)
        except (OSError, ValueError) as error:
            print("FAIL %s" % error)
            ok = False
        if not ok:
            print("FAIL output %d" % i)
            failed += 1
    sys.exit(1 if failed else 0)
sys.exit(0 if compare(sys.argv[1:]) else 1)
