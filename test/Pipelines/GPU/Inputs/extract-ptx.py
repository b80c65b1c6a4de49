#!/usr/bin/env python3
"""Writes the PTX of every gpu.binary object in the MLIR read from stdin
(remat-lower-gpu{format=isa}) to PREFIX.N.ptx, and prints how many."""
import re
import sys

text = sys.stdin.read()
objects = re.findall(r'assembly = "((?:[^"\\]|\\.)*)"', text)
for i, escaped in enumerate(objects):
    # MLIR escapes a backslash and a quote by a backslash, anything else
    # unprintable as a backslash and two hex digits.
    ptx = re.sub(r'\\(\\|"|[0-9A-Fa-f]{2})',
                 lambda m: m.group(1) if len(m.group(1)) == 1
                 else chr(int(m.group(1), 16)), escaped)
    with open("%s.%d.ptx" % (sys.argv[1], i), "w") as out:
        out.write(ptx)
print("ptx objects: %d" % len(objects))
