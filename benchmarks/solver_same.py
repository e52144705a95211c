"""The solver finds the same best value (and, reported, the same plan) as a baseline commit.

Speed work on the solver must not change what it answers. This script solves fixed, seeded
positions (those of ``_measure.solve11`` and ``solve30``, and 60 of 20 cards; each with
``pot_value`` 0 and 100) in a fresh interpreter against this tree and against a baseline worktree
(made as ``compare.py`` makes it), and compares the answers position by position:

    python benchmarks/solver_same.py --baseline ca0a1f1      # exit 1 if any best value differs
    python benchmarks/solver_same.py --emit                  # this tree's answers, one per line

The best value must be equal everywhere; the plans (the first of the best found, in the search's
order) are compared and reported too.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: (cards in the hand, first seed, positions): the positions of ``_measure.py`` and 60 of 20 cards.
SETS = ((11, 0, 120), (30, 10_000, 60), (20, 20_000, 60))


def emit() -> None:
    """Print this tree's answer for every position: size, seed, pot value, points, the plan."""
    sys.path.insert(0, str(HERE))
    from _measure import solver_position  # beside this file

    from buraco_learn.solver import solve

    for size, first, count in SETS:
        for seed in range(first, first + count):
            game = solver_position(seed, size)
            for pot in (0, 100):
                plan = solve(game, pot_value=pot)
                print(json.dumps([size, seed, pot, plan.points, str(plan)]), flush=True)


def answers(tree: Path) -> list[list[object]]:
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    out = subprocess.run([sys.executable, str(Path(__file__)), "--emit"], env=env, check=True,
                         capture_output=True, text=True, cwd=HERE).stdout
    return [json.loads(line) for line in out.splitlines() if line.startswith("[")]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", default="ca0a1f1", help="commit to compare against (default: ca0a1f1)")
    ap.add_argument("--emit", action="store_true", help="print this tree's answers and exit")
    args = ap.parse_args(argv)
    if args.emit:
        emit()
        return 0
    from compare import ROOT, baseline_tree  # beside this file

    base = answers(baseline_tree(args.baseline))
    cur = answers(ROOT)
    if len(base) != len(cur):
        print(f"{len(base)} answers from the baseline, {len(cur)} from this tree")
        return 1
    values = [(b, c) for b, c in zip(base, cur) if b[3] != c[3]]
    plans = [(b, c) for b, c in zip(base, cur) if b[4] != c[4]]
    for b, c in values[:10]:
        print(f"value differs: {b[0]} cards, seed {b[1]}, pot {b[2]}: {b[3]} -> {c[3]}")
    for b, c in plans[:10]:
        print(f"plan differs: {b[0]} cards, seed {b[1]}, pot {b[2]}:\n  {b[4]}\n  {c[4]}")
    print(f"{len(cur)} answers: {len(values)} best values differ, {len(plans)} plans differ "
          f"(baseline {args.baseline}, this tree {ROOT})")
    return 1 if values else 0


if __name__ == "__main__":
    sys.exit(main())
