"""A widget hands the engine values (issue 26): ``Game.apply`` of an action value reads no text
and works the play out once; a value equal to one ``legal_actions()`` listed is that action."""

from __future__ import annotations

import random

import pytest

from buraco_learn import Game, parse_cards
from buraco_learn import cards as cards_module
from buraco_learn import turn as turn_module
from buraco_learn.actions import Discard, LayDown, LayOff
from buraco_learn.errors import IllegalMove, NotationError


def _refuse_text(*args: object, **kwargs: object) -> None:
    raise AssertionError(f"text parsed on the value path: {args!r}")


def test_action_values_are_played_without_reading_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """TURN-2, TURN-3: a meld, a lay-off and a discard given as values (tuples of cards, as the
    table widget builds them) are played with no card notation parsed."""
    g = Game.from_position("fibur 2p d1 t0 play | h: 5H 6H 7H 8H 9C 9D / 4D 4S 4C | m: | p: 3C | s: * | pots: *11 / *11"
                           " | took: -")
    monkeypatch.setattr(cards_module, "parse_cards", _refuse_text)
    monkeypatch.setattr(turn_module, "parse_cards", _refuse_text)
    monkeypatch.setattr(turn_module, "parse_action", _refuse_text)
    h = {str(c): c for c in g.hand(0)}
    g.apply(LayDown((h["5H"], h["6H"], h["7H"])))
    g.apply(LayOff(0, (h["8H"],)))
    g.apply(Discard(h["9C"]))
    assert [str(a) for a in g.actions] == ["meld 5H 6H 7H", "layoff 0: 8H", "discard 9C"]
    assert [str(c) for c in g.table[0].meld.cards] == ["5H", "6H", "7H", "8H"]


def test_a_refused_value_still_names_the_rule_and_leaves_the_game_as_it_was() -> None:
    """TURN-6: a refused value changes nothing and says why, with the rule."""
    g = Game.from_position("fibur 2p d1 t0 play | h: 5H 6H 8H 9C / 4D | m: | p: 3C | s: * | pots: *11 / *11 | took: -")
    before = g.position()
    with pytest.raises(IllegalMove, match=r"RUN-"):
        g.apply(LayDown(tuple(parse_cards("5H 6H 8H"))))
    with pytest.raises(NotationError):
        g.apply(LayDown(("5H", 3)))  # type: ignore[arg-type]
    assert g.position() == before


@pytest.mark.parametrize("players", [2, 4])
def test_a_value_equal_to_a_listed_action_plays_as_that_action(players: int) -> None:
    """TURN-2: after legal_actions(), a fresh value equal to a listed action (what a click builds)
    gives the same events and the same game as the listed object itself, hand after hand."""
    for seed in range(3):
        a, b = Game.new(players, seed=seed), Game.new(players, seed=seed)
        rng = random.Random(seed)
        while not a.is_over:
            listed = a.legal_actions()
            b.legal_actions()
            act = rng.choice(listed)
            fresh = type(act)(*[getattr(act, f) for f in act.__dataclass_fields__])  # an equal, new value
            assert fresh is not act and fresh == act
            assert a.apply(act) == b.apply(fresh)
        assert a.position() == b.position() and a.history == b.history and a.result() == b.result()
