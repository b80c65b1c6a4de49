#!/usr/bin/env bash
# The test command: installs missing packages, configures and builds remat,
# then runs the lit suite, the GoogleTest suite and the find_package(Remat)
# consumer project, printing each summary. Exits non-zero on any failure.
# Extra arguments go to cmake when the build directory is first configured.
#
# scripts/check.sh --sanitizers runs the lit and GoogleTest suites in
# build-asan, built with AddressSanitizer (leak checking on),
# UndefinedBehaviorSanitizer and the libFuzzer targets, and replays each
# fuzzer's seed corpus: any sanitizer report fails a test. .ci/run runs both.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
sanitizers=0
if [ "${1:-}" = "--sanitizers" ]; then
  sanitizers=1
  shift
  set -- -DREMAT_ENABLE_SANITIZERS=ON -DREMAT_ENABLE_FUZZERS=ON \
    -DREMAT_BUILD_BENCHMARKS=OFF "$@"
  build="${REMAT_BUILD_DIR:-$root/build-asan}"
else
  build="${REMAT_BUILD_DIR:-$root/build}"
fi
export REMAT_BUILD_DIR="$build"
# Each section's header says how long the run has taken so far, so that a
# CI log cut off at its time limit shows where the time went.
section() { echo "== $1 == (at $((SECONDS / 60)) min $((SECONDS % 60)) s)"; }

"$root/scripts/install-deps.sh" --tests
section "build"
"$root/scripts/build.sh" "$@"

status=0
section "lit"
# lit starts the slowest tests first, by the times of the last run in this
# build directory, or on a fresh clone by test/.lit_test_times.txt
# (committed: each test's time in a normal plus a sanitizer run): started
# last, a long test would leave one core idle for minutes at the end.
flock /tmp/remat-build.lock ninja -C "$build" mlir-doc >/dev/null
/usr/lib/llvm-22/bin/lit -sv --time-tests "$build/test" || status=1

section "GoogleTest"
# Every binary in GoogleTest's shards (tests dealt round-robin, so the two
# long random-DAG property tests, which are adjacent, land in different
# shards), as many shards at once as there are cores; each shard's output is
# printed after the run, binary by binary.
jobs="$(nproc)"
shards=$(( jobs < 2 ? 2 : jobs ))
logs="$build/unittests/logs"
rm -rf "$logs" && mkdir -p "$logs"
for t in "$build"/unittests/*Tests; do
  for ((i = 0; i < shards; ++i)); do echo "$t $i"; done
done | xargs -P "$jobs" -n 2 bash -c \
  'log="$0/$(basename "$1").$2"; GTEST_TOTAL_SHARDS='"$shards"' \
   GTEST_SHARD_INDEX="$2" "$1" --gtest_brief=1 >"$log" 2>&1; echo $? >"$log.rc"' \
  "$logs"
for t in "$build"/unittests/*Tests; do
  echo "-- $(basename "$t")"
  for ((i = 0; i < shards; ++i)); do
    log="$logs/$(basename "$t").$i"
    cat "$log"
    [ "$(cat "$log.rc" 2>/dev/null)" = 0 ] || { echo "(shard $i failed)"; status=1; }
  done
done

if [ $sanitizers -eq 1 ]; then
  section "fuzz targets: seed corpora"
  for f in "$build"/fuzz/*-fuzzer; do
    name="$(basename "$f")"
    if "$f" -runs=0 "$root/fuzz/corpus/$name" >"$build/fuzz/$name.log" 2>&1
    then
      echo "$name: PASSED ($(ls "$root/fuzz/corpus/$name" | wc -l) inputs)"
    else
      echo "$name: FAILED (see $build/fuzz/$name.log)"
      tail -20 "$build/fuzz/$name.log"
      status=1
    fi
  done
fi

if [ $sanitizers -eq 1 ]; then
  section "done"
  # The AOT example and the installed package's consumer are the normal
  # build's checks; they add nothing the sanitizers see.
  [ $status -ne 0 ] && echo "FAILED"
  exit $status
fi

section "ahead-of-time example (object file + C++ header, called from C++)"
if "$build/bin/remat-aot-example"; then
  echo "aot example: PASSED"
else
  echo "aot example: FAILED"
  status=1
fi

section "find_package(Remat) consumer"
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

section "done"
if [ $status -ne 0 ]; then
  echo "FAILED"
fi
exit $status
