#!/usr/bin/env bash
# The main job: installs missing packages and builds remat if needed, then
# takes the shipped example model (examples/mlp.mlir, a three-layer MLP
# classifier) through remat's pipeline:
#   1. remat-autodiff derives its training step @mlp_grad;
#   2. remat-rematerialize plans the step under a budget of 75% of its
#      unconstrained peak, printing the memory report (what is kept across
#      the peak and why, what is recomputed, peak before and after) and
#      writing an HTML memory timeline;
#   3. remat-run lowers it to native code (remat-lower-cpu), runs it, and
#      prints the outputs, the time and the peak memory it measured beside
#      the planned one.
# Usage: scripts/demo.sh [model.mlir [function [budget [solver]]]]
# (solver: greedy by default here for a quick answer; exact proves optimality
# on small graphs, auto picks one)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${REMAT_BUILD_DIR:-$root/build}"
model="${1:-$root/examples/mlp.mlir}"
func="${2:-mlp}"
budget="${3:-75%}"
solver="${4:-greedy}"

"$root/scripts/build.sh" >/dev/null
# One folder per function, so that a second model's run keeps the first's
# report.
out="$build/demo/$func"
mkdir -p "$out"
echo "== remat-autodiff + remat-rematerialize{budget=$budget solver=$solver} on $(basename "$model") =="
"$build/bin/remat-opt" "$model" -remat-autodiff \
  -remat-rematerialize="functions=${func}_grad budget=$budget solver=$solver report-text=- report=$out/report.json report-html=$out/report.html" \
  -o "$out/${func}_grad.mlir" 2>&1
echo
echo "== remat-run: lowered with remat-lower-cpu, JIT-compiled, run =="
"$build/bin/remat-run" "$out/${func}_grad.mlir" --entry="${func}_grad" \
  --repeat=3 --print=4 --check-memory=0.05
echo
echo "HTML memory timeline: $out/report.html; JSON report: $out/report.json"
