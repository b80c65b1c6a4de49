#!/usr/bin/env python3
"""Load test of the planner and the JIT (issue 15, "under load").

1. Generates a forward function of L layers (seven tanh and one matmul per
   eight ops, 4x4 f32 tensors), derives its training step with
   remat-autodiff (about 5 * L ops: at the default L = 200,000 the step has
   1,000,003 ops, each a node of the planner's graph), and runs
   remat-rematerialize on it with every budget solver at 50% of the
   unplanned peak. Each run must plan, or refuse with a diagnostic naming
   the limit, within --max-seconds (60) and --max-gib (4 GiB) of peak
   resident memory, parsing and printing included.
2. JIT-compiles and runs the largest shipped example's training step
   (examples/transformer.mlir, planned at 50%) with remat-run, within
   --jit-seconds (60) and --jit-gib (2 GiB).

Prints one line per run (wall seconds, peak RSS, outcome) and exits non-zero
when a limit is exceeded. docs/reliability.md records the figures.
Usage: scripts/loadtest.py [--layers L] [--bin build/bin]
"""

import argparse
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time


def forward_graph(layers):
    ty = "tensor<4x4xf32>"
    lines = ["func.func @big(%%x: %s, %%w: %s) -> tensor<f32> {" % (ty, ty)]
    prev = "%x"
    for i in range(1, layers):
        if i % 8 == 0:
            lines.append("  %%v%d = remat.matmul %s, %%w : %s, %s -> %s" %
                         (i, prev, ty, ty, ty))
        else:
            lines.append("  %%v%d = remat.tanh %s : %s" % (i, prev, ty))
        prev = "%%v%d" % i
    lines.append("  %%l = remat.mse %s, %%x : %s -> tensor<f32>" % (prev, ty))
    lines.append("  return %l : tensor<f32>")
    lines.append("}")
    return "\n".join(lines) + "\n"


def measure(cmd, timeout):
    """Runs cmd; returns (seconds, peak RSS in bytes, exit code, stderr)."""
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    try:
        _, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
    seconds = time.monotonic() - start
    # The child's own peak: wait4 reports the reaped process's rusage.
    rss = _last_rusage.get(proc.pid)
    return seconds, rss, proc.returncode, err


_last_rusage = {}
_orig_waitpid = os.waitpid


def _waitpid(pid, options):
    # subprocess reaps with os.waitpid; use wait4 to keep the child's rusage.
    rpid, status, usage = os.wait4(pid, options)
    if rpid:
        _last_rusage[rpid] = usage.ru_maxrss * 1024
    return rpid, status


os.waitpid = _waitpid


def cpu_model():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--layers", type=int, default=200000)
    ap.add_argument("--bin", default=os.path.join(root, "build", "bin"))
    ap.add_argument("--solvers", default="greedy,search,auto,exact")
    ap.add_argument("--max-seconds", type=float, default=60)
    ap.add_argument("--max-gib", type=float, default=4)
    ap.add_argument("--jit-seconds", type=float, default=60)
    ap.add_argument("--jit-gib", type=float, default=2)
    args = ap.parse_args()
    avx512 = "avx512f" in open("/proc/cpuinfo").read()
    print("host: %s, %d cores, avx512f %s" %
          (cpu_model(), os.cpu_count(), "yes" if avx512 else "no"))
    opt = os.path.join(args.bin, "remat-opt")
    failed = False
    with tempfile.TemporaryDirectory() as work:
        fwd = os.path.join(work, "forward.mlir")
        step = os.path.join(work, "step.mlir")
        with open(fwd, "w") as f:
            f.write(forward_graph(args.layers))
        secs, rss, rc, err = measure([opt, fwd, "-remat-autodiff", "-o", step],
                                     600)
        if rc != 0:
            print("remat-autodiff failed:\n" + err[-2000:])
            return 1
        with open(step) as f:
            ops = sum(1 for line in f if "= remat." in line)
        print("training step: %d ops (remat-autodiff: %.1f s, %.2f GiB)" %
              (ops, secs, rss / 2**30))
        for solver in args.solvers.split(","):
            pipeline = ("builtin.module(remat-rematerialize{budget=50%% "
                        "solver=%s functions=big_grad time-limit=10})" %
                        solver)
            secs, rss, rc, err = measure(
                [opt, step, "--mlir-print-op-on-diagnostic=false",
                 "--pass-pipeline=" + pipeline, "-o", os.path.devnull],
                args.max_seconds * 3)
            errors = [l for l in err.splitlines() if "error:" in l]
            outcome = "planned" if rc == 0 else (
                "refused: " + errors[0].split("error: ", 1)[1][:150]
                if errors else "FAILED without a diagnostic (exit %d)" % rc)
            within = secs <= args.max_seconds and rss <= args.max_gib * 2**30
            if not within or (rc != 0 and not errors):
                failed = True
            print("  %-7s %6.1f s %6.2f GiB  %s%s" %
                  (solver, secs, rss / 2**30, outcome,
                   "" if within else "  OVER THE LIMIT"))
        # The JIT: the largest shipped example's planned step.
        model = os.path.join(root, "examples", "transformer.mlir")
        planned = os.path.join(work, "transformer.mlir")
        subprocess.run(
            [opt, model, "-remat-autodiff",
             "-remat-rematerialize=budget=50% solver=greedy", "-o", planned],
            check=True)
        secs, rss, rc, err = measure(
            [os.path.join(args.bin, "remat-run"), planned,
             "--entry=transformer_grad"], args.jit_seconds * 3)
        within = (rc == 0 and secs <= args.jit_seconds and
                  rss <= args.jit_gib * 2**30)
        failed |= not within
        print("remat-run examples/transformer.mlir (step at 50%%): %.1f s, "
              "%.2f GiB%s" % (secs, rss / 2**30, "" if within else
                               "  FAILED or OVER THE LIMIT\n" + err[-2000:]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
