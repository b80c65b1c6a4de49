#!/usr/bin/python3
"""Deep scans in every remat mode: memory and step time against N.

A deep MLP written as one remat.scan over N layers of width 64 (carry
[64, 64] f32, per layer matmul, scale 0.25, bias add, tanh; loss
sum(h * h)) is differentiated with remat-autodiff in each scan mode (none,
full, nested with its default block, offload, revolve with its default
slots), planned with
remat-rematerialize at 100%, and run with remat-run --check-memory=0.05;
then as mode <auto> at budgets given as shares of none's planned peak
(remat-autodiff{budget=B} picks the mode, remat-rematerialize{budget=B}
plans: the same budget in bytes to both; offload is a candidate of auto
only with --allow-offload, as in the passes). Per run: measured device peak
(and host peak), whether it is within 5% of the plan and under the budget,
activation bytes (the peak less the arguments and the returned gradients),
and the step's fastest CPU time, beside the predictions (carries kept,
forward evaluations: 3NF / 4NF / 5NF for none / full / nested, and for
revolve with s slots about (3 + t(N, s) / N) NF, t Revolve's closed form: the
forward scan runs the first N - 1 of its steps, to its last checkpoint near
layer N, while computing the output).

The arguments are generated here (numpy, seeded): orthogonal layers
(W = 4 Q, the body scales by 0.25), zero biases, x ~ N(0, 0.25). With
remat-run's own uniform arguments the cotangent vanishes through the layers
and passes through the subnormal range, whose arithmetic is ~100x slower on
x86 (the compiled code does not flush denormals): from about 500 layers on
every step pays ~130 ms for it, which would hide what the modes cost.

Prints the markdown tables of docs/performance.md ("Deep scans"), the
machine first.

  bench/scan_bench.py [--sizes 100,1000,10000] [--rounds 3] [--repeat R]
                      [--budgets 90%,60%] [--allow-offload]
  REMAT_BUILD_DIR=/path/to/build bench/scan_bench.py
"""

import argparse
import datetime
import json
import math
import os
import platform
import re
import subprocess
import sys
import tempfile

import numpy as np

from hostinfo import cpu_model_and_flags

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.environ.get("REMAT_BUILD_DIR", os.path.join(ROOT, "build"))
REMAT_OPT = os.path.join(BUILD, "bin", "remat-opt")
REMAT_RUN = os.path.join(BUILD, "bin", "remat-run")
ENTRY = "deep_scan_grad"
FIXED = ("none", "full", "nested", "offload", "revolve")
MIB = float(2**20)


def run(command):
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit("%s failed (%d):\n%s%s" % (" ".join(command),
                                             result.returncode, result.stdout,
                                             result.stderr))
    return result


def machine():
    model, flags = cpu_model_and_flags()
    return "%s, %d cores, avx512f %s; %s; load average %s" % (
        model, os.cpu_count(), "yes" if "avx512f" in flags else "no",
        platform.platform(), " ".join("%.2f" % x for x in os.getloadavg()))


def commit():
    try:
        out = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short",
                              "HEAD"], capture_output=True, text=True)
        return out.stdout.strip() or "?"
    except OSError:
        return "?"


def model_text(n, mode, batch, width):
    c = "tensor<%dx%dxf32>" % (batch, width)
    w = "tensor<%dx%dxf32>" % (width, width)
    b = "tensor<%dxf32>" % width
    ws = "tensor<%dx%dx%dxf32>" % (n, width, width)
    bs = "tensor<%dx%dxf32>" % (n, width)
    return f"""// {n} layers of width {width}, scan mode {mode} (bench/scan_bench.py)
func.func @deep_scan(%x: {c}, %ws: {ws}, %bs: {bs}) -> tensor<f32> {{
  %h = remat.scan mode <{mode}> (%c = %x : {c}) over (%w = %ws : {ws}, %b = %bs : {bs}) -> ({c}) {{
    %m = remat.matmul %c, %w : {c}, {w} -> {c}
    %s = remat.scale %m, 0.25 : {c}
    %bb = remat.broadcast %b dims [1] : {b} -> {c}
    %a = remat.add %s, %bb : {c}
    %t = remat.tanh %a : {c}
    remat.yield %t : {c}
  }}
  %sq = remat.mul %h, %h : {c}
  %l = remat.reduce_sum %sq dims [0, 1] : {c} -> tensor<f32>
  return %l : tensor<f32>
}}
"""


def write_inputs(n, batch, width, prefix):
    """Seeded arguments that keep values and cotangents normal floats."""
    rng = np.random.default_rng(n)
    x = (0.5 * rng.standard_normal((batch, width))).astype(np.float32)
    q, _ = np.linalg.qr(rng.standard_normal((n, width, width)))
    ws = (4.0 * q).astype(np.float32)
    bs = np.zeros((n, width), np.float32)
    paths = []
    for i, array in enumerate((x, ws, bs)):
        paths.append("%s%d.npy" % (prefix, i))
        np.save(paths[-1], array)
    return ",".join(paths)


def nested_block(n):
    """remat::nestedBlockSize's default: the divisor d of N with the fewest
    N/d + d carries (the larger on ties), unless ceil(sqrt(N)) keeps a
    quarter fewer."""
    root = math.isqrt(n - 1) + 1 if n > 1 else 1
    best = 1
    k = 1
    while k * k <= n:
        if n % k == 0:
            for d in (k, n // k):
                if (n // d + d < n // best + best or
                        (n // d + d == n // best + best and d > best)):
                    best = d
        k += 1
    if 4 * (n // best + best) <= 5 * (n // root + root):
        return best
    return root


def revolve_slots(n):
    """remat::defaultRevolveSlots: the fewest s with C(s + 2, 2) >= N."""
    s = 1
    while (s + 2) * (s + 1) // 2 < n:
        s += 1
    return max(1, min(s, n - 1))


def revolve_steps(n, s):
    """Revolve's t(N, s) = r N - C(s + r, s + 1), r the least with
    C(s + r, s) >= N: the forward steps its schedule advances."""
    r = 0
    while math.comb(s + r, s) < n:
        r += 1
    return r * n - math.comb(s + r, s + 1)


def plan(source, out, budget, autodiff_budget=None, allow_offload=False):
    """remat-autodiff (with a budget for auto scans) then
    remat-rematerialize; returns (report function, autodiff stderr)."""
    report = out + ".json"
    autodiff = "-remat-autodiff"
    if autodiff_budget is not None:
        autodiff += "=budget=%s%s" % (autodiff_budget,
                                      " allow-offload" if allow_offload
                                      else "")
    result = run([REMAT_OPT, source, autodiff,
                  "-remat-rematerialize=functions=%s budget=%s report=%s" %
                  (ENTRY, budget, report), "-o", out])
    with open(report) as handle:
        return json.load(handle)["functions"][0], result.stderr


def parse_auto(stderr):
    """(chosen mode, {mode: (peak text, cost)}, fits) from the remark or
    warning remat-autodiff writes on an auto scan."""
    strip = lambda m: re.sub(r"#remat\.scan_mode<(.*)>", r"\1", m)
    chosen = re.search(r"auto chose (\S+(?: \d+>)?) under", stderr)
    fits = chosen is not None
    if not chosen:
        chosen = re.search(r"the smallest peak, .*?, is with (\S+(?: \d+>)?);",
                           stderr)
    candidates = {}
    for mode, peak, cost in re.findall(
            r"^  (#remat\.scan_mode<[^>]*>): peak ([^,]+), cost (\S+)$",
            stderr, re.M):
        candidates[strip(mode)] = (peak, float(cost))
    return strip(chosen.group(1)) if chosen else "?", candidates, fits


def forward_ms(source, inputs, repeat):
    """Fastest CPU time of the forward alone (@deep_scan): N F."""
    out = run([REMAT_RUN, source, "--entry=deep_scan", "--print=0",
               "--repeat", str(repeat), "--inputs=" + inputs]).stdout
    return float(re.search(r"cpu time: ([\d.]+) ms min", out).group(1))


def measure(step, inputs, repeat):
    out = run([REMAT_RUN, step, "--entry=" + ENTRY, "--print=0",
               "--repeat", str(repeat), "--inputs=" + inputs,
               "--check-memory=0.05"]).stdout
    memory = re.search(r"memory: measured peak (\d+) B.*host peak (\d+) B"
                       r"(?: \(planned \d+ B\))?; "
                       r"planned peak (\d+) B", out)
    return {
        "cpu": float(re.search(r"cpu time: ([\d.]+) ms min", out).group(1)),
        "peak": int(memory.group(1)),
        "host": int(memory.group(2)),
        "planned": int(memory.group(3)),
        "check": re.search(r"^(PASS|FAIL) memory", out, re.M).group(1),
    }


def step_code(path):
    """@deep_scan_grad's text without its budget attribute: two steps with
    the same code are the same program."""
    with open(path) as handle:
        text = handle.read()
    text = text[text.index("func.func @" + ENTRY):]
    return re.sub(r"remat\.budget = \d+ : i64, ", "", text)


def mib(value):
    return "%.2f MiB" % (value / MIB)


def bench_size(n, args, scratch):
    batch, width = args.batch, args.width
    carry = 4 * batch * width
    # Arguments x, ws, bs, and their gradients, returned by the step.
    resident = 2 * 4 * (batch * width + n * width * width + n * width)
    inputs = write_inputs(n, batch, width, os.path.join(scratch, "in%d_" % n))
    k = nested_block(n)
    configs = []  # (label, mode, step path, report, budget bytes or None, auto)
    for mode in FIXED:
        source = os.path.join(scratch, "n%d_%s.mlir" % (n, mode))
        with open(source, "w") as handle:
            handle.write(model_text(n, mode, batch, width))
        step = source.replace(".mlir", ".step.mlir")
        report, _ = plan(source, step, "100%")
        label = ("nested %d" % k if mode == "nested" else
                 "revolve %d" % revolve_slots(n) if mode == "revolve" else
                 mode)
        configs.append([label, mode, step, report, None, None])
    none_peak = configs[0][3]["peak_after"]
    source = os.path.join(scratch, "n%d_auto.mlir" % n)
    with open(source, "w") as handle:
        handle.write(model_text(n, "auto", batch, width))
    for share in args.budgets.split(","):
        budget = int(float(share.rstrip("%")) / 100 * none_peak)
        step = os.path.join(scratch, "n%d_auto_%s.step.mlir" %
                            (n, share.rstrip("%")))
        report, stderr = plan(source, step, str(budget), str(budget),
                              args.allow_offload)
        configs.append(["auto @ %s" % share, "auto", step, report, budget,
                        parse_auto(stderr)])
    results = [[] for _ in configs]
    repeat = args.repeat or max(5, 50000 // n)
    forward = []
    for _ in range(args.rounds):  # alternate: a slow spell hits every mode
        forward.append(forward_ms(configs[0][2].replace(".step", ""), inputs,
                                  repeat))
        for i, config in enumerate(configs):
            results[i].append(measure(config[2], inputs, repeat))
    nf = min(forward)

    # Predictions: carries (C bytes each) the forward keeps for the backward.
    slots = revolve_slots(n)
    kept = {"none": 2 * n, "full": n, "nested": n // k + k + (n % k > 0),
            "offload": 0, "revolve": slots}
    kept_text = {"none": "2N = %d (c, tanh)" % (2 * n),
                 "full": "N = %d" % n,
                 "nested": "N/k + k = %d" % kept["nested"],
                 "offload": "0 (N = %d on host)" % n,
                 "revolve": "s = %d" % slots}
    evaluations = {"none": 3, "full": 4, "nested": 5, "offload": 4,
                   "revolve": 3 + revolve_steps(n, slots) / n}
    rows = []
    base_flops = configs[0][3]["flops_total"]
    for config, measured in zip(configs, results):
        label, mode, _, report, budget, auto = config
        best = min(measured, key=lambda m: m["cpu"])
        first = measured[0]
        rows.append(dict(label=label, mode=mode, report=report, budget=budget,
                         code=step_code(config[2]),
                         auto=auto, cpu=best["cpu"], peak=first["peak"],
                         host=first["host"], planned=first["planned"],
                         check="PASS" if all(m["check"] == "PASS"
                                             for m in measured) else "FAIL",
                         activations=first["peak"] - resident))
    none_cpu = rows[0]["cpu"]

    print("#### N = %d (nested block k = %d; carry C = %d B; arguments and "
          "gradients %s; forward alone NF = %.1f ms; %d rounds x %d calls)\n"
          % (n, k, carry, mib(resident), nf, args.rounds, repeat))
    print("| mode | peak (measured) | vs plan | host peak | activations | "
          "predicted: carries kept | predicted activations | step ms | "
          "predicted compute | predicted ms | time / none (predicted) | "
          "modelled FLOPs / none |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        mode = row["mode"]
        chosen = row["auto"][0] if row["auto"] else None
        basis = (chosen.split()[0] if chosen else mode)
        if mode == "auto":
            label = "%s (%s B) -> %s%s" % (
                row["label"], row["budget"], chosen,
                "" if row["auto"][2] else ", none fits")
        else:
            label = row["label"]
        if basis == "revolve" and chosen:
            chosen_slots = int(chosen.split()[1]) if len(chosen.split()) > 1 \
                else slots
            kept["revolve"] = chosen_slots
            evaluations["revolve"] = 3 + revolve_steps(n, chosen_slots) / n
        predicted = kept.get(basis)
        print("| %s | %s | %s %.4f | %s | %s | %s | %s | %.1f | %s | %s | "
              "%.2f (%s) | %.2f |" % (
                  label, mib(row["peak"]), row["check"],
                  row["peak"] / row["planned"],
                  mib(row["host"]) if row["host"] else "0",
                  mib(row["activations"]),
                  kept_text.get(basis, "?") if mode != "auto" else "as " + basis,
                  mib(predicted * carry) if predicted is not None else "?",
                  row["cpu"],
                  ("%sNF" % ("%d" % evaluations[basis]
                              if basis != "revolve" else
                              "~%.2f" % evaluations[basis]))
                  if basis in evaluations else "?",
                  "%.1f" % (evaluations[basis] * nf)
                  if basis in evaluations else "?",
                  row["cpu"] / none_cpu,
                  "%.2f" % (evaluations[basis] / 3)
                  if basis in evaluations else "?",
                  row["report"]["flops_total"] / base_flops))
    print()
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,1000,10000")
    parser.add_argument("--rounds", type=int, default=3,
                        help="alternating rounds over the modes")
    parser.add_argument("--repeat", type=int, default=0,
                        help="timed calls per remat-run (fastest CPU time); "
                        "default max(5, 50000 / N): about 2 s per run")
    parser.add_argument("--budgets", default="90%,60%",
                        help="auto budgets, shares of none's planned peak")
    parser.add_argument("--allow-offload", action="store_true",
                        help="let auto choose offload (remat-autodiff's "
                        "allow-offload)")
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--width", type=int, default=64)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    print("Machine: %s" % machine())
    print("Run: %s, commit %s; bench/scan_bench.py --sizes %s --rounds %d "
          "--repeat %s --budgets %s%s\n" % (
              datetime.date.today().isoformat(), commit(), args.sizes,
              args.rounds, args.repeat or "auto", args.budgets,
              " --allow-offload" if args.allow_offload else ""))
    all_rows = {}
    with tempfile.TemporaryDirectory() as scratch:
        for n in sizes:
            all_rows[n] = bench_size(n, args, scratch)

    # The goals of issue 9, item 7.
    print("#### Goals\n")
    by = {n: {r["mode"] if r["mode"] != "auto" else r["label"]: r
              for r in rows} for n, rows in all_rows.items()}
    small, large = min(sizes), max(sizes)
    nested, none, full = (by[large]["nested"], by[small]["none"],
                          by[large]["full"])
    ratio = nested["activations"] / none["activations"]
    print("- nested at N = %d keeps %s of activations, %.2fx none's at "
          "N = %d (%s): goal <= 2x %s." % (
              large, mib(nested["activations"]), ratio, small,
              mib(none["activations"]), "met" if ratio <= 2 else "NOT met"))
    ratio = nested["cpu"] / full["cpu"]
    print("- its step takes %.1f ms, %.2fx full's at N = %d (%.1f ms): goal "
          "<= 1.3x %s." % (nested["cpu"], ratio, large, full["cpu"],
                           "met" if ratio <= 1.3 else "NOT met"))
    for n, rows in all_rows.items():
        # The fixed modes auto chooses among.
        fixed = [r for r in rows if r["mode"] != "auto" and
                 (args.allow_offload or r["mode"] != "offload")]
        for row in rows:
            if row["mode"] != "auto":
                continue
            fitting = [r for r in fixed if r["peak"] <= row["budget"]]
            if not fitting:
                print("- N = %d, %s: no fixed mode fits %s; auto ran %s in "
                      "%s, %.1f ms." % (n, row["label"], mib(row["budget"]),
                                        row["auto"][0], mib(row["peak"]),
                                        row["cpu"]))
                continue
            best = min(fitting, key=lambda r: r["cpu"])
            same = [r for r in fixed if r["code"] == row["code"]]
            ratio = row["cpu"] / best["cpu"]
            text = ("- N = %d, %s (%s): fixed modes that fit: %s; fastest %s "
                    "(%.1f ms); auto chose %s: %.1f ms, %.3fx" % (
                        n, row["label"], mib(row["budget"]),
                        ", ".join(r["label"] for r in fitting), best["label"],
                        best["cpu"], row["auto"][0], row["cpu"], ratio))
            if same:
                # The same program: compare it as measured in its fixed run
                # too (both are the same code; the spread is noise).
                text += ("; its step is the code of fixed %s (%.1f ms, "
                         "%.3fx)" % (same[0]["label"], same[0]["cpu"],
                                     same[0]["cpu"] / best["cpu"]))
                ratio = min(ratio, same[0]["cpu"] / best["cpu"])
            print(text + ": %s." % (
                "at least as cheap" if ratio <= 1.02 else
                "costlier than %s" % best["label"]))
    print("\n(at least as cheap: within 2%, the spread of repeated runs.)")


if __name__ == "__main__":
    main()
