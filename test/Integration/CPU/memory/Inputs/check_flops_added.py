"""flops_added of a plan equals the planned function's FLOPs minus the
original's (both as remat-rematerialize reports flops_total), and the moves
it reports are the recomputations that add nothing.

Usage: check_flops_added.py GRAD.mlir PLAN.json AGAIN.json
"""
import json
import sys

_, plan_path, again_path = sys.argv[1:4]
plan = json.load(open(plan_path))["functions"][0]
again = json.load(open(again_path))["functions"][0]
grown = again["flops_total"] - plan["flops_total"]
if grown != plan["flops_added"]:
    sys.exit("flops_added %d, but the planned function computes %d FLOPs more "
             "than the original (moves: %d FLOPs)" %
             (plan["flops_added"], grown, plan["flops_moved"]))
moves = [r for r in plan["recomputed"] if r["move"]]
if len(moves) != plan["moves"] or \
        sum(r["flops"] for r in moves) != plan["flops_moved"]:
    sys.exit("moves %d (%d FLOPs) disagree with the recomputed list %s" %
             (plan["moves"], plan["flops_moved"], moves))
if not plan["moves"]:
    sys.exit("no move in this plan: the test no longer exercises moves")
print("flops_added equals planned minus original; %d move(s) not charged" %
      plan["moves"])
