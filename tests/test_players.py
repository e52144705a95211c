"""The Player protocol: what a computer player receives, what it returns, how a turn is played."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from buraco_learn import Action, Discard, Draw, Game, IllegalMove, PlayerView
from buraco_learn.players import Player, RandomPlayer, as_player, play_turn


def test_a_function_is_a_player() -> None:
    seen: list[tuple[int, int]] = []

    def first(view: PlayerView, legal: Sequence[Action]) -> Action:
        seen.append((view.seat, len(view.hand)))
        return legal[0]

    g = Game.new(2, seed=3, dealer=1)
    events = play_turn(g, first)
    assert isinstance(as_player(first), Player)
    assert events[0].action == Draw() and isinstance(events[-1].action, Discard)
    assert seen[0] == (0, 11) and g.to_move == 1


def test_the_view_hides_other_hands() -> None:
    views: list[PlayerView] = []

    def spy(view: PlayerView, legal: Sequence[Action]) -> Action:
        views.append(view)
        return legal[-1]

    g = Game.new(4, seed=3, dealer=3)
    play_turn(g, spy)
    assert all(not hasattr(v, "hands") for v in views)
    assert views[0].hand_sizes == (11, 11, 11, 11) and views[0].seat == 0


def test_random_player_is_reproducible() -> None:
    a, b = Game.new(3, seed=8), Game.new(3, seed=8)
    for _ in range(6):
        play_turn(a, RandomPlayer(seed=5 + a.to_move))
        play_turn(b, RandomPlayer(seed=5 + b.to_move))
    assert a.actions == b.actions
    a.check_invariants()


def test_TURN6_an_illegal_choice_raises_and_leaves_the_game_unchanged() -> None:
    g = Game.new(2, seed=3, dealer=1)
    before = g.position()
    with pytest.raises(IllegalMove, match=r"\(TURN-1\)"):
        play_turn(g, lambda view, legal: Discard(view.hand[0]))
    assert g.position() == before


def test_as_player_refuses_what_cannot_choose() -> None:
    with pytest.raises(TypeError, match="choose"):
        as_player("random")  # type: ignore[arg-type]
