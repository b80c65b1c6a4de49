#!/usr/bin/env bash
# Installs the Debian 12 packages remat needs, only those missing, running
# apt-get update only when something has to be installed. With --tests, also
# what only the test command uses (headless Chromium, which loads the HTML
# report in the lit suite; PyTorch, torchvision and onnx for the torchvision
# end-to-end test); with --bench, what the benchmarks' peers need (OpenBLAS
# for remat-bench-matmul, PyTorch for the training steps, networkx for
# PyTorch's min-cut partitioner in bench/model_bench.py).
set -euo pipefail
packages=(
  # toolchain: MLIR/LLVM 22, clang-22, lld, ninja
  libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools clang-22 lld-22
  # sanitizer and libFuzzer runtimes (the REMAT_ENABLE_SANITIZERS build)
  libclang-rt-22-dev
  ninja-build cmake pkg-config libzstd-dev
  # tests
  libgtest-dev libbenchmark-dev python3-numpy
  # lit's per-test time limit (it stops a hung test's processes)
  python3-psutil
  # exact solver (COIN-OR CBC)
  coinor-libcbc-dev
  # ONNX import (remat-translate)
  libonnx-dev libprotobuf-dev
)
if [ "${1:-}" = "--tests" ]; then
  # chromium loads the HTML report; PyTorch, torchvision and onnx export a
  # torchvision model at test time and give its reference gradients.
  packages+=(chromium python3-torch python3-torchvision python3-onnx)
elif [ "${1:-}" = "--bench" ]; then
  packages+=(libopenblas-dev python3-torch python3-torchvision python3-onnx
             python3-networkx)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
    missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq \
    --no-install-recommends "${missing[@]}"
fi
