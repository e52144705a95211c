"""Issue 23, a learner who had never played (reader23x): the hint's and the coach's words that said
something the position did not. Each test is a hand-built position that reproduces what the
learner saw: cards of the hand named as the pile's, "every other card" with no other card, "the
pile's cards would stay" while some go down, and "goes with" used for two different measures."""

from __future__ import annotations

from buraco_learn import Card, Game
from buraco_learn.coach import judge
from buraco_learn.hints import hint
from tests.helpers import two

C = Card.parse


# -- item c: only the pile's own copies are "from the pile" ---------------------------------------------
def test_a_meld_with_the_piles_one_q_and_the_hands_q_names_one_q_from_the_pile() -> None:
    """The learner's third hand, move 1: the pile was one Q♥, the hand held Q♥ Q♦; the hint said
    "meld Q♥ Q♥ Q♦ (Q♥ Q♥ from the pile)". The game has two decks: one Q♥ is the pile's."""
    g = two("QH QD 4C 7S 9D", pile="QH", phase="draw")
    text = str(hint(g))
    assert "meld Q♥ Q♥ Q♦ (Q♥ from the pile)" in text, text


def test_two_copies_both_in_the_pile_are_both_named() -> None:
    """Both copies come from the pile: both are named, once each."""
    g = two("QD 4C 7S 9D", pile="QH 5S QH", phase="draw")
    text = str(hint(g))
    assert "(Q♥ Q♥ from the pile)" in text, text


# -- item i: the words fit the position ------------------------------------------------------------------
def test_the_only_card_you_may_discard_is_not_said_to_beat_every_other() -> None:
    """H1 move 117, H2 move 48: "but every other card you may discard is taken too" when it was the
    learner's only card. Two copies of one card, North's run takes it: no other card to discard."""
    g = two("5C 5C", melds="1=6C 7C 8C", took="0")
    text = str(hint(g))
    assert "every other card" not in text, text
    assert "takes it (TURN-2), but you hold no other card you may discard" in text, text


def test_with_other_cards_taken_too_the_words_stay() -> None:
    g = two("5C 9C", melds="1=6C 7C 8C; 1=9S 9H 9D")
    text = str(hint(g))
    assert "but every other card you may discard is taken too" in text, text


def test_the_piles_cards_that_go_down_are_not_said_to_stay_in_hand() -> None:
    """H3 move 74: "the pile's 4 cards would stay in your hand" while the same message lays 7♣ and
    K♣ of them down. North may close (his pot, a burraco, one card): with the pile South lays off
    7♣ only, so 3 of the pile's 4 cards would stay."""
    g = two("4D 6H", melds="0=8C 9C TC; 1=3S 4S 5S 6S 7S 8S 9S", pile="7C 5H 9S KD", took="1", north="QH",
            phase="draw")
    text = str(hint(g))
    assert text.startswith("Draw from the stock"), text
    assert "3 of the pile's 4 cards would stay in your hand" in text, text
    assert "(7♣ from the pile)" in text, text
