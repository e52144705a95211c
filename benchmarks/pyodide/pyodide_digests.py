"""Digests of seeded hands played by bots and by the random policy, computed the same way under
CPython and under Pyodide: the two must be equal (the engine decides identically in the browser)."""

import hashlib
import random

from buraco_learn import Game
from buraco_learn.bots import make_bot, play_hand
from buraco_learn.records import game_record


def digests() -> dict[str, str]:
    out = {}
    for rules, players in (("fibur", 2), ("fibur", 4), ("ramiroyal", 2)):
        for level in ("random", "greedy", "strong"):
            seed = 700 + players
            g = Game.new(players, rules=rules, seed=seed)
            play_hand(g, [make_bot(level, seed + i) for i in range(players)])
            out[f"{rules}-{players}p-{level}"] = hashlib.sha256(game_record(g).encode()).hexdigest()[:16]
    for seed in range(3):
        g = Game.new(3, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
            g.check_invariants()
        while g.actions:
            g.undo()
        out[f"random-3p-{seed}-undone"] = hashlib.sha256(g.position().encode()).hexdigest()[:16]
    return out
