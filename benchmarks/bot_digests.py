"""Whether the engine and the bots still decide exactly as before a speed change.

Plays seeded hands (the random policy of ``_measure.py`` with every list of legal actions hashed
in order, and greedy and strong bots under every preset with 2, 3 and 4 players) and prints one
digest per hand: the ``game_record`` of the finished hand, and for the random policy also each
``legal_actions()`` list met on the way (its order matters: a random player picks by index).

    python benchmarks/bot_digests.py --save /tmp/before.json    # on the old tree
    python benchmarks/bot_digests.py --check /tmp/before.json   # on the new one: exit 1 on a change
    python benchmarks/bot_digests.py --quick --check ...        # a smaller set

``benchmarks/bot_digests.json`` holds the digests ``--check`` compares against without a file: the
random policy's those of the tree the engine speed-up (issue 12) started from, ``d18648f``; the
bots' those of the fourth pass's branch ``speed4-bots``, whose bots keep their turn's plan across the
play phase (a plan of the same value as a new solve's, but not always the same plan: 39 of the 162
digests, all bot hands, changed there). Regenerate it with ``--save benchmarks/bot_digests.json``
only when the bots are meant to decide differently.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from buraco_learn import Game  # noqa: E402
from buraco_learn.bots import make_bot, play_hand  # noqa: E402
from buraco_learn.errors import BuracoError  # noqa: E402
from buraco_learn.records import game_record  # noqa: E402
from buraco_learn.rules import get_rules  # noqa: E402

from _measure import random_step  # noqa: E402

STORED = HERE / "bot_digests.json"


def _h(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def random_policy(seed: int, players: int, rules: str) -> str:
    """The random policy's hand, with every legal-action list (in order) and the record hashed."""
    g = Game.new(players, rules=rules, seed=seed)
    rng = random.Random(seed)
    lists = hashlib.sha256()
    while not g.is_over:
        lists.update("|".join(map(str, g.legal_actions())).encode() + b"\n")
        random_step(g, rng)
    return _h(lists.hexdigest() + game_record(g))


def bot_hand(level: str, seed: int, players: int, rules: str) -> str:
    g = Game.new(players, rules=rules, seed=seed, dealer=seed % players)
    play_hand(g, [make_bot(level, seed * 10 + i) for i in range(players)])
    return _h(game_record(g))


def digests(quick: bool = False) -> dict[str, str]:
    out: dict[str, str] = {}
    presets = ("fibur", "ramiroyal", "classic-fr", "wikipedia-fr")
    n_random = 2 if quick else 10
    n_greedy = 1 if quick else 6
    n_strong = 1 if quick else 2
    for rules in presets:
        for players in (2, 3, 4):
            try:
                get_rules(rules).check_players(players)
            except BuracoError:
                continue
            for seed in range(n_random):
                out[f"random-{rules}-{players}p-{seed}"] = random_policy(seed, players, rules)
            for seed in range(n_greedy):
                out[f"greedy-{rules}-{players}p-{seed}"] = bot_hand("greedy", seed, players, rules)
            if not quick or rules == "fibur":
                for seed in range(n_strong):
                    out[f"strong-{rules}-{players}p-{seed}"] = bot_hand("strong", seed, players, rules)
        print(f"{rules}: done", file=sys.stderr, flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--save", help="write the digests to this JSON file")
    ap.add_argument("--check", nargs="?", const=str(STORED), help="compare with this JSON file (default: stored)")
    ap.add_argument("--quick", action="store_true", help="fewer hands")
    args = ap.parse_args(argv)
    got = digests(args.quick)
    if args.save:
        Path(args.save).write_text(json.dumps(got, indent=1, sort_keys=True) + "\n")
    if args.check:
        want = json.loads(Path(args.check).read_text())
        diff = [k for k in got if k in want and want[k] != got[k]]
        missing = [k for k in got if k not in want]
        print(f"{len(got) - len(diff) - len(missing)} of {len(got)} hands identical; differ: {diff or 'none'}"
              + (f"; not in {args.check}: {missing}" if missing else ""))
        return 1 if diff else 0
    if not args.save:
        print(json.dumps(got, indent=1, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
