#!/usr/bin/env bash
# Differential testing of the whole pipeline: builds remat if needed, then
# runs scripts/difftest.py on N random graphs (default 100) with both cores.
# Usage: scripts/difftest.sh N [SEED] [more difftest.py options]
# Failing graphs are kept under /tmp/remat-difftest-failures.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${REMAT_BUILD_DIR:-$root/build}"
count="${1:-100}"
seed="${2:-1}"
shift $(( $# > 2 ? 2 : $# ))
"$root/scripts/install-deps.sh" --tests >/dev/null
"$root/scripts/build.sh" >/dev/null
extra=()
if ! grep -q "remat_have_cbc = True" "$build/test/lit.site.cfg.py" 2>/dev/null; then
  extra+=(--no-exact)
fi
exec /usr/bin/python3 "$root/scripts/difftest.py" --count "$count" \
  --seed "$seed" --jobs "$(nproc)" --bin "$build/bin" \
  --keep /tmp/remat-difftest-failures "${extra[@]}" "$@"
