"""Fails, naming them, on options whose --help line does not give a default.

opt (remat-opt): the option lines nested under each --remat-* pass or pipeline.
run (remat-run): every option line of its own category (the only one shown).
"""
import re
import sys

tool, path = sys.argv[1], sys.argv[2]
lines = open(path).read().splitlines()
checked, missing = 0, []
if tool == "opt":
    owner = None
    for line in lines:
        match = re.match(r"^(\s*)--([\w-]+)", line)
        if not match:
            continue
        indent, name = len(match.group(1)), match.group(2)
        if indent == 6:  # a pass or pipeline
            owner = name if name.startswith("remat-") else None
        elif indent == 8 and owner:
            checked += 1
            if "default" not in line.lower():
                missing.append(f"{owner} {name}")
else:
    for line in lines:
        match = re.match(r"^\s*--([\w-]+)", line)
        if not match or match.group(1) in ("help", "help-list", "version"):
            continue
        checked += 1
        if "default" not in line.lower():
            missing.append(match.group(1))
if not checked:
    sys.exit(f"{tool}: no option lines found in {path}")
if missing:
    sys.exit(f"{tool}: options without a default in --help: " +
             ", ".join(missing))
print(f"{tool}: {checked} options, each with its default")
