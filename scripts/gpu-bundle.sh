#!/usr/bin/env bash
# Packs what scripts/gpu-check.sh runs into one archive, for a GPU machine
# that has a driver but neither LLVM 22 nor this project's build (a device
# session's machine: no network, a working tree of at most 64 MiB):
#
#   scripts/gpu-bundle.sh [ARCHIVE]    # default: .device/remat-gpu.tar.xz
#   (there) scripts/gpu-check.sh --bundle .device/remat-gpu.tar.xz
#
# The archive holds remat-run, remat-opt, libRematGpuRuntime, the GPU unit
# tests, the lit site configurations of the build, LLVM 22's libLLVM and
# libMLIR, lit and the LLVM tools the tests run (FileCheck, not, split-file), and every shared library they need
# beyond glibc and libstdc++ (gpu-check.sh installs only those the machine
# lacks). libz3 and libxml2, which libLLVM links but nothing here calls
# (the SMT solver and the Windows-manifest merger), are replaced by stubs
# that define their symbols and abort when one is called: with ICU they
# would be a third of the archive. Build first (scripts/build.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${REMAT_BUILD_DIR:-$root/build}"
archive="${1:-$root/.device/remat-gpu.tar.xz}"
llvm=/usr/lib/llvm-22

for f in "$build/bin/remat-run" "$build/bin/remat-opt" \
         "$build/unittests/RematGpuRuntimeDeviceTests"; do
  [ -x "$f" ] || { echo "gpu-bundle: $f is missing: build first" >&2; exit 1; }
done

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/root" "$stage/deps" "$stage/stubs"

# Files kept at their absolute path (gpu-check.sh maps the build's).
keep() {
  local f
  for f in "$@"; do
    mkdir -p "$stage/root$(dirname "$f")"
    cp -L "$f" "$stage/root$f"
  done
}
elves=("$build"/bin/remat-run "$build"/bin/remat-opt "$build"/lib/*.so
       "$build"/unittests/RematGpuRuntime*Tests
       "$llvm"/bin/FileCheck "$llvm"/bin/not "$llvm"/bin/count
       "$llvm"/bin/split-file "$llvm"/bin/llvm-nm)
keep "${elves[@]}"
while IFS= read -r f; do keep "$f"; done \
  < <(find "$build/test" -name lit.site.cfg.py)
keep "$llvm/bin/lit"
mkdir -p "$stage/root$llvm/utils"
cp -r "$llvm/utils/lit" "$stage/root$llvm/utils/"
find "$stage/root$llvm/utils" -name __pycache__ -prune -exec rm -rf {} +
echo "$build" > "$stage/build-dir"
echo "$root" > "$stage/source-dir"

# The shared libraries they load: LLVM's own at their path, the rest by
# soname in deps/ (or stubs/), glibc and the C++ runtime left to the machine.
declare -A seen
while read -r soname path; do
  [ -n "${seen[$soname]:-}" ] && continue
  seen[$soname]=1
  case "$soname" in
  libc.so.*|libm.so.*|libdl.so.*|libpthread.so.*|librt.so.*|ld-linux*|\
  libstdc++.so.*|libgcc_s.so.*) ;;
  libz3.so.*|libxml2.so.*|libicu*) ;;
  *)
    case "$path" in
    "$llvm"/*|*/libLLVM.so*) keep "$llvm/lib/$soname" ;;
    "$build"/*) ;;
    *) cp -L "$path" "$stage/deps/$soname" ;;
    esac ;;
  esac
done < <(ldd "${elves[@]}" 2>/dev/null | awk '/=> \//{print $1, $3}')

# Stubs: every symbol the kept objects import from libz3 and libxml2, with
# the symbol versions they ask for.
stub() { # soname, symbol-name regex, version regex
  local soname="$1" names="$2" versions="$3" dir="$stage/stub-$1"
  mkdir -p "$dir"
  find "$stage/root" "$stage/deps" -type f | while read -r f; do
    file -L "$f" | grep -q ELF || continue
    readelf --dyn-syms -W "$f" | awk '$7=="UND"{print $4, $8}'
  done | sort -u | awk -v n="$names" -v v="$versions" '
    { split($2, p, "@"); name = p[1]; ver = p[2] }
    (ver != "" && ver ~ v) || (ver == "" && name ~ n) {
      print $1, name, (ver == "" ? "STUB" : ver) }' > "$dir/symbols"
  awk '{ if ($1 == "OBJECT") printf "char %s[64];\n", $2;
         else printf "void %s(void) { abort(); }\n", $2 }' "$dir/symbols" |
    cat <(echo '#include <stdlib.h>') - > "$dir/stub.c"
  awk '{ nodes[$3] = nodes[$3] "  " $2 ";\n" }
       END { for (v in nodes) printf "%s {\n global:\n%s};\n", v, nodes[v] }' \
    "$dir/symbols" > "$dir/versions"
  [ -s "$dir/versions" ] || echo "STUB { local: *; };" > "$dir/versions"
  clang-22 -shared -fPIC -fno-builtin -o "$stage/stubs/$soname" "$dir/stub.c" \
    -Wl,-soname,"$soname" -Wl,--version-script,"$dir/versions"
  rm -rf "$dir"
}
stub libz3.so.4 '^Z3_' '^Z3'
stub libxml2.so.2 '^(xml|html)' '^LIBXML2'

mkdir -p "$(dirname "$archive")"
XZ_OPT="-9 -T2" tar -C "$stage" -cJf "$archive" .
echo "gpu-bundle: $archive ($(du -h "$archive" | cut -f1))"
