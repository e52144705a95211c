"""The count of a hand (SCORE-1..4) where a changed rule would otherwise go unnoticed: melds
re-read under the count's rules (WILD-6, BUR-5), each default of :func:`score_side`, every line
of the breakdown with its label, the refusals, and victory points at each band's edge (GAME-2).

Custom rule sets give each bonus and penalty its own value, so a line that takes one for another
changes the total.
"""

from __future__ import annotations

import dataclasses

import pytest

from buraco_learn import (CLASSIC_FR, FIBUR, RAMIROYAL, WIKIPEDIA_FR, Meld, NotationError, parse_cards,
                          score_side)
from buraco_learn.i18n import language
from buraco_learn.scoring import ScoreLine, SideScore, hand_points, victory_points

#: Every bonus, penalty and card value apart from the others.
ODD = dataclasses.replace(FIBUR, name="odd", clean_bonus=201, semi_clean_bonus=152, dirty_bonus=103,
                          close_bonus=74, pot_penalty=65, natural_two_meld_points=7, low_ace_meld_points=3)

SET8 = "7H 7H 7D 7D 7S 7S 7C JK"  # a set of 8 with a wild: semi-clean under fibur, dirty under classic-fr


@pytest.fixture(autouse=True)
def _english() -> object:
    with language("en"):
        yield


def lines(score: SideScore) -> list[tuple[str, int, str]]:
    return [(ln.label, ln.points, ln.meld) for ln in score.lines]


# -- the count's rules ---------------------------------------------------------------------------

def test_score_1_melds_are_counted_under_the_counts_rules() -> None:
    """SCORE-1, EQ-2: a fibur meld counted under wikipedia-fr is worth what it is there (a low ace
    and a natural 2 count 5 each, not 15 and 20)."""
    fibur = Meld.from_cards("AH 2H 3H 4H")
    assert fibur.points == 15 + 20 + 5 + 5
    assert score_side([fibur]).melded == 45
    assert score_side([fibur], rules="wikipedia-fr").melded == 5 + 5 + 5 + 5
    assert score_side([fibur], rules=ODD).melded == 3 + 7 + 5 + 5
    wiki = Meld.from_cards("AH 2H 3H 4H", rules="wikipedia-fr")
    assert score_side([wiki]).melded == 20 and score_side([wiki], rules=FIBUR).melded == 45


def test_bur_5_the_kind_is_read_under_the_counts_rules() -> None:
    """BUR-3, BUR-5: a set of 8 with a wild laid under fibur is semi-clean there, dirty when the hand
    is counted under classic-fr (no semi-clean burraco); the line says which."""
    meld = Meld.from_cards(SET8)
    assert lines(score_side([meld])) == [("melded cards", 65, ""), ("semi-clean burraco", 150, str(meld))]
    assert lines(score_side([meld], rules="classic-fr")) == [("melded cards", 65, ""),
                                                           ("dirty burraco", 100, str(meld))]
    assert lines(score_side([meld], rules=ODD)) == [("melded cards", 65, ""), ("semi-clean burraco", 152, str(meld))]
    classic = Meld.from_cards(SET8, rules=CLASSIC_FR)
    assert score_side([classic]).burraco_bonus == 100 and score_side([classic], rules="fibur").burraco_bonus == 150


def test_score_1_the_layout_is_kept_when_re_read() -> None:
    """WILD-6: re-read under other rules, a meld keeps the layout it lies in (a 2 standing as a wild
    for 6H stays one), not the layout the cards would take if laid fresh."""
    wild = Meld.parse("3H 4H 5H 2H(=6H)", rules="wikipedia-fr")
    assert wild.points == 35 and Meld.from_cards("2H 3H 4H 5H").points == 20 + 5 + 5 + 5
    assert score_side([wild], rules="fibur").melded == 35
    assert score_side([wild], rules=ODD).melded == 35


def test_score_1_default_rules_are_the_first_melds() -> None:
    """SCORE-1: with no ``rules`` the count uses the first meld's rules, for every meld and for the
    pot penalty; with no meld, fibur's."""
    wiki, fibur = Meld.from_cards("AH 2H 3H 4H", rules="wikipedia-fr"), Meld.from_cards("AS 2S 3S")
    assert score_side([wiki, fibur]).melded == 20 + 15 == score_side([wiki, fibur], rules="wikipedia-fr").melded
    assert score_side([fibur, wiki]).melded == 40 + 45
    # wikipedia-fr's penalty applies even when no side took its pot; fibur's does not.
    assert score_side([wiki], took_pot=False, any_pot_taken=False).pot_penalty == -100
    assert score_side([fibur], took_pot=False, any_pot_taken=False).pot_penalty == 0
    # No meld: fibur, whose closing bonus needs no pot (ramiroyal's does).
    empty = score_side([], parse_cards("5C"), closed=True, took_pot=False, any_pot_taken=False)
    assert (empty.melded, empty.closing, empty.in_hand, empty.pot_penalty, empty.total) == (0, 100, -5, 0, 95)
    assert score_side([], closed=True, took_pot=False, rules=RAMIROYAL).closing == 0


def test_score_1_rules_by_name_or_value() -> None:
    """``rules`` may be a preset's name or alias, or a Rules value."""
    meld = Meld.from_cards("AH 2H 3H 4H")
    assert score_side([meld], rules="wiki").melded == score_side([meld], rules=WIKIPEDIA_FR).melded == 20
    with pytest.raises(Exception, match="unknown rule set 'bridge'"):
        score_side([meld], rules="bridge")


# -- the defaults and each line ------------------------------------------------------------------

def test_score_1_defaults_took_pot_and_some_pot_taken() -> None:
    """By default the side took its pot (no penalty) and did not close; ``took_pot=False`` alone
    means another side took one: the penalty applies (SCORE-1)."""
    meld = Meld.from_cards("5H 6H 7H")
    plain = score_side([meld])
    assert (plain.closing, plain.pot_penalty, plain.total) == (0, 0, 15)
    assert score_side([meld], took_pot=False).pot_penalty == -100
    assert score_side([meld], took_pot=False, rules=ODD).pot_penalty == -65
    assert score_side([meld], took_pot=False, any_pot_taken=False).pot_penalty == 0
    assert score_side([meld], took_pot=True, any_pot_taken=False, rules="wikipedia-fr").pot_penalty == 0


def test_score_1_every_line_with_its_label() -> None:
    """SCORE-4: the breakdown's lines in order, each with its label; the zero lines left out but the
    melded cards."""
    clean = Meld.from_cards("3H 4H 5H 6H 7H 8H 9H TH")
    dirty = Meld.from_cards("5C 6C JK 8C 9C TC JC")
    semi = Meld.from_cards(SET8)
    score = score_side([clean, dirty, semi], parse_cards("JK 7S AC"), closed=True, took_pot=False, rules=ODD)
    assert lines(score) == [
        ("melded cards", 55 + 80 + 65, ""),
        ("clean burraco", 201, str(clean)), ("dirty burraco", 103, str(dirty)), ("semi-clean burraco", 152, str(semi)),
        ("closing", 74, ""), ("cards in hand", -(30 + 5 + 15), ""), ("pot not taken", -65, "")]
    assert (score.melded, score.closing, score.in_hand, score.pot_penalty) == (200, 74, -50, -65)
    assert score.burracos == score.lines[1:4] and score.burraco_bonus == 201 + 103 + 152
    assert score.total == 200 + 456 + 74 - 50 - 65
    assert score.to_dict() == {"lines": [list(t) for t in lines(score)], "total": score.total}
    assert lines(score_side([])) == [("melded cards", 0, "")] and score_side([]).total == 0


def test_score_4_the_breakdown_as_text() -> None:
    """SCORE-4: one line per item, the points signed, the burraco's meld after it, then the total."""
    clean = Meld.from_cards("3H 4H 5H 6H 7H 8H 9H")
    score = score_side([clean], parse_cards("QD"), closed=True, took_pot=False)
    assert str(score) == ("melded cards        +45\n"
                          "clean burraco      +200  (3H 4H 5H 6H 7H 8H 9H)\n"
                          "closing            +100\n"
                          "cards in hand       -10\n"
                          "pot not taken      -100\n"
                          "total               235")
    assert str(ScoreLine("closing", 100)) == "closing            +100"
    with language("fr"):
        assert str(ScoreLine("closing", 100)).startswith("fermeture")


def test_score_1_closing_bonus_and_the_pot() -> None:
    """CLOSE-5: the closing bonus for a side that closed; under ramiroyal only with its pot taken."""
    meld = Meld.from_cards("5H 6H 7H")
    assert score_side([meld], closed=True).closing == 100
    assert score_side([meld], closed=True, took_pot=False).closing == 100
    assert score_side([meld], closed=True, rules=ODD).closing == 74
    ramiroyal = Meld.from_cards("5H 6H 7H", rules=RAMIROYAL)
    assert score_side([ramiroyal], closed=True, took_pot=True).closing == 100
    assert score_side([ramiroyal], closed=True, took_pot=False).closing == 0
    assert score_side([ramiroyal], closed=False, took_pot=True).closing == 0


def test_eq_2_hand_points() -> None:
    """EQ-2: the points of the cards left in a hand (a joker 30, a 2 20, an ace 15, ...)."""
    assert hand_points(parse_cards("JK 7S 7S")) == 40
    assert hand_points("2D AC KH 3S") == 20 + 15 + 10 + 5
    assert hand_points([]) == 0
    assert score_side([], "2D AC").in_hand == -35


# -- refusals ------------------------------------------------------------------------------------

@pytest.mark.parametrize("bad", ["5H 6H 7H", b"5H", 5, None])
def test_score_1_refuses_what_is_not_a_list_of_melds(bad: object) -> None:
    with pytest.raises(NotationError) as info:
        score_side(bad)  # type: ignore[arg-type]
    assert str(info.value) == f"score_side counts a list of Meld values, not {bad!r} (SCORE-1)"


def test_score_1_refuses_a_meld_that_is_not_a_meld() -> None:
    with pytest.raises(NotationError) as info:
        score_side([Meld.from_cards("5H 6H 7H"), "5C 6C 7C"])  # type: ignore[list-item]
    assert str(info.value) == "score_side counts Meld values (Meld.parse('5H 6H 7H')), not '5C 6C 7C' (SCORE-1)"


def test_score_1_counts_at_most_a_thousand_melds() -> None:
    """A count reads at most 1000 melds (a table holds far fewer): a longer list is cut, not read
    whole (a generator of melds too)."""
    meld = Meld.from_cards("5H 6H 7H")
    assert score_side([meld] * 1000).melded == 15_000
    assert score_side([meld] * 1001).melded == 15_000
    assert score_side(iter([meld] * 1001)).melded == 15_000


# -- GAME-2: victory points ----------------------------------------------------------------------

@pytest.mark.parametrize("difference, vp", [
    (0, (10, 10)), (100, (10, 10)), (105, (11, 9)), (300, (11, 9)), (305, (12, 8)), (500, (12, 8)),
    (505, (13, 7)), (700, (13, 7)), (705, (14, 6)), (900, (14, 6)), (905, (15, 5)), (1100, (15, 5)),
    (1105, (16, 4)), (1300, (16, 4)), (1305, (17, 3)), (1500, (17, 3)), (1505, (18, 2)), (1700, (18, 2)),
    (1705, (19, 1)), (2000, (19, 1)), (2005, (20, 0)), (100_000, (20, 0)),
])
def test_game_2_victory_points_at_each_band_edge(difference: int, vp: tuple[int, int]) -> None:
    """GAME-2: (winner, loser) victory points at both edges of each band, whatever the sign."""
    assert victory_points(difference) == vp == victory_points(-difference)


@pytest.mark.parametrize("bad", [True, 2.5, "100", None])
def test_game_2_victory_points_need_a_whole_number(bad: object) -> None:
    with pytest.raises(NotationError) as info:
        victory_points(bad)  # type: ignore[arg-type]
    assert str(info.value) == (f"victory points are read from a difference of match points, a whole number, not "
                               f"{bad!r} (GAME-2)")
