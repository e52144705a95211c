"""Random 4-player hands of two trees in ONE process, interleaved: a steadier A/B than fresh
processes on a shared machine (the A-against-A ratio stays within about 2 %).

    python benchmarks/ab_hands.py TREE_A TREE_B [ROUNDS]      # e.g. a `git archive` of a commit

Each tree's core is copied under its own package name (``bl_a``, ``bl_b``; the core imports
itself relatively) into a temporary folder; the workload is ``_measure.py``'s ``hands4`` (15
seeded fibur hands, its random policy, copied here because ``_measure`` imports ``buraco_learn``
by name). Rounds alternate the order (A B, B A, ...); CPU clock; prints each tree's median and
best hands/s and the ratio of the medians (B over A). Module memos stay warm after the first
round, which ``hands4`` (one pass in a fresh process) does not have: a tool for comparing two
steps, not a replacement for ``compare.py``.
"""

from __future__ import annotations

import gc
import importlib
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def _workload(m: Any) -> Callable[[], None]:
    game_cls, discard_cls = m.Game, m.Discard

    def random_step(game: Any, rng: random.Random) -> None:  # _measure.random_step
        acts = game.legal_actions()
        if game.phase == "play":
            discards = [a for a in acts if isinstance(a, discard_cls)]
            others = [a for a in acts if not isinstance(a, discard_cls)]
            game.apply(rng.choice(others) if others and rng.random() < 0.7 else rng.choice(discards))
        else:
            game.apply(rng.choice(acts))

    def hands() -> None:
        for seed in range(15):
            game = game_cls.new(4, rules="fibur", seed=seed)
            rng = random.Random(seed)
            while not game.is_over:
                random_step(game, rng)

    return hands


def main(argv: list[str]) -> None:
    trees = [Path(a).resolve() for a in argv[:2]]
    rounds = int(argv[2]) if len(argv) > 2 else 10
    root = Path(tempfile.mkdtemp(prefix="ab_hands_"))
    try:
        runs = []
        for name, tree in zip(("bl_a", "bl_b"), trees):
            shutil.copytree(tree / "buraco_learn", root / name,
                            ignore=shutil.ignore_patterns("widgets", "course", "render", "exercises", "__pycache__"))
        sys.path.insert(0, str(root))
        runs = [_workload(importlib.import_module("bl_a")), _workload(importlib.import_module("bl_b"))]
        times: list[list[float]] = [[], []]
        for r in range(rounds):
            for i in ((0, 1) if r % 2 == 0 else (1, 0)):
                gc.collect()
                t = time.process_time()
                runs[i]()
                times[i].append(time.process_time() - t)
        for tree, ts in zip(trees, times):
            print(f"{tree}: median {15 / statistics.median(ts):.1f} hands/s, best {15 / min(ts):.1f}")
        print(f"ratio B/A (medians): {statistics.median(times[0]) / statistics.median(times[1]):.3f}")
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])
