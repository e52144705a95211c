"""Hints: what to draw, lay down and discard, in sentences that cite the rule deciding."""

from __future__ import annotations

from buraco_learn import Game
from buraco_learn.actions import Discard, Draw, LayDown, TakePile
from buraco_learn.hints import Hint, discard_advice, hint

POS = "fibur 2p d1 t0 {phase} | h: {hand} / - | m: {melds} | p: {pile} | s: * | pots: {pots} | took: {took}"


def game(hand: str, *, phase: str = "play", melds: str = "-", pile: str = "3C", took: bool = False) -> Game:
    return Game.from_position(POS.format(phase=phase, hand=hand, melds=melds, pile=pile,
                                         pots="*11" if took else "*11 / *11", took="0" if took else "-"))


def test_hint_takes_a_useful_pile_turn1() -> None:
    """TURN-1: the hint takes the pile when it lets the player lay down more, and says how much."""
    h = hint(game("5H 6H 9C 8D KS", phase="draw", pile="4C 7H"))
    assert h.action == TakePile() and "TURN-1" in h.rules and "15 points" in str(h)


def test_hint_draws_when_the_pile_is_useless_turn1() -> None:
    h = hint(game("5H 6H 9C 8D KS", phase="draw", pile="QD 4C"))
    assert h.action == Draw() and "adds nothing" in str(h)


def test_hint_lays_down_the_solvers_plan_eq2() -> None:
    """The hint lays down the most points (EQ-2) and names the burraco bonus (BUR-2)."""
    h = hint(game("3H 4H 5H 6H 7H 8H 9H KS KD"))
    assert isinstance(h.action, LayDown) and "clean burraco" in str(h) and "BUR-1..4" in str(h)
    assert h.plan is not None and h.plan.points == 45 + 200


def test_hint_names_the_pot_pot2() -> None:
    """POT-2: emptying the hand takes the pot on the fly, and the hint says so."""
    h = hint(game("5H 6H 7H"))
    assert "POT-2" in h.rules


def test_hint_keeps_two_cards_without_a_burraco_close4() -> None:
    """CLOSE-4: with the pot and no burraco, the hint explains why two cards are kept."""
    h = hint(game("5H 6H 7H 8H 9C", took=True))
    assert "CLOSE-4" in h.rules


def test_hint_closes_when_it_can_close1() -> None:
    """CLOSE-1, CLOSE-5: the hint closes, and the suggested cards include the closing discard."""
    h = hint(game("JH 4C", melds="0=3H 4H 5H 6H 7H 8H 9H TH", took=True))
    assert "CLOSE-1" in h.rules and "discard 4C" in str(h)


def test_hint_discards_safely_turn2() -> None:
    """TURN-2: the hint never suggests a discard an opponent meld would take when a safe one exists."""
    g = Game.from_position("fibur 2p d1 t0 play | h: 8H 4C / - | m: 1=5H 6H 7H | p: 3C | s: * "
                           "| pots: *11 / *11 | took: -")
    h = hint(g)
    assert h.action == Discard(g.hand(0)[1]) and "Do not discard 8H" in str(h)
    card, sentences = discard_advice(g)
    assert str(card) == "4C" and sentences


def test_hint_is_a_value() -> None:
    h = hint(game("5H 6H 7H 9C KS"))
    assert isinstance(h, Hint) and h.sentences and all(s.endswith(".") for s in h.sentences)
    assert set(h.cards) <= set(game("5H 6H 7H 9C KS").hand(0))


def test_hint_after_the_end() -> None:
    g = Game.new(2, seed=4)
    from buraco_learn.bots import GreedyBot, play_hand

    play_hand(g, [GreedyBot(), GreedyBot(1)])
    assert hint(g).action is None
