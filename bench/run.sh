#!/usr/bin/env bash
# Builds the benchmark binaries (through the shared build lock: one build at
# a time) and runs each, printing Google Benchmark's table. Extra arguments
# go to every binary, e.g. --benchmark_filter=transformer.
#
#   bench/run.sh [benchmark flags...]
#   REMAT_BUILD_DIR=/path/to/build bench/run.sh
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${REMAT_BUILD_DIR:-$root/build}"

# One line per benchmark binary (its CMake target, built into $build/bench).
benchmarks=(
  remat-bench-greedy
)

flock /tmp/remat-build.lock ninja -C "$build" "${benchmarks[@]}"
for binary in "${benchmarks[@]}"; do
  echo "== $binary"
  "$build/bench/$binary" "$@"
done
