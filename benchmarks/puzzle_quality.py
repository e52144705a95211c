"""Generated puzzles (issue 23, part 3): what kind of decision they ask, per theme, to compare two
trees (the lead-up of the position changed, the puzzles must stay real decisions).

For each theme of ``THEMES``, each level and ``--seeds`` seeds from 0, the puzzle ``make_puzzle``
gives is looked at: the mean cards in hand, opponent melds and pile; for the most points, how many
the quick one-step-at-a-time play finds (the legal meld or lay-off with the most natural cards,
again and again: a puzzle it solves is an easy decision) and the mean moves of the answer; for a
safe discard, the mean share of the hand's distinct cards that is safe.

    PYTHONPATH=/path/to/tree python benchmarks/puzzle_quality.py [--seeds 6]
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict

from buraco_learn.actions import LayDown, LayOff
from buraco_learn.errors import BuracoError
from buraco_learn.game import Game
from buraco_learn.puzzles import LEVELS
from buraco_learn.puzzles.generate import THEMES, make_puzzle
from buraco_learn.solver import meld_value


def one_step_points(game: Game) -> int:
    """Points laid down by playing, while one is legal, the meld or lay-off with the most natural
    cards (then the fewest wilds, then the most points), no wild onto a clean meld of five or more."""
    seat = game.to_move
    before = sum(meld_value(t.meld) for t in game.side_melds(seat))
    while True:
        best, best_key = None, None
        for a in game.legal_actions():
            if not isinstance(a, (LayDown, LayOff)):
                continue
            wilds = sum(1 for c in a.cards if c.is_wild)
            if wilds and isinstance(a, LayOff):
                meld = game.table[a.target].meld
                if meld.wild is None and len(meld) >= 5:
                    continue
            key = (len(a.cards) - wilds, -wilds, sum(c.points for c in a.cards))
            if best_key is None or key > best_key:
                best, best_key = a, key
        if best is None:
            break
        game.apply(best)
    return sum(meld_value(t.meld) for t in game.side_melds(seat)) - before


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=6)
    args = ap.parse_args(argv)
    print(f"{'theme':15} {'n':>3} {'hand':>5} {'opp':>4} {'pile':>5}  most: one-step/all, moves  safe share")
    one_step = most_all = 0
    for theme in THEMES:
        rows = []
        for level in LEVELS:
            for seed in range(args.seeds):
                try:
                    p = make_puzzle(theme, level, seed)
                except BuracoError:
                    continue
                g = p.game()
                seat = g.to_move
                row: dict[str, float] = {"hand": len(g.hand(seat)), "pile": len(g.pile),
                                         "opp": sum(1 for t in g.table if t.owner not in g.side_of(seat))}
                if p.kind == "most":
                    row["found"] = one_step_points(g.clone()) >= int(p.answer)
                    row["moves"] = 0 if p.solution == "nothing" else p.solution.count(";") + 1
                if p.kind == "safe":
                    row["safe"] = len(p.answer.split()) / len(set(g.hand(seat)))
                rows.append(row)
        most = [r for r in rows if "found" in r]
        safe = [r for r in rows if "safe" in r]
        one_step += sum(int(r["found"]) for r in most)
        most_all += len(most)
        mean = defaultdict(float, {k: statistics.mean(r[k] for r in rows) for k in ("hand", "opp", "pile")})
        print(f"{theme:15} {len(rows):3} {mean['hand']:5.1f} {mean['opp']:4.1f} {mean['pile']:5.1f}  "
              + (f"{sum(int(r['found']) for r in most):2}/{len(most):2}, {statistics.mean(r['moves'] for r in most):.1f}"
                 if most else "   -      ")
              + (f"  {statistics.mean(r['safe'] for r in safe):.2f}" if safe else ""), flush=True)
    print(f"most points: {one_step} of {most_all} found by the one-step play")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
