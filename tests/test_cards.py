"""Cards and notation (EQ-1, EQ-2, EQ-3): parsing, formatting, the deck, copies."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from buraco_learn import (ALL_CARDS, JOKER, Card, DeckError, NotationError, Rank, Suit, check_copies, format_cards,
                          get_rules, make_deck, parse_cards)


def test_every_card_round_trips_through_both_notations() -> None:
    assert len(ALL_CARDS) == 53
    for card in ALL_CARDS:
        assert Card.parse(str(card)) is card
        assert Card.parse(card.pretty) is card
        assert repr(card) == f"Card.parse({str(card)!r})"  # repr is the constructor call


@pytest.mark.parametrize("text, expected", [
    ("10H", "TH"), ("th", "TH"), ("10♥", "TH"), ("q♠", "QS"), ("Jk", "JK"), ("joker", "JK"), ("2c", "2C"),
    (" 5d ", "5D"), ("A♣", "AC"),
])
def test_accepted_spellings(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("bad", ["1H", "5X", "", "HH", "10", "JKK", "11H", "5H5"])
def test_bad_notation_quotes_the_token(bad: str) -> None:
    with pytest.raises(NotationError) as err:
        Card.parse(bad)
    assert repr(bad) in str(err.value)


def test_parse_cards_reports_the_bad_token_among_good_ones() -> None:
    with pytest.raises(NotationError, match="'6X'"):
        parse_cards("5H 6X 7H")
    assert parse_cards("5H,6H;JK") == [Card.parse("5H"), Card.parse("6H"), JOKER]
    assert format_cards(parse_cards("5H 6H JK")) == "5H 6H JK"


def test_annotation_is_not_a_plain_card() -> None:
    with pytest.raises(NotationError, match="Meld.parse"):
        Card.parse("2C(=5H)")


def test_eq1_deck_has_two_copies_and_four_jokers() -> None:
    """EQ-1: 108 cards, two of each, 4 jokers; ramiroyal has 2 jokers (106)."""
    deck = make_deck()
    assert len(deck) == 108
    counts = Counter(deck)
    assert counts[JOKER] == 4
    assert all(n == 2 for c, n in counts.items() if c is not JOKER)
    assert len(make_deck(get_rules("ramiroyal").jokers)) == 106


def test_eq1_copies_are_interchangeable_and_interned() -> None:
    a, b = Card.parse("5H"), Card(Rank.FIVE, Suit.HEARTS)
    assert a is b and a == b and hash(a) == hash(b)
    assert copy.copy(a) is a and copy.deepcopy([a])[0] is a


def test_eq1_third_copy_refused() -> None:
    with pytest.raises(DeckError, match=r"5H appears 3 times .* only 2 copies exist \(EQ-1\)"):
        check_copies(parse_cards("5H 5H 5H"))
    with pytest.raises(DeckError, match="JK appears 3 times"):
        check_copies(parse_cards("JK JK JK"), jokers=2)
    check_copies(parse_cards("JK JK JK JK 5H 5H"))


def test_eq2_card_points() -> None:
    """EQ-2: joker 30, any 2 20, ace 15, K..8 10, 7..3 5."""
    expected = {"JK": 30, "2S": 20, "AH": 15, "KD": 10, "QC": 10, "JS": 10, "TH": 10, "9D": 10, "8C": 10,
                "7S": 5, "6H": 5, "5D": 5, "4C": 5, "3S": 5}
    for text, pts in expected.items():
        assert Card.parse(text).points == pts, text


def test_eq3_jokers_and_twos_can_be_wild() -> None:
    assert JOKER.is_wild and JOKER.is_joker
    assert all(Card.of(Rank.TWO, s).is_wild for s in Suit)
    assert not any(Card.of(r, s).is_wild for r in Rank if r != Rank.TWO for s in Suit)
