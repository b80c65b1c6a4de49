#!/usr/bin/env python3
"""Writes a function with remat.checkpoint regions nested DEPTH deep.

Region k (k = 1..DEPTH) applies one unary op to what region k-1 computed,
then opens region k+1 on its result and yields what that region yields
(the innermost yields its own op's result). The loss sums the outermost
region's result. The ops cycle through --ops: with the default (neg, whose
VJP reads nothing) the joint graph autodiff builds is linear in the depth;
with ops whose VJP reads a forward value (tanh, exp, sigmoid), every region
yields the residuals of all the regions inside it, so the joint graph
itself grows with the square of the depth; --innermost exp gives one
residual, yielded by every region. Used by the deep-nest tests and
to time the passes:

  nested-checkpoints.py 3000 | remat-opt -remat-autodiff -o /dev/null

The text is written line by line (no recursion), so any depth works.
"""
import argparse
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("depth", type=int, nargs="?", default=2000)
    parser.add_argument("--ops", default="neg",
                        help="comma-separated unary remat ops, cycled")
    parser.add_argument("--innermost", default=None,
                        help="the op of the innermost region instead")
    parser.add_argument("--policy", default="nothing_saveable")
    args = parser.parse_args()
    ops = args.ops.split(",")
    ty = "tensor<4xf32>"
    out = sys.stdout
    out.write("func.func @deep(%%x: %s) -> tensor<f32> {\n" % ty)
    value = "%x"
    for k in range(1, args.depth + 1):
        op = ops[(k - 1) % len(ops)]
        if k == args.depth and args.innermost:
            op = args.innermost
        out.write("%%r%d = remat.checkpoint policy <%s> -> %s {\n"
                  % (k, args.policy, ty))
        out.write("%%a%d = remat.%s %s : %s\n" % (k, op, value, ty))
        value = "%%a%d" % k
    out.write("remat.yield %s : %s\n" % (value, ty))
    for k in range(args.depth, 1, -1):
        out.write("}\n")
        out.write("remat.yield %%r%d : %s\n" % (k, ty))
    out.write("}\n")
    out.write("%%l = remat.reduce_sum %%r1 dims [0] : %s -> tensor<f32>\n"
              % ty)
    out.write("return %l : tensor<f32>\n}\n")


if __name__ == "__main__":
    main()
