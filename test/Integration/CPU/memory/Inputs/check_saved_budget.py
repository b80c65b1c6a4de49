"""Checks a budget-kind=saved plan's JSON report.

Usage: check_saved_budget.py REPORT.json SHARE
The plan saves at most SHARE of what the unplanned step saves, less than the
unplanned step does, and its saved_for_backward list (device entries) sums
to the saved bytes the planner measured.
"""
import json
import sys

report = json.load(open(sys.argv[1]))["functions"][0]
share = float(sys.argv[2])
if report["budget_kind"] != "saved":
    sys.exit("budget_kind %r" % report["budget_kind"])
saved = report["saved_budget"]
if abs(saved["budget"] - share * saved["unplanned"]) > 1:
    sys.exit("budget %d is not %g of %d" % (saved["budget"], share,
                                             saved["unplanned"]))
if not saved["saved"] <= saved["budget"] < saved["unplanned"]:
    sys.exit("saved %s" % saved)
listed = sum(v["bytes"] for v in report["saved_for_backward"]
             if v["memory"] == "device")
if listed != saved["saved"]:
    sys.exit("the report lists %d saved bytes, the planner measured %d" %
             (listed, saved["saved"]))
if report["peak_after"] > report["budget"]:
    sys.exit("peak %d over the peak budget %d" % (report["peak_after"],
                                                 report["budget"]))
print("saved %d <= budget %d = %g x unplanned %d; the report's saved values "
      "agree" % (saved["saved"], saved["budget"], share, saved["unplanned"]))
