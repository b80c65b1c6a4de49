#!/usr/bin/env python3
"""Assembles many PTX files with one ptxas run.

Usage: ptxas-all.py PTXAS ARCH WORKDIR FILE...

ptxas starts in about 50 ms, most of what a small kernel costs, so 1,258
files one by one took about 75 s. ptxas takes several files and assembles
them as one program: each distinct file (by content) is copied to WORKDIR
with its module-scope names (entries, functions, .global/.shared/.const
variables; not .extern declarations) prefixed by m<N>_, so that the same
kernel name in two files does not clash, and ptxas runs once on the copies.
Prints nothing when ptxas succeeds; otherwise "PTXAS FAILED" and ptxas's
messages with each copy's name followed by the file it came from.
"""
import hashlib
import os
import re
import subprocess
import sys

ptxas, arch, workdir, files = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]

# A module-scope definition: optional linkage, the directive, then anything
# up to the name (a .func's return parameter list, a variable's alignment
# and type), which ends the declaration or opens its parameters or array.
DEFINITION = re.compile(
    r"^[ \t]*(?:\.visible[ \t]+|\.weak[ \t]+)?"
    r"(?:\.entry|\.func|\.global|\.shared|\.const)\b"
    r"(?:[ \t]*\([^)]*\))?[^(;=\[\n]*?([A-Za-z_$%][\w$]*)[ \t]*(?:\(|\[|;|=|$)",
    re.M)

os.makedirs(workdir, exist_ok=True)
origin = {}
seen = set()
for path in files:
    with open(path) as f:
        text = f.read()
    digest = hashlib.sha256(text.encode()).hexdigest()
    if digest in seen:
        continue
    seen.add(digest)
    prefix = "m%d_" % len(origin)
    names = {m.group(1) for m in DEFINITION.finditer(text)}
    if names:
        name = re.compile(r"(?<![\w$%])(" + "|".join(
            map(re.escape, sorted(names, key=len, reverse=True))) + r")(?![\w$])")
        text = name.sub(lambda m: prefix + m.group(1), text)
    copy = os.path.join(workdir, prefix + "module.ptx")
    with open(copy, "w") as f:
        f.write(text)
    origin[copy] = path

if not origin:
    sys.exit(0)
result = subprocess.run([ptxas, "-arch=" + arch, "-o", os.devnull] +
                        list(origin), capture_output=True, text=True)
if result.returncode != 0:
    messages = result.stdout + result.stderr
    for copy, path in origin.items():
        messages = messages.replace(copy, "%s (from %s)" % (copy, path))
    print("PTXAS FAILED (exit %d)" % result.returncode)
    print(messages)
