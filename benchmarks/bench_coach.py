"""Coach verdict time (issue 23): median, p95 and worst of ``coach.judge`` over positions of real play.

Positions: seeded hands of strong bots (2 and 4 players, alternately; seeds 0 to ``--hands - 1``),
every decision of every seat. At each one, two verdicts are timed: on the move the bot played
(a good player's move), and on a random legal move of the same position (a learner's mistake:
most of them are lays and discards that the coach must count). Each verdict is timed once on
the CPU clock (``time.process_time``) with the bots' plan memo cleared first, as for a learner's
move the bots never weighed. Also counted: verdicts that rest on a best found (the budget
reached), and how many verdicts are exact, judgements, mistakes.

Plus ``--big`` hand-built big hands (``bench_hint.py``'s: 22 to 44 cards, the pot taken and a
burraco on the table), each judged on the strong bot's move and on a random legal move.

    python benchmarks/bench_coach.py [--hands 12] [--every 1] [--big 10]
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from buraco_learn import Game, bots
from buraco_learn.bots import make_bot
from buraco_learn.coach import judge


def positions(hands: int, every: int) -> list[tuple[Game, object, object]]:
    """(position, the bot's move, a random legal move) at every ``every``-th decision of the hands."""
    out: list[tuple[Game, object, object]] = []
    for seed in range(hands):
        players = 2 if seed % 2 == 0 else 4
        g = Game.new(players, seed=seed, dealer=seed % players)
        players_ = [make_bot("strong", seed * 10 + s) for s in range(players)]
        rng = random.Random(seed)
        k = 0
        while not g.is_over and k < 2000:
            legal = g.legal_actions()
            action = players_[g.to_move].choose(g.view(g.to_move), legal)
            if k % every == 0:
                out.append((g.clone(), action, rng.choice(legal)))
            g.apply(action)
            k += 1
    return out


def big_cases(count: int) -> list[tuple[Game, object, object]]:
    """``bench_hint.py``'s big hands, with the strong bot's move and a random legal move."""
    from bench_hint import big_positions  # noqa: PLC0415 - it reads the tests' hands

    out: list[tuple[Game, object, object]] = []
    rng = random.Random(0)
    for g in big_positions(count):
        legal = g.legal_actions()
        out.append((g, make_bot("strong", 0).choose(g.view(g.to_move), legal), rng.choice(legal)))
    return out


def timed(cases: list[tuple[Game, object, object]], which: int) -> tuple[list[float], Counter[str]]:
    times: list[float] = []
    kinds: Counter[str] = Counter()
    for case in cases:
        g, action = case[0], case[which]
        bots._PLANS.clear()
        gc.collect()
        t = time.process_time()
        v = judge(g, action)  # type: ignore[arg-type]
        times.append((time.process_time() - t) * 1000)
        kinds["exact" if v.exact else "judgement"] += 1
        kinds["mistake"] += v.mistake
        kinds["best found"] += not v.proven
    return sorted(times), kinds


def summary(label: str, times: list[float], kinds: Counter[str]) -> str:
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return (f"{label}: {len(times)} verdicts, median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, "
            f"worst {times[-1]:.0f} ms; exact {kinds['exact']}, judgements {kinds['judgement']}, "
            f"mistakes {kinds['mistake']}, on a best found {kinds['best found']}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=12, help="seeded hands of strong bots (2 and 4 players in turn)")
    ap.add_argument("--every", type=int, default=1, help="one decision in this many")
    ap.add_argument("--big", type=int, default=10, help="hand-built 30-card hands added (bench_hint.py's)")
    args = ap.parse_args()
    cases = positions(args.hands, args.every)
    t_bot, k_bot = timed(cases, 1)
    print(summary("the bots' own moves", t_bot, k_bot), flush=True)
    t_rnd, k_rnd = timed(cases, 2)
    print(summary("random legal moves", t_rnd, k_rnd), flush=True)
    print(summary("all", sorted(t_bot + t_rnd), k_bot + k_rnd), flush=True)
    big = big_cases(args.big)
    t_big, k_big = timed(big, 1)
    t_big2, k_big2 = timed(big, 2)
    print(summary("hand-built big hands (22 to 44 cards), both moves", sorted(t_big + t_big2), k_big + k_big2))


if __name__ == "__main__":
    main()
