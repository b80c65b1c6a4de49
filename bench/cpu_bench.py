#!/usr/bin/python3
"""The CPU code's benchmarks, each against a peer measured in the same run.

Each section runs once per kind of x86-64 CPU the host can run code for
(AVX-512, AVX2): remat's kernels for that kind (remat-lower-cpu
cpu=skylake-avx512 / haswell) against the peers' kernels for it
(OPENBLAS_CORETYPE=SkylakeX / Haswell, ATEN_CPU_CAPABILITY=avx512 / avx2),
so that an AVX-512 host also measures the AVX2 code beside AVX2 peers.

1. f32 matmul GFLOP/s at 256, 512 and 1024 (square; A B, A B^T, A^T B and
   a batch of 8): remat's kernel against OpenBLAS sgemm on one thread
   (remat-bench-matmul); and 3x3 convolutions (64, 128, 256 channels at
   56, 28, 14 pixels square) against sgemm on their im2col matrices.
2. Training-step time of examples/{mlp,transformer,convnet}.mlir
   (remat-opt -remat-autodiff, then remat-run --entry=<model>_grad) against
   the same models in PyTorch (bench/torch_models.py), one thread each.
3. What rematerialization costs: bench/models/deep_mlp.mlir planned at
   100%, 50% and 30% of its unconstrained peak (greedy solver), measured
   time over the 100% plan beside the FLOPs the plan adds
   (flops_added / flops_total from the rematerialize report).

Runs alternate between remat and its peer (rounds), and every figure is the
fastest CPU time of the calling thread (remat-run) or process (PyTorch):
the machine is shared, and wall time then includes waiting for the core.
Prints markdown tables (the machine first) for docs/performance.md.

  bench/cpu_bench.py [--rounds 3] [--repeat 10] [--only matmul,steps,remat]
                     [--kinds avx512,avx2]
  REMAT_BUILD_DIR=/path/to/build bench/cpu_bench.py
"""

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import tempfile

from hostinfo import cpu_model_and_flags

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.environ.get("REMAT_BUILD_DIR", os.path.join(ROOT, "build"))
PYTHON = "/usr/bin/python3"  # the interpreter with Debian's python3-torch
ONE_THREAD = {"OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1",
              "MKL_NUM_THREADS": "1"}


def run(command, env=None, **kwargs):
    full_env = dict(os.environ)
    full_env.update(env or {})
    result = subprocess.run(command, env=full_env, capture_output=True,
                            text=True, **kwargs)
    if result.returncode != 0:
        sys.exit("%s failed:\n%s%s" % (" ".join(command), result.stdout,
                                        result.stderr))
    return result.stdout


# The kinds of x86-64 host the kernels are written for: remat's kernels for
# it (remat-lower-cpu cpu=), and the peers' matching choices (OpenBLAS's
# core type, PyTorch's ATen CPU capability).
KINDS = (
    ("AVX-512", "skylake-avx512", "SkylakeX", "avx512", {"avx512f"}),
    ("AVX2", "haswell", "Haswell", "avx2", {"avx2", "fma"}),
)


def kinds(args):
    """The kinds this host can run (forcing a kind on a CPU without its
    instructions dies of an illegal instruction), AVX-512 first; --kinds
    selects among them."""
    _, flags = cpu_model_and_flags()
    wanted = args.kinds.split(",") if args.kinds else None
    return [k for k in KINDS if k[4] <= flags and
            (wanted is None or k[0].lower().replace("-", "") in wanted)]


def peer_env(kind):
    env = dict(ONE_THREAD)
    env["OPENBLAS_CORETYPE"] = kind[2]
    env["ATEN_CPU_CAPABILITY"] = kind[3]
    return env


def machine():
    model, flags = cpu_model_and_flags()
    family = re.search(r"cpu family\s*:\s*(\d+)",
                       open("/proc/cpuinfo").read())
    simd = "AVX-512" if "avx512f" in flags else (
        "AVX2" if "avx2" in flags else "SSE")
    features = " ".join(f for f in ("avx2", "fma", "avx512f", "avx512bw",
                                    "avx512vl", "avx512_bf16", "amx_tile")
                        if f in flags)
    return "%s (family %s), %d cores, %s (%s); %s" % (
        model, family.group(1) if family else "?", os.cpu_count(), simd,
        features, platform.platform())


#===----------------------------------------------------------------------===#
# 1. matmul against OpenBLAS
#===----------------------------------------------------------------------===#

FORMS = {"nn": "A B", "nt": "A B^T", "tn": "A^T B", "bnn": "8 x A B"}


def matmul_section(args):
    binary = os.path.join(BUILD, "bench", "remat-bench-matmul")
    if not os.path.exists(binary):
        print("(remat-bench-matmul was not built: no OpenBLAS)\n")
        return
    for kind in kinds(args):
        results = {}
        out = run([binary, "--cpu=" + kind[1], "--benchmark_format=json",
                   "--benchmark_repetitions=%d" % max(3, args.rounds),
                   "--benchmark_enable_random_interleaving=true",
                   "--benchmark_report_aggregates_only=true"],
                  env=peer_env(kind))
        for bench in json.loads(out)["benchmarks"]:
            if bench.get("aggregate_name") != "median":
                continue
            name, size = bench["run_name"].split("/")
            results[(name, int(size))] = bench["GFLOP/s"] / 1e9
        print("%s kernels: remat-lower-cpu cpu=%s against OpenBLAS "
              "OPENBLAS_CORETYPE=%s.\n" % (kind[0], kind[1], kind[2]))
        print("| form | size | remat GFLOP/s | OpenBLAS GFLOP/s | "
              "remat / OpenBLAS |")
        print("|---|---|---|---|---|")
        for form, what in FORMS.items():
            for size in (256, 512, 1024):
                ours = results.get(("remat_matmul_" + form, size))
                peer = results.get(("openblas_sgemm_" + form, size))
                if ours is None or peer is None:
                    continue
                print("| %s | %d | %.0f | %.0f | %.2f |" %
                      (what, size, ours, peer, ours / peer))
        print()
        print("3x3 convolutions (stride 1, padding 1, 4 images) against "
              "sgemm on their im2col matrices (the GEMM alone).\n")
        print("| channels x pixels | remat GFLOP/s | OpenBLAS GFLOP/s | "
              "remat / OpenBLAS |")
        print("|---|---|---|---|")
        for channels, size in ((64, 56), (128, 28), (256, 14)):
            ours = results.get(("remat_conv3x3", channels))
            peer = results.get(("openblas_sgemm_conv3x3", channels))
            if ours is None or peer is None:
                continue
            print("| %d x %dx%d | %.0f | %.0f | %.2f |" %
                  (channels, size, size, ours, peer, ours / peer))
        print()


#===----------------------------------------------------------------------===#
# 2. training steps against PyTorch
#===----------------------------------------------------------------------===#

def remat_step_ms(path, entry, repeat, cpu="host"):
    """(fastest CPU ms, median wall ms) of remat-run on `path`."""
    out = run([os.path.join(BUILD, "bin", "remat-run"), path,
               "--entry=" + entry, "--repeat", str(repeat), "--print=0",
               "--cpu=" + cpu])
    cpu = float(re.search(r"cpu time: ([\d.]+) ms min", out).group(1))
    wall = float(re.search(r"([\d.]+) ms median over", out).group(1))
    return cpu, wall


def torch_step_ms(model, repeat, kind, forced=True):
    """PyTorch's step with its kernels for `kind` forced, or with what it
    and OpenBLAS choose themselves (`forced=False`)."""
    out = run([PYTHON, os.path.join(ROOT, "bench", "torch_models.py"), model,
               "--repeat", str(repeat), "--threads", "1"],
              env=peer_env(kind) if forced else ONE_THREAD)
    cpu = float(re.search(r"cpu time min ([\d.]+) ms", out).group(1))
    wall = float(re.search(r"median ([\d.]+) ms over", out).group(1))
    version = re.search(r"torch (\S+)", out).group(1)
    return cpu, wall, version


def autodiff(model_path, out_path, extra=()):
    run([os.path.join(BUILD, "bin", "remat-opt"), model_path,
         "-remat-autodiff", *extra, "-o", out_path])


def same_step(model, path, scratch):
    """The largest relative difference between remat's loss and gradients
    and PyTorch's on the same arguments."""
    prefix = os.path.join(scratch, model)
    run([os.path.join(BUILD, "bin", "remat-run"), path,
         "--entry=%s_grad" % model, "--print=0",
         "--save-inputs=%s.in" % prefix, "--save-outputs=%s.out" % prefix])
    out = run([PYTHON, os.path.join(ROOT, "bench", "torch_models.py"), model,
               "--check", prefix], env=ONE_THREAD)
    return float(re.search(r"difference to PyTorch (\S+)", out).group(1))


def steps_section(args, scratch):
    print("| model | kernels | remat ms | PyTorch ms | PyTorch / remat | "
          "loss and gradients vs PyTorch |")
    print("|---|---|---|---|---|---|")
    version = "?"
    for model in ("mlp", "transformer", "convnet"):
        path = os.path.join(scratch, model + "_grad.mlir")
        autodiff(os.path.join(ROOT, "examples", model + ".mlir"), path)
        difference = same_step(model, path, scratch)
        for kind in kinds(args):
            ours, peer = [], []
            for _ in range(args.rounds):
                ours.append(remat_step_ms(path, model + "_grad", args.repeat,
                                          kind[1])[0])
                cpu, _, version = torch_step_ms(model, args.repeat, kind)
                peer.append(cpu)
                if kind is kinds(args)[0] and kind[0] == "AVX-512":
                    # On an AVX-512 host PyTorch's own choices are AVX-512
                    # class too, and sometimes faster than the forced ones.
                    cpu, _, version = torch_step_ms(model, args.repeat, kind,
                                                    forced=False)
                    peer.append(cpu)
            print("| %s | %s | %.1f | %.1f | %.2f | %.1e |" %
                  (model, kind[0], min(ours), min(peer),
                   min(peer) / min(ours), difference))
    print("\nPyTorch %s (Debian python3-torch), torch.set_num_threads(1); "
          "fastest CPU time of %d rounds x %d steps. Kernels: remat's "
          "(remat-run --cpu=skylake-avx512 / haswell) and PyTorch's "
          "(ATEN_CPU_CAPABILITY=avx512 / avx2, OPENBLAS_CORETYPE=SkylakeX / "
          "Haswell) for that kind of CPU; for AVX-512, PyTorch's figure is "
          "the faster of those and its own choices. The last column is the largest "
          "difference of the loss or any gradient, relative to its largest "
          "magnitude, on the same arguments (torch_models.py --check).\n" %
          (version, args.rounds, args.repeat))


#===----------------------------------------------------------------------===#
# 3. the cost of rematerialization
#===----------------------------------------------------------------------===#

def remat_section(args, scratch):
    model = os.path.join(ROOT, "bench", "models", "deep_mlp.mlir")
    plans = {}
    for budget in ("100%", "50%", "30%"):
        path = os.path.join(scratch, "deep_%s.mlir" % budget.rstrip("%"))
        report = path + ".json"
        autodiff(model, path, [
            "-remat-rematerialize=functions=deep_mlp_grad budget=%s "
            "solver=greedy report=%s" % (budget, report)])
        with open(report) as handle:
            function = json.load(handle)["functions"][0]
        if not function["feasible"]:
            sys.exit("deep_mlp at %s is infeasible" % budget)
        plans[budget] = (path, function, [])
    for _ in range(args.rounds):
        for budget, (path, _, times) in plans.items():
            times.append(remat_step_ms(path, "deep_mlp_grad",
                                       args.repeat)[0])
    base = min(plans["100%"][2])
    print("| budget | planned peak | predicted FLOP overhead | "
          "step ms | measured time overhead |")
    print("|---|---|---|---|---|")
    for budget, (_, function, times) in plans.items():
        predicted = function["flops_added"] / function["flops_total"]
        print("| %s | %.1f MiB | %.1f%% | %.1f | %.1f%% |" %
              (budget, function["peak_after"] / 2**20, 100 * predicted,
               min(times), 100 * (min(times) / base - 1)))
    print("\nbench/models/deep_mlp.mlir, remat-rematerialize{solver=greedy}; "
          "unconstrained peak %.1f MiB.\n" %
          (plans["100%"][1]["peak_before"] / 2**20))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--only", default="matmul,steps,remat")
    parser.add_argument("--kinds", default="",
                        help="kernel kinds to measure, of avx512,avx2 "
                             "(default: every kind the host can run)")
    args = parser.parse_args()
    sections = args.only.split(",")
    print("Machine: %s\n" % machine())
    with tempfile.TemporaryDirectory() as scratch:
        if "matmul" in sections:
            print("### f32 matmul against OpenBLAS sgemm (one thread)\n")
            matmul_section(args)
        if "steps" in sections:
            print("### Training steps against PyTorch (one thread)\n")
            steps_section(args, scratch)
        if "remat" in sections:
            print("### The cost of rematerialization\n")
            remat_section(args, scratch)


if __name__ == "__main__":
    main()
