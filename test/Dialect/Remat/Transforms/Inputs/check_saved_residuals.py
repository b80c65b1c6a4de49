"""Checks the saved_for_backward list of a remat-rematerialize JSON report.

Usage: check_saved_residuals.py REPORT.json CASE, where CASE names what the
list must say (see report-saved-residuals.mlir). Every case also checks the
invariants every entry must meet. Exits non-zero, saying why, on a failure.
"""
import json
import sys

FIELDS = ("node", "name", "type", "op", "location", "pass", "bytes",
          "bytes_human", "memory", "reason_kind", "reason", "from", "to")


def fail(message):
    sys.exit("check_saved_residuals: " + message)


report = json.load(open(sys.argv[1]))
case = sys.argv[2]
function = report["functions"][0]
saved = function["saved_for_backward"]
start = function["backward_start"]
profile = function["profile_after"]
lifetimes = {(n, k, a, b) for n, k, a, b in profile["lifetimes"]}
kept = {v["node"] for v in function["kept_at_peak"]}
if start is None:
    fail("no backward_start in a differentiated function")

for value in saved:
    for field in FIELDS:
        if field not in value:
            fail("entry %s has no %r" % (value.get("node"), field))
    if value["pass"] != "forward":
        fail("%s saved from the %s pass" % (value["name"], value["pass"]))
    if not value["from"] < start <= value["to"]:
        fail("%s: saved copy [%d, %d] does not cross the backward start %d" %
             (value["name"], value["from"], value["to"], start))
    kind = "host" if value["memory"] == "host" else "original"
    if (value["node"], kind, value["from"], value["to"]) not in lifetimes:
        fail("%s: its copy is not among the profile's lifetimes" %
             value["name"])
    if value["reason_kind"] == "cost" and value["node"] not in kept:
        fail("%s: 'cost' reason but not kept across the peak" % value["name"])
    if not value["type"].startswith("tensor<"):
        fail("%s: type %r" % (value["name"], value["type"]))

by_name = {v["name"]: v for v in saved}
if case == "policy":
    if list(by_name) != ["h"]:
        fail("policy: saved %s, expected only h" % list(by_name))
    h = by_name["h"]
    if h["reason_kind"] != "policy" or "save_only_these_names" not in \
            h["reason"] or h["memory"] != "device":
        fail("policy: h: %s" % h)
elif case == "offload":
    if list(by_name) != ["h"] or by_name["h"]["memory"] != "host":
        fail("offload: expected h in host memory, got %s" % saved)
    if "offloaded by checkpoint policy" not in by_name["h"]["reason"]:
        fail("offload: reason %r" % by_name["h"]["reason"])
elif case == "marks":
    marks = [v for v in saved if v["reason_kind"] == "mark"]
    if len(marks) != 1 or marks[0]["op"] != "remat.matmul" or \
            marks[0]["reason"] != "must_save mark":
        fail("marks: %s" % saved)
    others = [v for v in saved if v["reason_kind"] != "mark"]
    if any(v["reason_kind"] != "no-budget" for v in others):
        fail("marks: without a budget the others are 'no-budget': %s" %
             others)
elif case == "budget":
    kinds = {v["reason_kind"] for v in saved}
    if not kinds <= {"cost", "budget"} or "cost" not in kinds:
        fail("budget: reason kinds %s" % kinds)
    if function["budget"] is None:
        fail("budget: no budget in the report")
else:
    fail("unknown case " + case)
print("%s: %d saved value(s) checked" % (case, len(saved)))
