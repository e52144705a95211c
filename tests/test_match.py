"""Matches (GAME-1, GAME-2) and the deal passing left each hand (DEAL-4)."""

from __future__ import annotations

import pytest

from buraco_learn import HandResult, IllegalMove, Match, RulesError


def result(*credits: int) -> HandResult:
    return HandResult("stock", None, (), (), tuple(credits))


def test_game_1_ends_after_the_hand_that_reaches_the_target() -> None:
    m = Match(players=4, seed=1)
    m.add_result(result(1500, 200, 1500, 200))
    assert not m.is_over and m.winner is None
    m.add_result(result(600, 100, 600, 100))
    assert m.totals == (2100, 300) and m.is_over and m.winner == (0, 2)
    with pytest.raises(IllegalMove, match="GAME-1"):
        m.add_result(result(0, 0, 0, 0))


def test_game_1_exact_tie_plays_another_hand() -> None:
    m = Match(players=2, seed=1)
    m.add_result(result(2100, 2100))
    assert not m.is_over
    m.add_result(result(50, -20))
    assert m.is_over and m.winner == (0,)


def test_game_1_preset_target() -> None:
    assert Match(players=4, rules="classic-fr").target == 2000
    assert Match(players=4).target == 2005


def test_game_2_tournament_four_hands_then_victory_points() -> None:
    m = Match(players=4, form="tournament", seed=2)
    for _ in range(3):
        m.add_result(result(300, 100, 300, 100))
        assert not m.is_over
    m.add_result(result(-100, 100, -100, 100))
    assert m.is_over and m.totals == (800, 400) and m.victory_points == (12, 8)


def test_game_2_not_for_three_players() -> None:
    with pytest.raises(RulesError, match="GAME-2"):
        Match(players=3, form="tournament")


def test_deal_4_dealer_moves_left_and_hands_are_seeded() -> None:
    m = Match(players=3, seed=7)
    g1 = m.next_hand()
    assert g1.dealer == 0 and g1.to_move == 1
    m.add_result(result(10, 20, 30))
    g2 = m.next_hand()
    assert g2.dealer == 1 and g2.to_move == 2
    again = Match(players=3, seed=7)
    assert again.next_hand().position() == g1.position()


def test_match_plays_real_hands_to_the_end() -> None:
    import random

    m = Match(players=2, seed=3, form="tournament", hands=2)
    rng = random.Random(3)
    while not m.is_over:
        g = m.next_hand()
        while not g.is_over:
            acts = g.legal_actions()
            g.apply(rng.choice(acts))
        m.add(g)
    assert len(m.results) == 2 and sum(m.victory_points) == 20
