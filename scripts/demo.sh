#!/usr/bin/env bash
# The main job: installs missing packages, builds remat if needed, then runs
# remat-opt on the shipped example model (examples/mlp.mlir), which parses and
# verifies it, and prints the verified IR.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${REMAT_BUILD_DIR:-$root/build}"
"$root/scripts/build.sh" >/dev/null
model="${1:-$root/examples/mlp.mlir}"
"$build/bin/remat-opt" "$model"
