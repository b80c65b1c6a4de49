#!/usr/bin/env python3
"""Runs every public function of the given .mlir files with remat-run on
the CPU and on the GPU (--target=gpu), same generated arguments, and
compares their outputs: integers exactly, floats within a tolerance for
their type (the GPU's kernels round differently: fused multiply-adds, other
reduction orders). Prints one PASS or FAIL line per function, and the
largest error.

  compare-with-cpu.py REMAT_RUN SCRATCH_DIR [EXTRA_ARGS --] FILE...
"""
import concurrent.futures
import os
import re
import subprocess
import sys

import numpy as np

# (rtol, atol) per float type.
TOLERANCE = {np.float32: (1e-4, 1e-5), np.float16: (1e-2, 1e-3),
             np.float64: (1e-9, 1e-12)}


def public_functions(path):
    text = open(path).read()
    return re.findall(r"^\s*func\.func @([\w$.]+)\(", text, re.M)


def run(remat_run, path, entry, prefix, extra):
    result = subprocess.run([remat_run, path, "--entry=" + entry, "--print=0",
                             "--save-outputs=" + prefix] + extra,
                            capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def compare(cpu, gpu):
    if cpu.shape != gpu.shape or cpu.dtype != gpu.dtype:
        return False, "shape/dtype %s %s vs %s %s" % (cpu.shape, cpu.dtype,
                                                      gpu.shape, gpu.dtype)
    if not np.issubdtype(cpu.dtype, np.floating) and cpu.dtype.kind != "V":
        same = np.array_equal(cpu, gpu)
        return same, "exact" if same else "integers differ"
    if cpu.dtype.kind == "V":  # bfloat16 saved as raw 16-bit words
        # (0-d arrays cannot be viewed as another type: flatten first)
        cpu, gpu = cpu.reshape(-1), gpu.reshape(-1)
        cpu = (cpu.view(np.uint16).astype(np.uint32) << 16).view(np.float32)
        gpu = (gpu.view(np.uint16).astype(np.uint32) << 16).view(np.float32)
        rtol, atol = 2e-2, 2e-3
    else:
        rtol, atol = TOLERANCE.get(cpu.dtype.type, (1e-4, 1e-5))
    # Equal values (infinities too) and NaN on both sides agree; the rest
    # finite and within the tolerance.
    agree = (cpu == gpu) | (np.isnan(cpu) & np.isnan(gpu))
    with np.errstate(invalid="ignore"):
        err = np.where(agree, 0, np.abs(cpu.astype(np.float64) -
                                        gpu.astype(np.float64)))
        bound = atol + rtol * np.abs(cpu.astype(np.float64))
        finite = np.isfinite(cpu) & np.isfinite(gpu)
        ok = bool(np.all(agree | (finite & (err <= bound))))
    return ok, "max error %.3g" % (float(err.max()) if err.size else 0.0)


def check(remat_run, path, entry, scratch, extra):
    """One function on both targets: (failed, line to print)."""
    name = "%s @%s" % (os.path.basename(path), entry)
    base = os.path.join(scratch, "%s.%s" % (os.path.basename(path), entry))
    code, out = run(remat_run, path, entry, base + ".cpu", extra)
    if code != 0:
        return False, "SKIP %s: the CPU run failed" % name
    code, out = run(remat_run, path, entry, base + ".gpu",
                    extra + ["--target=gpu"])
    if code != 0:
        return True, "FAIL %s: the GPU run failed:\n%s" % (name, out)
    index = 0
    details = []
    ok = True
    while os.path.exists("%s.cpu%d.npy" % (base, index)):
        cpu = np.load("%s.cpu%d.npy" % (base, index))
        gpu = np.load("%s.gpu%d.npy" % (base, index))
        same, detail = compare(cpu, gpu)
        ok &= same
        details.append("output %d: %s" % (index, detail))
        index += 1
    return not ok, "%s %s: %s" % ("PASS" if ok else "FAIL", name,
                                  "; ".join(details))


def main():
    remat_run, scratch = sys.argv[1], sys.argv[2]
    rest = sys.argv[3:]
    extra = []
    if "--" in rest:
        split = rest.index("--")
        extra, rest = rest[:split], rest[split + 1:]
    os.makedirs(scratch, exist_ok=True)
    jobs = [(path, entry) for path in rest for entry in public_functions(path)]
    # Functions run side by side (each remat-run compiles on one core); the
    # lines come out in the files' order.
    workers = max(1, min(len(jobs), os.cpu_count() or 1))
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        results = list(pool.map(
            lambda job: check(remat_run, job[0], job[1], scratch, extra),
            jobs))
    failures = 0
    for failed, line in results:
        print(line)
        failures += failed
    print("%d failure(s)" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
