#!/usr/bin/env bash
# The test command: installs missing packages, configures and builds remat,
# then runs the lit suite, the GoogleTest suite and the find_package(Remat)
# consumer project, printing each summary. Exits non-zero on any failure.
# Extra arguments go to cmake when the build directory is first configured,
# e.g. REMAT_BUILD_DIR=build-asan scripts/check.sh -DREMAT_ENABLE_SANITIZERS=ON
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${REMAT_BUILD_DIR:-$root/build}"

"$root/scripts/install-deps.sh" --tests
"$root/scripts/build.sh" "$@"

status=0
echo "== lit =="
flock /tmp/remat-build.lock ninja -C "$build" mlir-doc >/dev/null
/usr/lib/llvm-22/bin/lit -sv "$build/test" || status=1

echo "== GoogleTest =="
for t in "$build"/unittests/*Tests; do
  echo "-- $(basename "$t")"
  "$t" --gtest_brief=1 || status=1
done

echo "== ahead-of-time example (object file + C++ header, called from C++) =="
if "$build/bin/remat-aot-example"; then
  echo "aot example: PASSED"
else
  echo "aot example: FAILED"
  status=1
fi

echo "== find_package(Remat) consumer =="
prefix="$build/install"
rm -rf "$prefix" "$build/consumer"
cmake --install "$build" --prefix "$prefix" >/dev/null
cmake -G Ninja -S "$root/examples/consumer" -B "$build/consumer" \
  -DCMAKE_CXX_COMPILER=clang++-22 -DCMAKE_PREFIX_PATH="$prefix" \
  -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir >/dev/null
flock /tmp/remat-build.lock ninja -C "$build/consumer" >/dev/null
if "$build/consumer/remat-consumer"; then
  echo "consumer: PASSED"
else
  echo "consumer: FAILED"
  status=1
fi

if [ $status -ne 0 ]; then
  echo "FAILED"
fi
exit $status
