#!/usr/bin/env bash
# Builds the benchmark binaries (through the shared build lock: one build at
# a time) and runs each, printing Google Benchmark's table. Extra arguments
# go to every binary, e.g. --benchmark_filter=transformer. Then runs the CPU
# code's benchmarks (bench/cpu_bench.py) and the deep scans in every remat
# mode (bench/scan_bench.py), and the chain solver against the greedy
# (bench/chain_bench.py).
#
#   bench/run.sh [benchmark flags...]
#   REMAT_BUILD_DIR=/path/to/build bench/run.sh
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${REMAT_BUILD_DIR:-$root/build}"

# One line per benchmark binary (its CMake target, built into $build/bench).
# remat-bench-exact-ratio exists only when the exact solver is built (CBC).
benchmarks=(
  remat-bench-greedy
)
if ninja -C "$build" -t query remat-bench-exact-ratio >/dev/null 2>&1; then
  benchmarks+=(remat-bench-exact-ratio)
fi

# The peers (OpenBLAS, PyTorch), then a configure that finds them (a
# fresh checkout gets its build first).
"$root/scripts/install-deps.sh" --bench
if [[ ! -f "$build/build.ninja" ]]; then
  REMAT_BUILD_DIR="$build" "$root/scripts/build.sh"
fi
flock /tmp/remat-build.lock cmake "$build" >/dev/null
flock /tmp/remat-build.lock ninja -C "$build" "${benchmarks[@]}"
for binary in "${benchmarks[@]}"; do
  echo "== $binary"
  "$build/bench/$binary" "$@"
done

# The CPU code against its peers (bench/cpu_bench.py: f32 matmul against
# OpenBLAS, training steps against PyTorch, the cost of rematerialization),
# printed as the markdown tables of docs/performance.md. REMAT_BENCH_CPU=0
# skips it.
if [[ "${REMAT_BENCH_CPU:-1}" != 0 ]]; then
  cpu_targets=(remat-opt remat-run)
  if ninja -C "$build" -t query remat-bench-matmul >/dev/null 2>&1; then
    cpu_targets+=(remat-bench-matmul)
  fi
  flock /tmp/remat-build.lock ninja -C "$build" "${cpu_targets[@]}"
  echo "== CPU code (bench/cpu_bench.py)"
  REMAT_BUILD_DIR="$build" /usr/bin/python3 "$root/bench/cpu_bench.py"
fi

# Deep MLP scans of 100, 1,000 and 10,000 layers in every remat mode
# (bench/scan_bench.py: measured peak, activations and step time beside the
# predictions), the table of docs/performance.md "Deep scans: remat modes".
# REMAT_BENCH_SCAN=0 skips it.
if [[ "${REMAT_BENCH_SCAN:-1}" != 0 ]]; then
  flock /tmp/remat-build.lock ninja -C "$build" remat-opt remat-run
  echo "== Deep scans (bench/scan_bench.py)"
  REMAT_BUILD_DIR="$build" /usr/bin/python3 "$root/bench/scan_bench.py"
fi

# The chain solver against the greedy on unrolled MLPs (bench/chain_bench.py),
# the table of docs/solvers.md "A training step as a chain".
# REMAT_BENCH_CHAIN=0 skips it.
if [[ "${REMAT_BENCH_CHAIN:-1}" != 0 ]]; then
  flock /tmp/remat-build.lock ninja -C "$build" remat-opt
  echo "== Chain solver (bench/chain_bench.py)"
  REMAT_BUILD_DIR="$build" /usr/bin/python3 "$root/bench/chain_bench.py"
fi
