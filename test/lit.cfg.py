# -*- Python -*-
# lit configuration for remat. Features:
#   cbc    the exact MILP solver is built (COIN-OR CBC found)
#   numpy  %python (default /usr/bin/python3, or --param python=...) can
#          import numpy: the integration tests' references need it
#   torch  %python can import torch, torchvision and onnx (exports at test
#          time)
#   chromium  headless Chromium is installed: the HTML report is loaded in it
#   ptxas  the CUDA toolkit's ptxas is installed: GPU kernels are assembled
#   cuda-gpu  an NVIDIA GPU and its driver are usable (nvidia-smi lists a
#          GPU): compiled code runs on it (remat-run --target=gpu)
import os
import subprocess

import lit.formats
from lit.llvm import llvm_config

config.name = "REMAT"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.remat_obj_root, "test")
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%remat_src_root", config.remat_src_root))
config.substitutions.append(("%remat_lib_dir", config.remat_lib_dir))
config.substitutions.append(("%remat_obj_root", config.remat_obj_root))
llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

# The python3 first on PATH may be an interpreter without numpy; Debian's
# python3-numpy is for /usr/bin/python3. %python replaces lit's default.
python = lit_config.params.get("python", "/usr/bin/python3")
config.substitutions = [s for s in config.substitutions if s[0] != "%python"]
config.substitutions.append(("%python", '"%s"' % python))


def python_imports(modules):
    try:
        return subprocess.run([python, "-c", "import " + modules],
                              capture_output=True).returncode == 0
    except OSError:
        return False


if python_imports("numpy"):
    config.available_features.add("numpy")
# PyTorch, torchvision and onnx (Debian's python3-torch 1.13,
# python3-torchvision, python3-onnx): tests that export a torchvision model
# at test time (too large to commit) and take PyTorch's gradients.
if python_imports("torch, torchvision, onnx"):
    config.available_features.add("torch")

if config.remat_have_cbc:
    config.available_features.add("cbc")

# A test that hangs fails after this many seconds, under its own name,
# instead of running the whole suite into CI's limit (the slowest test takes
# about 140 s under the sanitizers). lit needs psutil to stop a test's
# processes; --param timeout=0 turns the limit off.
try:
    import psutil  # noqa: F401
    lit_config.maxIndividualTestTime = int(
        lit_config.params.get("timeout", "900"))
except ImportError:
    pass
# scripts/difftest.py runs every solver; without CBC, all but the exact one.
config.substitutions.append(
    ("%difftest_solvers", "" if config.remat_have_cbc else "--no-exact"))
# Graphs per difftest seed: 25, or 5 in the sanitizer build (every tool runs
# 2-5x slower there, and CI runs both builds' suites).
if config.remat_sanitizers:
    config.available_features.add("sanitizers")
config.substitutions.append(
    ("%difftest_graphs", "5" if config.remat_sanitizers else "20"))
# Loops over many inputs of one kind (every op file, every kernel entry)
# run on every third in the sanitizer build, whose time there is mostly
# process start-up and MLIR's allocations under ASan: %sanitizer_sample
# filters a list (stdin or a file) to its 1st, 4th, 7th, ... line there,
# and passes it whole in the normal build.
config.substitutions.append(
    ("%sanitizer_sample",
     "awk 'NR % 3 == 1'" if config.remat_sanitizers else "cat"))
# remat-run's JIT compiles at LLVM's -O0 in the sanitizer build: LLVM's
# optimizer and code generator are not instrumented there (libLLVM is
# Debian's), and at -O3 they were most of the suite's time under ASan's
# allocator; the normal build's suite runs what users run, at -O3.
# --param remat_run_options=... sets REMAT_RUN_OPTIONS for every remat-run.
_run_options = lit_config.params.get(
    "remat_run_options", "--opt-level=0" if config.remat_sanitizers else "")
if _run_options:
    config.environment["REMAT_RUN_OPTIONS"] = _run_options
# CBC links LAPACK, which Debian resolves to OpenBLAS: every remat-opt and
# remat-run starts OpenBLAS's thread pool (a thread per core, spinning on
# sched_yield while the process starts), which the tools never use. One
# thread: 141 -> 110 ms of CPU per start (perf stat, remat-opt --version).
config.environment["OPENBLAS_NUM_THREADS"] = "1"

# ONNX import (remat-translate), built when libonnx-dev was found.
if config.remat_have_onnx:
    config.available_features.add("onnx")

# /dev/full (writes fail with ENOSPC) for the write-error tests.
if os.path.exists("/dev/full"):
    config.available_features.add("dev-full")

# Headless Chromium (Debian's `chromium`) loads the HTML report in a real
# browser; %chromium names it.
import shutil
_chromium = shutil.which("chromium")
if _chromium:
    config.available_features.add("chromium")
    config.substitutions.append(("%chromium", _chromium))

# ptxas (the CUDA toolkit's, on PATH or in /usr/local/cuda/bin) assembles the
# PTX remat-lower-gpu emits: %ptxas names it.
_ptxas = shutil.which("ptxas")
if not _ptxas and os.access("/usr/local/cuda/bin/ptxas", os.X_OK):
    _ptxas = "/usr/local/cuda/bin/ptxas"
if _ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", _ptxas))

# The CUDA driver stand-in (test/Inputs/FakeCudaDriver.cpp).
config.substitutions.append(
    ("%fake_cuda_driver",
     os.path.join(config.remat_lib_dir, "libremat-fake-cuda-driver.so")))

# An NVIDIA GPU with a working driver: nvidia-smi lists one.
def _cuda_gpu_usable():
    smi = shutil.which("nvidia-smi")
    if not smi:
        return False
    try:
        out = subprocess.run([smi, "-L"], capture_output=True, text=True,
                             timeout=60)
    except (OSError, subprocess.SubprocessError):
        return False
    return out.returncode == 0 and "GPU " in out.stdout

if _cuda_gpu_usable():
    config.available_features.add("cuda-gpu")

# The CPU kernel variants this host can run (remat-lower-cpu cpu=): the
# portable one on any x86-64, Haswell's (AVX2 + FMA) and Skylake-AVX512's
# where the CPU has them. %cpu_variants lists the LLVM CPU names;
# %cpu_variants_same those that compute the host's bits (the AVX2 and
# AVX-512 kernels fuse each multiply-add, the portable one does not:
# CpuTarget.h) and %cpu_variants_other the rest; host-amx marks a CPU with
# AMX (which remat-run's refusal test needs absent).
import platform
_cpu_flags = set()
try:
    with open("/proc/cpuinfo") as _cpuinfo:
        for _line in _cpuinfo:
            if _line.startswith("flags"):
                _cpu_flags = set(_line.split(":", 1)[1].split())
                break
except OSError:
    pass
_cpu_variants = []
if platform.machine() in ("x86_64", "AMD64"):
    config.available_features.add("host-x86-64")
    _cpu_variants.append("x86-64")
    if {"avx2", "fma"} <= _cpu_flags:
        config.available_features.add("host-avx2")
        _cpu_variants.append("haswell")
    if "avx512f" in _cpu_flags:
        config.available_features.add("host-avx512")
        _cpu_variants.append("skylake-avx512")
    if "amx_tile" in _cpu_flags:
        config.available_features.add("host-amx")
_host_fuses = "avx512f" in _cpu_flags or {"avx2", "fma"} <= _cpu_flags
_cpu_variants_same = [v for v in _cpu_variants
                      if (v != "x86-64") == _host_fuses]
_cpu_variants_other = [v for v in _cpu_variants
                       if v not in _cpu_variants_same]
# Longest first: lit substitutes in order, and %cpu_variants is a prefix.
config.substitutions.append(("%cpu_variants_same",
                             " ".join(_cpu_variants_same)))
config.substitutions.append(("%cpu_variants_other",
                             " ".join(_cpu_variants_other)))
config.substitutions.append(("%cpu_variants", " ".join(_cpu_variants)))

# Pass statistics exist only when LLVM was built with them (not Debian's).
def _llvm_has_statistics():
    import subprocess
    try:
        out = subprocess.run(
            [os.path.join(config.remat_tools_dir, "remat-opt"), "-canonicalize",
             "-mlir-pass-statistics", "-o", os.devnull],
            input="func.func @f() { %c = arith.constant 1 : i32 \n return }",
            capture_output=True, text=True, timeout=60)
        return "(S)" in out.stderr
    except (OSError, subprocess.SubprocessError):
        return False

if _llvm_has_statistics():
    config.available_features.add("llvm-stats")

tool_dirs = [config.remat_tools_dir, config.llvm_tools_dir]
tools = ["remat-opt", "remat-run", "llvm-nm", "not"]
if config.remat_have_onnx:
    tools.append("remat-translate")
llvm_config.add_tool_substitutions(tools, tool_dirs)
