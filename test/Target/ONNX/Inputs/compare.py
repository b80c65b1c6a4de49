#!/usr/bin/env python3
"""compare.py EXPECTED.npy ACTUAL.npy RTOL ATOL: PASS when every element of
ACTUAL is within ATOL + RTOL * |EXPECTED| of EXPECTED, else FAIL with the
largest error."""
import sys

import numpy as np

expected, actual = np.load(sys.argv[1]), np.load(sys.argv[2])
rtol, atol = float(sys.argv[3]), float(sys.argv[4])
if expected.shape != actual.shape:
    print("FAIL shape %s vs %s" % (expected.shape, actual.shape))
    sys.exit(1)
err = np.abs(expected.astype(np.float64) - actual.astype(np.float64))
ok = bool(np.all(err <= atol + rtol * np.abs(expected)))
print("%s max error %.3g" % ("PASS" if ok else "FAIL", err.max()))
sys.exit(0 if ok else 1)
