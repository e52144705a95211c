"""Bot tournament: seeded hands between levels, win rates with 95% confidence intervals.

Each pairing plays ``--hands`` hands; seats alternate (and with 4 players each level is one
partnership), the same seeds for every pairing. A hand is won by the side with the higher
count; a tie counts half. The interval is the Wilson score interval at 95%.

    python benchmarks/tournament.py [--hands 1000] [--players 2 4] [--jobs 2] [--first-seed 1]

Tune on one seed range (for example ``--first-seed 100001``) and report on another (the default).
"""

from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor

from buraco_learn import Game
from buraco_learn.bots import make_bot, play_hand

PAIRINGS = (("greedy", "random"), ("strong", "greedy"), ("strong", "random"))


def one_hand(args: tuple[str, str, int, int]) -> tuple[float, int]:
    """Play one hand; returns (A's result: 1, 0.5 or 0, A's score minus B's)."""
    a, b, players, seed = args
    g = Game.new(players, rules="fibur", seed=seed, dealer=seed % players)
    a_first = seed % 2 == 0
    seats = [make_bot(a if (s % 2 == 0) == a_first else b, seed * 10 + s) for s in range(players)]
    res = play_hand(g, seats)
    a_side = 0 if a_first else 1
    diff = res.scores[a_side].total - res.scores[1 - a_side].total
    return (1.0 if diff > 0 else 0.5 if diff == 0 else 0.0), diff


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``p`` over ``n`` trials."""
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return centre - half, centre + half


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--first-seed", type=int, default=1,
                    help="seeds first..first+hands-1 (tune on one range, report on another)")
    ap.add_argument("--pairings", nargs="+", default=[f"{a}-{b}" for a, b in PAIRINGS])
    args = ap.parse_args()
    print(f"{'pairing':<18}{'players':>8}{'hands':>7}{'A wins':>9}{'95% CI':>17}{'mean diff':>11}{'hands/s':>9}")
    with ProcessPoolExecutor(args.jobs) as pool:
        for players in args.players:
            for pairing in args.pairings:
                a, b = pairing.split("-")
                t = time.perf_counter()
                seeds = range(args.first_seed, args.first_seed + args.hands)
                results = list(pool.map(one_hand, [(a, b, players, s) for s in seeds], chunksize=10))
                dt = time.perf_counter() - t
                n = len(results)
                p = sum(r for r, _ in results) / n
                lo, hi = wilson(p, n)
                mean = sum(d for _, d in results) / n
                print(f"{a + ' v ' + b:<18}{players:>8}{n:>7}{p:>9.3f}   [{lo:.3f}, {hi:.3f}]{mean:>11.1f}"
                      f"{n / dt:>9.2f}", flush=True)


if __name__ == "__main__":
    main()
