"""Solver speed: 11-card hands (median) and 30-card hands after a big pile (95th percentile).

Targets (issue 5): 11-card hands median under 5 ms; 30-card hands 95th percentile under 100 ms.
Each hand is solved ``--repeat`` times and its median time kept (the machine is shared); a
baseline in the same run, the plain memoised search without the bound, shows what the bound buys
on the 11-card hands.

    python benchmarks/bench_solver.py [--hands 300] [--big 200] [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import time

from buraco_learn.solver import _Search, solve

from _measure import solver_position as position  # beside this file: the same positions compare.py times


def timed(fn: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--big", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    small = [position(s, 11) for s in range(args.hands)]
    big = [position(10_000 + s, 30) for s in range(args.big)]
    t11 = sorted(timed(lambda g=g: solve(g), args.repeat) for g in small)
    base = sorted(timed(lambda g=g: _Search(g, 0, False, prune=False).run(), args.repeat) for g in small)
    t30 = sorted(timed(lambda g=g: solve(g), args.repeat) for g in big)

    def pct(xs: list[float], p: float) -> float:
        return xs[min(len(xs) - 1, int(p * len(xs)))] * 1000

    print(f"11-card hands ({len(t11)}): median {pct(t11, 0.5):.2f} ms, p95 {pct(t11, 0.95):.2f} ms, "
          f"max {t11[-1] * 1000:.2f} ms (target: median < 5 ms); without the bound: median {pct(base, 0.5):.2f} ms "
          f"(ratio {statistics.median(base) / statistics.median(t11):.2f})")
    print(f"30-card hands ({len(t30)}): median {pct(t30, 0.5):.1f} ms, p95 {pct(t30, 0.95):.1f} ms, "
          f"max {t30[-1] * 1000:.1f} ms (target: p95 < 100 ms)")


if __name__ == "__main__":
    main()
