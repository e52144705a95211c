"""The engine's memos (issue 12) are keyed by everything their answer depends on: the legal
actions of a position are the same, in the same order, whether the memos are warm from other
hands or cleared (TURN-2, TURN-3, SET-4, CLOSE-3)."""

from __future__ import annotations

import random

import pytest

from buraco_learn import Game
from buraco_learn import game as game_module
from buraco_learn.cards import make_deck


def _clear() -> None:
    game_module._SET_GROUPS.clear()
    game_module._RUN_GROUPS.clear()
    game_module._LAY_OFF_MEMO.clear()
    game_module._CANDIDATES.clear()


def _positions(seed: int, players: int, rules: str) -> list[Game]:
    g = Game.new(players, rules=rules, seed=seed)
    rng = random.Random(seed)
    out = []
    while not g.is_over:
        out.append(g.clone())
        acts = g.legal_actions()
        plays = [a for a in acts if type(a).__name__ in ("LayDown", "LayOff")]
        g.apply(rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(acts))
    return out


@pytest.mark.parametrize("rules,players", [("fibur", 4), ("classic-fr", 3), ("wikipedia-fr", 2), ("ramiroyal", 2)])
def test_legal_actions_same_with_warm_or_cleared_memos(rules: str, players: int) -> None:
    """TURN-2: every position's legal actions, in order, do not depend on what the memos hold."""
    positions = [p for seed in range(3) for p in _positions(seed, players, rules)]
    warm = [[str(a) for a in p.clone().legal_actions()] for p in positions]
    cold = []
    for p in positions:
        _clear()
        cold.append([str(a) for a in p.clone().legal_actions()])
    assert warm == cold
    assert any(len(w) > 5 for w in warm)


def test_candidate_melds_same_with_warm_or_cleared_memos() -> None:
    """RUN-1, SET-1: the candidate melds of a hand, in order, are the same whatever hands came before
    (hands with repeated cards, several wilds and the suits' own 2s)."""
    rng = random.Random(5)
    deck = make_deck(4)
    hands = [rng.sample(deck, rng.randint(3, 18)) for _ in range(600)]
    warm = [game_module._candidate_results(h) for h in hands]
    for h, w in zip(hands, warm):
        _clear()
        assert [(e[0], e[1]) for e in game_module._candidate_results(h)] == [(e[0], e[1]) for e in w]
