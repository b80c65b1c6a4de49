#!/usr/bin/env bash
# The checks that need an NVIDIA GPU, as one short script for a device
# session (which has minutes of device time and no network): prints the
# device, then runs what remat can run on it so far and prints a table.
#
#   scripts/gpu-check.sh            # uses the binaries in $REMAT_BUILD_DIR
#
# It does not build: build here first (`ninja -C build`) and carry the
# binaries with the working tree (build/unittests/RematGpuRuntime*Tests and
# the library beside build/lib; LD_LIBRARY_PATH is set to find it). The
# lit tests of test/Integration/GPU (outputs on the GPU against the CPU's)
# also need build/bin/remat-run, LLVM 22 and lit where it runs.
# Exit status: non-zero when a check fails (a skipped check is not a
# failure, but the table says so).
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${REMAT_BUILD_DIR:-$root/build}"
export LD_LIBRARY_PATH="$(dirname "$(find "$build/lib" -name 'libRematGpuRuntime.so*' 2>/dev/null | head -1)" 2>/dev/null):${LD_LIBRARY_PATH:-}"

echo "== device =="
if command -v nvidia-smi >/dev/null; then
  nvidia-smi --query-gpu=name,memory.total,driver_version,compute_cap \
    --format=csv,noheader || true
else
  echo "nvidia-smi not found"
fi

status=0
declare -a rows
run() { # name, command...
  local name="$1"; shift
  local log; log="$(mktemp)"
  if "$@" >"$log" 2>&1; then
    if grep -q "SKIPPED\|^UNSUPPORTED:" "$log"; then
      rows+=("| $name | skipped | $(grep -m1 -o 'no CUDA device.*\|^UNSUPPORTED:.*' "$log" || echo '') |")
    else
      rows+=("| $name | passed | $(grep -m1 -E 'tests? from .* ran' "$log" | sed 's/^\[=*\] //' || echo '') |")
    fi
  else
    rows+=("| $name | FAILED | see below |")
    cat "$log"
    status=1
  fi
  rm -f "$log"
}

for t in RematGpuRuntimeNoDriverTests RematGpuRuntimeDeviceTests; do
  if [ -x "$build/unittests/$t" ]; then
    run "$t" "$build/unittests/$t" --gtest_brief=0
  else
    rows+=("| $t | not built | $build/unittests/$t |")
  fi
done

# Compiled code on the GPU: needs remat-run (and LLVM 22's libMLIR it links)
# and lit on this machine.
lit=/usr/lib/llvm-22/bin/lit
if "$build/bin/remat-run" --help >/dev/null 2>&1 && [ -x "$lit" ]; then
  run "lit test/Integration/GPU" "$lit" -v "$build/test/Integration/GPU"
else
  rows+=("| lit test/Integration/GPU | not run | remat-run or lit cannot start here (LLVM 22 missing?) |")
fi

echo "== checks =="
echo "| check | result | detail |"
echo "|---|---|---|"
printf '%s\n' "${rows[@]}"
exit $status
