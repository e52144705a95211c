"""Generated puzzles (issue 23, part 3): the time to make one puzzle on demand, per theme and
level, and every answer proved again.

For each theme of ``THEMES`` and each level, ``--seeds`` seeds from ``--first``: ``make_puzzle``
is timed once on the CPU clock (``time.process_time``), then the puzzle's answer is proved again
by the solver (``Puzzle.verify``, not timed) and made again from its seed (it must be equal).
Prints the median and worst per theme, and the median, p95 and worst over all.

    python benchmarks/bench_puzzles.py [--seeds 6] [--first 0]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from buraco_learn.errors import BuracoError
from buraco_learn.puzzles import LEVELS
from buraco_learn.puzzles.generate import THEMES, make_puzzle
from buraco_learn.solver import shared_budget


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=6)
    ap.add_argument("--first", type=int, default=0)
    args = ap.parse_args(argv)
    every: list[float] = []
    bad = 0
    for theme in THEMES:
        times: list[float] = []
        missing = 0
        answers: dict[str, int] = {}
        for level in LEVELS:
            for seed in range(args.first, args.first + args.seeds):
                t = time.process_time()
                try:
                    p = make_puzzle(theme, level, seed)
                except BuracoError:
                    missing += 1
                    times.append(time.process_time() - t)
                    continue
                times.append(time.process_time() - t)
                with shared_budget():
                    ok = p.verify()
                if not ok or make_puzzle(theme, level, seed) != p:
                    bad += 1
                    print(f"  NOT REPRODUCED OR NOT PROVED: {p.name}", file=sys.stderr)
                key = p.answer if p.kind in ("close", "pile") else p.kind
                answers[key] = answers.get(key, 0) + 1
        every += times
        ms = sorted(1000 * x for x in times)
        print(f"{theme:8} median {statistics.median(ms):6.0f} ms  worst {ms[-1]:6.0f} ms  "
              f"none found {missing}  answers {answers}", flush=True)
    ms = sorted(1000 * x for x in every)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    print(f"all {len(ms)} puzzles: median {statistics.median(ms):.0f} ms, p95 {p95:.0f} ms, worst {ms[-1]:.0f} ms; "
          f"not proved or not reproduced: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
