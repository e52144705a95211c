"""Make ``puzzles.txt``: seeded hands played by greedy bots, stopped where a question is worth asking.

    python -m buraco_learn.puzzles.generate [--out path] [--per 4]

Every answer is computed by the solver (or the engine's count) and the file is read back and each
answer re-verified before it is written. The same arguments always give the same file.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from pathlib import Path

from ..bots import GreedyBot, play_hand
from ..game import Game
from ..records import format_position
from ..solver import find_close, solve
from . import KINDS, LEVELS, Puzzle, parse_puzzles, solve_puzzle

PRESET_PLAYERS = (("fibur", 2), ("fibur", 4), ("wikipedia-fr", 2), ("classic-fr", 4), ("ramiroyal", 2),
                  ("fibur", 3))


def compact(game: Game) -> str:
    """The position with the unseen stock and pots written as fills (``s: *``, ``pots: *11``)."""
    parts = [p.strip() for p in format_position(game).split("|")]
    out = []
    for p in parts:
        if p.startswith("s:"):
            out.append("s: *")
        elif p.startswith("pots:"):
            sizes = [len(pot) for pot in game.pots]
            out.append("pots: " + (" / ".join(f"*{n}" for n in sizes) or "-"))
        else:
            out.append(p)
    return " | ".join(out)


def positions(seed: int) -> Iterator[Game]:
    """Play-phase positions (right after a draw) of a hand played by greedy bots, then the end."""
    rules, players = PRESET_PLAYERS[seed % len(PRESET_PLAYERS)]
    g = Game.new(players, rules=rules, seed=seed, dealer=seed % players)
    bots = [GreedyBot(seed * 10 + s) for s in range(players)]
    for _ in range(3000):
        if g.is_over:
            break
        seat = g.to_move
        if g.phase == "play" and g.history and g.history[-1].seat == seat and str(g.history[-1].action) in (
                "draw", "pile"):
            yield g.clone()
        a = bots[seat].choose(g.view(seat), g.legal_actions())
        g.apply(a)
    if g.is_over:
        yield g


def level_of(kind: str, game: Game, solution: str) -> str:
    steps = solution.count(";") + 1 if solution not in ("nothing", "no way to close this turn") else 0
    hand = len(game.hand(game.to_move))
    if kind == "most":
        return "easy" if hand <= 9 and steps <= 1 else ("hard" if hand >= 15 or steps >= 3 else "medium")
    if kind == "close":
        return "easy" if steps <= 2 else ("medium" if steps == 3 else "hard")
    if kind == "safe":
        mine = game.side_of(game.to_move)
        opp = sum(1 for t in game.table if t.owner not in mine)
        return "easy" if opp <= 2 else ("medium" if opp <= 4 else "hard")
    return "easy" if game.players == 2 and not game.result().scores[0].burracos else (
        "hard" if game.players == 3 else "medium")


def generate(per: int = 4, max_seeds: int = 400) -> list[Puzzle]:
    """At least ``per`` puzzles of each kind and level (fewer only if the seeds run out)."""
    want = {(k, lv): per for k in KINDS for lv in LEVELS}
    out: list[Puzzle] = []
    rng = random.Random(2025)
    for seed in range(1, max_seeds):
        if not any(want.values()):
            break
        for g in positions(seed):
            kinds = ["score"] if g.is_over else ["most", "close", "safe"]
            for kind in kinds:
                if rng.random() < 0.6 and kind != "score":
                    continue
                # (An answer the solver could not prove within its budget makes no puzzle.)
                if kind == "most":
                    plan = solve(g)
                    if plan.is_empty or not plan.proven:
                        continue
                if kind == "close" and not g.side_has_pot(g.to_move):
                    continue
                if kind == "close":
                    closing = find_close(g)
                    if not closing.proven or (closing.plan is None and rng.random() < 0.7):
                        continue
                if kind == "safe":
                    mine = g.side_of(g.to_move)
                    if sum(1 for t in g.table if t.owner not in mine) < 2:
                        continue
                answer, solution = solve_puzzle(kind, g)
                if kind == "safe" and (answer == "none" or len(answer.split()) == len(set(g.hand(g.to_move)))):
                    continue
                lv = level_of(kind, g, solution)
                if want[(kind, lv)] <= 0:
                    continue
                want[(kind, lv)] -= 1
                name = f"{lv}-{kind}-{seed}-{len(g.history)}"
                out.append(Puzzle(name, lv, kind, compact(g), answer, solution))
    return out


def to_text(puzzles: list[Puzzle]) -> str:
    lines = ["# buraco_learn puzzles: made by `python -m buraco_learn.puzzles.generate`; every answer is",
             "# verified by the solver (tests/test_puzzles.py checks them again). The question is asked",
             "# of the seat to move (t<seat> in the position header).", ""]
    for p in sorted(puzzles, key=lambda p: (LEVELS.index(p.level), list(KINDS).index(p.kind), p.name)):
        lines += [f"[{p.name}]", f"level: {p.level}", f"kind: {p.kind}", f"question: {p.question}",
                  f"position: {p.position}", f"answer: {p.answer}", f"solution: {p.solution}", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Generate the puzzle file from seeds.")
    ap.add_argument("--out", default=str(Path(__file__).with_name("puzzles.txt")))
    ap.add_argument("--per", type=int, default=3, help="puzzles per kind and level")
    args = ap.parse_args(argv)
    puzzles = generate(args.per)
    text = to_text(puzzles)
    back = parse_puzzles(text)
    bad = [p.name for p in back if not p.verify()]
    if bad:
        print(f"answers that do not verify: {', '.join(bad)}", file=sys.stderr)
        return 1
    Path(args.out).write_text(text, encoding="utf-8")
    print(f"wrote {len(back)} puzzles to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
