#!/usr/bin/env bash
# Runs one libFuzzer target for SECONDS seconds on every core:
#   scripts/fuzz.sh TARGET SECONDS
# TARGET: remat-ir-fuzzer, remat-autodiff-fuzzer, remat-rematerialize-fuzzer
# or remat-onnx-fuzzer (fuzz/). Builds the ASan + UBSan + coverage build in
# build-asan (REMAT_BUILD_DIR) if needed. The run starts from the seed
# corpus (fuzz/corpus/TARGET, left unchanged) and grows a working corpus in
# $REMAT_FUZZ_DIR (default /tmp/remat-fuzz/TARGET); inputs that crash are
# saved there as crash-*, and the script exits non-zero. It ends with the
# figures docs/reliability.md records: time, executions, corpus size.
# REMAT_FUZZ_JOBS sets the number of workers (default: every core).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ $# -ne 2 ]; then
  echo "usage: scripts/fuzz.sh TARGET SECONDS" >&2
  exit 2
fi
target="$1"
seconds="$2"
build="${REMAT_BUILD_DIR:-$root/build-asan}"
if [ ! -d "$root/fuzz/corpus/$target" ]; then
  echo "unknown target '$target'; one of: $(ls "$root/fuzz/corpus" | tr '\n' ' ')" >&2
  exit 2
fi
REMAT_BUILD_DIR="$build" "$root/scripts/build.sh" \
  -DREMAT_ENABLE_SANITIZERS=ON -DREMAT_ENABLE_FUZZERS=ON \
  -DREMAT_BUILD_BENCHMARKS=OFF >/dev/null
if [ ! -x "$build/fuzz/$target" ]; then
  echo "$build/fuzz/$target was not built: configure $build with" \
    "-DREMAT_ENABLE_SANITIZERS=ON -DREMAT_ENABLE_FUZZERS=ON" >&2
  exit 2
fi
work="${REMAT_FUZZ_DIR:-/tmp/remat-fuzz/$target}"
mkdir -p "$work/corpus"
extra=()
case "$target" in
  remat-ir-fuzzer) extra=(-dict="$root/fuzz/remat-ir.dict" -max_len=8192) ;;
  remat-onnx-fuzzer) extra=(-max_len=131072) ;;
  *) extra=(-max_len=1024) ;;
esac
jobs="${REMAT_FUZZ_JOBS:-$(nproc)}"
log="$work/fuzz.log"
echo "fuzzing $target for $seconds s with $jobs workers; log: $log"
status=0
(cd "$work" && "$build/fuzz/$target" "${extra[@]}" \
  -max_total_time="$seconds" -timeout=60 -rss_limit_mb=4096 \
  -fork="$jobs" -ignore_crashes=1 -print_final_stats=1 \
  -artifact_prefix="$work/" "$work/corpus" "$root/fuzz/corpus/$target") \
  >"$log" 2>&1 || status=$?
crashes=$(find "$work" -maxdepth 1 \( -name 'crash-*' -o -name 'timeout-*' \
  -o -name 'oom-*' -o -name 'leak-*' \) | wc -l)
execs=$(grep -o 'exec/s: [0-9]*' "$log" | tail -1 || true)
runs=$(grep -oE '#[0-9]+' "$log" | tail -1 | tr -d '#' || true)
echo "target: $target  time: ${seconds} s  executions: ${runs:-?}" \
  "($execs)  corpus: $(ls "$work/corpus" | wc -l) inputs" \
  "($(du -sk --apparent-size "$work/corpus" | cut -f1) KiB)  crashes/timeouts/ooms: $crashes"
if [ "$crashes" -ne 0 ] || [ $status -ne 0 ]; then
  echo "FAILED: see $log and $work/" >&2
  exit 1
fi
