"""The turn and close rules at their edges (TURN-1..6, CLOSE-1..4, POT-1, STOCK-1): each refusal
with its exact sentence and rule IDs, the state left as it was (TURN-6), and the presets' own
options (classic-fr plays on empty-handed, ramiroyal closes without a pot once none is left)."""

from __future__ import annotations

import pytest

from buraco_learn import Game, IllegalMove, parse_cards
from buraco_learn.i18n import language
from helpers import refusal, table

BURRACO = "0=3H 4H 5H 6H 7H 8H 9H"
DRAW = "fibur 4p d3 t0 draw"


@pytest.fixture(autouse=True)
def _english() -> object:
    with language("en"):
        yield


def test_turn_1_one_draw_per_turn_and_draw_first() -> None:
    """TURN-1: draw or take the pile once, at the start of the turn; play only after it."""
    g = table(["5H 6H 7H", "5C", "6C", "7C"], head=DRAW)
    assert refusal(g, "meld 5H 6H 7H") == (
        "South must draw first: take the top card of the stock or the whole discard pile (TURN-1)", ("TURN-1",))
    assert refusal(g, "discard 5H")[1] == ("TURN-1",)
    g.draw()
    assert refusal(g, "draw") == (
        "South has already drawn this turn: one draw per turn, then meld, lay off and discard (TURN-1)", ("TURN-1",))
    assert refusal(g, "pile") == ("South has already drawn this turn; the pile is taken instead of drawing, at the "
                                  "start of the turn (TURN-1)", ("TURN-1",))
    assert table(["5H 6H", "5C", "6C", "7C"], pile="-", head=DRAW).can_draw()
    assert refusal(table(["5H 6H", "5C", "6C", "7C"], pile="-", head=DRAW), "pile") == (
        "the discard pile is empty: draw from the stock (TURN-1)", ("TURN-1",))


def test_turn_4_an_empty_hand_does_not_take_a_pile_of_one() -> None:
    """TURN-4 (classic-fr, playing on with no cards): a pile of one card could not be discarded, so
    it is not taken; a pile of two is."""
    head = "classic-fr 4p d3 t0 draw"
    g = table(["", "5C", "6C", "7C"], pile="QD", head=head, melds=BURRACO, took="0", pots="*11")
    assert refusal(g, "pile") == ("with an empty hand, the pile's one card QD could not be discarded this turn "
                                  "(TURN-4), so the turn could not end: draw from the stock", ("TURN-4",))
    two = table(["", "5C", "6C", "7C"], pile="3S QD", head=head, melds=BURRACO, took="0", pots="*11")
    assert two.can_take_pile() and two.can_draw()


def test_close_1_the_hand_is_over() -> None:
    """CLOSE-1: after the closing discard no move is played."""
    g = table(["TH 9C", "5C", "6C", "7C"], melds=BURRACO, took="0", pots="*11")
    g.lay_off(0, "TH")
    g.discard("9C")
    assert g.is_over
    for action in ("draw", "pile", "discard 5C"):
        assert refusal(g, action) == ("the hand is over: no more moves (CLOSE-1, STOCK-1)", ("CLOSE-1", "STOCK-1"))


def test_turn_4_the_one_card_pile_taken_is_not_discarded_at_once() -> None:
    """TURN-4: the pile's one card is not discarded that turn, nor left as the first of two cards
    by a meld (unless an identical card was already held)."""
    g = table(["5H 6H 7H 8D", "5C", "6C", "7C"], pile="QD", head=DRAW)
    g.take_pile()
    assert refusal(g, "discard QD") == ("South may not discard QD: QD was the one card of the pile taken this turn "
                                        "and may not be discarded at once unless an identical card was already held "
                                        "(TURN-4)", ("TURN-4",))
    assert g.can("meld 5H 6H 7H") and g.can("discard 8D")
    held = table(["QD 5H", "5C", "6C", "7C"], pile="QD", head=DRAW)
    held.take_pile()
    assert held.can("discard QD")


@pytest.mark.parametrize("card, word", [("2C", "pinella"), ("JK", "joker")])
def test_close_2_no_closing_with_a_wild(card: str, word: str) -> None:
    """CLOSE-2: the closing discard is no wild (a joker, a 2, each named as it is)."""
    g = table([card, "5C", "6C", "7C"], melds=BURRACO, took="0", pots="*11", study=True)
    assert refusal(g, f"discard {card}") == (
        f"South may not discard {card}: the closing discard may not be a wild: {card} is a {word} (CLOSE-2)",
        ("CLOSE-2",))


def test_close_2_classic_fr_plays_on_after_a_wild_discard() -> None:
    """classic-fr: a side with its pot and a burraco may discard a wild as its last card and play on
    with no cards (no close: CLOSE-2)."""
    g = table(["2C", "5C", "6C", "7C"], melds=BURRACO, took="0", pots="*11", head="classic-fr 4p d3 t0 play")
    g.discard("2C")
    assert not g.is_over and g.hand(0) == () and g.to_move == 1


def test_close_4_no_close_without_a_burraco() -> None:
    """CLOSE-1, CLOSE-4: with its pot but no burraco the side keeps its last card; classic-fr plays
    on with an empty hand instead."""
    g = table(["9C", "5C", "6C", "7C"], took="0", pots="*11", study=True)
    assert refusal(g, "discard 9C") == ("South may not discard 9C: closing needs a burraco on the table (CLOSE-1); "
                                        "without one the last card must be kept (CLOSE-4)", ("CLOSE-1", "CLOSE-4"))
    classic = table(["9C", "5C", "6C", "7C"], took="0", pots="*11", head="classic-fr 4p d3 t0 play")
    classic.discard("9C")
    assert not classic.is_over and classic.hand(0) == ()


def test_pot_1_the_last_discard_takes_the_pot_while_one_is_left() -> None:
    """POT-1, TURN-5: without its pot a side's last discard takes one; with none left it is refused."""
    g = table(["9C", "5C", "6C", "7C"], took="1", pots="*11")
    g.discard("9C")
    assert len(g.hand(0)) == 11 and g.took_pot[0] and not g.is_over
    none_left = table(["9C", "5C", "6C", "7C"], took="1", pots="-", study=True)
    assert refusal(none_left, "discard 9C") == (
        "South may not discard 9C: no pot is left to take, so the last card must be kept (TURN-5, POT-1)",
        ("TURN-5", "POT-1"))
    assert none_left.can("discard 9C") is False


def test_close_1_ramiroyal_closes_without_a_pot_once_none_is_left() -> None:
    """ramiroyal: once no pot is left, a side with a burraco may close without one; fibur may not."""
    ramiroyal = table(["9C", "5C"], took="-", pots="-", melds=BURRACO, head="ramiroyal 2p d1 t0 play")
    ramiroyal.discard("9C")
    assert ramiroyal.is_over
    fibur = table(["9C", "5C"], took="-", pots="-", melds=BURRACO, head="fibur 2p d1 t0 play", study=True)
    assert refusal(fibur, "discard 9C")[1] == ("TURN-5", "POT-1")


def test_close_3_a_card_is_kept_to_discard() -> None:
    """CLOSE-3, CLOSE-4, TURN-5: a meld or lay-off may not empty the hand once the side has its
    pot, nor leave only a wild to close with, nor empty it with no pot left to take."""
    g = table(["TH JH", "5C", "6C", "7C"], melds=BURRACO, took="0", pots="*11")
    assert refusal(g, "layoff 0: TH JH") == (
        "laying off TH JH would empty the hand, but once the side has its pot a card must be kept to discard "
        "(CLOSE-3)", ("CLOSE-3",))
    wild = table(["TH 2C", "5C", "6C", "7C"], melds=BURRACO, took="0", pots="*11")
    assert refusal(wild, "layoff 0: TH") == (
        "laying off TH would leave 2C, and then the turn could not end: the closing discard may not be a wild: 2C is "
        "a pinella (CLOSE-2); with only a wild left he cannot close, so he must keep more (CLOSE-4)",
        ("CLOSE-2", "CLOSE-4"))
    meld = table(["5H 6H 7H", "5C", "6C", "7C"], pots="*11", took="0")
    assert refusal(meld, "meld 5H 6H 7H") == (
        "melding 5H 6H 7H would empty the hand, but once the side has its pot a card must be kept to discard "
        "(CLOSE-3)", ("CLOSE-3",))
    pot_ahead = table(["5H 6H 7H", "5C", "6C", "7C"], pots="*11", took="1")
    pot_ahead.meld("5H 6H 7H")  # POT-2: the hand emptied by play takes the pot on the fly
    assert len(pot_ahead.hand(0)) == 11 and pot_ahead.took_pot[0]
    assert "takes the pot on the fly (11 cards, POT-2)" in pot_ahead.history[-1].note


_REST = {  # (took, pots) -> rest -> refusal's sentence after "the play would ", or None
    ("0", "*11"): {
        "": "empty the hand, but once the side has its pot a card must be kept to discard (CLOSE-3)",
        "9C": None, "9C 8D": None,
        "JK": "leave JK, and then the turn could not end: the closing discard may not be a wild: JK is a joker "
              "(CLOSE-2); with only a wild left he cannot close, so he must keep more (CLOSE-4)",
        "2C": "leave 2C, and then the turn could not end: the closing discard may not be a wild: 2C is a pinella "
              "(CLOSE-2); with only a wild left he cannot close, so he must keep more (CLOSE-4)"},
    ("1", "-"): {
        "": "empty the hand with no pot left to take; keep a card to discard (TURN-5, POT-1)",
        "9C": "leave 9C, and then the turn could not end: no pot is left to take, so the last card must be kept "
              "(TURN-5, POT-1)",
        "9C 8D": None},
    ("1", "*11"): {"": None, "9C": None, "JK": None, "9C 8D": None},
}


@pytest.mark.parametrize("took, pots", list(_REST))
def test_close_3_check_rest_names_each_problem(took: str, pots: str) -> None:
    """CLOSE-2..4, TURN-5, POT-1: Game.check_rest, what planners ask before a play, refuses as a
    play would, and the private answers the legal lists read agree with it."""
    g = table(["9C 8D JK 2C", "5C", "6C", "7C"], melds=BURRACO, took=took, pots=pots)
    for rest, why in _REST[(took, pots)].items():
        cards = parse_cards(rest)
        if why is None:
            g.check_rest(cards)
        else:
            with pytest.raises(IllegalMove) as info:
                g.check_rest(cards)
            assert str(info.value) == f"the play would {why}"
        problem = g._rest_problem(list(cards), g.side_has_pot(0), g.side_has_burraco(0))
        assert (problem is None) is (why is None)
        assert g._rest_ok(list(cards), g.side_has_pot(0), g.side_has_burraco(0)) is (why is None)
        if len(cards) == 1:
            assert g._last_cards_ok(cards, g.side_has_pot(0), g.side_has_burraco(0)) == [why is None]


def test_close_3_check_rest_options() -> None:
    """check_rest: ``makes_burraco`` (the play itself completes one), ``doing`` (the play named in
    the refusal, cut to 200 characters)."""
    g = table(["9C 8D", "5C", "6C", "7C"], took="0", pots="*11")
    with pytest.raises(IllegalMove, match=r"^laying off 9C would leave 8D, .*\(CLOSE-4\)$"):
        g.check_rest(parse_cards("8D"), doing="laying off 9C")
    g.check_rest(parse_cards("8D"), makes_burraco=True)
    with pytest.raises(IllegalMove) as info:
        g.check_rest(parse_cards("8D"), doing="x" * 300)
    assert str(info.value).startswith("x" * 200 + " would leave 8D")
    with language("fr"):
        with pytest.raises(IllegalMove) as info:
            g.check_rest(parse_cards("8D"))
        assert not str(info.value).startswith("the play")
    assert g._last_cards_ok(parse_cards("8D 9C JK"), True, True) == [True, True, False]
    assert g._last_cards_ok(parse_cards("8D 9C"), True, False) == [False, False]
