"""One measure of ``compare.py``, run in a fresh interpreter against whichever ``buraco_learn``
comes first on ``PYTHONPATH``; prints one JSON line ``{"value": ..., "tree": ...}``.

    PYTHONPATH=/path/to/tree python benchmarks/_measure.py hands4

Workloads are fixed and seeded; times are CPU time (``time.process_time``). Only public API that
every tree since the engine landed has is used, so a baseline commit can run the same workload.
"""

from __future__ import annotations

import gc
import json
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence

import buraco_learn
from buraco_learn import Discard, Game, Meld, format_cards, is_valid_meld


def random_step(game: Game, rng: random.Random) -> None:
    """The policy of ``bench_hands.py``: a meld or lay-off with probability 0.7, else a discard."""
    acts = game.legal_actions()
    if game.phase == "play":
        discards = [a for a in acts if isinstance(a, Discard)]
        others = [a for a in acts if not isinstance(a, Discard)]
        game.apply(rng.choice(others) if others and rng.random() < 0.7 else rng.choice(discards))
    else:
        game.apply(rng.choice(acts))


def random_hand(seed: int, players: int = 4) -> Game:
    game = Game.new(players, rules="fibur", seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        random_step(game, rng)
    return game


def cpu(fn: Callable[[], object]) -> float:
    gc.collect()
    t = time.process_time()
    fn()
    return time.process_time() - t


def hands4() -> float:
    hands = 15
    return hands / cpu(lambda: [random_hand(s) for s in range(hands)])


def greedy2() -> float:
    from buraco_learn.bots import make_bot, play_hand

    hands = 4

    def run() -> None:
        for seed in range(hands):
            g = Game.new(2, rules="fibur", seed=seed, dealer=seed % 2)
            play_hand(g, [make_bot("greedy", seed * 10), make_bot("greedy", seed * 10 + 1)])

    return hands / cpu(run)


def legal() -> float:
    positions: list[Game] = []
    for seed in range(4):
        game = Game.new(4, rules="fibur", seed=1000 + seed)
        rng = random.Random(seed)
        while not game.is_over:
            positions.append(game.clone())
            random_step(game, rng)
    return len(positions) / cpu(lambda: [g.legal_actions() for g in positions])


def _corpus() -> list[tuple]:
    from meld_corpus import corpus  # beside this file

    return corpus(6000)


def from_cards() -> float:
    melds = _corpus()

    def run() -> None:
        for cards in melds:
            try:
                m = Meld.from_cards(cards)
                m.points, m.burraco
            except Exception as err:  # noqa: BLE001 - the refusal's sentence is part of the work
                str(err)

    return len(melds) / cpu(run)


def valid() -> float:
    melds = _corpus()
    return len(melds) / cpu(lambda: [is_valid_meld(c) for c in melds])


def hint08() -> float:
    from buraco_learn.bots import make_bot
    from buraco_learn.exercises.catalog import PLAY, PLAY_LATER
    from buraco_learn.hints import hint

    positions = [Game.from_position(PLAY), Game.from_position(PLAY_LATER)]
    after_draw = Game.from_position(PLAY)
    after_draw.apply(after_draw.legal_actions()[0])
    positions.append(after_draw)
    # A hand of notebook 08 played on by two greedy players: every turn of the learner's seat.
    g = Game.from_position(PLAY)
    bots = [make_bot("greedy", 1), make_bot("greedy", 2)]
    while not g.is_over and len(positions) < 16:
        if g.to_move == 0:
            positions.append(g.clone())
        legal = g.legal_actions()
        g.apply(bots[g.to_move].choose(g.view(g.to_move), legal))
    times = []
    for p in positions:
        times.append(cpu(lambda p=p: hint(p.clone())) * 1000)
    return statistics.median(times)


def _puzzle_times(themes: Sequence[str]) -> list[float]:
    from buraco_learn.errors import NotationError
    from buraco_learn.puzzles import LEVELS
    from buraco_learn.puzzles.generate import make_puzzle

    def make(theme: str, level: str) -> None:
        try:
            make_puzzle(theme, level, 0)
        except NotationError:  # no position of the theme in the hands tried: timed all the same
            pass

    return [cpu(lambda t=t, lv=lv: make(t, lv)) * 1000 for t in themes for lv in LEVELS]


def puzzles() -> float:
    """Generated puzzles (issue 23): the median ms of ``make_puzzle`` over every theme, at every
    level, seed 0 (3 puzzles a theme)."""
    from buraco_learn.puzzles.generate import THEMES

    return statistics.median(_puzzle_times(list(THEMES)))


def puzzles8() -> float:
    """:func:`puzzles` over the first eight themes only (the 24 puzzles measured before the
    strategy themes came): the same work as on an older tree."""
    from buraco_learn.puzzles.generate import THEMES

    return statistics.median(_puzzle_times(list(THEMES)[:8]))


def _coach_times() -> list[float]:
    """The coach's verdict times (ms), as ``bench_coach.py`` takes them, on a small sample: two
    seeded hands of strong bots (2 and 4 players), every third decision, the bot's move and a
    random legal move each judged once, the bots' plan memo cleared first."""
    from buraco_learn import bots
    from buraco_learn.bots import make_bot
    from buraco_learn.coach import judge

    times = []
    for seed in (0, 1):
        players = 2 if seed % 2 == 0 else 4
        g = Game.new(players, seed=seed, dealer=seed % players)
        seats = [make_bot("strong", seed * 10 + s) for s in range(players)]
        rng = random.Random(seed)
        k = 0
        while not g.is_over and k < 2000:
            legal = g.legal_actions()
            action = seats[g.to_move].choose(g.view(g.to_move), legal)
            if k % 3 == 0:
                for move in (action, rng.choice(legal)):
                    bots._PLANS.clear()
                    times.append(cpu(lambda p=g.clone(), m=move: judge(p, m)) * 1000)
            g.apply(action)
            k += 1
    return sorted(times)


def coach() -> float:
    """The coach's verdict, median ms (:func:`_coach_times`)."""
    return statistics.median(_coach_times())


def coach95() -> float:
    """The coach's verdict, p95 ms (:func:`_coach_times`)."""
    times = _coach_times()
    return times[min(len(times) - 1, int(0.95 * len(times)))]


def solver_position(seed: int, size: int) -> Game:
    """The dealt hand of the first player, grown to ``size`` cards with stock cards (as after
    taking a pile), with a meld of the side on the table half of the time (also used by
    ``bench_solver.py``)."""
    from buraco_learn.game import candidate_melds

    g = Game.new(2, seed=seed)
    rng = random.Random(seed)
    hand = list(g.hand(g.to_move)) + list(g.stock)[: size - 11]
    melds = "-"
    if rng.random() < 0.5:
        cands = [m for m in candidate_melds(list(g.pots[0])) if len(m) >= 3]
        if cands:
            melds = f"0={Meld.from_cards(rng.choice(cands))}"
    return Game.from_position(f"fibur 2p d1 t0 play | h: {format_cards(hand)} / - | m: {melds} | p: - | s: * "
                              "| pots: *11 / *11 | took: -")


def _solve_times(size: int, count: int) -> list[float]:
    from buraco_learn.solver import solve

    games = [solver_position((0 if size == 11 else 10_000) + s, size) for s in range(count)]
    return sorted(cpu(lambda g=g: solve(g)) * 1000 for g in games)


def solve11() -> float:
    return statistics.median(_solve_times(11, 120))


def solve30() -> float:
    times = _solve_times(30, 60)
    return times[min(len(times) - 1, int(0.95 * len(times)))]


def memory4() -> float:
    random_hand(1)  # warm every cache first
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    game = random_hand(3)
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert game.is_over
    return (after - before) / 1024


MEASURES: dict[str, Callable[[], float]] = {
    f.__name__: f for f in (hands4, greedy2, legal, from_cards, valid, hint08, solve11, solve30, memory4, puzzles,
                            puzzles8, coach, coach95)
}

if __name__ == "__main__":
    value = MEASURES[sys.argv[1]]()
    print(json.dumps({"value": value, "tree": buraco_learn.__file__}))
