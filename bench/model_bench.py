#!/usr/bin/python3
"""Remat's plans on real networks beside what PyTorch 1.13 users run today.

For each network (exported from PyTorch in training mode, imported with
remat-translate, differentiated with remat-autodiff, planned with
remat-opt -remat-rematerialize; nothing is executed on the remat side, the
memory model being checked against measured peaks by the test suite):

  - the unconstrained peak, and the smallest peak remat reaches (auto
    solver, best-effort);
  - at 70%, 50% and 30% of the unconstrained peak, for the greedy, search
    and exact solvers (exact with a time limit): the FLOPs added (as a share
    of the step's), whether the budget is met, the proven gap, solve time.

and on the PyTorch side, for the same module:

  - min_cut_rematerialization_partition (functorch's AOT autograd, the
    partitioner of torch.compile): the bytes its forward saves for the
    backward and the FLOPs its backward recomputes (matmuls and
    convolutions counted from their shapes, elementwise ops one per
    element), against the default partition's saved bytes;
  - torch.utils.checkpoint per block (ResNet's four stages, VGG's and
    MobileNetV2's feature layers, GPT-2's blocks): the measured peak (the
    process's peak RSS during a step minus its RSS with parameters and
    inputs resident, glibc's mmap threshold fixed so that freed tensors
    leave the RSS) and the CPU time of one step, beside the plain step's;
    remat's peaks are given above parameters and inputs too.

  /usr/bin/python3 bench/model_bench.py [--models resnet50,gpt2] [--quick]
      [--exact-time-limit 60] [--no-torch-run]

--quick uses small sizes (batch 2, 64 x 64 images, GPT-2 with T = 128), to
check the script. Prints one table per network, and the host's CPU.
Needs Debian's python3-torch, python3-torchvision and python3-onnx, and a
build of remat (REMAT_BUILD_DIR, default build/).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import warnings

import torch
import torch.nn.functional as F
import torchvision

warnings.filterwarnings("ignore")  # the exporter's notes on BN counters

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from hostinfo import cpu_model_and_flags  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "test", "Target", "ONNX", "Inputs"))
import make_torch_models  # noqa: E402

BIN = os.path.join(os.environ.get("REMAT_BUILD_DIR",
                                  os.path.join(ROOT, "build")), "bin")


# --- networks ----------------------------------------------------------------

class DoubleConv(torch.nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.body = torch.nn.Sequential(
            torch.nn.Conv2d(cin, cout, 3), torch.nn.ReLU(),
            torch.nn.Conv2d(cout, cout, 3), torch.nn.ReLU())

    def forward(self, x):
        return self.body(x)


class UNet(torch.nn.Module):
    """Ronneberger et al.'s U-Net: unpadded 3 x 3 convolutions, 2 x 2 max
    pools, 2 x 2 stride-2 transposed convolutions, skips cropped to size;
    572 x 572 in, 388 x 388 x classes out."""

    def __init__(self, classes=2, width=64):
        super().__init__()
        w = [width * 2**i for i in range(5)]
        self.down = torch.nn.ModuleList(
            [DoubleConv(3 if i == 0 else w[i - 1], w[i]) for i in range(5)])
        self.up = torch.nn.ModuleList(
            [torch.nn.ConvTranspose2d(w[i], w[i - 1], 2, stride=2)
             for i in range(4, 0, -1)])
        self.dec = torch.nn.ModuleList(
            [DoubleConv(w[i], w[i - 1]) for i in range(4, 0, -1)])
        self.head = torch.nn.Conv2d(w[0], classes, 1)

    def forward(self, x):
        skips = []
        for i, block in enumerate(self.down):
            x = block(x)
            if i < 4:
                skips.append(x)
                x = F.max_pool2d(x, 2)
        for up, dec in zip(self.up, self.dec):
            x = up(x)
            skip = skips.pop()
            off = (skip.shape[-1] - x.shape[-1]) // 2
            skip = skip[:, :, off:off + x.shape[-2], off:off + x.shape[-1]]
            x = dec(torch.cat([skip, x], dim=1))
        return self.head(x)


def network(name, quick):
    """(module, example input, labels, blocks for per-block checkpointing:
    a list of (prefix callable, list of blocks, suffix callable))."""
    batch, size = (2, 64) if quick else (8, 224)
    torch.manual_seed(0)
    if name in ("resnet50", "vgg16", "mobilenet_v2"):
        net = getattr(torchvision.models, name)(weights=None)
        if name == "mobilenet_v2":
            net.classifier[0].p = 0.0
        if name == "vgg16":
            # Dropout draws random masks; set to 0 so that both sides
            # compute the same step.
            for m in net.modules():
                if isinstance(m, torch.nn.Dropout):
                    m.p = 0.0
        x = torch.randn(batch, 3, size, size)
        labels = torch.randint(0, 1000, (batch,))
        return net, x, labels
    if name == "unet":
        size = 188 if quick else 572
        net = UNet(width=16 if quick else 64)
        x = torch.randn(1, 3, size, size)
        out = size - 184
        labels = torch.randint(0, 2, (1, out, out))
        return net, x, labels
    if name == "gpt2":
        t = 128 if quick else 1024
        # GPT-2 small: the GPT-2-style module the import tests export, at
        # 12 blocks, 768 wide, 12 heads and 50257 tokens.
        net = make_torch_models.TinyGpt(vocab=50257, d=768, heads=12, t=t,
                                        layers=2 if quick else 12)
        ids = torch.randint(0, 50257, (1, t))
        labels = torch.randint(0, 50257, (1, t))
        return net, ids, labels
    sys.exit("model_bench.py: unknown network " + name)


def loss_of(net, x, labels):
    logits = net(x)
    if logits.dim() == 4:  # U-Net: [N, classes, H, W] against [N, H, W]
        return F.cross_entropy(logits, labels)
    return F.cross_entropy(logits.reshape(-1, logits.shape[-1]),
                           labels.reshape(-1))


def blocks_of(name, net):
    """The network's repeated blocks, for torch.utils.checkpoint per
    block, as a list of modules applied in sequence (None when the
    network is not a plain sequence of them)."""
    if name == "resnet50":
        return [net.layer1, net.layer2, net.layer3, net.layer4]
    if name == "vgg16":
        return list(net.features)
    if name == "mobilenet_v2":
        return list(net.features)
    if name == "gpt2":
        return list(net.blocks)
    return None


# --- remat ---------------------------------------------------------------------

def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True,
                          **kw)


def remat_plans(name, net, x, labels, work, solvers, exact_limit):
    onnx_path = os.path.join(work, name + ".onnx")
    net.train()
    torch.onnx.export(net, x, onnx_path, input_names=["x"],
                      output_names=["logits"],
                      opset_version=17 if name == "gpt2" else 14,
                      training=torch.onnx.TrainingMode.TRAINING,
                      do_constant_folding=False)
    grad = os.path.join(work, name + "_grad.mlir")
    imported = run([os.path.join(BIN, "remat-translate"), "--import-onnx",
                    onnx_path, "--loss=cross-entropy", "--function-name=" +
                    name])
    run([os.path.join(BIN, "remat-opt"), "-", "-remat-autodiff", "-o", grad],
        input=imported.stdout)
    os.remove(onnx_path)

    def plan(options):
        report = os.path.join(work, "report.json")
        if os.path.exists(report):
            os.remove(report)
        start = time.time()
        done = subprocess.run(
            [os.path.join(BIN, "remat-opt"), grad, "-remat-rematerialize=" +
             options + " report=" + report, "-o", os.devnull],
            capture_output=True, text=True)
        seconds = time.time() - start
        if done.returncode != 0 or not os.path.exists(report):
            first = (done.stderr.strip().splitlines() or ["failed"])[0]
            return {"error": first[:160], "seconds": seconds}
        result = json.load(open(report))["functions"][0]
        result["seconds"] = seconds
        return result

    rows = {"floor": plan("budget=1% best-effort")}
    for budget in ("70%", "50%", "30%"):
        for solver in solvers:
            limit = " time-limit=%d" % exact_limit \
                if solver in ("exact", "search") else ""
            rows[(budget, solver)] = plan("budget=%s solver=%s%s" %
                                          (budget, solver, limit))
    return rows


# --- PyTorch -------------------------------------------------------------------

VIEWS = ("aten.t.", "aten.view.", "aten.transpose.", "aten.permute.",
         "aten.expand.", "aten.unsqueeze.", "aten.squeeze.", "aten.slice.",
         "aten.select.", "aten.detach.", "aten.alias.", "aten._unsafe_view.",
         "aten._reshape_alias.", "aten.split.", "aten.getitem")


def shape_of(node):
    meta = node.meta.get("tensor_meta") if hasattr(node, "meta") else None
    return tuple(meta.shape) if meta is not None and hasattr(meta, "shape") \
        else None


def numel(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def flops_of_aten(node):
    """FLOPs of one aten node of an FX graph, from its tensor metadata:
    matmuls and convolutions by their shapes, anything else one per output
    element, views none."""
    target = str(node.target)
    out = shape_of(node)
    if out is None or any(v in target + "." for v in VIEWS):
        return 0
    args = [shape_of(a) for a in node.args if hasattr(a, "meta")]
    if "convolution" in target and len(args) >= 2 and args[1]:
        w = args[1]
        return 2 * numel(out) * numel(w[1:])
    if any(k in target for k in ("aten.mm.", "aten.bmm.", "aten.addmm.")) \
            and args and args[-1]:
        return 2 * numel(out) * args[-1][-2]
    return numel(out)


def min_cut(net, x, labels):
    """What functorch's min-cut partition (and the default one) saves for
    the backward, in bytes (values computed by the forward: parameters,
    inputs and views of them are resident anyway), and the FLOPs its
    backward recomputes (the backward's ops that do not depend on a
    tangent)."""
    from functorch.compile import (aot_module, default_partition,
                                   min_cut_rematerialization_partition)
    results = {}
    for key, partition in (("mincut", min_cut_rematerialization_partition),
                           ("default", default_partition)):
        found = {}

        def record(slot):
            def compiler(gm, example_inputs):
                found.setdefault(slot, gm)
                return gm
            return compiler

        compiled = aot_module(net, fw_compiler=record("fw"),
                              bw_compiler=record("bw"),
                              partition_fn=partition)
        loss_of(compiled, x, labels).backward()
        net.zero_grad(set_to_none=True)
        fw, bw = found["fw"], found["bw"]
        fw_nodes = {n.name: n for n in fw.graph.nodes}
        saved_bytes = 0
        for n in bw.graph.nodes:
            if n.op != "placeholder" or n.name.startswith("tangents"):
                continue
            src = fw_nodes.get(n.name)
            if src is None or src.op == "placeholder" or \
                    any(v in str(src.target) + "." for v in VIEWS):
                continue
            meta = src.meta.get("tensor_meta")
            if meta is not None and hasattr(meta, "shape"):
                saved_bytes += numel(meta.shape) * \
                    torch.empty((), dtype=meta.dtype).element_size()
        tangent_dependent = set()
        recomputed = 0
        for n in bw.graph.nodes:
            if n.op == "placeholder":
                if n.name.startswith("tangents"):
                    tangent_dependent.add(n)
                continue
            if n.op != "call_function":
                continue
            if any(a in tangent_dependent for a in n.all_input_nodes):
                tangent_dependent.add(n)
            else:
                recomputed += flops_of_aten(n)
        results[key] = {"saved_bytes": saved_bytes,
                        "recomputed_flops": recomputed}
    return results


def peak_rss_step(kind, name, quick):
    """Runs two training steps in a fresh process, one thread; returns (the
    second step's peak RSS above its RSS before it, with parameters and
    inputs resident and no gradients, and the step's CPU seconds). glibc's
    mmap threshold is fixed so that freed tensors leave the RSS at once,
    and the peak is reset (/proc/self/clear_refs) before the step."""
    code = r"""
import resource, sys, time, torch
sys.path.insert(0, %r)
import model_bench as mb
torch.set_num_threads(1)
net, x, labels = mb.network(%r, %r)
net.train()
if %r == "block":
    import torch.utils.checkpoint as cp
    for b in mb.blocks_of(%r, net):
        b.forward = (lambda f: lambda *a: cp.checkpoint(
            f, *a, use_reentrant=False))(b.forward)
def rss(field):
    for line in open("/proc/self/status"):
        if line.startswith(field):
            return int(line.split()[1]) * 1024
# A first step initializes what PyTorch creates lazily (thread pools,
# kernel caches); its gradients are then freed.
mb.loss_of(net, x, labels).backward()
net.zero_grad(set_to_none=True)
import gc; gc.collect()
base = rss("VmRSS")
open("/proc/self/clear_refs", "w").write("5")  # resets VmHWM
start = time.process_time()
mb.loss_of(net, x, labels).backward()
seconds = time.process_time() - start
print(rss("VmHWM") - base, seconds)
""" % (HERE, name, quick, kind, name)
    env = dict(os.environ, MALLOC_MMAP_THRESHOLD_="65536",
               MALLOC_TRIM_THRESHOLD_="0", OMP_NUM_THREADS="1")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                         text=True, env=env)
    if out.returncode != 0:
        return None, (out.stderr.strip().splitlines() or ["failed"])[-1]
    peak, seconds = out.stdout.split()
    return int(peak), float(seconds)


# --- report --------------------------------------------------------------------

def mib(b):
    return "%.1f MiB" % (b / 2**20)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--models", default="resnet50,vgg16,mobilenet_v2,unet,gpt2")
    p.add_argument("--quick", action="store_true")
    p.add_argument("--solvers", default="greedy,search,exact")
    p.add_argument("--exact-time-limit", type=int, default=60)
    p.add_argument("--no-torch-run", action="store_true",
                   help="skip PyTorch's measured checkpointing runs")
    a = p.parse_args()
    model, flags = cpu_model_and_flags()
    print("host: %s, %s, %d CPUs" % (
        model, "AVX-512" if "avx512f" in flags else
        ("AVX2" if "avx2" in flags else "no AVX2"), os.cpu_count()))
    print("torch", torch.__version__, "torchvision", torchvision.__version__)
    work = tempfile.mkdtemp(prefix="remat-model-bench-")
    for name in a.models.split(","):
        net, x, labels = network(name, a.quick)
        print("\n## %s (input %s)" % (name, list(x.shape)))
        rows = remat_plans(name, net, x, labels, work,
                           a.solvers.split(","), a.exact_time_limit)
        floor = rows["floor"]
        if "error" in floor:
            print("remat: " + floor["error"])
            continue
        args = floor["split_at_peak"]["arguments"]
        print("remat: unconstrained peak %s (%s above parameters and "
              "inputs), smallest peak reached %s (%.0f%%; %s above), step "
              "%.1f GFLOP"
              % (mib(floor["peak_before"]), mib(floor["peak_before"] - args),
                 mib(floor["peak_after"]),
                 100.0 * floor["peak_after"] / floor["peak_before"],
                 mib(floor["peak_after"] - args),
                 floor["flops_total"] / 1e9))
        print("| budget | solver | met | peak | FLOPs added | gap | time |")
        print("|---|---|---|---|---|---|---|")
        for (budget, solver), r in ((k, v) for k, v in rows.items()
                                    if k != "floor"):
            if "error" in r:
                print("| %s | %s | no | - | - | - | %.1f s |" %
                      (budget, solver, r["seconds"]))
                continue
            gap = "optimal" if r.get("optimal") else (
                "%.1f%%" % (100 * r["gap"]) if r.get("gap") is not None
                else "-")
            print("| %s | %s | %s | %s | %.2f%% | %s | %.1f s |"
                  % (budget, solver, "yes" if r["feasible"] else "no",
                     mib(r["peak_after"]),
                     100.0 * r["flops_added"] / r["flops_total"], gap,
                     r["seconds"]))
        try:
            mc = min_cut(net, x, labels)
            print("PyTorch min-cut partition: saves %s (default partition "
                  "%s), recomputes %.3f GFLOP (%.3f%% of remat's step)"
                  % (mib(mc["mincut"]["saved_bytes"]),
                     mib(mc["default"]["saved_bytes"]),
                     mc["mincut"]["recomputed_flops"] / 1e9,
                     100.0 * mc["mincut"]["recomputed_flops"]
                     / floor["flops_total"]))
        except Exception as e:  # report and go on to the measured runs
            print("PyTorch min-cut partition: failed (%s)" %
                  str(e).splitlines()[0][:120])
        if a.no_torch_run or blocks_of(name, net) is None:
            continue
        for kind in ("plain", "block"):
            peak, seconds = peak_rss_step(kind, name, a.quick)
            if peak is None:
                print("PyTorch %s: failed (%s)" % (kind, seconds))
            else:
                print("PyTorch %s step: peak %s above parameters and inputs, "
                      "%.2f s CPU time (one thread)"
                      % ("checkpoint-per-block" if kind == "block"
                         else "plain", mib(peak), seconds))


if __name__ == "__main__":
    main()
