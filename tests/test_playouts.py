"""Seeded random playouts: complete hands for 2, 3 and 4 players under every preset.

After every action: every card accounted for, none in two places (EQ-1), the phase and turn
consistent. Every few actions, a random illegal action is tried and must leave the position and
the history unchanged (TURN-6). At the end of each hand: the score equals its breakdown
(SCORE-4), the credits follow P3-2, and the position and the record round-trip.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from buraco_learn import (ALL_CARDS, BuracoError, Discard, Game, LayDown, LayOff, game_record, load_record,
                          make_deck)

CONFIGS = [(2, "fibur"), (3, "fibur"), (4, "fibur"), (2, "wikipedia-fr"), (4, "wikipedia-fr"),
           (3, "classic-fr"), (4, "classic-fr"), (2, "ramiroyal")]
HANDS_PER_CONFIG = 160  # 1,280 complete hands in all


def _junk_action(game: Game, rng: random.Random) -> object:
    """A random action, usually illegal: wrong phase, cards not held, bad melds, bad targets."""
    cards = rng.sample(ALL_CARDS, rng.randint(1, 4))
    kind = rng.randrange(5)
    if kind == 0:
        return Discard(cards[0])
    if kind == 1:
        return LayDown(tuple(cards))
    if kind == 2:
        return LayOff(rng.randrange(-1, len(game.table) + 2), tuple(cards[:2]))
    return rng.choice(["draw", "pile", "meld JK JK JK", "discard JK"])


def play_checked(players: int, rules: str, seed: int) -> Game:
    game = Game.new(players, rules=rules, seed=seed, dealer=seed % players)
    rng = random.Random(seed)
    deck = Counter(make_deck(game.rules.jokers))
    steps = 0
    while not game.is_over:
        acts = game.legal_actions()
        assert acts, f"no legal action in {game.position()}"
        if steps % 7 == 0:
            junk = _junk_action(game, rng)
            before, history = game.position(), game.history
            legal = game.can(junk)  # type: ignore[arg-type]
            try:
                game.apply(junk)  # type: ignore[arg-type]
            except BuracoError:
                assert not legal, f"can() said {junk!r} was legal, apply() refused it"
                assert game.position() == before and game.history == history
            else:
                assert legal, f"can() refused {junk!r}, apply() played it"  # a legal junk action happened
                steps += 1
                continue
        if game.phase == "play":
            others = [a for a in acts if not isinstance(a, Discard)]
            discards = [a for a in acts if isinstance(a, Discard)]
            action = rng.choice(others) if others and rng.random() < 0.6 else rng.choice(discards)
        else:
            action = rng.choice(acts)
        game.apply(action)
        steps += 1
        assert game.all_cards() == deck
        assert game.phase in ("draw", "play", "over")
        assert steps < 2000
    return game


@pytest.mark.parametrize("players, rules", CONFIGS)
def test_random_hands_keep_every_invariant(players: int, rules: str) -> None:
    endings: Counter[str] = Counter()
    for seed in range(HANDS_PER_CONFIG):
        game = play_checked(players, rules, seed)
        res = game.result()
        endings[res.reason] += 1
        for sc in res.scores:
            assert sc.total == sum(line.points for line in sc.lines)
            assert sc.total == sc.melded + sc.burraco_bonus + sc.closing + sc.in_hand + sc.pot_penalty
        for side, sc in zip(res.sides, res.scores):
            for seat in side:
                halved = players == 3 and len(side) == 2
                assert res.credits[seat] == (-(-sc.total // 2) if halved else sc.total)
        if seed % 10 == 0:
            assert Game.from_position(game.position()).position() == game.position()
            assert load_record(game_record(game)).position() == game.position()
    assert endings["closed"] > 0 and endings["stock"] > 0, endings
