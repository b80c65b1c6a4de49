#!/usr/bin/python3
"""Writes each top-level func.func of an .mlir file into OUTDIR/<name>.mlir.

remat-run compiles the whole module it is given; a test that runs every
function of a numerics file under several CPU variants compiles each one
alone instead. The functions must not call each other (the numerics tests'
do not). Prints the names, one per line.

  split-functions.py FILE OUTDIR
"""

import os
import re
import sys


def main():
    path, outdir = sys.argv[1], sys.argv[2]
    lines = open(path).read().splitlines()
    start, indent = None, ""
    for i, line in enumerate(lines):
        match = re.match(r"(\s*)func\.func (?:public |private )?@", line)
        if match and start is None:
            start, indent = i, match.group(1)
        elif start is not None and line == indent + "}":
            name = re.search(r"func\.func [^@]*@([\w.$]+)",
                             lines[start]).group(1)
            with open(os.path.join(outdir, name + ".mlir"), "w") as out:
                out.write("\n".join(lines[start:i + 1]) + "\n")
            print(name)
            start = None
            sys.stdout.flush()


if __name__ == "__main__":
    main()
