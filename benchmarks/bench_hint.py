"""Hint time under the solver's node budget (issue 21): median, p95 and worst, on soak positions
and on hand-built big hands.

Positions: the hands of ``soak.py`` (every preset and player count in turn, the same seeds and
the same random legal policy), sampled: from hand ``i`` of ``--hands``, the positions after
``--every``-th actions (a seeded offset per hand), so that every phase and hand size of the
soak is met; plus big hands built by hand: the 22-, 30- and 44-card positions of
``tests/test_solver_budget.py`` and ``--big`` 30-card hands of ``_measure.solver_position``
with the pot taken and a burraco on the table (a pile taken late). Each position's ``hint()`` is
timed once on the CPU clock (``time.process_time``) in a fresh state of the bots' plan memo,
and the solver's verdict is counted: proven, or the best found.

    python benchmarks/bench_hint.py [--hands 10000] [--every 40] [--big 30]

The garbage collector: ``--gc frozen`` (the default) collects before each hint, untimed, and
then freezes what is left (``gc.freeze``), so that a hint is timed with the collections of its own
garbage only, as in a learner's kernel, not with a full collection of the 10,000 hands' memo
tables (``memo._MEMO_MAX`` entries each, over a million objects late in a run). ``--gc natural``
forces nothing: the collector runs when it would in this one long process. A collection before
each hint without the freeze (what this script did first) walked the whole heap, 80 ms a
position and growing: the 10,000 hands took over an hour of CPU. Each position's time in the
collector is counted (``gc.callbacks``) and printed for the slowest. Every ``--progress``
hands a line on stderr says how far it is: hands, positions, the median and the slowest so far.

The 10,000 hands take about 10 CPU minutes (the plan memo cleared before each hint); on a shared machine they can be run in parts
(``--first`` picks the first hand, ``--json`` keeps a part's times) and the whole printed from
the parts:

    python benchmarks/bench_hint.py --first 0 --hands 5000 --json a.json
    python benchmarks/bench_hint.py --first 5000 --hands 5000 --big 0 --json b.json
    python benchmarks/bench_hint.py --merge a.json b.json
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))

from buraco_learn import Game  # noqa: E402
from buraco_learn import bots  # noqa: E402
from buraco_learn.hints import hint  # noqa: E402

from soak import COMBOS  # noqa: E402
from test_properties import pick  # type: ignore[import-not-found]  # noqa: E402
from test_solver_budget import HAND22, HAND22_WILD, HAND30, HAND44, position  # type: ignore[import-not-found]  # noqa: E402
from _measure import solver_position  # noqa: E402


def soak_positions(hands: int, every: int, seed: int = 0, done: list[int] | None = None) -> Iterator[Game]:
    """Positions of ``soak.py``'s hands (seeds ``seed`` to ``seed + hands - 1``), one every
    ``every`` actions from a seeded offset, the hand not over; yielded one at a time, so that
    10,000 hands need no more memory than one. ``done``, if given, holds how many hands were
    begun (for the progress lines)."""
    for i in range(hands):
        if done is not None:
            done[0] = i + 1
        s = seed + i
        name, players = COMBOS[s % len(COMBOS)]
        g = Game.new(players, rules=name, seed=s, dealer=s % players)
        rng = random.Random(s)
        offset = random.Random(-1 - s).randrange(every)
        steps = 0
        while not g.is_over:
            if steps % every == offset:
                yield g.clone()
            g.apply(pick(g, rng))
            steps += 1


def big_positions(count: int) -> list[Game]:
    """The test's hand-built 22-, 30- and 44-card hands, and ``count`` 30-card hands of
    ``solver_position`` with the pot taken and a burraco on the side (closing is asked too)."""
    out = [position(*spec) for spec in (HAND22, HAND22_WILD, HAND30, HAND44)]
    for seed in range(count):
        g = solver_position(40_000 + seed, 30)
        text = g.position().replace("| pots: *11 / *11 | took: -", "| pots: *11 | took: 0")
        hand = text.split("| h: ", 1)[1].split(" /", 1)[0]
        text = text.replace("| m: -", "| m: 0=3S 4S 5S 6S 7S 8S 9S") if "3S" not in hand.split() else text
        try:
            out.append(Game.from_position(text))
        except Exception:  # noqa: BLE001 - a hand holding the burraco's cards twice: skip it
            continue
    return out


_IN_GC = [0.0, 0.0]  # CPU seconds in the collector since the last reset; when the current collection began


def _count_gc(phase: str, info: dict[str, int]) -> None:
    if phase == "start":
        _IN_GC[1] = time.process_time()
    else:
        _IN_GC[0] += time.process_time() - _IN_GC[1]


def timed(games: Iterable[Game], progress: Callable[[list[float], float], None] | None = None,
          frozen: bool = True) -> tuple[list[float], int, tuple[float, str]]:
    """Each position's hint time in ms (the plan memo cleared first, the collector left alone), and how many hints rested on
    a plan or close search the budget stopped (``Plan.proven`` False, or "best found"). The
    slowest position is printed with its time in the collector, so that it can be studied;
    ``progress`` is called after each position with the times so far and the slowest. ``frozen``:
    collect and freeze the heap before each hint (untimed)."""
    times = []
    unproven = 0
    worst = (-1.0, "")
    worst_gc = 0.0
    if _count_gc not in gc.callbacks:
        gc.callbacks.append(_count_gc)
    for g in games:
        bots._PLANS.clear()
        if frozen:
            gc.collect()
            gc.freeze()
        _IN_GC[0] = 0.0
        t = time.process_time()
        h = hint(g)
        ms = (time.process_time() - t) * 1000
        times.append(ms)
        unproven += "best found" in str(h)
        if ms > worst[0]:
            worst = (ms, g.position())
            worst_gc = _IN_GC[0] * 1000
        if progress is not None:
            progress(times, worst[0])
    if worst[1]:
        print(f"  slowest ({worst[0]:.1f} ms, {worst_gc:.1f} ms of it in the collector): {worst[1]}", flush=True)
    return sorted(times), unproven, worst


def summary(label: str, times: list[float], unproven: int) -> str:
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return (f"{label}: {len(times)} positions, median {statistics.median(times):.2f} ms, p95 {p95:.2f} ms, "
            f"worst {times[-1]:.1f} ms; best found (budget reached) in {unproven}")


def merged(paths: list[Path]) -> None:
    """Print the summaries of parts written by ``--json`` (each the times of its soak and big
    positions), as one run over all of them would."""
    parts = [json.loads(p.read_text(encoding="utf-8")) for p in paths]
    soak = sorted(t for part in parts for t in part["soak"])
    big = sorted(t for part in parts for t in part["big"])
    u_soak = sum(part["soak_unproven"] for part in parts)
    u_big = sum(part["big_unproven"] for part in parts)
    hands = sum(part["hands"] for part in parts)
    every = {part["every"] for part in parts}
    slowest = max((part["slowest"] for part in parts), key=lambda w: w[0])
    print(f"  slowest ({slowest[0]:.1f} ms): {slowest[1]}")
    print(summary(f"soak ({hands} hands, one position every {'/'.join(map(str, sorted(every)))} actions)", soak, u_soak))
    if big:
        print(summary("hand-built big hands (22 to 44 cards)", big, u_big))
    print(summary("all", sorted(soak + big), u_soak + u_big))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=10_000, help="soak hands sampled (soak.py's 10,000 by default)")
    ap.add_argument("--every", type=int, default=40, help="one position every this many actions of a hand")
    ap.add_argument("--big", type=int, default=30, help="30-card hands of solver_position added "
                    "(with the test's hand-built hands; 0: none of them)")
    ap.add_argument("--first", type=int, default=0, help="the first soak hand (a part of a run)")
    ap.add_argument("--json", type=Path, help="also write this part's times to this file")
    ap.add_argument("--merge", type=Path, nargs="+", help="print the summary of parts written by --json, and exit")
    ap.add_argument("--gc", choices=("frozen", "natural"), default="frozen",
                    help="collect and freeze the heap before each hint (default), or leave the collector alone")
    ap.add_argument("--progress", type=int, default=500, help="a progress line every this many hands (0: none)")
    args = ap.parse_args()
    if args.merge:
        merged(args.merge)
        return
    done = [0]
    shown = [0]
    started = time.process_time()

    def progress(times: list[float], slowest: float) -> None:
        if args.progress and done[0] - shown[0] >= args.progress:
            shown[0] = done[0]
            print(f"  {done[0]} of {args.hands} hands, {len(times)} positions, median "
                  f"{statistics.median(times):.2f} ms, slowest {slowest:.1f} ms so far "
                  f"({time.process_time() - started:.0f} s of CPU)", file=sys.stderr, flush=True)

    soak = soak_positions(args.hands, args.every, seed=args.first, done=done)
    label = f"soak ({args.hands} hands from hand {args.first}, one position every {args.every} actions)"
    t_soak, u_soak, w_soak = timed(soak, progress, frozen=args.gc == "frozen")
    print(summary(label, t_soak, u_soak), flush=True)
    t_big: list[float] = []
    u_big, w_big = 0, (-1.0, "")
    if args.big:
        t_big, u_big, w_big = timed(big_positions(args.big), frozen=args.gc == "frozen")
        print(summary("hand-built big hands (22 to 44 cards)", t_big, u_big))
    if t_soak or t_big:
        print(summary("all", sorted(t_soak + t_big), u_soak + u_big))
    if args.json:
        args.json.write_text(json.dumps({"hands": args.hands, "first": args.first, "every": args.every,
                                         "soak": t_soak, "soak_unproven": u_soak, "big": t_big,
                                         "big_unproven": u_big, "slowest": max(w_soak, w_big)}), encoding="utf-8")


if __name__ == "__main__":
    main()
