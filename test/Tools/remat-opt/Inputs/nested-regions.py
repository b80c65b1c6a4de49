#!/usr/bin/env python3
"""nested-regions.py N: a function whose body nests N scf.execute_region ops."""
import sys
n = int(sys.argv[1])
out = ["func.func @deep() {"]
out += ["scf.execute_region {"] * n
out.append("scf.yield")
for i in range(n):
    out.append("}")
    if i < n - 1:
        out.append("scf.yield")
out += ["return", "}"]
print("\n".join(out))
