#!/usr/bin/env bash
# Configures (once) and builds remat into ./build with Debian's MLIR 22,
# clang-22, lld and Ninja. Extra arguments go to cmake at configure time.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${REMAT_BUILD_DIR:-$root/build}"
"$root/scripts/install-deps.sh"
if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DLLVM_USE_LINKER=lld -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
    -DCMAKE_BUILD_TYPE=Release "$@"
fi
# One build at a time on this machine: builds started by several shells queue.
exec flock /tmp/remat-build.lock ninja -C "$build"
