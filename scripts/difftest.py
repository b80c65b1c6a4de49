#!/usr/bin/env python3
"""Differential testing of the whole pipeline on random forward graphs.

Each graph is a random well-formed forward function in the remat dialect
(elementwise, matmul, normalization, reductions, shape ops, embedding,
convolution and pooling, dropout, constant masks, checkpoint regions with
random policies, scans with random modes, marks and name tags; f32, f16 or
bf16) ending in a scalar loss. It goes through remat-autodiff, then
remat-rematerialize at random budgets with every solver, then the CPU
pipeline (remat-run), and is checked:

  * every planned step's outputs are bitwise the unplanned step's;
  * every planned step's measured peak is within the budget and within 5%
    of the plan (remat-run --check-memory=0.05);
  * a smaller budget never gives a larger measured peak, for the greedy and
    between plans whose peak the exact solver proved the smallest among the
    cheapest (the time-limited search and auto promise no monotonicity);
  * on a sample (f32 graphs without kinks such as relu or max), the
    gradients against central finite differences (remat-run
    --check-gradients).

A budget the planner reports infeasible is not a failure (it must say so
with a diagnostic, which is checked); anything else that fails is: a
crash, an error from autodiff or the planner, a mismatch. Failing graphs
are kept under --keep DIR with a note of what failed.

Usage: difftest.py --count N [--seed S] [--jobs J] [--budgets K]
                   [--time-limit S] [--no-exact] [--bin DIR] [--keep DIR]
Exit status 0 when every graph passes.
"""

import argparse
import concurrent.futures
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

SOLVERS = ["greedy", "search", "auto", "exact"]
POLICIES = [
    "everything_saveable", "nothing_saveable", "dots_saveable",
    "dots_with_no_batch_dims_saveable",
]
NAMED_POLICIES = [
    "save_only_these_names", "save_anything_except_these_names",
    "save_any_names_but_these",
]
SCAN_MODES = ["none", "full", "nested", "nested 2", "auto", "revolve",
              "revolve 2", "offload"]
MARKS = ["must_save", "prefer_save", "must_recompute", "prefer_recompute"]


def ttype(shape, dtype):
    if not shape:
        return "tensor<%s>" % dtype
    return "tensor<%sx%s>" % ("x".join(map(str, shape)), dtype)


class Value:
    def __init__(self, name, shape, positive=False):
        self.name = name
        self.shape = list(shape)
        # Strictly positive and bounded away from 0 (exp of a bounded value):
        # safe for log, sqrt, rsqrt and as a divisor.
        self.positive = positive


class Graph:
    """Builds one random forward function."""

    def __init__(self, rng, dtype):
        self.rng = rng
        self.dtype = dtype
        self.args = []   # (name, type)
        self.body = []   # lines of the current scope
        self.counter = 0
        self.kinks = False   # relu, max, clamp, pooling: no FD check
        self.random = False  # dropout
        self.names = []
        self.ops = 0

    def fresh(self):
        self.counter += 1
        return "%%v%d" % self.counter

    def arg(self, shape, dtype=None):
        name = "%%a%d" % len(self.args)
        self.args.append((name, ttype(shape, dtype or self.dtype)))
        return name

    def emit(self, text, shape, positive=False, mark_ok=True):
        name = self.fresh()
        if mark_ok and self.rng.random() < 0.06:
            mark = self.rng.choice(MARKS)
            # The attribute dictionary precedes the last colon (layer_norm
            # with affine parameters has a colon after each of them).
            head, colon, tail = text.rpartition(" : ")
            text = "%s {remat.mark = #remat.mark<%s>}%s%s" % (head, mark,
                                                             colon, tail)
        self.body.append("  %s = %s" % (name, text))
        self.ops += 1
        return Value(name, shape, positive)

    def t(self, shape):
        return ttype(shape, self.dtype)

    # ---- ops on a value [B, D] (or any rank for elementwise) ----

    def unary(self, x):
        r = self.rng
        smooth = ["tanh", "sigmoid", "gelu", "gelu_tanh", "sin", "cos",
                  "erf", "neg", "scale", "exp_tanh"]
        kinked = ["relu", "clamp"]
        choices = smooth + kinked
        if x.positive:
            choices += ["log", "sqrt", "rsqrt"]
        op = r.choice(choices)
        ty = self.t(x.shape)
        if op in kinked:
            self.kinks = True
        if op == "gelu":
            return self.emit("remat.gelu %s %s : %s" %
                             (x.name, "erf", ty),
                             x.shape)
        if op == "gelu_tanh":
            return self.emit("remat.gelu %s tanh : %s" % (x.name, ty), x.shape)
        if op == "scale":
            return self.emit("remat.scale %s, %s : %s" %
                             (x.name, r.choice(["0.5", "-1.5", "2.0"]), ty),
                             x.shape, x.positive)
        if op == "clamp":
            return self.emit("remat.clamp %s min -0.5 max 0.75 : %s" %
                             (x.name, ty), x.shape)
        if op == "exp_tanh":
            t = self.emit("remat.tanh %s : %s" % (x.name, ty), x.shape)
            return self.emit("remat.exp %s : %s" % (t.name, ty), x.shape,
                             positive=True)
        return self.emit("remat.%s %s : %s" % (op, x.name, ty), x.shape,
                         op == "sqrt" and x.positive)

    def binary(self, x, y):
        r = self.rng
        ty = self.t(x.shape)
        choices = ["add", "sub", "mul", "maximum"]
        if y.positive:
            choices.append("div")
        op = r.choice(choices)
        if op == "maximum":
            self.kinks = True
        return self.emit("remat.%s %s, %s : %s" % (op, x.name, y.name, ty),
                         x.shape, op in ("add", "mul") and x.positive and
                         y.positive)

    def matmul(self, x):
        r = self.rng
        b, d = x.shape
        e = r.choice([4, 8, 12, 16])
        form = r.choice(["plain", "plain", "transpose_b"])
        if form == "plain":
            w = self.arg([d, e])
            m = self.emit("remat.matmul %s, %s : %s, %s -> %s" %
                          (x.name, w, self.t([b, d]), self.t([d, e]),
                           self.t([b, e])), [b, e])
        else:
            w = self.arg([e, d])
            m = self.emit("remat.matmul %s, %s transpose_b : %s, %s -> %s" %
                          (x.name, w, self.t([b, d]), self.t([e, d]),
                           self.t([b, e])), [b, e])
        s = self.emit("remat.scale %s, %.6f : %s" %
                      (m.name, 1.0 / d ** 0.5, self.t([b, e])), [b, e])
        if r.random() < 0.5:
            bias = self.arg([e])
            c = self.emit("remat.broadcast %s dims [1] : %s -> %s" %
                          (bias, self.t([e]), self.t([b, e])), [b, e])
            s = self.emit("remat.add %s, %s : %s" %
                          (s.name, c.name, self.t([b, e])), [b, e])
        return s

    def normalize(self, x):
        r = self.rng
        b, d = x.shape
        ty = self.t(x.shape)
        kind = r.choice(["layer_norm", "layer_norm_affine", "softmax",
                         "batch_norm"])
        if kind == "layer_norm":
            return self.emit("remat.layer_norm %s axes [1] eps 1.0e-05 : %s" %
                             (x.name, ty), x.shape)
        if kind == "layer_norm_affine":
            g, bb = self.arg([d]), self.arg([d])
            return self.emit(
                "remat.layer_norm %s weight %s : %s bias %s : %s axes [1] "
                "eps 1.0e-05 : %s" % (x.name, g, self.t([d]), bb, self.t([d]),
                                      ty), x.shape)
        if kind == "softmax":
            return self.emit("remat.softmax %s axis 1 : %s" % (x.name, ty),
                             x.shape)
        g, bb = self.arg([d]), self.arg([d])
        name = self.fresh()
        self.body.append(
            "  %s, %s_m, %s_v = remat.batch_norm %s, %s, %s eps 1.0e-05 : "
            "%s, %s, %s" % (name, name, name, x.name, g, bb, ty, self.t([d]),
                            self.t([d])))
        self.ops += 1
        return Value(name, x.shape)

    def reduce(self, x):
        r = self.rng
        b, d = x.shape
        op = r.choice(["reduce_sum", "reduce_mean", "reduce_max"])
        if op == "reduce_max":
            self.kinks = True
        s = self.emit("remat.%s %s dims [1] : %s -> %s" %
                      (op, x.name, self.t([b, d]), self.t([b])), [b])
        e = self.emit("remat.broadcast %s dims [0] : %s -> %s" %
                      (s.name, self.t([b]), self.t([b, d])), [b, d])
        return self.emit("remat.sub %s, %s : %s" %
                         (x.name, e.name, self.t([b, d])), [b, d])

    def reshape_ops(self, x):
        r = self.rng
        b, d = x.shape
        kind = r.choice(["transpose2", "reshape", "slice_concat"])
        if kind == "transpose2":
            t = self.emit("remat.transpose %s perm [1, 0] : %s -> %s" %
                          (x.name, self.t([b, d]), self.t([d, b])), [d, b])
            u = self.unary(t)
            return self.emit("remat.transpose %s perm [1, 0] : %s -> %s" %
                             (u.name, self.t([d, b]), self.t([b, d])), [b, d])
        if kind == "reshape":
            flat = self.emit("remat.reshape %s : %s -> %s" %
                             (x.name, self.t([b, d]), self.t([b * d])),
                             [b * d])
            return self.emit("remat.reshape %s : %s -> %s" %
                             (flat.name, self.t([b * d]), self.t([b, d])),
                             [b, d])
        if d < 2:
            return x
        k = r.randint(1, d - 1)
        lo = self.emit("remat.slice %s start [0, 0] limit [%d, %d] strides "
                       "[1, 1] : %s -> %s" % (x.name, b, k, self.t([b, d]),
                                               self.t([b, k])), [b, k])
        hi = self.emit("remat.slice %s start [0, %d] limit [%d, %d] strides "
                       "[1, 1] : %s -> %s" % (x.name, k, b, d, self.t([b, d]),
                                               self.t([b, d - k])), [b, d - k])
        hi = self.unary(hi)
        return self.emit("remat.concat %s, %s dim 1 : %s, %s -> %s" %
                         (hi.name, lo.name, self.t([b, d - k]),
                          self.t([b, k]), self.t([b, d])), [b, d])

    def masked(self, x):
        b, d = x.shape
        rows = []
        for _ in range(b):
            rows.append("[" + ", ".join(
                self.rng.choice(["true", "false"]) for _ in range(d)) + "]")
        mask = self.fresh()
        self.body.append("  %s = remat.constant dense<[%s]> : %s" %
                         (mask, ", ".join(rows), ttype([b, d], "i1")))
        if self.rng.random() < 0.5:
            return self.emit("remat.masked_fill %s, %s, %s : %s, %s" %
                             (x.name, mask, self.rng.choice(["0.0", "-2.5"]),
                              self.t([b, d]), ttype([b, d], "i1")), [b, d])
        other = self.unary(x)
        return self.emit("remat.where %s, %s, %s : %s, %s" %
                         (mask, x.name, other.name, ttype([b, d], "i1"),
                          self.t([b, d])), [b, d])

    def dropout(self, x):
        self.random = True
        seed = self.arg([], "i64").replace("tensor<i64>", "i64")
        self.args[-1] = (self.args[-1][0], "i64")
        return self.emit("remat.dropout %s, %s rate %s : %s" %
                         (x.name, seed, self.rng.choice(["0.1", "0.5"]),
                          self.t(x.shape)), x.shape)

    def named(self, x):
        tag = "n%d" % len(self.names)
        self.names.append(tag)
        return self.emit('remat.name %s as "%s" : %s' %
                         (x.name, tag, self.t(x.shape)), x.shape, x.positive,
                         mark_ok=False)

    def step(self, x, pool):
        """One random op on `x` (and maybe another value of `pool`)."""
        r = self.rng
        kind = r.choices(
            ["unary", "binary", "matmul", "normalize", "reduce", "reshape",
             "masked", "dropout", "named"],
            weights=[5, 3, 4, 2, 1, 2, 1, 0.5, 1])[0]
        if kind == "unary":
            return self.unary(x)
        if kind == "binary":
            same = [v for v in pool if v.shape == x.shape and v is not x]
            y = r.choice(same) if same else self.unary(x)
            if r.random() < 0.5:
                x, y = y, x
            return self.binary(x, y)
        one_operand = {"matmul": self.matmul, "normalize": self.normalize,
                       "reduce": self.reduce, "reshape": self.reshape_ops,
                       "masked": self.masked, "dropout": self.dropout,
                       "named": self.named}
        return one_operand[kind](x)

    # ---- structure ----

    def checkpoint(self, x, pool):
        """A checkpoint region of a few ops on `x`, yielding one value."""
        r = self.rng
        outer = self.body
        self.body = []
        inner = [x]
        y = x
        for _ in range(r.randint(2, 5)):
            y = self.step(y, pool + inner)
            inner.append(y)
        region = self.body
        self.body = outer
        tags = [line.split('"')[1] for line in region if "remat.name" in line]
        if tags and r.random() < 0.6:
            chosen = r.sample(tags, r.randint(1, len(tags)))
            policy = "%s [%s]" % (r.choice(NAMED_POLICIES),
                                  ", ".join('"%s"' % t for t in chosen))
        else:
            policy = r.choice(POLICIES)
        name = self.fresh()
        self.body.append("  %s = remat.checkpoint policy <%s> -> %s {" %
                         (name, policy, self.t(y.shape)))
        self.body.extend("  " + line for line in region)
        self.body.append("    remat.yield %s : %s" % (y.name, self.t(y.shape)))
        self.body.append("  }")
        self.ops += 1
        return Value(name, y.shape)

    def scan(self, x):
        """A scan over L stacked layers carrying `x` [B, D]."""
        r = self.rng
        b, d = x.shape
        mode = r.choice(SCAN_MODES)
        # A block size or slot count k needs more than k layers.
        layers = r.randint(3 if " " in mode else 1, 6)
        ws = self.arg([layers, d, d])
        wt = self.t([d, d])
        act = r.choice(["tanh", "sigmoid", "gelu tanh"])
        name = self.fresh()
        c, w = "%%c%d" % self.counter, "%%w%d" % self.counter
        self.body.append(
            "  %s = remat.scan mode <%s> (%s = %s : %s) over (%s = %s : %s) "
            "-> (%s) {" % (name, mode, c, x.name, self.t([b, d]), w, ws,
                           self.t([layers, d, d]), self.t([b, d])))
        m = self.fresh()
        self.body.append("    %s = remat.matmul %s, %s : %s, %s -> %s" %
                         (m, c, w, self.t([b, d]), wt, self.t([b, d])))
        s = self.fresh()
        self.body.append("    %s = remat.scale %s, %.6f : %s" %
                         (s, m, 1.0 / d ** 0.5, self.t([b, d])))
        a = self.fresh()
        self.body.append("    %s = remat.%s : %s" %
                         (a, act.replace(" ", " %s " % s, 1) if " " in act
                          else "%s %s" % (act, s), self.t([b, d])))
        self.body.append("    remat.yield %s : %s" % (a, self.t([b, d])))
        self.body.append("  }")
        self.ops += 3
        return Value(name, [b, d])

    def conv_source(self, b):
        """An image argument through conv, activation and pooling, flattened
        to [b, features]."""
        r = self.rng
        c, h = r.choice([1, 2, 3]), r.choice([4, 6, 8])
        k = r.choice([2, 4])
        img = self.arg([b, c, h, h])
        w = self.arg([k, c, 3, 3])
        y = self.emit("remat.conv2d %s, %s padding [1, 1, 1, 1] : %s, %s -> %s"
                      % (img, w, self.t([b, c, h, h]), self.t([k, c, 3, 3]),
                         self.t([b, k, h, h])), [b, k, h, h])
        y = self.emit("remat.scale %s, %.6f : %s" %
                      (y.name, 1.0 / (3 * c) ** 0.5, self.t(y.shape)), y.shape)
        y = self.unary(y)
        pool = r.choice(["max_pool2d", "avg_pool2d"])
        if pool == "max_pool2d":
            self.kinks = True
        p = self.emit("remat.%s %s kernel [2, 2] strides [2, 2] padding "
                      "[0, 0, 0, 0] : %s -> %s" %
                      (pool, y.name, self.t([b, k, h, h]),
                       self.t([b, k, h // 2, h // 2])),
                      [b, k, h // 2, h // 2])
        f = k * (h // 2) * (h // 2)
        return self.emit("remat.reshape %s : %s -> %s" %
                         (p.name, self.t(p.shape), self.t([b, f])), [b, f])

    def source(self, b):
        r = self.rng
        kind = r.choices(["arg", "embedding", "conv"], weights=[4, 1, 1])[0]
        if kind == "arg":
            d = r.choice([4, 8, 12, 16])
            return Value(self.arg([b, d]), [b, d])
        if kind == "embedding":
            d, v = r.choice([4, 8]), r.choice([5, 10])
            table = self.arg([v, d])
            ids = self.arg([b], "i32")
            return self.emit("remat.embedding %s, %s : %s, %s -> %s" %
                             (table, ids, self.t([v, d]), ttype([b], "i32"),
                              self.t([b, d])), [b, d])
        return self.conv_source(b)

    def build(self, size):
        r = self.rng
        b = r.choice([2, 3, 4, 8])
        pool = [self.source(b)]
        if r.random() < 0.3:
            pool.append(self.source(b))
        x = pool[-1]
        while self.ops < size:
            roll = r.random()
            if roll < 0.12:
                x = self.checkpoint(x, pool)
            elif roll < 0.2 and x.shape[1] <= 16:
                x = self.scan(x)
            elif roll < 0.25 and len(pool) > 1:
                other = r.choice(pool[:-1])
                if other.shape[0] == x.shape[0] and other is not x:
                    x = self.emit("remat.concat %s, %s dim 1 : %s, %s -> %s" %
                                  (x.name, other.name, self.t(x.shape),
                                   self.t(other.shape),
                                   self.t([b, x.shape[1] + other.shape[1]])),
                                  [b, x.shape[1] + other.shape[1]])
            else:
                x = self.step(x, pool)
            pool.append(x)
        # The loss, in f32.
        if self.dtype != "f32":
            x = self.emit("remat.convert %s : %s -> %s" %
                          (x.name, self.t(x.shape), ttype(x.shape, "f32")),
                          x.shape, mark_ok=False)
        target = self.arg(x.shape, "f32")
        loss = self.fresh()
        self.body.append("  %s = remat.mse %s, %s : %s -> tensor<f32>" %
                         (loss, x.name, target, ttype(x.shape, "f32")))
        header = "func.func @g(%s) -> tensor<f32> {" % ", ".join(
            "%s: %s" % a for a in self.args)
        return "\n".join([header] + self.body +
                         ["  return %s : tensor<f32>" % loss, "}", ""])


def run(cmd, timeout=300):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return 124, "", "timed out after %d s" % timeout
    return p.returncode, p.stdout, p.stderr


CRASH = re.compile(r"Stack dump|Assertion|Segmentation|Aborted|"
                   r"UNREACHABLE|LLVM ERROR|AddressSanitizer|runtime error")


def measured_peak(text):
    m = re.search(r"measured peak (\d+) B", text)
    return int(m.group(1)) if m else None


def check_graph(index, seed, args):
    """Runs one graph; returns (index, failures, counters)."""
    rng = random.Random(seed * 1000003 + index)
    dtype = rng.choices(["f32", "f16", "bf16"], weights=[6, 2, 2])[0]
    graph = Graph(rng, dtype)
    text = graph.build(rng.randint(4, args.max_ops))
    work = tempfile.mkdtemp(prefix="remat-difftest-")
    fwd = os.path.join(work, "g.mlir")
    open(fwd, "w").write(text)
    failures = []
    counts = {"plans": 0, "reused": 0, "infeasible": 0, "gradients": 0,
              "unresolved": 0}
    # remat-run's verdict on each planned module, by its text: solvers often
    # return the same plan (every one at the unplanned peak), and the same
    # module compiles to the same code, gives the same outputs and the same
    # measured peak, so it runs once. (Two thirds of the plans on seed 102.)
    verdicts = {}
    opt = os.path.join(args.bin, "remat-opt")
    runner = os.path.join(args.bin, "remat-run")

    def fail(what, out=""):
        lines = out.strip().splitlines()
        useful = [l for l in lines if re.search(
            r"error|FAIL|memory:|Assertion|Stack dump|timed out", l)]
        tail = "\n".join((useful or lines)[-6:])
        failures.append("%s\n%s" % (what, tail))

    grad = os.path.join(work, "grad.mlir")
    rc, out, err = run([opt, fwd, "-remat-autodiff", "-o", grad])
    if rc != 0:
        fail("remat-autodiff failed (rc %d)" % rc, err)
        return finish(index, work, text, failures, counts, args)
    ref = os.path.join(work, "ref")
    rc, out, err = run([runner, grad, "--print=0", "--save-outputs=" + ref])
    if rc != 0:
        fail("the unplanned step failed to run (rc %d)" % rc, err + out)
        return finish(index, work, text, failures, counts, args)
    # Gradients against finite differences on a sample of smooth f32 graphs.
    if (dtype == "f32" and not graph.kinks and not graph.random and
            index % args.fd_every == 0):
        check = [runner, grad, "--check-gradients", "--print=0",
                 "--fd-atol=1e-4"]
        rc, out, err = run(check)
        verdicts = gradient_verdicts(out)
        unresolved = [a for a, l in verdicts.items() if "cannot resolve" in l]
        if unresolved:
            # The loss barely moves along those arguments at the default
            # step: a larger one for them alone. (The others keep their
            # verdict at the default step: at 0.1 the curvature of a smooth
            # loss alone puts central differences off by a few percent.)
            rc2, out2, err2 = run(check + ["--fd-epsilon=0.1"])
            retried = gradient_verdicts(out2)
            for a in unresolved:
                verdicts[a] = retried.get(a, verdicts[a])
            out, err = out + out2, err + err2
        failed = [l for l in verdicts.values() if "FAILED" in l]
        wrong = [l for l in failed if "cannot resolve" not in l]
        if wrong or (rc != 0 and not verdicts):
            fail("gradients disagree with finite differences",
                 "\n".join(wrong) if wrong else out + err)
        elif failed:
            counts["unresolved"] += 1
        else:
            counts["gradients"] += 1
    # Budgets between the smallest peak the greedy reaches and the
    # unplanned peak, in bytes, plus one below it now and then (which must
    # be reported infeasible, never crash).
    report = os.path.join(work, "floor.json")
    rc, out, err = run([opt, grad, "-remat-rematerialize=budget=1B "
                        "solver=greedy best-effort report=" + report,
                        "-o", os.devnull])
    if rc != 0:
        fail("remat-rematerialize best-effort failed (rc %d)" % rc, err)
        return finish(index, work, text, failures, counts, args)
    floor = json.load(open(report))["functions"][0]
    # The floor the solvers can plan to is the greedy's peak in their own
    # model (solver_peak); the compiled step may need less (peak_after).
    low, high = floor["solver_peak"], floor["peak_before"]
    budgets = sorted({int(low + f * (high - low)) for f in
                      [0.0, 1.0] + [rng.random() for _ in range(args.budgets)]},
                     reverse=True)
    if rng.random() < 0.3:
        budgets.append(max(1, low - 1 - rng.randrange(max(1, low // 4))))
    for solver in SOLVERS:
        if solver == "exact" and not args.exact:
            continue
        previous = None
        for budget in budgets:
            plan = os.path.join(work, "plan-%s-%d.mlir" % (solver, budget))
            report = os.path.join(work, "plan-%s-%d.json" % (solver, budget))
            options = "budget=%dB solver=%s time-limit=%g report=%s" % (
                budget, solver, args.time_limit, report)
            rc, out, err = run([opt, grad, "-remat-rematerialize=" + options,
                                "-o", plan])
            if CRASH.search(err):
                fail("remat-rematerialize crashed (%s)" % options, err)
                continue
            if rc != 0:
                if "is infeasible" in err and budget < low:
                    counts["infeasible"] += 1
                    continue
                if "is infeasible" in err:
                    fail("%s: budget %d B infeasible, though the greedy "
                         "reaches %d B" % (solver, budget, low), err)
                    continue
                fail("remat-rematerialize failed (%s)" % options, err)
                continue
            with open(plan, "rb") as f:
                key = hashlib.sha256(f.read()).hexdigest()
            if key in verdicts:
                counts["reused"] += 1
            else:
                verdicts[key] = run([runner, plan, "--print=0",
                                     "--check-memory=0.05",
                                     "--expect-outputs=" + ref])
            rc, out, err = verdicts[key]
            counts["plans"] += 1
            if rc != 0 or "FAIL" in out or "PASS memory" not in out:
                fail("the step planned with %s differs or exceeds its plan"
                     % options, out + err)
                continue
            peak = measured_peak(out)
            # Peaks are monotone in the budget where a solver promises it:
            # the greedy always, the exact solver between plans whose peak
            # it proved the smallest among the cheapest plans
            # (peak_minimized: its second MILP finished within the time
            # limit). The time-limited search, and auto, which runs it or
            # an unproven exact solve, promise nothing.
            facts = json.load(open(report))["functions"][0]
            monotone = solver == "greedy" or (
                solver == "exact" and facts.get("peak_minimized"))
            if previous and peak is not None and previous[1] is not None and \
                    peak > previous[1]:
                fail("%s: budget %d B measured %d B, more than budget %d B's "
                     "%d B" % (solver, budget, peak, previous[0], previous[1]))
            previous = (budget, peak) if monotone else None
    return finish(index, work, text, failures, counts, args)


def gradient_verdicts(out):
    """remat-run --check-gradients's verdict line for each argument."""
    verdicts = {}
    for line in out.splitlines():
        m = re.match(r"gradient check @\S+ wrt (\d+): ", line)
        if m:
            verdicts[int(m.group(1))] = line
    return verdicts


def finish(index, work, text, failures, counts, args):
    if failures and args.keep:
        dest = os.path.join(args.keep, "graph-%d" % index)
        shutil.rmtree(dest, ignore_errors=True)
        shutil.copytree(work, dest)
        open(os.path.join(dest, "FAILED.txt"), "w").write(
            "\n\n".join(failures) + "\n")
    shutil.rmtree(work, ignore_errors=True)
    return index, failures, counts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--max-ops", type=int, default=24)
    parser.add_argument("--budgets", type=int, default=2,
                        help="random budgets per graph and solver, besides "
                        "the greedy's floor and the unplanned peak")
    parser.add_argument("--time-limit", type=float, default=2.0,
                        help="time-limit= of the exact and search solvers")
    parser.add_argument("--fd-every", type=int, default=3,
                        help="check gradients on every Nth eligible graph")
    parser.add_argument("--no-exact", dest="exact", action="store_false",
                        help="skip solver=exact (CBC not built)")
    parser.add_argument("--bin", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "build", "bin"))
    parser.add_argument("--keep", default="",
                        help="copy failing graphs here")
    parser.add_argument("--print-graph", type=int, default=-1,
                        help="print graph N and exit")
    parser.add_argument("--only", default="",
                        help="check only these graphs (comma-separated "
                        "indices under --seed), e.g. to rerun failures")
    args = parser.parse_args()
    if args.print_graph >= 0:
        rng = random.Random(args.seed * 1000003 + args.print_graph)
        dtype = rng.choices(["f32", "f16", "bf16"], weights=[6, 2, 2])[0]
        print(Graph(rng, dtype).build(rng.randint(4, args.max_ops)))
        return 0
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
    totals = {"plans": 0, "reused": 0, "infeasible": 0, "gradients": 0,
              "unresolved": 0}
    failed = 0
    indices = ([int(i) for i in args.only.split(",")] if args.only
               else range(args.count))
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(check_graph, i, args.seed, args)
                   for i in indices]
        for future in concurrent.futures.as_completed(futures):
            index, failures, counts = future.result()
            for key in totals:
                totals[key] += counts[key]
            if failures:
                failed += 1
                print("FAIL graph %d (seed %d):" % (index, args.seed))
                for f in failures:
                    print("  " + f.replace("\n", "\n    "))
                sys.stdout.flush()
    print("difftest: %d graphs, %d passed, %d failed; %d planned steps run "
          "bitwise and within their plans (%d of them the same module as "
          "one already run, not run again), %d budgets reported infeasible, "
          "%d gradient checks passed (%d that finite differences could not "
          "resolve)" % (len(indices), len(indices) - failed, failed,
                        totals["plans"], totals["reused"],
                        totals["infeasible"], totals["gradients"],
                        totals["unresolved"]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
