#!/usr/bin/env bash
# The checks that need an NVIDIA GPU, as one short script for a device
# session (minutes of device time, no network): prints the device, runs the
# GPU unit tests and the GPU lit tests (outputs on the GPU against the
# CPU's, measured peaks against the plans), then a benchmark, and prints a
# table of each.
#
#   scripts/gpu-check.sh                    # the binaries in $REMAT_BUILD_DIR
#   scripts/gpu-check.sh --bundle ARCHIVE   # a machine without LLVM 22 or a
#                                           # build: scripts/gpu-bundle.sh
#                                           # made ARCHIVE here
#   scripts/gpu-check.sh --no-bench ...     # tests only
#
# The benchmark: f32 and bf16 matmul at 1024, 4096 and 8192 through
# remat-lower-gpu (device time from CUDA events), PyTorch's on the same
# chip in the same run where python3 has torch with CUDA, and the MLP and
# transformer training steps unplanned and planned at 50% for target=gpu
# (recompute-only, and with offloading to pinned host memory).
# Exit status: non-zero when a check fails (a skipped check is not a
# failure, but the table says so).
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${REMAT_BUILD_DIR:-$root/build}"
bench=1
bundle=""
while [ $# -gt 0 ]; do
  case "$1" in
  --bundle) bundle="$2"; shift 2 ;;
  --no-bench) bench=0; shift ;;
  *) echo "gpu-check: unknown argument $1" >&2; exit 2 ;;
  esac
done
python="$(command -v python3)"

if [ -n "$bundle" ]; then
  # Unpack: the build into ./build, LLVM 22 at its path (only where the
  # machine has none), and of the other libraries those the machine lacks.
  unpack="$(mktemp -d)"
  tar -C "$unpack" -xJf "$bundle" || { echo "gpu-check: cannot unpack $bundle"; exit 1; }
  built="$(cat "$unpack/build-dir")"; source_dir="$(cat "$unpack/source-dir")"
  build="$root/build"
  mkdir -p "$build"
  cp -a "$unpack/root$built/." "$build/"
  if [ ! -e /usr/lib/llvm-22/lib/libLLVM.so.22.1 ]; then
    mkdir -p /usr/lib/llvm-22
    cp -a "$unpack/root/usr/lib/llvm-22/." /usr/lib/llvm-22/
  fi
  find "$build/test" -name lit.site.cfg.py -exec \
    sed -i "s|$built|$build|g; s|$source_dir|$root|g" {} +
  mkdir -p "$unpack/lib"
  for f in "$unpack"/deps/* "$unpack"/stubs/*; do
    so="$(basename "$f")"
    ldconfig -p | grep -q "^[[:space:]]*$so " || cp "$f" "$unpack/lib/"
  done
  echo "gpu-check: unpacked $bundle; from the archive: $(ls "$unpack/lib" | tr '\n' ' ')"
  export LD_LIBRARY_PATH="/usr/lib/llvm-22/lib:$build/lib:$unpack/lib:${LD_LIBRARY_PATH:-}"
else
  export LD_LIBRARY_PATH="$build/lib:${LD_LIBRARY_PATH:-}"
fi

echo "== device =="
if command -v nvidia-smi >/dev/null; then
  nvidia-smi --query-gpu=name,memory.total,driver_version,compute_cap \
    --format=csv,noheader || true
else
  echo "nvidia-smi not found"
fi
echo "host: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores"

status=0
declare -a rows
run() { # name, command...
  local name="$1"; shift
  local log; log="$(mktemp)"
  local start=$SECONDS
  if "$@" >"$log" 2>&1; then
    if grep -q "SKIPPED\|^UNSUPPORTED:" "$log"; then
      rows+=("| $name | skipped | $(grep -m1 -o 'no CUDA device.*\|^UNSUPPORTED:.*' "$log" || echo '') |")
    else
      rows+=("| $name | passed | $(grep -m1 -E 'tests? from .* ran|Passed *:' "$log" | sed 's/^\[=*\] //') ($((SECONDS - start)) s) |")
    fi
  else
    rows+=("| $name | FAILED | see above ($((SECONDS - start)) s) |")
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
if "$build/bin/remat-run" --help >/dev/null 2>&1 && [ -f "$lit" ]; then
  run "lit test/Integration/GPU" "$python" "$lit" -v --param python="$python" \
    "$build/test/Integration/GPU"
  # What each comparison printed, for a device session ($OUT comes back).
  if [ -n "${OUT:-}" ]; then
    find "$build/test/Integration/GPU/Output" -name '*.txt' -print0 2>/dev/null |
      xargs -0 -r -I{} sh -c 'echo "== {}"; cat "{}"' > "$OUT/lit-outputs.txt"
  fi
else
  rows+=("| lit test/Integration/GPU | not run | remat-run or lit cannot start here (LLVM 22 missing?) |")
fi

echo "== checks =="
echo "| check | result | detail |"
echo "|---|---|---|"
printf '%s\n' "${rows[@]}"
[ "$bench" = 1 ] || exit $status

# ----------------------------------------------------------------------------
# Benchmark
# ----------------------------------------------------------------------------
work="$(mktemp -d)"
rr="$build/bin/remat-run"
ro="$build/bin/remat-opt"
device_ms() { # file, extra args...: the min device time, or "-"
  local out
  out="$("$rr" "$@" --target=gpu --print=0 2>&1)"
  echo "$out" >> "$work/bench.log"
  echo "$out" | sed -n 's/^device time: \([0-9.]*\) ms min.*/\1/p' | grep . || echo "-"
}
tflops() { # n, ms
  awk -v n="$1" -v ms="$2" 'BEGIN { if (ms == "-" || ms <= 0) print "-";
    else printf "%.2f", 2 * n * n * n / (ms * 1e-3) / 1e12 }'
}

echo "== benchmark: matmul (remat-lower-gpu; PyTorch in the same run) =="
declare -A torch_ms
if "$python" -c "import torch; assert torch.cuda.is_available()" 2>/dev/null; then
  while read -r kind n ms; do torch_ms[$kind-$n]="$ms"; done < <("$python" - <<'EOF'
import torch
for n in (1024, 4096, 8192):
    for kind, dtype, tf32 in (("f32", torch.float32, False),
                              ("tf32", torch.float32, True),
                              ("bf16", torch.bfloat16, False)):
        torch.backends.cuda.matmul.allow_tf32 = tf32
        a = torch.randn(n, n, device="cuda", dtype=dtype)
        b = torch.randn(n, n, device="cuda", dtype=dtype)
        for _ in range(3):
            a @ b
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        times = []
        for _ in range(10):
            start.record(); a @ b; end.record(); torch.cuda.synchronize()
            times.append(start.elapsed_time(end))
        print(kind, n, min(times))
EOF
)
fi
echo "| n | type | remat ms | remat TFLOP/s | PyTorch ms | PyTorch TFLOP/s |"
echo "|---|---|---|---|---|---|"
for n in 1024 4096 8192; do
  for ty in f32 bf16; do
    f="$work/matmul-$ty-$n.mlir"
    cat > "$f" <<EOF
func.func @matmul(%a: tensor<${n}x${n}x${ty}>, %b: tensor<${n}x${n}x${ty}>) -> tensor<${n}x${n}x${ty}> {
  %c = remat.matmul %a, %b : tensor<${n}x${n}x${ty}>, tensor<${n}x${n}x${ty}> -> tensor<${n}x${n}x${ty}>
  return %c : tensor<${n}x${n}x${ty}>
}
EOF
    ms="$(device_ms "$f" --repeat=3)"
    tms="${torch_ms[$ty-$n]:--}"
    echo "| $n | $ty | $ms | $(tflops $n "$ms") | $tms | $(tflops $n "$tms") |"
  done
  tms="${torch_ms[tf32-$n]:--}"
  echo "| $n | tf32 | no TF32 path | - | $tms | $(tflops $n "$tms") |"
done

echo "== benchmark: training steps (device time, measured device peak) =="
echo "| step | plan | device ms | measured peak B | planned peak B | host peak B |"
echo "|---|---|---|---|---|---|"
for f in mlp transformer; do
  "$ro" "$root/examples/$f.mlir" -remat-autodiff -o "$work/$f-grad.mlir"
  for plan in none "budget=50%" "budget=50% allow-offload"; do
    src="$work/$f-grad.mlir"
    if [ "$plan" != none ]; then
      src="$work/$f-$(echo "$plan" | tr -c 'a-z0-9\n' '-').mlir"
      if ! "$ro" "$work/$f-grad.mlir" -remat-rematerialize="$plan functions=${f}_grad target=gpu" \
           -o "$src" 2>"$work/plan.err"; then
        echo "| $f | $plan | infeasible: $(grep -o 'smallest peak[^,;]*' "$work/plan.err" | head -1) | | | |"
        continue
      fi
    fi
    out="$("$rr" "$src" --entry=${f}_grad --target=gpu --print=0 --repeat=5 2>&1)"
    echo "$out" >> "$work/bench.log"
    ms="$(echo "$out" | sed -n 's/^device time: \([0-9.]*\) ms min.*/\1/p')"
    peak="$(echo "$out" | sed -n 's/^memory: measured peak \([0-9]*\) B.*/\1/p')"
    host="$(echo "$out" | sed -n 's/.*host peak \([0-9]*\) B.*/\1/p')"
    planned="$(echo "$out" | sed -n 's/.*planned peak \([0-9]*\) B.*/\1/p')"
    echo "| $f | $plan | ${ms:-failed} | ${peak:--} | ${planned:--} | ${host:--} |"
    [ -n "$ms" ] || { echo "$out" | tail -5; status=1; }
  done
done
if [ -n "${OUT:-}" ]; then cp "$work/bench.log" "$OUT/bench.log"; fi
exit $status
