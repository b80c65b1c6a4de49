#!/usr/bin/env bash
# Regenerates the ODS dialect reference and copies it into docs/dialect/.
# test/Docs/dialect-docs-current.test fails when the copy is stale.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${REMAT_BUILD_DIR:-$root/build}"
flock /tmp/remat-build.lock ninja -C "$build" mlir-doc
cp "$build"/docs/Dialects/*.md "$root/docs/dialect/"
