#!/usr/bin/python3
"""Per-op time profile of a compiled remat function.

A sampling profiler sees the step's kernels (remat-outline-kernels gives
each loop nest a function, `<function>_kernel_<n>`, shared by the nests
that print the same), not the ops they came from. This script splits the
step by op instead: every op of --entry becomes its own function (its operands become
arguments), each distinct (op, attributes, types) is compiled and timed with
remat-run --repeat, and the table lists the ops by total time (time of one
call times the number of occurrences), with GFLOP/s for matmuls and
convolutions. The sum is an estimate of the step's compute time (each op
runs with hot caches and no neighbours); compare it with the step's own
remat-run time.

  bench/op_profile.py step.mlir --entry=mlp_grad [--repeat 10] [--top 25]
                      [--cpu=haswell]
  REMAT_BUILD_DIR=/path/to/build bench/op_profile.py ...
"""

import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.environ.get("REMAT_BUILD_DIR", os.path.join(ROOT, "build"))

# One op of the generic form: results, name, operands, the rest, the type.
OP_LINE = re.compile(
    r'^\s*(?:(%[\w.]+)(?::(\d+))?\s*=\s*)?"([\w.]+)"\(([^)]*)\)(.*?)'
    r':\s*\(([^)]*)\)\s*->\s*(.*)$')


def split_types(text):
    """Splits a comma-separated type list at the top level."""
    types, depth, current = [], 0, ""
    for ch in text:
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        if ch == "," and depth == 0:
            types.append(current.strip())
            current = ""
        else:
            current += ch
    if current.strip():
        types.append(current.strip())
    return types


def shape(tensor_type):
    """The static shape of 'tensor<AxBxf32>' as a list of ints."""
    body = tensor_type[len("tensor<"):-1]
    return [int(d) for d in body.split("x")[:-1]]


def product(dims):
    result = 1
    for d in dims:
        result *= d
    return result


def flops(name, rest, in_types, out_types):
    """FLOPs of matmuls and convolutions (2 per multiply-add), else None."""
    if name == "remat.matmul":
        lhs = shape(in_types[0])
        k = lhs[-2] if "transpose_a" in rest else lhs[-1]
        return 2 * product(shape(out_types[0])) * k
    if name == "remat.conv2d":
        f = shape(in_types[1])
        return 2 * product(shape(out_types[0])) * f[1] * f[2] * f[3]
    if name == "remat.conv2d_grad_input":
        f = shape(in_types[1])
        groups = re.search(r"groups = (\d+)", rest)
        g = int(groups.group(1)) if groups else 1
        return 2 * product(shape(out_types[0])) * (f[0] // g) * f[2] * f[3]
    if name == "remat.conv2d_grad_filter":
        grad = shape(in_types[1])  # operands: input, grad
        return (2 * product(shape(out_types[0])) * grad[0] * grad[2] *
                grad[3])
    return None


def generic_ops(path, entry):
    """The ops of @entry, each as (name, rest, operand types, result types)."""
    text = subprocess.run(
        [os.path.join(BUILD, "bin", "remat-opt"), "--mlir-print-op-generic",
         path], check=True, capture_output=True, text=True).stdout
    inside, ops = False, []
    for line in text.splitlines():
        if 'sym_name = "%s"' % entry in line:
            inside = True
            continue
        if not inside:
            continue
        if line.strip().startswith("})") or '"func.return"' in line:
            break
        match = OP_LINE.match(line)
        if not match:
            continue
        _, _, name, _, rest, ins, outs = match.groups()
        outs = outs.strip()
        if outs.startswith("("):
            outs = outs[1:-1]
        # Strip op-location and discardable attributes that vary per op.
        rest = re.sub(r"\{remat\.[^}]*\}", "", rest).strip()
        ops.append((name, rest, tuple(split_types(ins)),
                    tuple(split_types(outs))))
    return ops


def op_module(name, rest, in_types, out_types):
    """A module whose @op runs one op on its arguments."""
    args = ", ".join("%%a%d: %s" % (i, t) for i, t in enumerate(in_types))
    operands = ", ".join("%%a%d" % i for i in range(len(in_types)))
    results = ("%r" if len(out_types) == 1 else "%%r:%d" % len(out_types))
    returned = ("%r" if len(out_types) == 1 else
                ", ".join("%%r#%d" % i for i in range(len(out_types))))
    return ("func.func @op(%s) -> (%s) {\n"
            "  %s = \"%s\"(%s) %s : (%s) -> (%s)\n"
            "  return %s : %s\n}\n" %
            (args, ", ".join(out_types), results, name, operands, rest,
             ", ".join(in_types), ", ".join(out_types), returned,
             ", ".join(out_types)))


def time_module(text, repeat, cpu):
    """Fastest of `repeat` calls in milliseconds, from remat-run (the least
    disturbed by other work on a shared machine)."""
    with tempfile.NamedTemporaryFile("w", suffix=".mlir",
                                     delete=False) as handle:
        handle.write(text)
        path = handle.name
    try:
        out = subprocess.run(
            [os.path.join(BUILD, "bin", "remat-run"), path, "--entry=op",
             "--repeat", str(repeat), "--print=0", "--cpu=" + cpu],
            capture_output=True, text=True)
    finally:
        os.unlink(path)
    match = re.search(r"cpu time: ([\d.]+) ms min, ([\d.]+) ms median", out.stdout)
    if not match:
        sys.stderr.write(out.stdout + out.stderr)
        return None
    return float(match.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--entry", required=True)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--cpu", default="host",
                        help="the CPU to compile for (remat-run --cpu), "
                             "e.g. haswell for the AVX2 kernels")
    args = parser.parse_args()

    counts = collections.Counter(generic_ops(args.file, args.entry))
    if not counts:
        sys.exit("op_profile.py: no function @%s with ops in %s (a gradient "
                 "exists only after remat-opt -remat-autodiff)" %
                 (args.entry, args.file))
    rows = []
    for (name, rest, ins, outs), count in counts.items():
        if name in ("remat.constant", "remat.reshape", "remat.name"):
            continue
        ms = time_module(op_module(name, rest, ins, outs), args.repeat,
                         args.cpu)
        if ms is None:
            continue
        f = flops(name, rest, ins, outs)
        rows.append((ms * count, ms, count, name, rest, ins, outs, f))
    rows.sort(reverse=True)
    total = sum(r[0] for r in rows)
    print("%-9s %6s %8s %3s %8s  %s" % ("total ms", "share", "ms/call", "n",
                                        "GFLOP/s", "op"))
    for t, ms, count, name, rest, ins, outs, f in rows[:args.top]:
        rate = "%8.1f" % (f / ms / 1e6) if f else "%8s" % "-"
        attrs = re.sub(r"\s+", " ", rest)
        print("%9.3f %5.1f%% %8.3f %3d %s  %s %s : %s -> %s" %
              (t, 100 * t / total, ms, count, rate, name[6:], attrs,
               ", ".join(ins), ", ".join(outs)))
    print("sum of ops: %.3f ms over %d distinct ops" % (total, len(rows)))


if __name__ == "__main__":
    main()
