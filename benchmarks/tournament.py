"""Bot tournament: seeded hands between levels, win rates and mean point differences with 95%
confidence intervals; optionally the same hands played by another tree's bots, compared hand by hand.

Each pairing plays ``--hands`` hands; seats alternate every ``players`` seeds, so that each level
deals half the hands (and with 4 players each level is one partnership), the same seeds for every
pairing. A hand is won by the side with the higher
count; a tie counts half. The win rate's interval is the Wilson score interval at 95%; the mean
point difference (A's count minus B's) has a normal interval at 95% (mean +- 1.96 s / sqrt(n)).

    python benchmarks/tournament.py [--hands 1000] [--players 2 4] [--jobs 2] [--first-seed 1]
    python benchmarks/tournament.py --against /work/wt/base353 ...   # before (that tree) and after (this one)

With ``--against DIR`` each table is played twice, by this tree's bots and by those of ``DIR`` (a
worktree of another commit, read only: its package is imported from ``DIR``), on the same seeds, in
one run; the last column compares the two hand by hand (this tree's difference minus DIR's on the
same seed, with a 95% interval on the paired mean).

With ``--old DIR`` a level may be named ``old:<level>`` in ``--pairings`` (for example
``strong-old:strong``): that seat's bot is the one of ``DIR``'s ``buraco_learn/bots.py`` (a tree of
another commit), loaded as a module of THIS package, so that its relative imports are this tree's
engine and solver: one game, one engine, the two trees' bots at one table (head to head). The old
bots module must still run on this engine (it does while the names it imports from the package
are still there).

    python benchmarks/tournament.py --players 2 --hands 200 --pairings strong-old:strong --old /work/wt/base353

Tune on one seed range (for example ``--first-seed 100001``) and report on another (the default).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import os
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from buraco_learn.players import Player

PAIRINGS = (("greedy", "random"), ("strong", "greedy"), ("strong", "random"))


#: The bots module of another tree (``--old DIR``), loaded once per process (see :func:`_old_bots`).
_OLD: dict[str, ModuleType] = {}


def _old_bots(tree: str) -> ModuleType:
    """``tree``'s ``buraco_learn/bots.py`` as the module ``buraco_learn._old_bots``: a module of this
    tree's package, so that ``from .game import ...`` and the like are this tree's engine and solver
    (one engine for every seat). Only the bots and their policy come from ``tree``."""
    mod = _OLD.get(tree)
    if mod is None:
        name = "buraco_learn._old_bots"
        path = Path(tree) / "buraco_learn" / "bots.py"
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None, path
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
        _OLD[tree] = mod
    return mod


def _bot(level: str, seed: int, old: str | None) -> Player:
    """The bot of ``level`` (``old:<level>``: the one of the ``--old`` tree, :func:`_old_bots`)."""
    from buraco_learn.bots import make_bot

    if level.startswith("old:"):
        if old is None:
            raise SystemExit(f"level {level!r} needs --old DIR")
        bot: Player = _old_bots(old).make_bot(level[4:], seed)
        return bot
    return make_bot(level, seed)


def one_hand(args: tuple[str, str, int, int, str | None]) -> tuple[float, int]:
    """Play one hand (levels A and B, players, seed, the ``--old`` tree); returns (A's result: 1,
    0.5 or 0, A's score minus B's)."""
    from buraco_learn import Game
    from buraco_learn.bots import play_hand

    a, b, players, seed, old = args
    g = Game.new(players, rules="fibur", seed=seed, dealer=seed % players)
    # Levels change seats every ``players`` seeds, so that each deals half the hands (the dealer is
    # ``seed % players``; A seated first on even seeds made A the dealer of every 2-player hand).
    a_first = (seed // players) % 2 == 0
    seats = [_bot(a if (s % 2 == 0) == a_first else b, seed * 10 + s, old) for s in range(players)]
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


def mean_ci(xs: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """The mean of ``xs`` and its normal 95% interval (mean +- z s / sqrt(n))."""
    n = len(xs)
    m = sum(xs) / n
    s = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    h = z * s / math.sqrt(n)
    return m, m - h, m + h


def play_all(args: argparse.Namespace) -> dict[str, dict[str, object]]:
    """Every table of the run: ``"<players>p <a>-<b>"`` -> results per hand and hands per second."""
    out: dict[str, dict[str, object]] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        for players in args.players:
            for pairing in args.pairings:
                a, b = pairing.split("-")
                t = time.perf_counter()
                seeds = range(args.first_seed, args.first_seed + args.hands)
                results = list(pool.map(one_hand, [(a, b, players, s, args.old) for s in seeds], chunksize=4))
                dt = time.perf_counter() - t
                out[f"{players}p {pairing}"] = {"wins": [r for r, _ in results], "diffs": [d for _, d in results],
                                                "rate": len(results) / dt}
                if args.json is None:
                    print_row(f"{players}p {pairing}", out[f"{players}p {pairing}"], None)
    return out


def print_header(compare: bool) -> None:
    print(f"{'table':<28}{'hands':>6}{'A wins':>8}{'95% CI':>16}{'mean diff':>11}{'95% CI':>18}{'hands/s':>9}"
          + (f"{'after-before (paired)':>30}" if compare else ""))


def print_row(name: str, r: dict[str, object], before: dict[str, object] | None, label: str = "") -> None:
    wins: list[float] = r["wins"]  # type: ignore[assignment]
    diffs: list[float] = r["diffs"]  # type: ignore[assignment]
    n = len(wins)
    p = sum(wins) / n
    lo, hi = wilson(p, n)
    m, mlo, mhi = mean_ci(diffs)
    line = (f"{label + name:<28}{n:>6}{p:>8.3f}  [{lo:.3f}, {hi:.3f}]{m:>+11.1f}  [{mlo:+7.1f}, {mhi:+7.1f}]"
            f"{r['rate']:>9.2f}")
    if before is not None:
        paired = [x - y for x, y in zip(diffs, before["diffs"])]  # type: ignore[call-overload]
        pm, plo, phi = mean_ci(paired)
        line += f"{pm:>+12.1f}  [{plo:+7.1f}, {phi:+7.1f}]"
    print(line, flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--first-seed", type=int, default=1,
                    help="seeds first..first+hands-1 (tune on one range, report on another)")
    ap.add_argument("--pairings", nargs="+", default=[f"{a}-{b}" for a, b in PAIRINGS])
    ap.add_argument("--against", metavar="DIR", help="also play the same hands with the package of this tree")
    ap.add_argument("--old", metavar="DIR", help="the tree whose bots the levels old:<level> are (head to head)")
    ap.add_argument("--json", metavar="FILE", help=argparse.SUPPRESS)  # one tree's results, for --against
    args = ap.parse_args()
    if args.against is None:
        if args.json is None:
            print_header(False)
        out = play_all(args)
        if args.json is not None:
            Path(args.json).write_text(json.dumps(out))
        return
    here = Path(__file__).resolve().parent.parent
    trees = {"after": here, "before": Path(args.against).resolve()}
    files = {}
    for name, tree in trees.items():
        files[name] = Path(f"/tmp/tournament-{os.getpid()}-{name}.json")
        cmd = [sys.executable, str(Path(__file__).resolve()), "--hands", str(args.hands), "--jobs", str(args.jobs),
               "--first-seed", str(args.first_seed), "--players", *map(str, args.players),
               "--pairings", *args.pairings, "--json", str(files[name]), *(["--old", args.old] if args.old else [])]
        env = dict(os.environ, PYTHONPATH=str(tree))
        subprocess.run(cmd, env=env, cwd=tree, check=True)
    got = {name: json.loads(f.read_text()) for name, f in files.items()}
    for f in files.values():
        f.unlink()
    print(f"before: {trees['before']}  after: {trees['after']}")
    print_header(True)
    for key in got["after"]:
        print_row(key, got["before"][key], None, "before ")
        print_row(key, got["after"][key], got["before"][key], "after  ")


if __name__ == "__main__":
    main()
