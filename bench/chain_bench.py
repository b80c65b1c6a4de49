#!/usr/bin/python3
"""The chain solver against the greedy on unrolled MLPs.

Each MLP is L layers of matmul and tanh on a [batch, width] f32 activation
(weights [width, width], loss sum(h)), differentiated with remat-autodiff
and planned with remat-rematerialize at each budget by solver=chain, greedy
and auto. Prints, per MLP and budget, the FLOPs each plan adds (as a share
of the step's), the solver auto chose, and the planning time; "infeasible"
when the solver's plan does not fit, with the least peak it reached.

Prints the markdown table of docs/solvers.md ("A training step as a
chain"), the machine first.

  bench/chain_bench.py [--mlps 16x1024x128,32x1024x128,...] [--budgets 60%,45%]
  REMAT_BUILD_DIR=/path/to/build bench/chain_bench.py
"""

import argparse
import datetime
import os
import re
import subprocess
import tempfile
import time

from hostinfo import cpu_model_and_flags

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.environ.get("REMAT_BUILD_DIR", os.path.join(ROOT, "build"))
REMAT_OPT = os.path.join(BUILD, "bin", "remat-opt")

DEFAULT_MLPS = "16x1024x128,32x1024x128,32x4096x32,12x256x16,8x1024x256"
DEFAULT_BUDGETS = "60%,45%,35%"


def mlp(layers, batch, width):
    """The forward function of an unrolled MLP, as remat IR."""
    t = "tensor<%dx%dxf32>" % (batch, width)
    w = "tensor<%dx%dxf32>" % (width, width)
    args = "".join(", %%w%d: %s" % (i, w) for i in range(layers))
    lines = ["func.func @f(%%x: %s%s) -> tensor<f32> {" % (t, args)]
    prev = "%x"
    for i in range(layers):
        lines.append("  %%m%d = remat.matmul %s, %%w%d : %s, %s -> %s"
                     % (i, prev, i, t, w, t))
        lines.append("  %%t%d = remat.tanh %%m%d : %s" % (i, i, t))
        prev = "%%t%d" % i
    lines.append("  %%l = remat.reduce_sum %s dims [0, 1] : %s -> tensor<f32>"
                 % (prev, t))
    lines.append("  return %l : tensor<f32>")
    lines.append("}")
    return "\n".join(lines) + "\n"


def machine():
    model, flags = cpu_model_and_flags()
    return "%s, %d cores, avx512f %s" % (model, os.cpu_count() or 0,
                                         "yes" if "avx512f" in flags else "no")


def plan(step, budget, solver):
    """(added share, solver name, seconds) or ("infeasible (least P)", ...)."""
    options = "functions=f_grad budget=%s report-text=-" % budget
    if solver:
        options += " solver=" + solver
    start = time.perf_counter()
    result = subprocess.run(
        [REMAT_OPT, step, "-remat-rematerialize=" + options, "-o", os.devnull],
        capture_output=True, text=True)
    seconds = time.perf_counter() - start
    text = result.stdout + result.stderr
    if result.returncode != 0:
        least = re.search(r"smallest peak the (\w+) solver reaches is ([^,]+)",
                          text)
        if not least:
            raise SystemExit("remat-opt failed:\n" + text)
        return "infeasible (least %s)" % least.group(2), least.group(1), seconds
    added = re.search(r"recomputed: .*\(([+0-9.]+%) of", text)
    name = re.search(r"solver: (\w+)", text).group(1)
    return (added.group(1) if added else "+0%"), name, seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mlps", default=DEFAULT_MLPS,
                        help="layers x batch x width, comma-separated")
    parser.add_argument("--budgets", default=DEFAULT_BUDGETS)
    args = parser.parse_args()
    print("machine: %s; %s" % (machine(), datetime.date.today()))
    print()
    print("| MLP | budget | chain | greedy | auto | auto's solver | "
          "chain time | greedy time | auto time |")
    print("|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for spec in args.mlps.split(","):
            layers, batch, width = (int(v) for v in spec.split("x"))
            source = os.path.join(tmp, "mlp.mlir")
            step = os.path.join(tmp, "step.mlir")
            with open(source, "w") as f:
                f.write(mlp(layers, batch, width))
            subprocess.run([REMAT_OPT, source, "-remat-autodiff", "-o", step],
                           check=True)
            for budget in args.budgets.split(","):
                chain, _, chain_s = plan(step, budget, "chain")
                greedy, _, greedy_s = plan(step, budget, "greedy")
                auto, picked, auto_s = plan(step, budget, None)
                print("| %d layers, %dx%d | %s | %s | %s | %s | %s | %.2f s "
                      "| %.2f s | %.2f s |"
                      % (layers, batch, width, budget, chain, greedy, auto,
                         picked, chain_s, greedy_s, auto_s))


if __name__ == "__main__":
    main()
